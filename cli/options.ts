// Parsers for numeric command-line options, with messages a user can act on.
import { InvalidArgumentError } from 'commander';

export function parseSeed(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n > 4294967295)
    throw new InvalidArgumentError('use a whole number from 0 to 4294967295');
  return n;
}

export function parsePositive(max: number) {
  return (v: string): number => {
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`use a whole number from 1 to ${max}`);
    return n;
  };
}
