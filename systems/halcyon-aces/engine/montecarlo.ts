// Monte Carlo: N seeded combats → win probabilities with 95% Wilson intervals,
// stalemates, rounds, per-combatant Broken / Defeated chances and damage.
//
// Combat i always uses combatSeed(seed, i) and every figure is an integer sum,
// so the result is the same whatever the number of threads or chunk sizes.
// Runs on the fast path (no events) of the same state machine as runCombat.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Encounter } from '../model.js';
import { compile } from './compile.js';
import { CombatSim, R_DRAW, R_STALEMATE, R_VICTORY } from './sim.js';
import { combatSeed } from '../../../engine/rng.js';
import { checkCount, checkSeed } from '../../../engine/args.js';

export interface MonteCarloOptions {
  /** Number of combats, default 10,000. */
  runs?: number;
  /** Base seed, default encounter.seed; combat i uses combatSeed(seed, i). */
  seed?: number;
  /** Threads computing: the calling thread plus threads − 1 pooled workers (1 = the calling thread alone, in slices). Default: available cores, at most 8. */
  threads?: number;
  /** Called as combats complete (done, total). */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * Leave the calling thread free: every combat runs on the worker threads (`threads` of them). For a
   * language server, whose thread must keep answering while odds are computed.
   */
  offThread?: boolean;
}

export interface Proportion {
  count: number;
  p: number;
  /** 95% Wilson score interval. */
  ci95: [number, number];
}

export interface MonteCarloResult {
  encounter: string;
  runs: number;
  seed: number;
  roundCap: number;
  sides: ({ side: string } & Proportion)[];
  /** The round cap ran out (HA-I6). */
  stalemate: Proportion;
  /** No side left able to act. */
  draw: Proportion;
  rounds: { mean: number; sd: number; min: number; max: number; /** histogram[r] = combats that ended in round r */ histogram: number[] };
  combatants: {
    id: string;
    side: string;
    broken: Proportion;
    defeated: Proportion;
    damage: { mean: number; sd: number };
  }[];
}

/** Integer tallies of a range of combats; merged by addition. */
export interface Tally {
  runs: number;
  wins: number[];
  stalemates: number;
  draws: number;
  roundsSum: number;
  roundsSq: number;
  roundsMin: number;
  roundsMax: number;
  hist: number[];
  broken: number[];
  defeated: number[];
  dmgSum: number[];
  dmgSq: number[];
}

export function emptyTally(nSides: number, n: number, cap: number): Tally {
  return {
    runs: 0, wins: new Array<number>(nSides).fill(0), stalemates: 0, draws: 0, roundsSum: 0, roundsSq: 0,
    roundsMin: Infinity, roundsMax: 0, hist: new Array<number>(cap + 1).fill(0),
    broken: new Array<number>(n).fill(0), defeated: new Array<number>(n).fill(0),
    dmgSum: new Array<number>(n).fill(0), dmgSq: new Array<number>(n).fill(0),
  };
}

export function mergeTally(into: Tally, t: Tally): void {
  into.runs += t.runs;
  for (let i = 0; i < into.wins.length; i++) into.wins[i] += t.wins[i];
  into.stalemates += t.stalemates;
  into.draws += t.draws;
  into.roundsSum += t.roundsSum;
  into.roundsSq += t.roundsSq;
  into.roundsMin = Math.min(into.roundsMin, t.roundsMin);
  into.roundsMax = Math.max(into.roundsMax, t.roundsMax);
  for (let i = 0; i < into.hist.length; i++) into.hist[i] += t.hist[i];
  for (let i = 0; i < into.broken.length; i++) {
    into.broken[i] += t.broken[i];
    into.defeated[i] += t.defeated[i];
    into.dmgSum[i] += t.dmgSum[i];
    into.dmgSq[i] += t.dmgSq[i];
  }
}

/** Runs combats [from, to) of a batch seeded `seed` into a tally (the hot loop; no allocation per combat). */
export function runRange(sim: CombatSim, seed: number, from: number, to: number, t: Tally = emptyTally(sim.k.nSides, sim.k.n, sim.k.roundCap)): Tally {
  const n = sim.k.n;
  for (let i = from; i < to; i++) {
    const r = sim.run(combatSeed(seed, i));
    if (r === R_VICTORY) t.wins[sim.winner]++;
    else if (r === R_STALEMATE) t.stalemates++;
    else if (r === R_DRAW) t.draws++;
    const rounds = sim.endRound;
    t.roundsSum += rounds;
    t.roundsSq += rounds * rounds;
    if (rounds < t.roundsMin) t.roundsMin = rounds;
    if (rounds > t.roundsMax) t.roundsMax = rounds;
    t.hist[rounds]++;
    for (let c = 0; c < n; c++) {
      t.broken[c] += sim.everBroken[c];
      t.defeated[c] += sim.defeated[c];
      const d = sim.dmgDealt[c];
      t.dmgSum[c] += d;
      t.dmgSq[c] += d * d;
    }
  }
  t.runs += to - from;
  return t;
}

