// The rule-system seam: what a game provides so that the one language, the
// checker's workspace, the language server, the CLI and the client can speak
// it. Types only, and it names no game. The registry (systems/index.ts) is the
// one place that lists the systems; shared layers receive it as a parameter
// (Langium's ServiceRegistry), so model/ never imports systems/.
//
// Granularity: the seam is crossed once per request, per encounter or per
// Monte Carlo chunk, never per draw, action or event (ARCHITECTURE.md).

import type { Range, Term } from '../grammar/ast.js';
import type { Diagnostic } from './diagnostics.js';
import type { RawBlock, ReadFile } from './read.js';
import type { AttributeSpec, SystemSchema } from './schema.js';
import type { CounterSpec, MonteCarloResult, Tally, TallyShape } from '../engine/tally.js';

/** Names visible from one file: its own definitions and those of the files it uses. */
export interface Scope {
  lookup(kind: string, name: string): RawBlock | undefined;
  names(kind: string): string[];
}

/** What every system's encounter shows the shells (the system's own encounter type extends it). */
export interface EncounterInfo {
  name: string;
  seed: number;
  /** Round cap. */
  rounds: number;
  /** Side names in declaration order. */
  sides: string[];
  combatants: readonly { id: string; side: string }[];
  /** The encounter's name in its file. */
  range?: Range;
  file?: string;
}

/** An encounter as a checker hands it to its engine: what every shell shows, and the system's own plain encounter (E) its simulator runs. */
export interface EncounterOf<E> extends EncounterInfo {
  encounter: E;
}

/** A system's checked model: all a shell may know of it, whatever the system. */
export interface SystemModel {
  readonly encounters: readonly EncounterInfo[];
  /**
   * Names on a side's lines the reader took for placements that the system reads as something else (Arcana's
   * group label, `Cultist x4 group "The Circle"`): the editor makes no reference, outline entry or hover of a
   * character of them.
   */
  readonly labels?: readonly { readonly file: string; readonly range: Range }[];
}

/** One file of a system, read against its schema. */
export interface SystemFile {
  path: string;
  read: ReadFile;
}

export interface CheckContext {
  /** The files of this system, in load order. */
  files: readonly SystemFile[];
  scopeOf(path: string): Scope;
  diagnostics: Diagnostic[];
  display(path: string): string;
}

export interface RuleSystem<M extends SystemModel = SystemModel> {
  /** `system heart-rush`. */
  readonly id: string;
  /** "Heart Rush". */
  readonly name: string;
  /** One line for the hover on `system` and `aces systems`. */
  readonly summary: string;
  /** Its diagnostic codes: the ids of its rules spec, with the system's own prefix. */
  readonly ruleIds: RegExp;
  /** Rule id → one plain sentence: hovers on diagnostics and `aces explain`. */
  readonly ruleText: Readonly<Record<string, string>>;
  readonly schema: SystemSchema;
  /** The checker: defaults, derived values, rule diagnostics. Reads RawBlocks, never text. */
  check(ctx: CheckContext): M;
  /** The simulator and its odds, loaded only when a fight is run (activation and workers load what they use). */
  loadEngine(): Promise<SystemEngine>;
  /** What the system adds to the editor beyond its schema's docs (plain data: markdown, no LSP types). */
  readonly editor?: EditorContributions;
  /**
   * What the verdict counts as a player character lost to the fight (issue 34 item 4): the engine's chance
   * counters of being taken out (Broken, unconscious or dead, OUT, Taken Out; each at most once a combat, none
   * together), in a few words. Default: the engine's `verdict.counter`.
   */
  readonly takenOut?: { counters: readonly string[]; meaning: string };
  /**
   * Mean rounds above which this game's fight is called a grind beside its verdict (docs/BALANCE.md): about twice
   * an ordinary fight of the game, whose rounds are longer or shorter than another's. Default GRIND_ROUNDS (8).
   */
  readonly grindRounds?: number;
}

/**
 * A read-only view of the workspace for a system's editor contributions: the files that speak this system
 * and the model of the check that last covered each (the server re-checks incrementally, so two files may
 * hold models of different checks). Langium's WorkspaceCache and IndexManager, in our terms.
 */
export interface WorkspaceView {
  /** Every checked file of this system, in the workspace's order, with its model (a hover may list a character's encounters across files). */
  files(): readonly { file: string; model: SystemModel }[];
  /** The model that covers `file` (undefined: no checked file of this system). */
  modelOf(file: string): SystemModel | undefined;
  /** Data derived from the files (who appears where), built once and kept until any file is re-checked. */
  cached<T>(key: string, build: () => T): T;
}

