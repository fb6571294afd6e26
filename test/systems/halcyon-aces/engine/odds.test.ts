// Exact odds (engine/odds.ts) and the one-card arithmetic (engine/strike-math.ts):
// the rules one by one, the worked examples of RULES.md, and hand-countable odds.
import assert from 'node:assert/strict';
import { cardName, standardDeck } from '../../../../systems/halcyon-aces/engine/cards.js';
import {
  checkOdds,
  maxEvDistribution,
  strikeOdds,
  strikeOddsByNumber,
  techniqueOdds,
} from '../../../../systems/halcyon-aces/engine/odds.js';
import {
  chooseCheckCard,
  chooseStrikeCard,
  effectiveValue,
  evaluateStrikeCard,
  strikeProfile,
  techniqueProfile,
} from '../../../../systems/halcyon-aces/engine/strike-math.js';
import { LONGSWORD, UNARMED, block, card, cards, target, technique, weapon } from './odds-fixtures.js';

const kael = block('Kael', { heart: 2, body: 4, mind: 2, spirit: 1 }, { weapon: LONGSWORD });
const mira = block('Mira', { spirit: 4 });
const dagger = weapon('Dagger', 1, ['light', 'quick']);
const offDagger = weapon('Off Dagger', 0, ['light']);
const plain = weapon('Mace', 2);

