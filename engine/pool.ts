// Monte Carlo over worker threads, for every rule system: N seeded combats →
// a tally, with progress and cancellation. The seam is crossed per chunk of
// up to 250 combats (smaller as the end nears, so the threads finish
// together), never per combat: a worker builds the system's fast path once
// per job and runs chunks on it.
//
// Workers are pooled (kept between calls, unref'd while idle) and the calling
// thread computes too: `threads: 2` is this thread + 1 worker. Work is handed
// out in small chunks from one shared counter (two in flight per worker), and
// a worker gets its first chunks only once it has started (a 'ready' message),
// so on a first (cold) call this thread runs the combats while workers boot.
// A cancelled job stops its workers' chunks through a shared flag and keeps the
// threads, whose compiled code and kept caches stay warm for the next job (odds
// as you type cancel on every keystroke); only a thread that does not stop in
// time is replaced.
// Which thread runs which chunk never changes a figure: combat i always uses
// combatSeed(seed, i) and tallies are integer sums.
//
// The worker's entry (which knows the systems) is handed in by the registry:
// this file names no system.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { checkCount, checkSeed } from './args.js';
import { EncounterRunError, type SourceAt } from './run-error.js';
import { emptyTally, mergeTally, runWatching, type Tally, type TallyShape, type Watch } from './tally.js';

export interface MonteCarloOptions {
  /** Number of combats, default 10,000. */
  runs?: number;
  /** Base seed, default the encounter's; combat i uses combatSeed(seed, i). */
  seed?: number;
  /**
   * Threads computing: the calling thread plus threads − 1 pooled workers (1 = the calling thread alone, in slices).
   * Default: available cores, at most 8. Off the calling thread, a small job of a system the workers have not yet
   * run uses fewer (workersFor); the figures never depend on it.
   */
  threads?: number;
  /** Called as combats complete (done, total). */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * Leave the calling thread free: every combat runs on the worker threads (`threads` of them). For a
   * language server or a CLI that must hear Ctrl-C while odds are computed.
   */
  offThread?: boolean;
  /**
   * An anytime estimate (odds as you type): stop handing out combats once this many milliseconds have passed
   * since the call, as soon as `minRuns` are handed out (no chunk crosses `minRuns`: a budget spent by then stops
   * at exactly `minRuns`). The result covers combats [0, n) for the n reached
   * (`runs` says how many): the same figures a call with `runs: n` gives, only sooner.
   */
  budgetMs?: number;
  /** With `budgetMs`: combats run whatever the time (default 500). */
  minRuns?: number;
  /**
   * After a cancel, how long the job's workers may take to stop their chunks (they check a shared flag between
   * a few combats) before they are replaced by new threads (0: at once); the next job waits for them. Default
   * CANCEL_GRACE_MS.
   */
  cancelGraceMs?: number;
}

/** What the pool runs: this thread's fast path, and what a worker needs to build its own. */
export interface PoolJob {
  shape: TallyShape;
  counters: number;
  /** This thread's runner (combats [from, to) into t). */
  run(seed: number, from: number, to: number, t: Tally): void;
  /** Player characters watched for the verdict (engine/tally.ts runWatching). */
  watch?: Watch;
  /** Expected CPU per combat once warm, µs (FastPath.costUs): a small first job of its system runs on one worker. */
  costUs?: number;
  /** The system's id and the encounter as plain data, for the workers. */
  system: string;
  wire: () => unknown;
}

/**
 * A chunk of a job. The first task of a job to a worker carries the encounter and the job's cancel flag (an
 * Int32Array's buffer, shared: non-zero once the job is cancelled), later ones null.
 */
export type WorkerRequest = {
  type: 'task';
  job: number;
  system: string;
  encounter: unknown;
  cancel: SharedArrayBuffer | null;
  seed: number;
  from: number;
  to: number;
  watch?: Watch;
};
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'progress'; job: number; done: number }
  | { type: 'done'; job: number; tally: Tally }
  /** `encounter`: the encounter's own data stopped the fight (an EncounterRunError), not a fault of the program. */
  | { type: 'error'; job: number; message: string; encounter?: boolean; at?: SourceAt };

