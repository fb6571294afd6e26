// Fast path (memo): the squares a combatant may pass through (TG-G3, TG-K3 hazards) per side and hazard choice,
// kept while nothing moves (posVersion), and the searches from them (path.ts's kept searches, keyed by the
// passes' bits). Plain twin: a fresh fillPass over every square; test/systems/tactical-grid/kept-searches.test.ts
// holds the kept searches equal to fresh ones.

import * as path from '../path.js';
import type { Unit } from '../unit.js';
import { TGGmRules } from './gm-rules.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
type Pathfinder = path.Pathfinder;

export abstract class TGPasses extends TGGmRules {
  /**
   * `pass` for mover u (TG-M3): no walls, no able enemies; hazards too when `avoid` (TG-V3). One array per side and
   * `avoid`, filled again only after a combatant moved, went OUT or came back, or Still Life changed the walls.
   */
  fillPass(u: Unit, avoid: boolean): Uint8Array {
    const k = u.side * 2 + (avoid === true ? 1 : 0);
    const pass = this.passBufs[k];
    if (this.passStamp[k] === this.posVersion) return pass;
    this.passStamp[k] = this.posVersion;
    // the squares open to all, then the enemies' squares closed (occ[c] = i only where units[i] stands; a unit off
    // the board has cell −1, which indexes nothing)
    // the open squares as bits too (the kept searches' key, path.ts), and their hash
    pass.set(this.passBase(avoid));
    const bits = this.passBits[k];
    bits.set(this.passBaseBits[avoid === true ? 1 : 0]);
    // (over u's foes: enemies(u, v) holds for each)
    const foes = this.sideFoes[u.side],
      occ = this.occ;
    for (let i = 0; i < foes.length; i++) {
      const v = foes[i];
      if (v.cell >= 0 && occ[v.cell] === v.idx) {
        pass[v.cell] = 0;
        bits[v.cell >> 5] &= ~(1 << (v.cell & 31));
      }
    }
    let h = 0x811c9dc5;
    for (let w = 0; w < bits.length; w++) h = Math.imul(h ^ bits[w], 16777619);
    this.passHash[k] = h;
    return pass;
  }
  /**
   * TG-V3's search from u's square within `budget` over fillPass(u, avoid) (returned), into `pf`, with the pass array's
   * memo key as fillPass built it (the kept searches' key, path.ts, without a scan of the board per new array).
   */
  protected searchFrom(pf: Pathfinder, u: Unit, budget: number, avoid: boolean): Uint8Array {
    const pass = this.fillPass(u, avoid),
      k = u.side * 2 + (avoid === true ? 1 : 0);
    pf.run(
      u.cell,
      budget,
      pass,
      this.wall,
      this.posVersion,
      this.wallVersion,
      this.losDirty !== true,
      this.passBits[k],
      this.passHash[k],
    );
    return pass;
  }
  /** fillPass without the enemies: not solid, and no hazard if `avoid`; rebuilt when the walls change (`wallVersion`). */
  protected passBase(avoid: boolean): Uint8Array {
    const k = avoid === true ? 1 : 0,
      base = this.passBaseBufs[k];
    if (this.passBaseStamp[k] === this.wallVersion) return base;
    this.passBaseStamp[k] = this.wallVersion;
    const b = this.board,
      bits = this.passBaseBits[k];
    bits.fill(0);
    for (let c = 0; c < b.size; c++) {
      base[c] = this.solid[c] === 0 && !(avoid && b.hazard[c] === 1) ? 1 : 0;
      if (base[c] === 1) bits[c >> 5] |= 1 << (c & 31);
    }
    return base;
  }
}
