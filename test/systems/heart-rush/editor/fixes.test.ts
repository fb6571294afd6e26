// systems/heart-rush/editor/fixes.ts on hostile text: a quick fix is computed when the editor asks, on whatever
// the line holds.
import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../../../server/cursor.js';
import { HEAD } from '../lang.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 9999, character: 0 } };

describe('Heart Rush quick fixes: hostile text', () => {
  it('putting an encounter attribute on its own line does not hang on 100,000 spaces inside it (the regex finding `side` took 31 s)', () => {
    const spaces = ' '.repeat(100_000);
    const text = `${HEAD}character A { hp 10 }\ncharacter B { hp 10 }\nencounter E {\n  field 60ft${spaces}30ft \t side a { A at 0ft 0ft }\n  side b { B at 5ft 0ft }\n}\n`;
    const { ls, uri } = serviceWith(text);
    ls.diagnostics(uri);
    const t0 = performance.now();
    const fix = ls.codeActions(uri, ALL).find((a) => a.title === 'Put `field` on a line of its own');
    const ms = performance.now() - t0;
    assert.ok(fix, 'the fix');
    assert.ok(
      applyEdits(text, fix.edit!.changes![uri]).includes(`\n  field 60ft${spaces}30ft\n  side a { A at 0ft 0ft }\n`),
    );
    assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  });

  it('the line breaks before the first `side` or `dice` that a `{` follows, not a word merely starting so', () => {
    const text = `${HEAD}character A { hp 10 }\ncharacter B { hp 10 }\nencounter E {\n  seed 3 sides dice\tside a { A at 0ft 0ft }\n  side b { B at 5ft 0ft }\n}\n`;
    const { ls, uri } = serviceWith(text);
    ls.diagnostics(uri);
    const fix = ls.codeActions(uri, ALL).find((a) => a.title === 'Put `seed` on a line of its own');
    assert.ok(fix, 'the fix');
    assert.ok(applyEdits(text, fix.edit!.changes![uri]).includes('\n  seed 3 sides\n  dice\tside a {'));
  });
});
