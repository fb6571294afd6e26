// The regret probe on every bundled sample (issue 32 item 3): per system whose engine has `play`, the decisions
// probed over all its sample encounters, their mean regret (with its 95% interval) and 95th percentile, in points of
// win chance, against the goals (mean ≤ 1 point, p95 ≤ 3 points). One JSON line per system
// ({"bench": "<id>-tactics-regret", …}), and the same figures as one table on stderr.
// TACTICS_FIGHTS, TACTICS_POINTS, TACTICS_ROLLOUTS (defaults 20, 2, 200) and TACTICS_SECONDS (per encounter,
// default 45) change the sampling; TACTICS_SYSTEMS=heart-rush,arcana measures only those.
import { performance } from 'node:perf_hooks';
import { probeRegret, REGRET_GOALS, summarize, type PointResult } from '../balance/regret.js';
import { checkFiles, REGISTRY } from '../systems/index.js';
import { diskHost } from '../cli/files.js';
import { samples } from './samples.js';
import { emit, round } from './stats.js';

const env = (name: string, dflt: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};

export default async function (): Promise<void> {
  const fights = env('TACTICS_FIGHTS', 20);
  const points = env('TACTICS_POINTS', 2);
  const rollouts = env('TACTICS_ROLLOUTS', 200);
  const seconds = env('TACTICS_SECONDS', 45);
  const only = process.env.TACTICS_SYSTEMS?.split(',');
  const files = samples();
  const checked = checkFiles(files, diskHost(process.cwd()));
  const rows: string[] = [];
  for (const system of REGISTRY.systems) {
    if (only && !only.includes(system.id)) continue;
    const engine = await system.loadEngine();
    if (!engine.play) {
      emit({ bench: `${system.id}-tactics-regret`, value: null, note: 'no play yet (issue 32)' });
      rows.push(`${system.id.padEnd(14)} no play yet`);
      continue;
    }
    const all: PointResult[] = [];
    let encounters = 0,
      stopped = 0;
    const t0 = performance.now();
    for (const f of files) {
      if (checked.systemOf(f)?.id !== system.id) continue;
      if (checked.diagnostics.some((d) => d.file === f && d.severity === 'error')) continue;
      for (const enc of checked.encountersByFile.get(f) ?? []) {
        const r = await probeRegret(engine, enc, { fights, points, rollouts, budgetMs: seconds * 1000 });
        all.push(...r.points);
        encounters++;
        if (r.stopped) stopped++;
      }
    }
    const s = summarize(all.map((p) => p.regret));
    const met = s.mean <= REGRET_GOALS.mean && s.p95 <= REGRET_GOALS.p95;
    // met by the estimates, and the mean's interval below the goal too (else too few decisions to tell)
    const sure = met && s.ci95[1] <= REGRET_GOALS.mean;
    emit({
      bench: `${system.id}-tactics-regret`,
      value: s.mean,
      unit: 'points of win chance (mean)',
      ci95: s.ci95,
      p95: s.p95,
      goal: REGRET_GOALS,
      met,
      sure,
      decisions: s.points,
      encounters,
      ...(stopped ? { stoppedByBudget: stopped } : {}),
      seconds: round((performance.now() - t0) / 1000, 1),
      fights,
      points,
      rollouts,
    });
    rows.push(
      `${system.id.padEnd(14)} ${String(s.points).padStart(9)} ${s.mean.toFixed(2).padStart(6)}  ${`${s.ci95[0].toFixed(2)} – ${s.ci95[1].toFixed(2)}`.padEnd(15)} ${s.p95.toFixed(2).padStart(6)}  ${sure ? 'met' : met ? `met by the estimates, the mean's interval reaching ${s.ci95[1].toFixed(2)}` : 'NOT met'}${stopped ? ` (${stopped} encounter(s) cut by the time budget)` : ''}`,
    );
  }
  process.stderr.write(
    [
      `regret per system over its bundled samples (points of win chance; goals: mean ≤ ${REGRET_GOALS.mean}, p95 ≤ ${REGRET_GOALS.p95}; ${fights} fights × ${points} decisions per encounter, ${rollouts} + ${rollouts} rollouts)`,
      `${'system'.padEnd(14)} ${'decisions'.padStart(9)} ${'mean'.padStart(6)}  ${'95% interval'.padEnd(15)} ${'p95'.padStart(6)}  goals`,
      ...rows,
      '',
    ].join('\n'),
  );
}
