// systems/tactical-grid/editor/fixes.ts on hostile text: a quick fix is computed when the editor asks, on whatever
// the line holds.
import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../../../server/cursor.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

function hero(sheet: string): string {
  return `system tactical-grid\nencounter E {\n  map {\n    grid square\n    row "......"\n    row "......"\n  }\n  side heroes { Hero at a1 facing east }\n  side foes { Foe at f2 facing west }\n}\ncharacter Hero {\n  ${sheet}\n}\ncharacter Foe { difficulty 13  health 3  speed 5  range 1 }\n`;
}

describe('Tactical Grid quick fixes: hostile text', () => {
  it('removing an attribute after a run of 100,000 spaces on its line does not hang (counting the spaces before it by regex took 23 s)', () => {
    const rest = 'per 2  com 2  tou 2  pro 1  special 1  wis 1  int 1  cha 1';
    const text = hero(`agi 2${' '.repeat(100_000)}${rest} \t speed 9  attack 3`);
    const { ls, uri } = serviceWith(text);
    ls.diagnostics(uri);
    const t0 = performance.now();
    const fix = ls.codeActions(uri, ALL).find((a) => a.title === 'Remove `speed 9` and use its formula (TG-N11)');
    const ms = performance.now() - t0;
    assert.ok(fix, 'the TG-N11 fix');
    // the attribute goes with the spaces and tab before it, as with a short line
    assert.ok(applyEdits(text, fix.edit!.changes![uri]).includes(`  agi 2${' '.repeat(100_000)}${rest}  attack 3\n`));
    assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  });
});
