// Exact odds (TACTICAL-GRID.md "Exact odds", TG-O1): the spec's three worked
// figures as exact fractions, and every formula against brute force over faces.
import assert from 'node:assert/strict';
import {
  atLeast,
  attackHarm,
  difficultyHover,
  entries,
  rollChoices,
  failureStress,
  frac,
  fracStr,
  mean,
  outWithin,
  pSuccess,
  rollSplit,
  splashHarm,
  type Dist,
} from '../../../systems/tactical-grid/engine/odds.js';
import { DEFAULT_RULES } from '../../../systems/tactical-grid/model.js';
import { critFaces, fumbleFaces, plainFaces, plainSuccessFaces } from '../../../systems/tactical-grid/engine/rolls.js';

const R = DEFAULT_RULES;
const ent = (d: Dist): [number, string][] => entries(d).filter(([, p]) => p !== '0');

/** Brute force: every face 1..20 straight from TG-R1/R2/R4/A6, written independently of rolls.ts. */
function brute(mod: number, D: number, crit = 20, fumble = 1, banesFixed: number | null = null) {
  const res: { o: string; dmg: number; stress: number }[] = [];
  const B = banesFixed ?? (D <= 12 ? 1 : D <= 15 ? 2 : D <= 18 ? 3 : D <= 21 ? 4 : D <= 24 ? 5 : 6);
  for (let f = 1; f <= 20; f++) {
    const o = f >= crit ? 'crit' : f <= fumble ? 'fumble' : f + mod >= D ? 'hit' : 'miss';
    res.push({ o, dmg: o === 'crit' ? 2 : o === 'hit' ? 1 : 0, stress: o === 'miss' ? B : o === 'fumble' ? 2 * B : 0 });
  }
  return res;
}
function tally(xs: number[]): [number, string][] {
  const m = new Map<number, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m].sort((a, b) => a[0] - b[0]).map(([v, c]) => [v, fracStr(frac(c, xs.length))]);
}