interface PoolWorker {
  w: Worker;
  busy: boolean;
  /** The worker has loaded its modules and listens for tasks. */
  ready: boolean;
  /** Called once when it becomes ready (set by a job waiting for it). */
  onReady: (() => void) | null;
  /** The systems this thread has run a job of (its engine's code is compiled, or on the way). */
  ran: Set<string>;
}

const pool: PoolWorker[] = [];
/** Worker threads started since the process began (tests: a cancel keeps its threads). */
let started = 0;
/** The worker threads started so far, and the pool's thread ids now. */
export function poolThreads(): { started: number; ids: number[] } {
  return { started, ids: pool.map((p) => p.w.threadId) };
}
let jobCounter = 0;
let entry: URL | undefined;
/** Whether workers started from now on lower their own priority (engine/thread-priority.ts). */
let background = false;

/**
 * Workers started from now on run below the process's other threads where the system allows it per thread
 * (Linux): a language server's requests then win a busy core over its Monte Carlo. A CLI that waits for the odds
 * keeps the default. Set it before the first worker starts (prewarmWorkers).
 */
export function runWorkersInBackground(on = true): void {
  background = on;
}

/** What a worker is told when it starts (its workerData). */
export interface WorkerStart {
  background: boolean;
}

/** Where the worker's entry module is (set once by the registry, which knows every system's engine). */
export function setWorkerEntry(url: URL): void {
  entry = url;
}

