// `aces …` run in this process (cli/main.ts main), its output and errors collected: the CLI tests' one way in.
import { main } from '../../cli/main.js';

/** The exit code, and stdout and stderr as the lines written, joined. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return cliIn(process.cwd(), ...argv);
}

/** As `cli`, with `cwd` as the working directory. */
export async function cliIn(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