describe('Tactical Grid exact odds', () => {
  it('TG-O1 TG-R1 TG-R2 TG-R4 TG-A6 TG-X2: figure 1 — Ryn +8 vs Raider 13 with Backstab', () => {
    const s = rollSplit(8, 13, R);
    assert.deepEqual(ent(s), [
      [0, '1/20'],
      [1, '3/20'],
      [2, '3/4'],
      [3, '1/20'],
    ]);
    const h = attackHarm(8, 13, 1, R);
    assert.deepEqual(ent(h), [
      [1, '1/5'],
      [2, '3/4'],
      [3, '1/20'],
    ]);
    assert.equal(fracStr(mean(h)), '37/20');
    const st = failureStress(8, 13, R);
    assert.deepEqual(ent(st), [
      [0, '4/5'],
      [2, '3/20'],
      [4, '1/20'],
    ]);
    assert.equal(fracStr(mean(st)), '1/2');
  });

  it('TG-O1 TG-A3 TG-X2 TG-X3 TG-R4: figure 2 — a Raider attacks Tamsin (Defense 3): 15 from behind, 13 facing', () => {
    const back = failureStress(3, 13 + 2, R);
    assert.deepEqual(ent(back), [
      [0, '9/20'],
      [2, '1/2'],
      [4, '1/20'],
    ]);
    assert.equal(fracStr(mean(back)), '6/5');
    const front = failureStress(3, 13, R);
    assert.deepEqual(ent(front), [
      [0, '11/20'],
      [2, '2/5'],
      [4, '1/20'],
    ]);
    assert.equal(fracStr(mean(front)), '1');
  });

  it('TG-O1 TG-V6: figure 3 — two attacks on a 3-health Raider, OUT by convolution; drive +5', () => {
    const first = attackHarm(5, 13, 1, R),
      second = attackHarm(5, 13, 0, R);
    assert.deepEqual(ent(first), [
      [1, '7/20'],
      [2, '3/5'],
      [3, '1/20'],
    ]);
    assert.deepEqual(ent(second), [
      [0, '7/20'],
      [1, '3/5'],
      [2, '1/20'],
    ]);
    const outs = outWithin([first, second], 3);
    assert.deepEqual(outs.map(fracStr), ['1/20', '183/400']);
    assert.equal(Number(outs[1].n) / Number(outs[1].d), 0.4575);
    assert.equal(fracStr(pSuccess(5, 13, R)), '13/20');
    assert.equal(fracStr(pSuccess(10, 13, R)), '9/10');
  });

  it('TG-O1 TG-E3: Splash harm is the base damage only', () => {
    assert.deepEqual(ent(splashHarm(8, 13, R)), [
      [0, '1/5'],
      [1, '3/4'],
      [2, '1/20'],
    ]);
  });

  it('TG-O1 TG-R2 TG-R4 TG-K5: every formula equals brute force over the faces (mods −2…12, difficulties 5…30, rules knobs)', () => {
    const knobs = [
      [20, 1, null],
      [19, 2, null],
      [20, 0, null],
      [18, 1, 3],
    ] as const;
    for (const [crit, fumble, b] of knobs) {
      const rr = { crit, fumble, banes: b };
      for (let mod = -2; mod <= 12; mod++) {
        for (let D = 5; D <= 30; D++) {
          const bf = brute(mod, D, crit, fumble, b);
          const order = ['fumble', 'miss', 'hit', 'crit'];
          assert.deepEqual(ent(rollSplit(mod, D, rr)), tally(bf.map((x) => order.indexOf(x.o))), `split ${mod} ${D}`);
          for (let t = 0; t <= 3; t++)
            assert.deepEqual(ent(attackHarm(mod, D, t, rr)), tally(bf.map((x) => x.dmg + t)));
          assert.deepEqual(ent(splashHarm(mod, D, rr)), tally(bf.map((x) => x.dmg)));
          assert.deepEqual(ent(failureStress(mod, D, rr)), tally(bf.map((x) => x.stress)));
        }
      }
    }
  });

  it('TG-O1: OUT within n attacks equals brute force over all 20^n face tuples', () => {
    for (const [mod, D, tac, left] of [
      [5, 13, [1, 0, 0], 3],
      [8, 15, [0, 2, 1], 5],
      [2, 12, [0, 0, 0], 2],
    ] as const) {
      const ds = tac.map((t) => attackHarm(mod, D, t, R));
      const got = outWithin(ds, left).map(fracStr);
      const want: string[] = [];
      for (let n = 1; n <= tac.length; n++) {
        let hit = 0,
          total = 0;
        const rec = (k: number, sum: number): void => {
          if (k === n) {
            total++;
            if (sum >= left) hit++;
            return;
          }
          for (const x of brute(mod, D)) rec(k + 1, sum + x.dmg + tac[k]);
        };
        rec(0, 0);
        want.push(fracStr(frac(hit, total)));
      }
      assert.deepEqual(got, want);
    }
    assert.equal(fracStr(atLeast(attackHarm(5, 13, 0, R), 0)), '1');
  });

  it('TG-O2: the difficulty hover (banes, P(hit) at modifiers 2–11) and the placement splits (no tag / best tag / Help) equal brute force', () => {
    const h = difficultyHover(13, R);
    assert.deepEqual([h.banes, h.critBanes], [2, 4]);
    assert.deepEqual(
      h.hit.map((x) => fracStr(x.p)),
      ['1/2', '11/20', '3/5', '13/20', '7/10', '3/4', '4/5', '17/20', '9/10', '19/20'],
    );
    for (let D = 8; D <= 26; D++) {
      difficultyHover(D, R).hit.forEach(({ mod, p }) => {
        const n = brute(mod, D).filter((x) => x.o === 'hit' || x.o === 'crit').length;
        assert.equal(fracStr(p), fracStr(frac(n, 20)));
      });
    }
    const c = rollChoices(5, 13, 3, R);
    assert.deepEqual(ent(c.tag), ent(rollSplit(8, 13, R)));
    assert.deepEqual(ent(c.help), [
      [0, '1/20'],
      [1, '1/4'],
      [2, '13/20'],
      [3, '1/20'],
    ]);
  });
  it("TG-R1 TG-R2 TGS-3 TGS-7: the plan values' face counts (critical, fumble, plain, plain successes) equal counting the 20 faces, for every crit, fumble, modifier and difficulty", () => {
    let checked = 0;
    for (let crit = 2; crit <= 21; crit++) {
      for (let fumble = 0; fumble <= 20; fumble++) {
        const r = { crit, fumble, banes: null };
        for (const mod of [-3, 0, 5, 11]) {
          for (let D = mod - 4; D <= mod + 24; D++) {
            // every face straight from TG-R1/R2 (as brute() above)
            let nCrit = 0,
              nFumble = 0,
              nHit = 0,
              nMiss = 0;
            for (let f = 1; f <= 20; f++) {
              if (f >= crit) nCrit++;
              else if (f <= fumble) nFumble++;
              else if (f + mod >= D) nHit++;
              else nMiss++;
            }
            assert.equal(critFaces(r), nCrit, `crit ${crit} fumble ${fumble}`);
            assert.equal(fumbleFaces(r), nFumble, `crit ${crit} fumble ${fumble}`);
            assert.equal(plainFaces(r), nHit + nMiss, `crit ${crit} fumble ${fumble}`);
            assert.equal(plainSuccessFaces(mod, D, r), nHit, `crit ${crit} fumble ${fumble} mod ${mod} D ${D}`);
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 40000, `${checked} cases`);
  });
});
