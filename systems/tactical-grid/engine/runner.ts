// How a Tactical Grid combat is driven (TACTICAL-GRID.md "The simulator"): played whole (run; play, with a control
// offered each decision, issue 32), or from the prefix every combat shares (issue 32 item 5: prefixSnapshot,
// runFromPrefix; prefix.ts keeps the state). The rounds themselves are sim.ts's (playRound, stepTurn). Split from
// sim.ts by concern.

import type { DecisionControl } from '../../../model/system.js';
import { TGNoAttack } from './policy/no-attack.js';
import { reachable, StateSnapshot } from './prefix.js';
import { FieldMemo, RunMemo } from './path-memo.js';

export abstract class TGRunner extends TGNoAttack {
  /** One round (TG-T7): sim.ts. */
  abstract playRound(): void;
  /** One side's turn, a round started or capped on the way (TG-T7, TG-V2): sim.ts. */
  abstract stepTurn(): void;
  /**
   * Issue 32: one combat without events, each decision offered to `control` (the seam's `play`): the fight
   * `events(enc, seed)` logs while the control never overrides. Returns the result code (R_WIN …).
   */
  play(seed: number, control: DecisionControl | null): number {
    this.control = control;
    try {
      return this.run(seed);
    } finally {
      this.control = null;
    }
  }
  /** The whole combat without building the event iterator (runChunk). */
  run(seed: number): number {
    this.begin(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }
  /** Issue 32 item 5: whether a die has been read this combat (a scripted face or a stream seeded: Dice.d20). */
  drawn(): boolean {
    const d = this.dice;
    for (let i = 0; i < this.n; i++) if (d.pos[i] !== 0 || d.seeded[i] !== 0) return true;
    return false;
  }
  /**
   * Issue 32 item 5: the combat played up to the side turn in which its first die is read (or its end, if none is),
   * and the simulator's whole state there (prefix.ts); null when there is none to keep: a log or a control is
   * attached, GM rules decide (their world is rebuilt from the fight), or walls have changed (Still Life) by then.
   * Nothing before the first draw reads the seed, so the state is every fight's. Plain twin: run().
   */
  prefixSnapshot(seed: number): { snap: StateSnapshot; walls: StateSnapshot; turns: number } | null {
    if (this.sink !== null || this.control !== null || this.scriptedSide.some((x) => x)) return null;
    this.begin(seed);
    let turns = 0;
    if (this.drawn()) return null;
    while (this.result < 0) {
      this.stepTurn();
      if (this.drawn()) break;
      turns++;
    }
    this.begin(seed);
    for (let k = 0; k < turns; k++) this.stepTurn();
    if (this.drawn() || this.losDirty === true || this.wallsAsMap !== true || this.ruleWorld !== null) return null;
    const skip = reachable([this.enc, this.board, this.dice, this.losCache, this.pickMemo]);
    const walls: Int32Array[] = [];
    for (const pf of [this.pf, this.pfNear]) {
      for (const v of Object.values(pf)) if (v instanceof RunMemo || v instanceof FieldMemo) reachable([v], skip);
      const parts = pf.snapshotParts();
      reachable([...parts.scratch, ...parts.walls, ...parts.results], skip);
      walls.push(...parts.walls);
    }
    // (the approach field: read only after fieldFor wrote it in the same turn)
    reachable([this.field], skip);
    // (not in the walk: the kept caches keyed by their contents; Pathfinder's balls: the map's, by origin and budget)
    const snap = new StateSnapshot(this, skip, new Set(['balls', 'ballMade', 'sink', 'control']));
    return { snap, walls: new StateSnapshot(walls, new Set(), new Set()), turns };
  }
  /** Issue 32 item 5: combat `seed` from a prefixSnapshot: as run(seed) ends, the prefix not played again. */
  runFromPrefix(prefix: { snap: StateSnapshot; walls: StateSnapshot }, seed: number): number {
    // the last combat's Still Life: begin() would clear the line-of-sight table, and the step tables were built for
    // other walls (the snapshot puts the walls back)
    if (this.losDirty === true) {
      this.losCache?.fill(0);
      prefix.walls.restore();
    }
    const n0 = this.pf.nTouched,
      n1 = this.pfNear.nTouched;
    prefix.snap.restore();
    this.pf.keepResults(n0);
    this.pfNear.keepResults(n1);
    this.dice.reset(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }
}
