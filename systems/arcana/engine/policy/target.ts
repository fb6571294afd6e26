// The policy's 'target' decision (ARS-7): the able enemy every tactic aims its
// turn at, and the reason the log prints. Reads the fight, never changes it.

import { defenseBase, type FightView } from '../decisions.js';

/** The able enemy with the lowest Health, then the lowest Agility + armor + defense edge, then file order (every tactic, every turn, ARS-7). */
export function pickTarget(sim: FightView, i: number): number {
  let best = -1;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j]) continue;
    if (
      best < 0 ||
      sim.hp[j] < sim.hp[best] ||
      (sim.hp[j] === sim.hp[best] && defenseBase(sim, j) < defenseBase(sim, best))
    )
      best = j;
  }
  return best;
}

/** Why pickTarget chose t: the criteria it took to single t out. */
export function targetReason(sim: FightView, i: number, t: number): string {
  let sameHp = 0,
    sameDef = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j] || j === t || sim.hp[j] !== sim.hp[t]) continue;
    sameHp++;
    if (defenseBase(sim, j) === defenseBase(sim, t)) sameDef++;
  }
  let r = `lowest Health ${sim.hp[t]}`;
  if (sameHp) r += `, then lowest Agility + armor + defense edge ${defenseBase(sim, t)}`;
  if (sameDef) r += ', then file order';
  return r;
}
