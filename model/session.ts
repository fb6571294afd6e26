// One seeded combat revealed a piece at a time in the process that owns the
// engine: `aces run --step` (cli/run-step.ts). The fight is recorded once
// (model/fight-record.ts) and walked by the same RecordedSession the VS Code
// client walks the language server's record with (model/recorded-session.ts):
// one walk, so the CLI and the editor step alike by construction. The state at
// the position (snapshot, board picture, a combatant's hover) is a re-run of
// the seed to there (FightCursor), forward from the last one asked.
//
// Invariant: whatever the steps, the lines revealed so far are a prefix of the
// whole log (renderLog), and after `toEnd()` they are the whole log.

import type { BoardPicture, EncounterInfo, FightSnapshot, SystemEngine } from './system.js';
import { FightCursor, recordFight, type FightRecord } from './fight-record.js';
import { RecordedSession } from './recorded-session.js';

export type { StepKind, StepResult } from './recorded-session.js';

export class CombatSession extends RecordedSession<FightRecord> {
  private readonly cursor: FightCursor;

  /**
   * `board`: the battle map of a system that draws one, before each round and at the end (as `aces run` prints it);
   * undefined: the system's default (`boardByDefault`).
   */
  constructor(
    engine: SystemEngine,
    encounter: EncounterInfo,
    seed: number = encounter.seed,
    opts: { board?: boolean } = {},
  ) {
    super(recordFight(engine, encounter, seed, { board: opts.board }));
    this.cursor = new FightCursor(engine, encounter, seed);
  }

  /** The combatants now (of a system that watches its fights). */
  snapshot(): FightSnapshot | undefined {
    return this.cursor.snapshot(this.revealed);
  }

  /** The board now, drawn (of a system whose board has a picture). */
  boardPicture(): BoardPicture | undefined {
    return this.cursor.boardPicture(this.revealed);
  }

  /** Hover markdown on a combatant of the stepped fight (see FightWatch.inspect). */
  inspect(name: string): string | undefined {
    return this.cursor.inspect(this.revealed, name);
  }
}
