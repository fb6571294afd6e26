// Arcana engine figures (one JSON line each, medians of repeated runs):
//   ar-combats-per-sec-raid / -brawl: runChunk (the fast path, no events), one core
//   ar-events-combats-per-sec-raid: combatEvents + renderEvent (the log / step-through path)
//   ar-exact-attack-cheat-us: exact odds of an aimed attack with one unknown cheat card (13^4 value tuples)
//   ar-draw-floor-raid / -ratio: the same deck seeding and cards drawn per combat alone, and the fast path's multiple
import { performance } from 'node:perf_hooks';
import { emit, median, round, timeRuns } from './stats.js';
import { combatEvents, renderEvent } from '../systems/arcana/engine/index.js';
import { runChunk } from '../systems/arcana/engine/fast-path.js';
import { attackOdds } from '../systems/arcana/engine/odds.js';
import { brawl, raid } from '../test/systems/arcana/gen.js';
import { ArSim } from '../systems/arcana/engine/sim.js';
import { combatSeed } from '../engine/rng.js';

export default function (): void {
  const N = 20000;
  for (const [name, enc] of [
    ['raid', raid()],
    ['brawl', brawl()],
  ] as const) {
    runChunk(enc, 7, 0, 2000); // warm the JIT
    const ms = median(timeRuns(() => runChunk(enc, 1, 0, N), 5, 1));
    emit({ bench: `ar-combats-per-sec-${name}`, value: round((N / ms) * 1000, 0), ms: round(ms, 1), combats: N });
  }
  {
    // the floor: the same deck seeding and the same number of cards drawn per combat, nothing else
    const enc = raid();
    const sim = new ArSim(enc);
    let draws = 0;
    const draw = sim.deck.draw.bind(sim.deck);
    sim.deck.draw = () => (draws++, draw());
    const C = 4000;
    for (let i = 0; i < C; i++) sim.run(combatSeed(1, i));
    sim.deck.draw = draw;
    const perCombat = draws / C;
    const floorMs = median(
      timeRuns(
        () => {
          for (let i = 0; i < N; i++) {
            sim.deck.reset(combatSeed(1, i));
            for (let k = 0; k < perCombat; k++) if (sim.deck.draw() < 0) sim.deck.refill();
          }
        },
        5,
        1,
      ),
    );
    const fullMs = median(timeRuns(() => runChunk(enc, 1, 0, N), 5, 1));
    emit({
      bench: 'ar-draw-floor-raid',
      value: round(floorMs, 1),
      unit: `ms per ${N} combats`,
      drawsPerCombat: round(perCombat, 1),
    });
    emit({ bench: 'ar-draw-floor-ratio-raid', value: round(fullMs / floorMs, 2), unit: 'x' });
  }
  const enc = raid();
  const M = 1000;
  const ev = median(
    timeRuns(
      () => {
        for (let i = 0; i < M; i++) for (const e of combatEvents(enc, i)) renderEvent(e);
      },
      3,
      1,
    ),
  );
  emit({ bench: 'ar-events-combats-per-sec-raid', value: round((M / ev) * 1000, 0) });
  const spec = {
    attack: 7,
    defense: 4,
    damageBonus: 3,
    toughness: 1,
    health: 14,
    aim: true,
    cheat: 'unknown' as const,
  };
  attackOdds(spec);
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) attackOdds(spec);
  emit({ bench: 'ar-exact-attack-cheat-us', value: round(((performance.now() - t0) / 10) * 1000, 0) });
}
