// Exact odds (HEART-RUSH.md "Exact odds"): the spec's figures as exact fractions,
// and every formula against brute force over every face.
import assert from 'node:assert/strict';
import {
  attackOdds,
  contestOdds,
  fracStr,
  frac,
  maneuverOdds,
  rollDist,
  shrugTaken,
  takenCounts,
  damageCounts,
  halve,
  fracNum,
  meanDamage,
  rollProbs,
  keptSums,
  thresholdSums,
  type RollSpec,
} from '../../../systems/heart-rush/engine/odds.js';
import { exchange } from '../../../systems/heart-rush/engine/exchange.js';
import { armor, character, weapon } from '../../../systems/heart-rush/model.js';
import { at, events, scene } from './scene.js';

/** Every face of every die of the spec's pool (normal + extras); the kept sum + flat. */
function bruteRoll(r: RollSpec): Map<number, number> {
  const dice = r.dice.slice();
  for (let i = 0; i < Math.abs(r.level); i++) dice.push(r.extraDie);
  const out = new Map<number, number>();
  const faces: number[] = [];
  const rec = (i: number): void => {
    if (i === dice.length) {
      const s = faces
        .slice()
        .sort((a, b) => (r.level >= 0 ? b - a : a - b))
        .slice(0, r.dice.length);
      const v = s.reduce((x, y) => x + y, 0) + r.flat; // a total is never clamped (issue 34 item 8)
      out.set(v, (out.get(v) ?? 0) + 1);
      return;
    }
    for (let f = 1; f <= dice[i]; f++) {
      faces.push(f);
      rec(i + 1);
      faces.pop();
    }
  };
  rec(0);
  return out;
}

const vessa: RollSpec = { dice: [6, 8, 6], extraDie: 8, level: 0, flat: 0 };
const brute: RollSpec = { dice: [6, 4], extraDie: 4, level: 0, flat: 1 };
const kael: RollSpec = { dice: [6, 8, 8], extraDie: 8, level: 1, flat: 0 };
const grosk: RollSpec = { dice: [8, 6, 10], extraDie: 6, level: 0, flat: 0 };

