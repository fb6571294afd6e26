// The worker pool runs one job at a time (engine/pool.ts): jobs that arrive together — odds as you type while a
// Preview Odds runs — wait their turn and get the figures they would get alone; a job cancelled while it waits
// leaves the others alone; a job cancelled while it runs (every keystroke, with odds as you type) stops its
// workers' chunks and leaves the threads warm for the next.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { checkFiles, monteCarlo, shutdownWorkers } from '../../systems/index.js';
import { COLD_JOIN_US, poolThreads, threadsToUse } from '../../engine/pool.js';
import type { EncounterInfo } from '../../model/system.js';
import { diskHost } from '../../cli/files.js';

describe('engine/pool: concurrent jobs take turns', function () {
  this.timeout(120_000);
  // a cold pool: other test files in this mocha worker process leave theirs warm (test/cli/in-process.ts)
  before(() => shutdownWorkers());
  after(() => shutdownWorkers());

  // two systems, and enough chunks that the jobs' tasks would interleave on the workers if they did not take turns
  const files = ['samples/boss-warlord.aces', 'samples/arcana/salt-street-raid.aces'].map((f) => resolve(f));
  const r = checkFiles(files, diskHost(process.cwd()));
  const [ha, ar] = files.map((f) => r.encountersByFile.get(f)![0]);
  const systems = files.map((f) => r.systemOf(f)!.id);

  it('two jobs started together give the same odds as each alone', async () => {
    // 2,000 combats each: eight chunks per job, enough to interleave on the two workers if the jobs did not take turns
    const opts = (i: number) => ({ system: systems[i], runs: 2000, seed: 5, threads: 2, offThread: true });
    const alone = [await monteCarlo(ha, opts(0)), await monteCarlo(ar, opts(1))];
    const together = await Promise.all([monteCarlo(ha, opts(0)), monteCarlo(ar, opts(1))]);
    assert.deepEqual(together, alone);
  });

  it('a job cancelled while waiting for its turn rejects at once; the running job completes', async () => {
    const running = monteCarlo(ar, { system: systems[1], runs: 800, seed: 9, threads: 2, offThread: true });
    const abort = new AbortController();
    const waiting = monteCarlo(ha, {
      system: systems[0],
      runs: 800,
      seed: 9,
      threads: 2,
      offThread: true,
      signal: abort.signal,
    });
    abort.abort();
    await assert.rejects(waiting, { name: 'AbortError' });
    assert.equal((await running).runs, 800);
  });
});

/** A sample's first encounter and its system, checked. */
function firstEncounter(path: string): { enc: EncounterInfo; system: string } {
  const file = resolve(path);
  const r = checkFiles([file], diskHost(process.cwd()));
  return { enc: r.encountersByFile.get(file)![0], system: r.systemOf(file)!.id };
}

describe('engine/pool: a job cancelled while it runs', function () {
  this.timeout(120_000);
  // a cold pool: other test files in this mocha worker process leave theirs warm (test/cli/in-process.ts)
  before(() => shutdownWorkers());
  after(() => shutdownWorkers());
  const { enc, system } = firstEncounter('samples/tactical-grid/crypt.aces');
  const opts = { system, seed: 6, threads: 2, offThread: true };
  /** Starts a long job, cancels it once its first combats are in, and returns how long the rejection took. */
  async function cancelMidway(extra: { cancelGraceMs?: number } = {}): Promise<number> {
    const abort = new AbortController();
    let t0 = 0;
    const job = monteCarlo(enc, {
      ...opts,
      runs: 100_000,
      signal: abort.signal,
      ...extra,
      onProgress: (done) => {
        if (done >= 200 && !t0) {
          t0 = performance.now();
          abort.abort();
        }
      },
    });
    await assert.rejects(job, { name: 'AbortError' });
    return performance.now() - t0;
  }

  it('rejects at once and keeps its threads (stopped by a shared flag, warm for the next job), whose figures are those alone', async () => {
    // A first long job, cancelled: its expected work passes COLD_JOIN_US, so it starts both threads and every later
    // job of the crypt computes on both, whatever ran before in this process (the cold-join policy, threadsToUse).
    await cancelMidway();
    // 600 of the crypt's fights, three chunks over two workers: the figures of a job after a cancel are compared,
    // and the grid's fights are dear since TGS-45..47 (3,000 cost seconds for no more of a check)
    const alone = await monteCarlo(enc, { ...opts, runs: 600 });
    const before = poolThreads();
    assert.equal(before.ids.length, 2, 'both threads warm before the cancel');
    const ms = await cancelMidway();
    assert.ok(ms < 50, `rejected ${ms.toFixed(1)} ms after the cancel`);
    const next = await monteCarlo(enc, { ...opts, runs: 600 });
    assert.deepEqual(next, alone);
    assert.equal(poolThreads().started, before.started, 'no thread started');
    assert.deepEqual(poolThreads().ids, before.ids);
  });

  it('a thread that does not stop within the grace is replaced; the next job waits for it and gets its figures', async () => {
    const alone = await monteCarlo(enc, { ...opts, runs: 600 });
    const before = poolThreads();
    await cancelMidway({ cancelGraceMs: 0 });
    const next = await monteCarlo(enc, { ...opts, runs: 600 });
    assert.deepEqual(next, alone);
    assert.ok(poolThreads().started > before.started, 'new threads');
  });
});

