// One recorded fight (model/fight-record.ts) revealed a piece at a time: the
// one walk of a fight every shell uses — `aces run --step` (model/session.ts
// CombatSession records the fight in its own process) and Step Through
// Encounter in VS Code (the language server records it, `aces/stepEncounter`).
// Pure: no engine, no `vscode`; the VS Code client may import it (test/layers.test.ts).
//
// Invariant: whatever the steps, the lines revealed so far are a prefix of the
// whole log, and after `toEnd()` they are the whole log. A step back needs no
// re-run: the record is the whole fight.

import type { FightEvent, FightRecord } from './fight-record.js';

export type StepKind = 'turn' | 'round' | 'end';

export interface StepResult {
  /** Log lines revealed by this step (rendered events; silent events produce none). */
  lines: string[];
  /** The combat is over (no more steps). */
  done: boolean;
  /**
   * The step went back (step back, jump to an earlier round): `lines` is then the whole log up to the new
   * position, to show in place of what was shown (the same lines as before).
   */
  rewound?: boolean;
  /** Run to a mark: false when no such event is left (the fight did not move). */
  found?: boolean;
}

/** The line a recording that reached the log limit ends with. */
export function limitLine(maxLines = 250_000): string {
  return `# log stopped at ${maxLines.toLocaleString('en-US')} lines (the limit of one log); use Preview Odds for many combats, or lower \`rounds\`.`;
}

/**
 * Steps are the system's own units: Halcyon Aces a turn and a round, Heart Rush a phase and a round. `turn`
 * below means the small one.
 */
export class RecordedSession<R extends FightRecord = FightRecord> {
  readonly seed: number;
  /** The small step's name ("turn", "phase"). */
  readonly unit: string;
  readonly encounter: { name: string; sides: string[] };
  round = 0;
  /** Whose small step was revealed last. */
  actor: string | undefined;
  /** Small steps revealed. */
  turns = 0;
  /** Events revealed so far (the position `aces/fightView` is asked about). */
  revealed = 0;
  private tailShown = false;
  private log: string[] = [];
  /** Events revealed at each step boundary reached by a step, oldest first (0: the start). */
  private boundaries: number[] = [0];

  constructor(readonly fight: R) {
    this.seed = fight.seed;
    this.unit = fight.unit;
    this.encounter = { name: fight.encounter, sides: fight.sides };
  }

  get marks(): readonly string[] {
    return this.fight.marks;
  }

  private get pending(): FightEvent | undefined {
    return this.fight.events[this.revealed];
  }

  /** Standing just before a round's first event: where a state line belongs. */
  get atRoundStart(): boolean {
    return this.isRound(this.pending);
  }

  /**
   * The round a GM is in: the round of the last event revealed, or, standing just before a round starts (after
   * Jump to Round n), that round (issue 34 item 12: the status bar read "Round 1" at the start of round 2).
   */
  get shownRound(): number {
    const next = this.pending;
    return this.atRoundStart && next?.round !== undefined ? Math.max(this.round, next.round) : this.round;
  }

  /** Every line revealed so far. */
  get lines(): readonly string[] {
    return this.log;
  }

  get done(): boolean {
    return this.pending === undefined;
  }

  /** The outcome in a few words, once the combat is over. */
  get outcome(): string | undefined {
    return this.done ? this.fight.outcome : undefined;
  }

  private isTurn(e: FightEvent | undefined): boolean {
    return !!e?.turn;
  }

  private isRound(e: FightEvent | undefined): boolean {
    return e?.round !== undefined;
  }

  /** Reveals events while `stopBefore(next)` is false, always at least one event. */
  private reveal(stopBefore: (e: FightEvent) => boolean): StepResult {
    const lines: string[] = [];
    let first = true;
    while (this.pending !== undefined && (first || !stopBefore(this.pending))) {
      const e = this.pending;
      first = false;
      if (e.round !== undefined) this.round = e.round;
      if (e.turn) {
        this.actor = e.actor;
        this.turns++;
      }
      if (e.lines) lines.push(...e.lines);
      this.revealed++;
    }
    if (this.done && !this.tailShown) {
      this.tailShown = true;
      lines.push(...this.fight.tail);
      if (this.fight.truncated) lines.push(limitLine());
    }
    for (const l of lines) this.log.push(l);
    return { lines, done: this.done };
  }

  private boundary<R extends StepResult>(r: R): R {
    if (this.boundaries[this.boundaries.length - 1] !== this.revealed) this.boundaries.push(this.revealed);
    return r;
  }

  /** Back to `count` events revealed: the state and the log as they were there. */
  private rewind(count: number): StepResult {
    this.round = 0;
    this.actor = undefined;
    this.turns = 0;
    this.revealed = 0;
    this.tailShown = false;
    this.log = [];
    while (this.revealed < count && this.pending !== undefined) this.reveal(() => true);
    return { lines: this.log.slice(), done: this.done, rewound: true };
  }

  /** Back one step: to where the step before the last one left off. */
  back(): StepResult {
    if (this.boundaries.length > 1 && this.boundaries[this.boundaries.length - 1] === this.revealed)
      this.boundaries.pop();
    return this.rewind(this.boundaries[this.boundaries.length - 1] ?? 0);
  }

  /** The start of round `n` (before its first event), forward or back; past the last round: the end. */
  jumpToRound(n: number): StepResult {
    const startsN = (e: FightEvent): boolean => e.round !== undefined && e.round >= n;
    if (n <= this.round) {
      let target = this.fight.events.findIndex(startsN);
      if (target < 0) target = -1;
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

  /** Runs just past the next event of the mark labelled `label`; `found: false` when none is left. */
  nextMark(label: string): StepResult {
    const k = this.fight.marks.indexOf(label);
    const at = k < 0 ? -1 : this.fight.events.findIndex((e, i) => i >= this.revealed && !!e.marks?.includes(k));
    if (at < 0) return { lines: [], done: this.done, found: false };
    const lines: string[] = [];
    while (this.revealed <= at && this.pending !== undefined) lines.push(...this.reveal(() => true).lines);
    if (this.closing()) lines.push(...this.toEnd().lines);
    return this.boundary({ lines, done: this.done, found: true });
  }

  /** True when only the closing event is left: it goes with the last step. */
  private closing(): boolean {
    return !!this.pending?.closes;
  }

  /** The set-up: everything before the first small step. */
  start(): StepResult {
    if (this.turns > 0) return { lines: [], done: this.done };
    const lines: string[] = [];
    while (this.pending !== undefined && !this.isTurn(this.pending)) lines.push(...this.reveal(() => true).lines);
    this.boundaries = [this.revealed];
    return { lines, done: this.done };
  }

  /** One small step, up to (not including) the next; a round boundary stops it too; a round's end goes with its last step. */
  nextTurn(): StepResult {
    if (this.done) return { lines: [], done: true };
    const lines: string[] = [];
    if (!this.isTurn(this.pending)) lines.push(...this.reveal((e) => this.isTurn(e)).lines);
    if (this.isTurn(this.pending))
      lines.push(...this.reveal((e) => this.isTurn(e) || this.isRound(e) || !!e.roundEnd).lines);
    if (this.pending?.roundEnd) lines.push(...this.reveal((e) => !e.roundEnd).lines);
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

  toEnd(): StepResult {
    if (this.done) return { lines: [], done: true };
    return this.boundary(this.reveal(() => false));
  }

  step(kind: StepKind): StepResult {
    return kind === 'turn' ? this.nextTurn() : kind === 'round' ? this.nextRound() : this.toEnd();
  }
}