describe('Heart Rush exact odds', () => {
  it('HR-C1 HR-D2: Ex1 agility attack on a might-stance target: 5815/6912, 3635/768, 359/3456', () => {
    const o = attackOdds(vessa, brute, false);
    assert.equal(fracStr(o.pHit), '5815/6912');
    assert.equal(fracStr(o.mean), '3635/768');
    assert.equal(fracStr(o.pWound), '359/3456');
    const d = rollDist(brute);
    assert.deepEqual(d.counts.slice(3), [1, 2, 3, 4, 4, 4, 3, 2, 1]);
  });
  it('HR-E10 HR-C3: Ex2 the same attack on a defensive target: 5815/6912, 1985/768, 0', () => {
    const o = attackOdds(vessa, brute, true);
    assert.equal(fracStr(o.pHit), '5815/6912');
    assert.equal(fracStr(o.mean), '1985/768');
    assert.equal(o.pWound.n, 0n);
    const c = damageCounts(rollDist(vessa), rollDist(brute), true);
    assert.deepEqual(c.counts.map(Number), [1097, 1048, 1311, 1311, 1048, 659, 313, 104, 20, 1]);
  });
  it('HR-C2 HR-D3 HR-A6: Ex3 might contest, Kael helped: 35287/61440, 2797/40960, 8783/24576, means and wounds', () => {
    const k = rollDist(kael);
    assert.equal(k.total, 3072);
    const mean = k.counts.reduce((s, c, v) => s + c * v, 0);
    assert.equal(fracStr(frac(BigInt(mean), 3072n)), '46043/3072');
    const o = contestOdds(kael, grosk);
    assert.equal(fracStr(o.pWin), '35287/61440');
    assert.equal(fracStr(o.pTie), '2797/40960');
    assert.equal(fracStr(o.pLose), '8783/24576');
    assert.equal(fracStr(o.meanToTarget), '444731/147456');
    assert.equal(fracStr(o.meanToAttacker), '225323/147456');
    assert.equal(fracStr(o.pTargetWounded), '8611/122880');
    assert.equal(fracStr(o.pAttackerWounded), '2069/92160');
  });
  it('HR-D3 HR-N4 (issue 34 item 8): roll distributions equal brute force over every face (levels −3…+3, mixed dice, flat; a negative flat keeps totals below 0)', () => {
    const specs: RollSpec[] = [];
    for (const level of [-3, -2, -1, 0, 1, 2, 3]) {
      specs.push({ dice: [6, 8, 4], extraDie: 8, level, flat: 0 });
      specs.push({ dice: [10, 4], extraDie: 4, level, flat: 2 });
      specs.push({ dice: [12, 6, 8, 8], extraDie: 6, level: Math.max(-2, Math.min(2, level)), flat: -1 });
      specs.push({ dice: [6, 4], extraDie: 4, level, flat: -5 }); // armor −5 (HR-N4 warns, keeps it)
    }
    for (const s of specs) {
      const d = rollDist(s);
      const b = bruteRoll(s);
      let total = 0;
      for (const c of b.values()) total += c;
      assert.equal(d.total, total);
      assert.equal(d.lo, Math.min(0, ...b.keys()), `${JSON.stringify(s)}: lowest total`);
      let seen = 0;
      for (let v = d.lo; v < d.lo + d.counts.length; v++) {
        assert.equal(d.counts[v - d.lo], b.get(v) ?? 0, `${JSON.stringify(s)} v=${v}`);
        seen += d.counts[v - d.lo];
      }
      assert.equal(seen, total, `${JSON.stringify(s)}: every outcome counted at its own total`);
    }
  });
  it("HR-D3 (issue 32 item 5): the kept dice's totals by face threshold (thresholdSums) equal their plain twin, the sorted-tuple programme (keptSums), on 103 pools of 1–4 kept dice and 1–5 extra ones, both ways", () => {
    const sizes = [4, 6, 8, 10, 12];
    let x = 12345;
    const next = (m: number): number => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % m;
    };
    const pools: [number[], number][] = [
      [[12, 12, 12, 12, 12, 12, 12, 12, 12], 4], // the largest pool: every die a d12, level 5
      [[4, 4], 1],
      [[12, 4, 4, 4, 4, 4], 1],
    ];
    for (let it = 0; it < 100; it++) {
      const k = 1 + next(4),
        extra = 1 + next(5);
      const dice: number[] = [];
      for (let q = 0; q < k; q++) dice.push(sizes[next(5)]);
      const e = sizes[next(5)];
      for (let q = 0; q < extra; q++) dice.push(e);
      pools.push([dice, k]);
    }
    let n = 0;
    for (const [dice, k] of pools)
      for (const high of [true, false]) {
        const sorted = (m: Map<number, number>): [number, number][] =>
          [...m].filter(([, c]) => c !== 0).sort((a, b) => a[0] - b[0]);
        const fast = sorted(thresholdSums(dice, k, high)),
          plain = sorted(keptSums(dice, k, high));
        assert.deepEqual(fast, plain, `${dice} keep ${k} ${high ? 'highest' : 'lowest'}`);
        let total = 1;
        for (const d of dice) total *= d;
        assert.equal(
          fast.reduce((a, [, c]) => a + c, 0),
          total,
          'every outcome counted once',
        );
        n++;
      }
    assert.equal(n, 2 * pools.length);
  });
  it('HR-C1 HR-E10 HR-H3 HR-C2 HR-M1 HR-H1 (issue 34 item 8): attack, halving, contest, maneuver and shrug formulas equal brute force, negative flats too', () => {
    const pairs: [RollSpec, RollSpec][] = [
      [
        { dice: [6, 4, 6], extraDie: 4, level: -1, flat: 0 },
        { dice: [8, 6], extraDie: 6, level: 1, flat: 2 },
      ],
      [
        { dice: [10, 8, 12], extraDie: 8, level: 0, flat: 0 },
        { dice: [4, 4], extraDie: 4, level: -2, flat: 0 },
      ],
      // negative flats (armor −5, a might bonus −3): totals below 0 count as what they are (issue 34 item 8)
      [
        { dice: [6, 8, 6], extraDie: 8, level: 0, flat: -3 },
        { dice: [6, 4], extraDie: 4, level: 1, flat: -5 },
      ],
      [
        { dice: [4, 4], extraDie: 4, level: -1, flat: -6 },
        { dice: [6, 4], extraDie: 4, level: 0, flat: -5 },
      ],
    ];
    for (const [a, d] of pairs) {
      const A = bruteRoll(a),
        D = bruteRoll(d);
      const tally = (f: (x: number, y: number) => number, pred: (v: number) => boolean): [bigint, bigint] => {
        let n = 0n,
          t = 0n;
        for (const [x, cx] of A)
          for (const [y, cy] of D) {
            const c = BigInt(cx * cy);
            t += c;
            const v = f(x, y);
            if (pred(v)) n += c * 1n;
          }
        return [n, t];
      };
      const sum = (f: (x: number, y: number) => number): bigint => {
        let s = 0n;
        for (const [x, cx] of A) for (const [y, cy] of D) s += BigInt(f(x, y)) * BigInt(cx * cy);
        return s;
      };
      const total = tally(
        () => 0,
        () => true,
      )[1];
      for (const halved of [false, true]) {
        const dmg = (x: number, y: number): number => (halved ? halve(Math.max(0, x - y)) : Math.max(0, x - y));
        const o = attackOdds(a, d, halved);
        assert.deepEqual(o.pHit, frac(tally(dmg, (v) => v >= 1)[0], total));
        assert.deepEqual(o.mean, frac(sum(dmg), total));
        assert.deepEqual(o.pWound, frac(tally(dmg, (v) => v >= 10)[0], total));
      }
      const c = contestOdds(a, d);
      assert.deepEqual(
        c.pWin,
        frac(
          tally(
            (x, y) => x - y,
            (v) => v > 0,
          )[0],
          total,
        ),
      );
      assert.deepEqual(
        c.pTie,
        frac(
          tally(
            (x, y) => x - y,
            (v) => v === 0,
          )[0],
          total,
        ),
      );
      assert.deepEqual(
        c.meanToTarget,
        frac(
          sum((x, y) => Math.max(0, x - y)),
          total,
        ),
      );
      assert.deepEqual(
        c.meanToAttacker,
        frac(
          sum((x, y) => Math.max(0, y - x)),
          total,
        ),
      );
      for (const h of [false, true]) {
        assert.deepEqual(
          maneuverOdds(a, d, h),
          frac(
            tally(
              (x, y) => (h ? halve(x) : x) - y,
              (v) => v > 0,
            )[0],
            total,
          ),
        );
      }
      // shrug: the taken distribution is the raw distribution pushed through shrugTaken
      const raw = damageCounts(rollDist(a), rollDist(d), false);
      for (const rule of ['auto', 'always', 'never'] as const) {
        const t = takenCounts(raw, 7, 8, rule);
        const expect = new Map<number, bigint>();
        for (const [x, cx] of A)
          for (const [y, cy] of D) {
            const v = shrugTaken(Math.max(0, x - y), 7, 8, rule)[0];
            expect.set(v, (expect.get(v) ?? 0n) + BigInt(cx * cy));
          }
        for (let v = 0; v < t.counts.length; v++) assert.equal(t.counts[v], expect.get(v) ?? 0n);
      }
    }
  });
  it('HR-H1: shrug halves rounding up, never with a d4 heart; auto only for a wound or a drop to 0', () => {
    assert.deepEqual(shrugTaken(12, 34, 10, 'always'), [6, true]);
    assert.deepEqual(shrugTaken(3, 34, 8, 'always'), [2, true]);
    assert.deepEqual(shrugTaken(12, 34, 4, 'always'), [12, false]);
    assert.deepEqual(shrugTaken(9, 34, 8, 'auto'), [9, false]);
    assert.deepEqual(shrugTaken(10, 34, 8, 'auto'), [5, true]);
    assert.deepEqual(shrugTaken(5, 5, 8, 'auto'), [3, true]);
    assert.deepEqual(shrugTaken(12, 34, 8, 'never'), [12, false]);
  });
  it('HR-C1 HR-N4 HR-D2 (issue 34 item 8): armor −5, the exact mean damage is what the simulator deals (10.50, not the clamped 10.08)', () => {
    const vessa = character('Vessa', {
      heart: 6,
      agility: 8,
      hp: 500,
      tactics: 'hold',
      shrug: 'never',
      weapons: [weapon('Shortsword', { die: 6 })],
    });
    const brute = character('Brute', {
      heart: 6,
      agility: 4,
      hp: 500,
      tactics: 'hold',
      shrug: 'never',
      armor: armor('Rags', -5),
    });
    const cell = exchange(vessa, brute, 'agility', 'might');
    if (cell.kind !== 'attack') assert.fail(cell.kind);
    const exact = fracNum(cell.odds.mean);
    // brute force over every face: 288 attack totals × 24 defense totals, no clamp but the damage's (HR-C1)
    let sum = 0;
    for (let h = 1; h <= 6; h++)
      for (let a = 1; a <= 8; a++)
        for (let w = 1; w <= 6; w++)
          for (let dh = 1; dh <= 6; dh++) for (let da = 1; da <= 4; da++) sum += Math.max(0, h + a + w - (dh + da - 5));
    assert.equal(fracStr(cell.odds.mean), fracStr(frac(BigInt(sum), 6912n)));
    // the simulator: one agility attack a combat on a might-stance Brute (might cannot answer agility, HR-E3)
    const enc = scene([at(vessa, 0, 0, ['agility'])], [at(brute, 5, 0, ['might'])], 1);
    const N = 4000;
    let dealt = 0;
    for (let seed = 1; seed <= N; seed++) {
      const hits = events(enc, seed).filter((e) => e.type === 'attack' && e.who === 'Vessa');
      assert.equal(hits.length, 1, `seed ${seed}`);
      const e = hits[0];
      if (e.type === 'attack') dealt += e.hit?.raw ?? 0;
    }
    const sim = dealt / N; // standard error ≈ 0.07
    assert.ok(Math.abs(sim - exact) < 0.2, `simulated ${sim.toFixed(3)} vs exact ${exact.toFixed(3)}`);
    assert.ok(Math.abs(exact - 10.5) < 0.01, `exact ${exact}`);
  });
  it("HR-C1 HR-E10 (issue 34 item 8): the tactic's floating mean (meanDamage) is the exact mean, negative totals included", () => {
    const pairs: [RollSpec, RollSpec][] = [
      [vessa, brute],
      [vessa, { ...brute, flat: -5 }],
      [
        { ...vessa, flat: -3, level: -1 },
        { ...brute, flat: -5, level: 2 },
      ],
      [kael, grosk],
    ];
    const probs = (r: RollSpec) => rollProbs(r.dice, r.extraDie, r.level, r.flat);
    for (const [a, d] of pairs)
      for (const halved of [false, true]) {
        const plain = fracNum(attackOdds(a, d, halved).mean);
        const fast = meanDamage(probs(a), probs(d), halved);
        assert.ok(Math.abs(fast - plain) < 1e-9, `${JSON.stringify([a, d, halved])}: ${fast} vs ${plain}`);
      }
  });
});
