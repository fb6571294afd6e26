// `aces run <file> [--seed N] [--encounter NAME] [--step] [--json]`: one seeded
// combat as a readable log, headed by what is needed to replay it exactly.

import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { runCombat } from '../engine/combat.js';
import { renderEvent } from '../engine/render.js';
import type { CombatEvent } from '../engine/events.js';
import { displayPath } from './files.js';
import { loadEncounter, shellArg } from './load.js';
import { parseSeed } from './options.js';
import { pickStyle } from './style.js';
import type { CommandContext } from './main.js';

export interface RunOptions {
  seed?: number;
  encounter?: string;
  step?: boolean;
  json?: boolean;
  /** Asks before each turn in step mode; answering `q` stops. Defaults to a terminal prompt when stdin is a TTY. */
  ask?: (question: string) => Promise<string>;
}

export function registerRun(program: Command, ctx: CommandContext): void {
  program
    .command('run')
    .description('simulate one seeded combat and print its log')
    .argument('<file>', 'an .aces file')
    .option('-s, --seed <n>', 'seed of the shuffles (default: the encounter\'s seed)', parseSeed)
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option('--step', 'wait for Enter before each turn (on a terminal)')
    .option('--json', 'print the events as JSON lines')
    .action(async (file: string, o: RunOptions) => ctx.setCode(await runEncounter(file, o, ctx)));
}

export async function runEncounter(file: string, o: RunOptions, ctx: CommandContext): Promise<number> {
  const io = { ...ctx, style: ctx.style ?? pickStyle(undefined, process.stdout) };
  const loaded = loadEncounter(file, o.encounter, io, 'run');
  if (typeof loaded === 'number') return loaded;
  const { encounter } = loaded;
  const seed = o.seed ?? encounter.seed;
  const events = runCombat(encounter, seed);
  if (o.json) {
    for (let r = events.next(); !r.done; r = events.next()) ctx.out(JSON.stringify(r.value));
    return 0;
  }
  const shown = displayPath(loaded.file, ctx.cwd);
  ctx.out(io.style.bold(`# ${shown} — encounter "${encounter.name}" — seed ${seed}`));
  ctx.out(io.style.dim(`# replay: aces run ${shellArg(shown)} --encounter ${shellArg(encounter.name)} --seed ${seed}`));
  if (loaded.all.length > 1 && o.encounter === undefined) {
    ctx.out(io.style.dim(`# (${loaded.all.length} encounters in this file; pick one with --encounter: ${loaded.all.map((e) => `"${e.name}"`).join(', ')})`));
  }
  let ask = o.ask;
  let rl: ReturnType<typeof createInterface> | undefined;
  if (o.step && !ask && process.stdin.isTTY) {
    rl = createInterface({ input: process.stdin, output: process.stdout });
    ask = (q) => new Promise<string>((res) => rl!.question(q, res));
  }
  if (o.step && !ask) ctx.out(io.style.dim('# --step needs a terminal; printing the whole combat.'));
  const stepping = !!o.step && !!ask;
  try {
    for (let r = events.next(); !r.done; r = events.next()) {
      const e: CombatEvent = r.value;
      if (stepping && e.type === 'turn-start') {
        const answer = await ask!(io.style.dim('— Enter: next turn, q: stop — '));
        if (answer.trim().toLowerCase() === 'q') {
          ctx.out(io.style.dim('# stopped.'));
          return 0;
        }
      }
      const line = renderEvent(e);
      if (line !== undefined) ctx.out(line);
    }
  } finally {
    rl?.close();
  }
  return 0;
}
