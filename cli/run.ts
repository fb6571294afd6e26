// `aces run <file> [--seed N] [--encounter NAME] [--step] [--json]`: one seeded
// combat as a readable log, headed by what is needed to replay it exactly.

import { InvalidArgumentError, type Command } from 'commander';
import { MAX_LOG_LINES } from '../engine/limits.js';
import { displayPath } from './files.js';
import { loadEncounter, shellArg } from './load.js';
import { parseSeed } from './options.js';
import { pickStyle } from './style.js';
import { lineCommands, readDigits, readStepKey } from './step-keys.js';
import { stepThrough, type StepAsk } from './run-step.js';
import { CombatSession } from '../model/session.js';
import type { CommandContext } from './context.js';

export interface RunOptions {
  seed?: number;
  encounter?: string;
  /** The workspace `use` may read from (default: the nearest folder above the file with an aces.json or a .git, else the file's folder). */
  root?: string;
  step?: boolean;
  json?: boolean;
  /** When to print the battle map of a system that draws one: each round (default), every turn, or never. */
  map?: 'rounds' | 'every-turn' | 'off';
  /** Lines of log at most (default MAX_LOG_LINES). */
  maxLines?: number;
  /** Asks for each command in step mode (`stepAnswer`: n, r, b, g, m, e, q, ?; after g or m a number); undefined: no more
   *  input. Defaults to single keys on a terminal when stdin is a TTY, else one command per line of stdin. */
  ask?: StepAsk;
}

export function registerRun(program: Command, ctx: CommandContext): void {
  program
    .command('run')
    .description('simulate one seeded combat and print its log')
    .argument('<file>', 'an .aces file')
    .option('-s, --seed <n>', "seed of the shuffles (default: the encounter's seed)", parseSeed)
    .option(
      '--root <dir>',
      "the workspace: `use` reads only .aces files inside it (default: the nearest folder above the file with an aces.json or a .git, else the file's folder)",
    )
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option(
      '--step',
      'walk through the fight: n next turn, r next round, b back, g go to a round, m next mark (the game’s notable events: a crit, a cheat, a Broken…), e to the end, q stop, ? help (keys on a terminal, one per line from a pipe)',
    )
    .option('--json', 'print the events as JSON lines')
    .option(
      '--map <when>',
      'the battlefield: rounds (at the start of each round and the end), every-turn, off (default: rounds on a grid, off for zones)',
      parseMapWhen,
    )
    .action(async (file: string, o: RunOptions) => ctx.setCode(await runEncounter(file, o, ctx)));
}

export async function runEncounter(file: string, o: RunOptions, ctx: CommandContext): Promise<number> {
  const io = { ...ctx, style: ctx.style ?? pickStyle(undefined, process.stdout) };
  const loaded = loadEncounter(file, o.encounter, io, 'run', o.root);
  if (typeof loaded === 'number') return loaded;
  const { encounter } = loaded;
  const seed = o.seed ?? encounter.seed;
  const engine = await loaded.system.loadEngine();
  const { small, large } = engine.steps;
  const events = engine.events(encounter, seed);
  const when = o.map ?? (engine.boardByDefault ? 'rounds' : 'off');
  const board = when !== 'off' && !o.json ? engine.board?.(encounter) : undefined;
  const drawBoard = (): void => {
    if (board) for (const l of board.lines()) ctx.out(io.style.dim(l));
  };
  if (o.json) {
    for (let r = events.next(); !r.done; r = events.next()) ctx.out(JSON.stringify(r.value));
    return 0;
  }
  const shown = displayPath(loaded.file, ctx.cwd);
  ctx.out(io.style.bold(`# ${shown} — encounter "${encounter.name}" — seed ${seed}`));
  ctx.out(io.style.dim(`# replay: aces run ${shellArg(shown)} --encounter ${shellArg(encounter.name)} --seed ${seed}`));
  if (loaded.all.length > 1 && o.encounter === undefined) {
    ctx.out(
      io.style.dim(
        `# (${loaded.all.length} encounters in this file; pick one with --encounter: ${loaded.all.map((e) => `"${e.name}"`).join(', ')})`,
      ),
    );
  }
  if (o.step) {
    let ask = o.ask;
    let close = (): void => undefined;
    if (!ask && process.stdin.isTTY)
      ask = (q, kind) =>
        kind === 'key' ? readStepKey(process.stdin, process.stdout, q) : readDigits(process.stdin, process.stdout, q);
    if (!ask) {
      const next = lineCommands(process.stdin);
      ask = () => next();
      close = () => process.stdin.destroy();
    }
    const s = new CombatSession(engine, encounter, seed, { board: when !== 'off' }); // --map rounds: a zone map too
    try {
      return await stepThrough(s, ask, io, { small: small.label, large: large.label }, o.maxLines ?? MAX_LOG_LINES);
    } finally {
      close();
    }
  }
  let lines = 0;
  const maxLines = o.maxLines ?? MAX_LOG_LINES;
  for (let r = events.next(); !r.done; r = events.next()) {
    const e = r.value;
    if (board && (large.starts(e) || (when === 'every-turn' && small.starts(e)))) drawBoard();
    board?.apply(e);
    const line = engine.render(e);
    if (line === undefined) continue;
    ctx.out(line);
    if (++lines >= maxLines) {
      ctx.out(
        io.style.dim(
          `# log stopped at ${maxLines.toLocaleString('en-US')} lines (the limit of one log); use \`aces odds\` for many combats, or lower \`rounds\`.`,
        ),
      );
      return 1;
    }
  }
  drawBoard();
  return 0;
}

function parseMapWhen(v: string): 'rounds' | 'every-turn' | 'off' {
  if (v === 'rounds' || v === 'every-turn' || v === 'off') return v;
  throw new InvalidArgumentError('use rounds, every-turn or off');
}
