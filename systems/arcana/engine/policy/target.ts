// The policy's 'target' decision (ARS-7): the able enemy every tactic aims its
// turn at, and the reason the log prints. Reads the fight, never changes it.

import { defenseBase, type FightView } from '../decisions.js';
import { attackTable, threat } from './tables.js';

/**
 * ARS-7 (issue 32): the able enemy whose attack now removes the most threat — its threat (tables.ts) times the share of
 * its Health the attack is expected to take (capped at all of it) — then the lowest Health, then the lowest Agility +
 * armor + defense edge, then file order; and when its side concedes before all of them are out (AR-E1), each foe's
 * part of its side's threat counts too (ARS-26, `priority`). Every tactic, every turn.
 */
export function pickTarget(sim: FightView, i: number): number {
  const memo = sim.worth;
  // i's target reads only its foes' Health and Taken Out (the other side's stamp) and i's attack numbers: it is kept
  // once for every ally that attacks with the same numbers (a group's copies: `peer`)
  const p = memo.peer[i] ?? (memo.peer[i] = peerOf(sim, i));
  const at = sim.stamps[1 - sim.side[i]];
  if (memo.targetAt[p] === at) return memo.target[p];
  memo.targetAt[p] = at;
  return (memo.target[p] = pickTargetKept(sim, p));
}

/**
 * `pickTargetOf` (its plain twin; a test holds `pickTarget` equal to it at every decision of many fights) with each
 * foe's priority kept per attacker and foe: a priority reads only the attacker's numbers, that foe's Health and its
 * side's sums (ARS-26), and the sums change only with a take-out (the threat of every one still standing, the
 * take-outs to go, how many stand). So when the side's Health changed and none of it was taken out, only the foes
 * whose Health changed are weighed again, and the same rows are ordered as the twin orders them. The Cellar Rite:
 * a pick is asked again about once a turn (every hit changes the foes' side), most often after one foe's Health
 * changed.
 */
function pickTargetKept(sim: FightView, i: number): number {
  const memo = sim.worth;
  const s = 1 - sim.side[i];
  sideSums(sim, s);
  const all = SIDE[0],
    k = SIDE[1];
  const anew = memo.priK[i] !== k || memo.priAll[i] !== all;
  memo.priK[i] = k;
  memo.priAll[i] = all;
  let m = 0;
  for (let j = 0; j < sim.n; j++) if (sim.side[j] === s && !sim.out[j]) FOE[m++] = j;
  const row = i * sim.n;
  for (let r = 0; r < m; r++) {
    const j = FOE[r],
      h = sim.hp[j];
    if (!anew && memo.priH[row + j] === h) PRI[r] = memo.priV[row + j];
    else {
      memo.priH[row + j] = h;
      memo.priV[row + j] = PRI[r] = weigh(attackTable(sim, i, j).share, threat(sim, j), all, k, m);
    }
  }
  return m > 0 ? FOE[firstOf(sim, m)] : -1;
}

/**
 * The first combatant of i's side whose attack reads the same numbers as i's (tables.ts `attackTableOf`: Attack Total
 * before the flip, damage bonus, aim): ARS-7 and ARS-26 read nothing else of the attacker, so the two always pick the
 * same target and `pickTarget` keeps one answer for both. i itself when none comes before it. Static in a fight.
 */
export function peerOf(sim: FightView, i: number): number {
  for (let p = 0; p < i; p++)
    if (
      sim.side[p] === sim.side[i] &&
      sim.stat(p, sim.atkStat[p]) + sim.wBonus[p] + sim.atkEdge[p] ===
        sim.stat(i, sim.atkStat[i]) + sim.wBonus[i] + sim.atkEdge[i] &&
      sim.wBonus[p] + sim.dmgEdge[p] === sim.wBonus[i] + sim.dmgEdge[i] &&
      sim.wRanged[p] === sim.wRanged[i]
    )
      return p;
  return i;
}

// scratch rows of the able foes (index, priority), kept to allocate nothing per pick
const FOE: number[] = [];
const PRI: number[] = [];
const SHARE: number[] = [];
const THREAT: number[] = [];

/**
 * ARS-7 with ARS-26: the threat an attack taking `share` of a foe's Health removes, the foe's threat `tj`, its side's
 * able characters' threat `all` (m of them), k take-outs still to go before that side concedes (toConcede): the foe's
 * own threat, and when k < m, 1/k of every other one's still standing (a take-out brings the concession nearer).
 */
function weigh(share: number, tj: number, all: number, k: number, m: number): number {
  return k < m ? share * (tj + (all - tj) / k) : tj * share;
}

