// The Halcyon Aces combat engine: pure TypeScript (no editor or LSP imports).
//
//   runCombat(encounter, seed?)   one seeded combat as a generator of typed events (returns the Outcome)
//   simulate(encounter, seed?)    the same combat on the fast path, no events
//   renderEvent(e) / renderLog()  readable lines; same encounter + seed ⇒ same bytes
//   monteCarlo / monteCarloSync   N combats → win odds with 95% Wilson intervals (worker threads / this thread)
//   combatSeed(seed, i)           the seed of Monte Carlo combat i, to replay it with runCombat

export { runCombat, simulate, renderLog } from './combat.js';
export { renderEvent, renderCheck, renderDamage } from './render.js';
export { monteCarlo, monteCarloSync, prewarmWorkers, shutdownWorkers, wilson } from './montecarlo.js';
export type { MonteCarloOptions, MonteCarloResult, Proportion } from './montecarlo.js';
export { combatSeed, combatantSeed, hashString } from '../../../engine/rng.js';
export type * from './events.js';
export { effectiveValue } from './checks.js';
