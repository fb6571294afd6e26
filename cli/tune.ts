// `aces tune FILE --target "party wins 50%" --vary "Boss.vitality=20..80"`, or
// `--vary Boss.vitality` for half to twice the number written (issue 14, tune):
// the whole-number value of one attribute whose fight comes closest to the
// target chance, by bisection over the range (the chance is
// taken to move one way as the number grows), each step on the same combat
// seeds (common random numbers); prints the value, its interval and the edit,
// and with --write makes it.

import type { Command } from 'commander';
import { shutdownWorkers } from '../systems/index.js';
import { parseTarget, searchRuns, targetText, tune, type Target, type TuneResult } from '../balance/tune.js';
import { parseVary, parseVaryNumber, resolveVary, writtenNumber, type VarySpec } from '../balance/vary.js';
import type { CommandContext } from './context.js';
import { diskHost, displayPath, rootsOf } from './files.js';
import { loadEncounter } from './load.js';
import { parsePositive, parseSeed } from './options.js';
import { pickStyle, type Style } from './style.js';
import { writeTunedValue, type WrittenAtStart } from './tune-write.js';

export interface TuneOptions {
  target: string;
  vary: string;
  encounter?: string;
  runs?: number;
  seed?: number;
  root?: string;
  write?: boolean;
  /** Search values outside the rules' ranges too (issue 34 item 3). */
  homebrew?: boolean;
  json?: boolean;
}