/** A reference under the cursor: a name an attribute, `extends` or a placement gives. */
export interface ReferenceAt {
  /** The block kind it names and the name. */
  kind: string;
  name: string;
  /** What holds it: the attribute (`wields`), `extends`, `placement`, or `placement-KEY` (`placement-at`). */
  role: string;
  /** Index among the names its attribute gives in the holder (`wields Main Offhand`: 0, 1). */
  index?: number;
  /** The file it is written in, and where. */
  file: string;
  range: Range;
  /** The block that holds it (a character, a zone, a side). */
  holder: { kind: string; name: string; file: string };
  /** The encounter it sits in: its name and the range of that name. */
  encounter?: { name: string; range: Range };
}

/** A hover on a name the file defines or refers to. */
export interface HoverQuery {
  /** The system's checked model (from the check that covered the file). */
  model: SystemModel;
  /** Block kind of the definition (`character`, `weapon`…), its name and the file that defines it. */
  kind: string;
  name: string;
  file: string;
  /** The encounter the reference sits in, when it is a placement. */
  encounter?: string;
  /** The definition's name in its file. */
  range: Range;
  /** The encounter that holds the definition (a zone, a side, a deck local to it): its name and the range of that name. */
  within?: { name: string; range: Range };
  /** The reference the cursor is on, when it is not on the definition itself. */
  ref?: ReferenceAt;
  workspace: WorkspaceView;
}

/** A hover on a reference that no visible definition answers: a built-in name (Halcyon Aces's `Unarmed`) or a typo. */
export interface UnknownNameQuery {
  model?: SystemModel;
  ref: ReferenceAt;
  workspace: WorkspaceView;
}

/** A hover on a term that is no name: a keyword, an attribute's value, a card literal. */
export interface TermHoverQuery {
  /** The model covering the file (absent when the file could not be read against a schema). */
  model?: SystemModel;
  file: string;
  term: Term;
  /** The block kind the statement sits in (`file` at the top level) and that block's name. */
  context: string;
  holder?: string;
  /** The attribute of which the term is the key (`role: 'key'`) or an argument (`role: 'arg'`). */
  attr?: { spec: AttributeSpec; role: 'key' | 'arg' };
  /** What the shell shows without the system (the schema's docs); undefined: nothing. */
  doc?: string;
  workspace: WorkspaceView;
}

/** How a completion item is drawn (its icon): the shell maps these to the editor's kinds. */
export type CompletionKind =
  'keyword' | 'property' | 'enum-member' | 'class' | 'function' | 'variable' | 'module' | 'constant' | 'struct';

/** A value the system offers at the cursor. */
export interface CompletionValue {
  label: string;
  kind: CompletionKind;
  /** One line beside the label. */
  detail?: string;
  /** Markdown shown for the selected item. */
  doc?: string;
  /** The text inserted (default: the label). */
  insert?: string;
  /** Sorting key (default: the label). */
  sortText?: string;
}

/** Completion of an attribute's value: the attribute, how many of its arguments are written, and what is visible. */
export interface CompletionQuery {
  model?: SystemModel;
  file: string;
  /**
   * The block kind the statement sits in, and the name of that block (to leave itself out of its own lists); for a
   * placement key's argument (`at …` in a side), `placement` and the encounter's name.
   */
  context: string;
  self?: string;
  attr: AttributeSpec;
  /** Arguments of the attribute written before the cursor. */
  argCount: number;
  /** Definitions of a kind visible from the file (its own first, then through `use`), and where each is, as the editor says it. */
  visible(kind: string): { name: string; file: string; where: string }[];
  /** Names of blocks of a kind declared in the enclosing encounter (its zones). */
  local(kind: string): string[];
  /** A name as it must be written to read back as that name (quoted when needed). */
  formatName(name: string): string;
  workspace: WorkspaceView;
}

/** A diagnostic of the system's own to offer quick fixes for, and what surrounds it. */
export interface FixQuery {
  model?: SystemModel;
  file: string;
  /** The file's text, and one of its lines without the line break. */
  text: string;
  lineText(line: number): string;
  diagnostic: Diagnostic;
  /** References written inside the diagnostic's range. */
  refs: ReferenceAt[];
  /** The definition whose name the diagnostic starts at, with the attributes it writes. */
  definition?: { kind: string; name: string; range: Range; attrs: string[] };
  /**
   * The innermost block the diagnostic sits in (a weapon, a character, a side…): its whole range and each
   * attribute it writes, with the key's range and the whole attribute's, so a fix edits the parsed text
   * instead of scanning for words.
   */
  block?: { kind: string; name: string; range: Range; attrs: { name: string; keyRange: Range; range: Range }[] };
  /** A name as it must be written to read back as that name (quoted when needed). */
  formatName(name: string): string;
  workspace: WorkspaceView;
}

