// `aces odds` and `aces tune` fight on worker threads, which take ~70 ms to start. bin/aces.js calls this before it
// loads the CLI's other modules (~0.1 s), so the threads are ready by the time the file is checked instead of
// ~50 ms after (issue 15 item 2: the pool starts when the CLI reads its arguments). It loads the pool alone,
// nothing of the checkers or the commands; the command's own prewarm then finds the threads started.
import { availableParallelism } from 'node:os';
import { prewarmWorkers } from '../systems/pool-entry.js';

/** The commands whose Monte Carlo runs on worker threads. */
const FIGHTING = new Set(['odds', 'tune']);

/** Starts the worker threads the command in `argv` (the arguments after `aces`) will fight on; for any other, nothing. */
export function startWorkersFor(argv: readonly string[]): void {
  if (!FIGHTING.has(argv[0]) || argv.some((a) => a === '-h' || a === '--help')) return;
  // -t N / --threads N / --threads=N as the command will read it; anything else is left to the command to refuse
  const i = argv.findIndex((a) => a === '-t' || a === '--threads' || a.startsWith('--threads='));
  const asked = i < 0 ? undefined : Number(argv[i].startsWith('--threads=') ? argv[i].slice(10) : argv[i + 1]);
  const threads = asked === undefined ? Math.min(8, availableParallelism()) : asked;
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) return;
  // odds and tune fight off the CLI's thread, on `threads` workers; a comparison (--against) on this thread and
  // `threads` − 1 workers (prewarmWorkers counts the calling thread as one)
  prewarmWorkers(argv.includes('--against') ? threads : threads + 1);
}
