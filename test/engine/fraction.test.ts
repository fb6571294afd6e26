// engine/fraction.ts: the exact fractions every system's exact odds are stated in.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { frac, fracAdd, fracNum, fracStr, fracText } from '../../engine/fraction.js';

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

describe('engine/fraction', () => {
  it('reduces, keeps the denominator positive and writes zero as 0/1', () => {
    assert.deepEqual(frac(6, 8), { n: 3n, d: 4n });
    assert.deepEqual(frac(3n, -9n), { n: -1n, d: 3n });
    assert.deepEqual(frac(0, 52), { n: 0n, d: 1n });
    assert.equal(fracStr(frac(4, 2)), '2/1');
    assert.equal(fracText(frac(4, 2)), '2');
    assert.equal(fracText(frac(1, 3)), '1/3');
  });

  it('a reduced fraction equals the original ratio, and adding agrees with the cross-multiplied sum', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 12n), 10n ** 12n),
        fc.bigInt(1n, 10n ** 12n),
        fc.bigInt(-1000n, 1000n),
        fc.bigInt(1n, 1000n),
        (n, d, m, e) => {
          const f = frac(n, d);
          assert.equal(f.n * d, n * f.d);
          assert.ok(f.d > 0n);
          assert.equal(gcd(f.n, f.d) || 1n, 1n);
          const s = fracAdd(f, frac(m, e));
          assert.equal(s.n * d * e, (n * e + m * d) * s.d);
          assert.ok(
            Math.abs(fracNum(f) - Number(n) / Number(d)) <= 1e-9 * Math.max(1, Math.abs(Number(n) / Number(d))),
          );
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});
