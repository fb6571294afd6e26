// server/service/syntax.ts on hostile text: the roles of a statement's terms (what completion, hover, semantic
// tokens and formatting read) for a statement as long as a file may make it.
import assert from 'node:assert/strict';
import { serviceWith } from '../cursor.js';
import { scaleIt } from '../../deep.js';

/**
 * A feature's time limit on a hostile line: 1 s, or 8 times what checking the same text took, whichever is more.
 * The bugs these guard against were quadratic (a copy of the rest of the line per attribute: 3 s, ≈ 100 times the
 * check); a linear feature stays within a few checks' time however loaded the machine is (a bare 1 s limit failed
 * when the suite shared its two cores with other work).
 */
function budget(check: () => unknown): number {
  const t0 = performance.now();
  check();
  return Math.max(1000, 8 * (performance.now() - t0));
}

describe('server/service/syntax: hostile statements', () => {
  scaleIt(
    'a line of 12,500 attributes (100,000 characters) is completed on, hovered, coloured and formatted without hanging (a copy of the rest of the line per attribute took 3 s to complete on)',
    () => {
      for (const [system, attrs] of [
        ['halcyon-aces', 'heart 4 '],
        ['tactical-grid', 'agi 2 '],
      ] as const) {
        const line = `character A { ${attrs.repeat(100_000 / attrs.length)}}`;
        const { ls, uri } = serviceWith(`system ${system}\n${line}\n`);
        const limit = budget(() => ls.diagnostics(uri));
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
          assert.ok(ms < limit, `${system} ${what}: ${Math.round(ms)} ms (limit ${Math.round(limit)} ms)`);
        }
      }
    },
  );

  it('a placement line of 30,000 keys is coloured without hanging', () => {
    const { ls, uri } = serviceWith(
      `system halcyon-aces\ncharacter A { heart 4 }\nencounter E {\n  side a { A ${'at near '.repeat(30_000)}}\n  side b { A }\n}\n`,
    );
    const limit = budget(() => ls.diagnostics(uri));
    const t0 = performance.now();
    ls.semanticTokens(uri);
    assert.ok(
      performance.now() - t0 < limit,
      `${Math.round(performance.now() - t0)} ms (limit ${Math.round(limit)} ms)`,
    );
  });
});
