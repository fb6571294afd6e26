// model/read.ts on hostile text: what one line of a file may hold.
import assert from 'node:assert/strict';
import { checkText } from '../../systems/index.js';

describe('model/read: hostile lines', () => {
  const sidePlacements = (text: string): number[] => {
    const f = [...checkText(text, 'main.aces').files.values()][0];
    return f.read!.blocks.flatMap((b) => b.children).filter((c) => c.kind === 'side').map((c) => c.placements.length);
  };

  it('20,000 placements on one line of a side are read, in every system, without overflowing the stack (a call per placement did at some 10,000)', () => {
    const line = (placement: string, n: number) => `${placement} `.repeat(n);
    const t0 = performance.now();
    assert.deepEqual(sidePlacements(`system tactical-grid\nencounter E {\n  side a { ${line('A at a1', 20_000)}}\n  side b { A at b2 }\n}\ncharacter A { agi 2 }\n`), [20_000, 1]);
    assert.deepEqual(sidePlacements(`character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a { ${line('A at z', 20_000)}}\n  side b { A at z }\n}\n`), [20_000, 1]);
    assert.deepEqual(sidePlacements(`system heart-rush\ncharacter A { hp 10 }\nencounter E {\n  side a { ${line('A', 20_000)}}\n  side b { A }\n}\n`), [20_000, 1]);
    assert.ok(performance.now() - t0 < 10_000, `${Math.round(performance.now() - t0)} ms`);
  });

  it('several placements on a line are still read one by one, the unknown word with the one it follows', () => {
    assert.deepEqual(sidePlacements('character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a { A at z  "B" x2 at z  C sideways at z }\n  side b { A at z }\n}\n'), [3, 1]);
  });
});
