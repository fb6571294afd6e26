// Tactical Grid engine figures (one JSON line each, medians of repeated runs):
//   tg-combats-per-sec-mill-road / -brawl / -crypt: runChunk (the fast path, no events), one core
//     (crypt: samples/tactical-grid/crypt.aces, the encounter `aces odds` and bench/systems.bench.ts time)
//   tg-draw-floor-crypt / -ratio: the same seeding and d20 rolls per combat alone, and the fast path's multiple of it
//   tg-events-combats-per-sec-mill-road: combatEvents + renderEvent (the log / step-through path)
//   tg-exact-out-within-ms: exact P(OUT) within 4 attacks (TG-O1, BigInt fractions)
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { emit, median, round, timeRuns } from './stats.js';
import { combatEvents, renderEvent, TGSim } from '../systems/tactical-grid/engine/index.js';
import { runChunk } from '../systems/tactical-grid/engine/fast-path.js';
import { attackHarm, outWithin } from '../systems/tactical-grid/engine/odds.js';
import { DEFAULT_RULES, type Encounter } from '../systems/tactical-grid/model.js';
import { abilityBrawl, millRoad } from '../test/systems/tactical-grid/gen.js';
import { checkFiles } from '../systems/index.js';
import { diskHost } from '../cli/files.js';
import { combatSeed } from '../engine/rng.js';
import type { TGEncounterInfo } from '../systems/tactical-grid/check.js';

function crypt(): Encounter {
  const file = resolve('samples/tactical-grid/crypt.aces');
  const info = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0] as TGEncounterInfo;
  return info.encounter;
}

// Each timed run plays new combats (its own batch seed): the fast path keeps pure answers across combats (path
// searches, detours, actor choices), and replaying the same combats would find every one kept.
let nextSeed = 1;

export default function (): void {
  const N = 2000;
  for (const [name, enc] of [
    ['mill-road', millRoad()],
    ['brawl', abilityBrawl()],
    ['crypt', crypt()],
  ] as const) {
    runChunk(enc, 7, 0, 300); // warm the JIT
    const ms = median(timeRuns(() => runChunk(enc, nextSeed++, 0, N), 5, 1));
    emit({ bench: `tg-combats-per-sec-${name}`, value: round((N / ms) * 1000, 0), ms: round(ms, 1), combats: N });
  }
  {
    // the floor: the same seeding (one stream per combatant) and the same number of d20s per combat, nothing else;
    // the ratio says how much the rules and the tactics (TG-V2 … V9) cost on top of the dice
    const enc = crypt();
    const sim = new TGSim(enc);
    sim.sink = null;
    let rolls = 0;
    const d20 = sim.dice.d20.bind(sim.dice);
    sim.dice.d20 = (i: number) => (rolls++, d20(i));
    const C = 1000;
    for (let i = 0; i < C; i++) sim.run(combatSeed(1, i));
    sim.dice.d20 = d20;
    const perCombat = rolls / C;
    const n = sim.n;
    const floorMs = median(
      timeRuns(
        () => {
          for (let i = 0; i < N; i++) {
            sim.dice.reset(combatSeed(1, i));
            for (let k = 0; k < perCombat; k++) sim.dice.d20(k % n);
          }
        },
        5,
        1,
      ),
    );
    const fullMs = median(timeRuns(() => runChunk(enc, nextSeed++, 0, N), 5, 1));
    emit({
      bench: 'tg-draw-floor-crypt',
      value: round(floorMs, 1),
      unit: `ms per ${N} combats`,
      rollsPerCombat: round(perCombat, 1),
    });
    emit({ bench: 'tg-draw-floor-ratio-crypt', value: round(fullMs / floorMs, 2), unit: 'x' });
  }
  const enc = millRoad();
  const M = 300;
  const ev = median(
    timeRuns(
      () => {
        for (let i = 0; i < M; i++) for (const e of combatEvents(enc, i)) renderEvent(e);
      },
      3,
      1,
    ),
  );
  emit({ bench: 'tg-events-combats-per-sec-mill-road', value: round((M / ev) * 1000, 0) });
  const t0 = performance.now();
  outWithin(
    [1, 0, 0, 1].map((t) => attackHarm(5, 13, t, DEFAULT_RULES)),
    5,
  );
  emit({ bench: 'tg-exact-out-within-ms', value: round(performance.now() - t0, 2) });
}
