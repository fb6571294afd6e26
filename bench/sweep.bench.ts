// Balance figures for every registered system (issue 14 item 8: each under 3 s on a 2-core machine):
//   <id>-sweep-7x10k-ms: `aces odds --vary` — 7 values of one number × 10,000 fights each (balance/vary.ts, then
//     one Monte Carlo batch per value on 2 worker threads, off the calling thread, as cli/odds.ts runs it)
//   <id>-tune-10k-ms: `aces tune` — bisection over the same 7 values toward "<first side> wins 50%",
//     10,000 fights per try (balance/tune.ts), on a seed of its own (new combats, not the sweep's)
// The encounter is the one bench/systems.bench.ts times: the first encounter of the system's first sample file.
// The number swept is the first whole number written in the block of the encounter's first combatant for which
// all seven values (written value −3 … +3) pass the checker and whose ends change the fight (pickSpec): a die size
// (`might d10`) would break the rules at odd values, so for most systems it is a hit-point total. SWEEP_REPS=3: medians of three; SWEEP_SYSTEMS=heart-rush,…:
// only those systems.
import { emit, median, round } from './stats.js';
import { samples } from './samples.js';
import { checkFiles, monteCarlo, REGISTRY, shutdownWorkers } from '../systems/index.js';
import { diskHost } from '../cli/files.js';
import { variants, type VarySpec } from '../balance/vary.js';
import { tune } from '../balance/tune.js';
import { LIVE_ESTIMATE_RUNS, LIVE_REFINED_RUNS } from '../server/service/odds.js';
import type { FileHost } from '../model/workspace.js';
import type { EncounterInfo } from '../model/system.js';

const VALUES = 7;
const RUNS = 10_000;
const THREADS = 2;

/**
 * The first whole number of the first combatant's block whose seven values around it all check and which changes
 * the fight: its lowest and highest value, 500 fights each on one seed, must not end alike (a number the sides'
 * choices never read, such as the strength of one who only shoots, would time a sweep of identical batches).
 * Failing that, the first whose values all check.
 */
async function pickSpec(file: string, enc: EncounterInfo, host: FileHost): Promise<VarySpec | undefined> {
  const r = checkFiles([file], host);
  const block = enc.combatants[0]?.id.replace(/ \d+$/, '');
  let fallback: VarySpec | undefined;
  for (const f of r.files.values()) {
    for (const b of f.read?.blocks ?? []) {
      if (b.name !== block) continue;
      const seen = new Set<string>();
      for (const a of b.attrs) {
        if (a.int === undefined || seen.has(a.spec.name)) continue;
        seen.add(a.spec.name);
        const from = Math.max(1, a.int - 3);
        const spec: VarySpec = { block, attr: a.spec.name, values: Array.from({ length: VALUES }, (_, k) => from + k) };
        let vs;
        try {
          vs = variants(file, enc.name, spec, host);
        } catch {
          continue; // not a number the sweep can write (e.g. inside a list): try the next
        }
        if (!vs.every((v) => v.encounter)) continue;
        fallback ??= spec;
        const ends = [vs[0], vs[VALUES - 1]];
        const outcomes = await Promise.all(
          ends.map((v) =>
            monteCarlo(v.encounter!, {
              system: v.system!.id,
              runs: 500,
              seed: enc.seed,
              threads: THREADS,
              offThread: true,
              record: true,
            }),
          ),
        );
        const [lo, hi] = outcomes.map((o) => o.outcomes!);
        if (lo.some((x, k) => x !== hi[k])) return spec;
      }
    }
  }
  return fallback;
}

export default async function (): Promise<void> {
  const reps = Math.max(1, Number(process.env.SWEEP_REPS ?? 1));
  const only = (process.env.SWEEP_SYSTEMS ?? '').split(',').filter(Boolean);
  const files = samples();
  const host = diskHost(process.cwd());
  const r = checkFiles(files, host);
  for (const system of REGISTRY.systems) {
    const file = files.find((f) => r.systemOf(f)?.id === system.id && (r.encountersByFile.get(f) ?? []).length > 0);
    if (!file || (only.length && !only.includes(system.id))) continue;
    const enc: EncounterInfo = r.encountersByFile.get(file)![0];
    const spec = await pickSpec(file, enc, host);
    if (!spec) {
      emit({
        bench: `${system.id}-sweep-7x10k-ms`,
        skipped: `no number of ${enc.combatants[0]?.id} takes ${VALUES} values`,
      });
      continue;
    }
    // the workers load the system's engine once, as in an editor session that already showed the encounter's odds:
    // its live estimate, then the refinement. (A job under engine/pool.ts COLD_JOIN_US runs on one worker, so a
    // smaller warm-up leaves the other cold and the first value pays its compile: +0.4-0.6 s on the grid's crypt.)
    for (const runs of [LIVE_ESTIMATE_RUNS, LIVE_REFINED_RUNS]) {
      await monteCarlo(enc, { system: system.id, runs, seed: 1, threads: THREADS, offThread: true });
    }
    const sweeps: number[] = [],
      tunes: number[] = [];
    let tries = 0,
      best = 0;
    for (let k = 0; k < reps; k++) {
      const t0 = performance.now();
      for (const v of variants(file, enc.name, spec, host)) {
        await monteCarlo(v.encounter!, {
          system: v.system!.id,
          runs: RUNS,
          seed: enc.seed,
          threads: THREADS,
          offThread: true,
        });
      }
      sweeps.push(performance.now() - t0);
      const t1 = performance.now();
      const target = { outcome: `${enc.sides[0]} wins`, p: 0.5 };
      // its own seed: on the sweep's seed every try would replay combats the sweep just ran, and find whatever a
      // system keeps across combats (Heart Rush's detours, the grid's searches and choices) already there
      const t = await tune(file, enc.name, spec, target, host, { runs: RUNS, seed: enc.seed + 1, offThread: true });
      tunes.push(performance.now() - t1);
      tries = t.tries.length;
      best = t.value;
    }
    const vary = `${spec.block}.${spec.attr}=${spec.values[0]}..${spec.values[VALUES - 1]}`;
    emit({
      bench: `${system.id}-sweep-7x10k-ms`,
      ms: round(median(sweeps), 1),
      runs: sweeps.map((x) => round(x, 0)),
      encounter: enc.name,
      vary,
      goalMs: 3000,
    });
    emit({
      bench: `${system.id}-tune-10k-ms`,
      ms: round(median(tunes), 1),
      runs: tunes.map((x) => round(x, 0)),
      encounter: enc.name,
      vary,
      tries,
      best,
      goalMs: 3000,
    });
  }
  await shutdownWorkers();
}