/**
 * An edit a quick fix makes, in plain positions the shell lays out: replace a range (insert when empty);
 * add a line at the end of the block whose name starts at `block` (an offset), or after its last statement
 * of kind `after` when it has one, in the block's own layout; insert text right after the last term of the
 * statement at `statement` (an offset).
 */
export type FixEdit =
  | { range: Range; text: string }
  | { block: number; line: string; after?: string }
  | { statement: number; text: string };

/** A quick fix: plain edits of the diagnostic's file, keyed by the diagnostic's `code` or `fix` id, never its message. */
export interface FixData {
  title: string;
  /** The one fix an editor may apply unasked. */
  preferred?: boolean;
  edits: FixEdit[];
}

/** Langium's providers / json-languageservice's contributions, in our terms: plain data, no LSP types. */
export interface EditorContributions {
  /**
   * Markdown for a definition or a reference: derived numbers, exact odds. Undefined: the schema's doc only;
   * '' : nothing at all.
   */
  hover?(q: HoverQuery): string | undefined;
  /** Markdown for a reference that names nothing visible; undefined: the shell's "No X named … is visible here". */
  hoverUnknown?(q: UnknownNameQuery): string | undefined;
  /** Markdown for a term that is no name (a card, a stat word), replacing the shell's doc; undefined: the shell's doc. */
  hoverTerm?(q: TermHoverQuery): string | undefined;
  /** The values to offer for an attribute the schema gives no `values` for; undefined: the names it refers to (its `ref`). */
  completionValues?(q: CompletionQuery): CompletionValue[] | undefined;
  /** A few words on a definition beside its name in completion lists (`Vitality 10, Guard 7, Dagger`). */
  describe?(q: { kind: string; name: string; file: string; workspace: WorkspaceView }): string | undefined;
  /**
   * The block a quick fix writes at the end of the file for a name that no definition declares
   * (`unknown-name`), by block kind; `name` comes already written as a name (quoted when needed).
   */
  stubs?: Readonly<Record<string, (name: string) => string>>;
  /** Quick fixes for a diagnostic of the file (after the shell's did-you-mean replacements). */
  fixes?(q: FixQuery): FixData[];
  /**
   * Whether the system's own fixes use this diagnostic's `suggestions` (a value, a zone to start in) rather
   * than as names to replace the diagnostic's text with: the shell then offers no did-you-mean for them.
   */
  ownsSuggestions?(d: Diagnostic): boolean;
  /** Derived numbers shown inline in a file (`speed 50 ft`), at positions of that file. */
  inlayHints?(q: { model: SystemModel; file: string; blocks: readonly RawBlock[] }): InlayHintData[];
}

export interface InlayHintData {
  /** Where the hint goes: the end of this range (a name, an attribute). */
  at: Range;
  label: string;
  /** Markdown: how the number was derived, with its rule id. */
  tooltip: string;
}

/** A picture of the fight kept up to date from its events (fed every event in order). */
export interface BoardView {
  apply(e: { type: string }): void;
  /** The board now, as text lines (a map and its key). */
  lines(): string[];
  /** The board now as data, for a drawn (SVG) battle map: the step-through view. */
  picture?(): BoardPicture;
}

/** A combatant's token on a drawn board. `side` indexes the encounter's sides (colour); `out`: defeated/fled. */
export interface BoardToken {
  name: string;
  /** One to three letters drawn on the token. */
  initials: string;
  side: number;
  out: boolean;
  /** Out and gone from the board (the tactical grid's dead NPC, TG-D2/TG-D3): listed, not drawn on a square. */
  offMap?: boolean;
  /** A short line under the name in the token's tooltip: "stress 3/6", "Vitality 12/20". */
  note?: string;
}

/** An arrow of the last step: a move or an attack, between squares/hexes ([x, y]) or zones (their names). */
export interface BoardArrow<P> {
  kind: 'move' | 'attack';
  from: P;
  to: P;
  /** Who did it (the token's name). */
  by: string;
  /** Whom an attack aimed at (the token's name), so a map of zones can point at the token, not only its zone. */
  target?: string;
}

/**
 * A drawn board, system-neutral: a grid of squares or hexes (the tactical grid game; Heart Rush's 5-ft
 * squares) or a graph of zones (Halcyon Aces). Coordinates are 0-based columns (x) and rows (y); hexes are
 * "odd-r" offset rows unless a system documents otherwise.
 */
