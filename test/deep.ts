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
