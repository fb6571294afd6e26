// Parsers for numeric command-line options, with messages a user can act on.
import { InvalidArgumentError } from 'commander';

export function parseSeed(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n > 4294967295)
    throw new InvalidArgumentError('use a whole number from 0 to 4294967295');
  return n;
}

/**
 * A count (`-n`, `--threads`): digits only, as `--seed` takes them (issue 35, item 13). `Number()` alone also
 * took `0x10`, `1e6` and, with the underscores dropped, `1_000`, which no other flag accepted.
 */
export function parsePositive(max: number) {
  return (v: string): number => {
    const n = Number(v.trim());
    if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`use a whole number from 1 to ${max}, in digits (e.g. 4000)`);
    return n;
  };
}