export function registerTune(program: Command, ctx: CommandContext): void {
  program
    .command('tune')
    .description(
      "find the value of one number that brings an outcome closest to a target chance (the boss's toughness → party wins 50%)",
    )
    .argument('<file>', 'an .aces file')
    .requiredOption(
      '--target <goal>',
      'the outcome and chance to aim for, a length, or both: "party wins 50%", "about 4 rounds", "party wins 50%, about 4 rounds"',
    )
    .requiredOption(
      '--vary <spec>',
      'the number and the range to search, as Block.attribute in the file\'s own words, e.g. "Boss.vitality=20..80" (Halcyon Aces), "Troll.hp=20..80" (Heart Rush), "Boss.health=4..12"; just "Boss.vitality" searches half to twice the number written',
    )
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option('-n, --runs <n>', 'combats per evaluation (default 4000)', parsePositive(1_000_000))
    .option('-s, --seed <n>', "base seed (default: the encounter's seed)", parseSeed)
    .option('--root <dir>', 'the workspace: `use` reads only .aces files inside it')
    .option(
      '--write',
      'write the value found into the file (never an end of the range that misses the target; a homebrew value with a warning)',
    )
    .option(
      '--homebrew',
      "search values outside the rules' ranges too (by default the search stops where `aces check` warns)",
    )
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
  const byRounds = Number.isNaN(target.p);
  const tty = !o.json && !!process.stderr.isTTY;
  let trying = 0;
  try {
    let r: TuneResult;
    try {
      r = await tune(loaded.file, loaded.encounter.name, spec, target, host, {
        runs,
        seed,
        offThread: true,
        homebrew: o.homebrew,
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
    if (o.json)
      ctx.out(
        JSON.stringify(tuneJson({ r, o, label, spec, range, byRounds, encounter: loaded.encounter.name }), null, 2),
      );
    else
      printTune(ctx, style, {
        r,
        target,
        spec,
        label,
        range,
        runs,
        seed,
        byRounds,
        shown,
        encounter: loaded.encounter.name,
      });
    if (o.write && !r.writable) {
      // an end of the range that missed the target says only that the target lies beyond: not a value to write
      ctx.err(
        `aces tune: not written: ${label} ${r.value} is an end of the range ${range[0]}..${range[1]} and does not reach ${targetText(target)}.`,
      );
      return 1;
    }
    if (start) {
      // with --json stdout is the JSON alone: what was written goes to stderr
      const say = o.json ? ctx.err : ctx.out;
      if (r.atEdge) say(`warning: ${label} ${r.value} is an end of the range searched (${range[0]}..${range[1]}).`);
      const w = writeTunedValue(loaded.file, spec, start, r.value, host);
      if ('error' in w) {
        ctx.err(`aces tune --write: ${w.error}`);
        return 1;
      }
      say(`wrote ${label} ${r.value} into ${displayPath(w.wrote, ctx.cwd)}`);
    } else if (!o.json)
      ctx.out(
        style.dim(
          r.writable
            ? `(--write puts ${label} ${r.value} into the file)`
            : `(--write would not write it: an end of the range that misses the target)`,
        ),
      );
    return 0;
  } finally {
    if (!ctx.keepWorkers) await shutdownWorkers();
  }
}

/** What `aces tune --json` prints: the search's result, each try, and whether --write would write it. */
function tuneJson(x: {
  r: TuneResult;
  o: TuneOptions;
  label: string;
  spec: VarySpec & { around?: number };
  range: number[];
  byRounds: boolean;
  encounter: string;
}): object {
  const { r, o, label, spec, range, byRounds } = x;
  return {
    encounter: x.encounter,
    target: o.target,
    vary: label,
    range,
    reached: r.reached,
    ...(spec.around !== undefined ? { written: spec.around } : {}),
    ...(r.narrowed ? { narrowed: r.narrowed.why } : {}),
    value: r.value,
    p: r.p,
    ci95: r.ci95,
    measure: byRounds ? 'mean rounds' : 'chance',
    stalemate: r.stalemate,
    meanRounds: r.meanRounds,
    ...(r.verdict ? { verdict: r.verdict } : {}),
    ...(r.homebrew ? { homebrew: r.homebrew } : {}),
    ...(r.narrowed?.homebrew ? { homebrewBeyond: true } : {}),
    writable: r.writable,
    evaluations: r.tries.map((t) => ({
      value: t.value,
      p: t.p ?? null,
      runs: t.runs ?? null,
      error: t.error,
      ...(t.stalemate !== undefined ? { stalemate: t.stalemate, meanRounds: t.rounds } : {}),
    })),
  };
}

/** What `aces tune` prints for a reader: the tries in order, the best, its fights, and why a target was not reached. */
function printTune(
  ctx: CommandContext,
  style: Style,
  x: {
    r: TuneResult;
    target: Target;
    spec: VarySpec & { around?: number };
    label: string;
    range: number[];
    runs: number;
    seed: number;
    byRounds: boolean;
    shown: string;
    encounter: string;
  },
): void {
  const { r, target, spec, label, range, runs, seed, byRounds, shown } = x;
  const measure = (p: number): string => (byRounds ? `${p.toFixed(2)} rounds` : `${(100 * p).toFixed(1)}%`);
  ctx.out(
    style.bold(
      `# ${shown} — encounter "${x.encounter}" — ${label} for ${targetText(target)}, ${searchRuns(runs) < runs ? `searched with ${searchRuns(runs).toLocaleString('en-US')} combats per try, the closest with ${runs.toLocaleString('en-US')}` : `${runs.toLocaleString('en-US')} combats per try`}, seed ${seed}`,
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
        r.narrowed.homebrew
          ? `searched ${r.narrowed.from}..${r.narrowed.to}, the rules' range: the values beyond are homebrew (${r.narrowed.why.replace(/\.$/, '')}); --homebrew searches them too`
          : `searched ${r.narrowed.from}..${r.narrowed.to}: the values beyond break a rule (${r.narrowed.why.replace(/\.$/, '')})`,
      ),
    );
  for (const t of [...r.tries].sort((x, y) => x.value - y.value || (x.runs ?? 0) - (y.runs ?? 0))) {
    const fights =
      t.runs !== undefined && t.runs !== runs ? style.dim(` (${t.runs.toLocaleString('en-US')} combats)`) : '';
    ctx.out(
      `${label} ${String(t.value).padStart(4)}: ${t.p === undefined ? style.dim(`not run: ${t.error}`) : `${measure(t.p)}${fights}${t.stalemate !== undefined ? style.dim(` · stalemate ${pct(t.stalemate)} · ${byRounds ? `${target.outcome ? `${target.outcome} ${pct(t.chance ?? 0)}` : ''}` : `${t.rounds!.toFixed(1)} rounds`}`.replace(/ · $/, '')) : ''}`}`,
    );
  }
  ctx.out(
    style.bold(
      `best: ${label} ${r.value} — ${byRounds ? `${r.p.toFixed(2)} rounds on average (95%: ${r.ci95[0].toFixed(2)} – ${r.ci95[1].toFixed(2)})` : `${target.outcome} ${(100 * r.p).toFixed(1)}% (95%: ${(100 * r.ci95[0]).toFixed(1)}% – ${(100 * r.ci95[1]).toFixed(1)}%)`}, after ${r.tries.length} tries`,
    ),
  );
  // what the chosen value's fights are like, not only the number aimed for (issue 34 item 3)
  ctx.out(
    `  its fights: stalemate ${pct(r.stalemate)}, ${r.meanRounds.toFixed(1)} rounds on average${r.verdict ? `; verdict ${r.verdict}` : ''}`,
  );
  if (r.homebrew) ctx.out(style.bold(`  warning: ${label} ${r.value} is a homebrew value: ${r.homebrew}`));
  // not reached is the first thing to say, at an end of the range or inside it; then where to look
  const beyond = r.narrowed?.homebrew
    ? "the rules allow no further (--homebrew searches beyond the rules' range)"
    : r.narrowed
      ? 'the rules allow no further'
      : 'widen it if the target lies beyond';
  if (!r.reached)
    ctx.out(
      style.dim(
        `no value of ${range[0]}..${range[1]} brings ${byRounds ? `the length to about ${target.rounds} rounds` : `${target.outcome} to ${(100 * target.p).toFixed(1)}%${target.rounds !== undefined ? ` in about ${target.rounds} rounds` : ''}`}: ${tuneSpan(r, byRounds)}; this is the closest. ${r.atEdge ? `It is an end of the range: ${beyond}.` : 'The target may need another number.'}`,
      ),
    );
  else if (r.atEdge)
    ctx.out(style.dim(`the best value is at the end of the range ${range[0]}..${range[1]}; ${beyond}.`));
}

/** "the values tried give 60.4%–69.7%": what the number reaches, over the tries fought. */
function tuneSpan(r: TuneResult, byRounds: boolean): string {
  const ps = r.tries.flatMap((t) => (t.p === undefined ? [] : [t.p]));
  if (byRounds) return `the values tried give ${Math.min(...ps).toFixed(1)}–${Math.max(...ps).toFixed(1)} rounds`;
  return `the values tried give ${(100 * Math.min(...ps)).toFixed(1)}%–${(100 * Math.max(...ps)).toFixed(1)}%`;
}

const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