describe('strike-math: one played card', () => {
  it('HA-K2 Resonance adds the stat when the suit matches', () => {
    assert.equal(effectiveValue(card('10♣'), 'body', 4), 14);
    assert.equal(effectiveValue(card('10♥'), 'body', 4), 10);
    assert.equal(effectiveValue(card('K♠'), 'spirit', 4), 17);
  });

  it('HA-S1/HA-S2 hit when EV ≥ Guard; EV equal to Guard still deals the weapon bonus', () => {
    const p = strikeProfile(kael, LONGSWORD, target(10));
    const eq = evaluateStrikeCard(card('10♥'), p);
    assert.deepEqual([eq.hit, eq.crit, eq.damage, eq.margin], [true, false, 2, 0]);
    const miss = evaluateStrikeCard(card('9♥'), p);
    assert.deepEqual([miss.hit, miss.damage], [false, 0]);
  });

  it('HA-S3 crit at 6 over adds the stat; 5 over is not a crit', () => {
    const p = strikeProfile(kael, LONGSWORD, target(7));
    const five = evaluateStrikeCard(card('Q♥'), p); // EV 12, 5 over
    assert.deepEqual([five.crit, five.damage], [false, 7]);
    const six = evaluateStrikeCard(card('K♥'), p); // EV 13, 6 over
    assert.deepEqual([six.crit, six.damage, six.critBonus, six.cardTo], [true, 6 + 2 + 4, 4, 'deck-bottom']);
  });

  it('HA-W2 Keen crits at 5 over', () => {
    const p = strikeProfile(kael, weapon('Rapier', 1, ['keen']), target(7));
    const five = evaluateStrikeCard(card('Q♥'), p);
    assert.deepEqual([five.crit, five.damage], [true, 5 + 1 + 4]);
    assert.equal(evaluateStrikeCard(card('J♥'), p).crit, false);
  });

  it('HA-W2 Brutal adds twice the stat on a crit', () => {
    const p = strikeProfile(kael, weapon('Maul', 3, ['brutal', 'heavy']), target(7));
    assert.equal(evaluateStrikeCard(card('K♥'), p).damage, 6 + 3 + 8);
    assert.equal(evaluateStrikeCard(card('Q♥'), p).damage, 5 + 3);
  });

  it('HA-W3 Scatter deals −1 bonus damage; damage never goes below 0', () => {
    const gunner = block('Gunner', { mind: 3 });
    const shotgun = weapon('Shotgun', 0, ['scatter'], { kind: 'firearm' });
    const p = strikeProfile(gunner, shotgun, target(9));
    assert.equal(p.stat, 'mind');
    assert.equal(p.bonus, -1);
    const o = evaluateStrikeCard(card('9♥'), p); // EV 9 = Guard: hit, 0 + (0 − 1) → 0
    assert.deepEqual([o.hit, o.damage, o.baseDamage], [true, 0, -1]);
    assert.equal(evaluateStrikeCard(card('J♥'), p).damage, 1);
    // A single-target shot that forgoes the zone effect keeps the full bonus (option).
    assert.equal(strikeProfile(gunner, shotgun, target(9), { scatter: false }).bonus, 0);
  });

  it('HA-S4 the 2nd Strike is at −2 and the 3rd at −4', () => {
    assert.equal(strikeProfile(kael, plain, target(7), { strikeNumber: 1 }).modifier, 0);
    assert.equal(strikeProfile(kael, plain, target(7), { strikeNumber: 2 }).modifier, -2);
    assert.equal(strikeProfile(kael, plain, target(7), { strikeNumber: 3 }).modifier, -4);
    const o = evaluateStrikeCard(card('10♣'), strikeProfile(kael, plain, target(7), { strikeNumber: 2 }));
    assert.deepEqual([o.ev, o.crit, o.damage], [12, false, 5 + 2]);
  });

  it('HA-S5 Quick and Combo: no penalty on the 2nd Strike, the 3rd is still −4', () => {
    for (const w of [dagger, weapon('Nunchaku', 1, ['combo'])]) {
      assert.equal(strikeProfile(kael, w, target(7), { strikeNumber: 2 }).modifier, 0, w.name);
      assert.equal(strikeProfile(kael, w, target(7), { strikeNumber: 3 }).modifier, -4, w.name);
    }
  });

  it('HA-S6 off-hand 2nd Strike: no penalty, only the off-hand bonus; the 3rd is −4', () => {
    const p2 = strikeProfile(kael, offDagger, target(7), { strikeNumber: 2, offhand: true });
    assert.deepEqual([p2.modifier, p2.bonus], [0, 0]);
    const p3 = strikeProfile(kael, offDagger, target(7), { strikeNumber: 3, offhand: true });
    assert.deepEqual([p3.modifier, p3.bonus], [-4, 0]);
  });

  it('HA-W5 Brawler gives +2 EV with unarmed or improvised attacks only', () => {
    const brawler = block('Brute', { body: 3 }, { talents: ['brawler'] });
    const chair = weapon('Chair', 0, [], { improvised: 'standard' });
    assert.equal(strikeProfile(brawler, UNARMED, target(8)).modifier, 2);
    assert.equal(strikeProfile(brawler, chair, target(8)).modifier, 2);
    assert.deepEqual(strikeProfile(brawler, chair, target(8)).critEffects, ['breaks']); // HA-W4
    assert.equal(strikeProfile(brawler, LONGSWORD, target(8)).modifier, 0);
    assert.equal(strikeProfile(block('Nobody', {}), UNARMED, target(8)).modifier, 0);
    // HA-K4: after Resonance, with the multi-Strike penalty.
    const p = strikeProfile(brawler, UNARMED, target(8), { strikeNumber: 2 });
    assert.equal(evaluateStrikeCard(card('9♣'), p).ev, 9 + 3 + 2 - 2);
  });

  it('HA-A7 Assist +1 and HA-T3 Weakened −1 apply after Resonance (HA-K4)', () => {
    assert.equal(strikeProfile(kael, plain, target(7), { assist: true }).modifier, 1);
    assert.equal(strikeProfile(kael, plain, target(7), { weakened: true }).modifier, -1);
    assert.equal(strikeProfile(kael, plain, target(7), { assist: true, weakened: true, strikeNumber: 3 }).modifier, -4);
    const p = strikeProfile(kael, plain, target(7), { assist: true });
    const o = evaluateStrikeCard(card('8♣'), p); // 8 + 4 + 1 = 13, 6 over → crit
    assert.deepEqual([o.ev, o.crit, o.damage], [13, true, 6 + 2 + 4]);
  });

  it('HA-A5 Active Guard replaces Guard but not Resolve', () => {
    assert.equal(strikeProfile(kael, plain, target(7, 6), { activeGuard: 15 }).defense, 15);
    const soul = technique('Soul Lance', 'spirit', 'resolve', 1);
    assert.equal(techniqueProfile(mira, soul, target(7, 6), { activeGuard: 15 }).defense, 6);
    assert.equal(techniqueProfile(mira, soul, target(7, 6), { defense: 11 }).defense, 11);
  });

  it('techniques (ruling on HA-S2): weapon-in-hand bonus + technique bonus, no Strike penalty or weapon property', () => {
    const armed = block('Mira', { spirit: 4 }, { weapon: weapon('Keen Staff', 1, ['keen', 'brutal']) });
    const soul = technique('Soul Lance', 'spirit', 'resolve', 2);
    const p = techniqueProfile(armed, soul, target(10, 8));
    assert.deepEqual(
      [p.stat, p.defense, p.bonus, p.critMargin, p.critStatMultiplier, p.modifier],
      ['spirit', 8, 3, 6, 1, 0],
    );
    assert.equal(techniqueProfile(armed, soul, target(10, 8), { weapon: null }).bonus, 2);
    const brawler = block('Brute', { body: 3 }, { talents: ['brawler'] });
    assert.equal(techniqueProfile(brawler, technique('Slam', 'body', 'guard', 0), target(8)).modifier, 0);
  });
});