describe('engine/pool: an anytime estimate (budgetMs) covers the first n combats, as a call of n would', function () {
  this.timeout(120_000);
  // a cold pool: other test files in this mocha worker process leave theirs warm (test/cli/in-process.ts)
  before(() => shutdownWorkers());
  after(() => shutdownWorkers());
  const { enc } = firstEncounter('samples/boss-warlord.aces');

  for (const [where, opts] of [
    ['on the workers', { threads: 2, offThread: true }],
    ['on this thread', { threads: 1 }],
    ['on this thread and a worker', { threads: 2 }],
  ] as const) {
    it(`${where}: a spent budget stops at exactly minRuns, whatever the chunks' sizes; the figures and each combat's outcome are those of runs = n`, async () => {
      // 290: not a multiple of any chunk size (20, 40, 80, 100), so a chunk that crossed it would show
      const cut = await monteCarlo(enc, { ...opts, runs: 100_000, seed: 3, budgetMs: 0, minRuns: 290, record: true });
      assert.equal(cut.runs, 290);
      const whole = await monteCarlo(enc, { ...opts, runs: cut.runs, seed: 3, record: true });
      assert.deepEqual(cut, whole);
      assert.ok(
        cut.outcomes!.every((x) => x >= 0),
        'every combat of [0, n) ran',
      );
    });
  }

  it('a budget that is not spent changes nothing: every combat asked for', async () => {
    const a = await monteCarlo(enc, { runs: 600, seed: 4, threads: 2, offThread: true, budgetMs: 60_000 });
    const b = await monteCarlo(enc, { runs: 600, seed: 4, threads: 2, offThread: true });
    assert.equal(a.runs, 600);
    assert.deepEqual(a, b);
  });
});

describe("engine/pool: a language server's workers run in the background (runWorkersInBackground)", function () {
  this.timeout(120_000);

  it("its workers lower their own priority (Linux: nice 10, per thread) and leave the calling thread's as it was; the odds are the same", function () {
    if (process.platform !== 'linux') this.skip();
    // In a fresh process (test/engine/nice-child.ts): which threads sit at nice 10 is process-wide state that other
    // test files in a mocha worker process change (a new thread takes its creator's nice value, so a background
    // worker that first used libuv's thread pool left it at nice 10 for the process's life), and a count of threads
    // taken beside them depended on what ran before and how loaded the machine was.
    const r = spawnSync(process.execPath, [resolve('out/test/engine/nice-child.js')], {
      encoding: 'utf8',
      timeout: 100_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout) as {
      skip?: string;
      before: number;
      normal: { workers: number; niceTen: number };
      lowered: { workers: number; niceTen: number };
      callerKeeps: boolean;
      sameOdds: boolean;
    };
    if (got.skip) this.skip(); // the suite itself runs under `nice` (≥ 10): a worker's nice 10 is no lower
    assert.ok(got.normal.workers >= 1, 'the job ran on workers');
    assert.equal(got.normal.niceTen, 0, 'no thread at nice 10 after a job in the foreground');
    assert.ok(got.lowered.workers >= 1, 'the background job ran on workers');
    assert.ok(
      got.lowered.niceTen >= got.lowered.workers,
      `each of its ${got.lowered.workers} workers at nice 10 (${got.lowered.niceTen} threads)`,
    );
    assert.ok(got.callerKeeps, 'the calling thread keeps its priority');
    assert.ok(got.sameOdds, 'the odds are the same');
  });
});

describe("engine/pool: how many threads a system's first jobs take (threadsToUse)", () => {
  it("while the system's expected work is small: one thread when none has run it, else the warm ones", () => {
    assert.equal(threadsToUse(COLD_JOIN_US / 2, 2, 0), 1);
    assert.equal(threadsToUse(COLD_JOIN_US / 2, 4, 2), 2);
    assert.equal(threadsToUse(COLD_JOIN_US / 2, 2, 2), 2);
  });
  it('from COLD_JOIN_US of expected work on: every thread asked for, warm or cold', () => {
    assert.equal(threadsToUse(COLD_JOIN_US, 2, 0), 2);
    assert.equal(threadsToUse(10 * COLD_JOIN_US, 8, 1), 8);
  });
});
