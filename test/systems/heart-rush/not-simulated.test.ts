// Rules the spec leaves to the GM (HEART-RUSH.md "What cannot be simulated
// sensibly"): the product says so and offers no keyword that pretends otherwise.
import assert from 'node:assert/strict';
import { HEART_RUSH } from '../../../systems/heart-rush/index.js';

const GM_CALLS = ['HR-A2', 'HR-A8', 'HR-M6'];

describe('Heart Rush: rules left to the GM', () => {
  it('HR-A2, HR-A8, HR-M6: abilities, stunts and free-form maneuvers are not simulated: their texts say so, and no keyword claims them', () => {
    for (const id of GM_CALLS) assert.match(HEART_RUSH.ruleText[id], /not simulated/i, id);
    const claimed = Object.values(HEART_RUSH.schema.blocks)
      .flatMap((b) => [...b.attributes, ...(b.placements ?? [])])
      .filter((a) => a.rule && GM_CALLS.includes(a.rule));
    assert.deepEqual(
      claimed.map((a) => a.name),
      [],
    );
  });
});
