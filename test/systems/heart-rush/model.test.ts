// The plain-data model's defaults and derived values (HR-N*, HR-D1), one place.
import assert from 'node:assert/strict';
import {
  BASE_SPEED,
  DEFAULT_RANGE,
  DEFAULT_RUSH,
  DIE_LADDER,
  UNARMED,
  armor,
  character,
  dieDown,
  effectiveSpeed,
  freeHands,
  isDie,
  weapon,
  sizeIndex,
  armorBonus,
} from '../../../systems/heart-rush/model.js';

describe('Heart Rush model defaults', () => {
  it('HR-D1: the die ladder d4 < d6 < d8 < d10 < d12; one size down; only these are dice', () => {
    assert.deepEqual([...DIE_LADDER], [4, 6, 8, 10, 12]);
    assert.equal(dieDown(10), 8);
    assert.equal(dieDown(4), 4);
    assert.ok(isDie(12) && !isDie(20) && !isDie(5));
  });
  it('HR-N1 HR-N2 HR-N3 HR-N6 HR-N7 HR-N8 HR-N10: unstated attributes take their defaults', () => {
    const c = character('Plain', { hp: 12 });
    assert.deepEqual([c.heart, c.might, c.agility, c.cunning, c.hp], [8, 6, 6, 6, 12]);
    assert.deepEqual([c.size, c.hands, c.rush, c.player], ['medium', 2, DEFAULT_RUSH, false]);
    assert.deepEqual(c.weapons, [UNARMED]);
    assert.deepEqual([UNARMED.die, UNARMED.reach, UNARMED.hands, UNARMED.kind], [4, 5, 0, 'melee']);
    assert.equal(weapon('Bow', { kind: 'ranged' }).reach, DEFAULT_RANGE);
    assert.equal(weapon('Sword').hands, 1);
    assert.equal(freeHands(c, weapon('Greatsword', { hands: 2 })), 0);
    assert.equal(freeHands(c, weapon('Sword')), 1);
    assert.ok(sizeIndex('large') === sizeIndex('medium') + 1);
  });
  it('HR-N4 HR-N5: armor adds to defense and may change speed; speed floors at 0', () => {
    assert.equal(armorBonus(character('A', { hp: 1 })), 0);
    assert.equal(armorBonus(character('A', { hp: 1, armor: armor('Mail', 2, -10) })), 2);
    assert.equal(effectiveSpeed(character('A', { hp: 1 })), BASE_SPEED);
    assert.equal(effectiveSpeed(character('A', { hp: 1, armor: armor('Mail', 2, -10) })), 50);
    assert.equal(effectiveSpeed(character('A', { hp: 1, speed: 5, armor: armor('Plate', 3, -20) })), 0);
  });
});
