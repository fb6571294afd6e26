// What issue 32's play costs (its item 5: 10,000 fights on 2 threads per system stay ≤ 1.5× the time before):
// the commit before issue 32 (BASE, the parent of its first commit) is built once into .bench-cache/base (a git
// worktree and tsc; its node_modules are this checkout's), then every bundled sample encounter both builds can
// read is fought 10,000 times on 2 threads by each build's own CLI, the two builds interleaved, COST_REPEATS times
// each. A fight's cost is a run's time less the same command's with 100 fights (process start, checking and the
// worker threads' start, the same for both), so the ratio is the Monte Carlo's alone, cold workers and their JIT
// compilation included: the median big run less the median small run (costOf), each build.
// The measure is CPU time (user + system, every thread of the process: the workers and V8's compiler threads),
// read by a preloaded hook as the process exits (CPU_HOOK), because wall time on small samples is noise: a
// 160 ms Monte Carlo less its twin moved ×1.4–×2.3 between runs of one tree on a 2-core host. On an idle host a
// 2-thread run's wall is about half its CPU; the wall ratio is reported beside it. The goal is judged on CPU.
// One JSON line per encounter ({"bench": "policy-cost", system, encounter, baseCpuMs, nowCpuMs, ratio, wallRatio,
// spread, baseRounds, nowRounds, perRoundRatio}), one per system (the geometric mean of its ratios, and the worst,
// against the goal), a table on stderr.
// Better play can make a fight longer (more rounds for the same 10,000 fights), so each row also says the two builds'
// mean rounds a fight (the odds' own JSON) and the ratio per round of play (the CPU ratio over the rounds' ratio): what
// a GM waits for per round. The goal is judged per fight, as issue 32 item 5 writes it; the per-round column is there
// to read how much of a ratio is longer fights.
// COST_REPEATS (default 5), COST_SYSTEMS=arcana,heart-rush to measure only those, COST_BASE=<commit> another base.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

/**
 * The hook each timed run preloads (`node --require`): as the process exits it writes its CPU time, every thread's
 * (getrusage of the process, which keeps the times of threads that have ended), to stderr after a marker. Pipes are
 * written synchronously on Linux, so the line is complete before the process ends. Both builds' CLIs run unchanged.
 */
const CPU_MARK = '@@policy-cost-cpu ';
const CPU_HOOK = `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\n${CPU_MARK}' + (u.user + u.system) + '\\n'); });\n`;

function cpuHook(): string {
  const file = resolve('.bench-cache/cpu-hook.cjs');
  mkdirSync('.bench-cache', { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== CPU_HOOK) writeFileSync(file, CPU_HOOK);
  return file;
}

/** One run's cost in milliseconds: wall, and CPU of every thread. */
interface Cost {
  wall: number;
  cpu: number;
  /** The fights' mean rounds (the odds' JSON `rounds.mean`), when the run said it. */
  rounds?: number;
}

/**
 * `aces odds FILE -e NAME -n RUNS --threads 2` by the CLI in `root`, timed; if it refuses, why (its exit and first line
 * on stderr).
 */
function timed(root: string, hook: string, file: string, encounter: string, runs: number): Cost | string {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--require',
      hook,
      join(root, 'bin/aces.js'),
      'odds',
      file,
      '-e',
      encounter,
      '-n',
      String(runs),
      '--threads',
      '2',
      '--json',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const wall = performance.now() - t0;
  const line = r.stderr.split('\n').find((l) => l.startsWith(CPU_MARK));
  if (r.status !== 0 || !line) {
    const said = r.stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith(CPU_MARK));
    return `exit ${r.status ?? r.signal}${said ? `: ${said.trim().slice(0, 200)}` : ''}`;
  }
  return { wall, cpu: Number(line.slice(CPU_MARK.length)) / 1000, rounds: meanRounds(r.stdout) };
}

/** `rounds.mean` of an `aces odds --json` answer, or undefined (not JSON, or no such field). */
function meanRounds(stdout: string): number | undefined {
  try {
    const mean = (JSON.parse(stdout) as { rounds?: { mean?: unknown } }).rounds?.mean;
    return typeof mean === 'number' && mean > 0 ? mean : undefined;
  } catch {
    return undefined;
  }
}

