// The language service on Tactical Grid files: the schema drives diagnostics,
// hovers, completion and navigation, including the unnamed `rules`/`map`
// blocks, `legend` inside `map`, and `first` naming a side of the encounter.
import assert from 'node:assert/strict';
import { completionLabels, hoverText, serviceWith } from '../../server/cursor.js';

const LIB =
  'system tactical-grid\ncharacter Ryn { agi 3 per 1 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2 melee }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 tag "Rusty Axe" 2 }\n';
const MAIN =
  'system tactical-grid\nuse "lib.aces"\nencounter Road {\n  first heroes\n  rules { range -1 }\n  map {\n    grid square\n    row "..x..."\n    row "......"\n    legend "x" { difficult }\n  }\n  side heroes { Ryn at a1 facing east }\n  side raiders { Raider x2 at f1, f2 facing west }\n}\n';

describe('server/service: a Tactical Grid file', () => {
  it('TG-T1: checks clean through `use`; `first heroes` goes to the side it names', () => {
    const { ls, uri } = serviceWith(MAIN, { 'lib.aces': LIB });
    assert.deepEqual(
      ls.diagnostics(uri).map((d) => d.message),
      [],
    );
    const at = serviceWith(MAIN.replace('first heroes', 'first her<|>oes'), { 'lib.aces': LIB });
    assert.deepEqual(
      at.ls.definition(at.uri, at.pos).map((l) => `${l.uri}:${l.range.start.line}`),
      [`${at.uri}:11`],
    );
  });

  it('TG-K5 TG-K1 TG-R3: hovers show the Tactical Grid docs in rules, map, legend and character blocks', () => {
    assert.match(hoverText(MAIN.replace('range -1', 'ran<|>ge -1'), { 'lib.aces': LIB }), /TG-K5/);
    assert.match(hoverText(MAIN.replace('grid square', 'gr<|>id square'), { 'lib.aces': LIB }), /TG-G2/);
    assert.match(hoverText(MAIN.replace('{ difficult }', '{ diffi<|>cult }'), { 'lib.aces': LIB }), /TG-K1/);
    const h = hoverText(LIB.replace('tag "Rusty', 't<|>ag "Rusty'));
    assert.match(h, /TG-R3/);
    assert.doesNotMatch(h, /HA-|HR-/);
  });

  it('TG-F3: completes its attributes in a character, the map, and its placement keys and facings in a side', () => {
    const labels = completionLabels('system tactical-grid\ncharacter X {\n  <|>\n}\n');
    for (const k of ['agi', 'difficulty', 'tag', 'abilities', 'ai', 'melee']) assert.ok(labels.includes(k), k);
    assert.ok(!labels.includes('vitality') && !labels.includes('hp'));
    const keys = completionLabels(MAIN.replace('Ryn at a1 facing east', 'Ryn at a1 <|>'), { 'lib.aces': LIB });
    for (const k of ['facing', 'dice']) assert.ok(keys.includes(k), k);
    const map = completionLabels(MAIN.replace('    grid square\n', '    <|>\n'), { 'lib.aces': LIB });
    for (const k of ['grid', 'row', 'legend']) assert.ok(map.includes(k), k);
  });

  it('go to definition follows placements to the bestiary', () => {
    const { ls, uri, pos } = serviceWith(MAIN.replace('Raider x2', 'Rai<|>der x2'), { 'lib.aces': LIB });
    assert.deepEqual(
      ls.definition(uri, pos).map((l) => `${l.uri}:${l.range.start.line}`),
      ['lib.aces:2'],
    );
  });
});
