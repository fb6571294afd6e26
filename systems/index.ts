// The registry: the one file that names every rule system. Shells (CLI,
// language server, client) take it from here and hand it to the shared layers
// (model/workspace.ts receives it as a parameter, so model/ never imports
// systems/).

import type { EncounterInfo, FastPath, RuleSystem, SystemEngine, SystemRegistry } from '../model/system.js';
import { monteCarloArgs, runPool, setWorkerEntry, type MonteCarloOptions, type PoolJob } from '../engine/pool.js';
import { finalize, recordedSlots, type MonteCarloResult } from '../engine/tally.js';
import { checkFiles as checkWith, memoryHost, type CheckResult, type FileHost } from '../model/workspace.js';
import { HALCYON_ACES } from './halcyon-aces/index.js';
import { HEART_RUSH } from './heart-rush/index.js';
import { ARCANA } from './arcana/index.js';
import { TACTICAL_GRID } from './tactical-grid/index.js';

// Halcyon Aces first: the fallback for files without a `system` line.
const SYSTEMS: readonly RuleSystem[] = [HALCYON_ACES, HEART_RUSH, ARCANA, TACTICAL_GRID];

export const REGISTRY: SystemRegistry = {
  systems: SYSTEMS,
  fallback: SYSTEMS[0],
  byId: (id) => SYSTEMS.find((s) => s.id === id),
};

/** Checks files with every registered system. */
export function checkFiles(paths: string[], host: FileHost): CheckResult {
  return checkWith(paths, host, REGISTRY);
}

/** Checks one in-memory text (plus optional other files it may `use`). */
export function checkText(text: string, path = 'input.aces', others: Record<string, string> = {}): CheckResult {
  return checkWith([path], memoryHost({ ...others, [path]: text }), REGISTRY);
}

// ───────── engines and odds, for every system ─────────

// The worker's entry sits next to this file in every build (out/systems/worker.js from tsc; dist/worker.js
// beside the bundles), so this is the one place that can name it.
setWorkerEntry(new URL('./worker.js', import.meta.url));

export {
  DEFAULT_THREADS,
  prewarmWorkers,
  runWorkersInBackground,
  shutdownWorkers,
  type MonteCarloOptions,
} from '../engine/pool.js';
export type { MonteCarloResult, Proportion } from '../engine/tally.js';

/** The system that speaks `id` (the fallback when none is given): its engine, loaded once. */
export async function engineOf(id: string = REGISTRY.fallback.id): Promise<SystemEngine> {
  const system = REGISTRY.byId(id);
  if (!system) throw new Error(`no rule system '${id}'`);
  return system.loadEngine();
}

/**
 * This thread's fast path per encounter, as the workers keep theirs (systems/worker.ts): a second call on the same
 * encounter finds its simulator's caches warm. A fast path keeps nothing of one combat in the next that could
 * change a figure.
 */
const fastPaths = new WeakMap<EncounterInfo, { system: string; fast: FastPath }>();

/**
 * Monte Carlo odds of one encounter of `system` (default: the fallback, Halcyon Aces): N seeded combats
 * over the worker pool. The result for a given seed does not depend on `threads`.
 */
/**
 * The odds of `encounter` by Monte Carlo on the worker pool. With `record`, the result also carries each combat's
 * outcome slot in order (`outcomes`: side k won = k, stalemate = sides, draw = sides + 1), for a paired comparison.
 */
export async function monteCarlo(
  encounter: EncounterInfo,
  opts: MonteCarloOptions & { system?: string; record?: boolean } = {},
): Promise<MonteCarloResult & { outcomes?: Int8Array }> {
  const { runs, seed, threads } = monteCarloArgs(opts, encounter.seed);
  const system = opts.system ?? REGISTRY.fallback.id;
  const engine = await engineOf(system);
  let kept = fastPaths.get(encounter);
  if (!kept || kept.system !== system) fastPaths.set(encounter, (kept = { system, fast: engine.fastPath(encounter) }));
  const fast = kept.fast;
  // the verdict watches the player characters' "defeated" counter, combat by combat
  const v = engine.verdict;
  const players = v ? v.players(encounter) : [];
  const sidesOfPlayers = [...new Set(players.map((c) => fast.shape.sideOf[c]))];
  // what the system counts as taken out of the fight (RuleSystem.takenOut), else the engine's "defeated"
  const out = REGISTRY.byId(system)?.takenOut;
  const keys = out?.counters.length ? out.counters : v ? [v.counter] : [];
  const [counter, ...also] = keys.map((key) => engine.counters.findIndex((k) => k.key === key));
  const watched =
    v && counter >= 0 && !also.includes(-1) && players.length
      ? { counter, players, ...(also.length ? { also } : {}) }
      : undefined;
  const meaning = out?.meaning ?? v?.meaning ?? '';
  const watch = opts.record
    ? { counter: watched?.counter ?? -1, also: watched?.also, players: watched?.players ?? [], record: true }
    : watched;
  const job: PoolJob = {
    shape: fast.shape,
    counters: engine.counters.length,
    run: fast.run,
    costUs: fast.costUs,
    watch,
    system,
    wire: () => engine.toWire(encounter),
  };
  const t = await runPool(job, runs, seed, threads, opts);
  const verdict =
    watched && sidesOfPlayers.length === 1
      ? {
          playerSide: sidesOfPlayers[0],
          meaning,
          players: watched.players,
          counter: watched.counter,
          also: watched.also,
          grindRounds: REGISTRY.byId(system)?.grindRounds,
        }
      : undefined;
  const result = finalize(encounter.name, fast.shape, engine.counters, seed, t, verdict);
  return opts.record ? { ...result, outcomes: recordedSlots(t) } : result;
}
