// Tactical Grid engine figures (one JSON line each, medians of repeated runs):
//   tg-combats-per-sec-mill-road / -brawl: runChunk (the fast path, no events), one core
//   tg-events-combats-per-sec-mill-road: combatEvents + renderEvent (the log / step-through path)
//   tg-exact-out-within-ms: exact P(OUT) within 4 attacks (TG-O1, BigInt fractions)
import { performance } from 'node:perf_hooks';
import { emit, median, round, timeRuns } from './stats.js';
import { combatEvents, renderEvent, runChunk } from '../systems/tactical-grid/engine/index.js';
import { attackHarm, outWithin } from '../systems/tactical-grid/engine/odds.js';
import { DEFAULT_RULES } from '../systems/tactical-grid/model.js';
import { abilityBrawl, millRoad } from '../test/systems/tactical-grid/gen.js';

export default function (): void {
  const N = 2000;
  for (const [name, enc] of [['mill-road', millRoad()], ['brawl', abilityBrawl()]] as const) {
    runChunk(enc, 7, 0, 300); // warm the JIT
    const ms = median(timeRuns(() => runChunk(enc, 1, 0, N), 5, 1));
    emit({ bench: `tg-combats-per-sec-${name}`, value: round((N / ms) * 1000, 0), ms: round(ms, 1), combats: N });
  }
  const enc = millRoad();
  const M = 300;
  const ev = median(timeRuns(() => {
    for (let i = 0; i < M; i++) for (const e of combatEvents(enc, i)) renderEvent(e);
  }, 3, 1));
  emit({ bench: 'tg-events-combats-per-sec-mill-road', value: round((M / ev) * 1000, 0) });
  const t0 = performance.now();
  outWithin([1, 0, 0, 1].map((t) => attackHarm(5, 13, t, DEFAULT_RULES)), 5);
  emit({ bench: 'tg-exact-out-within-ms', value: round(performance.now() - t0, 2) });
}
