// `aces tune FILE --target "party wins 50%" --vary "Boss.vitality=20..80"`, or
// `--vary Boss.vitality` for half to twice the number written (issue 14, tune):
// the whole-number value of one attribute whose fight comes closest to the
// target chance, by bisection over the range (the chance is
// taken to move one way as the number grows), each step on the same combat
// seeds (common random numbers); prints the value, its interval and the edit,
// and with --write makes it.

import type { Command } from 'commander';
import { shutdownWorkers } from '../systems/index.js';
import { parseTarget, searchRuns, tune, type TuneResult } from '../balance/tune.js';
import { parseVary, parseVaryNumber, resolveVary, writtenNumber } from '../balance/vary.js';
import type { CommandContext } from './context.js';
import { diskHost, displayPath, rootsOf } from './files.js';
import { loadEncounter } from './load.js';
import { parsePositive, parseSeed } from './options.js';
import { pickStyle } from './style.js';
import { writeTunedValue, type WrittenAtStart } from './tune-write.js';

export interface TuneOptions {
  target: string;
  vary: string;
  encounter?: string;
  runs?: number;
  seed?: number;
  root?: string;
  write?: boolean;
  json?: boolean;
}

export function registerTune(program: Command, ctx: CommandContext): void {
  program
    .command('tune')
    .description(
      'find the value of one number that brings an outcome closest to a target chance ("Boss.vitality" → party wins 50%)',
    )
    .argument('<file>', 'an .aces file')
    .requiredOption('--target <goal>', 'the outcome and chance to aim for, e.g. "party wins 50%"')
    .requiredOption(
      '--vary <spec>',
      'the number and the range to search, e.g. "Boss.vitality=20..80"; just "Boss.vitality" searches half to twice the number written',
    )
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option('-n, --runs <n>', 'combats per evaluation (default 4000)', parsePositive(1_000_000))
    .option('-s, --seed <n>', "base seed (default: the encounter's seed)", parseSeed)
    .option('--root <dir>', 'the workspace: `use` reads only .aces files inside it')
    .option('--write', 'write the value found into the file')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, o: TuneOptions) => ctx.setCode(await runTune(file, o, ctx)));
}