/** `pickTarget`'s plain twin, which it keeps per combatant until a Health or a Taken Out changes (a test holds them equal). */
export function pickTargetOf(sim: FightView, i: number): number {
  const s = 1 - sim.side[i];
  let m = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] !== s || sim.out[j]) continue;
    FOE[m] = j;
    SHARE[m] = attackTable(sim, i, j).share;
    THREAT[m++] = threat(sim, j);
  }
  // ARS-26: a side that concedes before all of it falls loses, with each take-out of the k to go, 1/k of the threat
  // of every one of its characters still standing (the side's sums, kept per side: sideSums)
  sideSums(sim, s);
  const all = SIDE[0],
    k = SIDE[1];
  for (let r = 0; r < m; r++) PRI[r] = weigh(SHARE[r], THREAT[r], all, k, m);
  return m > 0 ? FOE[firstOf(sim, m)] : -1;
}

/** sideSums' answer: [the able characters' threat, the take-outs to go (toConcede), how many stand]. */
const SIDE = [0, 0, 0];

/**
 * Side s's sums into SIDE (ARS-26): the threat of its able characters, its take-outs to go before it concedes
 * (toConcede) and how many stand, kept per side until one of its characters is Taken Out (the side's `outStamps`).
 * Its plain twin is `sideSumsOf`; a test holds the two equal.
 */
export function sideSums(sim: FightView, s: number): readonly number[] {
  const memo = sim.worth;
  // the sums read only who of the side stands (threat is static): a Health change leaves them, a take-out does not
  const at = sim.outStamps[s];
  if (memo.sideAt[s] !== at) {
    sideSumsOf(sim, s);
    memo.sideAt[s] = at;
    memo.sideAll[s] = SIDE[0];
    memo.sideK[s] = SIDE[1];
    memo.sideM[s] = SIDE[2];
    return SIDE;
  }
  SIDE[0] = memo.sideAll[s];
  SIDE[1] = memo.sideK[s];
  SIDE[2] = memo.sideM[s];
  return SIDE;
}

/** `sideSums`' plain twin: the sums over side s now, into SIDE. */
export function sideSumsOf(sim: FightView, s: number): readonly number[] {
  let all = 0,
    m = 0;
  for (let q = 0; q < sim.n; q++)
    if (sim.side[q] === s && !sim.out[q]) {
      m++;
      all += threat(sim, q);
    }
  SIDE[0] = all;
  SIDE[1] = toConcede(sim, s);
  SIDE[2] = m;
  return SIDE;
}

/** The first of the m FOE rows in ARS-7's order: the most priority, then Health, defense, file order. */
function firstOf(sim: FightView, m: number): number {
  let best = 0;
  for (let r = 1; r < m; r++) if (before(sim, r, best)) best = r;
  return best;
}

/** Whether foe row r comes before row q: the more priority, then the less Health, then the lower defense. */
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

/**
 * The threat i's attack removes from j now (ARS-7): j's threat times the expected share of its Health taken; and when
 * j's side concedes before all of it falls (ARS-26), with j's part of its side's threat: one take-out of the k to go
 * ends 1/k of the threat of every one still standing.
 */
export function priority(sim: FightView, i: number, j: number): number {
  const [all, k, m] = sideSumsOf(sim, sim.side[j]);
  return weigh(attackTable(sim, i, j).share, threat(sim, j), all, k, m);
}

/** Why pickTarget chose t: its threat removed (ARS-26's when its side concedes before all fall), and the tie-breaks. */
export function targetReason(sim: FightView, i: number, t: number): string {
  const p = priority(sim, i, t);
  let samePri = 0,
    sameHp = 0,
    sameDef = 0,
    able = 0;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j]) continue;
    able++;
    if (j === t || Math.abs(priority(sim, i, j) - p) > 1e-9) continue;
    samePri++;
    if (sim.hp[j] !== sim.hp[t]) continue;
    sameHp++;
    if (defenseBase(sim, j) === defenseBase(sim, t)) sameDef++;
  }
  const k = toConcede(sim, sim.side[t]);
  let r = `most threat removed ${p.toFixed(2)} (threat ${threat(sim, t).toFixed(2)}, Health ${sim.hp[t]}`;
  r += k < able ? `; its side concedes after ${k} more take-out${k === 1 ? '' : 's'}, ARS-26)` : ')';
  if (samePri) r += `, then lowest Health ${sim.hp[t]}`;
  if (sameHp) r += `, then lowest Agility + armor + defense edge ${defenseBase(sim, t)}`;
  if (sameDef) r += ', then file order';
  return r;
}
