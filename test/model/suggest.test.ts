// model/suggest.ts: did-you-mean, fast enough for a hostile file's every unknown word and the same answers as
// the plain full-table distance.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { editDistance, suggest } from '../../model/suggest.js';
import { checkText } from '../../systems/index.js';
import { scaleIt } from '../deep.js';

/** The full table, as the function was written before it kept only a band (the reference). */
function fullDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('model/suggest: did-you-mean', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'd'), maxLength: 12 });

  it("the banded distance is the full table's up to its cap, and cap + 1 beyond (random words over a small alphabet)", () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 3 }), (a, b, cap) => {
        const full = fullDistance(a, b);
        assert.equal(editDistance(a, b, cap), full <= cap ? full : cap + 1, `${a} / ${b} cap ${cap}`);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('suggests the near names, nearest first, and a name the word begins; not the word itself', () => {
    assert.deepEqual(suggest('vitalty', ['vitality', 'guard', 'heart']), ['vitality']);
    assert.deepEqual(suggest('hert', ['heart', 'hurt', 'body']), ['heart', 'hurt']);
    assert.deepEqual(suggest('vit', ['vitality', 'vigour']), ['vitality']);
    assert.deepEqual(suggest('guard', ['guard', 'Guard']), ['Guard']);
  });

  it('the same word asked again gets the same answer, and a changed list is not answered from the last one', () => {
    assert.deepEqual(suggest('bogus', ['bonus', 'body']), ['bonus']);
    const again = suggest('bogus', ['bonus', 'body']);
    again.push('mutated');
    assert.deepEqual(suggest('bogus', ['bonus', 'body']), ['bonus']);
    assert.deepEqual(suggest('bogus', ['bogs']), ['bogs']);
  });

  it('an unknown name of 10,000 characters beside a known one as long is suggested at once (the whole edit-distance table took 0.5 s at 2,000 characters, quadratic in time and memory)', () => {
    const long = 'a'.repeat(10_000);
    const t0 = performance.now();
    assert.deepEqual(suggest(`${long.slice(1)}b`, [long, `${long}bbbb`, 'Longsword']), [long]);
    const text = `weapon "${long}" { melee +1 }\ncharacter A { heart 1 body 2 mind 1 spirit 1 vitality 9 wields "${long.slice(1)}b" }\n`;
    assert.ok(checkText(text, 'main.aces').diagnostics.some((d) => d.suggestions?.[0] === long));
    assert.ok(performance.now() - t0 < 1000, `${Math.round(performance.now() - t0)} ms`);
  });

  // at scale (3 s of CPU): deep only (test/deep.ts)
  scaleIt('a hostile size does not hang it: 250,000 unknown words, and two names of 50,000 letters', () => {
    const t0 = performance.now();
    const known = ['heart', 'body', 'mind', 'spirit', 'vitality', 'guard', 'wields', 'deck'];
    for (let i = 0; i < 250_000; i++) suggest(i % 2 ? 'bogus' : `bog${i}`, known);
    assert.equal(suggest('x'.repeat(50_000) + 'a', ['x'.repeat(50_000) + 'b']).length, 1);
    assert.ok(performance.now() - t0 < 10_000, `${Math.round(performance.now() - t0)} ms`);
  });
});
