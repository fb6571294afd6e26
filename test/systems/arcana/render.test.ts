// The spec's sample log lines ("The simulator" → Log lines), rendered from events.
import assert from 'node:assert/strict';
import { renderEvent } from '../../../systems/arcana/engine/render.js';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { combatLog } from '../../../systems/arcana/engine/index.js';
import { cards, raid } from './scene.js';

const c = (t: string): number => cards(t)[0];
const line = (e: ArEvent): string => renderEvent(e)!;

describe('Arcana log lines', () => {
  it("AR-F5 AR-I1 AR-O2: the header, the deal, an initiative flip and a round header read as the spec's samples", () => {
    assert.equal(
      combatLog(raid()).split('\n')[0],
      'Combat "Raid on Salt Street", seed 13, round cap 30, opposition card: defense',
    );
    assert.equal(
      line({
        type: 'deal',
        hands: [
          { who: 'Inspector Vale', cards: cards('7♥ 2♣ K♦') },
          { who: 'Bruno Kask', cards: cards('5♠ 9♠ 3♣ 10♦') },
          { who: 'Hand of Fate', cards: cards('4♠ 8♦ A♣') },
        ],
      }),
      'Deal: Inspector Vale 7♥ 2♣ K♦; Bruno Kask 5♠ 9♠ 3♣ 10♦; Hand of Fate 4♠ 8♦ A♣',
    );
    assert.equal(
      line({ type: 'initiative', holder: 'Dock Rats', card: c('J♣'), alertness: 1, score: 12 }),
      'Dock Rats flip J♣ for initiative: 11 + Alertness 1 = 12',
    );
    assert.equal(line({ type: 'round', round: 2, card: c('4♦') }), '— Round 2 — opposition card 4♦');
  });
  it("AR-T5 AR-A3 AR-C5 AR-C1 AR-D1: aim, a ranged attack, the GM's and a player's cheats, a hit", () => {
    assert.equal(line({ type: 'aim', round: 2, who: 'Inspector Vale', card: c('J♥') }), 'Inspector Vale aims: J♥');
    assert.equal(
      line({
        type: 'attack',
        round: 2,
        who: 'Inspector Vale',
        target: 'Deckhand 1',
        weapon: 'Pistol',
        flip: c('5♦'),
        opposition: false,
        aim: c('J♥'),
        used: 11,
        statName: 'Finesse',
        stat: 4,
        bonus: 3,
        edge: 0,
        total: 18,
        defense: { card: c('4♦'), opposition: true, agility: 2, armor: 0, edge: 0, total: 6 },
      }),
      'Inspector Vale attacks Deckhand 1 (Pistol): 5♦, aim J♥ → 11 + Finesse 4 + 3 = 18 vs 4♦ (opposition card) + Agility 2 = 6',
    );
    assert.equal(
      line({
        type: 'cheat',
        round: 2,
        side: 1,
        who: 'The GM',
        flipFor: 'Deckhand 1',
        opposes: 'Inspector Vale',
        aspect: { name: 'Crates Stacked to the Rafters', kind: 'scene' },
        card: c('A♣'),
        replaces: c('4♦'),
        oppositionCard: 'permanent',
        reason: '',
      }),
      'The GM invokes "Crates Stacked to the Rafters": A♣ replaces the opposition card 4♦ for the rest of the round',
    );
    assert.equal(
      line({
        type: 'cheat',
        round: 2,
        side: 0,
        who: 'Bruno Kask',
        flipFor: 'Bruno Kask',
        opposes: 'Silas Crane',
        aspect: { name: 'Blinded', kind: 'temporary', id: 0, bearer: 'Silas Crane', placerSide: 0 },
        card: c('9♠'),
        replaces: c('2♥'),
        oppositionCard: null,
        reason: '',
      }),
      'Bruno Kask invokes Blinded (spent): 9♠ replaces 2♥',
    );
    assert.equal(
      line({
        type: 'hit',
        round: 2,
        who: 'Bruno Kask',
        target: 'Silas Crane',
        hit: true,
        attack: 16,
        defense: 9,
        start: 7,
        bonus: 2,
        edge: 0,
        toughness: 1,
        raw: 8,
        damage: 8,
        before: 14,
        after: 6,
      }),
      'Hit, 16 vs 9: 7 + 2 − Toughness 1 = 8 damage; Silas Crane 14 → 6',
    );
  });
  it('AR-D4 AR-E1 AR-E2: Taken Out, a concession, a stalemate', () => {
    assert.equal(
      line({ type: 'taken-out', round: 2, who: 'Deckhand 1', hand: [], aspects: [] }),
      'Deckhand 1 is Taken Out',
    );
    assert.equal(
      line({
        type: 'end',
        round: 4,
        outcome: 'victory',
        winner: 'investigators',
        loser: 'smugglers',
        out: 3,
        of: 5,
        cap: 30,
        card: null,
      }),
      'The smugglers concede (3 of 5 Taken Out): victory for the investigators in round 4',
    );
    assert.equal(
      line({
        type: 'end',
        round: 30,
        outcome: 'stalemate',
        winner: null,
        loser: null,
        out: 0,
        of: 0,
        cap: 30,
        card: null,
      }),
      'Stalemate: the round cap (30) ran out',
    );
  });
  describe('cosmetics: one minus sign, plurals, nothing to add, a wiped-out side', () => {
    const hit = (over: Partial<Extract<ArEvent, { type: 'hit' }>>): string =>
      line({
        type: 'hit',
        round: 1,
        who: 'A',
        target: 'B',
        hit: true,
        attack: 15,
        defense: 14,
        start: 1,
        bonus: 0,
        edge: 0,
        toughness: 0,
        raw: 1,
        damage: 1,
        before: 10,
        after: 9,
        ...over,
      });
    it('AR-F4: a reshuffle of one card says "1 card", of more "N cards"', () => {
      assert.equal(
        line({ type: 'reshuffle', round: 3, cards: 1 }),
        'The deck is empty: the discard pile is shuffled in, 1 card (AR-F4)',
      );
      assert.equal(
        line({ type: 'reshuffle', round: 3, cards: 44 }),
        'The deck is empty: the discard pile is shuffled in, 44 cards (AR-F4)',
      );
    });
    it('AR-D1: a damage below 1 is written with "−", as every other term', () => {
      const l = hit({ attack: 17, defense: 15, start: 2, toughness: 3, raw: -1, damage: 1, before: 7, after: 6 });
      assert.equal(l, 'Hit, 17 vs 15: 2 − Toughness 3 = −1, at least 1 damage (AR-D1); B 7 → 6');
      assert.doesNotMatch(l, /(^|\s)-\d/);
    });
    it('AR-D1 AR-D2: a negative Toughness is subtracted as written, with no double ASCII sign', () => {
      const l = hit({
        attack: 15,
        defense: 11,
        start: 4,
        bonus: 2,
        toughness: -3,
        raw: 9,
        damage: 9,
        before: 12,
        after: 3,
      });
      assert.equal(l, 'Hit, 15 vs 11: 4 + 2 − Toughness (−3) = 9 damage; B 12 → 3');
    });
    it('AR-A6 AR-D1: with nothing to add or take away, the Starting Damage is the damage ("1 damage", not "1 = 1 damage")', () => {
      assert.equal(hit({}), 'Hit, 15 vs 14: 1 damage; B 10 → 9');
      assert.equal(hit({ bonus: 1, raw: 2, damage: 2, after: 8 }), 'Hit, 15 vs 14: 1 + 1 = 2 damage; B 10 → 8');
    });
    it('AR-A1 AR-A7: negative totals (negative edges) use "−"', () => {
      const l = line({
        type: 'attack',
        round: 1,
        who: 'A',
        target: 'B',
        weapon: 'Stick',
        flip: c('2♦'),
        opposition: false,
        aim: null,
        used: 2,
        statName: 'Strength',
        stat: 1,
        bonus: 0,
        edge: -5,
        total: -2,
        defense: { card: c('2♣'), opposition: true, agility: 1, armor: 0, edge: -6, total: -3 },
      });
      assert.equal(
        l,
        'A attacks B (Stick): 2♦ → 2 + Strength 1 − edge 5 = −2 vs 2♣ (opposition card) + Agility 1 − edge 6 = −3',
      );
      assert.equal(
        line({
          type: 'hit',
          round: 1,
          who: 'A',
          target: 'B',
          hit: false,
          attack: -2,
          defense: -3,
          start: 0,
          bonus: 0,
          edge: 0,
          toughness: 0,
          raw: 0,
          damage: 0,
          before: 5,
          after: 5,
        }).startsWith('Miss, −2 vs −3'),
        true,
      );
    });
    it('AR-E1: a side with nobody left standing is Taken Out to the last, it does not concede', () => {
      assert.equal(
        line({
          type: 'end',
          round: 6,
          outcome: 'victory',
          winner: 'investigators',
          loser: 'cult',
          out: 6,
          of: 6,
          cap: 30,
          card: c('Q♦'),
        }),
        'The cult are Taken Out to the last (6 of 6): victory for the investigators in round 6; Q♦ discarded',
      );
      assert.match(
        line({
          type: 'end',
          round: 4,
          outcome: 'victory',
          winner: 'a',
          loser: 'b',
          out: 4,
          of: 6,
          cap: 30,
          card: null,
        }),
        /^The b concede \(4 of 6 Taken Out\)/,
      );
    });
  });
});
