// The fuzzer's short run, in every test run: 100 mutated inputs (300 under ACES_DEEP=1) through parse → check → language features →
// simulation with a fixed seed — a count, not a time window, so every run on any machine at any load feeds the
// same inputs (a time window fed 140–400 of them as the machine's load varied, and a floor on the count failed
// under load); `npm run fuzz -- --seconds N` runs longer.
import assert from 'node:assert/strict';
import { fuzz, loadEngines } from '../../fuzz/fuzz.js';
import { fightCount } from '../deep.js';

/** Mutated inputs: 100 in the unit suite, 300 under ACES_DEEP=1 (test/deep.ts). */
const INPUTS = fightCount('FUZZ_INPUTS', 100, 300);

describe('fuzz: parse → check → features → simulation (short run, seed 20261122)', function () {
  this.timeout(120_000);
  it(`no crash and no hang on ${INPUTS} mutated samples (every system) and fixtures`, async () => {
    const r = fuzz({ seconds: 110, inputs: INPUTS, seed: 20261122, budgetMs: 5000, engines: await loadEngines() });
    assert.deepEqual(r.failures, []);
    assert.equal(r.crashes, 0);
    assert.equal(r.hangs, 0);
    assert.equal(r.inputs, INPUTS, `only ${r.inputs} inputs in 110 s: something is pathologically slow`);
  });

  it('the hang check can fail: past a budget below zero on the clock and the CPU, every input is a hang', async () => {
    const r = fuzz({ seconds: 60, inputs: 3, seed: 20261122, budgetMs: -1, engines: await loadEngines() });
    assert.equal(r.hangs, 3);
    assert.match(r.failures[0], /^hang #1: took \d+ ms \(\d+ ms of CPU; budget -1 ms\)$/);
  });
});

describe('fuzz: the invariants of issue 35 item 14 can fail', () => {
  it('checkMeters throws on a meter below 0 or over its maximum, and passes a signed one', async () => {
    const { checkMeters } = await import('../../fuzz/fuzz.js');
    const engineWith = (value: number, max: number | undefined, signed = false) =>
      ({
        *events() {
          yield { type: 'hit' };
        },
        watch: () => ({
          apply() {},
          snapshot: () => ({
            round: 1,
            combatants: [
              {
                name: 'Kael',
                side: 'a',
                meters: [{ label: 'HP', value, max, signed }],
                statuses: [],
                details: [],
                out: false,
              },
            ],
          }),
        }),
      }) as unknown as import('../../model/system.js').SystemEngine;
    const enc = { name: 'E' } as unknown as import('../../model/system.js').EncounterInfo;
    assert.throws(() => checkMeters(engineWith(-1, 10), enc, 1), /Kael's HP reads -1\/10 after a hit/);
    assert.throws(() => checkMeters(engineWith(11, 10), enc, 1), /reads 11\/10/);
    checkMeters(engineWith(-3, 10, true), enc, 1);
    checkMeters(engineWith(4, 10), enc, 1);
  });

  it('tuneWrites: a write while the file changes refuses and leaves it as it was, or changes one number only', async () => {
    const { tuneWrites } = await import('../../fuzz/fuzz.js');
    const { checkText } = await import('../../systems/index.js');
    const text = 'character Kael { heart 2 body 3 mind 1 spirit 1 vitality 16 }\n';
    // the four changes in turn: none, a line added above (both written), the number changed, the attribute gone
    const outcomes = [0, 1, 2, 3].map((k) => tuneWrites(text, checkText(text, 'fuzz.aces'), (a) => a + k));
    assert.deepEqual(outcomes, ['wrote', 'wrote', 'refused', 'refused']);
  });
});
