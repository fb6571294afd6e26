// The `aces` command line: check, run and odds over the same layers the editor uses.

import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { runCheck, type Io } from './check.js';
import { COLOR, pickStyle } from './style.js';
import { safeText } from './safe-text.js';
import { registerRun } from './run.js';
import { registerOdds } from './odds.js';
import { registerExplain } from './explain.js';
import { registerDocs } from './docs.js';
import { registerTune } from './tune.js';
import { registerTactics } from './tactics.js';
import type { CommandContext } from './context.js';
import { EncounterRunError } from '../engine/run-error.js';
import { displayPath } from './files.js';

export function parseSize(v: string): number {
  const m = /^(\d+)(k|kb|m|mb)?$/i.exec(v.trim());
  if (!m) throw new InvalidArgumentError('use a size such as 4mb or 500kb');
  const n = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  return unit.startsWith('m') ? n * 1024 * 1024 : unit.startsWith('k') ? n * 1024 : n;
}

/** Runs the CLI with `argv` (without node and script), returning the exit code. */
export async function main(argv: string[], io?: Partial<Io>): Promise<number> {
  // the terminal boundary: control characters from files are shown escaped (cli/safe-text.ts)
  // colour sequences pass only where the CLI colours (a terminal, --color, FORCE_COLOR): piped output carries none
  const colour = (stream: { isTTY?: boolean }): boolean =>
    !argv.includes('--no-color') && (argv.includes('--color') || pickStyle(undefined, stream) === COLOR);
  const outColour = colour(process.stdout),
    errColour = colour(process.stderr);
  const out =
    io?.out ?? ((s: string) => void (process.stdout.writable && process.stdout.write(safeText(s, outColour) + '\n')));
  const err =
    io?.err ?? ((s: string) => void (process.stderr.writable && process.stderr.write(safeText(s, errColour) + '\n')));
  const cwd = io?.cwd ?? process.cwd();
  let code = 0;
  const program = new Command('aces')
    .description(
      'Tabletop combat encounters (Halcyon Aces, Heart Rush…): check the rules, simulate seeded combats, compute odds.',
    )
    .exitOverride()
    .configureOutput({ writeOut: (s) => out(s.replace(/\n$/, '')), writeErr: (s) => err(s.replace(/\n$/, '')) })
    .showHelpAfterError('(run `aces --help` for usage)');

  program
    .command('check')
    .description('check .aces files (or folders of them) for syntax and rules problems')
    .argument('<paths...>', 'files or folders')
    .option('--json', 'print diagnostics as JSON')
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .option('--max-file-size <size>', 'largest file to read (e.g. 4mb)', parseSize)
    .option(
      '--root <dir>',
      'the workspace: `use` reads only .aces files inside it (default: the folders of the paths given)',
    )
    .action((paths: string[], o: { json?: boolean; color?: boolean; maxFileSize?: number; root?: string }) => {
      const style = io?.style ?? pickStyle(o.color, process.stdout);
      code = runCheck(paths, { json: o.json, maxFileSize: o.maxFileSize, root: o.root }, { out, err, cwd, style });
    });

  const ctx: CommandContext = {
    out,
    err,
    cwd,
    setCode: (c) => (code = c),
    style: io?.style,
    keepWorkers: io?.keepWorkers,
  };
  registerRun(program, ctx);
  registerOdds(program, ctx);
  registerExplain(program, ctx);
  registerDocs(program, ctx);
  registerTune(program, ctx);
  registerTactics(program, ctx);

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    // the file's own data stopped a fight (a scripted roll that fits no die): a problem with the file, not a bug
    if (e instanceof EncounterRunError) {
      const at = e.at ? `${displayPath(e.at.file, cwd)}:${e.at.line + 1}:${e.at.character + 1}: ` : '';
      err(`aces ${argv[0]}: ${safeText(at)}the fight stopped: ${safeText(e.message)}.`);
      return 1;
    }
    throw e;
  }
  return code;
}

export type { CommandContext } from './context.js';
