// The named tactics (engine/TACTICS.md) and the card-play policy.
import assert from 'node:assert/strict';
import type { Tactic } from '../../../../systems/halcyon-aces/model.js';
import { cardName } from '../../../../systems/halcyon-aces/engine/cards.js';
import type { CombatEvent } from '../../../../systems/halcyon-aces/engine/events.js';
import { LONGSWORD, UNARMED, attacks, block, encounter, ofType, play, stacked, weapon } from './fixtures.js';

function threeThugs(tactic: Tactic, nearVitality = 20, midVitality = 9) {
  return encounter({
    zones: [{ name: 'a', adjacent: ['b'] }, { name: 'b' }],
    sides: {
      x: [
        {
          block: block({ name: 'Kael', body: 4, vitality: 60, weapon: LONGSWORD, tactic }),
          at: 'a',
          deck: stacked('A♠'),
        },
      ],
      y: [
        { block: block({ name: 'Near', vitality: nearVitality, weapon: UNARMED }), at: 'a', deck: stacked('2♥') },
        { block: block({ name: 'Weak', vitality: 3, weapon: UNARMED }), at: 'b', deck: stacked('2♦') },
        { block: block({ name: 'Mid', vitality: midVitality, weapon: UNARMED }), at: 'a', deck: stacked('2♣') },
      ],
    },
  });
}

const firstAction = (ev: CombatEvent[], actor: string) =>
  ev.find(
    (e) =>
      (e.type === 'attack' && e.actor === actor && e.kind !== 'brace') ||
      (e.type === 'move' && e.actor === actor) ||
      (e.type === 'active-guard' && e.actor === actor),
  );

describe('engine tactics', () => {
  it('default: strikes the enemy in reach whose threat an action removes most of (here the lowest Vitality), and says why', () => {
    const a = firstAction(play(threeThugs('default')).events, 'Kael');
    assert.equal(a?.type, 'attack');
    assert.equal((a as Extract<CombatEvent, { type: 'attack' }>).results[0].target, 'Mid');
    assert.match((a as Extract<CombatEvent, { type: 'attack' }>).reason, /most threat removed per action in reach/);
  });

  it('focus-weakest: goes for the weakest enemy anywhere when the foes in reach are worth a third of it or less (issue 32)', () => {
    const a = firstAction(play(threeThugs('focus-weakest', 60, 60)).events, 'Kael') as Extract<
      CombatEvent,
      { type: 'move' }
    >;
    assert.equal(a.type, 'move');
    assert.match(a.reason, /closing on Weak/);
  });

  it('focus-weakest: strikes in reach rather than walk to a weakest foe worth less than three times it (issue 32)', () => {
    const a = firstAction(play(threeThugs('focus-weakest')).events, 'Kael') as Extract<CombatEvent, { type: 'attack' }>;
    assert.equal(a.type, 'attack');
    assert.equal(a.results[0].target, 'Mid');
  });

  it('nearest: the closest enemy (file order on ties)', () => {
    const a = firstAction(play(threeThugs('nearest')).events, 'Kael') as Extract<CombatEvent, { type: 'attack' }>;
    assert.equal(a.results[0].target, 'Near');
  });

  it('defensive: strikes once, then Active Guard with the last two actions when threatened', () => {
    const { events } = play(threeThugs('defensive'));
    const turn = events.findIndex((e) => e.type === 'turn-start' && e.actor === 'Kael');
    const acts = events
      .slice(turn + 1)
      .filter((e) => e.type === 'attack' || e.type === 'active-guard' || e.type === 'turn-start');
    assert.equal(acts[0].type, 'attack');
    assert.equal(acts[1].type, 'active-guard');
  });

  it('kite: a ranged combatant engaged in melee backs off to a zone with no enemy, still in range', () => {
    const bow = weapon('Shortbow', { kind: 'ranged', bonus: 1 });
    const enc = encounter({
      zones: [{ name: 'a', adjacent: ['b'] }, { name: 'b' }],
      sides: {
        x: [{ block: block({ name: 'Mira', mind: 4, weapon: bow, tactic: 'kite' }), at: 'a', deck: stacked('A♠') }],
        y: [{ block: block({ name: 'Brute', vitality: 30, weapon: LONGSWORD }), at: 'a', deck: stacked('2♥') }],
      },
    });
    const { events } = play(enc);
    const m = firstAction(events, 'Mira') as Extract<CombatEvent, { type: 'move' }>;
    assert.equal(m.type, 'move');
    assert.deepEqual(m.path, ['b']);
    assert.match(m.reason, /kite/);
    const next = events.slice(events.indexOf(m)).find((e) => e.type === 'attack' && e.actor === 'Mira');
    assert.ok(next, 'and shoots from there');
  });

  it('support: stabilizes a Broken ally, assists allies who act later', () => {
    let stab = 0,
      assist = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const enc = encounter({
        seed,
        sides: {
          x: [
            {
              block: block({ name: 'Medic', heart: 4, vitality: 30, weapon: UNARMED, tactic: 'support' }),
              at: 'field',
            },
            { block: block({ name: 'Kael', body: 3, vitality: 8, weapon: LONGSWORD }), at: 'field' },
          ],
          y: [
            {
              block: block({ name: 'Ogre', body: 4, vitality: 30, weapon: weapon('Club', { bonus: 3 }) }),
              at: 'field',
            },
          ],
        },
      });
      const { events } = play(enc, seed);
      stab += ofType(events, 'stabilize-ally').filter((e) => e.actor === 'Medic').length;
      assist += ofType(events, 'assist').filter((e) => e.actor === 'Medic').length;
    }
    assert.ok(stab > 20 && assist > 20, `${stab} ${assist}`);
  });

  it('card play: the highest EV on a Strike; the lowest card that succeeds on a plain check', () => {
    const { events } = play(
      encounter({
        sides: {
          x: [
            { block: block({ name: 'Kael', body: 3, weapon: LONGSWORD }), at: 'field', deck: stacked('A♠ 5♦ J♥ 9♣') },
          ],
          y: [{ block: block({ name: 'Thug', vitality: 40, weapon: UNARMED }), at: 'field', deck: stacked('2♥') }],
        },
      }),
    );
    const a = attacks(events)[0];
    assert.equal(cardName(a.check.played!), '9♣', '9♣ is EV 12 (Resonance), J♥ only 11');
    // the plain-check side (lowest card that succeeds) is the HA-K2 worked example's 10 ft fall
  });

  it('card play: ties in EV play the lower face value (keeping the high card in the deck)', () => {
    const { events } = play(
      encounter({
        sides: {
          x: [
            { block: block({ name: 'Kael', body: 3, weapon: LONGSWORD }), at: 'field', deck: stacked('A♠ 5♦ K♥ 10♣') },
          ],
          y: [{ block: block({ name: 'Thug', vitality: 40, weapon: UNARMED }), at: 'field', deck: stacked('2♥') }],
        },
      }),
    );
    assert.equal(cardName(attacks(events)[0].check.played!), '10♣'); // 10 + 3 = 13 = K♥
  });
});