describe('RULES.md worked examples', () => {
  it('HA-K2/HA-K3 Kael, Body 3, DC 9, draws 5♣ 9♦ Q♣: plays 9♦ (EV 9); Q♣ would be EV 15', () => {
    const hand = cards('5♣ 9♦ Q♣');
    const i = chooseCheckCard(hand, 'body', 3, 9);
    assert.equal(cardName(hand[i]), '9♦');
    assert.equal(effectiveValue(hand[i], 'body', 3), 9);
    assert.equal(effectiveValue(card('Q♣'), 'body', 3), 15);
    // The attack policy plays the highest EV instead.
    assert.equal(chooseStrikeCard(hand, { stat: 'body', statValue: 3, modifier: 0 }), 2);
    // No card succeeds → the lowest (ruling).
    assert.equal(chooseCheckCard(hand, 'body', 3, 16), 0);
  });

  it('HA-S3 Kael, Body 4, 10♣ vs Guard 7 with a Longsword: EV 14, 9 + 4 = 13 damage, crit, card to the deck bottom', () => {
    const o = evaluateStrikeCard(card('10♣'), strikeProfile(kael, LONGSWORD, target(7)));
    assert.equal(o.ev, 14);
    assert.equal(o.baseDamage, 9);
    assert.equal(o.critBonus, 4);
    assert.equal(o.damage, 13);
    assert.equal(o.crit, true);
    assert.equal(o.cardTo, 'deck-bottom');
    assert.deepEqual([o.breakdown.base, o.breakdown.resonance], [10, 4]);
    // Exactly: a stacked deck whose top two are 10♣ and 2♥ always deals 13.
    const odds = strikeOdds(kael, LONGSWORD, target(7), { deck: cards('10♣ 2♥') });
    assert.deepEqual([...odds.exact.damage], [[13, 1n]]);
  });

  it('HA-S3 Mira, Spirit 4, K♠ vs Resolve 8: EV 17, 9 over, damage 9 + weapon bonus + 4', () => {
    const m = block('Mira', { spirit: 4 }, { weapon: weapon('Wand', 1, [], { kind: 'ranged' }) });
    const o = evaluateStrikeCard(
      card('K♠'),
      techniqueProfile(m, technique('Soul Lance', 'spirit', 'resolve', 0), target(10, 8)),
    );
    assert.deepEqual([o.ev, o.margin, o.crit, o.damage, o.cardTo], [17, 9, true, 9 + 1 + 4, 'deck-bottom']);
  });

  it('HA-S4/HA-S5 a 3rd Strike with a Quick weapon is at −4; a plain weapon is −2 then −4', () => {
    const [q1, q2, q3] = strikeOddsByNumber(kael, dagger, target(7));
    assert.deepEqual([q1.profile.modifier, q2.profile.modifier, q3.profile.modifier], [0, 0, -4]);
    const [p1, p2, p3] = strikeOddsByNumber(kael, plain, target(7));
    assert.deepEqual([p1.profile.modifier, p2.profile.modifier, p3.profile.modifier], [0, -2, -4]);
    assert.ok(p1.pHit > p2.pHit && p2.pHit > p3.pHit);
    assert.equal(q1.pHit, q2.pHit);
  });
});

