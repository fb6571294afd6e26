// The policy's 'action' decision ("The simulator" → Decisions): what `default`,
// `aggressive` and `cunning` declare against the turn's target, each with the
// reason the log prints. Deterministic, and blind to hidden cards (AR-H5): a
// tactic reads its own side's hand, public state and full-deck odds. Reads the
// fight (decisions.ts FightView), never changes it.

import { chanceStr, opposedChance, unopposedChance, type Chance } from '../chances.js';
import {
  MT_OPPONENT,
  MT_SCENE,
  MT_SELF,
  T_AGGRESSIVE,
  T_DEFAULT,
  type CManeuver,
  type FightView,
} from '../decisions.js';
import { value } from '../deck.js';
import { handMask, type Table } from './value.js';
import { pickTarget } from './target.js';
import { attackTable } from './tables.js';

/** The success chance of maneuver m by i against target t: full deck, no card removed (ARS-5); the opponent is the target (ARS-6). */
function chance(sim: FightView, i: number, m: CManeuver, t: number): Chance {
  const s = sim.stat(i, m.stat);
  return m.against >= 0 ? opposedChance(s, sim.stat(t, m.against)) : unopposedChance(s, m.tn);
}

/** The best success chance of i's maneuvers (the generic one included) on t: static in a fight, kept per pair (its plain twin `pmaxOf`). */
function pmaxKept(sim: FightView, i: number, t: number): number {
  const k = i * sim.n + t;
  const p = sim.worth.pmax[k];
  return p !== undefined ? p : (sim.worth.pmax[k] = pmaxOf(sim, i, t));
}

/** `pmaxKept`'s plain twin. */
export function pmaxOf(sim: FightView, i: number, t: number): number {
  const mans = sim.mans[i];
  let pmax = 0;
  for (let k = 0; k <= mans.length; k++) {
    const c = chance(sim, i, k < mans.length ? mans[k] : sim.generic, t);
    if (c.n / c.d > pmax) pmax = c.n / c.d;
  }
  return pmax;
}

/** The tactic's choice for i's turn against target t: a maneuver, or null to attack; `why` gets the reason when logging. */
export function choose(sim: FightView, i: number, t: number, why: string[] | null): CManeuver | null {
  const tac = sim.tactic[i];
  if (tac === T_AGGRESSIVE) return chooseAggressive(sim, i, t, why);
  if (tac === T_DEFAULT) return chooseByWorth(sim, i, t, why);
  const hand = sim.hands[sim.handOf(i)];
  // step 1: a card in hand and an aspect that applies to an attack on the target
  if (hand.length > 0) {
    const a = sim.applicable(i, t);
    if (a) {
      if (why)
        why.push(
          `step 1: can cheat, ${hand.length} in hand and ${a.kind === 'temporary' ? a.name : `"${a.name}"`} applies`,
        );
      return null;
    }
  }
  // cunning, step 2: its first declared maneuver, else the generic one
  const mans = sim.mans[i];
  const m = mans.length ? mans[0] : sim.generic;
  // ARS-17: a self maneuver whose aspect already lies on it unspent would place a second copy it cannot invoke
  // before the first: it attacks instead (step 3), so an empty-handed trickster does not stand there for ever
  if (m.target === MT_SELF && sim.bears(i, m.aspect)) {
    if (why) why.push(`cunning: "${m.aspect}" already lies on it unspent, so it attacks (ARS-17)`);
    return null;
  }
  if (why)
    why.push(
      mans.length ? 'cunning: its first declared maneuver' : 'cunning: no declared maneuver, the generic one (AR-M6)',
    );
  return m;
}

// scratch rows of chooseByWorth (a turn's foes), kept to allocate nothing per turn
const FOE: number[] = [];
const FOE_TAB: (Table | undefined)[] = [];
const FOE_NOW: number[] = [];

/** The value the lookahead gives a Fate Card it has not seen (AR-H4): the full deck's middle value, 8 (ARS-5). */
const UNSEEN_BIT = 1 << (8 - 2);
const ACE_BIT = 1 << 12;

const f2 = (x: number): string => x.toFixed(2);

/**
 * `default` (issue 32, ARS-18): an attack now is worth what value.ts says (Health removed, capped, plus the
 * take-out, with the cheat its hand and an applicable aspect allow). A maneuver gives up that attack for one cheat
 * to come: on success (its exact chance on the full deck) it places an aspect that serves one invocation — on the
 * target, the scene or itself, each applying to its next attack on the target and to its defense against the foes it
 * opposes (AR-S3) — and a card-drawing one adds a Fate Card (AR-M5; taken as an 8, the full deck's middle value).
 * That cheat is worth the better of the two: the next attack's gain, or what it saves on its Defense flip against a
 * foe that has it as its target. It maneuvers only when the chance times that gain is strictly more than the attack
 * now.
 */
