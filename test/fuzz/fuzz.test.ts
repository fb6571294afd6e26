// The fuzzer's short run, in every test run: 300 mutated inputs through parse → check → language features →
// simulation with a fixed seed — a count, not a time window, so every run on any machine at any load feeds the
// same inputs (a time window fed 140–400 of them as the machine's load varied, and a floor on the count failed
// under load); `npm run fuzz -- --seconds N` runs longer.
import assert from 'node:assert/strict';
import { fuzz, loadEngines } from '../../fuzz/fuzz.js';

describe('fuzz: parse → check → features → simulation (short run, seed 20261122)', function () {
  this.timeout(120_000);
  it('no crash and no hang on 300 mutated samples (every system) and fixtures', async () => {
    const r = fuzz({ seconds: 110, inputs: 300, seed: 20261122, budgetMs: 5000, engines: await loadEngines() });
    assert.deepEqual(r.failures, []);
    assert.equal(r.crashes, 0);
    assert.equal(r.hangs, 0);
    assert.equal(r.inputs, 300, `only ${r.inputs} inputs in 110 s: something is pathologically slow`);
  });
});
