// The fast path's simulator keeps path searches (engine/path.ts RunMemo, TG-V3) and actor choices (engine/pick-memo.ts,
// TG-V2) across its combats. A kept search or choice must be exactly the search or choice: the same combats, one by
// one, as a simulator that plans every time — on squares and hexes, with hazards, Commands (TG-Y6), and Still Life
// changing the walls mid-fight.
import assert from 'node:assert/strict';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { combatSeed } from '../../../engine/rng.js';
import { ALL, millRoad, randomEncounter } from './gen.js';
import { fightCount } from '../../deep.js';

/** Plays combat `seed` on both simulators and asserts the same end (outcome, rounds, OUT, dead, harm); returns it. */
function sameCombat(kept: TGSim, fresh: TGSim, seed: number, label: string): string {
  kept.run(seed);
  fresh.run(seed);
  const shape = fileOrderShape(kept.enc);
  const a = emptyTally(shape, TG_COUNTERS.length),
    b = emptyTally(shape, TG_COUNTERS.length);
  tallyCombat(kept, a, 0);
  tallyCombat(fresh, b, 0);
  assert.deepEqual(a, b, label);
  return JSON.stringify(a);
}

/** Combats per encounter (the deep tier plays 300) and per variant of the shared-map test (200 deep). */
const KEPT = fightCount('TG_KEPT', 100, 300);
const VARIANT_COMBATS = fightCount('TG_KEPT_VARIANTS', 80, 200);

describe('tactical-grid engine: path searches and actor choices kept across combats (the fast path)', function () {
  this.timeout(120_000);
  const encounters = [...ALL.map((g) => g()), ...Array.from({ length: 12 }, (_, s) => randomEncounter(1000 + s))];
  let keptChoices = 0;
  for (const enc of encounters) {
    it(`TG-V2 TG-V3 ${enc.name}: ${KEPT} combats with kept searches and choices end as with fresh ones, combat by combat`, () => {
      const kept = new TGSim(enc, { keepSearches: true }),
        fresh = new TGSim(enc);
      for (let i = 0; i < KEPT; i++) sameCombat(kept, fresh, combatSeed(9, i), `combat ${i}`);
      assert.equal(fresh.keptChoices, 0, 'the event path keeps no choice');
      keptChoices += kept.keptChoices;
    });
  }
  it("TG-V3 simulators of different encounters on one map (a sweep's variants) share kept searches, each combat as with fresh ones", () => {
    // Ryn's agility 1..5 (speed and more): five encounters, one map, their simulators interleaved combat by combat
    const variants = [1, 2, 3, 4, 5].map((agi) => {
      const enc = structuredClone(millRoad());
      for (const side of enc.sides)
        for (const p of side.placements) if (p.character.name === 'Ryn') (p.character as { agi: number }).agi = agi;
      return { kept: new TGSim(enc, { keepSearches: true }), fresh: new TGSim(enc) };
    });
    const outcomes = new Set<string>();
    for (let i = 0; i < VARIANT_COMBATS; i++) {
      for (const { kept, fresh } of variants) outcomes.add(sameCombat(kept, fresh, combatSeed(11, i), `combat ${i}`));
    }
    assert.ok(outcomes.size > 50, 'the variants fight differently');
  });
  it('TG-V2 the comparisons above took kept actor choices (so they test them)', () => {
    assert.ok(keptChoices > 1000, `${keptChoices} kept choices taken`);
  });
});
