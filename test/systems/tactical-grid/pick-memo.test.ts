// engine/pick-memo.ts: the table of actor choices kept across combats (TG-V2). Its answers must be exactly those kept
// for the same key, and it must stop keeping at its bounds (a huge encounter's choices are large).
import assert from 'node:assert/strict';
import { PickMemo } from '../../../systems/tactical-grid/engine/pick-memo.js';

function put(m: PickMemo, key: ArrayLike<number>, pick: number, marks = 4): void {
  m.key.set(key);
  // (the message names the key by its head: a 100,000-word key written out on every call cost seconds)
  assert.equal(m.find(key.length), undefined, `new key ${Array.from(key).slice(0, 8).join(',')} (${key.length} words)`);
  m.keep(pick, -1, Int32Array.of(pick), [null], new Uint8Array(marks));
}

describe('tactical-grid engine/pick-memo: actor choices kept by the whole state', () => {
  it('TG-V2 a kept choice comes back for its exact key only: another value, or a longer or shorter key, misses', () => {
    const m = new PickMemo(8);
    put(m, [1, 2, 3], 7);
    put(m, [1, 2, 4], 8);
    put(m, [1, 2], 9);
    m.key.set([1, 2, 3]);
    assert.equal(m.find(3)?.pick, 7);
    m.key.set([1, 2, 4]);
    assert.equal(m.find(3)?.pick, 8);
    m.key.set([1, 2, 3, 0]);
    assert.equal(m.find(4), undefined);
    m.key.set([1, 2]);
    assert.equal(m.find(2)?.pick, 9);
    assert.equal(m.hits, 3);
  });

  it('TG-V2 it stops keeping when its bytes are spent (large keys and marks), and still answers what it kept', () => {
    const m = new PickMemo(100_000);
    const words = Int32Array.from({ length: 100_000 }, (_, k) => k);
    const key = (i: number): Int32Array => {
      const a = words.slice();
      a[0] = i;
      return a;
    };
    let kept = 0;
    for (let i = 0; i < 100 && !m.full; i++, kept++) put(m, key(i), i, 100_000);
    assert.ok(m.full && kept < 100, `full after ${kept} choices of ~500 KB`);
    m.key.set(key(kept));
    assert.equal(m.find(100_000), undefined);
    m.keep(1, -1, Int32Array.of(1), [null], new Uint8Array(1));
    m.key.set(key(kept));
    assert.equal(m.find(100_000), undefined, 'nothing kept once full');
    m.key.set(key(0));
    assert.equal(m.find(100_000)?.pick, 0);
  });

  it('TG-V2 issue 32 item 5: rec grown × 8 (grow) answers as rec doubled (plainGrowth), record for record', () => {
    const fast = new PickMemo(64),
      plain = new PickMemo(64);
    plain.plainGrowth = true;
    // 3,000 choices of 40-word keys and 2 members with 24 marks each: ≈ 170,000 words, past the first arrays of both
    const keyOf = (i: number): Int32Array => Int32Array.from({ length: 40 }, (_, k) => (i * 7919 + k * 31) | 0);
    const marksOf = (i: number): Uint8Array => Uint8Array.from({ length: 48 }, (_, k) => (i + k) % 3);
    for (let i = 0; i < 3000; i++)
      for (const m of [fast, plain]) {
        m.key.set(keyOf(i));
        assert.equal(m.find(40), undefined);
        m.keep(i % 11, (i % 5) - 1, Int32Array.of(i % 11, (i + 1) % 11), [null, null], marksOf(i), 2, 48);
      }
    assert.notEqual(fast.rec.length, plain.rec.length, 'the two grew differently');
    for (let i = 0; i < 3000; i += 7) {
      const got: unknown[] = [];
      for (const m of [fast, plain]) {
        m.key.set(keyOf(i));
        const k = m.find(40);
        assert.ok(k !== undefined, `choice ${i} kept`);
        const row = (j: number): number[] =>
          Array.from(m.marksArena.subarray(k.marksRow(j, 24), k.marksRow(j, 24) + 24));
        got.push([k.pick, k.reactor, k.count, k.member(0), k.member(1), row(0), row(1)]);
        assert.deepEqual(row(0).concat(row(1)), Array.from(marksOf(i)));
      }
      assert.deepEqual(got[0], got[1]);
    }
  });
});
