// The regret probe (issue 32 item 2): how much win chance a system's policy gives away at the decisions it makes.
// Shared by `aces tactics` and the bench (bench/tactics.bench.ts); it names no system and takes any SystemEngine
// that has `play` (model/system.ts, "Decisions apart from rules").
//
// 1. Fights: F seeded fights, fight i on combatSeed(seed, i) — the seed `aces run FILE --seed S` replays, since
//    `play(enc, S)` is the fight `events(enc, S)` logs (the contract suite holds them equal) — played once with a
//    control that only records the decision points it meets (index 0, 1, … in the order met).
// 2. Points: a few of each fight's points, drawn with the shared seeded generator (engine/rng.ts, never
//    Math.random).
// 3. Options: at a point with few options (≤ 6) every one; else the policy's choice and a seeded random few.
// 4. Rollouts, paired: option o is played out 2N times; rollout j overrides decision k with `{ option: o,
//    reseed: c_j }` and leaves every other decision to the policy. The continuation seeds c_1..c_2N are the same for
//    every option, the policy's own included (`{ option: chosen, reseed: c_j }`), so options differ by what they do,
//    not by the dice that follow (common random numbers).
// 5. Free of the winner's curse: the best option is chosen on the first N rollouts (the choosing batch) and its
//    regret — its win chance minus the policy's, as paired differences — is measured on the other N (the measuring
//    batch). Taking the largest of several noisy means on one batch would read equal options as a positive regret
//    (the expected maximum of noise); a fresh batch makes the estimate unbiased: ≈ 0 when every option is equal.
//    A challenger is chosen only when it beats the policy's option clearly on the choosing batch (its paired
//    difference's 95% interval above 0; `chooseBest`), else the regret is 0: near-equal options would otherwise
//    put the fresh batch's noise, not the play, in the 95th percentile.
//    A win: `played.winner` is the actor's side (`sides.indexOf(combatants[actor].side)`).
// 6. Figures, in points of win chance (0–100): each point's regret with its 95% interval (normal, from the paired
//    differences), then the mean (with its interval over points) and the 95th percentile of the points' regrets
//    overall, per decision kind, per combatant and per GM rule (`point.rule`, issue 33), and the worst decisions with
//    the command that replays their fight.

import { combatSeed, fmix32, hashString, makeRng, randBelow, seed32 } from '../engine/rng.js';
import type { DecisionControl, DecisionPoint, EncounterInfo, SystemEngine } from '../model/system.js';

/** The goals of issue 32 item 3, in points of win chance: per system over its bundled samples (the bench). */
export const REGRET_GOALS = { mean: 1, p95: 3 } as const;

export interface ProbeOptions {
  /** Fights sampled (F, default 20): fight i is seeded combatSeed(seed, i). */
  fights?: number;
  /** Decision points probed per fight at most (default 2). */
  points?: number;
  /** Rollouts per option in each batch (N, default 100): 2N per option, N to choose the best, N to measure it. */
  rollouts?: number;
  /** The probe's base seed (default: the encounter's seed). */
  seed?: number;
  /** Every option is tried at a point with at most this many (default 6); else the policy's and `extra` random. */
  maxOptions?: number;
  /** Random options tried beside the policy's at a point with more than `maxOptions` (default 3). */
  extra?: number;
  /** How many worst decisions to list (default 5). */
  worst?: number;
  /**
   * Milliseconds after which the probe stops: no new point is started, and a point under way is dropped (the report
   * says it stopped early); default: none.
   */
  budgetMs?: number;
  /** Stops the probe at the next rollout: it rejects with an error named AbortError. */
  signal?: AbortSignal;
  /** Called after the fights are recorded (done 0) and after each point: points done, points to do. */
  onProgress?(done: number, total: number): void;
  /** The command that replays fight seed S (default: `aces run FILE --seed S` with the encounter's file). */
  replay?(seed: number): string;
  /** The clock of the budget (default performance.now); a test may pass its own. */
  now?(): number;
}

/** A mean of regrets in points of win chance, with its 95% interval and the 95th percentile of the points' regrets. */
export interface RegretSummary {
  /** Points probed. */
  points: number;
  mean: number;
  ci95: [number, number];
  p95: number;
}

export interface OptionResult {
  /** Index in the point's options, and its words. */
  index: number;
  option: string;
  /** Win chance of the actor's side on the choosing batch and on the measuring batch (0–1). */
  choose: number;
  measure: number;
}

