// What issue 32's play costs (its item 5: 10,000 fights on 2 threads per system stay ≤ 1.5× the time before):
// the commit before issue 32 (BASE, the parent of its first commit) is built once into .bench-cache/base (a git
// worktree and tsc; its node_modules are this checkout's), then every bundled sample encounter both builds can
// read is fought 10,000 times on 2 threads by each build's own CLI, the two builds interleaved, COST_REPEATS times
// each. A fight's cost is a run's wall time less the same command's with 100 fights (process start, checking and
// the worker threads' start, the same for both), so the ratio is the Monte Carlo's alone. One JSON line per
// encounter ({"bench": "policy-cost", system, encounter, baseMs, nowMs, ratio}), one per system (the geometric mean
// of its ratios, against the goal), and a table on stderr.
// COST_REPEATS (default 3), COST_SYSTEMS=arcana,heart-rush to measure only those, COST_BASE=<commit> another base.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { samples } from './samples.js';
import { emit, median, round } from './stats.js';

/** The parent of issue 32's first commit ("seam: decisions as data (issue 32)…"): the play before it. */
const BASE = process.env.COST_BASE ?? '7b16d11^';
const GOAL = 1.5;
const RUNS = 10_000;
const SMALL = 100;

const env = (name: string, dflt: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};

/** The base build's folder, built once (a worktree at BASE with this checkout's node_modules, then tsc). */
function baseBuild(): string | undefined {
  const dir = resolve('.bench-cache/base');
  try {
    const want = execFileSync('git', ['rev-parse', BASE], { encoding: 'utf8' }).trim();
    const have = existsSync(dir)
      ? execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
      : undefined;
    if (have !== want) {
      if (existsSync(dir)) execFileSync('git', ['worktree', 'remove', '--force', dir]);
      mkdirSync('.bench-cache', { recursive: true });
      execFileSync('git', ['worktree', 'add', '--detach', dir, want], { stdio: 'ignore' });
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    }
    if (!existsSync(join(dir, 'out/cli/index.js')))
      execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir], { stdio: 'ignore' });
    return dir;
  } catch (e) {
    process.stderr.write(`policy-cost: no base build (${(e as Error).message.split('\n')[0]})\n`);
    return undefined;
  }
}

/** Wall milliseconds of `aces odds FILE -e NAME -n RUNS --threads 2` by the CLI in `root`, or undefined if it refuses. */
function timed(root: string, file: string, encounter: string, runs: number): number | undefined {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin/aces.js'), 'odds', file, '-e', encounter, '-n', String(runs), '--threads', '2', '--json'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  const ms = performance.now() - t0;
  return r.status === 0 ? ms : undefined;
}

/** The encounters of a sample file, by name (as `aces odds -e` takes them). */
function encountersOf(file: string): { name: string; system: string }[] {
  const text = readFileSync(file, 'utf8');
  const system = /^system\s+(\S+)/m.exec(text)?.[1] ?? 'halcyon-aces';
  return [...text.matchAll(/^encounter\s+(?:"([^"]+)"|(\S+))/gm)].map((m) => ({ name: m[1] ?? m[2], system }));
}

export default function (): void {
  const repeats = env('COST_REPEATS', 3);
  const only = process.env.COST_SYSTEMS?.split(',');
  const base = baseBuild();
  if (!base) {
    emit({ bench: 'policy-cost', value: null, note: `no base build of ${BASE}` });
    return;
  }
  const here = process.cwd();
  const bySystem = new Map<string, number[]>();
  const rows: string[] = [];
  for (const abs of samples()) {
    const file = relative(here, abs);
    // both builds fight the same bytes: this checkout's sample
    for (const { name, system } of encountersOf(abs)) {
      if (only && !only.includes(system)) continue;
      const baseFile = abs;
      if (timed(base, baseFile, name, SMALL) === undefined) continue; // the base cannot read it (newer syntax)
      const now: number[] = [];
      const before: number[] = [];
      for (let i = 0; i < repeats; i++) {
        // interleaved, so a slow spell of the machine falls on both
        const b = timed(base, baseFile, name, RUNS)! - timed(base, baseFile, name, SMALL)!;
        const n = timed(here, abs, name, RUNS)! - timed(here, abs, name, SMALL)!;
        before.push(b);
        now.push(n);
      }
      const baseMs = median(before),
        nowMs = median(now);
      const ratio = nowMs / Math.max(1, baseMs);
      (bySystem.get(system) ?? bySystem.set(system, []).get(system)!).push(ratio);
      emit({
        bench: 'policy-cost',
        system,
        encounter: name,
        file,
        baseMs: round(baseMs, 0),
        nowMs: round(nowMs, 0),
        ratio: round(ratio, 2),
      });
      rows.push(
        `${system.padEnd(14)} ${`${file} "${name}"`.padEnd(64)} ${String(round(baseMs, 0)).padStart(7)} ${String(round(nowMs, 0)).padStart(7)}  ×${ratio.toFixed(2)}`,
      );
    }
  }
  const summary: string[] = [];
  for (const [system, ratios] of bySystem) {
    const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
    const worst = Math.max(...ratios);
    emit({
      bench: `${system}-policy-cost`,
      value: round(geo, 2),
      unit: `× the time before issue 32 (geometric mean over ${ratios.length} encounters)`,
      worst: round(worst, 2),
      goal: GOAL,
      met: worst <= GOAL,
    });
    summary.push(
      `${system.padEnd(14)} ×${geo.toFixed(2)} (worst ×${worst.toFixed(2)}) ${worst <= GOAL ? 'met' : 'NOT met'}`,
    );
  }
  process.stderr.write(
    [
      `10,000 fights on 2 threads, ms of Monte Carlo (a run less its ${SMALL}-fight twin), median of ${repeats}, base ${BASE} → now (goal ≤ ×${GOAL})`,
      `${'system'.padEnd(14)} ${'encounter'.padEnd(64)} ${'base'.padStart(7)} ${'now'.padStart(7)}  ratio`,
      ...rows,
      ...summary,
      '',
    ].join('\n'),
  );
}
