// The first odds of a session (issue 15 item 2): a fresh process, as the language server or `aces odds` is
// when a GM opens a file. The server starts its workers when the first .aces file opens and the CLI while it
// checks the file (prewarmWorkers), so the first 10,000-fight Monte Carlo should not wait for them.
//   first-montecarlo-10k: median over fresh processes of the first call — cold, prewarmed (the CLI) and, as the
//     server does it, after the file's odds as you type warmed the worker — on the Halcyon Aces sample; goal < 250 ms.
//   The first call pays for compiling the engine's hot code (JIT) in each thread more than for starting threads.
//   aces-odds-10k-wall: what a GM waits for `aces odds FILE` (10,000 fights) in a fresh process, start to exit:
//     module loading, checking, the workers and the first Monte Carlo together.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, median, round } from './stats.js';

const PROCESSES = 5;

type Mode = 'cold' | 'prewarmed' | 'after-live';

/**
 * One fresh process: reads and checks the sample, then times the first 10,000-fight Monte Carlo.
 * cold: nothing started before (a CLI without prewarm); prewarmed: the workers started when the file was
 * read (the CLI's `aces odds`); after-live: as the server — workers started on open, the file's odds as you
 * type (2,000 fights) run first, then the GM's first Preview Odds, off the server's thread.
 */
function firstCall(mode: Mode): number {
  const systems = fileURLToPath(new URL('../systems/index.js', import.meta.url));
  const odds = fileURLToPath(new URL('../server/service/odds.js', import.meta.url));
  const files = fileURLToPath(new URL('../cli/files.js', import.meta.url));
  const server = mode === 'after-live';
  const script = `
    const { checkFiles, DEFAULT_THREADS, monteCarlo, prewarmWorkers, shutdownWorkers } = await import(${JSON.stringify(systems)});
    const { diskHost } = await import(${JSON.stringify(files)});
    const { ODDS_THREADS } = await import(${JSON.stringify(odds)});
    // as each runs it: \`aces odds\` on every core's worker, off its thread; the server on its ODDS_THREADS workers
    const threads = ${server ? 'ODDS_THREADS' : 'DEFAULT_THREADS'};
    ${mode !== 'cold' ? 'prewarmWorkers(threads + 1);' : ''}
    const file = ${JSON.stringify(fileURLToPath(new URL('../../samples/boss-warlord.aces', import.meta.url)))};
    const r = checkFiles([file], diskHost(process.cwd()));
    const enc = r.encountersByFile.get(file)[0];
    ${server ? 'await monteCarlo(enc, { runs: 2000, seed: 1, threads, offThread: true });' : ''}
    const t0 = performance.now();
    await monteCarlo(enc, { runs: 10000, seed: 7, threads, offThread: true });
    process.stdout.write(String(performance.now() - t0));
    await shutdownWorkers();`;
  // a module file, not --input-type: worker threads inherit the parent's flags
  const dir = mkdtempSync(join(tmpdir(), 'aces-first-odds-'));
  try {
    writeFileSync(join(dir, 'first.mjs'), script);
    return Number(execFileSync(process.execPath, [join(dir, 'first.mjs')], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall time of one `aces odds` process on the sample, from spawn to exit. */
function cliOdds(): number {
  const bin = fileURLToPath(new URL('../../bin/aces.js', import.meta.url));
  const file = fileURLToPath(new URL('../../samples/boss-warlord.aces', import.meta.url));
  const t0 = performance.now();
  execFileSync(process.execPath, [bin, 'odds', file, '-n', '10000', '--json'], { encoding: 'utf8' });
  return performance.now() - t0;
}

export default async function (): Promise<void> {
  const t: Record<Mode, number[]> = { cold: [], prewarmed: [], 'after-live': [] };
  for (let i = 0; i < PROCESSES; i++) for (const m of Object.keys(t) as Mode[]) t[m].push(firstCall(m));
  emit({
    bench: 'first-montecarlo-10k',
    coldMs: round(median(t.cold), 1),
    prewarmedMs: round(median(t.prewarmed), 1),
    serverAfterLiveMs: round(median(t['after-live']), 1),
    processes: PROCESSES,
    goalMs: 250,
    note: "boss-warlord, first call in a fresh process; cold/prewarmed as `aces odds` runs it (a worker per core, off the calling thread), after-live on the server's ODDS_THREADS workers after the 2,000-fight odds of opening the file",
  });
  const wall: number[] = [];
  for (let i = 0; i < PROCESSES; i++) wall.push(cliOdds());
  emit({
    bench: 'aces-odds-10k-wall',
    value: round(median(wall), 1),
    unit: 'ms',
    processes: PROCESSES,
    note: '`aces odds samples/boss-warlord.aces -n 10000 --json`, spawn to exit',
  });
}