/** 95% Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.959963984540054): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  // k = 0 and k = n have exact bounds 0 and 1; the formula only reaches them up to rounding (1.7e-18).
  return [k <= 0 ? 0 : Math.max(0, mid - half), k >= n ? 1 : Math.min(1, mid + half)];
}

function prop(k: number, n: number): Proportion {
  return { count: k, p: n ? k / n : 0, ci95: wilson(k, n) };
}

function sd(sum: number, sq: number, n: number): number {
  if (n < 2) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1)));
}

export function finalize(enc: Encounter, seed: number, t: Tally): MonteCarloResult {
  const k = compile(enc);
  const n = t.runs;
  return {
    encounter: enc.name, runs: n, seed, roundCap: k.roundCap,
    sides: k.sideNames.map((side, i) => ({ side, ...prop(t.wins[i], n) })),
    stalemate: prop(t.stalemates, n),
    draw: prop(t.draws, n),
    rounds: { mean: n ? t.roundsSum / n : 0, sd: sd(t.roundsSum, t.roundsSq, n), min: n ? t.roundsMin : 0, max: t.roundsMax, histogram: t.hist.slice() },
    combatants: k.ids.map((id, c) => ({
      id, side: k.sideNames[k.side[c]], broken: prop(t.broken[c], n), defeated: prop(t.defeated[c], n),
      damage: { mean: n ? t.dmgSum[c] / n : 0, sd: sd(t.dmgSum[c], t.dmgSq[c], n) },
    })),
  };
}

/** Monte Carlo on the calling thread (tests, small batches). */
export function monteCarloSync(encounter: Encounter, opts: { runs?: number; seed?: number } = {}): MonteCarloResult {
  const runs = checkCount(opts.runs ?? 10000, 'runs', 0, 100_000_000);
  const seed = checkSeed(opts.seed ?? encounter.seed);
  const sim = new CombatSim(compile(encounter));
  return finalize(encounter, seed, runRange(sim, seed, 0, runs));
}

function abortError(signal: AbortSignal): Error {
  const r = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error('Monte Carlo cancelled');
  e.name = 'AbortError';
  return e;
}

// ───────────────────────── worker pool ─────────────────────────
//
// Workers are pooled (kept between calls, unref'd while idle) and the calling
// thread computes too: `threads: 2` is this thread + 1 worker. Work is handed
// out in small chunks from one shared counter (two in flight per worker), and
// a worker gets its first chunks only once it has started (a 'ready' message),
// so on a first (cold) call this thread runs the combats while workers boot. Which thread runs
// which chunk never changes a figure: combat i always uses combatSeed(seed, i)
// and tallies are integer sums.

interface PoolWorker {
  w: Worker;
  busy: boolean;
  /** The worker has loaded its modules and listens for tasks. */
  ready: boolean;
  /** Called once when it becomes ready (set by a job waiting for it). */
  onReady: (() => void) | null;
}

const pool: PoolWorker[] = [];
let jobCounter = 0;

function workerUrl(): URL {
  return new URL('./worker.js', import.meta.url);
}

function getWorkers(count: number): PoolWorker[] {
  while (pool.length < count) {
    const w = new Worker(workerUrl());
    const pw: PoolWorker = { w, busy: false, ready: false, onReady: null };
    w.on('exit', () => { const i = pool.indexOf(pw); if (i >= 0) pool.splice(i, 1); });
    w.on('message', (m: WorkerReply) => {
      if (m.type !== 'ready') return;
      pw.ready = true;
      const f = pw.onReady;
      pw.onReady = null;
      f?.();
    });
    w.unref();
    pool.push(pw);
  }
  return pool.slice(0, count);
}

/**
 * Starts the worker threads ahead of a first Monte Carlo call (e.g. when an editor opens an
 * encounter), so that call does not pay their start-up. Optional: monteCarlo works without it.
 */
export function prewarmWorkers(threads = Math.min(8, availableParallelism())): void {
  getWorkers(Math.max(0, Math.min(63, Math.trunc(threads) - 1)));
}

/** Ends the pooled worker threads (they are unref'd and idle otherwise). */
export async function shutdownWorkers(): Promise<void> {
  const all = pool.splice(0);
  await Promise.all(all.map((p) => p.w.terminate()));
}

export type WorkerRequest = { type: 'task'; job: number; encounter: Encounter | null; seed: number; from: number; to: number };
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'progress'; job: number; done: number }
  | { type: 'done'; job: number; tally: Tally }
  | { type: 'error'; job: number; message: string };

