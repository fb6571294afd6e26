// The policy's 'action' decision ("The simulator" → Decisions): what `default`,
// `aggressive` and `cunning` declare against the turn's target, each with the
// reason the log prints. Deterministic, and blind to hidden cards (AR-H5): a
// tactic reads its own side's hand, public state and full-deck odds. Reads the
// fight (decisions.ts FightView), never changes it.

import { atLeastThird, better, chanceStr, opposedChance, unopposedChance, type Chance } from '../chances.js';
import { MT_SELF, T_AGGRESSIVE, T_CUNNING, type CManeuver, type FightView } from '../decisions.js';

/** The success chance of maneuver m by i against target t: full deck, no card removed (ARS-5); the opponent is the target (ARS-6). */
function chance(sim: FightView, i: number, m: CManeuver, t: number): Chance {
  const s = sim.stat(i, m.stat);
  return m.against >= 0 ? opposedChance(s, sim.stat(t, m.against)) : unopposedChance(s, m.tn);
}

/** The tactic's choice for i's turn against target t: a maneuver, or null to attack; `why` gets the reason when logging. */
export function choose(sim: FightView, i: number, t: number, why: string[] | null): CManeuver | null {
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
