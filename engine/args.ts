// The engine's public entry points check their arguments, so a caller passing the string '7' or 2^64 as a
// seed gets a clear error instead of a silent NaN or 0 (which would replay a different fight than asked).

/** A seed is a whole number 0 … 2^32 − 1 (what `seed` in a file and `--seed` accept). */
export function checkSeed(seed: unknown, what = 'seed'): number {
  if (typeof seed !== 'number')
    throw new TypeError(
      `${what} must be a number, not ${typeof seed === 'string' ? `the string '${seed}'` : typeof seed}`,
    );
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`${what} must be a whole number from 0 to 4294967295, not ${seed}`);
  return seed;
}

/** A count (runs, threads) is a whole number from `min` to `max`. */
export function checkCount(n: unknown, what: string, min: number, max: number): number {
  if (typeof n !== 'number')
    throw new TypeError(`${what} must be a number, not ${typeof n === 'string' ? `the string '${n}'` : typeof n}`);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}, not ${n}`);
  return n;
}
