// The checked model's defaults and derived values (ARCANA.md, each default's rule id).
import assert from 'node:assert/strict';
import {
  DEFAULT_HAND,
  DEFAULT_HAND_LIMIT,
  DEFAULT_HAND_OF_FATE,
  DEFAULT_HEALTH,
  DEFAULT_ROUNDS,
  DEFAULT_TN,
  PRESS_THE_ADVANTAGE,
  UNARMED,
  attackBase,
  attackStat,
  character,
  copies,
  damageBonus,
  defenseBase,
  encounter,
  holderCount,
  maneuver,
  placement,
  playersSide,
  startingCards,
} from '../../../systems/arcana/model.js';
import { bruno, deckhand, raid, silas, vale } from './scene.js';

describe('Arcana model', () => {
  it('AR-N1 AR-D3 AR-H1 AR-A7 AR-A2: a character with only its four stats gets Health 10, hand 3, edges 0, Unarmed', () => {
    const c = character('Nobody', { strength: 1, finesse: 2, agility: 3, alertness: 4 });
    assert.deepEqual(
      [c.health, c.hand, c.attackEdge, c.defenseEdge, c.damageEdge, c.toughnessEdge, c.armor, c.toughness, c.tactics],
      [DEFAULT_HEALTH, DEFAULT_HAND, 0, 0, 0, 0, 0, 0, 'default'],
    );
    assert.equal(c.wields, UNARMED);
    assert.deepEqual([UNARMED.kind, UNARMED.bonus], ['melee', 0]);
    assert.equal(attackStat(c), 'strength');
    assert.equal(DEFAULT_HEALTH, 10);
  });
  it('AR-D2: Toughness = armor + toughness edge unless declared; a declared one is kept', () => {
    assert.equal(
      character('A', { strength: 1, finesse: 1, agility: 1, alertness: 1, armor: 2, toughnessEdge: 1 }).toughness,
      3,
    );
    assert.equal(
      character('B', { strength: 1, finesse: 1, agility: 1, alertness: 1, armor: 2, toughness: 5 }).toughness,
      5,
    );
    assert.deepEqual([vale.toughness, bruno.toughness, silas.toughness, deckhand.toughness], [1, 2, 1, 0]);
  });
  it('AR-A2 AR-A3 AR-A4 AR-D1: attack, defense and damage bases of the example file', () => {
    assert.deepEqual([attackStat(vale), attackStat(bruno), attackStat(silas)], ['finesse', 'strength', 'finesse']); // Rapier is finesse
    assert.deepEqual([attackBase(vale), attackBase(bruno), attackBase(silas), attackBase(deckhand)], [7, 7, 5, 4]);
    assert.deepEqual([defenseBase(vale), defenseBase(bruno), defenseBase(silas), defenseBase(deckhand)], [4, 4, 4, 2]);
    assert.deepEqual([damageBonus(vale), damageBonus(bruno)], [3, 2]);
  });
  it('AR-M4 AR-M2 AR-M6: maneuver defaults — opponent opposed by alertness, self never opposed, scene only with against; the generic one', () => {
    const a = maneuver('A');
    assert.deepEqual([a.stat, a.target, a.against, a.tn, a.aspect], ['finesse', 'opponent', 'alertness', null, 'A']);
    const s = maneuver('S', { target: 'self', against: 'agility', tn: 9 });
    assert.deepEqual([s.against, s.tn], [null, 9]);
    const sc = maneuver('Sc', { target: 'scene', tn: 12 });
    assert.deepEqual([sc.against, sc.tn], [null, 12]);
    const so = maneuver('So', { target: 'scene', against: 'strength' });
    assert.deepEqual([so.against, so.tn], ['strength', null]);
    assert.deepEqual(
      [PRESS_THE_ADVANTAGE.stat, PRESS_THE_ADVANTAGE.against, PRESS_THE_ADVANTAGE.target, PRESS_THE_ADVANTAGE.aspect],
      ['finesse', 'alertness', 'opponent', 'Off Balance'],
    );
  });
  it('AR-F1 AR-H2 AR-H3 AR-M2 AR-E1 AR-E2 AR-O3: encounter defaults', () => {
    const e = encounter('E', [
      { name: 'a', placements: [] },
      { name: 'b', placements: [] },
    ]);
    assert.deepEqual(
      [e.rounds, e.deck.kind, e.oppositionCard, e.handOfFate, e.handLimit, e.tn, e.concede],
      [DEFAULT_ROUNDS, 'standard', 'defense', DEFAULT_HAND_OF_FATE, DEFAULT_HAND_LIMIT, DEFAULT_TN, 'majority'],
    );
    assert.deepEqual([DEFAULT_ROUNDS, DEFAULT_HAND_OF_FATE, DEFAULT_HAND_LIMIT, DEFAULT_TN], [50, 3, 5, 10]);
  });
  it("AR-O1: the players' side is the first side placing a player; with none, the first side", () => {
    const npc = character('N', { strength: 1, finesse: 1, agility: 1, alertness: 1 });
    const pc = { ...npc, player: true };
    const e = (a: typeof npc, b: typeof npc) =>
      encounter('E', [
        { name: 'a', placements: [placement(a)] },
        { name: 'b', placements: [placement(b)] },
      ]);
    assert.equal(playersSide(e(pc, npc)), 0);
    assert.equal(playersSide(e(npc, pc)), 1);
    assert.equal(playersSide(e(npc, npc)), 0);
    assert.equal(playersSide(e(pc, pc)), 0);
    assert.equal(playersSide(raid()), 0);
  });
  it('AR-G1: `Name xN group "Label"` — members Name 1…N sharing a label; `group` alone labels "Name group"; no group, separate holders', () => {
    assert.deepEqual(
      copies(deckhand, 2, 'Dock Rats').map((p) => [p.name, p.group]),
      [
        ['Deckhand 1', 'Dock Rats'],
        ['Deckhand 2', 'Dock Rats'],
      ],
    );
    assert.deepEqual(
      copies(deckhand, 2, true).map((p) => p.group),
      ['Deckhand group', 'Deckhand group'],
    );
    assert.deepEqual(
      copies(deckhand, 2).map((p) => p.group),
      [null, null],
    );
  });
  it('AR-F4 AR-F5 AR-I2: the starting deal plus one initiative flip per holder (the raid: 3 + 4 + 3 dealt, 4 holders)', () => {
    assert.equal(holderCount(raid()), 4);
    assert.equal(startingCards(raid()), 14);
  });
});