export type BoardPicture =
  | {
      kind: 'grid';
      shape: 'square' | 'hex';
      width: number;
      height: number;
      /** Squares that are not plain floor: a terrain word ("obstacle", "difficult", "cover", "hazard"…). */
      terrain: { x: number; y: number; kind: string }[];
      /** Facing in degrees clockwise from north (0 = up), when the system has facing. */
      tokens: (BoardToken & { x: number; y: number; facing?: number })[];
      arrows: BoardArrow<[number, number]>[];
    }
  | {
      kind: 'zones';
      zones: { name: string; note?: string }[];
      /** Adjacency (both ways) and one-way drops (`oneWay`: from → to only, `height` in feet). */
      edges: { from: string; to: string; oneWay?: boolean; height?: number }[];
      tokens: (BoardToken & { zone: string })[];
      arrows: BoardArrow<string>[];
    };

/** One combatant as a stepped fight shows it (issue 14 item 6): the state view beside the log. */
export interface CombatantState {
  name: string;
  side: string;
  /** Where: "C4 facing NE", "zone Loft", "(3, 4)"; absent when the system has no positions. */
  where?: string;
  /**
   * The system's resources: Vitality 12/20, stress 3/6, HP 7/10 (max when known); within 0..max unless
   * `signed` (Heart Rush's HP goes below 0: HR-H2).
   */
  meters: { label: string; value: number; max?: number; signed?: boolean }[];
  /** Broken, prone, hidden… in the system's words. */
  statuses: string[];
  /** What else a GM looks at, one short line each: a hand of cards, a stance, pools. */
  details: string[];
  /** Out of the fight (defeated, dead, taken out, fled). */
  out: boolean;
}

/** What a stepped fight looks like now. */
export interface FightSnapshot {
  round: number;
  combatants: CombatantState[];
}

/** The state of a stepped fight kept up to date from its events (fed every event in order). */
export interface FightWatch {
  apply(e: { type: string }): void;
  snapshot(): FightSnapshot;
  /**
   * Markdown for a hover on a combatant's name while its fight is stepped (Arcana: the hand and the exact
   * chance the next attack hits with and without a cheat); undefined: nothing beyond the snapshot.
   */
  inspect?(name: string): string | undefined;
}

/** An exact-odds report of one encounter: lines for a terminal, data for `--json`. */
export interface ExactReport {
  title: string;
  lines: string[];
  /** What the figures assume, shown dimmed under them. */
  notes?: string[];
  json: unknown;
  /** Another flag that asks for this report (`--strikes` for Halcyon Aces's Strike table). */
  alias?: string;
}

/** A unit to step a fight by: a turn, a phase, a round. */
export interface StepUnit {
  /** "turn", "phase", "round": for prompts and buttons ("Next Turn"). */
  label: string;
  /** Whether this event begins one (the step-through pauses before it). */
  starts(e: { type: string }): boolean;
}

/** A kind of notable event to step to: `label` names it in a quick pick and `aces run --step`'s help ("Broken"). */
export interface StepMark {
  label: string;
  is(e: { type: string }): boolean;
}

/** The Monte Carlo fast path of one encounter on one thread: built once, then run chunk after chunk. */
export interface FastPath {
  shape: TallyShape;
  /** Combats [from, to) of a batch seeded `seed` (combat i is the single combat seeded combatSeed(seed, i)), added into `t`. */
  run(seed: number, from: number, to: number, t: Tally): void;
  /**
   * Roughly what one combat of this encounter costs once the engine is warm, in microseconds of CPU (a figure from
   * the encounter's size, not a measurement). The pool runs a system's first job of a process on one worker when
   * that job is small (engine/pool.ts, threadsFor); without it the job gets every thread asked for.
   */
  costUs?: number;
}

// ── Decisions apart from rules (issue 32) ─────────────────────────────────────────────────────────────────
// boardgame.io's shape: the engine enumerates the legal moves at each decision point and applies the one chosen;
// a policy (systems/<id>/engine/policy/…) reads the fight and chooses, and never mutates rule state. A probe or a
// test may override any choice through a DecisionControl, and continue the fight on fresh randomness so that every
// option tried at one point meets the same continuation (paired rollouts: balance/regret.ts).

/** One decision a combatant makes in a fight, as the engine offers it to its policy. */
export interface DecisionPoint {
  /** The deciding combatant: its index in EncounterInfo.combatants. */
  readonly actor: number;
  /** What is decided, in the system's words: 'action', 'target', 'move', 'stance', 'cheat', 'tag', 'reaction'… */
  readonly kind: string;
  /** The round it is taken in (1-based). */
  readonly round: number;
  /** The legal options, each a few words a GM reads ("Strike Goblin 2", "Active Guard", "stance might"). */
  readonly options: readonly string[];
  /** The option the combatant's policy takes (an index into `options`). */
  readonly chosen: number;
  /** The GM's priority rule that decided (issue 33), in words ("rule 1: self vitality below 30%"); else absent. */
  readonly rule?: string;
}

