// `aces odds <file> [-n N] [--seed N] [--encounter NAME] [--threads N] [--strikes] [--json]`:
// Monte Carlo win odds of a whole fight with 95% confidence intervals, and
// (with --strikes) the exact odds of each combatant's Strikes against each foe.

import type { Command } from 'commander';
import {
  DEFAULT_THREADS,
  monteCarlo,
  prewarmWorkers,
  shutdownWorkers,
  type MonteCarloResult,
  type Proportion,
} from '../systems/index.js';
import { chanceOf, meanOf } from '../engine/tally.js';
import type { EncounterInfo, RuleSystem, SystemEngine } from '../model/system.js';
import { displayPath } from './files.js';
import { loadEncounter, shellArg } from './load.js';
import { resolveVary, variantMaker, type Variant } from '../balance/vary.js';
import { compareOutcomes, encounterIn, gitRevision, revisionHost, type OutcomeChange } from './compare.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { diskHost, rootsOf } from './files.js';
import { parsePositive, parseSeed } from './options.js';
import { pickStyle, type Style } from './style.js';
import type { CommandContext } from './context.js';
import { verdictText, winsPhrase } from '../common/outcome-words.js';

export interface OddsOptions {
  runs?: number;
  seed?: number;
  encounter?: string;
  /** The workspace `use` may read from (default: the nearest folder above the file with an aces.json or a .git, else the file's folder). */
  root?: string;
  threads?: number;
  strikes?: boolean;
  /** The system's exact odds of single exchanges (Halcyon Aces: the Strike table, as --strikes). */
  exact?: boolean;
  /** `Boss.vitality=40..70 step 5`: the same batch for each value (issue 14, sweep). */
  vary?: string;
  /** Another version of the file (a path, or HEAD for the committed one) to compare with, on the same combats. */
  against?: string;
  json?: boolean;
}

export const MAX_RUNS = 10_000_000;
/** `--against` keeps every combat's outcome of both versions (a byte each, and a number while a chunk runs). */
export const MAX_COMPARE_RUNS = 1_000_000;

export function registerOdds(program: Command, ctx: CommandContext): void {
  program
    .command('odds')
    .description('Monte Carlo odds of a whole fight (win chances with 95% intervals)')
    .argument('<file>', 'an .aces file')
    .option('-n, --runs <n>', 'number of combats (default 10000)', parsePositive(MAX_RUNS))
    .option('-s, --seed <n>', "base seed (default: the encounter's seed)", parseSeed)
    .option(
      '--root <dir>',
      "the workspace: `use` reads only .aces files inside it (default: the nearest folder above the file with an aces.json or a .git, else the file's folder)",
    )
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option('-t, --threads <n>', 'worker threads (default: all cores)', parsePositive(64))
    .option(
      '--exact',
      "also print the exact odds of single exchanges, by the file's own rules (whatever its game resolves at once: an attack, a stance pairing, a flip), no sampling",
    )
    .option(
      '--strikes',
      "Halcyon Aces: the exact odds of each combatant's Strikes against each foe (what --exact prints there)",
    )
    .option(
      '--against <other>',
      'compare with another version: a file, or a git revision (HEAD, HEAD~1, a tag) whose committed file and the files it uses are the "before" (the same combats, paired 95% intervals)',
    )
    .option(
      '--vary <spec>',
      'sweep one number: "Boss.vitality=40..70 step 5" runs the same combats (common random numbers) for each value; just "Boss.vitality" sweeps values around the one written; "Dock Rat.count=1..6" sweeps the copies of a placement; "party.size=1..4" the party with its first 1..4 members',
    )
    .option('--json', 'print the result as JSON')
    .action(async (file: string, o: OddsOptions) => ctx.setCode(await runOdds(file, o, ctx)));
}