describe('exact odds: hand-countable cases', () => {
  it('HA-K1 Body 2 draws 2 from 52: DC 16 needs the A♣ — 51 of C(52,2) = 1326 draws', () => {
    const o = checkOdds(2, 'body', 16);
    assert.deepEqual([o.exact.success, o.exact.total, o.draws], [51n, 1326n, 2]);
    assert.equal(o.pSuccess, 51 / 1326);
  });

  it('HA-K1 stat 1 still draws 2; stat 6 draws 6 (C(52,6) = 20358520)', () => {
    assert.equal(checkOdds(1, 'mind', 10).draws, 2);
    assert.equal(checkOdds(6, 'mind', 10).exact.total, 20358520n);
  });

  it('HA-K3 a DC at or below the lowest possible EV always succeeds; above the highest never', () => {
    assert.equal(checkOdds(3, 'heart', 2).pSuccess, 1);
    assert.equal(checkOdds(3, 'heart', 18).pSuccess, 0);
    assert.equal(checkOdds(3, 'heart', 17).exact.success > 0n, true); // A♥ + 3
  });

  it('HA-A7/HA-T3 Assist and Weakened shift the check by one', () => {
    const base = checkOdds(3, 'body', 12);
    assert.equal(checkOdds(3, 'body', 12, { assist: true }).exact.success, checkOdds(3, 'body', 11).exact.success);
    assert.equal(checkOdds(3, 'body', 12, { weakened: true }).exact.success, checkOdds(3, 'body', 13).exact.success);
    assert.ok(base.pSuccess > 0 && base.pSuccess < 1);
  });

  it('HA-S1 the EV distribution sums to C(n, k) and the damage map to 1', () => {
    const d = maxEvDistribution(undefined, 4, 'body', 4, -2);
    assert.equal(
      d.counts.reduce((a, b) => a + b, 0n),
      270725n,
    );
    const o = strikeOdds(kael, LONGSWORD, target(10), { strikeNumber: 2 });
    let s = 0;
    for (const p of o.damage.values()) s += p;
    assert.ok(Math.abs(s - 1) < 1e-12);
    assert.deepEqual(
      [...o.damage.keys()],
      [...o.damage.keys()].sort((a, b) => a - b),
    );
  });

  it('HA-S3 a 2-card hand from {K♥, 2♥, 3♥} vs Guard 7: crit exactly when the K♥ is drawn (2 of 3)', () => {
    const weak = block('Weak', { body: 1 });
    const o = strikeOdds(weak, plain, target(7), { deck: cards('K♥ 2♥ 3♥') });
    assert.deepEqual([o.exact.total, o.exact.hit, o.exact.crit], [3n, 2n, 2n]);
    assert.deepEqual(
      [...o.exact.damage],
      [
        [0, 1n],
        [6 + 2 + 1, 2n],
      ],
    );
    assert.equal(o.expectedDamage, 6);
  });

  it('HA-N1 exact odds refuse fractional stats or modifiers instead of miscounting', () => {
    assert.throws(() => checkOdds(2.5, 'body', 10), RangeError);
    assert.throws(() => checkOdds(2, 'body', 10, { evModifier: 0.5 }), RangeError);
  });

  it('homebrew decks: duplicate cards count as separate cards', () => {
    const o = checkOdds(2, 'heart', 14, { deck: cards('A♠ A♠ 2♠ 2♠') });
    assert.deepEqual([o.exact.success, o.exact.total], [5n, 6n]); // only {2♠,2♠} fails
  });
});

