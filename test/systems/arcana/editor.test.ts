// Arcana in the editor, through the language service (test/server/cursor.ts):
// the built-in Unarmed, hovers, completion, inlay hints, quick fixes and
// stubs. Every quick fix is applied and the file checked again: the
// diagnostic it answers must be gone.
import assert from 'node:assert/strict';
import { applyEdits, completionLabels, hoverText, serviceWith } from '../../server/cursor.js';
import { ar, BASE_DEFS, diags, fight, show } from './lang.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

/** A small clean Arcana file (the bestiary of lang.ts and a fight). */
const FILE = `system arcana\n${BASE_DEFS}${fight('side a { Hero } side b { Thug x2 }')}`;

function codes(text: string): string[] {
  const { ls, uri } = serviceWith(text);
  return ls.diagnostics(uri).map((d) => String(d.code));
}

/** Every quick fix offered anywhere in `text`, applied. */
function fixes(text: string): { title: string; result: string }[] {
  const { ls, uri } = serviceWith(text);
  return ls.codeActions(uri, ALL).map((a) => ({ title: a.title, result: applyEdits(text, a.edit!.changes![uri]) }));
}

/** A snippet with each placeholder replaced by its default (`${7:Unarmed}` → `Unarmed`, `$0` → ''). */
function expand(snippet: string): string {
  return snippet.replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
}

describe('Arcana in the editor', () => {
  describe('AR-A2 the built-in Unarmed', () => {
    it('AR-A2: `wields Unarmed` checks clean and is the melee +0 weapon, in any case', () => {
      for (const word of ['Unarmed', 'unarmed']) {
        const r = ar(`${BASE_DEFS}character Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields ${word} }\n${fight('side a { Brawler } side b { Thug }')}`);
        assert.deepEqual(diags(r), [], show(r));
        assert.deepEqual(r.model.characters.find((c) => c.name === 'Brawler')!.wields, { name: 'Unarmed', kind: 'melee', finesse: false, bonus: 0 });
      }
    });
    it('AR-A2: a weapon a file declares as Unarmed is that weapon', () => {
      const r = ar(`weapon Unarmed { melee +1 }\ncharacter Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields Unarmed }\n`);
      assert.deepEqual(diags(r), [], show(r));
      assert.equal(r.model.characters[0].wields.bonus, 1);
    });
    it('AR-A2: an unknown weapon still suggests Unarmed', () => {
      const r = ar(`character Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields Unarmd }\n`);
      assert.deepEqual(diags(r).map((d) => [d.code, d.suggestions]), [['unknown-name', ['Unarmed']]]);
    });
    it('AR-A2: the hover on `wields Unarmed` shows the weapon, not "No weapon named"', () => {
      const h = hoverText(FILE.replace('wields Saber }\ncharacter Thug', 'wields Un<|>armed }\ncharacter Thug'));
      assert.match(h, /\*\*Unarmed\*\* — melee \+0/);
      assert.doesNotMatch(h, /No weapon named/);
    });
    it('AR-A2: `wields <|>` offers the visible weapons and Unarmed', () => {
      const labels = completionLabels(FILE.replace('wields Saber }\ncharacter Thug', 'wields <|> }\ncharacter Thug'));
      assert.deepEqual(labels.filter((l) => ['Saber', 'Pistol', 'Unarmed', 'Trip', 'Hero'].includes(l)).sort(), ['Pistol', 'Saber', 'Unarmed']);
    });
    it('AR-A2: the `character` snippet names Unarmed, and a file it writes checks clean', () => {
      const { ls, uri, pos } = serviceWith('system arcana\n<|>\n');
      const item = ls.complete(uri, pos).items.find((i) => i.label === 'character')!;
      const snippet = String(item.insertText ?? (item.textEdit as { newText: string }).newText);
      assert.match(snippet, /wields \$\{\d+:Unarmed\}/);
      assert.deepEqual(codes(`system arcana\n${expand(snippet)}\n`), []);
    });
  });

  describe('AR-G1 group labels', () => {
    it('AR-G1 AR-I2: the hover on a group label shows the group, not "No character named"', () => {
      const h = hoverText(FILE.replace('side b { Thug x2 }', 'side b { Thug x2 group "The Ci<|>rcle" }'));
      assert.match(h, /\*\*The Circle\*\* — a group of 2 \(AR-G1\): Thug 1, Thug 2/);
      assert.match(h, /Alertness 2 once/);
      assert.doesNotMatch(h, /No character named/);
    });
    it('AR-G1: a quoted label that is also a character\'s name hovers as the label', () => {
      const h = hoverText(FILE.replace('side b { Thug x2 }', 'side b { Thug x2 group "He<|>ro" }'));
      assert.match(h, /\*\*Hero\*\* — a group of 2 \(AR-G1\)/);
    });
  });
});
