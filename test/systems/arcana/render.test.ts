// The spec's sample log lines ("The simulator" → Log lines), rendered from events.
import assert from 'node:assert/strict';
import { renderEvent } from '../../../systems/arcana/engine/render.js';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { combatLog } from '../../../systems/arcana/engine/index.js';
import { cards, raid } from './scene.js';

const c = (t: string): number => cards(t)[0];
const line = (e: ArEvent): string => renderEvent(e)!;

describe('Arcana log lines', () => {
  it('AR-F5 AR-I1 AR-O2: the header, the deal, an initiative flip and a round header read as the spec\'s samples', () => {
    assert.equal(combatLog(raid()).split('\n')[0], 'Combat "Raid on Salt Street", seed 13, round cap 30, opposition card: defense');
    assert.equal(line({ type: 'deal', hands: [{ who: 'Inspector Vale', cards: cards('7♥ 2♣ K♦') }, { who: 'Bruno Kask', cards: cards('5♠ 9♠ 3♣ 10♦') }, { who: 'Hand of Fate', cards: cards('4♠ 8♦ A♣') }] }),
      'Deal: Inspector Vale 7♥ 2♣ K♦; Bruno Kask 5♠ 9♠ 3♣ 10♦; Hand of Fate 4♠ 8♦ A♣');
    assert.equal(line({ type: 'initiative', holder: 'Dock Rats', card: c('J♣'), alertness: 1, score: 12 }), 'Dock Rats flip J♣ for initiative: 11 + Alertness 1 = 12');
    assert.equal(line({ type: 'round', round: 2, card: c('4♦') }), '— Round 2 — opposition card 4♦');
  });
  it('AR-T5 AR-A3 AR-C5 AR-C1 AR-D1: aim, a ranged attack, the GM\'s and a player\'s cheats, a hit', () => {
    assert.equal(line({ type: 'aim', round: 2, who: 'Inspector Vale', card: c('J♥') }), 'Inspector Vale aims: J♥');
    assert.equal(line({
      type: 'attack', round: 2, who: 'Inspector Vale', target: 'Deckhand 1', weapon: 'Pistol', flip: c('5♦'), opposition: false, aim: c('J♥'), used: 11,
      statName: 'Finesse', stat: 4, bonus: 3, edge: 0, total: 18, defense: { card: c('4♦'), opposition: true, agility: 2, armor: 0, edge: 0, total: 6 },
    }), 'Inspector Vale attacks Deckhand 1 (Pistol): 5♦, aim J♥ → 11 + Finesse 4 + 3 = 18 vs 4♦ (opposition card) + Agility 2 = 6');
    assert.equal(line({
      type: 'cheat', round: 2, side: 1, who: 'The GM', flipFor: 'Deckhand 1', opposes: 'Inspector Vale', aspect: { name: 'Crates Stacked to the Rafters', kind: 'scene' },
      card: c('A♣'), replaces: c('4♦'), oppositionCard: 'permanent', reason: '',
    }), 'The GM invokes "Crates Stacked to the Rafters": A♣ replaces the opposition card 4♦ for the rest of the round');
    assert.equal(line({
      type: 'cheat', round: 2, side: 0, who: 'Bruno Kask', flipFor: 'Bruno Kask', opposes: 'Silas Crane', aspect: { name: 'Blinded', kind: 'temporary', id: 0, bearer: 'Silas Crane', placerSide: 0 },
      card: c('9♠'), replaces: c('2♥'), oppositionCard: null, reason: '',
    }), 'Bruno Kask invokes Blinded (spent): 9♠ replaces 2♥');
    assert.equal(line({ type: 'hit', round: 2, who: 'Bruno Kask', target: 'Silas Crane', hit: true, attack: 16, defense: 9, start: 7, bonus: 2, edge: 0, toughness: 1, raw: 8, damage: 8, before: 14, after: 6 }),
      'Hit, 16 vs 9: 7 + 2 − Toughness 1 = 8 damage; Silas Crane 14 → 6');
  });
  it('AR-D4 AR-E1 AR-E2: Taken Out, a concession, a stalemate', () => {
    assert.equal(line({ type: 'taken-out', round: 2, who: 'Deckhand 1', hand: [], aspects: [] }), 'Deckhand 1 is Taken Out');
    assert.equal(line({ type: 'end', round: 4, outcome: 'victory', winner: 'investigators', loser: 'smugglers', out: 3, of: 5, cap: 30, card: null }),
      'The smugglers concede (3 of 5 Taken Out): victory for the investigators in round 4');
    assert.equal(line({ type: 'end', round: 30, outcome: 'stalemate', winner: null, loser: null, out: 0, of: 0, cap: 30, card: null }), 'Stalemate: the round cap (30) ran out');
  });
});
