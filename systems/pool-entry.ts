// Where the Monte Carlo worker's entry is, and the pool's start, without the registry's checkers: the worker's
// entry sits next to this file in every build (out/systems/worker.js from tsc; dist/worker.js beside the bundles),
// so this is the one place that can name it. systems/index.ts loads it; so does the `aces` command before its
// other modules (cli/early-start.ts), to start the threads sooner.
import { setWorkerEntry } from '../engine/pool.js';

setWorkerEntry(new URL('./worker.js', import.meta.url));

export { prewarmWorkers } from '../engine/pool.js';
