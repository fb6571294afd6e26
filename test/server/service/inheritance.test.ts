// Stat-block inheritance in the editor: hover shows what is inherited, `extends`
// completes, and references and rename follow the base name.
import assert from 'node:assert/strict';
import { applyEdits, completionLabels, hoverText, serviceWith } from '../cursor.js';
import { checkText } from '../../helpers.js';
import { SEMANTIC_LEGEND } from '../../../server/service/structure.js';

const LIB = 'weapon Cudgel { melee +1 }\ncharacter Thug { heart 1 body 3 mind 1 spirit 1 vitality 12 wields Cudgel }\n';
const MAIN = 'use "lib.aces"\ncharacter "Elite Thug" extends Thug { body 4 vitality 30 }\n';

describe('server/service stat-block inheritance', () => {
  it('hover on the derived block says what it extends and inherits, with the merged numbers', () => {
    const h = hoverText(MAIN.replace('"Elite Thug"', '"Elite <|>Thug"'), { 'lib.aces': LIB });
    assert.match(h, /Vitality 30/);
    assert.match(h, /Extends \*\*Thug\*\* \(lib\.aces\): inherits `heart`, `mind`, `spirit`, `wields`/);
    assert.match(h, /\| Guard \| 9 \(5 \+ Body 4 \+ armor 0/);
  });

  it('hover on the `extends` keyword explains it; on the base name shows the base', () => {
    assert.match(
      hoverText(MAIN.replace('extends', 'ext<|>ends'), { 'lib.aces': LIB }),
      /\*\*extends\*\* — .*replaces only the attributes written here/,
    );
    assert.match(
      hoverText(MAIN.replace('extends Thug', 'extends Th<|>ug'), { 'lib.aces': LIB }),
      /\*\*Thug\*\* — character, Vitality 12/,
    );
  });

  it("completes `extends` after a character's name, then the characters visible here (not itself)", () => {
    assert.ok(completionLabels('character Boss <|>\n').includes('extends'));
    const labels = completionLabels(
      'use "lib.aces"\ncharacter Rook { heart 1 body 1 mind 1 spirit 1 vitality 1 }\ncharacter Boss extends <|>\n',
      { 'lib.aces': LIB },
    );
    assert.deepEqual(labels.sort(), ['Rook', 'Thug']);
  });

  it('go to definition, references and rename follow `extends`', () => {
    const { ls, uri, pos } = serviceWith(MAIN.replace('extends Thug', 'extends Th<|>ug'), { 'lib.aces': LIB });
    assert.deepEqual(
      ls.definition(uri, pos).map((l) => `${l.uri}:${l.range.start.line}`),
      ['lib.aces:1'],
    );
    const refs = ls.references('lib.aces', { line: 1, character: 11 }, false);
    assert.deepEqual(
      refs.map((r) => `${r.uri}:${r.range.start.line}:${r.range.start.character}`),
      ['main.aces:1:31'],
    );
    const edit = ls.rename(uri, pos, 'Ruffian')!;
    const main = applyEdits(MAIN, edit.changes!['main.aces']);
    const lib = applyEdits(LIB, edit.changes!['lib.aces']);
    assert.match(main, /extends Ruffian \{/);
    assert.match(lib, /character Ruffian \{/);
    assert.deepEqual(checkText(main, 'main.aces', { 'lib.aces': lib }).diagnostics, []);
  });

  it('semantic tokens mark `extends` as a keyword and the base as a class', () => {
    const { ls, uri } = serviceWith(MAIN, { 'lib.aces': LIB });
    const data = ls.semanticTokens(uri).data;
    const src = MAIN.split('\n');
    const toks: string[] = [];
    let line = 0;
    let ch = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      ch = data[i] ? data[i + 1] : ch + data[i + 1];
      toks.push(`${src[line].slice(ch, ch + data[i + 2])}:${SEMANTIC_LEGEND.tokenTypes[data[i + 3]]}`);
    }
    assert.ok(toks.includes('extends:keyword'), toks.join(' '));
    assert.ok(toks.includes('Thug:class'), toks.join(' '));
  });
});
