// The success chances the tactics choose by ("The simulator": odds exact on the
// full deck, never on hidden or unflipped cards). Integer counts over the 52
// cards (unopposed) or the 52·51 ordered pairs (opposed), so comparisons are
// exact by cross-multiplication; the same numbers as odds.ts, without BigInt
// on the simulator's path (a test checks they agree).

/** A chance as count / total. */
export interface Chance {
  readonly n: number;
  readonly d: number;
}

const PAIRS = 52 * 51;
const opposedCache = new Map<number, number>();

/** AR-M3: ordered distinct pairs (a, b) of the full deck with a − b > diff. */
function opposedCount(diff: number): number {
  let c = opposedCache.get(diff);
  if (c === undefined) {
    c = 0;
    for (let a = 2; a <= 14; a++) for (let b = 2; b <= 14; b++) if (a - b > diff) c += a === b ? 12 : 16;
    opposedCache.set(diff, c);
  }
  return c;
}

/** AR-M3: P(stat + flip > against + flip) on the full deck. */
export function opposedChance(stat: number, against: number): Chance {
  return { n: opposedCount(against - stat), d: PAIRS };
}

/** AR-M2: P(stat + flip ≥ tn) on the full deck. */
export function unopposedChance(stat: number, tn: number): Chance {
  const need = Math.max(2, tn - stat);
  return { n: 4 * Math.max(0, Math.min(13, 15 - need)), d: 52 };
}

/** x > y exactly. */
export function better(x: Chance, y: Chance): boolean {
  return x.n * y.d > y.n * x.d;
}

/** "The simulator": a maneuver is worth trying at 1/3 or better. */
export function atLeastThird(x: Chance): boolean {
  return 3 * x.n >= x.d;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
export function chanceStr(x: Chance): string {
  if (x.n === 0) return '0';
  const g = gcd(x.n, x.d);
  return `${x.n / g}/${x.d / g}`;
}
