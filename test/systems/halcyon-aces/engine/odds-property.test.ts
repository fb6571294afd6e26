// Property tests (fast-check): for random stat blocks, weapons, techniques,
// situations, defenses and deck states (partial, with duplicates, with known
// bottom cards, with a fatigue pile to reshuffle — HA-C5), the exact odds of
// engine/odds.ts equal a brute-force enumeration of every draw.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Stat, Weapon, WeaponProperty } from '../../../../systems/halcyon-aces/model.js';
import { checkOdds, strikeOdds, techniqueOdds } from '../../../../systems/halcyon-aces/engine/odds.js';
import type { DeckState } from '../../../../systems/halcyon-aces/engine/odds.js';
import {
  assertCheckMatches,
  assertMatches,
  block,
  bruteCheck,
  bruteOrdered,
  bruteSubsets,
  target,
  technique,
} from './odds-fixtures.js';

const statArb = fc.constantFrom<Stat>('heart', 'body', 'mind', 'spirit');

/** Small deck states; the shuffled part stays small enough for every ordering to be enumerated. */
const deckArb: fc.Arbitrary<DeckState> = fc.record({
  cards: fc.array(fc.integer({ min: 0, max: 51 }), { maxLength: 9 }),
  bottom: fc.array(fc.integer({ min: 0, max: 51 }), { maxLength: 2 }),
  fatigue: fc.array(fc.integer({ min: 0, max: 51 }), { maxLength: 5 }),
});

const weaponArb: fc.Arbitrary<Weapon> = fc
  .record({
    stat: statArb,
    bonus: fc.integer({ min: -2, max: 4 }),
    properties: fc.subarray<WeaponProperty>(['keen', 'brutal', 'scatter', 'quick', 'combo', 'light', 'heavy']),
    special: fc.constantFrom<'none' | 'unarmed' | 'standard' | 'heavy'>('none', 'unarmed', 'standard', 'heavy'),
  })
  .map(({ stat, bonus, properties, special }) => ({
    name: 'W',
    kind: 'melee' as const,
    stat,
    reach: 'engaged' as const,
    bonus,
    properties,
    ...(special === 'unarmed' ? { unarmed: true } : special === 'none' ? {} : { improvised: special }),
  }));

const situationArb = fc.record({
  strikeNumber: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
  offhand: fc.boolean(),
  assist: fc.boolean(),
  weakened: fc.boolean(),
  evModifier: fc.integer({ min: -3, max: 3 }),
});

/** Exhaustive oracle: subsets when the draw stays inside the shuffled part, else every ordering (HA-C5). */
function brute(deck: DeckState, profile: Parameters<typeof bruteSubsets>[1]) {
  return profile.draws <= deck.cards.length && deck.cards.length > 6
    ? bruteSubsets(deck.cards, profile)
    : bruteOrdered(deck, profile);
}

describe('odds properties (fast-check): exact == brute force', function () {
  this.timeout(120_000);

  it('HA-S1..S6/HA-W2..W5/HA-C5 random Strikes on random deck states', () => {
    fc.assert(
      fc.property(
        weaponArb,
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        situationArb,
        fc.integer({ min: 0, max: 24 }),
        fc.option(fc.integer({ min: 0, max: 24 }), { nil: undefined }),
        deckArb,
        (w, value, brawler, sit, guard, activeGuard, deck) => {
          const attacker = block('A', { [w.stat]: value }, { talents: brawler ? ['brawler'] : [] });
          const exact = strikeOdds(attacker, w, target(guard), { ...sit, activeGuard, deck });
          assertMatches(exact, brute(deck, exact.profile));
        },
      ),
      { numRuns: 300, seed: 4242 },
    );
  });

  it('HA-A4 random Techniques on random deck states', () => {
    fc.assert(
      fc.property(
        statArb,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<'guard' | 'resolve'>('guard', 'resolve'),
        fc.integer({ min: -1, max: 4 }),
        fc.integer({ min: 0, max: 22 }),
        fc.integer({ min: 0, max: 22 }),
        fc.boolean(),
        deckArb,
        (stat, value, against, bonus, guard, resolve, weakened, deck) => {
          const attacker = block('A', { [stat]: value });
          const t = technique('T', stat, against, bonus);
          const exact = techniqueOdds(attacker, t, target(guard, resolve), { weakened, deck });
          assertMatches(exact, brute(deck, exact.profile));
        },
      ),
      { numRuns: 200, seed: 777 },
    );
  });

  it('HA-K1..K3 random plain checks on random deck states', () => {
    fc.assert(
      fc.property(
        statArb,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 2, max: 22 }),
        fc.boolean(),
        fc.integer({ min: -2, max: 2 }),
        deckArb.filter((d) => d.cards.length <= 6),
        (stat, value, dc, assist, evModifier, deck) => {
          const exact = checkOdds(value, stat, dc, { assist, evModifier, deck });
          assertCheckMatches(exact, bruteCheck(deck, Math.max(2, value), stat, value, dc, exact.modifier));
        },
      ),
      { numRuns: 200, seed: 99 },
    );
  });

  it('HA-S1 P(hit) never rises with the defense; HA-A7 Assist never lowers E[damage] (full deck)', () => {
    fc.assert(
      fc.property(weaponArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 22 }), (w, value, guard) => {
        const attacker = block('A', { [w.stat]: value });
        const a = strikeOdds(attacker, w, target(guard));
        const b = strikeOdds(attacker, w, target(guard + 1));
        assert.ok(b.exact.hit <= a.exact.hit);
        const assisted = strikeOdds(attacker, w, target(guard), { assist: true });
        assert.ok(assisted.exact.damageSum >= a.exact.damageSum);
      }),
      { numRuns: 200, seed: 5 },
    );
  });
});