function getWorkers(count: number): PoolWorker[] {
  if (!entry)
    throw new Error('Monte Carlo workers have no entry module: the systems registry sets it (systems/index.ts).');
  while (pool.length < count) {
    const start: WorkerStart = { background };
    const w = new Worker(entry, { workerData: start });
    started++;
    const pw: PoolWorker = { w, busy: false, ready: false, onReady: null, ran: new Set() };
    w.on('exit', () => {
      const i = pool.indexOf(pw);
      if (i >= 0) pool.splice(i, 1);
    });
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

/** Threads of a Monte Carlo that names none (`aces odds`' default): every core, at most 8. */
export const DEFAULT_THREADS = Math.min(8, availableParallelism());

/**
 * Starts the worker threads ahead of a first Monte Carlo call (e.g. when an editor opens an
 * encounter), so that call does not pay their start-up. Optional: the pool works without it.
 */
export function prewarmWorkers(threads = DEFAULT_THREADS): void {
  getWorkers(Math.max(0, Math.min(63, Math.trunc(threads) - 1)));
}

/** Ends the pooled worker threads (they are unref'd and idle otherwise). */
export async function shutdownWorkers(): Promise<void> {
  const all = pool.splice(0);
  // ref'd until they exit: an idle worker is unref'd, and a caller awaiting this (a CLI after Ctrl-C) must not see
  // its process end with the promise unsettled while a thread still stops
  await Promise.all(
    all.map((p) => {
      p.w.ref();
      return p.w.terminate();
    }),
  );
}

function abortError(signal: AbortSignal): Error {
  const r = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error('Monte Carlo cancelled');
  e.name = 'AbortError';
  return e;
}

/** How long a cancelled job's workers may take to stop before they are replaced (a combat is ≪ this, but a hostile encounter's need not be). */
const CANCEL_GRACE_MS = 250;

/** Combats per chunk: small enough to balance a cold worker's slow first chunk and to keep this thread responsive. */
const CHUNK = 250;
/**
 * Combats per chunk of a call with a time budget: the chunks handed out before the budget ran out still finish
 * (two per worker), so they are smaller (a tactical grid combat takes ~0.2 ms: 100 of them ~20 ms).
 */
const BUDGET_CHUNK = 100;

/**
 * The size of the next chunk, `left` combats still to hand out over `threads` threads: at most `chunk`, and a
 * quarter of each thread's share of what is left, at least MIN_CHUNK (guided scheduling). Near the end the
 * chunks shrink, so the threads finish together instead of one waiting for another's last two full chunks.
 */
function nextChunk(left: number, threads: number, chunk: number): number {
  return Math.min(left, chunk, Math.max(MIN_CHUNK, Math.ceil(left / (4 * threads))));
}
const MIN_CHUNK = 20;

/** For a call with `budgetMs`: whether, with `handed` combats handed out, no more should be. */
function budgetTest(opts: MonteCarloOptions): (handed: number) => boolean {
  const budget = opts.budgetMs;
  if (budget === undefined) return () => false;
  const t0 = performance.now();
  const min = budgetFloor(opts);
  return (handed) => handed >= min && performance.now() - t0 >= budget;
}

/** The combats a call with `budgetMs` runs however early its budget runs out (`minRuns`); 0 without a budget. */
function budgetFloor(opts: MonteCarloOptions): number {
  return opts.budgetMs === undefined ? 0 : (opts.minRuns ?? 500);
}

/**
 * The end of a chunk [from, to) cut so that it does not cross the budget's floor: a spent budget then stops at
 * exactly `minRuns` combats, whatever sizes the chunks had (a cold worker's slow start, this thread's own chunks),
 * so a budgeted estimate always covers the same combats [0, minRuns) — the ones the change is paired on.
 */
function cutAtFloor(from: number, to: number, floor: number): number {
  return from < floor ? Math.min(to, floor) : to;
}

/** Checked run count, seed and threads of a Monte Carlo call (RangeError/TypeError with a plain message otherwise). */
export function monteCarloArgs(
  opts: MonteCarloOptions,
  defaultSeed: number,
): { runs: number; seed: number; threads: number } {
  return {
    runs: checkCount(opts.runs ?? 10000, 'runs', 0, 100_000_000),
    seed: checkSeed(opts.seed ?? defaultSeed),
    threads: checkCount(opts.threads ?? DEFAULT_THREADS, 'threads', 1, 64),
  };
}

/** Runs `runs` combats of `job` seeded `seed` over the pool; the tally does not depend on `threads`. */
export async function runPool(
  job: PoolJob,
  runs: number,
  seed: number,
  threads: number,
  opts: MonteCarloOptions,
): Promise<Tally> {
  const signal = opts.signal;
  if (signal?.aborted) throw abortError(signal);
  const total = emptyTally(job.shape, job.counters);
  const offThread = !!opts.offThread;
  const overBudget = budgetTest(opts);
  if (!offThread && (threads === 1 || runs < 200)) {
    // Same thread, in slices, yielding to the event loop for progress and cancellation.
    const slice = opts.budgetMs === undefined ? 1000 : BUDGET_CHUNK;
    const floor = budgetFloor(opts);
    for (let from = 0; from < runs && !overBudget(from);) {
      if (signal?.aborted) throw abortError(signal);
      const to = cutAtFloor(from, Math.min(runs, from + slice), floor);
      runWatching(job.run, seed, from, to, total, job.watch);
      opts.onProgress?.(to, runs);
      from = to;
      if (from < runs) await new Promise((r) => setImmediate(r));
    }
    if (signal?.aborted) throw abortError(signal);
    return total;
  }
  if (runs === 0) return total;
  // One job at a time on the workers (each keeps one job's encounter, and a cancel stops all its chunks): a job that
  // arrives while another runs waits for its turn, or for its own cancel.
  const { turn, release } = takeTurn();
  // a cancelled job rejects at once, but the next job's turn comes once its workers have stopped (`stopped`)
  const stopped = { done: Promise.resolve() };
  try {
    await untilTurnOrAbort(turn, signal);
    return await onWorkers(job, runs, seed, threads, opts, total, stopped);
  } finally {
    void stopped.done.then(release);
  }
}

let lastTurn: Promise<void> = Promise.resolve();

function takeTurn(): { turn: Promise<void>; release: () => void } {
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const turn = lastTurn;
  lastTurn = turn.then(() => mine);
  return { turn, release };
}

function untilTurnOrAbort(turn: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return turn;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(abortError(signal));
      else resolve();
    });
  });
}

/** Stops worker `pw` and drops it from the pool (the next job starts another in its place). */
function replace(pw: PoolWorker): void {
  const i = pool.indexOf(pw);
  if (i >= 0) pool.splice(i, 1);
  void pw.w.terminate();
}

/**
 * Resolves when worker `pw` has answered `left` more tasks of job `id`, or after `graceMs`: then the thread is stopped
 * and dropped from the pool (the next job starts another).
 */
