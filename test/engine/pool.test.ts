// The worker pool runs one job at a time (engine/pool.ts): jobs that arrive together — odds as you type while a
// Preview Odds runs — wait their turn and get the figures they would get alone; a job cancelled while it waits
// leaves the others alone.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { checkFiles, monteCarlo, shutdownWorkers } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';

describe('engine/pool: concurrent jobs take turns', function () {
  this.timeout(120_000);
  after(() => shutdownWorkers());

  // two systems, and enough chunks that the jobs' tasks would interleave on the workers if they did not take turns
  const files = ['samples/boss-warlord.aces', 'samples/arcana/salt-street-raid.aces'].map((f) => resolve(f));
  const r = checkFiles(files, diskHost(process.cwd()));
  const [ha, ar] = files.map((f) => r.encountersByFile.get(f)![0]);
  const systems = files.map((f) => r.systemOf(f)!.id);

  it('two jobs started together give the same odds as each alone', async () => {
    const opts = (i: number) => ({ system: systems[i], runs: 5000, seed: 5, threads: 2, offThread: true });
    const alone = [await monteCarlo(ha, opts(0)), await monteCarlo(ar, opts(1))];
    const together = await Promise.all([monteCarlo(ha, opts(0)), monteCarlo(ar, opts(1))]);
    assert.deepEqual(together, alone);
  });

  it('a job cancelled while waiting for its turn rejects at once; the running job completes', async () => {
    const running = monteCarlo(ar, { system: systems[1], runs: 800, seed: 9, threads: 2, offThread: true });
    const abort = new AbortController();
    const waiting = monteCarlo(ha, { system: systems[0], runs: 800, seed: 9, threads: 2, offThread: true, signal: abort.signal });
    abort.abort();
    await assert.rejects(waiting, { name: 'AbortError' });
    assert.equal((await running).runs, 800);
  });
});

describe('engine/pool: an anytime estimate (budgetMs) covers the first n combats, as a call of n would', function () {
  this.timeout(120_000);
  after(() => shutdownWorkers());
  const file = resolve('samples/boss-warlord.aces');
  const r = checkFiles([file], diskHost(process.cwd()));
  const enc = r.encountersByFile.get(file)![0];

  for (const [where, opts] of [['on the workers', { threads: 2, offThread: true }], ['on this thread', { threads: 1 }], ['on this thread and a worker', { threads: 2 }]] as const) {
    it(`${where}: a spent budget stops after at least minRuns; the figures and each combat's outcome are those of runs = n`, async () => {
      const cut = await monteCarlo(enc, { ...opts, runs: 100_000, seed: 3, budgetMs: 0, minRuns: 300, record: true });
      assert.ok(cut.runs >= 300 && cut.runs < 100_000, `${cut.runs} combats`);
      const whole = await monteCarlo(enc, { ...opts, runs: cut.runs, seed: 3, record: true });
      assert.deepEqual(cut, whole);
      assert.ok(cut.outcomes!.every((x) => x >= 0), 'every combat of [0, n) ran');
    });
  }

  it('a budget that is not spent changes nothing: every combat asked for', async () => {
    const a = await monteCarlo(enc, { runs: 600, seed: 4, threads: 2, offThread: true, budgetMs: 60_000 });
    const b = await monteCarlo(enc, { runs: 600, seed: 4, threads: 2, offThread: true });
    assert.equal(a.runs, 600);
    assert.deepEqual(a, b);
  });
});
