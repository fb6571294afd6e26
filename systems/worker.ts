// Monte Carlo worker thread, for every system: receives an encounter as plain
// data (once per job) with its system's id, builds that system's fast path
// once, runs combats [from, to) and returns integer tallies (engine/pool.ts).
// It loads the engines alone (systems/engines.ts), not the registry's checkers:
// ready in tens of milliseconds rather than a third of a second.

import { parentPort, workerData } from 'node:worker_threads';
import type { FastPath } from '../model/system.js';
import { emptyTally, runWatching } from '../engine/tally.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from '../engine/pool.js';
import { lowerThisThreadsPriority } from '../engine/thread-priority.js';
import { ENGINE_LOADERS } from './engines.js';
import { EncounterRunError } from '../engine/run-error.js';

let job = -1;
let fast: { path: FastPath; counters: number } | null = null;
/** The job's cancel flag (engine/pool.ts): non-zero once cancelled; the chunk stops at the next slice. */
let cancelled: Int32Array | null = null;
/** Combats between two looks at the cancel flag: a cancelled chunk stops within a few combats. */
const SLICE = 8;
/** Combats between two progress reports. */
const REPORT = 1000;
/**
 * The last few fast paths built, by system and encounter (as sent): the next job on the same encounter — the
 * refinement after odds as you type's first estimate, Preview Odds, a tune's second look at a value — finds
 * its simulator warm (the caches a system keeps across combats: Heart Rush's detours, the grid's path searches).
 * A fast path keeps nothing of one combat in the next that could change a figure.
 */
const built: { key: string; fast: { path: FastPath; counters: number } }[] = [];
const KEEP_BUILT = 2;
// Tasks are handled one after another: the first of a job may wait for its system's engine to load.
let queue: Promise<void> = Promise.resolve();

async function handle(m: WorkerRequest): Promise<void> {
  try {
    if (m.encounter !== null) {
      const load = ENGINE_LOADERS[m.system];
      if (!load) throw new Error(`no rule system '${m.system}'`);
      const engine = await load();
      job = m.job;
      cancelled = m.cancel ? new Int32Array(m.cancel) : null;
      const key = `${m.system}\0${JSON.stringify(m.encounter)}`;
      const i = built.findIndex((b) => b.key === key);
      if (i >= 0) fast = built.splice(i, 1)[0].fast;
      else fast = { path: engine.fastPath(engine.fromWire(m.encounter)), counters: engine.counters.length };
      built.unshift({ key, fast });
      built.length = Math.min(built.length, KEEP_BUILT);
    }
    if (!fast || m.job !== job) throw new Error('task for an unknown job');
    const t = emptyTally(fast.path.shape, fast.counters);
    // a cancelled job's chunk ends early; its tally is not read
    let reported = m.from;
    for (let from = m.from; from < m.to && !(cancelled && Atomics.load(cancelled, 0) !== 0);) {
      const to = Math.min(m.to, from + SLICE);
      runWatching(fast.path.run, m.seed, from, to, t, m.watch);
      from = to;
      if (from - reported >= REPORT || from === m.to) {
        const p: WorkerReply = { type: 'progress', job: m.job, done: from - reported };
        parentPort!.postMessage(p);
        reported = from;
      }
    }
    const d: WorkerReply = { type: 'done', job: m.job, tally: t };
    parentPort!.postMessage(d);
  } catch (e) {
    const r: WorkerReply = {
      type: 'error',
      job: m.job,
      message: e instanceof Error ? e.message : String(e),
      ...(e instanceof EncounterRunError ? { encounter: true, ...(e.at ? { at: e.at } : {}) } : {}),
    };
    parentPort!.postMessage(r);
  }
}

parentPort!.on('message', (m: WorkerRequest) => {
  queue = queue.then(() => handle(m));
});

// A language server's workers yield a busy core to its requests (engine/pool.ts runWorkersInBackground).
if ((workerData as WorkerStart | undefined)?.background) lowerThisThreadsPriority();

// Tells the pool this worker can take tasks (the pool feeds it only then).
const ready: WorkerReply = { type: 'ready' };
parentPort!.postMessage(ready);
