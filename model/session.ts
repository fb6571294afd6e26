// One seeded combat revealed a piece at a time over the engine seam: `aces run
// --step` (cli/run-step.ts), and the reference the language server's recorded
// fights (server/service/fight.ts, walked by client/core/recorded.ts) are
// tested against.
//
// Invariant: whatever the steps, the lines revealed so far are a prefix of the
// whole log (renderLog), and after `toEnd()` they are the whole log.

import type { BoardPicture, BoardView, EncounterInfo, FightSnapshot, FightWatch, SystemEngine } from './system.js';

export type StepKind = 'turn' | 'round' | 'end';

export interface StepResult {
  /** Log lines revealed by this step (rendered events; silent events produce none). */
  lines: string[];
  /** The combat is over (no more steps). */
  done: boolean;
  /**
   * The step went back (step back, jump to an earlier round): `lines` is then the whole log up to the new
   * position, to show in place of what was shown (a re-run from the seed: the same lines as before).
   */
  rewound?: boolean;
  /** Run to a mark: false when no such event is left (the fight did not move). */
  found?: boolean;
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
  private events: Generator<{ type: string }, unknown>;
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
  private board: BoardView | undefined;
  private boardClosed = false;
  /** The drawn board and the combatants' state, for the step-through view (fed every revealed event). */
  private picture: BoardView | undefined;
  private watcher: FightWatch | undefined;
  /** Events revealed so far, and the lines they made (a step back re-runs to an earlier count). */
  private revealed = 0;
  private log: string[] = [];
  /** Events revealed at each step boundary reached by a step, oldest first (0: the start). */
  private boundaries: number[] = [0];

  constructor(
    private readonly engine: SystemEngine,
    encounter: EncounterInfo,
    seed: number = encounter.seed,
    opts: { board?: boolean; view?: boolean } = {},
  ) {
    this.encounter = encounter;
    this.seed = seed;
    this.unit = engine.steps.small.label;
    this.opts = opts;
    this.events = this.open();
  }

  private readonly opts: { board?: boolean; view?: boolean };

  /** A fresh run of the same combat from its seed (the constructor, and every step back). */
  private open(): Generator<{ type: string }, unknown> {
    const { engine, encounter, opts } = this;
    this.events = engine.events(encounter, this.seed);
    this.board = opts.board && engine.boardByDefault ? engine.board?.(encounter) : undefined;
    this.picture = opts.view ? engine.board?.(encounter) : undefined;
    this.watcher = opts.view ? engine.watch?.(encounter) : undefined;
    this.boardClosed = false;
    this.finished = false;
    this.outcomeValue = undefined;
    this.round = 0;
    this.actor = undefined;
    this.turns = 0;
    this.revealed = 0;
    this.log = [];
    this.pull();
    return this.events;
  }

  /** The notable kinds of event this system lets a GM run to (engine.steps.marks). */
  get marks(): readonly string[] {
    return (this.engine.steps.marks ?? []).map((m) => m.label);
  }

  /** Standing just before a round's first event (between rounds, or before the first): where a state line belongs. */
  get atRoundStart(): boolean {
    return this.isRound(this.pending);
  }

  /** Every line revealed so far (after a step back: the log up to there). */
  get lines(): readonly string[] {
    return this.log;
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
      this.revealed++;
      this.pull();
    }
    if (this.board && this.done && !this.boardClosed) {
      this.boardClosed = true;
      lines.push(...this.board.lines());
    }
    for (const l of lines) this.log.push(l);
    return { lines, done: this.done };
  }

  /** Marks the position after a step as a place `back()` can return to. */
  private boundary<R extends StepResult>(r: R): R {
    if (this.boundaries[this.boundaries.length - 1] !== this.revealed) this.boundaries.push(this.revealed);
    return r;
  }

  /** Re-runs the combat from its seed up to `count` events revealed (deterministic: the same lines as before). */
  private rewind(count: number): StepResult {
    this.open();
    while (this.revealed < count && this.pending !== undefined) this.reveal(() => true);
    return { lines: this.log.slice(), done: this.done, rewound: true };
  }

  /** Back one step: to where the step before the last one left off (a re-run from the seed). */
  back(): StepResult {
    if (this.boundaries.length > 1 && this.boundaries[this.boundaries.length - 1] === this.revealed) this.boundaries.pop();
    const to = this.boundaries[this.boundaries.length - 1] ?? 0;
    return this.rewind(to);
  }

  /** The start of round `n` (before its first event), forward or back; past the last round: the end. */
  jumpToRound(n: number): StepResult {
    const startsN = (e: Event): boolean => this.isRound(e) && (typeof e.round === 'number' ? e.round >= n : this.round + 1 >= n);
    if (n <= this.round) {
      // back: count the events before round n's start on a fresh run, then re-run to there
      const target = this.countUntil(0, startsN);
      const kept = this.boundaries.filter((b) => b < target);
      const r = this.rewind(target);
      this.boundaries = kept.length ? kept : [0];
      return this.boundary(r);
    }
    const lines: string[] = [];
    while (this.pending !== undefined && !startsN(this.pending)) lines.push(...this.reveal((e) => startsN(e)).lines);
    if (this.closing()) lines.push(...this.toEnd().lines);
    return this.boundary({ lines, done: this.done });
  }

  /** Runs just past the next event of the mark labelled `label` (engine.steps.marks); `found: false` when none is left. */
  nextMark(label: string): StepResult {
    const mark = this.engine.steps.marks?.find((m) => m.label === label);
    if (!mark) return { lines: [], done: this.done, found: false };
    // find it on a fresh run first, so a mark that never comes does not run the fight to its end
    const at = this.countUntil(this.revealed, (e) => mark.is(e));
    if (at < 0) return { lines: [], done: this.done, found: false };
    const lines: string[] = [];
    while (this.revealed <= at && this.pending !== undefined) lines.push(...this.reveal(() => true).lines);
    if (this.closing()) lines.push(...this.toEnd().lines);
    return this.boundary({ lines, done: this.done, found: true });
  }

  /** On a fresh run of the same seed: the index of the first event at or after `from` that `is` accepts; −1 if none. */
  private countUntil(from: number, is: (e: Event) => boolean): number {
    const it = this.engine.events(this.encounter, this.seed);
    let i = 0;
    for (let r = it.next(); !r.done; r = it.next(), i++) if (i >= from && is(r.value as Event)) return i;
    return -1;
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
    // the set-up is the floor a step back returns to
    this.boundaries = [this.revealed];
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
    return this.boundary({ lines, done: this.done });
  }

  /** The rest of the current round, or the whole next round when standing at a round's start. */
  nextRound(): StepResult {
    if (this.done) return { lines: [], done: true };
    const r = this.reveal((e) => this.isRound(e));
    if (this.closing()) r.lines.push(...this.toEnd().lines);
    return this.boundary({ lines: r.lines, done: this.done });
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
    return this.boundary(this.reveal(() => false));
  }

  step(kind: StepKind): StepResult {
    return kind === 'turn' ? this.nextTurn() : kind === 'round' ? this.nextRound() : this.toEnd();
  }
}
