// The Arcana checker on broken text: every line of the spec's example deleted,
// every word deleted or replaced, never throws, and every diagnostic it gives has
// a code that is an AR id or a language code, with a message saying what to do.
import assert from 'node:assert/strict';
import { LANGUAGE_CODES } from '../../../model/diagnostics.js';
import { ARCANA } from '../../../systems/arcana/index.js';
import { check, exampleFile } from './lang.js';
import { DEEP } from '../../deep.js';

const KNOWN = new Set([...Object.keys(LANGUAGE_CODES), 'unknown-system', 'use-system']);

function checkAll(texts: string[]): void {
  for (const t of texts) {
    let r;
    try {
      r = check(t);
    } catch (e) {
      assert.fail(`checker threw on:\n${t}\n${(e as Error).stack}`);
    }
    if (r.systemOf('test.aces')?.id !== 'arcana') continue; // `system arcana` itself deleted: a Halcyon Aces file
    for (const d of r.diagnostics) {
      assert.ok(ARCANA.ruleIds.test(d.code) || KNOWN.has(d.code), `${d.code}: ${d.message}`);
      assert.ok(d.message.length > 20, d.message);
    }
    // whatever the errors, each encounter still carries two sides for the engine
    for (const e of r.model.encounters) assert.equal(e.model.sides.length, 2);
  }
}

describe('Arcana checker on broken text', () => {
  const text = exampleFile();
  const lines = text.split('\n');
  it('every line deleted in turn', () => {
    checkAll(lines.map((_, i) => lines.filter((__, j) => j !== i).join('\n')));
  });
  it('every word deleted, or replaced by a stray word, a number or a Halcyon word', () => {
    const words = [...text.matchAll(/[^\s{};]+/g)];
    const variants: string[] = [];
    const stray = ['zzz', '-3', 'vitality', '"x"', 'group'];
    words.forEach((m, i) => {
      const a = m.index!,
        b = a + m[0].length;
      // every word deleted and replaced by one stray word in turn in the unit suite; by each of them deep
      for (const w of ['', ...(DEEP ? stray : [stray[i % stray.length]])])
        variants.push(text.slice(0, a) + w + text.slice(b));
    });
    checkAll(variants);
  });
});
