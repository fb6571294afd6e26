// The toy system's randomness: the shared seeding and generator (engine/rng.ts), one stream per combat.
import { combatSeed, hashString, makeRng, randBelow } from '../../engine/rng.js';

export { combatSeed };

export function seededStream(seed: number): () => number {
  const rng = makeRng((seed ^ hashString('toy')) >>> 0);
  return () => randBelow(rng, 0x7fffffff);
}
