// The engagement's choices a GM reads in the log: whom an attacker picks (HR-E6), which maneuvers can still
// take hold when they resolve (HR-M1, HR-M2, HR-M4), and who may take the agility sidestep (HR-E8).
import assert from 'node:assert/strict';
import { weapon } from '../../../systems/heart-rush/model.js';
import type { HREvent } from '../../../systems/heart-rush/engine/index.js';
import { at, events, log, scene, who } from './scene.js';

type Attack = Extract<HREvent, { type: 'attack' }>;

describe('Heart Rush: engagement choices', () => {
  it('HR-E6: with its focus out of reach of its stance, an attacker takes the valid enemy in reach even in a contest it expects to lose', () => {
    // Pip (might) faces his focus Fen (agility: might cannot attack it) and the Brute (might) beside him. The
    // contest with the Brute is a bad bet (expected dealt − taken far below −1), but it is the only valid target.
    const pip = who('Pip', { might: 4, heart: 4, weapons: [weapon('Dagger', { die: 4 })] });
    const fen = who('Fen', { hp: 5 });
    const brute = who('Brute', { might: 12, heart: 12, hp: 40, weapons: [weapon('Greataxe', { die: 12 })] });
    const evs = events(scene([at(pip, 0, 0, ['might'])], [at(fen, 5, 0, ['agility']), at(brute, 0, 5, ['might'])], 1), 1, 1);
    const mine = evs.filter((e): e is Attack => e.type === 'attack' && e.who === 'Pip');
    assert.deepEqual(mine.map((e) => [e.target, e.contest]), [['Brute', true]], log(evs));
    assert.ok(!evs.some((e) => e.type === 'no-target' && e.who === 'Pip'), log(evs));
  });
});
