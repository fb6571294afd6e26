// The simulator's decisions ("The simulator" → Decisions): the target every
// tactic attacks, and what `default`, `aggressive` and `cunning` declare, each
// with the reason the log prints. Deterministic, and blind to hidden cards
// (AR-H5): a tactic reads its own side's hand, public state and full-deck odds.

import type { Maneuver, Stat } from '../model.js';
import { STATS } from '../model.js';
import { atLeastThird, better, chanceStr, opposedChance, unopposedChance, type Chance } from './chances.js';
import type { AspectRef } from './events.js';

/**
 * What the decisions read of a combat in progress (the simulator has it all). Declared here, not imported
 * from sim.ts: the simulator calls these functions, so the two modules would otherwise import each other.
 */
export interface TacticsView {
  readonly n: number;
  readonly side: Int32Array;
  readonly out: Uint8Array;
  readonly hp: Int32Array;
  readonly armor: Int32Array;
  readonly defEdge: Int32Array;
  readonly tactic: Int32Array;
  readonly hands: readonly (readonly number[])[];
  readonly mans: readonly (readonly CManeuver[])[];
  readonly generic: CManeuver;
  stat(i: number, s: number): number;
  handOf(i: number): number;
  applicable(f: number, o: number): AspectRef | null;
  /** Whether a temporary aspect of this name lies on i, unspent (AR-S2). */
  bears(i: number, aspect: string): boolean;
}

export const T_DEFAULT = 0,
  T_AGGRESSIVE = 1,
  T_CUNNING = 2;
export const TACTIC_CODE = { default: T_DEFAULT, aggressive: T_AGGRESSIVE, cunning: T_CUNNING } as const;
export const MT_OPPONENT = 0,
  MT_SCENE = 1,
  MT_SELF = 2;
const TARGET_CODE = { opponent: MT_OPPONENT, scene: MT_SCENE, self: MT_SELF } as const;

export const statIndex = (s: Stat): number => STATS.indexOf(s);
/** STATS index of Agility (AR-A4). */
export const AGILITY = 2;

/** A maneuver as the simulator uses it: stats as indexes into STATS. */
export interface CManeuver {
  readonly name: string;
  readonly stat: number;
  readonly target: number;
  /** −1: unopposed. */
  readonly against: number;
  readonly tn: number;
  readonly aspect: string;
  readonly generic: boolean;
}

export function compileManeuver(m: Maneuver, tn: number, generic: boolean): CManeuver {
  return {
    name: m.name,
    stat: statIndex(m.stat),
    target: TARGET_CODE[m.target],
    against: m.against ? statIndex(m.against) : -1,
    tn,
    aspect: m.aspect,
    generic,
  };
}

/** AR-A4 without the flip: Agility + armor + defense edge (also the target tie-break). */
export function defenseBase(sim: TacticsView, j: number): number {
  return sim.stat(j, AGILITY) + sim.armor[j] + sim.defEdge[j];
}

/** The able enemy with the lowest Health, then the lowest Agility + armor + defense edge, then file order (every tactic, every turn, ARS-7). */
export function pickTarget(sim: TacticsView, i: number): number {
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
export function targetReason(sim: TacticsView, i: number, t: number): string {
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

/** The success chance of maneuver m by i against target t: full deck, no card removed (ARS-5); the opponent is the target (ARS-6). */
function chance(sim: TacticsView, i: number, m: CManeuver, t: number): Chance {
  const s = sim.stat(i, m.stat);
  return m.against >= 0 ? opposedChance(s, sim.stat(t, m.against)) : unopposedChance(s, m.tn);
}

/** The tactic's choice for i's turn against target t: a maneuver, or null to attack; `why` gets the reason when logging. */
export function choose(sim: TacticsView, i: number, t: number, why: string[] | null): CManeuver | null {
  const tac = sim.tactic[i];
  if (tac === T_AGGRESSIVE) {
    if (why) why.push('aggressive: always attacks');
    return null;
  }
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
  const mans = sim.mans[i];
  if (tac === T_CUNNING) {
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
  // step 2: the card-drawing maneuver with the best chance (ties: file order, generic last — strictly better replaces, ARS-5) if ≥ 1/3
  let best: CManeuver | null = null,
    bc: Chance = { n: -1, d: 1 };
  for (let k = 0; k <= mans.length; k++) {
    const m = k < mans.length ? mans[k] : sim.generic;
    if (m.target === MT_SELF) continue;
    const c = chance(sim, i, m, t);
    if (better(c, bc)) {
      best = m;
      bc = c;
    }
  }
  if (best && atLeastThird(bc)) {
    if (why) why.push(`step 2: best card-drawing maneuver, ${chanceStr(bc)} ≥ 1/3`);
    return best;
  }
  // …else, holding a card, the best self maneuver if ≥ 1/3
  if (hand.length > 0) {
    let bs: CManeuver | null = null,
      sc: Chance = { n: -1, d: 1 };
    for (const m of mans) {
      if (m.target !== MT_SELF) continue;
      const c = chance(sim, i, m, t);
      if (better(c, sc)) {
        bs = m;
        sc = c;
      }
    }
    if (bs && atLeastThird(sc)) {
      if (why) why.push(`step 2: holding a card, best self maneuver, ${chanceStr(sc)} ≥ 1/3`);
      return bs;
    }
  }
  if (why) why.push(best ? `step 3: no maneuver at 1/3 or better (best ${chanceStr(bc)})` : 'step 3: attack');
  return null;
}
