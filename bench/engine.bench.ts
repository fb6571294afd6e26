// Combat engine figures (one JSON line each, medians of repeated runs, all measured in this run):
//   combats-per-sec-3v3 / -duel: the fast path (no events), one core
//   draw-floor: a loop doing only the same deck seedings and card draws those 3v3 combats did: per
//     combatant the same seed and generator (one per deck, reseedRng(combatantSeed) per combat, as the
//     simulator does), the same number of random picks
//     from a lazily shuffled run (randBelowFast + swap) and of plain draws from the top, in a 64-slot
//     masked ring like the decks; timed interleaved with the combats, medians of the same run
//   draw-floor-ratio: 3v3 combat time / floor time
//   events-combats-per-sec-3v3: runCombat + renderEvent (the step-through path)
//   montecarlo-10k-1-thread / -2-threads: monteCarlo() wall time for 10,000 3v3 combats: `ms` the median
//     of 5 warm calls (pool kept), `firstCallMs` the first call (workers started by that call)
import { performance } from 'node:perf_hooks';
import { emit, median, round, timeRuns } from './stats.js';
import { compile } from '../systems/halcyon-aces/engine/compile.js';
import { CombatSim } from '../systems/halcyon-aces/engine/sim.js';
import { combatSeed, combatSeedMix, combatantSeedFrom, makeRng, randBelowFast, reseedRng } from '../engine/rng.js';
import { renderEvent, runCombat } from '../systems/halcyon-aces/engine/index.js';
import { monteCarlo, shutdownWorkers } from '../systems/index.js';
import { duel, mixed3v3 } from '../test/systems/halcyon-aces/engine/fixtures.js';

export default async function (): Promise<void> {
  const N = 20000;
  const enc3 = mixed3v3();
  const k3 = compile(enc3);
  const sim3 = new CombatSim(k3);
  const n = k3.n;
  // record every combat's draws per combatant (for the floor): all cards drawn, and the random picks among them
  const draws = new Int32Array(N * n);
  const picks = new Int32Array(N * n);
  for (let i = 0; i < N; i++) {
    sim3.run(combatSeed(1, i));
    for (let c = 0; c < n; c++) {
      draws[i * n + c] = sim3.drawsBy[c];
      picks[i * n + c] = sim3.picksBy[c];
    }
  }
  const runSims = () => {
    for (let i = 0; i < N; i++) sim3.run(combatSeed(1, i));
  };
  // the floor: seed each deck stream as begin() does, then the same random picks (lazy shuffle: uniform
  // card of the run, swapped to the top) and plain top draws, on a 64-slot masked ring like the decks
  const deck = new Uint8Array(64);
  for (let j = 0; j < 52; j++) deck[j] = j;
  let sink = 0;
  const rngs = Array.from({ length: n }, () => makeRng(0));
  const floor = () => {
    for (let i = 0; i < N; i++) {
      const mix = combatSeedMix(combatSeed(1, i));
      for (let c = 0; c < n; c++) {
        const rng = rngs[c];
        reseedRng(rng, combatantSeedFrom(mix, k3.idHash[c]));
        let lazy = 52;
        let head = 0;
        const p = picks[i * n + c];
        for (let d = draws[i * n + c] - 1; d >= 0; d--) {
          if (d < p) {
            if (lazy === 0) lazy = 52;
            const r = randBelowFast(rng, lazy);
            const j = (head + r) & 63;
            const t = deck[head];
            deck[head] = deck[j];
            deck[j] = t;
            lazy--;
          }
          sink += deck[head];
          head = (head + 1) & 63;
        }
      }
    }
  };
  for (let w = 0; w < 3; w++) {
    runSims();
    floor();
  }
  const simMs: number[] = [];
  const floorMs: number[] = [];
  for (let r = 0; r < 7; r++) {
    simMs.push(timeRuns(runSims, 1, 0)[0]);
    floorMs.push(timeRuns(floor, 1, 0)[0]);
  }
  const sm = median(simMs),
    fm = median(floorMs);
  emit({
    bench: 'combats-per-sec-3v3',
    value: Math.round((N / sm) * 1000),
    unit: 'combats/s',
    runs: simMs.length,
    ms: round(sm, 1),
  });
  emit({
    bench: 'draw-floor',
    value: round(fm, 2),
    unit: 'ms per 20k combats',
    drawsPerCombat: round(draws.reduce((a, b) => a + b, 0) / N, 1),
    picksPerCombat: round(picks.reduce((a, b) => a + b, 0) / N, 1),
  });
  emit({ bench: 'draw-floor-ratio', value: round(sm / fm, 2), unit: 'x' });

  const encD = duel();
  const simD = new CombatSim(compile(encD));
  const runD = () => {
    for (let i = 0; i < N; i++) simD.run(combatSeed(1, i));
  };
  runD();
  emit({
    bench: 'combats-per-sec-duel',
    value: Math.round((N / median(timeRuns(runD, 5, 0))) * 1000),
    unit: 'combats/s',
  });

  const E = 2000;
  const evRun = () => {
    for (let i = 0; i < E; i++) {
      const it = runCombat(enc3, combatSeed(2, i));
      for (let r = it.next(); !r.done; r = it.next()) if (renderEvent(r.value)) sink++;
    }
  };
  evRun();
  emit({
    bench: 'events-combats-per-sec-3v3',
    value: Math.round((E / median(timeRuns(evRun, 3, 0))) * 1000),
    unit: 'combats/s (events + render)',
  });

  for (const threads of [1, 2]) {
    const t: number[] = [];
    const cold = performance.now();
    await monteCarlo(enc3, { runs: 10000, seed: 99, threads });
    const coldMs = performance.now() - cold;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      await monteCarlo(enc3, { runs: 10000, seed: 100 + r, threads });
      t.push(performance.now() - t0);
    }
    emit({
      bench: `montecarlo-10k-${threads}-thread${threads > 1 ? 's' : ''}`,
      ms: round(median(t), 1),
      firstCallMs: round(coldMs, 1),
    });
  }
  await shutdownWorkers();
  if (sink === -1) console.log(sink);
}
