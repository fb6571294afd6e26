// The child process of pool.test.ts's priority test: in a fresh process, where no other test has started threads,
// a Monte Carlo job's workers in the foreground and then in the background (runWorkersInBackground), and the nice
// value of every thread of the process other than the main one after each. Prints one JSON line.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { resolve } from 'node:path';
import { diskHost } from '../../cli/files.js';
import { poolThreads } from '../../engine/pool.js';
import { checkFiles, monteCarlo, runWorkersInBackground, shutdownWorkers } from '../../systems/index.js';

/** Threads of this process at nice 10, the main one aside (Linux: /proc/self/task/TID/stat, field 19). */
function niceTen(): number {
  let n = 0;
  for (const t of readdirSync('/proc/self/task')) {
    if (Number(t) === process.pid) continue;
    try {
      if (Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1].split(' ')[16]) === 10) n++;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return n;
}

// A process already at nice 10 or more (a suite run under `nice`) has every thread there: a background worker's
// nice 10 would be no lower, and there is nothing to tell apart.
if (getPriority() >= 10) {
  process.stdout.write(`${JSON.stringify({ skip: `this process runs at nice ${getPriority()}` })}\n`);
  process.exit(0);
}
const file = resolve('samples/boss-warlord.aces');
const checked = checkFiles([file], diskHost(process.cwd()));
const enc = checked.encountersByFile.get(file)![0];
const opts = { system: checked.systemOf(file)!.id, runs: 400, seed: 4, threads: 2, offThread: true };
const before = getPriority();
const nice0 = niceTen();
assert.equal(nice0, 0, 'a fresh process has no thread at nice 10');
const normalOdds = await monteCarlo(enc, opts);
const normal = { workers: poolThreads().ids.length, niceTen: niceTen() };
await shutdownWorkers();
runWorkersInBackground();
const loweredOdds = await monteCarlo(enc, opts);
const lowered = { workers: poolThreads().ids.length, niceTen: niceTen() };
const callerKeeps = getPriority() === before;
await shutdownWorkers();
process.stdout.write(
  `${JSON.stringify({ before: nice0, normal, lowered, callerKeeps, sameOdds: JSON.stringify(loweredOdds) === JSON.stringify(normalOdds) })}\n`,
);