export interface PointResult {
  /** Fight number (0-based) and its seed: `aces run FILE --seed S` replays it. */
  fight: number;
  seed: number;
  /** The decision's index in the fight (the order the control meets them). */
  index: number;
  round: number;
  actor: string;
  side: string;
  kind: string;
  rule?: string;
  /** Legal options at the point, and those played out. */
  legal: number;
  tried: OptionResult[];
  policy: { index: number; option: string; win: number };
  best: { index: number; option: string; win: number };
  /** best.win − policy.win on the measuring batch, in points, with its 95% interval. */
  regret: number;
  ci95: [number, number];
}

export interface GroupSummary extends RegretSummary {
  key: string;
}

export interface WorstDecision {
  replay: string;
  seed: number;
  round: number;
  actor: string;
  kind: string;
  rule?: string;
  policy: { option: string; win: number };
  better: { option: string; win: number };
  regret: number;
  ci95: [number, number];
}

export interface RegretReport {
  encounter: string;
  seed: number;
  fights: number;
  pointsPerFight: number;
  rollouts: number;
  /** Decision points met in the recorded fights (two or more options each), and how many were probed. */
  decisions: number;
  probed: number;
  /** Why fewer points than sampled were probed ('time budget'); absent when all were. */
  stopped?: string;
  overall: RegretSummary;
  byKind: GroupSummary[];
  byCombatant: GroupSummary[];
  byRule: GroupSummary[];
  worst: WorstDecision[];
  points: PointResult[];
}

/** The probe could not run as asked: the engine has no `play`, or its fights do not replay (a broken contract). */
export class ProbeError extends Error {
  override name = 'ProbeError';
}

interface Recorded {
  point: DecisionPoint;
  index: number;
}

/** A copy of a point (an engine may reuse one object for every point it offers). */
function copyPoint(p: DecisionPoint): DecisionPoint {
  return {
    actor: p.actor,
    kind: p.kind,
    round: p.round,
    options: [...p.options],
    chosen: p.chosen,
    ...(p.rule !== undefined ? { rule: p.rule } : {}),
  };
}

/** Every decision point (two or more options) of the fight seeded `seed`, in order, with nothing overridden. */
export function recordPoints(engine: SystemEngine, enc: EncounterInfo, seed: number): Recorded[] {
  const play = engine.play;
  if (!play) throw new ProbeError('this system has no play (decisions apart from rules) yet');
  const out: Recorded[] = [];
  const control: DecisionControl = {
    decide(point, index) {
      out.push({ point: copyPoint(point), index });
      return undefined;
    },
  };
  play.call(engine, enc, seed, control);
  return out;
}

/** The i-th of a few derived seeds: one stream of numbers per purpose, from the probe's seed. */
function derived(seed: number, purpose: string, a: number, b = 0): number {
  return combatSeed(fmix32(seed32(seed) ^ hashString(purpose) ^ Math.imul(b + 1, 0x85ebca6b)), a);
}

/** `k` distinct numbers below `n`, drawn with `rng` (a partial Fisher–Yates shuffle), in increasing order. */
function drawDistinct(n: number, k: number, seed: number): number[] {
  const rng = makeRng(seed);
  const xs = Array.from({ length: n }, (_, i) => i);
  const m = Math.min(k, n);
  for (let i = 0; i < m; i++) {
    const j = i + randBelow(rng, n - i);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs.slice(0, m).sort((a, b) => a - b);
}

/** The 95th percentile by nearest rank (as bench/stats.ts). */
export function percentile95(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.95 * s.length) - 1))];
}

/** Mean and normal 95% interval of paired differences (or of points' regrets). */
function meanCi(xs: readonly number[]): { mean: number; ci95: [number, number] } {
  const n = xs.length;
  if (!n) return { mean: 0, ci95: [0, 0] };
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  if (n < 2) return { mean, ci95: [mean, mean] };
  const v = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const h = 1.96 * Math.sqrt(v / n);
  return { mean, ci95: [mean - h, mean + h] };
}

const r2 = (x: number): number => Math.round(x * 100) / 100 + 0;
const r4 = (x: number): number => Math.round(x * 10000) / 10000 + 0;

/** The figures of a set of decisions' regrets (points of win chance): their mean with its interval, and the p95. */
export function summarize(regrets: readonly number[]): RegretSummary {
  const m = meanCi(regrets);
  return {
    points: regrets.length,
    mean: r2(m.mean),
    ci95: [r2(m.ci95[0]), r2(m.ci95[1])],
    p95: r2(percentile95(regrets)),
  };
}

