// The engines alone, by system id: what a Monte Carlo worker (systems/worker.ts) loads. The registry
// (systems/index.ts) brings every system's checker, grammar and editor with it — Chevrotain alone is about
// 0.3 s of module loading — which a thread that only runs combats never uses. Each system's `loadEngine`
// is the same function here and in its RuleSystem (test/systems/engines.test.ts holds the two together).

import type { SystemEngine } from '../model/system.js';
import { loadEngine as halcyonAces } from './halcyon-aces/engine/load.js';
import { loadEngine as heartRush } from './heart-rush/engine/load.js';
import { loadEngine as arcana } from './arcana/engine/load.js';
import { loadEngine as tacticalGrid } from './tactical-grid/engine/load.js';

export const ENGINE_LOADERS: Readonly<Record<string, () => Promise<SystemEngine>>> = {
  'halcyon-aces': halcyonAces,
  'heart-rush': heartRush,
  arcana,
  'tactical-grid': tacticalGrid,
};
