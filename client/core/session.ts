// One seeded combat revealed a piece at a time (Step Through Encounter), or all
// at once (Run Encounter). Pure: no `vscode` import, so unit tests drive it.
//
// Invariant: whatever the steps, the lines revealed so far are a prefix of the
// whole log (renderLog), and after `toEnd()` they are the whole log.

import type { BoardPicture, BoardView, EncounterInfo, FightSnapshot, FightWatch, SystemEngine } from '../../model/system.js';
import { MAX_LOG_LINES } from '../../engine/limits.js';

export type StepKind = 'turn' | 'round' | 'end';

export interface StepResult {
  /** Log lines revealed by this step (rendered events; silent events produce none). */
  lines: string[];
  /** The combat is over (no more steps). */
  done: boolean;
}

type Event = { type: string; round?: number; actor?: string };

/**
 * Steps are the system's own units (engine.steps): Halcyon Aces a turn and a round, Heart Rush a phase
 * and a round. `turn` below means the small unit.
 */
export class CombatSession {
  readonly encounter: EncounterInfo;
  readonly seed: number;
  /** The small step's name ("turn", "phase"). */
  readonly unit: string;
  private readonly events: Generator<{ type: string }, unknown>;
  /** The next event, pulled but not yet revealed. */
  private pending: Event | undefined;
  private finished = false;
  private outcomeValue: unknown;
  round = 0;
  /** Whose turn was revealed last (systems whose small step has an actor). */
  actor: string | undefined;
  /** Small steps revealed. */
  turns = 0;

  /** The battle map of a system that draws one, shown before each round and at the end (as `aces run` prints it). */
  private readonly board: BoardView | undefined;
  private boardClosed = false;
  /** The drawn board and the combatants' state, for the step-through view (fed every revealed event). */
  private readonly picture: BoardView | undefined;
  private readonly watcher: FightWatch | undefined;

  constructor(
    private readonly engine: SystemEngine,
    encounter: EncounterInfo,
    seed: number = encounter.seed,
    opts: { board?: boolean; view?: boolean } = {},
  ) {
    this.encounter = encounter;
    this.seed = seed;
    this.unit = engine.steps.small.label;
    this.events = engine.events(encounter, seed);
    this.board = opts.board && engine.boardByDefault ? engine.board?.(encounter) : undefined;
    this.picture = opts.view ? engine.board?.(encounter) : undefined;
    this.watcher = opts.view ? engine.watch?.(encounter) : undefined;
    this.pull();
  }

  get done(): boolean {
    return this.finished && this.pending === undefined;
  }

  /** The outcome in a few words ("heroes won"), once the combat is over. */
  get outcome(): string | undefined {
    return this.finished ? this.engine.outcomeText(this.outcomeValue, this.encounter) : undefined;
  }

  private isTurn(e: Event | undefined): boolean {
    return !!e && this.engine.steps.small.starts(e);
  }

  private isRound(e: Event | undefined): boolean {
    return !!e && this.engine.steps.large.starts(e);
  }

  private pull(): void {
    if (this.finished) { this.pending = undefined; return; }
    const r = this.events.next();
    if (r.done) {
      this.finished = true;
      this.pending = undefined;
      this.outcomeValue = r.value;
    } else this.pending = r.value as Event;
  }

  /** Reveals events while `more(next)` holds, always at least one event. */
  private reveal(stopBefore: (e: Event) => boolean): StepResult {
    const lines: string[] = [];
    let first = true;
    while (this.pending !== undefined && (first || !stopBefore(this.pending))) {
      const e = this.pending;
      first = false;
      if (this.isRound(e)) this.round = typeof e.round === 'number' ? e.round : this.round + 1;
      if (this.board && this.isRound(e)) lines.push(...this.board.lines());
      this.board?.apply(e);
      this.picture?.apply(e);
      this.watcher?.apply(e);
      if (this.isTurn(e)) { this.actor = e.actor; this.turns++; }
      const line = this.engine.render(e);
      if (line !== undefined) lines.push(line);
      this.pull();
    }
    if (this.board && this.done && !this.boardClosed) {
      this.boardClosed = true;
      lines.push(...this.board.lines());
    }
    return { lines, done: this.done };
  }

  /** The combatants now (a session opened with `view`, of a system that watches its fights). */
  snapshot(): FightSnapshot | undefined {
    return this.watcher?.snapshot();
  }

