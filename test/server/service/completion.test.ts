import assert from 'node:assert/strict';
import { completionLabels, serviceWith } from '../cursor.js';
import { REGISTRY } from '../../../systems/index.js';
import { at, OTHERS, MAIN } from '../fixtures.js';
import { TACTIC_NAMES, WEAPON_PROPERTIES } from '../../../systems/halcyon-aces/schema.js';

describe('server/service completion', () => {
  it('offers block kinds and `use` at the top level, as snippets', () => {
    const { ls, uri, pos } = serviceWith('<|>\n');
    const items = ls.complete(uri, pos).items;
    assert.deepEqual(items.map((i) => i.label).sort(), [
      'character',
      'deck',
      'encounter',
      'system',
      'technique',
      'use',
      'weapon',
    ]);
    assert.equal(items.find((i) => i.label === 'weapon')!.insertTextFormat, 2);
  });

  it('offers `system` only as the first statement, then the registered systems', () => {
    assert.ok(!completionLabels('weapon W { melee }\n<|>\n').includes('system'));
    assert.deepEqual(completionLabels('system <|>\n').sort(), REGISTRY.systems.map((x) => x.id).sort());
  });

  it('offers weapons visible through `use` after `wields`, plus Unarmed', () => {
    const labels = completionLabels(MAIN.replace('wields Longsword', 'wields <|>'), OTHERS);
    assert.deepEqual(labels.filter((l) => ['Longsword', 'Dagger', 'Shortbow', 'Unarmed'].includes(l)).sort(), [
      'Dagger',
      'Longsword',
      'Shortbow',
      'Unarmed',
    ]);
    assert.ok(!labels.includes('Kael'), 'characters are not weapons');
  });

  it("a system's built-in names are offered where its blocks' names are (Heart Rush `wields Unarmed`, HR-N10)", () => {
    const labels = completionLabels('system heart-rush\nweapon Club { melee d6 }\ncharacter X { hp 10 wields <|> }\n');
    assert.deepEqual(labels.filter((l) => ['Club', 'Unarmed'].includes(l)).sort(), ['Club', 'Unarmed']);
  });

  it("a placement key's argument asks the system (context placement): Heart Rush offers the first free square after `at` (HR-P1)", () => {
    const text =
      'system heart-rush\ncharacter X { hp 5 }\nencounter E {\n field 30ft 30ft\n side a { X at 0ft 0ft }\n side b { X at <|> }\n}\n';
    assert.deepEqual(completionLabels(text), ['5ft 0ft']);
  });

  it('replaces the word being typed and quotes names with spaces', () => {
    const { ls, uri, pos } = serviceWith(MAIN.replace('techniques "Soul Lance"', 'techniques So<|>'), OTHERS);
    const item = ls.complete(uri, pos).items.find((i) => i.label === 'Soul Lance')!;
    assert.ok(item, 'Soul Lance offered');
    assert.equal((item.textEdit as { newText: string }).newText, '"Soul Lance"');
    assert.deepEqual((item.textEdit as { range: unknown }).range, {
      start: { line: pos.line, character: pos.character - 2 },
      end: pos,
    });
  });

  it('offers tactics, perks and talents values from the schema', () => {
    assert.deepEqual(completionLabels('character X {\n  tactics <|>\n}\n').sort(), [...TACTIC_NAMES].sort());
    assert.deepEqual(
      completionLabels('character X {\n  perks <|>\n}\n').filter((l) => l === 'quick-draw'),
      ['quick-draw'],
    );
  });

  it('offers the attributes a block does not have yet, and weapon properties', () => {
    const labels = completionLabels(at('  wields Longsword', 0), OTHERS);
    assert.ok(labels.includes('guard') && labels.includes('tactics') && labels.includes('offhand'));
    assert.ok(!labels.includes('vitality') && !labels.includes('heart'), 'given attributes are not offered again');
    const w = completionLabels('weapon W { melee <|> }\n');
    for (const p of WEAPON_PROPERTIES) assert.ok(w.includes(p), p);
    assert.ok(!w.includes('ranged'), 'one kind per weapon');
  });

  it('offers card literals after `cards`', () => {
    const labels = completionLabels('deck D { stacked  cards K♠ <|> }\n');
    assert.equal(labels.filter((l) => /^(10|[2-9JQKA])[♥♣♦♠]$/.test(l)).length, 52);
    assert.ok(labels.includes('A♥') && labels.includes('10♣') && labels.includes('2♠'));
  });

  it("offers characters, then `at`/`deck`/copies, then the encounter's zones in a side", () => {
    assert.ok(completionLabels(MAIN.replace('Kael at floor', '<|>'), OTHERS).includes('Kael'));
    const after = completionLabels(MAIN.replace('Kael at floor', 'Kael <|>'), OTHERS);
    assert.deepEqual(after.sort(), ['at', 'deck', 'x2']);
    assert.deepEqual(completionLabels(MAIN.replace('Kael at floor', 'Kael at <|>'), OTHERS).sort(), [
      'bar',
      'floor',
      'roof',
    ]);
  });

  it('offers the other zones after `adjacent`, and zone/side/attributes inside an encounter', () => {
    assert.deepEqual(
      completionLabels(MAIN.replace('adjacent floor', 'adjacent <|>'), OTHERS)
        .filter((l) => ['bar', 'floor', 'roof'].includes(l))
        .sort(),
      ['floor', 'roof'],
    );
    const inEnc = completionLabels(MAIN.replace('  zone bar', '  <|>\n  zone bar'), OTHERS);
    for (const k of ['zone', 'side', 'deck', 'seed', 'rounds', 'options']) assert.ok(inEnc.includes(k), k);
  });

  it('offers nothing inside a comment', () => {
    assert.deepEqual(completionLabels('# wields <|>\n'), []);
  });
});

describe('server/service completion: the off-hand (HA-S6)', () => {
  it('the second wields name and offhand offer only Light weapons, and no Unarmed', () => {
    const second = completionLabels(MAIN.replace('wields Longsword', 'wields Longsword <|>'), OTHERS);
    assert.ok(second.includes('Dagger'), second.join(', '));
    assert.ok(
      !second.includes('Longsword') && !second.includes('Shortbow') && !second.includes('Unarmed'),
      second.join(', '),
    );
    const first = completionLabels(MAIN.replace('wields Longsword', 'wields <|>'), OTHERS);
    assert.ok(first.includes('Longsword') && first.includes('Unarmed'), first.join(', '));
  });
});