function groups(points: readonly PointResult[], key: (p: PointResult) => string | undefined): GroupSummary[] {
  const by = new Map<string, number[]>();
  for (const p of points) {
    const k = key(p);
    if (k === undefined) continue;
    let l = by.get(k);
    if (!l) by.set(k, (l = []));
    l.push(p.regret);
  }
  return [...by]
    .map(([k, xs]) => ({ key: k, ...summarize(xs) }))
    .sort((a, b) => b.mean - a.mean || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function abortError(): Error {
  const e = new Error('the regret probe was cancelled');
  e.name = 'AbortError';
  return e;
}

/** Lets the event loop run (a Ctrl-C handler, a cancel) between stretches of synchronous fights. */
const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * Step 5's choice: the option with the best win chance on the choosing batch (rollouts [0, N)), if its paired
 * advantage over the policy's option is clear there — the 95% interval of the paired differences lies above 0 —
 * else the policy's own (a regret of exactly 0). Taking the best-looking option whatever its margin reads noise as
 * regret at every point where the options are near equal: measured on a fresh batch it is unbiased on average but
 * spread ±1.96·σ/√N, and that spread, not the play, would set the 95th percentile (≈ 5–8 points at N = 100–200).
 * The gate keeps the estimate honest in the other direction too: a challenger it lets through is still measured on
 * the fresh batch, so a regret is never more than the measuring batch shows.
 */
export function chooseBest(wins: readonly Uint8Array[], pq: number, N: number): number {
  let bq = pq,
    bestMean = 0;
  for (let q = 0; q < wins.length; q++) {
    if (q === pq) continue;
    const diffs = Array.from({ length: N }, (_, j) => wins[q][j] - wins[pq][j]);
    const { mean, ci95 } = meanCi(diffs);
    if (ci95[0] > 0 && (bq === pq || mean > bestMean)) {
      bq = q;
      bestMean = mean;
    }
  }
  return bq;
}

/** Step 5 for one point: the best option on the choosing batch, its regret against the policy's on the measuring one. */
function pointResult(
  enc: EncounterInfo,
  at: { fight: number; seed: number; rec: Recorded },
  tried: readonly number[],
  wins: readonly Uint8Array[],
  N: number,
): PointResult {
  const { point, index: k } = at.rec;
  const rate = (w: Uint8Array, from: number): number => {
    let x = 0;
    for (let j = from; j < from + N; j++) x += w[j];
    return x / N;
  };
  const pq = tried.indexOf(point.chosen);
  const bq = chooseBest(wins, pq, N);
  const diffs: number[] = [];
  for (let j = N; j < 2 * N; j++) diffs.push(100 * (wins[bq][j] - wins[pq][j]));
  const m = meanCi(diffs);
  const side = enc.combatants[point.actor]?.side;
  return {
    fight: at.fight,
    seed: at.seed,
    index: k,
    round: point.round,
    actor: enc.combatants[point.actor]?.id ?? `#${point.actor}`,
    side: side ?? '?',
    kind: point.kind,
    ...(point.rule !== undefined ? { rule: point.rule } : {}),
    legal: point.options.length,
    tried: tried.map((i, q) => ({
      index: i,
      option: point.options[i],
      choose: r4(rate(wins[q], 0)),
      measure: r4(rate(wins[q], N)),
    })),
    policy: { index: point.chosen, option: point.options[point.chosen], win: r4(rate(wins[pq], N)) },
    best: { index: tried[bq], option: point.options[tried[bq]], win: r4(rate(wins[bq], N)) },
    regret: r2(m.mean),
    ci95: [r2(m.ci95[0]), r2(m.ci95[1])],
  };
}

/** The decisions that lost the most win chance (a positive regret), worst first, with the command replaying each. */
function worstDecisions(
  points: readonly PointResult[],
  count: number,
  replay: (seed: number) => string,
): WorstDecision[] {
  return points
    .filter((p) => p.regret > 0)
    .sort((a, b) => b.regret - a.regret || a.fight - b.fight || a.index - b.index)
    .slice(0, count)
    .map((p): WorstDecision => ({
      replay: replay(p.seed),
      seed: p.seed,
      round: p.round,
      actor: p.actor,
      kind: p.kind,
      ...(p.rule !== undefined ? { rule: p.rule } : {}),
      policy: { option: p.policy.option, win: p.policy.win },
      better: { option: p.best.option, win: p.best.win },
      regret: p.regret,
      ci95: p.ci95,
    }));
}

/**
 * Probes the policy's regret in `enc` (see the header). Same engine, encounter and options (without a budget that
 * runs out) → the same report, byte for byte.
 */
export async function probeRegret(
  engine: SystemEngine,
  enc: EncounterInfo,
  o: ProbeOptions = {},
): Promise<RegretReport> {
  const play = engine.play;
  if (!play) throw new ProbeError('this system has no play (decisions apart from rules) yet');
  const F = o.fights ?? 20;
  const P = o.points ?? 2;
  const N = o.rollouts ?? 100;
  const seed = o.seed ?? enc.seed;
  const maxOptions = o.maxOptions ?? 6;
  const extra = o.extra ?? 3;
  const now = o.now ?? (() => performance.now());
  const start = now();
  const replay =
    o.replay ?? ((s: number) => `aces run ${enc.file ?? 'FILE'} --encounter ${JSON.stringify(enc.name)} --seed ${s}`);
  const sideOf = enc.combatants.map((c) => enc.sides.indexOf(c.side));
  const over = (): boolean => o.budgetMs !== undefined && now() - start > o.budgetMs;
  let lastYield = now();
  const breathe = async (): Promise<void> => {
    if (o.signal?.aborted) throw abortError();
    if (now() - lastYield > 25) {
      await yieldToLoop();
      lastYield = now();
      if (o.signal?.aborted) throw abortError();
    }
  };

  // 1–2: record each fight's points and draw the ones to probe
  const todo: { fight: number; seed: number; rec: Recorded }[] = [];
  let decisions = 0;
  for (let f = 0; f < F; f++) {
    await breathe();
    const s = combatSeed(seed, f);
    const rec = recordPoints(engine, enc, s);
    decisions += rec.length;
    for (const i of drawDistinct(rec.length, P, derived(seed, 'points', f)))
      todo.push({ fight: f, seed: s, rec: rec[i] });
  }
  o.onProgress?.(0, todo.length);

  const points: PointResult[] = [];
  let stopped: string | undefined;
  for (const [t, { fight, seed: s, rec }] of todo.entries()) {
    if (over()) {
      stopped = 'time budget';
      break;
    }
    const { point, index: k } = rec;
    const n = point.options.length;
    // 3: the options to play out
    const tried =
      n <= maxOptions
        ? Array.from({ length: n }, (_, i) => i)
        : [
            point.chosen,
            ...drawDistinct(n - 1, extra, derived(seed, 'options', fight, k)).map((i) =>
              i < point.chosen ? i : i + 1,
            ),
          ].sort((a, b) => a - b);
    const actorSide = sideOf[point.actor];
    // 4: 2N rollouts per option on the same continuation seeds
    const wins = tried.map(() => new Uint8Array(2 * N));
    let cut = false;
    for (let j = 0; j < 2 * N; j++) {
      await breathe();
      // past the budget mid-point: the point is dropped (half its rollouts would measure nothing)
      if (over()) {
        cut = true;
        break;
      }
      const reseed = derived(seed, 'continue', fight * 65536 + k, j);
      for (const [q, option] of tried.entries()) {
        let met: DecisionPoint | undefined;
        const control: DecisionControl = {
          decide(p, index) {
            if (index !== k) return undefined;
            met = p;
            return { option, reseed };
          },
        };
        const played = play.call(engine, enc, s, control);
        if (!met || met.actor !== point.actor || met.kind !== point.kind || met.options.length !== n)
          throw new ProbeError(
            `fight seed ${s} did not meet its decision ${k} (${enc.combatants[point.actor]?.id} ${point.kind}) again: the engine's play does not replay`,
          );
        wins[q][j] = played.winner === actorSide ? 1 : 0;
      }
    }
    if (cut) {
      stopped = 'time budget';
      break;
    }
    // 5: choose on rollouts [0, N), measure on [N, 2N)
    points.push(pointResult(enc, { fight, seed: s, rec }, tried, wins, N));
    o.onProgress?.(t + 1, todo.length);
  }

  // 6: the figures
  const worst = worstDecisions(points, o.worst ?? 5, replay);
  return {
    encounter: enc.name,
    seed,
    fights: F,
    pointsPerFight: P,
    rollouts: N,
    decisions,
    probed: points.length,
    ...(stopped ? { stopped } : {}),
    overall: summarize(points.map((p) => p.regret)),
    byKind: groups(points, (p) => p.kind),
    byCombatant: groups(points, (p) => p.actor),
    byRule: groups(points, (p) => p.rule),
    worst,
    points,
  };
}
