// Run and Step for every editor (issue 10 item 5): the server owns the engine.
// A fight is recorded once — each event with what a client needs to step
// through it (its log lines, whether it starts a small or large step, ends a
// round, closes the fight, is a mark) — and a client walks the record
// (client/core/recorded.ts in VS Code); the state at a position (the battle
// map's picture, each combatant's state and hover) is asked for separately,
// by re-running the same seed to there: one fight costs microseconds, and a
// record never carries a snapshot per event.

import { MAX_LOG_LINES } from '../../engine/limits.js';
import type { BoardView, EncounterInfo, FightWatch, SystemEngine } from '../../model/system.js';
import type { FightEvent, FightView, SteppedFight } from '../../protocol/lsp-ext.js';

type Event = { type: string; round?: number; actor?: string };

/**
 * Records one seeded fight as `model/session.ts` CombatSession reveals it (the board a system draws by default
 * before each round and at the end, as `aces run` prints it). Stops after `maxLines` rendered lines (the CLI's
 * limit of one log).
 */
export function recordFight(engine: SystemEngine, enc: EncounterInfo, seed: number, maxLines = MAX_LOG_LINES): Omit<SteppedFight, 'fight' | 'system'> {
  const { small, large, closes } = engine.steps;
  const marks = engine.steps.marks ?? [];
  const board: BoardView | undefined = engine.boardByDefault ? engine.board?.(enc) : undefined;
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
    if (line !== undefined) { lines.push(line); rendered++; }
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
export function logOf(f: Pick<SteppedFight, 'events' | 'tail'>): string[] {
  const out: string[] = [];
  for (const e of f.events) if (e.lines) for (const l of e.lines) out.push(l);
  for (const l of f.tail) out.push(l);
  return out;
}

interface Kept {
  engine: SystemEngine;
  enc: EncounterInfo;
  seed: number;
  /** The last view's run, kept to go forward from (a step forward costs only its own events). */
  cursor?: { at: number; it: Iterator<{ type: string }>; picture?: BoardView; watch?: FightWatch };
}

/** The fights a client is stepping, by id: the last `keep` recorded (the encounter as it was checked then). */
export class FightViews {
  private readonly fights = new Map<number, Kept>();
  private next = 1;

  constructor(private readonly keep = 4) {}

  /** Remembers a recorded fight; returns its id. */
  add(engine: SystemEngine, enc: EncounterInfo, seed: number): number {
    const id = this.next++;
    this.fights.set(id, { engine, enc, seed });
    for (const k of this.fights.keys()) if (this.fights.size > this.keep) this.fights.delete(k);
    return id;
  }

  /** The state after `at` events of fight `id`; null when it is no longer kept. */
  view(id: number, at: number): FightView | null {
    const f = this.fights.get(id);
    if (!f) return null;
    let c = f.cursor;
    if (!c || c.at > at) c = { at: 0, it: f.engine.events(f.enc, f.seed), picture: f.engine.board?.(f.enc), watch: f.engine.watch?.(f.enc) };
    while (c.at < at) {
      const r = c.it.next();
      if (r.done) break;
      c.picture?.apply(r.value);
      c.watch?.apply(r.value);
      c.at++;
    }
    f.cursor = c;
    const snapshot = c.watch?.snapshot();
    const inspect: Record<string, string> = {};
    for (const x of snapshot?.combatants ?? []) {
      const md = c.watch?.inspect?.(x.name);
      if (md !== undefined) inspect[x.name] = md;
    }
    return { snapshot, picture: c.picture?.picture?.(), inspect };
  }
}
