// What every `aces` command gets: where to write, the working folder, how to
// set the exit code and the colours. One type, imported by main.ts and each
// command's register function (no command imports main.ts back).

import type { Style } from './style.js';

export interface CommandContext {
  out(s: string): void;
  err(s: string): void;
  cwd: string;
  setCode(c: number): void;
  style?: Style;
  /** Io.keepWorkers: the in-process caller stops the worker threads, not the command. */
  keepWorkers?: boolean;
}
