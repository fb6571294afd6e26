// Scenes of issue 32's grid failures: each a small encounter where the policy (engine/policy/, TG-V*) made a move
// no table would. Each fails on the policy before its fix (the commit that added it says which).
import assert from 'node:assert/strict';
import { tag } from '../../../systems/tactical-grid/model.js';
import { at, events, of, pc, raider, ryn, scene, start } from './scene.js';

describe('tactical-grid policy: issue 32 scenes (plays a table would make)', () => {
  it('TG-V6 TG-R3 a tag for defence is kept on a tie: the attack exhausts the offensive tag of equal value (crypt: "Tower Shield")', () => {
    // Tower Shield 3 defensive is worth 2 on attack, as Warhammer 2 offensive: the tie goes to the tag made for it
    const bruiser = pc('Bruiser', {
      com: 1,
      tags: [tag('Tower Shield', 3, 'defensive'), tag('Warhammer', 2, 'offensive')],
    });
    const { sim, u, evs } = start(
      scene([at(bruiser, 'a1', 'east', [5])], [at(raider({ health: 9, difficulty: 18 }), 'b1', 'west')]),
    );
    sim.turnStart(u('Bruiser'));
    sim.attack(u('Bruiser'), u('Raider'), { drive: 0, help: -1, tactics: 0, effect: null, knockback: null });
    const used = of(evs, 'tag').filter((e) => e.change === 'exhausted');
    assert.deepEqual(
      used.map((e) => e.tag),
      ['Warhammer'],
    );
    assert.equal(u('Bruiser').tags.find((g) => g.name === 'Tower Shield')!.exhausted, false);
  });

  it('TG-V6 TG-E4 TG-E5 Weaken, not a useless Hinder, on an enemy already in reach of its foe (it need not move)', () => {
    // the Raider stands next to Ryn: Hinder's speed 1 takes nothing from it; Weaken takes a star off its Rusty Axe
    const { sim, u, evs } = start(
      scene([at(ryn({ effects: 2 }), 'd4', 'east', [15])], [at(raider({ health: 9, ai: 'default' }), 'e4', 'west')]),
    );
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, knockback: null });
    const effects = of(evs, 'effect').map((e) => e.effect);
    assert.deepEqual(effects, ['weaken']);
  });

  it('TG-V4 TG-S4 a healer with no drive does not Buff itself: its support pool is kept for Heals', () => {
    const medic = pc('Medic', { wis: 3, support: 4, drive: 0, ai: 'healer' });
    const evs = events(
      scene([at(medic, 'a1', 'east')], [at(raider({ ai: 'hold' }), 'h8', 'west')], undefined, { rounds: 3 }),
    );
    const buffs = of(evs, 'support').filter((e) => e.kind === 'buff');
    assert.equal(
      buffs.filter((e) => e.target === 'Medic').length,
      0,
      buffs.map((e) => `${e.who} → ${e.target}`).join(', '),
    );
    assert.ok(
      of(evs, 'turn').some((e) => e.who === 'Medic'),
      'the medic took turns',
    );
  });

  it('TG-V7 TG-T6 no Dash ends next to an enemy with no attack possible: it waits for the enemy instead', () => {
    // Ryn (speed 3) is 7 squares from a Raider that holds: move 3, Dash 3 would leave him adjacent with his main
    // action spent, for the Raider to hit first
    const enc = scene(
      [at(ryn({ agi: 1, ai: 'default' }), 'a1', 'east')],
      [at(raider({ ai: 'hold' }), 'h1', 'west')],
      undefined,
      {
        rounds: 4,
      },
    );
    const evs = events(enc);
    const { board } = start(enc).sim;
    const adjacentEnd = of(evs, 'move').filter(
      (e) => e.kind === 'dash' && board.dist(board.index(e.to), board.index('h1')) === 1,
    );
    assert.deepEqual(
      adjacentEnd.map((e) => `${e.who} ${e.from}→${e.to}`),
      [],
    );
    assert.ok(of(evs, 'move').length > 0, 'Ryn moved toward the Raider');
  });
});
