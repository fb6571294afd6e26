// Exact odds vs brute-force enumeration of every possible draw: the exact
// integer counts of engine/odds.ts must equal the tallies obtained by
// enumerating every hand, applying the play policy and resolving the played
// card with engine/strike-math.ts.
import assert from 'node:assert/strict';
import type { Card, Stat, StatBlock, Weapon } from '../../../../systems/halcyon-aces/model.js';
import { standardDeck } from '../../../../systems/halcyon-aces/engine/cards.js';
import { checkOdds, multiTargetOdds, strikeOdds, techniqueOdds } from '../../../../systems/halcyon-aces/engine/odds.js';
import type { DeckState } from '../../../../systems/halcyon-aces/engine/odds.js';
import {
  chooseCheckCard,
  chooseStrikeCard,
  effectiveValue,
  evaluateStrikeCard,
  strikeProfile,
  techniqueProfile,
} from '../../../../systems/halcyon-aces/engine/strike-math.js';
import type { StrikeOptions } from '../../../../systems/halcyon-aces/engine/strike-math.js';
import {
  UNARMED,
  assertCheckMatches,
  assertMatches,
  block,
  bruteCheck,
  bruteOrdered,
  bruteSubsets,
  cards,
  forEachSubset,
  playedCardCounts,
  tallyPlayed,
  target,
  technique,
  weapon,
} from './odds-fixtures.js';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(r: () => number, from: readonly Card[], n: number): Card[] {
  const a = [...from];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

const WEAPONS: Weapon[] = [
  weapon('Mace', 2),
  weapon('Rapier', 1, ['keen', 'light']),
  weapon('Maul', 3, ['brutal', 'heavy']),
  weapon('Razor Axe', 0, ['keen', 'brutal']),
  weapon('Dagger', 1, ['light', 'quick']),
  weapon('Flail', 2, ['combo']),
  weapon('Chair', 1, [], { improvised: 'heavy' }),
  UNARMED,
  weapon('Shotgun', 0, ['scatter'], { kind: 'firearm' }),
  weapon('Blunderbuss', 2, ['scatter', 'keen'], { kind: 'firearm' }),
  weapon('Bow', 1, ['quick'], { kind: 'ranged' }),
];

const SITUATIONS: StrikeOptions[] = [
  {},
  { strikeNumber: 2 },
  { strikeNumber: 3 },
  { strikeNumber: 2, offhand: true },
  { strikeNumber: 3, offhand: true },
  { assist: true },
  { weakened: true, strikeNumber: 2 },
  { assist: true, weakened: true, evModifier: 2 },
];

function attackerFor(stat: Stat, value: number, brawler: boolean): StatBlock {
  return block(`A${value}`, { [stat]: value }, { talents: brawler ? ['brawler'] : [] });
}

describe('exact odds == brute force: the full 52-card deck', function () {
  this.timeout(120_000);
  const deck = standardDeck();
  const cache = new Map<string, number[]>();
  const played = (stat: Stat, value: number) => {
    const key = `${stat}${value}`;
    let c = cache.get(key);
    if (!c) cache.set(key, (c = playedCardCounts(deck, Math.max(2, value), stat, value)));
    return c;
  };

  for (const value of [1, 2, 3, 4, 5, 6]) {
    it(`HA-K1/HA-S1..S6/HA-W2..W5 stat ${value} (draw ${Math.max(2, value)} of 52): every weapon × situation × Guard`, () => {
      let compared = 0;
      for (const w of WEAPONS) {
        for (const brawler of [false, true]) {
          if (brawler && !(w.unarmed || w.improvised)) continue;
          const attacker = attackerFor(w.stat, value, brawler);
          const counts = played(w.stat, value);
          for (const sit of SITUATIONS) {
            for (const guard of [4, 7, 9, 11, 13, 15, 17, 20, 23]) {
              const exact = strikeOdds(attacker, w, target(guard), sit);
              const brute = tallyPlayed(deck, counts, exact.profile);
              assert.equal(brute.total, exact.exact.total);
              assertMatches(exact, brute, `${w.name} stat ${value} ${JSON.stringify(sit)} guard ${guard}`);
              // Same sample space (k-subsets of 52): the counts are literally equal.
              assert.deepEqual(
                [exact.exact.hit, exact.exact.crit, exact.exact.damageSum],
                [brute.hit, brute.crit, brute.damageSum],
              );
              compared++;
            }
          }
        }
      }
      assert.ok(compared > 500);
    });
  }

  it('HA-A4 techniques vs Guard and Resolve, full deck, Spirit 1..6', () => {
    for (const value of [1, 2, 3, 4, 5, 6]) {
      const attacker = block('Mystic', { spirit: value }, { weapon: weapon('Staff', 1, ['keen']) });
      const counts = played('spirit', value);
      for (const t of [
        technique('Soul Lance', 'spirit', 'resolve', 2),
        technique('Spirit Fist', 'spirit', 'guard', 0),
      ]) {
        for (const def of [6, 9, 12, 15, 18]) {
          for (const opts of [{}, { weapon: null }, { assist: true }, { weakened: true }, { activeGuard: def + 3 }]) {
            const exact = techniqueOdds(attacker, t, target(def + 1, def), opts);
            assertMatches(exact, tallyPlayed(deck, counts, exact.profile), `${t.name} ${value} ${def}`);
          }
        }
      }
    }
  });

  it('the running-best enumeration agrees with the literal per-hand policy (draws of 2, 3 and 4)', () => {
    for (const value of [2, 3, 4]) {
      const w = weapon('Rapier', 1, ['keen']);
      const p = strikeProfile(attackerFor('body', value, false), w, target(12));
      const literal = bruteSubsets(deck, p);
      const fast = tallyPlayed(deck, played('body', value), p);
      assert.deepEqual(literal, fast);
    }
  });

  it('HA-K1..K3 plain checks, full deck, every stat value 1..4 and DC 2..20', () => {
    for (const value of [1, 2, 3, 4]) {
      for (const stat of (value < 4 ? ['heart', 'mind'] : ['mind']) as Stat[]) {
        for (const modifier of value < 4 ? [0, 1, -1] : [1]) {
          const succ = new Map<number, bigint>();
          let total = 0n;
          forEachSubset(deck, Math.max(2, value), (hand) => {
            total++;
            for (let dc = 2; dc <= 20; dc++) {
              const i = chooseCheckCard(hand, stat, value, dc, modifier);
              if (effectiveValue(hand[i], stat, value, modifier) >= dc) succ.set(dc, (succ.get(dc) ?? 0n) + 1n);
            }
          });
          for (let dc = 2; dc <= 20; dc++) {
            const o = checkOdds(value, stat, dc, { evModifier: modifier });
            assert.deepEqual(
              [o.exact.success, o.exact.total],
              [succ.get(dc) ?? 0n, total],
              `${stat} ${value} dc ${dc}`,
            );
          }
        }
      }
    }
  });
});

describe('exact odds == brute force: partial, stacked and homebrew decks', function () {
  this.timeout(120_000);

  it('partial decks (5–14 cards), every stat 1..6, all weapons, Guards 5..20', () => {
    const r = rng(12345);
    let compared = 0;
    for (let trial = 0; trial < 60; trial++) {
      const deck = sample(r, standardDeck(), 5 + Math.floor(r() * 10));
      const value = 1 + Math.floor(r() * 6);
      const w = WEAPONS[Math.floor(r() * WEAPONS.length)];
      const attacker = attackerFor(w.stat, value, r() < 0.5);
      const sit = SITUATIONS[Math.floor(r() * SITUATIONS.length)];
      for (const guard of [5, 8, 11, 14, 17, 20]) {
        const exact = strikeOdds(attacker, w, target(guard), { ...sit, deck });
        if (exact.ev.reshuffle) continue;
        assertMatches(exact, bruteSubsets(deck, exact.profile), `trial ${trial}`);
        compared++;
      }
    }
    assert.ok(compared >= 300);
  });

  it('homebrew decks with duplicates (a deck of only high Clubs, a deck of two suits twice)', () => {
    const decks = [cards('A♣ A♣ K♣ K♣ Q♣ 2♥ 2♥ 3♠ 3♠ 10♦'), cards('2♥ 2♥ 5♥ 5♥ 9♠ 9♠ J♠ J♠ A♥ A♠ 7♣')];
    for (const deck of decks) {
      for (const value of [1, 3, 5, 6]) {
        for (const w of WEAPONS) {
          for (const guard of [6, 10, 14, 18]) {
            const exact = strikeOdds(attackerFor(w.stat, value, true), w, target(guard), { deck, strikeNumber: 2 });
            assertMatches(exact, bruteSubsets(deck, exact.profile));
          }
        }
      }
    }
  });

  it('stacked decks (order known): a deck that is just the top cards gives certain outcomes', () => {
    const kael = block('Kael', { body: 4 });
    const exact = strikeOdds(kael, weapon('Longsword', 2), target(7), { deck: cards('10♣ 2♥ 3♥ 4♥') });
    assert.deepEqual([exact.exact.total, exact.exact.hit, exact.exact.crit], [1n, 1n, 1n]);
    assert.deepEqual([...exact.exact.damage], [[13, 1n]]);
  });

  it('the ordered-draw oracle and the subset oracle agree (no reshuffle)', () => {
    const r = rng(7);
    for (let trial = 0; trial < 15; trial++) {
      const deck = sample(r, standardDeck(), 6);
      const value = 2 + Math.floor(r() * 4);
      const p = strikeProfile(
        attackerFor('body', value, false),
        weapon('Axe', 1, ['keen']),
        target(8 + Math.floor(r() * 8)),
      );
      const exact = strikeOdds(attackerFor('body', value, false), weapon('Axe', 1, ['keen']), target(p.defense), {
        deck,
      });
      assertMatches(exact, bruteOrdered({ cards: deck }, p));
      assertMatches(exact, bruteSubsets(deck, p));
    }
  });
});

describe('exact odds == brute force over ordered draws: HA-C5 reshuffle', function () {
  this.timeout(120_000);

  it('HA-C5 the draw empties the deck and continues from the shuffled fatigue pile', () => {
    const r = rng(99);
    let compared = 0;
    for (let trial = 0; trial < 80; trial++) {
      const value = 2 + Math.floor(r() * 5); // draws 2..6
      const k = Math.max(2, value);
      const all = sample(r, standardDeck(), 12);
      const n = Math.floor(r() * k); // fewer than k: forces the reshuffle
      const b = r() < 0.3 ? Math.min(1, k - n - 1) : 0;
      const f = Math.min(6, Math.floor(r() * 7));
      const deck: DeckState = {
        cards: all.slice(0, n),
        bottom: all.slice(n, n + Math.max(0, b)),
        fatigue: all.slice(6, 6 + f),
      };
      const w = WEAPONS[Math.floor(r() * WEAPONS.length)];
      const attacker = attackerFor(w.stat, value, r() < 0.5);
      for (const guard of [6, 10, 14, 18]) {
        const exact = strikeOdds(attacker, w, target(guard), { deck, strikeNumber: (1 + (trial % 3)) as 1 | 2 | 3 });
        assertMatches(exact, bruteOrdered(deck, exact.profile), `trial ${trial} ${JSON.stringify(deck)}`);
        compared++;
      }
    }
    assert.ok(compared === 320);
  });

  it('HA-C5 plain checks with a reshuffle match the ordered-draw brute force', () => {
    const r = rng(2024);
    for (let trial = 0; trial < 40; trial++) {
      const value = 2 + Math.floor(r() * 5);
      const k = Math.max(2, value);
      const all = sample(r, standardDeck(), 12);
      const n = Math.floor(r() * (k + 2));
      const deck: DeckState = { cards: all.slice(0, Math.min(n, 6)), fatigue: all.slice(6, 6 + Math.floor(r() * 6)) };
      const stat = (['heart', 'body', 'mind', 'spirit'] as Stat[])[trial % 4];
      for (const dc of [6, 9, 12, 15, 18]) {
        const exact = checkOdds(value, stat, dc, { deck, assist: trial % 2 === 0 });
        assertCheckMatches(exact, bruteCheck(deck, k, stat, value, dc, exact.modifier), `trial ${trial}`);
      }
    }
  });

  it('HA-A4 techniques with a reshuffle match the ordered-draw brute force', () => {
    const deck: DeckState = { cards: cards('2♠ 9♥'), fatigue: cards('K♠ 5♦ J♣ A♥ 3♠') };
    const mystic = block('Mystic', { spirit: 5 }, { weapon: weapon('Staff', 1) });
    for (const def of [7, 10, 13, 16, 19]) {
      const t = technique('Soul Lance', 'spirit', 'resolve', 1);
      const exact = techniqueOdds(mystic, t, target(def, def), { deck });
      assertMatches(exact, bruteOrdered(deck, techniqueProfile(mystic, t, target(def, def))));
    }
  });
});

describe('exact odds == brute force: one draw against several targets', () => {
  it('HA-M1/HA-M2/HA-W3 multi-target: any hit, all hit and total damage over every hand', () => {
    const r = rng(31);
    for (let trial = 0; trial < 30; trial++) {
      const deck = sample(r, standardDeck(), 10);
      const value = 1 + Math.floor(r() * 5);
      const w = WEAPONS[Math.floor(r() * WEAPONS.length)];
      const defenses = [5 + Math.floor(r() * 12), 5 + Math.floor(r() * 12), 5 + Math.floor(r() * 12)];
      const p = strikeProfile(attackerFor(w.stat, value, false), w, target(defenses[0]));
      const exact = multiTargetOdds(p, defenses, deck);
      let total = 0n,
        any = 0n,
        all = 0n,
        dmg = 0n;
      forEachSubset(deck, p.draws, (hand) => {
        total++;
        const c = hand[chooseStrikeCard(hand, p)];
        const outs = defenses.map((defense) => evaluateStrikeCard(c, { ...p, defense }));
        if (outs.some((o) => o.hit)) any++;
        if (outs.every((o) => o.hit)) all++;
        for (const o of outs) dmg += BigInt(o.damage);
      });
      assert.deepEqual(exact.exact, { total, anyHit: any, allHit: all, damageSum: dmg }, `trial ${trial}`);
    }
  });
});