describe('HA-C5 reshuffle inside a draw', () => {
  it('HA-C5 deck of 1, draw 2: the deck card plus one random fatigue card', () => {
    const o = checkOdds(2, 'spirit', 16, { deck: { cards: cards('2♥'), fatigue: cards('A♠ 3♥') } });
    assert.deepEqual([o.exact.success, o.exact.total, o.ev.reshuffle, o.ev.drawn], [1n, 2n, true, 2]);
  });

  it('HA-C5 a draw that exactly empties the deck does not reshuffle', () => {
    const o = checkOdds(2, 'spirit', 16, { deck: { cards: cards('2♥ 3♥'), fatigue: cards('A♠') } });
    assert.deepEqual([o.exact.success, o.ev.reshuffle], [0n, false]);
  });

  it('HA-C5 deck and fatigue together short of the draw: the hand is all of them', () => {
    const o = strikeOdds(kael, plain, target(7), { deck: { cards: cards('2♥'), fatigue: cards('K♣') } });
    assert.deepEqual([o.ev.drawn, o.ev.draws, o.exact.total, o.exact.crit], [2, 4, 1n, 1n]);
  });

  it('HA-C5 an empty deck and empty fatigue: no card to play, a miss', () => {
    const o = strikeOdds(kael, plain, target(2), { deck: { cards: [], fatigue: [] } });
    assert.deepEqual([o.pHit, o.expectedDamage, o.exact.total], [0, 0, 1n]);
    assert.equal(checkOdds(4, 'body', 2, { deck: [] }).pSuccess, 0);
  });

  it('HA-C4 known bottom cards are drawn after the shuffled part, before the reshuffle', () => {
    const deck = { cards: cards('2♥ 3♥'), bottom: cards('A♣ 4♥'), fatigue: cards('K♠ Q♠') };
    // Body 3 draws 3: both shuffled cards + A♣ (EV 17), no reshuffle.
    const o = checkOdds(3, 'body', 17, { deck });
    assert.deepEqual([o.exact.success, o.exact.total, o.ev.reshuffle], [1n, 1n, false]);
    // Body 6 draws 6: all four deck cards + 2 of 2 fatigue cards.
    const six = checkOdds(6, 'spirit', 19, { deck });
    assert.deepEqual([six.exact.success, six.exact.total, six.ev.reshuffle], [1n, 1n, true]);
    // Body 5 draws 5: all four deck cards + 1 of the 2 fatigue cards.
    const five = checkOdds(5, 'spirit', 18, { deck });
    assert.deepEqual([five.exact.success, five.exact.total], [1n, 2n]);
  });

  it('a full deck given explicitly equals the default deck', () => {
    const a = strikeOdds(kael, LONGSWORD, target(9));
    const b = strikeOdds(kael, LONGSWORD, target(9), { deck: standardDeck() });
    assert.deepEqual(a.exact, b.exact);
  });
});

describe('exact odds: techniques', () => {
  it('HA-A4 a technique against Resolve uses the technique stat and Resolve', () => {
    const soul = technique('Soul Lance', 'spirit', 'resolve', 1);
    const o = techniqueOdds(mira, soul, target(20, 8));
    assert.equal(o.profile.defense, 8);
    assert.equal(o.ev.draws, 4);
    assert.ok(o.pHit > 0.9);
    const vsGuard = techniqueOdds(mira, technique('Shove', 'spirit', 'guard', 0), target(20, 8));
    assert.ok(vsGuard.pHit < o.pHit);
  });
});
