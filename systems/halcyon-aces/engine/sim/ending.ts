// How a fight ends: at most one side able to act (HA-I6), a dead end in which
// nobody can ever reach an enemy (ruling E-I6b), and the outcome reported.

import type { Outcome } from '../events.js';
import * as compiled from '../compile.js';
import * as codes from '../codes.js';
import { CombatTeamwork } from './teamwork.js';
import * as state from './state.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { INF } = compiled;
const { R_DRAW, R_VICTORY } = codes;
const { P_DONE } = state;

export class CombatEnding extends CombatTeamwork {
  /** HA-I6: the fight ends when at most one side can act. */
  protected checkEnd(): void {
    if (this.sidesAble > 1 || this.phase === P_DONE) return;
    let last = -1;
    for (let s = 0; s < this.k.nSides; s++) if (this.ableCnt[s] > 0) last = s;
    this.finish(last >= 0 ? R_VICTORY : R_DRAW, last, this.round);
  }

  /**
   * No able combatant can ever reach an able enemy: for every such pair, no zone the enemy can move to lies
   * within reach of a zone the attacker can move to (engine/reach.ts tables; widest band of its options).
   * Reachability only shrinks as combatants fall — but a Broken combatant still draws (HA-B2/B3): an Ace stands it
   * up again, three Failing Draws Defeat it. So no dead end while any Broken combatant has draws to come (issue 34
   * item 6): the fight goes on until every one is Defeated, or stabilized and unable to reach an enemy as well.
   */
  protected deadlocked(): boolean {
    const k = this.k;
    const nz = k.nz;
    for (let s = 0; s < k.nSides; s++) if (this.brokenBySide[s] > 0) return false;
    for (let c = 0; c < k.n; c++) {
      if (!this.able(c)) continue;
      const row = (k.maxBand[c] * nz + this.zone[c]) * nz;
      for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
        const e = k.foes[j];
        if (!this.able(e)) continue;
        const ez = this.zone[e] * nz;
        for (let z = 0; z < nz; z++) if (k.moveDist[ez + z] < INF && k.approachDist[row + z] < INF) return false;
      }
    }
    return true;
  }

  protected finish(result: number, winner: number, rounds: number): void {
    this.result = result;
    this.winner = winner;
    this.endRound = rounds;
    this.phase = P_DONE;
    if (this.sink) this.sink.push({ type: 'combat-end', outcome: this.outcome() });
  }

  outcome(): Outcome {
    const k = this.k;
    return {
      result: this.result === R_VICTORY ? 'victory' : this.result === R_DRAW ? 'draw' : 'stalemate',
      winner: this.winner >= 0 ? k.sideNames[this.winner] : null,
      rounds: this.endRound,
      ...(this.stalledAt ? { deadlock: true } : {}),
      combatants: k.ids.map((id, i) => ({
        id,
        side: k.sideNames[k.side[i]],
        vitality: this.vit[i],
        maxVitality: k.vitMax[i],
        state: this.stateOf(i),
        everBroken: this.everBroken[i] === 1,
        damageDealt: this.dmgDealt[i],
      })),
    };
  }
}
