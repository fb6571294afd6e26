// Brute force over the physical cards for the Arcana hovers' figures (inspect.test.ts, hover-odds.test.ts).
import { cardValue } from '../../../engine/cards.js';
import { attackBase, damageBonus, defenseBase, type Character, type Encounter } from '../../../systems/arcana/model.js';
import { ArSim, renderEvent, type ArEvent } from '../../../systems/arcana/engine/index.js';

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

/**
 * Issue 34 item 7: the simulator of `enc` seeded `seed`, played turn by turn until its log has `lines` lines (a
 * stepped fight's lines so far: a turn boundary), and the cards a combatant there cannot know — the draw pile and
 * every hand but the one its cheats come from (AR-H1, AR-H2): what a hover's odds may flip from. The discard pile,
 * the face-up opposition card and its own hand are out.
 */
export function unknownAt(enc: Encounter, seed: number, lines: number): (who: string) => number[] {
  const sim = new ArSim(enc);
  let n = 0;
  const stop = new Error('stop');
  let next: ArEvent | undefined;
  // the stepped fight stops between events (after a round's opposition card, before a declaration): the
  // simulator stops as it is about to log the line after the last one shown
  sim.sink = {
    push: (e: ArEvent) => {
      if (renderEvent(e) === undefined) return;
      if (n === lines) {
        next = e;
        throw stop;
      }
      n++;
    },
  };
  try {
    sim.begin(seed);
    while (sim.result < 0) sim.playTurn();
  } catch (e) {
    if (e !== stop) throw e;
  }
  if (n !== lines) throw new Error(`the simulator's log has ${n} lines where the stepped fight has ${lines}`);
  return (who) => {
    const i = sim.names.indexOf(who);
    const own = sim.handOf(i);
    // the next line's event may have drawn already: a round's opposition card was on top of the draw pile, and a
    // reshuffle takes the discard pile in because the draw pile was empty (AR-F4)
    const r = next?.type === 'reshuffle' ? [] : sim.deck.drawPile();
    if (next?.type === 'round' && next.card !== null && next.card >= 0) r.push(next.card);
    sim.hands.forEach((h, k) => {
      if (k !== own) r.push(...h);
    });
    return r;
  };
}
