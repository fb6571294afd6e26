// One seeded fight recorded for stepping: each event with what a walk needs
// (its log lines, whether it starts a small or large step, ends a round,
// closes the fight, is a mark), so the walk (model/recorded-session.ts) needs
// no engine. The CLI's `aces run --step` records a fight in its own process;
// the language server records one for any editor (`aces/stepEncounter`) and
// the VS Code client walks it. The state at a position (board picture,
// combatants, hovers) is a re-run of the same seed to there (FightCursor):
// one fight costs microseconds, and a record never carries a snapshot per event.

import { MAX_LOG_LINES } from '../engine/limits.js';
import type { BoardPicture, BoardView, EncounterInfo, FightSnapshot, FightWatch, SystemEngine } from './system.js';

/** One event of a recorded fight, with what a walk needs to step through it without the engine. */
export interface FightEvent {
  /** What revealing it writes to the log (a board drawn before a round, the event's line; none when silent). */
  lines?: string[];
  /** It starts a small step (`FightRecord.unit`: a turn, a phase). */
  turn?: true;
  /** Whose small step it starts, when the system says. */
  actor?: string;
  /** It starts a large step (a round): that round's number. */
  round?: number;
  /** It ends a round (it goes with the round's last small step). */
  roundEnd?: true;
  /** It is the fight's closing event (it goes with the last step). */
  closes?: true;
  /** Indices into `FightRecord.marks` of the marks it is (a crit, a Broken, a cheat…). */
  marks?: number[];
}

/** A whole seeded fight: revealing every event, then `tail`, writes exactly `aces run`'s log after its header. */
export interface FightRecord {
  encounter: string;
  seed: number;
  sides: string[];
  /** Names of the system's steps: small ("turn", "phase") and large ("round"). */
  unit: string;
  largeUnit: string;
  /** The notable kinds of event a GM can run to (engine.steps.marks labels). */
  marks: string[];
  events: FightEvent[];
  /** Lines after the last event (the board drawn at the end). */
  tail: string[];
  /** The outcome in a few words ("heroes won"); "stopped" when truncated. */
  outcome: string;
  /** The recording reached the log limit (250,000 lines) and stopped there. */
  truncated: boolean;
}

type Event = { type: string; round?: number; actor?: string };

/**
 * Records one seeded fight, with the board a system draws by default before each round and at the end (as
 * `aces run` prints it; `board: false` as `aces run --map off`, `board: true` as `--map rounds`, which draws a board
 * a system keeps off by default too: Halcyon Aces' zones, issue 34 item 12). Stops after `maxLines` rendered lines (the
 * limit of one log).
 */
export function recordFight(
  engine: SystemEngine,
  enc: EncounterInfo,
  seed: number,
  opts: { maxLines?: number; board?: boolean } = {},
): FightRecord {
  const maxLines = opts.maxLines ?? MAX_LOG_LINES;
  const { small, large, closes } = engine.steps;
  const marks = engine.steps.marks ?? [];
  const board: BoardView | undefined = (opts.board ?? engine.boardByDefault) ? engine.board?.(enc) : undefined;
  const events: FightEvent[] = [];
  let round = 0;
  let rendered = 0;
  const it = engine.events(enc, seed);
  let r = it.next();
  for (; !r.done; r = it.next()) {
    const e = r.value as Event;
    const ev: FightEvent = {};
    const lines: string[] = [];
    if (large.starts(e)) {
      round = typeof e.round === 'number' ? e.round : round + 1;
      ev.round = round;
      if (board) lines.push(...board.lines());
    }
    board?.apply(e);
    if (small.starts(e)) {
      ev.turn = true;
      if (e.actor !== undefined) ev.actor = e.actor;
    }
    if (e.type === 'round-end') ev.roundEnd = true;
    if (closes(e)) ev.closes = true;
    const m = marks.flatMap((k, i) => (k.is(e) ? [i] : []));
    if (m.length) ev.marks = m;
    const line = engine.render(e);
    if (line !== undefined) {
      lines.push(line);
      rendered++;
    }
    if (lines.length) ev.lines = lines;
    events.push(ev);
    if (rendered >= maxLines) break;
  }
  const done = !!r.done;
  return {
    encounter: enc.name,
    seed,
    sides: [...enc.sides],
    unit: small.label,
    largeUnit: large.label,
    marks: marks.map((k) => k.label),
    events,
    tail: done && board ? board.lines() : [],
    outcome: done ? engine.outcomeText(r.value, enc) : 'stopped',
    truncated: !done,
  };
}

/** The log a recorded fight writes when every event is revealed: `aces run`'s after its header. */
export function logOf(f: Pick<FightRecord, 'events' | 'tail'>): string[] {
  const out: string[] = [];
  for (const e of f.events) if (e.lines) for (const l of e.lines) out.push(l);
  for (const l of f.tail) out.push(l);
  return out;
}

/** A recorded fight's state at a position: the board's picture, the combatants, a system's hover per combatant. */
export interface FightState {
  snapshot?: FightSnapshot;
  picture?: BoardPicture;
  /** A system's hover markdown per combatant name (Arcana: the hand and exact chances), where it has one. */
  inspect: Record<string, string>;
}

/**
 * The state of one seeded fight after `at` events, by re-running it: kept at the last position asked, so
 * walking forward costs only the events stepped over (a position behind it starts again from the seed).
 */
export class FightCursor {
  private at = 0;
  private it: Iterator<{ type: string }> | undefined;
  private picture: BoardView | undefined;
  private watch: FightWatch | undefined;

  constructor(
    private readonly engine: SystemEngine,
    private readonly enc: EncounterInfo,
    private readonly seed: number,
  ) {}

  /** Moves to `at` events revealed (from the seed again when `at` is behind). */
  private seek(at: number): void {
    if (!this.it || this.at > at) {
      this.it = this.engine.events(this.enc, this.seed);
      this.picture = this.engine.board?.(this.enc);
      this.watch = this.engine.watch?.(this.enc);
      this.at = 0;
    }
    while (this.at < at) {
      const r = this.it.next();
      if (r.done) break;
      this.picture?.apply(r.value);
      this.watch?.apply(r.value);
      this.at++;
    }
  }

  snapshot(at: number): FightSnapshot | undefined {
    this.seek(at);
    return this.watch?.snapshot();
  }

  boardPicture(at: number): BoardPicture | undefined {
    this.seek(at);
    return this.picture?.picture?.();
  }

  inspect(at: number, name: string): string | undefined {
    this.seek(at);
    return this.watch?.inspect?.(name);
  }

  /** Everything at once, as `aces/fightView` answers. */
  state(at: number): FightState {
    const snapshot = this.snapshot(at);
    const inspect: Record<string, string> = {};
    for (const x of snapshot?.combatants ?? []) {
      const md = this.inspect(at, x.name);
      if (md !== undefined) inspect[x.name] = md;
    }
    return { snapshot, picture: this.boardPicture(at), inspect };
  }
}