function whenStopped(pw: PoolWorker, id: number, left: number, graceMs: number): Promise<void> {
  if (left <= 0) return Promise.resolve();
  if (graceMs <= 0) {
    replace(pw);
    return Promise.resolve();
  }
  // the thread keeps this process alive until it answers (the next job waits for it)
  pw.w.ref();
  return new Promise<void>((resolve) => {
    const h = (m: WorkerReply) => {
      if (m.type === 'ready' || m.type === 'progress' || m.job !== id || --left > 0) return;
      clearTimeout(timer);
      pw.w.removeListener('message', h);
      // idle again, unless shutdownWorkers took it meanwhile: a thread being stopped stays ref'd until it exits
      if (pool.includes(pw)) pw.w.unref();
      resolve();
    };
    const timer = setTimeout(() => {
      pw.w.removeListener('message', h);
      replace(pw);
      resolve();
    }, graceMs);
    timer.unref();
    pw.w.on('message', h);
  });
}

/**
 * Cold workers (ones that have not yet run the job's system) join a job only once the system's expected warm work in
 * this process, this job included (runs × PoolJob.costUs, µs of CPU), reaches this much; before that a job runs on
 * the workers already warm for its system, or on one worker when none is. A cold thread spends about as much CPU
 * compiling the engine as running it (bench/README.md, "The first Monte Carlo of a process": 10,000 Halcyon Aces
 * fights, ≈1.1 G instructions of TurboFan's in ≈2.3 G), so on two cores one cold worker finishes such a job
 * (≈150 ms of warm work) sooner than two, and one warm worker sooner than a warm one and a cold one. A bigger job
 * (Heart Rush's or the grid's 2,000 fights as you type, their 10,000: 0.2–2 s warm) and a longer session (a sweep's
 * second 10,000, odds as you type after a few edits) pay back a thread's compile and get every thread asked for.
 */
export const COLD_JOIN_US = 200_000;
/** Expected warm work (µs) of each system's jobs so far in this process, this one's included once it runs. */
const spent = new Map<string, number>();

/**
 * How many of `count` threads a job computes on, given its system's expected warm work in this process so far (µs,
 * this job included) and how many of the threads have run the system: every thread from COLD_JOIN_US on; before,
 * the warm ones, or one thread when none is warm.
 */
export function threadsToUse(workUs: number, count: number, warm: number): number {
  if (workUs >= COLD_JOIN_US) return count;
  return Math.max(1, Math.min(count, warm));
}

/** The workers a job computes on: `count`, or fewer while its system's work so far is small (threadsToUse). */
function workersFor(job: PoolJob, runs: number, count: number): PoolWorker[] {
  if (job.costUs === undefined || count <= 1) return getWorkers(count);
  const work = (spent.get(job.system) ?? 0) + runs * job.costUs;
  spent.set(job.system, work);
  const warm = pool.slice(0, count).filter((pw) => pw.ran.has(job.system));
  const n = threadsToUse(work, count, warm.length);
  return n === count ? getWorkers(count) : warm.length ? warm.slice(0, n) : getWorkers(1);
}

