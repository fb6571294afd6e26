// The fuzzer's short run, in every test run: a few seconds of mutated inputs through parse → check →
// language features → simulation with a fixed seed (reproducible); `npm run fuzz -- --seconds N` runs longer.
import assert from 'node:assert/strict';
import { fuzz, loadEngines } from '../../fuzz/fuzz.js';

describe('fuzz: parse → check → features → simulation (short run, seed 20261122)', function () {
  this.timeout(60_000);
  it('no crash and no hang on 3 seconds of mutated samples (every system) and fixtures', async () => {
    const r = fuzz({ seconds: 3, seed: 20261122, budgetMs: 5000, engines: await loadEngines() });
    assert.deepEqual(r.failures, []);
    assert.equal(r.crashes, 0);
    assert.equal(r.hangs, 0);
    assert.ok(r.inputs > 300, `only ${r.inputs} inputs`);
  });
});