export async function runOdds(file: string, o: OddsOptions, ctx: CommandContext): Promise<number> {
  const style = ctx.style ?? pickStyle(undefined, process.stdout);
  // the workers start while the file is checked (the odds run off this thread on `threads` of them)
  if (o.against === undefined) prewarmWorkers((o.threads ?? DEFAULT_THREADS) + 1);
  const io = { ...ctx, style };
  const loaded = loadEncounter(file, o.encounter, io, 'odds', o.root);
  if (typeof loaded === 'number') return loaded;
  const { encounter, system } = loaded;
  const engine = await system.loadEngine();
  // the system's exact report (Halcyon Aces: its Strike table, which --strikes also names)
  const report = o.exact || o.strikes ? engine.exactReport?.(encounter) : undefined;
  if (o.exact && !report) {
    ctx.err(`aces odds: ${system.name} has no exact report yet; the Monte Carlo odds above are all there is.`);
  }
  if (o.strikes && report?.alias !== 'strikes') {
    ctx.err(`aces odds: --strikes is a Halcyon Aces table; ${displayPath(loaded.file, ctx.cwd)} is ${system.name}.`);
    return 2;
  }
  const runs = o.runs ?? 10_000;
  const seed = o.seed ?? encounter.seed;
  if (o.vary !== undefined) return runSweep(loaded.file, encounter.name, o.vary, runs, seed, o, ctx, style);
  if (o.against !== undefined && runs > MAX_COMPARE_RUNS) {
    ctx.err(
      `aces odds --against: at most ${MAX_COMPARE_RUNS.toLocaleString('en-US')} combats per version (every combat's outcome is kept, to pair them); lower -n.`,
    );
    return 2;
  }
  if (o.against !== undefined)
    return runCompare(loaded.file, encounter, system, o.against, o.runs ?? 4000, seed, o, ctx, style);
  const showProgress = !o.json && !!process.stderr.isTTY && runs >= 20_000;
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  let result: MonteCarloResult;
  try {
    result = await monteCarlo(encounter, {
      system: system.id,
      runs,
      seed,
      threads: o.threads,
      // workers only: this thread stays free to hear Ctrl-C and stop them at once, however long a combat is
      offThread: true,
      signal: abort.signal,
      onProgress: showProgress
        ? (done, total) => process.stderr.write(`\r${Math.round((100 * done) / total)}% of ${total} combats`)
        : undefined,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') {
      ctx.err('\naces odds: cancelled.');
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
    if (showProgress) process.stderr.write('\r\u001b[K');
    if (!ctx.keepWorkers) await shutdownWorkers();
  }
  if (o.json) {
    ctx.out(JSON.stringify(report ? { ...result, [o.strikes ? 'strikes' : 'exact']: report.json } : result, null, 2));
    return 0;
  }
  const shown = displayPath(loaded.file, ctx.cwd);
  ctx.out(
    style.bold(`# ${shown} — encounter "${encounter.name}" — ${runs.toLocaleString('en-US')} combats, seed ${seed}`),
  );
  ctx.out(
    style.dim(
      `# replay a sampled fight: aces run ${shellArg(shown)} --encounter ${shellArg(encounter.name)} --seed <a seed listed under the table>`,
    ),
  );
  ctx.out(formatResult(result, style, engine));
  if (report)
    ctx.out(
      ['', style.bold(report.title), ...report.lines, ...(report.notes ?? []).map((l) => style.dim(l))].join('\n'),
    );
  return 0;
}

const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
const ci = (x: Proportion): string => `${pct(x.ci95[0])} – ${pct(x.ci95[1])}`;
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number): string => ' '.repeat(Math.max(0, n - [...s].length)) + s;

/** The odds as a table: outcomes with intervals, rounds, then one row per combatant with the system's counters. */
export function formatResult(
  r: MonteCarloResult,
  s: Style,
  engine: Pick<SystemEngine, 'counters' | 'oddsNotes' | 'stalemateNote'>,
): string {
  const lines: string[] = [];
  const w = Math.max(9, ...r.sides.map((x) => x.side.length + 5), ...r.combatants.map((c) => c.id.length)) + 2;
  lines.push(s.bold(`${pad('outcome', w)}${lpad('chance', 8)}   95% interval`));
  for (const side of r.sides) lines.push(`${pad(winsPhrase(side.side), w)}${lpad(pct(side.p), 8)}   ${ci(side)}`);
  const why = engine.stalemateNote?.(r);
  lines.push(`${pad('stalemate', w)}${lpad(pct(r.stalemate.p), 8)}   ${ci(r.stalemate)}${why ? `   (${why})` : ''}`);
  if (r.draw.count) lines.push(`${pad('nobody left', w)}${lpad(pct(r.draw.p), 8)}   ${ci(r.draw)}`);
  const byOutcome = new Map<string, number[]>();
  for (const x of r.examples ?? []) byOutcome.set(x.outcome, [...(byOutcome.get(x.outcome) ?? []), x.seed]);
  if (byOutcome.size)
    lines.push(
      s.dim(
        `sampled fights to replay (--seed): ${[...byOutcome].map(([o, seeds]) => `${o} ${seeds.join(', ')}`).join(' · ')}`,
      ),
    );
  if (r.verdict) {
    const v = r.verdict;
    const [label, rest] = verdictText(v).split(/ — (.*)/s);
    lines.push(`${s.bold(`verdict: ${label}`)} — ${rest}`);
    if (v.each.length > 1)
      lines.push(s.dim(`  each: ${v.each.map((e) => `${e.id} ${pct(e.defeated.p)}`).join(' · ')}`));
    lines.push(s.dim(`(${v.meaning}; thresholds in docs/BALANCE.md)`));
  }
  lines.push('');
  lines.push(
    `rounds: mean ${r.rounds.mean.toFixed(2)}, sd ${r.rounds.sd.toFixed(2)}, shortest ${r.rounds.min}, longest ${r.rounds.max}`,
  );
  lines.push(...roundsHistogram(r));
  lines.push('');
  // chances: right-aligned columns two wider than their label; means: "label (mean ± sd)" columns
  const chances = engine.counters.filter((k) => k.kind === 'chance');
  const means = engine.counters.filter((k) => k.kind !== 'chance');
  const meanHead = means.map((k) => `${k.label} (mean ± sd)`);
  lines.push(
    s.bold(
      `${pad('combatant', w)}${pad('side', 12)}${chances.map((k) => lpad(k.label, Math.max(8, k.label.length + 2))).join('')}${meanHead.map((h) => `   ${h}`).join('')}`.trimEnd(),
    ),
  );
  for (const c of r.combatants) {
    const cells = means.map((k, i) => {
      const m = meanOf(c, k.key);
      // a resource left after wins: none to average when its side never won
      const cell = m.of === 0 ? '—' : `${m.mean.toFixed(1)} ± ${m.sd.toFixed(1)}`;
      return i < means.length - 1 ? pad(cell, meanHead[i].length) : cell;
    });
    lines.push(
      `${pad(c.id, w)}${pad(c.side, 12)}${chances.map((k) => lpad(pct(chanceOf(c, k.key).p), Math.max(8, k.label.length + 2))).join('')}${cells.map((x) => `   ${x}`).join('')}`,
    );
  }
  lines.push('');
  for (const note of engine.oddsNotes?.(r) ?? []) lines.push(s.dim(note));
  if (means.length)
    lines.push(
      s.dim(
        'sd: the standard deviation over the combats (how much one fight varies), not the uncertainty of the mean.',
      ),
    );
  if (means.some((k) => k.kind === 'left'))
    lines.push(
      s.dim(
        `${means
          .filter((k) => k.kind === 'left')
          .map((k) => k.label)
          .join(', ')}: the mean over the fights the combatant's side won (— when it never won).`,
      ),
    );
  return lines.join('\n');
}

/** `--vary`: one Monte Carlo batch per value, the same seeds for all, as a table and a bar chart of the first side's chance. */
async function runSweep(
  file: string,
  encounter: string,
  spec: string,
  runs: number,
  seed: number,
  o: OddsOptions,
  ctx: CommandContext,
  style: Style,
): Promise<number> {
  const host = diskHost(ctx.cwd, undefined, rootsOf([file], ctx.cwd, o.root));
  let parsed: ReturnType<typeof resolveVary>;
  let list: Variant[];
  let at: string;
  try {
    // just the number (`Boss.vitality`): values around the one written
    parsed = resolveVary(spec, file, host, 'sweep');
    if ('error' in parsed) {
      ctx.err(`aces odds --vary: ${parsed.error}.`);
      return 2;
    }
    const maker = variantMaker(file, encounter, parsed, host);
    at = maker.at;
    list = parsed.values.map(maker.make);
  } catch (e) {
    ctx.err(`aces odds --vary: ${(e as Error).message}`);
    return 1;
  }
  const rows: { value: number; result?: MonteCarloResult; error?: string }[] = [];
  try {
    // progress on a terminal: which value, and how far its batch is
    const tty = !o.json && !!process.stderr.isTTY;
    for (const [k, v] of list.entries()) {
      if (!v.encounter || !v.system) rows.push({ value: v.value, error: v.error });
      else {
        const onProgress = tty
          ? (done: number, total: number) =>
              process.stderr.write(
                `\r${parsed.block}.${parsed.attr} ${v.value} (${k + 1} of ${list.length}): ${Math.round((100 * done) / total)}%  `,
              )
          : undefined;
        rows.push({
          value: v.value,
          result: await monteCarlo(v.encounter, {
            system: v.system.id,
            runs,
            seed,
            threads: o.threads,
            offThread: true,
            onProgress,
          }),
        });
      }
    }
    if (tty) process.stderr.write('\r\u001b[K');
  } finally {
    if (!ctx.keepWorkers) await shutdownWorkers();
  }
  const label = `${parsed.block}.${parsed.attr}`;
  // not one value checks: nothing was fought, which is the command failing
  const none = !rows.some((r) => r.result);
  if (none && !o.json) {
    ctx.err(
      `aces odds --vary: ${at}: no value of ${label} from ${parsed.values[0]} to ${parsed.values[parsed.values.length - 1]} checks, so none was fought; the first: ${rows[0]?.error ?? 'no values'}`,
    );
    return 1;
  }
  if (o.json) {
    ctx.out(
      JSON.stringify(
        {
          encounter,
          runs,
          seed,
          vary: {
            block: parsed.block,
            attribute: parsed.attr,
            values: parsed.values,
            ...(parsed.around !== undefined ? { written: parsed.around } : {}),
          },
          rows,
        },
        null,
        2,
      ),
    );
    return none ? 1 : 0;
  }
  const shown = displayPath(file, ctx.cwd);
  ctx.out(
    style.bold(
      `# ${shown} — encounter "${encounter}" — ${label} from ${parsed.values[0]} to ${parsed.values[parsed.values.length - 1]}, ${runs.toLocaleString('en-US')} combats each, seed ${seed} (the same combats for every value)`,
    ),
  );
  if (parsed.around !== undefined)
    ctx.out(
      style.dim(
        `values stepped through the ${parsed.around} written, between half and twice it${parsed.usual ? ` within the rules' ${parsed.usual.min}–${parsed.usual.max}` : ''} (--vary "${label}=FROM..TO step N" chooses)`,
      ),
    );
  const sides = rows.find((r) => r.result)?.result?.sides.map((s) => s.side) ?? [];
  const w = Math.max(label.length, ...rows.map((r) => String(r.value).length)) + 2;
  ctx.out(
    style.bold(
      `${pad(label, w)}${sides.map((s) => pad(winsPhrase(s), 24)).join('')}${pad('stalemate', 11)}${pad('rounds', 8)}verdict`,
    ),
  );
  for (const r of rows) {
    if (!r.result) {
      ctx.out(`${pad(String(r.value), w)}${style.dim(`not run: ${r.error}`)}`);
      continue;
    }
    const cells = r.result.sides.map((s) => pad(`${pct(s.p)} (${ci(s)})`, 24)).join('');
    // each row's length and verdict too (issue 34 item 5): a chance bought with a grind shows
    const v = r.result.verdict;
    ctx.out(
      `${pad(String(r.value), w)}${cells}${pad(pct(r.result.stalemate.p), 11)}${pad(r.result.rounds.mean.toFixed(1), 8)}${v ? `${v.label}${v.callouts.length ? ` (${v.callouts.map((c) => c.replace(/:.*$/, '')).join(', ')})` : ''}` : '—'}`.trimEnd(),
    );
  }
  if (sides.length) {
    ctx.out('');
    ctx.out(style.dim(`${winsPhrase(sides[0])}, by ${label} (each █ is 2.5%):`));
    for (const r of rows) {
      if (!r.result) continue;
      const p = r.result.sides[0].p;
      ctx.out(
        `${pad(String(r.value), w)}${'█'.repeat(Math.round(p * 40))}${'·'.repeat(40 - Math.round(p * 40))} ${pct(p)}`,
      );
    }
  }
  return 0;
}

/** `--against`: both versions on the same combat seeds; each outcome's change with a paired interval. */
async function runCompare(
  file: string,
  encounter: EncounterInfo,
  system: RuleSystem,
  against: string,
  runs: number,
  seed: number,
  o: OddsOptions,
  ctx: CommandContext,
  style: Style,
): Promise<number> {
  const host = diskHost(ctx.cwd, undefined, rootsOf([file], ctx.cwd, o.root));
  let other: { encounter?: EncounterInfo; error?: string; system?: string };
  let label: string;
  try {
    const b = resolve(ctx.cwd, against);
    if (!existsSync(b)) {
      // a revision (HEAD, HEAD~1, a tag, a commit): the file and every file it uses as committed there (issue 34 item 2)
      const rev = gitRevision(file, against);
      const then = revisionHost(rev, host);
      if ('error' in then.read(file))
        throw new Error(`${displayPath(file, ctx.cwd)} has no committed version to compare against in ${against}`);
      other = encounterIn(file, encounter.name, then);
      label = against === rev.commit || against === 'HEAD' ? against : `${against} (${rev.commit.slice(0, 7)})`;
    } else {
      other = encounterIn(b, encounter.name, diskHost(ctx.cwd, undefined, rootsOf([against], ctx.cwd, o.root)));
      if (other.error?.startsWith('no encounter')) other = { error: `no encounter "${encounter.name}" in ${against}` };
      label = displayPath(b, ctx.cwd);
    }
  } catch (e) {
    ctx.err(`aces odds --against: ${(e as Error).message}.`);
    return 1;
  }
  if (!other.encounter) {
    ctx.err(`aces odds --against: the other version cannot be simulated: ${other.error}`);
    return 1;
  }
  if (other.system !== system.id) {
    ctx.err(
      `aces odds --against: the other version is another rule system (${other.system}); compare versions of one encounter.`,
    );
    return 1;
  }
  let changes: OutcomeChange[];
  try {
    changes = await compareOutcomes(other.encounter, encounter, system.id, seed, runs, o.threads);
  } catch (e) {
    ctx.err(`aces odds --against: ${(e as Error).message}.`);
    return 1;
  }
  const shown = displayPath(file, ctx.cwd);
  if (o.json) {
    ctx.out(
      JSON.stringify(
        { encounter: encounter.name, runs, seed, before: label, after: shown, outcomes: changes },
        null,
        2,
      ),
    );
    return 0;
  }
  ctx.out(
    style.bold(
      `# ${label} → ${shown} — encounter "${encounter.name}" — ${runs.toLocaleString('en-US')} combats each on the same seeds (from ${seed}), paired 95% intervals`,
    ),
  );
  const w = Math.max(9, ...changes.map((c) => c.outcome.length)) + 2;
  ctx.out(style.bold(`${pad('outcome', w)}${lpad('before', 8)}${lpad('after', 9)}   change (points)`));
  for (const c of changes) {
    if (c.before === 0 && c.after === 0 && c.outcome === 'nobody left') continue;
    const sign = c.change > 0 ? '+' : c.change < 0 ? '−' : '±';
    ctx.out(
      `${pad(c.outcome, w)}${lpad(pct(c.before), 8)}${lpad(pct(c.after), 9)}   ${sign}${Math.abs(100 * c.change).toFixed(1)} ± ${(100 * c.halfWidth).toFixed(1)}`,
    );
  }
  ctx.out(
    style.dim(
      'before: the other version; after: this file. "± x": the 95% interval of the change, from the combats fought by both.',
    ),
  );
  return 0;
}

/** How long fights last, as bars: one row per round, or per few rounds when they spread over more than 12. */
export function roundsHistogram(r: MonteCarloResult): string[] {
  const h = r.rounds.histogram;
  if (!r.runs || r.rounds.max < r.rounds.min) return [];
  const span = r.rounds.max - r.rounds.min + 1;
  const width = Math.ceil(span / 12);
  const rows: { label: string; count: number }[] = [];
  for (let a = r.rounds.min; a <= r.rounds.max; a += width) {
    const b = Math.min(r.rounds.max, a + width - 1);
    let count = 0;
    for (let k = a; k <= b; k++) count += h[k] ?? 0;
    rows.push({ label: a === b ? String(a) : `${a}–${b}`, count });
  }
  const most = Math.max(...rows.map((x) => x.count));
  const w = Math.max(...rows.map((x) => x.label.length));
  return rows.map(
    (x) =>
      `  ${x.label.padStart(w)} ${'█'.repeat(Math.round((30 * x.count) / most)).padEnd(30)} ${pct(x.count / r.runs)}`,
  );
}
