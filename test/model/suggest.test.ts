// model/suggest.ts: did-you-mean over names a file writes, hostile ones included.
import assert from 'node:assert/strict';
import { editDistance, suggest } from '../../model/suggest.js';
import { checkText } from '../../systems/index.js';

/** The whole Damerau–Levenshtein (optimal string alignment) table, as editDistance computed it before. */
function fullTable(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('model/suggest: did-you-mean', () => {
  it('an unknown name of 10,000 characters beside a known one as long is suggested at once (the whole edit-distance table took 0.5 s at 2,000 characters, quadratic in time and memory)', () => {
    const long = 'a'.repeat(10_000);
    const t0 = performance.now();
    assert.deepEqual(suggest(`${long.slice(1)}b`, [long, `${long}bbbb`, 'Longsword']), [long]);
    const text = `weapon "${long}" { melee +1 }\ncharacter A { heart 1 body 2 mind 1 spirit 1 vitality 9 wields "${long.slice(1)}b" }\n`;
    assert.ok(checkText(text, 'main.aces').diagnostics.some((d) => d.suggestions?.[0] === long));
    assert.ok(performance.now() - t0 < 1000, `${Math.round(performance.now() - t0)} ms`);
  });

  it('the distance is the whole table\'s up to 3, and above 3 when that is', () => {
    const words = ['', 'a', 'ab', 'ba', 'abc', 'acb', 'Longsword', 'longswrod', 'lognsword', 'kitten', 'sitting', 'abcdefgh', 'hgfedcba', 'aaaa', 'aaab', 'baaa'];
    for (const a of words) {
      for (const b of words) {
        const whole = fullTable(a, b);
        const d = editDistance(a, b);
        if (whole <= 3 || d <= 3) assert.equal(d, whole, `${a} ${b}`);
      }
    }
    for (let t = 0; t < 3000; t++) {
      const word = (k: number): string => Array.from({ length: (t * 7 + k) % 9 }, (_, i) => 'abA'[(t * 31 + i * 17 + k * i * i) % 3]).join('');
      const [a, b] = [word(1), word(5)];
      const whole = fullTable(a, b);
      const d = editDistance(a, b);
      if (whole <= 3 || d <= 3) assert.equal(d, whole, `${a} ${b}`);
    }
  });
});