/** A 10,000-fight run and its 100-fight twin, both measures. */
function monteCarlo(root: string, hook: string, file: string, encounter: string): { big: Cost; small: Cost } {
  const big = timed(root, hook, file, encounter, RUNS);
  const small = timed(root, hook, file, encounter, SMALL);
  if (typeof big === 'string' || typeof small === 'string')
    throw new Error(`policy-cost: ${root} refused ${file} "${encounter}" (${typeof big === 'string' ? big : small})`);
  return { big, small };
}

/**
 * The Monte Carlo's cost from the repeats: the median 10,000-fight run less the median 100-fight run, each measure.
 * Not the median of each repeat's difference: a start-up's compiling moves by up to a tenth of a small sample's whole
 * run between runs (the smallest samples' base rows are 180–460 ms of CPU), and a difference of two single runs carries both runs'
 * noise; medians taken apart carry less of it.
 */
function costOf(runs: { big: Cost; small: Cost }[]): Cost {
  return {
    cpu: median(runs.map((r) => r.big.cpu)) - median(runs.map((r) => r.small.cpu)),
    wall: median(runs.map((r) => r.big.wall)) - median(runs.map((r) => r.small.wall)),
  };
}

/** The encounters of a sample file, by name (as `aces odds -e` takes them). */
function encountersOf(file: string): { name: string; system: string }[] {
  const text = readFileSync(file, 'utf8');
  const system = /^system\s+(\S+)/m.exec(text)?.[1] ?? 'halcyon-aces';
  return [...text.matchAll(/^encounter\s+(?:"([^"]+)"|(\S+))/gm)].map((m) => ({ name: m[1] ?? m[2], system }));
}

/** (max − min) / median: how far a measure's repeats disagree. */
const spread = (xs: number[]): number => (Math.max(...xs) - Math.min(...xs)) / Math.max(1e-9, Math.abs(median(xs)));

export default function (): void {
  const repeats = env('COST_REPEATS', 5);
  const only = process.env.COST_SYSTEMS?.split(',');
  const base = baseBuild();
  if (!base) {
    emit({ bench: 'policy-cost', value: null, note: `no base build of ${BASE}` });
    return;
  }
  const hook = cpuHook();
  const here = process.cwd();
  const bySystem = new Map<string, { cpu: number[]; wall: number[]; perRound: number[] }>();
  const rows: string[] = [];
  for (const abs of samples()) {
    const file = relative(here, abs);
    // both builds fight the same bytes: this checkout's sample
    for (const { name, system } of encountersOf(abs)) {
      if (only && !only.includes(system)) continue;
      const probe = timed(base, hook, abs, name, SMALL);
      if (typeof probe === 'string') {
        // the base cannot read it (newer syntax): said, not silently dropped, so a missing row has its reason
        process.stderr.write(`policy-cost: ${file} "${name}" skipped: the base build refused it (${probe})\n`);
        continue;
      }
      const now: { big: Cost; small: Cost }[] = [];
      const before: { big: Cost; small: Cost }[] = [];
      for (let i = 0; i < repeats; i++) {
        // interleaved, so a slow spell of the machine falls on both
        before.push(monteCarlo(base, hook, abs, name));
        now.push(monteCarlo(here, hook, abs, name));
      }
      const b = costOf(before),
        n = costOf(now);
      const baseCpu = b.cpu,
        nowCpu = n.cpu;
      const baseWall = b.wall,
        nowWall = n.wall;
      const ratio = nowCpu / Math.max(1, baseCpu);
      // on a loaded host a 100-fight run can take longer by the clock than its 10,000-fight twin: a difference at or
      // below 0 is no reading, said as such (null, "×—"), never a negative ratio
      const wallRatio = baseWall > 0 && nowWall > 0 ? nowWall / baseWall : NaN;
      // the repeats' disagreement (each repeat's run less its twin), of the noisier build: a wide spread says
      // "measure again"
      const diff = (rs: { big: Cost; small: Cost }[]) => rs.map((r) => r.big.cpu - r.small.cpu);
      const sp = Math.max(spread(diff(before)), spread(diff(now)));
      // the same fights every repeat (seeded): the first big run's mean rounds, each build
      const baseRounds = before[0].big.rounds,
        nowRounds = now[0].big.rounds;
      const perRound = baseRounds && nowRounds ? ratio / (nowRounds / baseRounds) : NaN;
      const sys = bySystem.get(system) ?? bySystem.set(system, { cpu: [], wall: [], perRound: [] }).get(system)!;
      sys.cpu.push(ratio);
      if (Number.isFinite(wallRatio)) sys.wall.push(wallRatio);
      if (Number.isFinite(perRound)) sys.perRound.push(perRound);
      emit({
        bench: 'policy-cost',
        system,
        encounter: name,
        file,
        baseCpuMs: round(baseCpu, 0),
        nowCpuMs: round(nowCpu, 0),
        ratio: round(ratio, 2),
        // a wall difference at or below 0 (a loaded host) is no reading: null, as the ratio
        baseWallMs: baseWall > 0 ? round(baseWall, 0) : null,
        nowWallMs: nowWall > 0 ? round(nowWall, 0) : null,
        wallRatio: Number.isFinite(wallRatio) ? round(wallRatio, 2) : null,
        spread: round(sp, 2),
        baseRounds: baseRounds ?? null,
        nowRounds: nowRounds ?? null,
        perRoundRatio: Number.isFinite(perRound) ? round(perRound, 2) : null,
      });
      rows.push(
        `${system.padEnd(14)} ${`${file} "${name}"`.padEnd(64)} ${String(round(baseCpu, 0)).padStart(7)} ${String(round(nowCpu, 0)).padStart(7)}  ×${ratio.toFixed(2)}  ±${(sp * 50).toFixed(0).padStart(2)}%   ×${Number.isFinite(wallRatio) ? wallRatio.toFixed(2) : '—'}   ${baseRounds && nowRounds ? `${baseRounds.toFixed(1)}→${nowRounds.toFixed(1)}`.padStart(10) : '—'.padStart(10)}  ×${Number.isFinite(perRound) ? perRound.toFixed(2) : '—'}`,
      );
    }
  }
  const geo = (rs: number[]): number => Math.exp(rs.reduce((s, r) => s + Math.log(r), 0) / rs.length);
  const summary: string[] = [];
  for (const [system, { cpu, wall, perRound }] of bySystem) {
    const worst = Math.max(...cpu);
    emit({
      bench: `${system}-policy-cost`,
      value: round(geo(cpu), 2),
      unit: `× the CPU time before issue 32 (geometric mean over ${cpu.length} encounters)`,
      worst: round(worst, 2),
      wall: wall.length ? round(geo(wall), 2) : null,
      perRound: perRound.length ? round(geo(perRound), 2) : null,
      goal: GOAL,
      met: worst <= GOAL,
    });
    summary.push(
      `${system.padEnd(14)} ×${geo(cpu).toFixed(2)} (worst ×${worst.toFixed(2)}) ${worst <= GOAL ? 'met' : 'NOT met'}; wall ×${wall.length ? geo(wall).toFixed(2) : '—'}; per round ×${perRound.length ? geo(perRound).toFixed(2) : '—'}`,
    );
  }
  process.stderr.write(
    [
      `10,000 fights on 2 threads: CPU ms of the Monte Carlo (the median of ${repeats} runs less the median of their ${SMALL}-fight twins, every thread), base ${BASE} → now (goal ≤ ×${GOAL}); ± half the repeats' spread; the wall ratio beside; the mean rounds a fight (base→now) and the CPU ratio per round`,
      `${'system'.padEnd(14)} ${'encounter'.padEnd(64)} ${'base'.padStart(7)} ${'now'.padStart(7)}  cpu    spread wall    ${'rounds'.padStart(10)}  per round`,
      ...rows,
      ...summary,
      '',
    ].join('\n'),
  );
}