  /** The board now, drawn (a session opened with `view`, of a system whose board has a picture). */
  boardPicture(): BoardPicture | undefined {
    return this.picture?.picture?.();
  }

  /** Hover markdown on a combatant of the stepped fight (see FightWatch.inspect). */
  inspect(name: string): string | undefined {
    return this.watcher?.inspect?.(name);
  }

  /** True when only the closing event is left (the system's `steps.closes`): it goes with the last step. */
  private closing(): boolean {
    return this.pending !== undefined && this.engine.steps.closes(this.pending);
  }

  /** The set-up: everything before the first turn (combatants, initiative, round 1). */
  start(): StepResult {
    if (this.turns > 0) return { lines: [], done: this.done };
    const lines: string[] = [];
    while (this.pending !== undefined && !this.isTurn(this.pending)) lines.push(...this.reveal(() => true).lines);
    return { lines, done: this.done };
  }

  /** One turn: from the next turn-start up to (not including) the one after. Round boundaries stop it too. */
  nextTurn(): StepResult {
    if (this.done) return { lines: [], done: true };
    const skipToTurn = !this.isTurn(this.pending);
    const lines: string[] = [];
    if (skipToTurn) lines.push(...this.reveal((e) => this.isTurn(e)).lines);
    if (this.isTurn(this.pending)) lines.push(...this.reveal((e) => this.isTurn(e) || this.isRound(e) || e.type === 'round-end').lines);
    // the end of a round belongs to its last turn
    if (this.pending?.type === 'round-end') lines.push(...this.reveal((e) => e.type !== 'round-end').lines);
    if (this.closing()) lines.push(...this.toEnd().lines);
    return { lines, done: this.done };
  }

  /** The rest of the current round, or the whole next round when standing at a round's start. */
  nextRound(): StepResult {
    if (this.done) return { lines: [], done: true };
    const r = this.reveal((e) => this.isRound(e));
    if (this.closing()) r.lines.push(...this.toEnd().lines);
    return { lines: r.lines, done: this.done };
  }

  /** At most about `maxLines` more lines (whole events), for streaming a long log in pieces. */
  chunk(maxLines: number): StepResult {
    if (this.done) return { lines: [], done: true };
    const lines: string[] = [];
    while (this.pending !== undefined && lines.length < maxLines) lines.push(...this.reveal(() => true).lines);
    return { lines, done: this.done };
  }

  toEnd(): StepResult {
    if (this.done) return { lines: [], done: true };
    return this.reveal(() => false);
  }

  step(kind: StepKind): StepResult {
    return kind === 'turn' ? this.nextTurn() : kind === 'round' ? this.nextRound() : this.toEnd();
  }
}

/** The header of a run: enough to replay it exactly, from the editor or the CLI. */
export function runHeader(displayFile: string, encounter: EncounterInfo, seed: number, encounterCount = 1): string[] {
  const q = (s: string) => (/^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const lines = [
    `# ${displayFile} — encounter "${encounter.name}" — seed ${seed}`,
    `# replay: aces run ${q(displayFile)} --encounter ${q(encounter.name)} --seed ${seed}`,
  ];
  if (encounterCount > 1) lines.push(`# (${encounterCount} encounters in this file)`);
  return lines;
}

/**
 * Run Encounter's log, streamed: pieces of `chunkLines` lines written one by one, yielding to the event
 * loop in between (the extension host keeps serving the editor), stopping at `maxLines` with a line that
 * says so, or when `cancelled()` turns true (a newer run took the channel).
 */
export async function streamRun(
  s: CombatSession,
  write: (lines: string[]) => void,
  opts: { maxLines?: number; chunkLines?: number; cancelled?: () => boolean; yieldNow?: () => Promise<void> } = {},
): Promise<'done' | 'limit' | 'cancelled'> {
  const max = opts.maxLines ?? MAX_LOG_LINES;
  const chunk = opts.chunkLines ?? 2000;
  const yieldNow = opts.yieldNow ?? (() => new Promise<void>((r) => setImmediate(r)));
  let written = 0;
  while (!s.done) {
    if (opts.cancelled?.()) return 'cancelled';
    const r = s.chunk(Math.min(chunk, max - written));
    write(r.lines);
    written += r.lines.length;
    if (written >= max && !s.done) {
      write([`# log stopped at ${max.toLocaleString('en-US')} lines (the limit of one log); use Preview Odds for many combats, or lower \`rounds\`.`]);
      return 'limit';
    }
    if (!s.done) await yieldNow();
  }
  return 'done';
}
