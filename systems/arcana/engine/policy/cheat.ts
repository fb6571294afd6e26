// The policy's 'cheat' and 'answer-cheat' decisions (AR-C6, ARS-2): which card of
// its hand a side plays over one of its own flips, if any. Reads the hand, never
// changes it: the simulator plays the card chosen (sim.ts `cheat`).

import { value } from '../deck.js';
import type { FightView } from '../decisions.js';
import { damageOf, type AttackSpec } from '../odds.js';
import { attackTable } from './action.js';
import { pickTarget } from './target.js';
import { handMask, worthOf } from './value.js';

/**
 * AR-C6 (ARS-2): the hand position of the lowest card that changes the outcome in the flipper's favour
 * (`helps(value)`), of equal values the one held longest; −1: no cheat.
 */
export function cheatCard(hand: readonly number[], helps: (v: number) => boolean): number {
  let pick = -1;
  for (let k = 0; k < hand.length; k++) {
    const v = value(hand[k]);
    if ((pick < 0 || v < value(hand[pick])) && helps(v)) pick = k;
  }
  return pick;
}

/**
 * The answering side's cheat on t's Defense flip (issue 32, ARS-19), every tactic: the card whose gain is largest
 * and above nothing — the worth of the hit now less the worth of the hit with that card as the flip (value.ts:
 * Health removed, capped, plus the take-out), less what keeping the card is worth: how much worse t's own next
 * attack (on the target it would pick) gets without it. So a defender also cheats just to take damage off a hit
 * it cannot turn into a miss, when that is worth the card; of equal gains the lower card. −1: no cheat.
 * `a` is the attacker's final card value, `d` the defender's now.
 */
export function defenseCheatCard(
  v: FightView,
  t: number,
  spec: AttackSpec,
  a: number,
  d: number,
  hand: readonly number[],
): number {
  const now = worthOf(damageOf(spec, a, d), spec.health);
  if (now === 0) return -1;
  // the worth of a hit never rises with the defense card: when the highest card saves nothing, none does
  let top = 0;
  for (const c of hand) if (value(c) > top) top = value(c);
  if (worthOf(damageOf(spec, a, top), spec.health) >= now) return -1;
  const mask = handMask(hand, value);
  const tt = pickTarget(v, t);
  const own = tt >= 0 && v.applicable(t, tt) !== null ? attackTable(v, t, tt) : null;
  const base = own ? v.worth.attack(own, mask) : 0;
  let pick = -1,
    best = 1e-9;
  for (let k = 0; k < hand.length; k++) {
    const x = value(hand[k]);
    let seen = false;
    for (let j = 0; j < k; j++) if (value(hand[j]) === x) seen = true;
    if (seen) continue; // of equal values the card held longest
    const gain = now - worthOf(damageOf(spec, a, x), spec.health);
    if (gain <= best) continue;
    let cost = 0;
    if (own) {
      let twice = false;
      for (let j = k + 1; j < hand.length; j++) if (value(hand[j]) === x) twice = true;
      if (!twice) cost = Math.max(0, base - v.worth.attack(own, mask & ~(1 << (x - 2))));
    }
    const net = gain - cost;
    if (net > best + 1e-9 || (net > best - 1e-9 && pick >= 0 && x < value(hand[pick]))) {
      best = net;
      pick = k;
    }
  }
  return pick;
}
