// Monte Carlo worker thread: receives the Encounter as plain data (once per
// job), runs combats [from, to) on the fast path and returns integer tallies.

import { parentPort } from 'node:worker_threads';
import type { Encounter } from '../model.js';
import { compile } from './compile.js';
import { CombatSim } from './sim.js';
import { emptyTally, runRange, type WorkerReply, type WorkerRequest } from './montecarlo.js';

let job = -1;
let sim: CombatSim | null = null;

function revive(enc: Encounter): Encounter {
  // JSON has no Infinity: unreachable distances come back as null.
  return { ...enc, distance: (enc.distance ?? []).map((row) => row.map((v) => (v === null ? Infinity : v))) };
}

parentPort!.on('message', (m: WorkerRequest) => {
  try {
    if (m.encounter) {
      job = m.job;
      sim = new CombatSim(compile(revive(m.encounter)));
    }
    if (!sim || m.job !== job) throw new Error('task for an unknown job');
    const t = emptyTally(sim.k.nSides, sim.k.n, sim.k.roundCap);
    const step = 1000;
    for (let from = m.from; from < m.to; from += step) {
      const to = Math.min(m.to, from + step);
      runRange(sim, m.seed, from, to, t);
      const p: WorkerReply = { type: 'progress', job: m.job, done: to - from };
      parentPort!.postMessage(p);
    }
    const d: WorkerReply = { type: 'done', job: m.job, tally: t };
    parentPort!.postMessage(d);
  } catch (e) {
    const r: WorkerReply = { type: 'error', job: m.job, message: e instanceof Error ? e.message : String(e) };
    parentPort!.postMessage(r);
  }
});

// Tells the pool this worker can take tasks (the pool feeds it only then; see montecarlo.ts).
const ready: WorkerReply = { type: 'ready' };
parentPort!.postMessage(ready);
