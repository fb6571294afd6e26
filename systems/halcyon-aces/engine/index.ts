// The Halcyon Aces combat engine: pure TypeScript (no editor or LSP imports).
//
//   runCombat(encounter, seed?)   one seeded combat as a generator of typed events (returns the Outcome)
//   simulate(encounter, seed?)    the same combat on the fast path, no events
//   renderEvent(e) / renderLog()  readable lines; same encounter + seed ⇒ same bytes
//   monteCarloSync                N combats → win odds on this thread (the pool: systems/index.ts monteCarlo)
//   combatSeed(seed, i)           the seed of Monte Carlo combat i, to replay it with runCombat

export { runCombat, simulate, renderLog } from './combat.js';
export { renderEvent, renderCheck, renderDamage } from './render.js';
export { monteCarloSync, wilson } from './montecarlo.js';
export type { MonteCarloOptions, MonteCarloResult, Proportion } from './montecarlo.js';
export { combatSeed, combatantSeed, hashString } from '../../../engine/rng.js';
export type * from './events.js';
export { effectiveValue } from './checks.js';
