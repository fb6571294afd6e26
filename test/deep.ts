// How many fights a property test plays: a quick count in the unit suite (`npm run test:unit`, the loop a
// developer runs), the full count under ACES_DEEP=1 (`npm run test:deep`, which CI runs after `npm test`), or
// exactly what an environment variable asks (`TG_FIGHTS=50000 npx mocha …`). The invariants hold on every event of
// every fight either way; the deep run meets rarer events (issue 36 item 5: the unit suite under 120 s on 2 cores).

/** Whether this run is the deep one (ACES_DEEP=1: `npm run test:deep`). */
export const DEEP = process.env.ACES_DEEP === '1';

/** `name`'s value when set, else `deep` under ACES_DEEP=1, else `quick`. */
export function fightCount(name: string, quick: number, deep: number): number {
  const asked = Number(process.env[name]);
  if (process.env[name] !== undefined && Number.isFinite(asked) && asked > 0) return Math.floor(asked);
  return DEEP ? deep : quick;
}

/**
 * A test of aces at scale — megabytes of input, thousands of files or lines, a heap or a linear-time bound (the
 * hostile inputs of issue 35): it runs under ACES_DEEP=1 (`npm run test:deep`, which CI runs) and is listed as
 * pending in the unit suite, whose loop it would slow by a third.
 */
export function scaleIt(title: string, fn: (this: Mocha.Context) => unknown): Mocha.Test {
  return deepIt(title, fn);
}

/**
 * A check the unit suite already makes at a smaller reach, repeated here over everything (e.g. the same odds on 1
 * and 2 threads for every sample encounter, which the contract suite checks on one encounter per system): it runs
 * under ACES_DEEP=1 (`npm run test:deep`, which CI runs) and is listed as pending in the unit suite.
 */
export function deepIt(title: string, fn: (this: Mocha.Context) => unknown): Mocha.Test {
  return DEEP ? it(title, fn as Mocha.AsyncFunc) : it.skip(title, fn as Mocha.AsyncFunc);
}
