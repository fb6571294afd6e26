// Exact fractions for the exact-odds reports of every system: BigInt numerator and denominator, reduced,
// the denominator positive. Odds shown as exact are counts of equally likely outcomes over their total, so
// they stay exact here and become a double only for display (fracNum).

/** An exact fraction (BigInt, reduced, denominator > 0). */
export interface Frac {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** n/d reduced (0 is 0/1). */
export function frac(n: bigint | number, d: bigint | number = 1n): Frac {
  let nn = BigInt(n),
    dd = BigInt(d);
  if (dd < 0n) [nn, dd] = [-nn, -dd];
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
}

/** "n/d", always with its denominator ("1/1"). */
export function fracStr(f: Frac): string {
  return `${f.n}/${f.d}`;
}

/** "n/d", or the bare integer when the denominator is 1. */
export function fracText(f: Frac): string {
  return f.d === 1n ? String(f.n) : `${f.n}/${f.d}`;
}

export function fracNum(f: Frac): number {
  return Number(f.n) / Number(f.d);
}

export function fracAdd(a: Frac, b: Frac): Frac {
  return frac(a.n * b.d + b.n * a.d, a.d * b.d);
}