/** Combats per chunk: small enough to balance a cold worker's slow first chunk and to keep this thread responsive. */
const CHUNK = 250;

/**
 * Monte Carlo over worker threads, with progress and cancellation.
 * The result for a given seed does not depend on `threads`.
 */
export async function monteCarlo(encounter: Encounter, opts: MonteCarloOptions = {}): Promise<MonteCarloResult> {
  const runs = checkCount(opts.runs ?? 10000, 'runs', 0, 100_000_000);
  const seed = checkSeed(opts.seed ?? encounter.seed);
  const threads = checkCount(opts.threads ?? Math.min(8, availableParallelism()), 'threads', 1, 64);
  const signal = opts.signal;
  if (signal?.aborted) throw abortError(signal);
  const k = compile(encounter);
  const total = emptyTally(k.nSides, k.n, k.roundCap);
  const sim = new CombatSim(k);
  const offThread = !!opts.offThread;
  if (!offThread && (threads === 1 || runs < 200)) {
    // Same thread, in slices, yielding to the event loop for progress and cancellation.
    const slice = 1000;
    for (let from = 0; from < runs; from += slice) {
      if (signal?.aborted) throw abortError(signal);
      runRange(sim, seed, from, Math.min(runs, from + slice), total);
      opts.onProgress?.(Math.min(runs, from + slice), runs);
      if (from + slice < runs) await new Promise((r) => setImmediate(r));
    }
    if (signal?.aborted) throw abortError(signal);
    return finalize(encounter, seed, total);
  }
  if (runs === 0) return finalize(encounter, seed, total);
  const workers = getWorkers(offThread ? threads : threads - 1);
  const job = ++jobCounter;
  let next = 0;
  let done = 0;
  let plain: Encounter | null = null;
  return new Promise<MonteCarloResult>((resolve, reject) => {
    let finished = false;
    let active = 0;
    const sent = new Set<PoolWorker>();
    const cleanup = () => {
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      for (const pw of workers) {
        pw.w.removeListener('message', onMessage.get(pw)!);
        pw.w.removeAllListeners('error');
        pw.onReady = null;
        pw.busy = false;
        pw.w.unref();
      }
    };
    const onAbort = () => {
      if (finished) return;
      cleanup();
      // The job's workers are stopped and dropped; the pool respawns on the next call.
      for (const pw of workers) {
        const i = pool.indexOf(pw);
        if (i >= 0) pool.splice(i, 1);
        void pw.w.terminate();
      }
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const progress = (n: number) => {
      done += n;
      opts.onProgress?.(Math.min(done, runs), runs);
    };
    const maybeFinish = () => {
      if (!finished && total.runs >= runs && active === 0) {
        cleanup();
        resolve(finalize(encounter, seed, total));
      }
    };
    const feed = (pw: PoolWorker) => {
      if (finished || next >= runs) { pw.busy = false; return; }
      const from = next;
      const to = Math.min(runs, from + CHUNK);
      next = to;
      pw.busy = true;
      active++;
      if (!plain) plain = JSON.parse(JSON.stringify(encounter, (_k, v) => (v === Infinity ? null : v))) as Encounter;
      const msg: WorkerRequest = { type: 'task', job, encounter: sent.has(pw) ? null : plain, seed, from, to };
      sent.add(pw);
      pw.w.postMessage(msg);
    };
    const onMessage = new Map<PoolWorker, (m: WorkerReply) => void>();
    for (const pw of workers) {
      pw.w.ref();
      const h = (m: WorkerReply) => {
        if (finished || m.type === 'ready' || m.job !== job) return;
        if (m.type === 'progress') progress(m.done);
        else if (m.type === 'done') {
          active--;
          mergeTally(total, m.tally);
          maybeFinish();
          feed(pw);
        } else {
          cleanup();
          reject(new Error(`Monte Carlo worker failed: ${m.message}`));
        }
      };
      onMessage.set(pw, h);
      pw.w.on('message', h);
      pw.w.on('error', (e) => { if (!finished) { cleanup(); reject(e); } });
      // Two chunks in flight per worker: the next one waits in its queue while this thread, busy with a
      // chunk of its own, has not yet read the 'done' of the first (else the worker idles in between).
      const start = () => { feed(pw); feed(pw); };
      if (pw.ready) start();
      else pw.onReady = start;
    }
    // This thread takes chunks too, yielding between them for messages, progress and cancellation.
    const local = () => {
      if (finished) return;
      if (offThread) return;
      if (next < runs) {
        const from = next;
        const to = Math.min(runs, from + CHUNK);
        next = to;
        runRange(sim, seed, from, to, total);
        progress(to - from);
        if (finished) return; // cancelled from onProgress
      }
      maybeFinish();
      if (!finished && next < runs) setImmediate(local);
    };
    local();
  });
}