function chooseByWorth(sim: FightView, i: number, t: number, why: string[] | null): CManeuver | null {
  const tab = attackTable(sim, i, t);
  if (why === null && surelyAttacks(sim, i, t, tab)) return null;
  return weighManeuvers(sim, i, t, tab, why);
}

/**
 * `aggressive` (ARS-27): it goes for its foe — an attack, or a maneuver on that foe or on the scene when `default`'s
 * weighing (ARS-18) says the cheat it sets up is worth more than the attack now; never a self maneuver (it does not
 * take cover). The spec's "always attacks" left a brawler with no aspect of its own swinging at a foe it hardly hits
 * while the Hand of Fate sat unused (the fresh Soften the Blow, 16–34 points on single decisions).
 */
function chooseAggressive(sim: FightView, i: number, t: number, why: string[] | null): CManeuver | null {
  const tab = attackTable(sim, i, t);
  // without a log, the tighter bound of the aggressive turn first (its twin: the log's path below, a test holds the
  // two equal); past it the weighing's own bound answers as surelyAttacks would, so the choice is the same
  if (why === null) return aggressiveAttacks(sim, i, t, tab) ? null : weighManeuvers(sim, i, t, tab, null, true);
  if (surelyAttacks(sim, i, t, tab)) {
    if (why) why.push('aggressive: attacks, no maneuver on its foe can be worth more (ARS-27)');
    return null;
  }
  return weighManeuvers(sim, i, t, tab, why, true);
}

/**
 * `chooseByWorth` past its bound (`surelyAttacks`): the attack now against each maneuver's cheat to come. Its own
 * function because it is rare (about one turn in a thousand on the samples' fast path): the compiler keeps it out of
 * the common turn's code, which otherwise it would throw away and build again the first time a turn gets here.
 */
function weighManeuvers(
  sim: FightView,
  i: number,
  t: number,
  tab: Table,
  why: string[] | null,
  aggressive = false,
): CManeuver | null {
  const memo = sim.worth;
  const hand = sim.hands[sim.handOf(i)];
  const mask = handMask(hand, value);
  const a0 = memo.attack(tab, mask !== 0 && sim.canInvoke(i, t) ? mask : 0);
  // a card-drawing maneuver's hand after its draw: one more card (an 8), less the lowest past the limit (AR-H3)
  let drawn = mask | UNSEEN_BIT;
  if (hand.length >= sim.limit && mask !== 0) {
    const low = mask & -mask;
    if (low < UNSEEN_BIT && !hasTwo(hand, 33 - Math.clz32(low))) drawn &= ~low;
  }
  let best: CManeuver | null = null,
    bestW = a0,
    bestC: Chance = { n: 0, d: 1 },
    top: CManeuver | null = null,
    topW = -1,
    topC: Chance = { n: 0, d: 1 };
  const mans = sim.mans[i];
  // every foe picks the same target (ARS-7 reads only its side): t's pick is theirs
  const targeted = pickTarget(sim, t) === i;
  if (why === null) {
    // a bound first (the same choice, sooner): no maneuver's chance times the most a cheat could gain beats the
    // attack. The twin test (play.test.ts) holds this path equal to the full weighing below (`why` given).
    const pmax = pmaxKept(sim, i, t);
    if (pmax * (tab.aceAll - a0) <= a0) {
      let g = 0;
      for (let j = 0; j < sim.n; j++) {
        if (!targeted || sim.side[j] === sim.side[i] || sim.out[j] !== 0) continue;
        const ft = attackTable(sim, j, i);
        const d = ft.base - memo.defense(ft, ACE_BIT);
        if (d > g) g = d;
      }
      if (pmax * g <= a0) return null;
    }
  }
  // the foes whose target is i (they attack it next), each with its attack's table and what it takes from i now
  let nf = 0;
  for (let j = 0; j < sim.n; j++) {
    if (!targeted || sim.side[j] === sim.side[i] || sim.out[j] !== 0) continue;
    const ft = attackTable(sim, j, i);
    FOE[nf] = j;
    FOE_TAB[nf] = ft;
    FOE_NOW[nf++] = memo.defense(ft, sim.canInvoke(i, j) ? mask : 0);
  }
  for (let k = 0; k <= mans.length; k++) {
    const m = k < mans.length ? mans[k] : sim.generic;
    if (aggressive && m.target === MT_SELF) continue; // ARS-27: aggressive never takes cover
    const c = chance(sim, i, m, t);
    const h = m.target === MT_SELF ? mask : drawn;
    if (h === 0) continue; // no card to cheat with: the aspect alone is worth nothing
    // one cheat to come: the next attack on t, or a defense against a foe whose target is i (only t for an aspect on t)
    let gain = Math.max(0, memo.attack(tab, h) - a0);
    for (let f = 0; f < nf; f++) {
      if (m.target === MT_OPPONENT && FOE[f] !== t) continue;
      const g = FOE_NOW[f] - memo.defense(FOE_TAB[f]!, h);
      if (g > gain) gain = g;
    }
    const w = (c.n / c.d) * gain;
    if (w > topW + 1e-9) {
      top = m;
      topW = w;
      topC = c;
    }
    if (w > bestW + 1e-9) {
      best = m;
      bestW = w;
      bestC = c;
    }
  }
  if (why) {
    const who = aggressive ? 'aggressive' : 'default';
    if (best)
      why.push(
        `${who}: ${best.name} (${chanceStr(bestC)}) is worth ${f2(bestW)} in a cheat to come, an attack now ${f2(a0)}${aggressive ? ' (ARS-27)' : ''}`,
      );
    else
      why.push(
        `${who}: an attack now is worth ${f2(a0)}${top ? `; ${top.name} (${chanceStr(topC)}) ${f2(topW)} in a cheat to come` : ''}`,
      );
  }
  return best;
}

