// engine/fast-path.ts: the kept-simulator fast path every whole-combat system shares (Heart Rush, Arcana, the grid).
import assert from 'node:assert/strict';
import { chunkRunner, fileOrderShape, keptFastPath } from '../../engine/fast-path.js';
import { combatSeed } from '../../engine/rng.js';
import { emptyTally, tallyEnd, type Tally } from '../../engine/tally.js';

/** A stand-in simulator: remembers the seeds it played; side 0 wins combats whose seed is even. */
class SeedSim {
  seeds: number[] = [];
  run(seed: number): void {
    this.seeds.push(seed);
  }
}
const tallyWinner = (sim: SeedSim, t: Tally, i: number): void =>
  tallyEnd(t, 'victory', sim.seeds[sim.seeds.length - 1] % 2, 1 + (i % 3), i);
const enc = {
  sides: [
    { name: 'a', placements: [{ name: 'A1' }, { name: 'A2' }] },
    { name: 'b', placements: [{ name: 'B1' }] },
  ],
  rounds: 9,
};

describe('engine/fast-path: a fast path over one kept simulator', () => {
  it('fileOrderShape numbers combatants side by side, placement by placement', () => {
    assert.deepEqual(fileOrderShape(enc), {
      sides: ['a', 'b'],
      ids: ['A1', 'A2', 'B1'],
      sideOf: [0, 0, 1],
      roundCap: 9,
    });
  });

  it('plays combat i of a batch on combatSeed(seed, i) and tallies each once, with its index', () => {
    const sim = new SeedSim();
    const fp = keptFastPath(fileOrderShape(enc), sim, tallyWinner);
    const t = emptyTally(fp.shape, 0);
    fp.run(77, 5, 12, t);
    assert.deepEqual(
      sim.seeds,
      [5, 6, 7, 8, 9, 10, 11].map((i) => combatSeed(77, i)),
    );
    assert.equal(t.runs, 7);
    assert.equal(t.wins[0] + t.wins[1], 7);
    assert.deepEqual(
      t.examples[0]
        .concat(t.examples[1])
        .sort((a, b) => a - b)
        .slice(0, 3),
      [5, 6, 7],
    );
  });

  it('chunkRunner keeps one fast path per encounter and gives each chunk a fresh tally', () => {
    let made = 0;
    const sims: SeedSim[] = [];
    const run = chunkRunner((e: typeof enc) => {
      made++;
      const sim = new SeedSim();
      sims.push(sim);
      return keptFastPath(fileOrderShape(e), sim, tallyWinner);
    }, 2);
    const a = run(enc, 1, 0, 10),
      b = run(enc, 1, 10, 30);
    assert.equal(made, 1);
    assert.equal(sims[0].seeds.length, 30);
    assert.deepEqual([a.runs, b.runs], [10, 20]);
    assert.deepEqual(a.sums, [
      [0, 0, 0],
      [0, 0, 0],
    ]);
    run({ ...enc }, 1, 0, 1);
    assert.equal(made, 2);
  });
});
