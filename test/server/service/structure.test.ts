import assert from 'node:assert/strict';
import { serviceWith } from '../cursor.js';
import { at, OTHERS, MAIN } from '../fixtures.js';
import { SEMANTIC_LEGEND } from '../../../server/service/index.js';

describe('server/service structure: folding, selection, semantic tokens', () => {
  it('folds blocks and comment runs', () => {
    const { ls, uri } = serviceWith('# a\n# b\ncharacter X {\n  heart 2\n  body 2\n}\nweapon W { melee }\n', OTHERS);
    assert.deepEqual(ls.foldingRanges(uri), [
      { startLine: 0, endLine: 1, kind: 'comment' },
      { startLine: 2, endLine: 4 },
    ]);
  });

  it('expands a selection term → line → block → statement → file', () => {
    const { ls, uri, pos } = serviceWith(at('Longsword', 3), OTHERS);
    let s = ls.selectionRanges(uri, [pos])[0];
    const lines: string[] = [];
    const text = MAIN.split('\n');
    while (s) {
      const r = s.range;
      lines.push(
        r.start.line === r.end.line
          ? text[r.start.line].slice(r.start.character, r.end.character)
          : `${r.start.line}-${r.end.line}`,
      );
      s = s.parent!;
    }
    assert.deepEqual(lines.slice(0, 2), ['Longsword', 'wields Longsword']);
    assert.equal(lines[lines.length - 1], `0-${text.length - 1}`);
    assert.ok(lines.length >= 4);
  });

  /** Each token as `word:type[.modifier…]`. */
  function tokensOf(text: string, others: Record<string, string> = {}): string[] {
    const { ls, uri } = serviceWith(text, others);
    const data = ls.semanticTokens(uri).data;
    const toks: string[] = [];
    let line = 0;
    let ch = 0;
    const src = text.split('\n');
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      ch = data[i] ? data[i + 1] : ch + data[i + 1];
      const mods = SEMANTIC_LEGEND.tokenModifiers.filter((_, b) => data[i + 4] & (1 << b));
      toks.push(
        `${src[line].slice(ch, ch + data[i + 2])}:${SEMANTIC_LEGEND.tokenTypes[data[i + 3]]}${mods.length ? '.' + mods.join('.') : ''}`,
      );
    }
    return toks;
  }

  it('a built-in name is a library symbol only where its schema lists it, for the kind it lists (SystemSchema.builtins)', () => {
    const ha = tokensOf('character A { heart 1 body 2 mind 1 spirit 1 vitality 9 wields Unarmed }\n');
    assert.ok(ha.includes('Unarmed:struct.defaultLibrary'), ha.join(' '));
    const ar = tokensOf('system arcana\ncharacter A { strength 2 finesse 2 agility 2 alertness 2 wields Unarmed }\n');
    assert.ok(
      ar.some((t) => t.startsWith('Unarmed:') && t.includes('defaultLibrary')),
      ar.join(' '),
    );
    // a character named like the built-in weapon is a character, in a system whose schema lists no built-ins too
    const tg = tokensOf(
      'system tactical-grid\ncharacter Unarmed { difficulty 12 health 3 speed 5 range 1 }\nencounter E {\n  map { grid square row "..." }\n  side a { Unarmed at a1 }\n  side b { Unarmed at c1 }\n}\n',
    );
    assert.ok(
      tg.some((t) => t.startsWith('Unarmed:')) &&
        tg.every((t) => !t.startsWith('Unarmed:') || !t.includes('defaultLibrary')),
      tg.join(' '),
    );
  });

  it('semantic tokens mark keywords, attributes, definitions and references by kind', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const data = ls.semanticTokens(uri).data;
    const toks: string[] = [];
    let line = 0;
    let ch = 0;
    const src = MAIN.split('\n');
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      ch = data[i] ? data[i + 1] : ch + data[i + 1];
      const word = src[line].slice(ch, ch + data[i + 2]);
      const type = SEMANTIC_LEGEND.tokenTypes[data[i + 3]];
      const mods = SEMANTIC_LEGEND.tokenModifiers.filter((_, b) => data[i + 4] & (1 << b));
      toks.push(`${word}:${type}${mods.length ? '.' + mods.join('.') : ''}`);
    }
    for (const t of [
      'use:keyword',
      'character:keyword',
      'Kael:class.declaration',
      'player:enumMember',
      'heart:property',
      '2:number',
      'Longsword:struct',
      '"Soul Lance":function',
      'Ambush:namespace.declaration',
      'bar:enum.declaration',
      'floor:enum',
      'Thug:class',
      'x2:number',
      'at:keyword',
      'heroes:type.declaration',
    ]) {
      assert.ok(toks.includes(t), `${t} in ${toks.join(' ')}`);
    }
  });
});
