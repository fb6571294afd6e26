// Monte Carlo workers can yield a busy core to the threads a user waits on. In a language server the worker
// threads fight odds as you type while the server's own thread answers diagnostics, hovers and completion; on
// a machine with few cores they share them, and an answer that waits behind a chunk of combats is late.
// rust-analyzer gives its threads an intent (latency-sensitive or worker) for the same reason.
//
// Linux keeps a nice value per thread: os.setPriority without a pid sets the calling thread's alone, so a worker
// lowers itself and no one else. On macOS and Windows the same call changes the whole process, the server's
// thread included, so there it is not made.

import { setPriority } from 'node:os';

/** The nice value of a background worker: the scheduler favours a default (0) thread about 10:1 over it. */
const BACKGROUND_NICE = 10;

/** Whether a thread can lower its own priority alone here (Linux), so background workers can take every core. */
export const LOWERS_ONE_THREAD = process.platform === 'linux';

/** Lowers the calling thread's scheduling priority where that touches this thread alone (Linux); a no-op elsewhere. */
export function lowerThisThreadsPriority(): boolean {
  if (!LOWERS_ONE_THREAD) return false;
  try {
    setPriority(BACKGROUND_NICE);
    return true;
  } catch {
    // a sandbox may refuse it: the odds still run, at the normal priority
    return false;
  }
}
