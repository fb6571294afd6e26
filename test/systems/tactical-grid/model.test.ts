// The combat sheet (TG-N): worked examples 1 and 26 and the defaults.
import assert from 'node:assert/strict';
import {
  character,
  copies,
  sheet,
  sheetWarnings,
  DEFAULT_RULES,
  DEFAULT_STRESS,
} from '../../../systems/tactical-grid/model.js';
import { Board } from '../../../systems/tactical-grid/engine/grid.js';
import { millRoad } from './gen.js';

describe('Tactical Grid model', () => {
  it('TG-N1 TG-N2 TG-N3 TG-N4 TG-N5 TG-N6 TG-N7 TG-N8 TG-N9 TG-N10: Ex1 the sheet of AGI 3 PER 2 COM 4 TOU 1 PRO 2 special 2 WIS 3 INT 4 CHA 1; AGI 6 warns', () => {
    const c = character('Ex1', { agi: 3, per: 2, com: 4, tou: 1, pro: 2, special: 2, wis: 3, int: 4, cha: 1 });
    assert.deepEqual(sheet(c), {
      speed: 6,
      range: 2,
      attack: 5,
      defense: 2,
      tactics: 2,
      effects: 2,
      support: 3,
      analysis: 4,
      reactions: 1,
      stress: DEFAULT_STRESS,
    });
    assert.deepEqual(sheetWarnings(c), []);
    const fast = character('Ex1b', { agi: 6, per: 2, com: 4, tou: 1, pro: 2, special: 2, wis: 3, int: 4, cha: 1 });
    assert.equal(sheet(fast).speed, 9);
    assert.deepEqual(sheetWarnings(fast), ['TG-N1', 'TG-N10']);
  });
  it('TG-N10 TG-N11 TG-D1 TG-B3 TG-B5 TG-P1 TG-P2 TG-P4: missing stats are 1, declared numbers kept, stress knob, support bonuses, NPC pools 0', () => {
    const c = character('Blank');
    assert.deepEqual(sheet(c), {
      speed: 4,
      range: 1,
      attack: 2,
      defense: 2,
      tactics: 1,
      effects: 1,
      support: 1,
      analysis: 1,
      reactions: 1,
      stress: 6,
    });
    assert.deepEqual(sheetWarnings(c), ['TG-N10']);
    assert.equal(sheet(character('H', { attack: 9 })).attack, 9);
    assert.equal(sheet(c, { ...DEFAULT_RULES, stress: 4 }).stress, 4);
    assert.equal(sheet(character('W', { wis: 2, abilities: ['potion-seller', 'miracle-worker'] })).support, 4);
    const npc = character('Raider', { difficulty: 13, health: 3, speed: 5, range: 1 });
    assert.deepEqual([sheet(npc).tactics, sheet(npc).reactions, sheet(npc).speed], [0, 0, 5]);
  });
  it("TG-K1 … TG-K4 TG-G1: the sample map's squares: `.` open, `#` obstacle, `~` difficult, `^` hazard, digits heights, legend entries", () => {
    const b = new Board(millRoad().map);
    const at = (n: string) => b.index(n);
    assert.deepEqual([b.w, b.h], [12, 6]);
    assert.equal(b.obstacle[at('b2')], 1);
    assert.equal(b.difficult[at('k1')], 1);
    assert.equal(b.hazard[at('e3')], 1);
    assert.deepEqual([b.difficult[at('c4')], b.hazard[at('c4')]], [1, 1]); // legend "x" { difficult hazard }
    assert.deepEqual([b.height[at('k3')], b.height[at('a1')]], [1, 0]);
  });
  it('TG-G3 (language): `Raider x2 at h2, h5` is two placements named Raider 1 and Raider 2', () => {
    const r = character('Raider', { difficulty: 13, health: 3, speed: 5, range: 1 });
    assert.deepEqual(
      copies(r, ['h2', 'h5'], 'west').map((p) => [p.name, p.at, p.facing]),
      [
        ['Raider 1', 'h2', 'west'],
        ['Raider 2', 'h5', 'west'],
      ],
    );
    assert.equal(copies(r, ['a1'])[0].name, 'Raider');
  });
});
