// `aces tune FILE --target "party wins 50%" --vary "Boss.vitality=20..80"`
// (issue 14, tune): the whole-number value of one attribute whose fight comes
// closest to the target chance, by bisection over the range (the chance is
// taken to move one way as the number grows), each step on the same combat
// seeds (common random numbers); prints the value, its interval and the edit,
// and with --write makes it.

import type { Command } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { monteCarlo, shutdownWorkers, type MonteCarloResult } from '../systems/index.js';
import type { CommandContext } from './context.js';
import { diskHost, displayPath, rootsOf } from './files.js';
import { loadEncounter } from './load.js';
import { parsePositive, parseSeed } from './options.js';
import { pickStyle } from './style.js';
import { parseVary, variants } from './vary.js';

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

/** `party wins 50%`, `stalemate 5%`. */
export function parseTarget(text: string): { outcome: string; p: number } | { error: string } {
  const m = /^\s*(.+?)\s+(\d+(?:\.\d+)?)\s*%\s*$/.exec(text);
  if (!m) return { error: 'write --target "SIDE wins 50%" (or "stalemate 5%")' };
  const p = Number(m[2]) / 100;
  if (p < 0 || p > 1) return { error: 'a chance is between 0% and 100%' };
  return { outcome: m[1].trim(), p };
}

function chanceOf(r: MonteCarloResult, outcome: string): number | undefined {
  if (outcome === 'stalemate') return r.stalemate.p;
  return r.sides.find((s) => `${s.side} wins` === outcome || s.side === outcome)?.p;
}

export function registerTune(program: Command, ctx: CommandContext): void {
  program
    .command('tune')
    .description('find the value of one number that brings an outcome closest to a target chance ("Boss.vitality" → party wins 50%)')
    .argument('<file>', 'an .aces file')
    .requiredOption('--target <goal>', 'the outcome and chance to aim for, e.g. "party wins 50%"')
    .requiredOption('--vary <spec>', 'the number and the range to search, e.g. "Boss.vitality=20..80"')
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
  const spec = parseVary(o.vary, 100_000);
  if ('error' in spec) {
    ctx.err(`aces tune --vary: ${spec.error}.`);
    return 2;
  }
  const loaded = loadEncounter(file, o.encounter, { ...ctx, style }, 'tune', o.root);
  if (typeof loaded === 'number') return loaded;
  const runs = o.runs ?? 4000;
  const seed = o.seed ?? loaded.encounter.seed;
  const lo0 = Math.min(...spec.values), hi0 = Math.max(...spec.values);
  const host = diskHost(ctx.cwd, undefined, rootsOf([file], ctx.cwd, o.root));
  const tried = new Map<number, { p?: number; result?: MonteCarloResult; error?: string }>();
  const evaluate = async (value: number) => {
    const hit = tried.get(value);
    if (hit) return hit;
    const [v] = variants(file, loaded.encounter.name, { ...spec, values: [value] }, host);
    let out: { p?: number; result?: MonteCarloResult; error?: string };
    if (!v.encounter || !v.system) out = { error: v.error };
    else {
      const tty = !o.json && !!process.stderr.isTTY;
      const onProgress = tty ? (done: number, total: number) => process.stderr.write(`\rtry ${tried.size + 1}: ${spec.block}.${spec.attr} ${value}: ${Math.round((100 * done) / total)}%  `) : undefined;
      const result = await monteCarlo(v.encounter, { system: v.system.id, runs, seed, offThread: true, onProgress });
      if (tty) process.stderr.write('\r\u001b[K');
      const p = chanceOf(result, target.outcome);
      out = p === undefined ? { error: `no outcome "${target.outcome}": ${result.sides.map((s) => `"${s.side} wins"`).join(', ')} or "stalemate"` } : { p, result };
    }
    tried.set(value, out);
    return out;
  };
  try {
    let [lo, hi] = [lo0, hi0];
    const a = await evaluate(lo), b = await evaluate(hi);
    if (a.p === undefined || b.p === undefined) {
      ctx.err(`aces tune: ${(a.error ?? b.error)!}`);
      return 1;
    }
    const rising = b.p > a.p;
    // bisection: keep the target between f(lo) and f(hi)
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const m = await evaluate(mid);
      if (m.p === undefined) break;
      if ((m.p < target.p) === rising) lo = mid;
      else hi = mid;
    }
    const ok = [...tried].filter(([, t]) => t.p !== undefined) as [number, { p: number; result: MonteCarloResult }][];
    ok.sort((x, y) => Math.abs(x[1].p - target.p) - Math.abs(y[1].p - target.p) || x[0] - y[0]);
    const [value, best] = ok[0];
    const shown = displayPath(loaded.file, ctx.cwd);
    const label = `${spec.block}.${spec.attr}`;
    const sideCi = best.result.sides.find((s) => `${s.side} wins` === target.outcome || s.side === target.outcome)?.ci95 ?? best.result.stalemate.ci95;
    if (o.json) {
      ctx.out(JSON.stringify({ encounter: loaded.encounter.name, target: o.target, vary: label, value, p: best.p, ci95: sideCi, evaluations: [...tried].map(([v, t]) => ({ value: v, p: t.p ?? null, error: t.error })) }, null, 2));
    } else {
      ctx.out(style.bold(`# ${shown} — encounter "${loaded.encounter.name}" — ${label} for ${o.target}, ${runs.toLocaleString('en-US')} combats per try, seed ${seed}`));
      for (const [v, t] of [...tried].sort((x, y) => x[0] - y[0])) ctx.out(`${label} ${String(v).padStart(4)}: ${t.p === undefined ? style.dim(`not run: ${t.error}`) : `${(100 * t.p).toFixed(1)}%`}`);
      ctx.out(style.bold(`best: ${label} ${value} — ${target.outcome} ${(100 * best.p).toFixed(1)}% (95%: ${(100 * sideCi[0]).toFixed(1)}% – ${(100 * sideCi[1]).toFixed(1)}%), after ${tried.size} tries`));
      if (value === lo0 || value === hi0) ctx.out(style.dim(`the best value is at the end of the range ${lo0}..${hi0}; widen it if the target lies beyond.`));
    }
    if (o.write) {
      const [v] = variants(file, loaded.encounter.name, { ...spec, values: [value] }, host);
      if (!v.edit) return 1;
      const path = resolve(v.edit.file);
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.slice(0, v.edit.from) + String(value) + text.slice(v.edit.to));
      ctx.out(`wrote ${label} ${value} into ${displayPath(path, ctx.cwd)}`);
    } else if (!o.json) ctx.out(style.dim(`(--write puts ${label} ${value} into the file)`));
    return 0;
  } finally {
    await shutdownWorkers();
  }
}
