// Exact odds (engine/odds.ts): time per weapon × target pair, the three
// Strikes of a turn together (what a hover computes). Goal: well under 1 ms.
import { performance } from 'node:perf_hooks';
import type { Stat, Weapon } from '../systems/halcyon-aces/model.js';
import { standardDeck } from '../systems/halcyon-aces/engine/cards.js';
import { checkOdds, strikeOddsByNumber, techniqueOdds } from '../systems/halcyon-aces/engine/odds.js';
import { emit, median, percentile, round, timeRuns } from './stats.js';

function weapon(name: string, bonus: number, properties: Weapon['properties'], stat: Stat = 'body'): Weapon {
  return { name, kind: stat === 'mind' ? 'ranged' : 'melee', stat, reach: 'engaged', bonus, properties };
}

function attacker(value: number) {
  const stats = { heart: value, body: value, mind: value, spirit: value };
  const draws = {
    heart: Math.max(2, value),
    body: Math.max(2, value),
    mind: Math.max(2, value),
    spirit: Math.max(2, value),
  };
  const w = weapon('Longsword', 2, []);
  return {
    name: `A${value}`,
    stats,
    vitality: 20,
    armor: 0,
    guard: 5 + value,
    rulesGuard: 5 + value,
    guardDeclared: false,
    resolve: 5 + value,
    resolveAssumed: true,
    weapon: w,
    techniques: [],
    perks: [],
    talents: ['brawler' as const],
    tactic: 'default' as const,
    player: false,
    draws,
    initiativeModifier: 0,
  };
}

export default async function (): Promise<void> {
  const weapons = [
    weapon('Longsword', 2, []),
    weapon('Rapier', 1, ['keen', 'quick']),
    weapon('Maul', 3, ['brutal', 'heavy']),
    weapon('Shotgun', 0, ['scatter'], 'mind'),
  ];
  const attackers = [1, 2, 3, 4, 5, 6].map(attacker);
  const targets = [5, 7, 9, 11, 13, 15, 17].map((g) => ({ guard: g, resolve: g - 1 }));
  const pairs: Array<() => void> = [];
  for (const a of attackers)
    for (const w of weapons) for (const t of targets) pairs.push(() => strikeOddsByNumber(a, w, t));

  // Warm up the JIT on every shape.
  for (let i = 0; i < 20; i++) for (const p of pairs) p();

  // Median over runs of (time for all pairs) / pairs.
  const batch = timeRuns(() => {
    for (const p of pairs) p();
  }, 30).map((ms) => ms / pairs.length);
  emit({
    bench: 'exact-odds-per-pair',
    ms: round(median(batch), 5),
    pairs: pairs.length,
    strikes: 3,
    note: 'median of 30 batches, full 52-card deck, stats 1–6',
  });

  // Each pair timed on its own, many times: median and p95 of single calls.
  const single: number[] = [];
  for (let rep = 0; rep < 20; rep++) {
    for (const p of pairs) {
      const t0 = performance.now();
      p();
      single.push(performance.now() - t0);
    }
  }
  emit({
    bench: 'exact-odds-p95',
    ms: round(percentile(single, 95), 5),
    median: round(median(single), 5),
    max: round(Math.max(...single), 5),
    samples: single.length,
  });

  // Worst draw: stat 6 (C(52,6) ≈ 2·10^7 hands, 3 Strikes).
  const a6 = attackers[5];
  const worst = timeRuns(() => {
    for (let i = 0; i < 100; i++) strikeOddsByNumber(a6, weapons[1], targets[3]);
  }, 30).map((ms) => ms / 100);
  emit({ bench: 'exact-odds-stat6-pair', ms: round(median(worst), 5) });

  // HA-C5 reshuffle inside the draw (2 cards left, 30 in fatigue).
  const deck = standardDeck();
  const state = { cards: deck.slice(0, 2), fatigue: deck.slice(22) };
  const resh = timeRuns(() => {
    for (let i = 0; i < 100; i++) strikeOddsByNumber(a6, weapons[0], targets[3], { deck: state });
  }, 30).map((ms) => ms / 100);
  emit({ bench: 'exact-odds-reshuffle-pair', ms: round(median(resh), 5) });

  // A technique and a plain check, per call.
  const tech = {
    name: 'Soul Lance',
    cost: 2,
    stat: 'spirit' as const,
    against: 'resolve' as const,
    targets: 'single' as const,
    reach: 'near' as const,
    bonus: 1,
  };
  const tq = timeRuns(() => {
    for (let i = 0; i < 300; i++) techniqueOdds(attackers[3], tech, targets[i % targets.length]);
  }, 30).map((ms) => ms / 300);
  emit({ bench: 'exact-odds-technique', ms: round(median(tq), 5) });
  const cq = timeRuns(() => {
    for (let i = 0; i < 300; i++) checkOdds(1 + (i % 6), 'body', 5 + (i % 12));
  }, 30).map((ms) => ms / 300);
  emit({ bench: 'exact-odds-check', ms: round(median(cq), 5) });
}
