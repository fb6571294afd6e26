// The policy's kept tables (issue 32): the lookahead's table of one combatant's attack on another (value.ts), kept
// per pair and Health, and each combatant's threat. Read by the target, action and cheat decisions alike.

import { defenseBase, type FightView } from '../decisions.js';
import type { Table } from './value.js';

/**
 * The lookahead's table of i's attack on t (AR-A2…A4, AR-D1, AR-D2, AR-T5): value.ts, kept per pair and Health of
 * t (a combatant's stats never change in a fight). Its plain twin is `attackTableOf`; a test holds them equal.
 */
export function attackTable(sim: FightView, i: number, t: number): Table {
  const memo = sim.worth;
  const k = i * sim.n + t;
  const row = memo.pairs[k] ?? (memo.pairs[k] = []);
  const h = sim.hp[t];
  return row[h] ?? (row[h] = attackTableOf(sim, i, t));
}

/** `attackTable`'s plain twin: the table from the stats, asked of the memo's tables by attack numbers. */
export function attackTableOf(sim: FightView, i: number, t: number): Table {
  return sim.worth.table(
    sim.stat(i, sim.atkStat[i]) + sim.wBonus[i] + sim.atkEdge[i],
    defenseBase(sim, t),
    sim.wBonus[i] + sim.dmgEdge[i],
    sim.toughness[t],
    sim.hp[t],
    sim.wRanged[i] === 1,
  );
}

/**
 * What c threatens (ARS-7): the damage its attack is expected to deal, without a cheat and not capped (AR-D1), on
 * the average of the characters of the other side — a fixed figure of the stat blocks, kept per combatant (its
 * plain twin: `threatOf`).
 */
export function threat(sim: FightView, c: number): number {
  const k = sim.worth.threat[c];
  return k !== undefined ? k : (sim.worth.threat[c] = threatOf(sim, c));
}

/** `threat`'s plain twin. */
export function threatOf(sim: FightView, c: number): number {
  let sum = 0,
    n = 0;
  for (let k = 0; k < sim.n; k++) {
    if (sim.side[k] === sim.side[c]) continue;
    sum += sim.worth.table(
      sim.stat(c, sim.atkStat[c]) + sim.wBonus[c] + sim.atkEdge[c],
      defenseBase(sim, k),
      sim.wBonus[c] + sim.dmgEdge[c],
      sim.toughness[k],
      sim.hpMax[k],
      sim.wRanged[c] === 1,
    ).dealt;
    n++;
  }
  return n ? sum / n : 0;
}
