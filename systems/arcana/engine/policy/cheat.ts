// The policy's 'cheat' and 'answer-cheat' decisions (AR-C6, ARS-2): which card of
// its hand a side plays over one of its own flips, if any. Reads the hand, never
// changes it: the simulator plays the card chosen (sim.ts `cheat`).

import { value } from '../deck.js';

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