export async function runTune(file: string, o: TuneOptions, ctx: CommandContext): Promise<number> {
  const style = ctx.style ?? pickStyle(undefined, process.stdout);
  const target = parseTarget(o.target);
  if ('error' in target) {
    ctx.err(`aces tune: ${target.error}.`);
    return 2;
  }
  const syntax = parseVaryNumber(o.vary) ?? parseVary(o.vary, 100_000);
  if ('error' in syntax) {
    ctx.err(`aces tune --vary: ${syntax.error}.`);
    return 2;
  }
  const loaded = loadEncounter(file, o.encounter, { ...ctx, style }, 'tune', o.root);
  if (typeof loaded === 'number') return loaded;
  const runs = o.runs ?? 4000;
  const seed = o.seed ?? loaded.encounter.seed;
  const host = diskHost(ctx.cwd, undefined, rootsOf([file], ctx.cwd, o.root));
  let spec: ReturnType<typeof resolveVary>;
  try {
    // just the number: the range around the one written
    spec = resolveVary(o.vary, loaded.file, host, 'tune', 100_000);
  } catch (e) {
    ctx.err(`aces tune --vary: ${(e as Error).message}`);
    return 1;
  }
  if ('error' in spec) {
    ctx.err(`aces tune --vary: ${spec.error}.`);
    return 2;
  }
  const label = `${spec.block}.${spec.attr}`;
  // --write: where the number is and what it is now; at write time it is found again and must still be this
  let start: WrittenAtStart | undefined;
  if (o.write)
    try {
      const w = writtenNumber(loaded.file, spec, host);
      start = { path: w.where.path, value: w.value };
    } catch (e) {
      ctx.err(`aces tune --vary: ${(e as Error).message}`);
      return 1;
    }
  const tty = !o.json && !!process.stderr.isTTY;
  let trying = 0;
  try {
    let r: TuneResult;
    try {
      r = await tune(loaded.file, loaded.encounter.name, spec, target, host, {
        runs,
        seed,
        offThread: true,
        onTry: (value, before) => {
          trying = value;
          if (tty) process.stderr.write(`\rtry ${before + 1}: ${label} ${value}  `);
        },
        onProgress: tty
          ? (done, total) => process.stderr.write(`\rtry: ${label} ${trying}: ${Math.round((100 * done) / total)}%  `)
          : undefined,
      });
    } catch (e) {
      ctx.err(`aces tune: ${(e as Error).message}`);
      return 1;
    } finally {
      if (tty) process.stderr.write('\r\u001b[K');
    }
    const shown = displayPath(loaded.file, ctx.cwd);
    const range = r.narrowed ? [r.narrowed.from, r.narrowed.to] : [Math.min(...spec.values), Math.max(...spec.values)];
    if (o.json) {
      ctx.out(
        JSON.stringify(
          {
            encounter: loaded.encounter.name,
            target: o.target,
            vary: label,
            range,
            reached: r.reached,
            ...(spec.around !== undefined ? { written: spec.around } : {}),
            ...(r.narrowed ? { narrowed: r.narrowed.why } : {}),
            value: r.value,
            p: r.p,
            ci95: r.ci95,
            evaluations: r.tries.map((t) => ({ value: t.value, p: t.p ?? null, runs: t.runs ?? null, error: t.error })),
          },
          null,
          2,
        ),
      );
    } else {
      ctx.out(
        style.bold(
          `# ${shown} — encounter "${loaded.encounter.name}" — ${label} for ${o.target}, ${searchRuns(runs) < runs ? `searched with ${searchRuns(runs).toLocaleString('en-US')} combats per try, the closest with ${runs.toLocaleString('en-US')}` : `${runs.toLocaleString('en-US')} combats per try`}, seed ${seed}`,
        ),
      );
      if (spec.around !== undefined)
        ctx.out(
          style.dim(
            `searching ${label} from ${Math.min(...spec.values)} to ${Math.max(...spec.values)}: half to twice the ${spec.around} written (--vary "${label}=FROM..TO" chooses)`,
          ),
        );
      if (r.narrowed)
        ctx.out(
          style.dim(
            `searched ${r.narrowed.from}..${r.narrowed.to}: the values beyond break a rule (${r.narrowed.why.replace(/\.$/, '')})`,
          ),
        );
      for (const t of [...r.tries].sort((x, y) => x.value - y.value || (x.runs ?? 0) - (y.runs ?? 0))) {
        const fights =
          t.runs !== undefined && t.runs !== runs ? style.dim(` (${t.runs.toLocaleString('en-US')} combats)`) : '';
        ctx.out(
          `${label} ${String(t.value).padStart(4)}: ${t.p === undefined ? style.dim(`not run: ${t.error}`) : `${(100 * t.p).toFixed(1)}%${fights}`}`,
        );
      }
      ctx.out(
        style.bold(
          `best: ${label} ${r.value} — ${target.outcome} ${(100 * r.p).toFixed(1)}% (95%: ${(100 * r.ci95[0]).toFixed(1)}% – ${(100 * r.ci95[1]).toFixed(1)}%), after ${r.tries.length} tries`,
        ),
      );
      // not reached is the first thing to say, at an end of the range or inside it; then where to look
      const beyond = r.narrowed ? 'the rules allow no further' : 'widen it if the target lies beyond';
      if (!r.reached)
        ctx.out(
          style.dim(
            `no value of ${range[0]}..${range[1]} brings ${target.outcome} to ${(100 * target.p).toFixed(1)}%: ${tuneSpan(r)}; this is the closest. ${r.atEdge ? `It is an end of the range: ${beyond}.` : 'The target may need another number.'}`,
          ),
        );
      else if (r.atEdge)
        ctx.out(style.dim(`the best value is at the end of the range ${range[0]}..${range[1]}; ${beyond}.`));
    }
    if (start) {
      const w = writeTunedValue(loaded.file, spec, start, r.value, host);
      if ('error' in w) {
        ctx.err(`aces tune --write: ${w.error}`);
        return 1;
      }
      ctx.out(`wrote ${label} ${r.value} into ${displayPath(w.wrote, ctx.cwd)}`);
    } else if (!o.json) ctx.out(style.dim(`(--write puts ${label} ${r.value} into the file)`));
    return 0;
  } finally {
    await shutdownWorkers();
  }
}

/** "the values tried give 60.4%–69.7%": what the number reaches, over the tries fought. */
function tuneSpan(r: TuneResult): string {
  const ps = r.tries.flatMap((t) => (t.p === undefined ? [] : [t.p]));
  return `the values tried give ${(100 * Math.min(...ps)).toFixed(1)}%–${(100 * Math.max(...ps)).toFixed(1)}%`;
}
