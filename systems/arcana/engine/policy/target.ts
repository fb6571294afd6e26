// The policy's 'target' decision (ARS-7): the able enemy every tactic aims its
// turn at, and the reason the log prints. Reads the fight, never changes it.

import { defenseBase, type FightView } from '../decisions.js';
import { attackTable, threat } from './tables.js';

/**
 * ARS-7 (issue 32): the able enemy whose attack now removes the most threat — its threat (tables.ts) times the
 * share of its Health the attack is expected to take (capped at all of it) — then the lowest Health, then the
 * lowest Agility + armor + defense edge, then file order. Every tactic, every turn.
 */
export function pickTarget(sim: FightView, i: number): number {
  const memo = sim.worth;
  // i's target reads only its foes' Health and Taken Out: the other side's stamp
  const at = sim.stamps[1 - sim.side[i]];
  if (memo.targetAt[i] === at) return memo.target[i];
  memo.targetAt[i] = at;
  return (memo.target[i] = pickKept(sim, i));
}

/** `pickTarget`'s plain twin, which it keeps per combatant until a Health or a Taken Out changes (a test holds them equal). */
export function pickTargetOf(sim: FightView, i: number): number {
  let best = -1,
    bestP = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j]) continue;
    const p = priority(sim, i, j);
    if (
      best < 0 ||
      p > bestP + 1e-9 ||
      (p > bestP - 1e-9 &&
        (sim.hp[j] < sim.hp[best] || (sim.hp[j] === sim.hp[best] && defenseBase(sim, j) < defenseBase(sim, best))))
    ) {
      best = j;
      bestP = p;
    }
  }
  return best;
}

/**
 * `pickTargetOf` with each priority read from `priorityKept`'s table in the loop (no call a foe, the arrays in
 * locals): what pickTarget asks when a Health has changed. The same comparisons, in the same order.
 */
function pickKept(sim: FightView, i: number): number {
  const memo = sim.worth,
    n = sim.n,
    side = sim.side,
    out = sim.out,
    hp = sim.hp,
    hpMax = sim.hpMax;
  if (memo.prioOff.length !== n + 1) keepPriorities(sim);
  const off = memo.prioOff,
    prio = memo.prio,
    row = i * off[n],
    si = side[i];
  let best = -1,
    bestP = 0;
  for (let j = 0; j < n; j++) {
    if (side[j] === si || out[j]) continue;
    const h = hp[j];
    let p: number;
    if (h < 0 || h > hpMax[j]) p = priority(sim, i, j);
    else {
      const k = row + off[j] + h;
      p = prio[k];
      if (p !== p) p = prio[k] = priority(sim, i, j);
    }
    if (
      best < 0 ||
      p > bestP + 1e-9 ||
      (p > bestP - 1e-9 && (hp[j] < hp[best] || (hp[j] === hp[best] && defenseBase(sim, j) < defenseBase(sim, best))))
    ) {
      best = j;
      bestP = p;
    }
  }
  return best;
}

/** priorityKept's table for this simulator: offsets by foe (its Health 0…hpMax), NaN everywhere. */
function keepPriorities(sim: FightView): void {
  const memo = sim.worth,
    off = (memo.prioOff = new Int32Array(sim.n + 1));
  for (let k = 0; k < sim.n; k++) off[k + 1] = off[k] + sim.hpMax[k] + 1;
  memo.prio = new Float64Array(sim.n * off[sim.n]).fill(NaN);
}

/** The threat i's attack removes from j now: j's threat times the expected share of its Health taken. */
export function priority(sim: FightView, i: number, j: number): number {
  return threat(sim, j) * attackTable(sim, i, j).share;
}

/**
 * `priority`, kept per attacker, foe and the foe's Health in one flat table (NaN: not asked yet), since a Health
 * changes after most attacks and the target is chosen again: a pure function of the three (stats never change in a
 * fight). Its plain twin is `priority`; a test holds the two equal.
 */
export function priorityKept(sim: FightView, i: number, j: number): number {
  const memo = sim.worth,
    h = sim.hp[j];
  if (memo.prioOff.length !== sim.n + 1) keepPriorities(sim);
  const off = memo.prioOff;
  if (h < 0 || h > sim.hpMax[j]) return priority(sim, i, j);
  const k = i * off[sim.n] + off[j] + h;
  let p = memo.prio[k];
  if (p !== p) p = memo.prio[k] = priority(sim, i, j);
  return p;
}

/** Why pickTarget chose t: its threat removed, and the tie-breaks it took to single t out. */
export function targetReason(sim: FightView, i: number, t: number): string {
  const p = priority(sim, i, t);
  let samePri = 0,
    sameHp = 0,
    sameDef = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j] || j === t) continue;
    if (Math.abs(priority(sim, i, j) - p) > 1e-9) continue;
    samePri++;
    if (sim.hp[j] !== sim.hp[t]) continue;
    sameHp++;
    if (defenseBase(sim, j) === defenseBase(sim, t)) sameDef++;
  }
  let r = `most threat removed ${p.toFixed(2)} (threat ${threat(sim, t).toFixed(2)}, Health ${sim.hp[t]})`;
  if (samePri) r += `, then lowest Health ${sim.hp[t]}`;
  if (sameHp) r += `, then lowest Agility + armor + defense edge ${defenseBase(sim, t)}`;
  if (sameDef) r += ', then file order';
  return r;
}
