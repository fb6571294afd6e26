// `aces odds --exact` for Arcana (model/system.ts ExactReport): the exact odds
// of one attack of every stat block on every stat block of the other side,
// the numbers a character's hover shows (ARCANA.md "Exact odds"): P(hit),
// E[damage], P(Taken Out by that one hit from full Health) and the damage
// distribution. No cheat (hands are hidden and the simulator cheats only when
// it pays, AR-C6), a ranged attacker aims first as the simulator always does
// (AR-T5), and the flips are distinct cards of the encounter's deck: a
// homebrew or stacked `only` deck's own cards, else the 52 (a stacked deck's
// top cards come in a written order only once, so any one attack meets the
// whole deck). Exact rationals by enumerating card values (odds.ts).

import type { ExactReport } from '../../../model/system.js';
import type { Card, Character, Encounter } from '../model.js';
import { attackBase, damageBonus, defenseBase } from '../model.js';
import { value } from './deck.js';
import { fracText } from '../../../engine/fraction.js';
import {
  attackOddsOf,
  damageOf,
  enumerate,
  frac,
  fracNum,
  fracStr,
  type AttackOdds,
  type AttackSpec,
  type Frac,
} from './odds.js';
import { opposedPairs } from '../../../engine/pairs.js';

const STANDARD: readonly Card[] = Array.from({ length: 52 }, (_, i) => i);

/** The cards a flip may be in this encounter: the listed ones of a homebrew or `only` deck, else the 52. */
export function flipCards(enc: Encounter): readonly Card[] {
  return enc.deck.kind === 'homebrew' || enc.deck.only ? enc.deck.cards : STANDARD;
}

/** counts[v] (v = 2..14) of the values in `cards` (AR-F2: suits do nothing). */
function counts(cards: readonly Card[]): number[] {
  const c = new Array<number>(15).fill(0);
  for (const x of cards) c[value(x)]++;
  return c;
}

/** The attack of `a` on `t` as odds.ts takes it (AR-A2…A4, AR-D1, AR-D2, AR-T5), from full Health, no cheat. */
export function attackSpec(a: Character, t: Character): AttackSpec {
  return {
    attack: attackBase(a),
    defense: defenseBase(t),
    damageBonus: damageBonus(a),
    toughness: t.toughness,
    health: t.health,
    aim: a.wields.kind === 'ranged',
  };
}

/**
 * AR-A1…A6, AR-D1, AR-D4: one attack with flips drawn from `cards` (the aim card first, then the attack and
 * the defense flips, all distinct): its exact P(hit), damage distribution, mean and P(Taken Out).
 */
export function attackOddsIn(s: AttackSpec, cards: readonly Card[]): AttackOdds {
  const aim = s.aim ? 1 : 0;
  const dmg = new Map<number, number>();
  const total = enumerate(counts(cards), aim + 2, (v, w) => {
    const x = damageOf(s, Math.max(aim ? v[0] : 0, v[aim]), v[aim + 1]);
    dmg.set(x, (dmg.get(x) ?? 0) + w);
  });
  // a deck too small for the flips (a checker error): nothing can happen
  if (total === 0) return { pHit: frac(0), damage: new Map([[0, frac(1)]]), mean: frac(0), pOut: frac(0) };
  return attackOddsOf(dmg, total, s.health);
}

const pct = (f: Frac): string => `${(100 * fracNum(f)).toFixed(1)}%`;
const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

export function exactReport(enc: Encounter): ExactReport {
  const cards = flipCards(enc);
  const lines: string[] = [];
  const json: unknown[] = [];
  for (const [a, t] of opposedPairs(enc.sides)) {
    const s = attackSpec(a, t);
    const o = attackOddsIn(s, cards);
    const w = a.wields;
    lines.push(
      `${a.name} (${w.name}, ${w.kind}${w.finesse ? ' finesse' : ''} ${signed(w.bonus)}${s.aim ? ', aims first' : ''}) → ${t.name} (Health ${t.health}, Toughness ${t.toughness})`,
    );
    lines.push(
      `  P(hit) ${pct(o.pHit)} (${fracText(o.pHit)}) · E[damage] ${fracNum(o.mean).toFixed(2)} (${fracText(o.mean)}) · P(Taken Out) ${pct(o.pOut)} (${fracText(o.pOut)})`,
    );
    const hits = [...o.damage].filter(([x]) => x > 0);
    if (hits.length) lines.push(`  damage: ${hits.map(([x, p]) => `${x} ${pct(p)}`).join(' · ')}`);
    json.push({
      attacker: a.name,
      weapon: w.name,
      aims: !!s.aim,
      target: t.name,
      pHit: fracStr(o.pHit),
      mean: fracStr(o.mean),
      pTakenOut: fracStr(o.pOut),
      damage: Object.fromEntries([...o.damage].map(([x, p]) => [String(x), fracStr(p)])),
    });
  }
  const deck = cards === STANDARD ? 'the full 52-card Fate deck' : `the ${cards.length} cards of deck ${enc.deck.name}`;
  const notes = [
    `One attack, exact by enumeration: attack and defense flips (and a ranged attacker's aim card, AR-T5) are distinct cards of ${deck} (AR-A1…A6); damage is Starting Damage + weapon bonus + damage edge − Toughness, at least 1 on a hit (AR-D1); P(Taken Out) from full Health (AR-D4).`,
    'No cheat on either side (AR-C1): hands are secret, and the simulator cheats only when it changes the result (AR-C6); the Monte Carlo odds above include cheats, maneuvers and the opposition card.',
  ];
  return {
    title: 'exact odds of one attack per pair of stat blocks (AR-A1…A6, AR-D1)',
    lines,
    notes,
    json: { deck: cards === STANDARD ? 'standard' : enc.deck.name, pairs: json },
  };
}
