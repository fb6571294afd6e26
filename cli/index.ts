// Process entry of the CLI: wires the subcommands and turns any unexpected
// failure into one readable line (a stack trace only with ACES_DEBUG=1).
import { safeText } from './safe-text.js';
import { main } from './main.js';

export async function runCli(argv: string[]): Promise<number> {
  // `aces check … | head`: a closed pipe ends the output quietly, like other Unix tools, but the exit code
  // is still the command's (errors found → 1), so `aces check x | head` fails CI as it should. The writers
  // in main.ts stop writing to a closed stream.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
  }
  try {
    return await main(argv);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`aces: internal error: ${safeText(msg)}. Please report it with the file that caused it.\n`);
    if (process.env.ACES_DEBUG) process.stderr.write(`${safeText((e as Error)?.stack ?? '')}\n`);
    return 3;
  }
}
