// Run and Step for every editor (issue 10 item 5): the server owns the engine.
// A fight is recorded once (model/fight-record.ts recordFight) and a client
// walks the record with model/recorded-session.ts, the CLI's own walk; the
// state at a position (the battle map's picture, each combatant's state and
// hover) is asked for separately (`aces/fightView`), by re-running the same
// seed to there: one fight costs microseconds, and a record never carries a
// snapshot per event. This file keeps the last few fights a client steps.

import type { EncounterInfo, SystemEngine } from '../../model/system.js';
import { FightCursor } from '../../model/fight-record.js';
import type { FightView } from '../../protocol/lsp-ext.js';

/** The fights a client is stepping, by id: the last `keep` recorded (the encounter as it was checked then). */
export class FightViews {
  private readonly fights = new Map<number, FightCursor>();
  private next = 1;

  constructor(private readonly keep = 4) {}

  /** Remembers a recorded fight; returns its id. */
  add(engine: SystemEngine, enc: EncounterInfo, seed: number): number {
    const id = this.next++;
    this.fights.set(id, new FightCursor(engine, enc, seed));
    for (const k of this.fights.keys()) if (this.fights.size > this.keep) this.fights.delete(k);
    return id;
  }

  /** The state after `at` events of fight `id` (kept at that position: a step forward re-runs only its own events); null when it is no longer kept. */
  view(id: number, at: number): FightView | null {
    return this.fights.get(id)?.state(at) ?? null;
  }
}
