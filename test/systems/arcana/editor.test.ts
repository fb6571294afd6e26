// Arcana in the editor, through the language service (test/server/cursor.ts):
// the built-in Unarmed, hovers, completion, inlay hints, quick fixes and
// stubs. Every quick fix is applied and the file checked again: the
// diagnostic it answers must be gone.
import assert from 'node:assert/strict';
import { applyEdits, completionLabels, hoverText, serviceWith } from '../../server/cursor.js';
import { ar, BASE_DEFS, check, diags, fight, show, withCode } from './lang.js';
import { arFixes } from '../../../systems/arcana/editor/fixes.js';
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { FixQuery } from '../../../model/system.js';

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
  return snippet
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '');
}

describe('Arcana in the editor', () => {
  describe('AR-A2 the built-in Unarmed', () => {
    it('AR-A2: `wields Unarmed` checks clean and is the melee +0 weapon, in any case', () => {
      for (const word of ['Unarmed', 'unarmed']) {
        const r = ar(
          `${BASE_DEFS}character Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields ${word} }\n${fight('side a { Brawler } side b { Thug }')}`,
        );
        assert.deepEqual(diags(r), [], show(r));
        assert.deepEqual(r.model.characters.find((c) => c.name === 'Brawler')!.wields, {
          name: 'Unarmed',
          kind: 'melee',
          finesse: false,
          bonus: 0,
        });
      }
    });
    it('AR-A2: a weapon a file declares as Unarmed is that weapon', () => {
      const r = ar(
        `weapon Unarmed { melee +1 }\ncharacter Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields Unarmed }\n`,
      );
      assert.deepEqual(diags(r), [], show(r));
      assert.equal(r.model.characters[0].wields.bonus, 1);
    });
    it('AR-A2: an unknown weapon still suggests Unarmed', () => {
      const r = ar(`character Brawler { player strength 2 finesse 2 agility 2 alertness 2 wields Unarmd }\n`);
      assert.deepEqual(
        diags(r).map((d) => [d.code, d.suggestions]),
        [['unknown-name', ['Unarmed']]],
      );
    });
    it('AR-A2: the hover on `wields Unarmed` shows the weapon, not "No weapon named"', () => {
      const h = hoverText(FILE.replace('wields Saber }\ncharacter Thug', 'wields Un<|>armed }\ncharacter Thug'));
      assert.match(h, /\*\*Unarmed\*\* — melee \+0/);
      assert.doesNotMatch(h, /No weapon named/);
    });
    it('AR-A2: `wields <|>` offers the visible weapons and Unarmed', () => {
      const labels = completionLabels(FILE.replace('wields Saber }\ncharacter Thug', 'wields <|> }\ncharacter Thug'));
      assert.deepEqual(labels.filter((l) => ['Saber', 'Pistol', 'Unarmed', 'Trip', 'Hero'].includes(l)).sort(), [
        'Pistol',
        'Saber',
        'Unarmed',
      ]);
    });
    it("AR-F1: `deck <|>` in an encounter offers the decks (the file's and the encounter's own), not its attributes", () => {
      const text = `system arcana\ndeck Script { stacked only cards 2♣ K♣ }\n${BASE_DEFS}encounter "E" {\n  deck <|>\n  deck Local { stacked cards 3♥ }\n  side a { Hero }\n  side b { Thug }\n}\n`;
      assert.deepEqual(completionLabels(text).sort(), ['Local', 'Script']);
      // the word being typed is not itself offered as a deck
      assert.deepEqual(completionLabels(text.replace('deck <|>', 'deck Scr<|>')).sort(), ['Local', 'Script']);
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
    it("AR-G1: a quoted label that is also a character's name hovers as the label", () => {
      const h = hoverText(FILE.replace('side b { Thug x2 }', 'side b { Thug x2 group "He<|>ro" }'));
      assert.match(h, /\*\*Hero\*\* — a group of 2 \(AR-G1\)/);
    });
    it('AR-G1: a label is no placement to the editor: not in the outline, no reference, no definition, not renamed with the character', () => {
      const text = FILE.replace('side b { Thug x2 }', 'side b { Thug x2 group "He<|>ro" }');
      const { ls, uri, pos } = serviceWith(text);
      const names = (s: { name: string; children?: unknown[] }[]): string[] =>
        s.flatMap((x) => [x.name, ...names((x.children ?? []) as never)]);
      const plain = serviceWith(FILE);
      const heroes = (l: typeof ls, u: string) => names(l.documentSymbols(u)).filter((n) => n === 'Hero').length;
      assert.equal(heroes(ls, uri), heroes(plain.ls, plain.uri), JSON.stringify(names(ls.documentSymbols(uri))));
      assert.deepEqual(ls.definition(uri, pos), []);
      const heroDef = {
        line: text.split('\n').findIndex((l) => l.startsWith('character Hero')),
        character: 'character H'.length,
      };
      const edit = ls.rename(uri, heroDef, 'Champion');
      const edits = Object.values(edit && 'changes' in edit ? (edit.changes ?? {}) : {}).flat();
      assert.ok(edits.length > 0, 'the character is renamed');
      const labelLine = text.split('\n').findIndex((l) => l.includes('group "He'));
      assert.ok(
        edits.every(
          (x) =>
            x.range.start.line !== labelLine ||
            !text.split('\n')[labelLine].slice(x.range.start.character).startsWith('"He'),
        ),
        'the label keeps its text',
      );
    });
  });

  describe('inlay hints', () => {
    const hints = (text: string) => {
      const { ls, uri } = serviceWith(text);
      return ls.inlayHints(uri, ALL).map((h) => ({
        line: text.split('\n')[h.position.line],
        label: String(h.label),
        tooltip: (h.tooltip as { value: string }).value,
      }));
    };
    it("AR-D2 AR-D3 AR-H1: after a character's name, the derived Toughness and the assumed Health and (for a player) hand", () => {
      const text = `system arcana\ncharacter Hero { player strength 3 finesse 3 agility 3 alertness 3 armor 2 toughness-edge 1 }\ncharacter Thug { strength 3 finesse 2 agility 2 alertness 2 }\n`;
      assert.deepEqual(
        hints(text).map((h) => h.label),
        ['Toughness 3 · assumed Health 10, hand 3', 'Toughness 0 · assumed Health 10'],
      );
      assert.match(hints(text)[0].tooltip, /armor 2 \+ toughness edge 1 \(AR-D2\)/);
    });
    it('AR-D2 AR-D3 AR-H1: a number the file writes gets no hint; a sheet that writes them all gets none', () => {
      const text = `system arcana\ncharacter Hero { player strength 3 finesse 3 agility 3 alertness 3 health 12 }\ncharacter Full { player strength 3 finesse 3 agility 3 alertness 3 health 12 toughness 0 hand 2 }\n`;
      assert.deepEqual(
        hints(text).map((h) => h.label),
        ['Toughness 0 · assumed hand 3'],
      );
    });
  });

  describe('stubs for unknown names', () => {
    for (const [kind, edit, name] of [
      [
        'weapon',
        (t: string) => t.replace('wields Saber }\ncharacter Thug', 'wields Halberd }\ncharacter Thug'),
        'Halberd',
      ],
      [
        'maneuver',
        (t: string) => t.replace('wields Saber }\ncharacter Thug', 'wields Saber  maneuvers Feint }\ncharacter Thug'),
        'Feint',
      ],
      ['character', (t: string) => t.replace('side b { Thug x2 }', 'side b { Thug x2; Ogre }'), 'Ogre'],
      ['deck', (t: string) => t.replace('encounter Fight {', 'encounter Fight {\n  deck Rigged'), 'Rigged'],
    ] as const) {
      it(`AR-L1: an unknown ${kind} gets "Create ${kind} '${name}'", and the file then checks clean`, () => {
        const text = edit(FILE);
        assert.deepEqual(codes(text), ['unknown-name']);
        const f = fixes(text).find((x) => x.title === `Create ${kind} '${name}'`);
        assert.ok(f, JSON.stringify(fixes(text).map((x) => x.title)));
        assert.deepEqual(codes(f.result), [], f.result);
      });
    }
  });

  describe('quick fixes that make the edit a message spells out', () => {
    /** The fix titled `title` for `text`: applied, that diagnostic is gone and nothing new appears. */
    const applies = (text: string, code: string, title: RegExp): string => {
      const before = codes(text);
      assert.ok(before.includes(code), before.join(' '));
      const f = fixes(text).find((x) => title.test(x.title));
      assert.ok(f, JSON.stringify(fixes(text).map((x) => x.title)));
      const after = codes(f.result);
      assert.equal(after.filter((c) => c === code).length, before.filter((c) => c === code).length - 1, f.result);
      assert.ok(
        after.every((c) => before.includes(c)),
        `new diagnostics: ${after.join(' ')}`,
      );
      return f.result;
    };
    it('AR-N1: "Add `finesse 2  agility 2  alertness 2`" adds the missing stats', () => {
      const r = applies(
        FILE.replace('character Thug { strength 3 finesse 2 agility 2 alertness 2', 'character Thug { strength 3'),
        'AR-N1',
        /^Add `finesse 2  agility 2  alertness 2`$/,
      );
      assert.match(
        r,
        /character Thug \{ strength 3; finesse 2  agility 2  alertness 2 wields Saber \}|character Thug \{ strength 3 wields Saber; finesse 2  agility 2  alertness 2 \}/,
      );
      assert.deepEqual(codes(r), []);
    });
    it('AR-O1: with no `player`, "Mark … with `player`" marks the first side\'s characters', () => {
      const r = applies(
        FILE.replace('character Hero { player ', 'character Hero { '),
        'AR-O1',
        /^Mark Hero with `player`$/,
      );
      assert.deepEqual(codes(r), []);
    });
    it("AR-O1: the fix is keyed on the diagnostic's code and `fix` id (mark-players), not on its message's text", () => {
      const text = FILE.replace('character Hero { player ', 'character Hero { ');
      const r = check(text);
      const d = withCode(r, 'AR-O1')[0];
      assert.equal(d?.fix, 'mark-players', show(r));
      const query = (diagnostic: Diagnostic): FixQuery => ({
        model: r.model,
        file: 'test.aces',
        text,
        lineText: (n) => text.split('\n')[n],
        diagnostic,
        refs: [],
        formatName: (n) => n,
        workspace: undefined as never,
      });
      const titles = (x: Diagnostic) => arFixes(query(x)).map((f) => f.title);
      assert.deepEqual(titles({ ...d, message: 'Reworded: no player.' }), ['Mark Hero with `player`']);
      assert.deepEqual(titles({ ...d, fix: undefined }), []);
    });
    it('AR-O1: a character the other side places too is not marked (that would put players on both sides)', () => {
      const text = FILE.replace('character Hero { player ', 'character Hero { ').replace(
        'side a { Hero }',
        'side a { Hero; Thug }',
      );
      const r = applies(text, 'AR-O1', /^Mark Hero with `player`$/);
      assert.doesNotMatch(r, /character Thug \{[^}]*player/);
    });
    it('AR-D3: a Health of 0 is set to the assumed 10', () => {
      const r = applies(
        FILE.replace('character Thug { strength 3', 'character Thug { health 0  strength 3'),
        'AR-D3',
        /^Set `health 10`$/,
      );
      assert.match(r, /character Thug \{ health 10  strength 3/);
    });
    it('AR-D2: a written Toughness other than the derived one is set to it', () => {
      const r = applies(
        FILE.replace('character Thug { strength 3', 'character Thug { armor 1  toughness 4  strength 3'),
        'AR-D2',
        /^Set `toughness 1`/,
      );
      assert.match(r, /armor 1  toughness 1  strength 3/);
    });
    it('AR-M4: the `tn` of an opposed maneuver and the `against` of a self maneuver are removed', () => {
      const tn = applies(FILE.replace('aspect Prone }', 'aspect Prone  tn 12 }'), 'AR-M4', /^Remove `tn 12`$/);
      assert.match(tn, /aspect Prone \}/);
      applies(
        FILE.replace(
          'maneuver Trip { stat agility against agility aspect Prone }',
          'maneuver Trip { stat agility target self against agility aspect Prone }',
        ),
        'AR-M4',
        /^Remove `against agility`$/,
      );
    });
  });
});
