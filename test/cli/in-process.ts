// `aces …` run in this process (cli/main.ts main), its output and errors collected: the CLI tests' one way in.
// The Monte Carlo's worker threads stay warm from one command to the next (Io.keepWorkers, as the goldens run): a
// command that started two cold workers paid ~1 s of CPU for their module loading alone. Idle workers are unref'd,
// so they never hold the process, and they stay warm for the next test file in the same mocha worker process too
// (CONTRIBUTING.md, "Warm workers": odds must not depend on what a worker fought before; the contract suite checks it).
import { main } from '../../cli/main.js';

/** The exit code, and the lines written to stdout and to stderr, each as `main` wrote it. */
async function linesIn(cwd: string, argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), cwd, keepWorkers: true });
  return { code, out, err };
}

/** The exit code, and stdout and stderr as the lines written, joined. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return cliIn(process.cwd(), ...argv);
}

/** As `cli`, with `cwd` as the working directory. */
export async function cliIn(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await linesIn(cwd, argv);
  return { code: r.code, out: r.out.join('\n'), err: r.err.join('\n') };
}

/**
 * As `cli`, with stdout and stderr as a stream would hold them (each line ended by a newline): for tests written
 * against a spawned `aces`, which read `out` and `err` as the process printed them.
 */
export async function cliStreams(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await linesIn(process.cwd(), argv);
  const stream = (lines: string[]): string => lines.map((l) => `${l}\n`).join('');
  return { code: r.code, out: stream(r.out), err: stream(r.err) };
}
