// engine/position-memo.ts: the detours kept across combats (HRS-25) must answer exactly what the search would —
// a key differing in any integer or any position is a miss, collisions in a crowded table are told apart by the
// stored key, and a full table empties itself rather than answering wrong.
import assert from 'node:assert/strict';
import { MISS, PositionMemo, positionHash } from '../../../systems/heart-rush/engine/position-memo.js';

describe('heart-rush engine/position-memo: answers kept by where everyone stands', () => {
  const at = (...v: number[]) => Int32Array.from(v);
  /** A memo of n combatants keyed by their x and y, as the simulator keys it without a grid. */
  const memo = (n: number, slots: number) => {
    const m = new PositionMemo(n, true, slots);
    return {
      find: (a: number, b: number, c: number, d: number, x: Int32Array, y: Int32Array) =>
        m.find(a, b, c, d, x, y, positionHash(x, y, n)),
      put: (a: number, b: number, c: number, d: number, x: Int32Array, y: Int32Array, v: number) =>
        m.put(a, b, c, d, x, y, v),
    };
  };

  it('HRS-25 keeps an answer for its exact key; any other integer or position is a miss', () => {
    const m = memo(2, 64);
    const x = at(0, 10),
      y = at(5, 5);
    assert.equal(m.find(1, 20, 30, 0, x, y), MISS);
    m.put(1, 20, 30, 0, x, y, 3);
    assert.equal(m.find(1, 20, 30, 0, x, y), 3);
    assert.equal(m.find(0, 20, 30, 0, x, y), MISS);
    assert.equal(m.find(1, 20, 35, 0, x, y), MISS);
    assert.equal(m.find(1, 20, 30, 1, x, y), MISS);
    assert.equal(m.find(1, 20, 30, 0, at(0, 15), y), MISS);
    assert.equal(m.find(1, 20, 30, 0, x, at(5, 0)), MISS);
  });

  it("in a table of 8 slots, 200 keys (most colliding) each get their own answer back or a miss, never another's", () => {
    const m = memo(1, 8);
    const answer = (k: number) => ((k * 7) % 11) - 1;
    for (let k = 0; k < 200; k++) {
      const x = at(k * 5),
        y = at(k % 3);
      const got = m.find(k, 0, 0, 0, x, y);
      if (got === MISS) m.put(k, 0, 0, 0, x, y, answer(k));
      else assert.equal(got, answer(k), `key ${k}`);
      // every key asked since the last emptying is still answered right
      for (let j = Math.max(0, k - 3); j <= k; j++) {
        const g = m.find(j, 0, 0, 0, at(j * 5), at(j % 3));
        assert.ok(g === MISS || g === answer(j), `key ${j} after ${k}`);
      }
    }
    // the last key put is kept (the table empties itself before it is full)
    assert.equal(m.find(199, 0, 0, 0, at(199 * 5), at(199 % 3)), answer(199));
  });
});
