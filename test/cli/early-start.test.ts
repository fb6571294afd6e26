// cli/early-start.ts: `aces odds` and `aces tune` start their worker threads before the CLI's modules load.
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { startWorkersFor } from '../../cli/early-start.js';
import { poolThreads } from '../../engine/pool.js';
import { shutdownWorkers } from '../../systems/index.js';

/** The pool's threads after `argv` is read by a fresh pool. */
async function threadsFor(argv: string[]): Promise<number> {
  await shutdownWorkers();
  startWorkersFor(argv);
  return poolThreads().ids.length;
}

describe('cli/early-start: the worker threads of odds and tune start as the arguments are read (issue 15 item 2)', function () {
  this.timeout(60_000);
  after(() => shutdownWorkers());

  it('odds and tune start one worker per thread the command will use: all cores (at most 8) or -t / --threads', async () => {
    const cores = Math.min(8, availableParallelism());
    assert.equal(await threadsFor(['odds', 'samples/boss-warlord.aces']), cores);
    assert.equal(await threadsFor(['tune', 'f.aces', '--target', 'party wins 50%', '--vary', 'Boss.vitality']), cores);
    assert.equal(await threadsFor(['odds', 'f.aces', '-t', '3']), 3);
    assert.equal(await threadsFor(['odds', 'f.aces', '--threads=1']), 1);
  });

  it('a comparison (--against) fights on the CLI\'s thread too: one worker fewer', async () => {
    assert.equal(await threadsFor(['odds', 'a.aces', '--against', 'HEAD', '-t', '3']), 2);
  });

  it('no thread for other commands, help or a thread count the command will refuse', async () => {
    for (const argv of [['check', 'samples/'], ['run', 'f.aces'], ['odds', '--help'], ['odds', 'f.aces', '-t', '0'], ['odds', 'f.aces', '--threads', 'many'], []]) {
      assert.equal(await threadsFor(argv), 0, argv.join(' '));
    }
  });
});