function onWorkers(
  job: PoolJob,
  runs: number,
  seed: number,
  threads: number,
  opts: MonteCarloOptions,
  total: Tally,
  stopped: { done: Promise<void> },
): Promise<Tally> {
  const signal = opts.signal;
  const offThread = !!opts.offThread;
  const workers = offThread ? workersFor(job, runs, threads) : getWorkers(threads - 1);
  const id = ++jobCounter;
  const overBudget = budgetTest(opts);
  const floor = budgetFloor(opts);
  const chunk = opts.budgetMs === undefined ? CHUNK : BUDGET_CHUNK;
  const computing = workers.length + (offThread ? 0 : 1);
  // combats [0, limit) are run: all of them, or as many as were handed out when the budget ran out
  let limit = runs;
  let next = 0;
  let done = 0;
  let plain: unknown;
  // the job's cancel flag, shared with its workers: they stop their chunks between a few combats once it is set
  const cancel = new SharedArrayBuffer(4);
  // Slow start: a worker new to this system gets MIN_CHUNK combats, then twice as many each time up to `chunk`.
  // Still loading and compiling the engine, it runs its first combats several times slower than a warm worker
  // (a job's second thread joining cold after a small first job on one), and the job waits for its last chunk.
  const cap = new Map<PoolWorker, number>();
  for (const pw of workers) cap.set(pw, pw.ran.has(job.system) ? chunk : MIN_CHUNK);
  return new Promise<Tally>((resolve, reject) => {
    let finished = false;
    let active = 0;
    const sent = new Set<PoolWorker>();
    /** Tasks sent to each worker and not yet answered. */
    const pending = new Map<PoolWorker, number>();
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
      // The job's workers stop their chunks at the flag and stay in the pool, warm for the next job (the odds of
      // the next edit, typically); one that does not answer within the grace (a huge encounter's combat) is replaced.
      Atomics.store(new Int32Array(cancel), 0, 1);
      const grace = opts.cancelGraceMs ?? CANCEL_GRACE_MS;
      stopped.done = Promise.all(workers.map((pw) => whenStopped(pw, id, pending.get(pw) ?? 0, grace))).then(
        () => undefined,
      );
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const progress = (n: number) => {
      done += n;
      opts.onProgress?.(Math.min(done, runs), runs);
    };
    const maybeFinish = () => {
      if (!finished && total.runs >= limit && active === 0) {
        cleanup();
        resolve(total);
      }
    };
    const feed = (pw: PoolWorker) => {
      if (limit > next && overBudget(next)) limit = next;
      if (finished || next >= limit) {
        pw.busy = false;
        return;
      }
      const from = next;
      const most = cap.get(pw)!;
      cap.set(pw, Math.min(chunk, 2 * most));
      const to = cutAtFloor(from, from + Math.min(most, nextChunk(limit - from, computing, chunk)), floor);
      next = to;
      pw.busy = true;
      active++;
      plain ??= job.wire();
      const first = !sent.has(pw);
      const msg: WorkerRequest = {
        type: 'task',
        job: id,
        system: job.system,
        encounter: first ? plain : null,
        cancel: first ? cancel : null,
        seed,
        from,
        to,
        watch: job.watch,
      };
      sent.add(pw);
      pw.ran.add(job.system);
      pending.set(pw, (pending.get(pw) ?? 0) + 1);
      pw.w.postMessage(msg);
    };
    const onMessage = new Map<PoolWorker, (m: WorkerReply) => void>();
    for (const pw of workers) {
      pw.w.ref();
      const h = (m: WorkerReply) => {
        if (finished || m.type === 'ready' || m.job !== id) return;
        if (m.type !== 'progress') pending.set(pw, (pending.get(pw) ?? 1) - 1);
        if (m.type === 'progress') progress(m.done);
        else if (m.type === 'done') {
          active--;
          mergeTally(total, m.tally);
          // feed first: a budget that ran out lowers the limit, and then this may be the last chunk
          feed(pw);
          maybeFinish();
        } else {
          cleanup();
          reject(
            m.encounter ? new EncounterRunError(m.message, m.at) : new Error(`Monte Carlo worker failed: ${m.message}`),
          );
        }
      };
      onMessage.set(pw, h);
      pw.w.on('message', h);
      pw.w.on('error', (e) => {
        if (!finished) {
          cleanup();
          reject(e);
        }
      });
      // Two chunks in flight per worker: the next one waits in its queue while this thread, busy with a
      // chunk of its own, has not yet read the 'done' of the first (else the worker idles in between).
      const start = () => {
        feed(pw);
        feed(pw);
      };
      if (pw.ready) start();
      else pw.onReady = start;
    }
    // This thread takes chunks too, yielding between them for messages, progress and cancellation.
    const local = () => {
      if (finished) return;
      if (offThread) return;
      if (limit > next && overBudget(next)) limit = next;
      if (next < limit) {
        const from = next;
        const to = cutAtFloor(from, from + nextChunk(limit - from, computing, chunk), floor);
        next = to;
        runWatching(job.run, seed, from, to, total, job.watch);
        progress(to - from);
        if (finished) return; // cancelled from onProgress
      }
      maybeFinish();
      if (!finished && next < limit) setImmediate(local);
    };
    local();
  });
}
