// samples/tactical-grid/: a shared bestiary and encounters that `use` it, all
// clean, all Tactical Grid, each encounter runnable by the engine and a real
// fight (each side wins 25–75% of 1,000 combats under ACES_DEEP=1, 300 in the unit suite; under 5% stalemates).
import assert from 'node:assert/strict';
import { tgModel } from '../../../systems/tactical-grid/index.js';
import { runChunk } from '../../../systems/tactical-grid/engine/fast-path.js';
import { sampleFolder } from '../sample-suite.js';
import { fightCount } from '../../deep.js';

/** Combats of each encounter: 300 in the unit suite, 1,000 under ACES_DEEP=1 (test/deep.ts). */
const N = fightCount('TG_REAL_COMBATS', 300, 1000);

describe('Tactical Grid samples', () => {
  const { r, users } = sampleFolder('tactical-grid', 'samples/tactical-grid');
  const model = tgModel(r);

  it('one sample is on hexes', () => {
    assert.ok(model.encounters.some((e) => e.encounter.map.grid === 'hex'));
  });
  it(`TG-T7: each realistic encounter is a real fight: every side wins 25–75% of ${N} combats, under 5% stalemates`, function () {
    this.timeout(120000);
    for (const f of users)
      for (const e of r.encountersByFile.get(f) ?? []) {
        const enc = model.encounters.find((x) => x === e)!.encounter;
        const t = runChunk(enc, 1, 0, N);
        for (const w of t.wins) assert.ok(w >= N / 4 && w <= (3 * N) / 4, `${e.name}: ${t.wins.join('/')} of ${N}`);
        assert.ok(t.stalemates < N / 20, `${e.name}: ${t.stalemates} stalemates of ${N}`);
      }
  });
});
