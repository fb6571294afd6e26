// Heart Rush in the editor, through the language service: the stubs and quick
// fixes it offers (each applied, and the file checked again), the values it
// completes, and the words it puts beside names.
import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../../server/cursor.js';
import { diags, HEAD } from './lang.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 9999, character: 0 } };

/** Every quick fix offered on the file, with the file it makes. */
function fixes(text: string, others: Record<string, string> = {}): { title: string; preferred: boolean; result: string }[] {
  const { ls, uri } = serviceWith(text, others);
  return ls.codeActions(uri, ALL).map((a) => ({ title: a.title, preferred: !!a.isPreferred, result: applyEdits(text, a.edit!.changes![uri]) }));
}

/** The one fix titled `title` (failing with the titles on offer when there is none). */
function fixTitled(text: string, title: string, others: Record<string, string> = {}): { title: string; preferred: boolean; result: string } {
  const all = fixes(text, others);
  const f = all.find((x) => x.title === title);
  assert.ok(f, `no fix '${title}' among ${JSON.stringify(all.map((x) => x.title))}`);
  return f;
}

/** "code: message" of each diagnostic of a whole file's text (the `system` line included). */
function problems(text: string, others: Record<string, string> = {}): string[] {
  return diags(text, others, true).map((d) => `${d.code}: ${d.message}`);
}

const FIGHT = (hero: string, foe = 'B'): string =>
  `encounter E {\n  side a { ${hero} at 0ft 0ft }\n  side b { ${foe} at 5ft 0ft }\n}\n`;

describe('Heart Rush editor: stubs for unknown names', () => {
  const cases: [string, string, RegExp][] = [
    ['weapon', `${HEAD}character A { hp 10 wields Halberd }\ncharacter B { hp 10 }\n${FIGHT('A')}`, /\nweapon Halberd \{ melee d8 \}\n$/],
    ['armor', `${HEAD}character A { hp 10 wears Plate }\ncharacter B { hp 10 }\n${FIGHT('A')}`, /\narmor Plate \{ bonus \+1 \}\n$/],
    ['character', `${HEAD}character B { hp 10 }\n${FIGHT('Ogre')}`, /\ncharacter Ogre \{\n  heart d8 {2}might d6 {2}agility d6 {2}cunning d6\n  hp 20\n\}\n$/],
    ['dice', `${HEAD}character A { hp 10 dice Lucky }\ncharacter B { hp 10 }\n${FIGHT('A')}`, /\ndice Lucky \{ rolls 3 2 1 \}\n$/],
  ];
  for (const [kind, text, stub] of cases) {
    it(`creates ${kind === 'armor' ? 'an' : 'a'} ${kind} for an unknown name at the end of the file, and the file checks clean`, () => {
      const name = { weapon: 'Halberd', armor: 'Plate', character: 'Ogre', dice: 'Lucky' }[kind]!;
      assert.ok(problems(text).some((p) => p.startsWith('unknown-name')), 'the name is unknown before the fix');
      const f = fixTitled(text, `Create ${kind} '${name}'`);
      assert.match(f.result, stub);
      assert.deepEqual(problems(f.result), []);
    });
  }

  it('quotes a name that is no plain word in the stub it writes', () => {
    const text = `${HEAD}character B { hp 10 }\n${FIGHT('"Old Ogre"')}`;
    const f = fixTitled(text, "Create character 'Old Ogre'");
    assert.match(f.result, /\ncharacter "Old Ogre" \{/);
    assert.deepEqual(problems(f.result), []);
  });
});
