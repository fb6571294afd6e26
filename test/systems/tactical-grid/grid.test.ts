// Grid geometry (TG-G, TG-F, TG-L): names, hex neighbours, distance, back sectors, behind squares, LOS.
import assert from 'node:assert/strict';
import { Board, colName, parseSquare } from '../../../systems/tactical-grid/engine/grid.js';
import { gridMap, openMap } from '../../../systems/tactical-grid/model.js';

const sq = (rows: string[]) => new Board(gridMap(rows));

describe('Tactical Grid geometry', () => {
  it('TG-G1: column letters a…z, aa, ab…; a1 is the top left', () => {
    assert.deepEqual([0, 25, 26, 27, 51, 52, 99].map(colName), ['a', 'z', 'aa', 'ab', 'az', 'ba', 'cv']);
    assert.deepEqual(parseSquare('ab12'), [27, 11]);
    const b = new Board(openMap(30, 4));
    assert.equal(b.index('a1'), 0);
    assert.equal(b.name(b.index('ab3')), 'ab3');
    assert.equal(b.index('a5'), -1);
    assert.equal(b.index('ae1'), -1);
  });

  it('TG-G2: hex neighbours per row parity (odd rows as written: NE c,r−1; even rows shifted right: NE c+1,r−1)', () => {
    const b = new Board(openMap(6, 6, 'hex'));
    const nbs = (n: string) => [0, 1, 2, 3, 4, 5].map((d) => b.name(b.step(b.index(n), d)));
    // order E NE NW W SW SE
    assert.deepEqual(nbs('c3'), ['d3', 'c2', 'b2', 'b3', 'b4', 'c4']);
    assert.deepEqual(nbs('c2'), ['d2', 'd1', 'c1', 'b2', 'c3', 'd3']);
    for (let i = 0; i < b.size; i++)
      for (let d = 0; d < 6; d++) {
        const j = b.step(i, d);
        if (j >= 0) assert.equal(b.dist(i, j), 1);
      }
  });

  it('TG-G4 TG-G5: square distance is Chebyshev (8 neighbours); hex distance max(|Δq|, |Δr|, |Δq+Δr|)', () => {
    const b = new Board(openMap(8, 8));
    assert.equal(b.dist(b.index('a1'), b.index('c3')), 2);
    assert.equal(b.dist(b.index('a1'), b.index('e2')), 4);
    const h = new Board(openMap(8, 8, 'hex'));
    assert.equal(h.dist(h.index('a1'), h.index('a3')), 2);
    assert.equal(h.dist(h.index('a1'), h.index('d1')), 3);
    assert.equal(h.dist(h.index('c3'), h.index('c5')), 2);
    // brute force: hex distance = fewest neighbour steps (BFS)
    for (const from of [0, 9, 27]) {
      const dist = new Array(h.size).fill(-1);
      dist[from] = 0;
      const q = [from];
      while (q.length) {
        const c = q.shift()!;
        for (let d = 0; d < 6; d++) {
          const n = h.step(c, d);
          if (n >= 0 && dist[n] < 0) {
            dist[n] = dist[c] + 1;
            q.push(n);
          }
        }
      }
      for (let c = 0; c < h.size; c++) assert.equal(h.dist(from, c), dist[c]);
    }
  });

  it('TG-F4 TG-F5 TG-X2 TG-X3: Ex5 back sector of a combatant at c2 facing west; behind square d2 (east), off the map at the edge', () => {
    const b = new Board(openMap(6, 6));
    const w = b.facingIndex('west');
    const c2 = b.index('c2');
    assert.deepEqual(
      ['d2', 'd1', 'e1', 'c1', 'd3', 'b2', 'c3'].map((n) => b.inBack(c2, w, b.index(n))),
      [true, true, true, false, true, false, false],
    );
    assert.equal(b.name(b.behind(c2, w)), 'd2');
    const edge = new Board(openMap(3, 3));
    assert.equal(edge.behind(edge.index('c2'), w), -1);
    // hexes: a 60° rear cone (≥ 150°): straight behind an east-facing hex, and the two at distance 2 exactly 30° off
    const h = new Board(openMap(8, 8, 'hex'));
    const e = h.facingIndex('east');
    const d4 = h.index('d4');
    const back = [];
    for (let c = 0; c < h.size; c++) if (h.dist(d4, c) <= 2 && h.inBack(d4, e, c)) back.push(h.name(c));
    assert.deepEqual(back.sort(), ['b4', 'c3', 'c4', 'c5']);
    assert.equal(h.name(h.behind(d4, e)), 'c4');
  });

  it('TG-L2: square LOS follows the centre segment; walls crossed block, a corner of two walls passed exactly blocks, one does not', () => {
    const b = sq(['.....', '.#...', '.....', '.....']);
    const blocks = (c: number) => b.obstacle[c] === 1;
    const los = (x: string, y: string) => b.los(b.index(x), b.index(y), blocks);
    assert.equal(los('a1', 'c3'), false); // through b2
    assert.equal(los('a1', 'e1'), true);
    assert.equal(los('a2', 'c2'), false);
    assert.equal(los('a1', 'c2'), false); // segment (1,1)→(5,3) crosses b2's interior
    assert.equal(los('a3', 'c1'), false);
    // diagonal corner: walls at b1 and a2 meet at the corner a1→b2 passes exactly through
    const c = sq(['.#..', '#...', '....']);
    const cb = (x: number) => c.obstacle[x] === 1;
    assert.equal(c.los(c.index('a1'), c.index('b2'), cb), false);
    assert.equal(c.los(c.index('a1'), c.index('c3'), cb), false);
    const one = sq(['.#..', '....', '....']);
    assert.equal(
      one.los(one.index('a1'), one.index('c3'), (x) => one.obstacle[x] === 1),
      true,
    );
    // symmetric
    for (let i = 0; i < b.size; i++)
      for (let j = 0; j < b.size; j++) assert.equal(b.los(i, j, blocks), b.los(j, i, blocks));
  });

  it('TG-L3: hex LOS by the nudged cube line, either nudge clearing it', () => {
    const h = new Board(gridMap(['.....', '..#..', '.....'], 'hex'));
    const blocks = (c: number) => h.obstacle[c] === 1;
    const los = (x: string, y: string) => h.los(h.index(x), h.index(y), blocks);
    assert.equal(los('a2', 'e2'), false);
    assert.equal(los('a1', 'e1'), true);
    for (let i = 0; i < h.size; i++)
      for (let j = 0; j < h.size; j++) assert.equal(h.los(i, j, blocks), h.los(j, i, blocks));
  });
});
