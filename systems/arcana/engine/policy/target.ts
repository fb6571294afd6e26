// The policy's 'target' decision (ARS-7): the able enemy every tactic aims its
// turn at, and the reason the log prints. Reads the fight, never changes it.

import { defenseBase, type FightView } from '../decisions.js';
import { attackTable, threat } from './tables.js';

/**
 * ARS-7 (issue 32): the able enemy whose attack now removes the most threat — its threat (tables.ts) times the share of
 * its Health the attack is expected to take (capped at all of it) — then the lowest Health, then the lowest Agility +
 * armor + defense edge, then file order; and when its side concedes before all of them are out (AR-E1), the first of
 * the take-outs that end the fight at the least cost (ARS-26, `plan`). Every tactic, every turn.
 */
export function pickTarget(sim: FightView, i: number): number {
  const memo = sim.worth;
  // i's target reads only its foes' Health and Taken Out: the other side's stamp
  const at = sim.stamps[1 - sim.side[i]];
  if (memo.targetAt[i] === at) return memo.target[i];
  memo.targetAt[i] = at;
  return (memo.target[i] = pickTargetOf(sim, i));
}

// scratch rows of the able foes (index, ARS-7 priority, turns to take out), kept to allocate nothing per pick
const FOE: number[] = [];
const PRI: number[] = [];
const TURNS: number[] = [];

/** `pickTarget`'s plain twin, which it keeps per combatant until a Health or a Taken Out changes (a test holds them equal). */
export function pickTargetOf(sim: FightView, i: number): number {
  const s = 1 - sim.side[i];
  let m = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] !== s || sim.out[j]) continue;
    const share = attackTable(sim, i, j).share;
    FOE[m] = j;
    PRI[m] = threat(sim, j) * share;
    TURNS[m++] = share > 0 ? 1 / share : 1e9;
  }
  const k = toConcede(sim, s);
  return k < m && m <= 12 ? FOE[firstOf(sim, plan(sim, m, k), m)] : FOE[firstOf(sim, (1 << m) - 1, m)];
}

/** The first of the foes in `set` (bits of the FOE rows) in ARS-7's order: the most priority, then Health, defense, file order. */
function firstOf(sim: FightView, set: number, m: number): number {
  let best = -1;
  for (let r = 0; r < m; r++) {
    if (!(set & (1 << r))) continue;
    if (best < 0 || before(sim, r, best)) best = r;
  }
  return best;
}

/** Whether foe row r comes before row q in ARS-7's order. */
function before(sim: FightView, r: number, q: number): boolean {
  const p = PRI[r],
    bp = PRI[q],
    j = FOE[r],
    b = FOE[q];
  return (
    p > bp + 1e-9 ||
    (p > bp - 1e-9 && (sim.hp[j] < sim.hp[b] || (sim.hp[j] === sim.hp[b] && defenseBase(sim, j) < defenseBase(sim, b))))
  );
}

/**
 * ARS-26: of the m able foes, the set of k whose take-outs end the fight (AR-E1) at the least cost, as bits of the FOE
 * rows. Each foe threatens its threat a turn until it is out, and takes 1 / share of the attacker's turns to take out;
 * a set taken out in ARS-7's order (the most threat a turn of work first, Smith's rule) costs each member's threat
 * times the turns until its fall, and the threat of every foe outside it times the turns until the last take-out. Of
 * equal costs, the set met first (counting up from the lowest rows, file order).
 */
function plan(sim: FightView, m: number, k: number): number {
  let best = 0,
    bestCost = Infinity;
  const ORDER: number[] = SCRATCH;
  for (let set = 0; set < 1 << m; set++) {
    if (popcount(set) !== k) continue;
    // the members in ARS-7's order (insertion: k is small)
    let n = 0;
    for (let r = 0; r < m; r++) {
      if (!(set & (1 << r))) continue;
      let at = n++;
      while (at > 0 && before(sim, r, ORDER[at - 1])) {
        ORDER[at] = ORDER[at - 1];
        at--;
      }
      ORDER[at] = r;
    }
    let turns = 0,
      cost = 0;
    for (let q = 0; q < n; q++) {
      turns += TURNS[ORDER[q]];
      cost += threatOfRow(sim, ORDER[q]) * turns;
    }
    for (let r = 0; r < m; r++) if (!(set & (1 << r))) cost += threatOfRow(sim, r) * turns;
    if (cost < bestCost - 1e-9) {
      bestCost = cost;
      best = set;
    }
  }
  return best;
}
const SCRATCH: number[] = [];

const threatOfRow = (sim: FightView, r: number): number => threat(sim, FOE[r]);

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/**
 * AR-E1 (ARS-26): the take-outs side s has still to suffer before it concedes: more than half of its characters out,
 * or all of them with `concede all`.
 */
export function toConcede(sim: FightView, s: number): number {
  let size = 0,
    gone = 0;
  for (let j = 0; j < sim.n; j++)
    if (sim.side[j] === s) {
      size++;
      if (sim.out[j]) gone++;
    }
  return (sim.concedeAll ? size : Math.floor(size / 2) + 1) - gone;
}

/** The threat i's attack removes from j now (ARS-7): j's threat times the expected share of its Health taken. */
export function priority(sim: FightView, i: number, j: number): number {
  return threat(sim, j) * attackTable(sim, i, j).share;
}

/** Why pickTarget chose t: its threat removed, the tie-breaks it took to single t out, and ARS-26's plan when it had one. */
export function targetReason(sim: FightView, i: number, t: number): string {
  const p = priority(sim, i, t);
  let samePri = 0,
    sameHp = 0,
    sameDef = 0,
    able = 0,
    ahead = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j]) continue;
    able++;
    if (j === t) continue;
    if (priority(sim, i, j) > p + 1e-9) ahead++;
    if (Math.abs(priority(sim, i, j) - p) > 1e-9) continue;
    samePri++;
    if (sim.hp[j] !== sim.hp[t]) continue;
    sameHp++;
    if (defenseBase(sim, j) === defenseBase(sim, t)) sameDef++;
  }
  const k = toConcede(sim, 1 - sim.side[i]);
  let r = `most threat removed ${p.toFixed(2)} (threat ${threat(sim, t).toFixed(2)}, Health ${sim.hp[t]})`;
  if (ahead > 0 && k < able)
    r = `first of the ${k} take-out${k === 1 ? '' : 's'} that end the fight at least cost (ARS-26): threat removed ${p.toFixed(2)} (threat ${threat(sim, t).toFixed(2)}, Health ${sim.hp[t]})`;
  if (samePri) r += `, then lowest Health ${sim.hp[t]}`;
  if (sameHp) r += `, then lowest Agility + armor + defense edge ${defenseBase(sim, t)}`;
  if (sameDef) r += ', then file order';
  return r;
}
