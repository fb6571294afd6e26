// The checker's registry (systems/halcyon-aces/check/index.ts): block kind →
// checks. A block kind the schema lets a file write at its top level with no
// check registered would be read and then silently dropped from the model.
import assert from 'node:assert/strict';
import { HA_CHECKS } from '../../../../systems/halcyon-aces/check/index.js';
import { HA_SCHEMA } from '../../../../systems/halcyon-aces/schema.js';
import { checkText } from '../../../../model/workspace.js';
import { REGISTRY } from '../../../../systems/index.js';
import { haModel } from '../../../../systems/halcyon-aces/index.js';

describe('Halcyon Aces checker: the registry of checks per block kind', () => {
  it('every block kind a file may hold at its top level has its checks, and the registry names no kind the schema lacks', () => {
    const topLevel = Object.values(HA_SCHEMA.blocks)
      .filter((b) => b.parents.includes('file'))
      .map((b) => b.kind)
      .sort();
    assert.deepEqual(Object.keys(HA_CHECKS).sort(), topLevel);
    for (const kind of topLevel) assert.ok((HA_CHECKS[kind as keyof typeof HA_CHECKS] ?? []).length > 0, kind);
  });

  it('HA-N1 each top-level block lands in the model once, in file order, and its rules are reported once even when referenced before it is declared', () => {
    const text =
      [
        'encounter Alley { side a { Kael } side b { Thug } }',
        'character Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 wields Club }',
        'character Thug { heart 1 body 2 mind 1 vitality 10 }',
        'weapon Club { melee +1 }',
        'technique Jab { cost 1 stat body }',
        'deck Loaded { stacked cards AS KS }',
      ].join('\n') + '\n';
    const r = checkText(text, REGISTRY);
    const m = haModel(r);
    assert.deepEqual(
      [m.encounters.length, m.blocks.length, m.weapons.length, m.techniques.length, m.decks.length],
      [1, 2, 1, 1, 1],
    );
    assert.deepEqual(
      m.blocks.map((b) => b.name),
      ['Kael', 'Thug'],
      'in the order the file declares them, though built when the encounter placed them',
    );
    const missingSpirit = r.diagnostics.filter((d) => d.code === 'HA-N1' && /Thug has no Spirit/.test(d.message));
    assert.equal(missingSpirit.length, 1);
  });
});
