// server/service/syntax.ts on hostile text: the roles of a statement's terms (what completion, hover, semantic
// tokens and formatting read) for a statement as long as a file may make it.
import assert from 'node:assert/strict';
import { serviceWith } from '../cursor.js';

describe('server/service/syntax: hostile statements', () => {
  it('a line of 12,500 attributes (100,000 characters) is completed on, hovered, coloured and formatted without hanging (a copy of the rest of the line per attribute took 3 s to complete on)', () => {
    for (const [system, attrs] of [
      ['halcyon-aces', 'heart 4 '],
      ['tactical-grid', 'agi 2 '],
    ] as const) {
      const line = `character A { ${attrs.repeat(100_000 / attrs.length)}}`;
      const { ls, uri } = serviceWith(`system ${system}\n${line}\n`);
      ls.diagnostics(uri);
      const mid = { line: 1, character: line.length >> 1 };
      const timed: [string, () => unknown][] = [
        ['complete', () => ls.complete(uri, mid)],
        ['hover', () => ls.hover(uri, mid)],
        ['semanticTokens', () => ls.semanticTokens(uri)],
        ['format', () => ls.format(uri)],
      ];
      for (const [what, f] of timed) {
        const t0 = performance.now();
        f();
        const ms = performance.now() - t0;
        assert.ok(ms < 1000, `${system} ${what}: ${Math.round(ms)} ms`);
      }
    }
  });

  it('a placement line of 30,000 keys is coloured without hanging', () => {
    const { ls, uri } = serviceWith(
      `system halcyon-aces\ncharacter A { heart 4 }\nencounter E {\n  side a { A ${'at near '.repeat(30_000)}}\n  side b { A }\n}\n`,
    );
    ls.diagnostics(uri);
    const t0 = performance.now();
    ls.semanticTokens(uri);
    assert.ok(performance.now() - t0 < 1000, `${Math.round(performance.now() - t0)} ms`);
  });
});