/**
 * What a control answers at a decision point: `option` to take instead of the policy's (undefined: the policy's),
 * and `reseed` to draw every random number after this decision from streams seeded by it (the engine's own
 * derivation, the same for every option), so two fights overridden at one point with one reseed share their
 * continuation's randomness.
 */
export interface DecisionOverride {
  readonly option?: number;
  readonly reseed?: number;
}

export interface DecisionControl {
  /**
   * Called at every decision point with two or more legal options, in the order the fight meets them (`index` 0,
   * 1, …: the same fight meets the same points in the same order). Undefined: the policy's choice, same randomness.
   */
  decide(point: DecisionPoint, index: number): DecisionOverride | undefined;
}

/** One fight played to its end: the winning side's index in EncounterInfo.sides, or -1 when no side won. */
export interface PlayedFight {
  readonly winner: number;
  /** Rounds fought. */
  readonly rounds: number;
}

export interface SystemEngine<E extends EncounterInfo = EncounterInfo> {
  /**
   * One seeded combat as typed events (lazily; step-through and `aces run`), returning its outcome: the system's own
   * object, carrying `rounds` (the rounds fought), which `outcomeText` writes as "<side> won" when a side won. The
   * contract suite reads an outcome that way to hold `play` to it (test/systems/engine-contract.ts, `eventsEnd`).
   */
  events(enc: E, seed: number): Generator<{ type: string }, unknown>;
  /** The log line of an event (undefined: the event has no line); same events, same bytes. */
  render(e: { type: string }): string | undefined;
  /**
   * Stepping units: small (Halcyon Aces turn, Heart Rush phase) and large (round); `closes`: the event that
   * ends the combat (the step-through reveals it with the step before it, not as a step of its own).
   */
  readonly steps: {
    small: StepUnit;
    large: StepUnit;
    closes(e: { type: string }): boolean;
    /**
     * Notable events a GM may run to while stepping (issue 14 item 6: "next Broken", "next crit", "next cheat"),
     * in the system's words; the step-through stops just after the next event `is` accepts.
     */
    marks?: readonly StepMark[];
  };
  /** Per-combatant counters of the odds, in column order. */
  readonly counters: readonly CounterSpec[];
  fastPath(enc: E): FastPath;
  /** Encounters cross to worker threads as plain JSON-safe data. */
  toWire(enc: E): unknown;
  fromWire(wire: unknown): E;
  /** Lines explaining the counters under an odds table (what Broken means…), given a result. */
  oddsNotes?(r: MonteCarloResult): string[];
  /**
   * The outcome `events` returned, in a few words for a status bar: "heroes won", "stalemate". A side's victory is
   * always `${side} won` with the side's name as EncounterInfo.sides spells it (what `play`'s winner is mapped by).
   */
  outcomeText(outcome: unknown, enc: E): string;
  /**
   * What a GM's verdict reads (issue 14): which combatants are player characters, and the chance counter that
   * means "defeated" in this system (Halcyon Aces: Defeated; Heart Rush: dead…), described in a few words.
   */
  verdict?: { counter: string; meaning: string; players(enc: E): number[] };
  /** The state of every combatant as the fight is stepped (the step-through view, `aces run --step`). */
  watch?(enc: E): FightWatch;
  /** A board drawn from the events (systems with positions): `aces run` prints it between rounds. */
  board?(enc: E): BoardView;
  /** Whether `aces run` and Run show the board unless asked not to (a grid game: yes; a zone list: on request). */
  readonly boardByDefault?: boolean;
  /** The exact odds of single exchanges in this encounter (`aces odds --exact`), no sampling. */
  exactReport?(enc: E): ExactReport;
  /** What "stalemate" covers in this system, shown beside it: "round cap 50, or no one can reach an enemy". */
  stalemateNote?(r: MonteCarloResult): string;
  /**
   * One seeded fight without events, its decisions offered to `control` (issue 32). With no control, or one that
   * never overrides, it is the fight `events(enc, seed)` logs: the same winner and rounds (the contract suite).
   */
  play?(enc: E, seed: number, control?: DecisionControl): PlayedFight;
}

/** The systems a shell knows, and the one a file without `system` speaks. */
export interface SystemRegistry {
  readonly systems: readonly RuleSystem[];
  readonly fallback: RuleSystem;
  byId(id: string): RuleSystem | undefined;
}