/**
 * The fast path of `chooseByWorth` (its twin: the full weighing, which runs whenever the log asks why; a test holds
 * the two equal): true when no maneuver can be worth more than the attack whatever i holds. An attack is worth at
 * least its worth with no cheat (`tab.base`; a cheat only adds), and a maneuver at most its best chance times the
 * most one cheat could add: every attack card an ace (`aceAll`), or an ace on the Defense flip against a foe whose
 * target i is. Reads no hand: Health, the able foes and static chances only.
 */
export function surelyAttacks(sim: FightView, i: number, t: number, tab: Table): boolean {
  const pmax = pmaxKept(sim, i, t);
  const base = tab.base;
  if (pmax * (tab.aceAll - base) > base) return false;
  // the defense part (an ace on i's Defense flip) counts only when a foe comes for i (t's pick, ARS-7: every foe picks
  // as t does); the bound over every able foe is asked first, and whom t picks only when that bound fails, so most
  // turns never ask it (a recompute whenever i's side's Health changed)
  const memo = sim.worth;
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j] !== 0) continue;
    const ft = attackTable(sim, j, i);
    if (pmax * (ft.base - memo.defense(ft, ACE_BIT)) > base) return pickTarget(sim, t) !== i;
  }
  return true;
}

/**
 * The fast path of `chooseAggressive` without a log (ARS-27; its plain twin is the log's path, `surelyAttacks` then the
 * full weighing, and a test holds the two equal): true when no maneuver on its foe or the scene can be worth more
 * than the attack now. Tighter than `surelyAttacks`, because an aggressive turn never takes cover. A maneuver's card
 * (an 8, ARS-5) adds to the next attack at most what an 8 alone adds to no cheat, whenever the attack now already
 * counts the hand's cheat (an aspect applies) or the hand is empty: with more cards in hand, an 8 can only stand in for
 * a higher card or for none. And a maneuver on the foe serves on the Defense flip against that foe alone (AR-S3), so
 * only t's attack counts there, unless i knows a scene maneuver. The Cellar Rite's cultists: 91% of their turns settled
 * here, against 66% by `surelyAttacks`.
 */
export function aggressiveAttacks(sim: FightView, i: number, t: number, tab: Table): boolean {
  const pmax = pmaxKept(sim, i, t);
  const base = tab.base;
  const memo = sim.worth;
  // surelyAttacks' test first (every card an ace), the 8's only where that one fails
  if (
    pmax * (tab.aceAll - base) > base &&
    (!(sim.hands[sim.handOf(i)].length === 0 || sim.canInvoke(i, t)) ||
      pmax * (memo.attack(tab, UNSEEN_BIT) - base) > base)
  )
    return false;
  const mans = sim.mans[i];
  let scene = false;
  for (let k = 0; k < mans.length; k++) if (mans[k].target === MT_SCENE) scene = true;
  if (!scene) {
    // t's own attack on i first: when even an ace on that Defense flip is not worth the maneuver, whom t picks does
    // not matter, so it is asked only past that bound (no foe comes for i: no defense to gain)
    const ft = attackTable(sim, t, i);
    return pmax * (ft.base - memo.defense(ft, ACE_BIT)) <= base || pickTarget(sim, t) !== i;
  }
  if (pickTarget(sim, t) !== i) return true; // no foe comes for i: no defense to gain
  for (let j = 0; j < sim.n; j++) {
    if (sim.side[j] === sim.side[i] || sim.out[j] !== 0) continue;
    const ft = attackTable(sim, j, i);
    if (pmax * (ft.base - memo.defense(ft, ACE_BIT)) > base) return false;
  }
  return true;
}

/** Whether the hand holds two cards or more of value v. */
function hasTwo(hand: readonly number[], v: number): boolean {
  let k = 0;
  for (const c of hand) if (value(c) === v) k++;
  return k >= 2;
}
