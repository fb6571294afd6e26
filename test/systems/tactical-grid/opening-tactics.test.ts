// Charge (TG-X4) and Line Up (TG-X5) as a placement's hover states them: the
// simulator's own plans for a turn starting as placed (engine/opening-tactics.ts),
// on the spec's worked examples 7 and 8, and what the hover shows of them.
import assert from 'node:assert/strict';
import { openingTactics } from '../../../systems/tactical-grid/engine/opening-tactics.js';
import { hoverText } from '../../server/cursor.js';
import { at, raider, ryn, scene, start, tamsin } from './scene.js';

const WIDE = Array(4).fill('............');

function opening(enc: Parameters<typeof start>[0], who: string) {
  const { sim, u } = start(enc);
  const before = [u(who).speed, u(who).range];
  const o = openingTactics(sim, u(who));
  assert.deepEqual([u(who).speed, u(who).range], before, 'leaves the unit as it was');
  return o;
}

describe('Tactical grid: Charge and Line Up as placed (TG-X4 TG-X5, placement hover)', () => {
  it('TG-X4: Ex7 Ryn (speed 6) at a2, Raider at h2: a straight run a2→g2 of exactly 6 ends adjacent: Charge', () => {
    const o = opening(scene([at(ryn({ ai: 'default' }), 'a2')], [at(raider(), 'h2', 'west')], WIDE), 'Ryn');
    assert.equal(o.speed, 6);
    const f = o.foes.find((x) => x.name === 'Raider')!;
    assert.equal(f.charge.ok, true);
    assert.match(f.charge.text, /straight run of 6 squares a2→g2/);
  });

  it('TG-X4: from b2 the 6-square run overshoots, from a1 beside the Raider at b2 it starts adjacent; `hold` never runs', () => {
    const b2 = opening(scene([at(ryn({ ai: 'default' }), 'b2')], [at(raider(), 'h2', 'west')], WIDE), 'Ryn').foes[0];
    assert.equal(b2.charge.ok, false);
    assert.match(b2.charge.text, /no straight run costing exactly 6 ends adjacent to Raider/);
    const adj = opening(scene([at(ryn({ ai: 'default' }), 'a1')], [at(raider(), 'b2', 'west')], WIDE), 'Ryn');
    assert.equal(adj.speed, 1, 'TG-N1: starting adjacent to an enemy, speed 1');
    assert.equal(adj.foes[0].charge.ok, false);
    assert.match(adj.foes[0].charge.text, /starts adjacent/);
    const held = opening(scene([at(ryn(), 'a2')], [at(raider(), 'h2', 'west')], WIDE), 'Ryn').foes[0];
    assert.match(held.charge.text, /holds/);
  });

  it('TG-X4 TG-K3: a run through a hazard still charges, and says so', () => {
    const o = opening(
      scene(
        [at(ryn({ ai: 'default' }), 'a2')],
        [at(raider(), 'h2', 'west')],
        ['............', '...^........', '............', '............'],
      ),
      'Ryn',
    );
    assert.equal(o.foes[0].charge.ok, true);
    assert.match(o.foes[0].charge.text, /through a hazard/);
  });

  it('TG-X5 TG-B1: Ex8 Tamsin (range 4) at a1: Line Up on e1, not d1; with Deadeye also f1 (+1) and g1 (+2)', () => {
    const lineUp = (foe: string, deadeye = false) =>
      opening(
        scene([at(tamsin(deadeye ? { abilities: ['deadeye'] } : {}), 'a1')], [at(raider(), foe, 'west')]),
        'Tamsin',
      ).foes[0].lineUp;
    assert.equal(lineUp('e1').ok, true);
    assert.match(
      lineUp('e1').text,
      /4 squares away at the turn's start = its range 4; it can attack from where it stands/,
    );
    assert.equal(lineUp('d1').ok, false);
    assert.match(lineUp('d1').text, /3 squares away at the turn's start, its range is 4/);
    assert.equal(lineUp('f1').ok, false);
    assert.match(lineUp('f1', true).text, /range 5 with Deadeye \+1/);
    assert.match(lineUp('g1', true).text, /range 6 with Deadeye \+2/);
    assert.equal(lineUp('h1', true).ok, false);
  });

  it('TG-X5 TG-L2: at its range but out of sight from every square it can reach: no Line Up, and why', () => {
    // Tamsin (hold: no move) at a1, Raider at e1 behind a wall at c1
    const o = opening(scene([at(tamsin(), 'a1')], [at(raider(), 'e1', 'west')], ['..#.....', '..#.....']), 'Tamsin');
    assert.equal(o.foes[0].lineUp.ok, false);
    assert.match(o.foes[0].lineUp.text, /no square it can reach this turn has Raider in reach and sight/);
  });

  it('TG-O2: the placement hover adds one Charge / Line Up line per enemy, for the placement under the cursor', () => {
    const lib =
      'system tactical-grid\ncharacter Ryn { agi 3 per 1 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2 melee }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 tag "Rusty Axe" 2 }\n';
    const main =
      'system tactical-grid\nuse "lib.aces"\nencounter Road {\n  map {\n    grid square\n    row "............"\n    row "............"\n  }\n  side heroes { R<|>yn at a2 facing east }\n  side raiders { Raider x2 at h2, l1 facing west }\n}\n';
    const h = hoverText(main, { 'lib.aces': lib });
    assert.match(h, /If Ryn's turn came now, as placed \(speed 6, range 1 this turn, TG-N12\)/);
    assert.match(
      h,
      /- Raider 1: Charge available — a straight run of 6 squares a2→g2, costing its whole speed 6, ends adjacent to Raider 1 · Line Up no — 7 squares away at the turn's start, its melee reach is 1/,
    );
    assert.match(h, /- Raider 2: Charge no — no straight run costing exactly 6 ends adjacent to Raider 2/);
    // hovering the second copy's line shows it, not the first Raider
    const copy = hoverText(main.replace('R<|>yn', 'Ryn').replace('Raider x2', 'Rai<|>der x2'), { 'lib.aces': lib });
    assert.match(copy, /from h2/);
    assert.match(copy, /If Raider 1's turn came now/);
  });
});
