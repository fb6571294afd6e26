// Brute force over the physical cards for the Arcana hovers' figures (inspect.test.ts, hover-odds.test.ts).
import { cardValue } from '../../../engine/cards.js';
import { attackBase, damageBonus, defenseBase, type Character } from '../../../systems/arcana/model.js';

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const reduced = (n: number, d: number): string => (n === 0 ? '0' : `${n / gcd(n, d)}/${d / gcd(n, d)}`);

/**
 * P(hit) of `a` attacking `t` (Health `health`) by enumerating ordered physical cards from the 52 less `hand`:
 * (aim card,) attack flip, defense flip. With `cheat`, AR-C6: the lowest hand card that improves the outcome
 * (miss → hit → Taken Out) stands in for the attack flip (an aimed attack keeps the better of it and the aim card).
 */
export function bruteHit(
  a: Character,
  t: Character,
  health: number,
  hand: readonly number[],
  cheat: boolean,
  face: { card: number; attack: boolean; defense: boolean } | null = null,
  cards: readonly number[] = Array.from({ length: 52 }, (_, i) => i),
): string {
  // issue 34 item 7: the face-up opposition card is out of the deck, and is the flip it serves (AR-O3)
  const deck = cards.filter((c) => !hand.includes(c) && c !== face?.card);
  const aim = a.wields.kind === 'ranged';
  const hv = hand.map(cardValue).sort((x, y) => x - y);
  const cls = (av: number, dv: number): number => {
    const att = attackBase(a) + av,
      def = defenseBase(t) + dv;
    if (att <= def) return 0;
    return Math.max(1, att - def + damageBonus(a) - t.toughness) >= health ? 2 : 1;
  };
  let hits = 0,
    all = 0;
  const one = (aimV: number, f: number, d: number): void => {
    let av = Math.max(aimV, cardValue(face?.attack ? face.card : f));
    const dv = cardValue(face?.defense ? face.card : d);
    if (cheat) {
      const now = cls(av, dv);
      for (const h of hv)
        if (cls(Math.max(h, aimV), dv) > now) {
          av = Math.max(h, aimV);
          break;
        }
    }
    all++;
    if (cls(av, dv) > 0) hits++;
  };
  // a flip the opposition card serves is no draw: one placeholder card stands for it
  const fs = face?.attack ? [-2] : deck;
  const ds = face?.defense ? [-3] : deck;
  for (const f of fs) {
    for (const d of ds) {
      if (d === f) continue;
      if (!aim) {
        one(0, f, d);
        continue;
      }
      for (const x of deck) if (x !== f && x !== d) one(cardValue(x), f, d);
    }
  }
  return reduced(hits, all);
}
