// Exact odds (ARCANA.md "Exact odds"): the spec's figures as exact fractions,
// and every formula against brute force over the 52 physical cards.
import assert from 'node:assert/strict';
import { opposedChance, unopposedChance } from '../../../systems/arcana/engine/chances.js';
import {
  attackOdds,
  frac,
  fracStr,
  initiativeOdds,
  opposedOdds,
  unopposedOdds,
  winsInitiativeTie,
  type AttackSpec,
  type Frac,
} from '../../../systems/arcana/engine/odds.js';
import { attackOddsFor, initiativeOddsFor, maneuverOddsFor } from '../../../systems/arcana/engine/exact.js';
import { attackBase, damageBonus, defenseBase } from '../../../systems/arcana/model.js';
import { bruno, cards, deckhand, dust, lantern, raid, silas, vale } from './scene.js';

const val = (c: number): number => (c % 13) + 2;
const eq = (a: Frac, b: Frac): boolean => a.n === b.n && a.d === b.d;

/** Every ordered tuple of k distinct physical cards of `deck`. */
function tuples(deck: number[], k: number, fn: (t: number[]) => void): number {
  const used = new Uint8Array(52);
  const t: number[] = [];
  let total = 0;
  const rec = (j: number): void => {
    if (j === k) {
      total++;
      fn(t);
      return;
    }
    for (const c of deck) {
      if (used[c]) continue;
      used[c] = 1;
      t.push(c);
      rec(j + 1);
      t.pop();
      used[c] = 0;
    }
  };
  rec(0);
  return total;
}
const full = (minus: number[] = []): number[] =>
  Array.from({ length: 52 }, (_, i) => i).filter((c) => !minus.includes(c));

/** Brute force of one attack, written from the rules directly (AR-A2…A6, D1, T5, C6). */
function bruteAttack(
  s: AttackSpec,
  hand: number[] | 'unknown' | null,
): { hit: Frac; mean: Frac; out: Frac; dist: Map<number, number>; total: number } {
  const known = Array.isArray(hand) ? hand : [];
  const aim = s.aim ? 1 : 0;
  const k = aim + 2 + (hand === 'unknown' ? 1 : 0);
  const dmgOf = (a: number, d: number): number => {
    const A = s.attack + a,
      D = s.defense + d;
    return A > D ? Math.max(1, A - D + s.damageBonus - s.toughness) : 0;
  };
  const cls = (x: number): number => (x === 0 ? 0 : x >= s.health ? 2 : 1);
  let hit = 0,
    sum = 0,
    out = 0;
  const dist = new Map<number, number>();
  const total = tuples(full(known), k, (t) => {
    const aimV = aim ? val(t[0]) : 0;
    const d = val(t[aim + 1]);
    let x = dmgOf(Math.max(aimV, val(t[aim])), d);
    const handVals = hand === 'unknown' ? [val(t[aim + 2])] : Array.isArray(hand) ? hand.map(val) : [];
    // AR-C6: the lowest hand card that changes the outcome for the better
    for (const h of handVals.sort((p, q) => p - q)) {
      const y = dmgOf(Math.max(aimV, h), d);
      if (cls(y) > cls(x)) {
        x = y;
        break;
      }
    }
    if (x > 0) hit++;
    sum += x;
    if (cls(x) === 2) out++;
    dist.set(x, (dist.get(x) ?? 0) + 1);
  });
  return { hit: frac(hit, total), mean: frac(sum, total), out: frac(out, total), dist, total };
}

function agree(s: AttackSpec, hand: number[] | 'unknown' | null): void {
  const o = attackOdds({ ...s, cheat: hand === null ? null : hand === 'unknown' ? 'unknown' : { hand } });
  const b = bruteAttack(s, hand);
  assert.equal(fracStr(o.pHit), fracStr(b.hit), `P(hit) ${JSON.stringify(s)} ${hand}`);
  assert.equal(fracStr(o.mean), fracStr(b.mean), 'E[damage]');
  assert.equal(fracStr(o.pOut), fracStr(b.out), 'P(Taken Out)');
  for (const [x, c] of b.dist) assert.ok(eq(o.damage.get(x)!, frac(c, b.total)), `P(damage = ${x})`);
  assert.equal(o.damage.size, b.dist.size);
}

// The spec's characters, as the model derives them
const brunoVsDeckhand: AttackSpec = {
  attack: attackBase(bruno),
  defense: defenseBase(deckhand),
  damageBonus: damageBonus(bruno),
  toughness: deckhand.toughness,
  health: deckhand.health,
};
const brunoVsSilas: AttackSpec = {
  attack: attackBase(bruno),
  defense: defenseBase(silas),
  damageBonus: damageBonus(bruno),
  toughness: silas.toughness,
  health: silas.health,
};
const valeVsSilas: AttackSpec = {
  attack: attackBase(vale),
  defense: defenseBase(silas),
  damageBonus: damageBonus(vale),
  toughness: silas.toughness,
  health: silas.health,
};

describe('Arcana exact odds', () => {
  it('AR-A2 AR-A4 AR-A5 AR-D1 AR-D4: 1. Bruno vs a Deckhand, no cheat: P(hit) 173/221, E[damage] 1563/221, P(Taken Out) 133/221', () => {
    assert.deepEqual([brunoVsDeckhand.attack, brunoVsDeckhand.defense, brunoVsDeckhand.toughness], [7, 2, 0]);
    const o = attackOdds(brunoVsDeckhand);
    assert.deepEqual([fracStr(o.pHit), fracStr(o.mean), fracStr(o.pOut)], ['173/221', '1563/221', '133/221']);
    let sum = frac(0, 1);
    for (const p of o.damage.values()) sum = frac(sum.n * p.d + p.n * sum.d, sum.d * p.d);
    assert.equal(fracStr(sum), '1/1');
  });
  it('AR-D2 AR-C6: 2. Bruno vs Silas: 443/663, 3092/663; holding 10♠ 5♥ 3♦ with an aspect (49-card deck): 37/42, 793/147, 11/294', () => {
    assert.deepEqual([brunoVsSilas.defense, brunoVsSilas.toughness], [4, 1]);
    const o = attackOdds(brunoVsSilas);
    assert.deepEqual([fracStr(o.pHit), fracStr(o.mean)], ['443/663', '3092/663']);
    const c = attackOdds({ ...brunoVsSilas, cheat: { hand: cards('10♠ 5♥ 3♦') } });
    assert.deepEqual([fracStr(c.pHit), fracStr(c.mean), fracStr(c.pOut)], ['37/42', '793/147', '11/294']);
  });
  it('AR-A3 AR-T5: 3. Vale vs Silas: plain 443/663, 3535/663; aimed (best of two) 907/1105, 23921/3315', () => {
    const o = attackOdds(valeVsSilas);
    assert.deepEqual([fracStr(o.pHit), fracStr(o.mean)], ['443/663', '3535/663']);
    const a = attackOdds({ ...valeVsSilas, aim: true });
    assert.deepEqual([fracStr(a.pHit), fracStr(a.mean)], ['907/1105', '23921/3315']);
  });
  it('AR-M2 AR-M3 AR-I1 AR-I3: maneuvers and initiative — 7/13, 88/221, 8/17, Vale before Silas 133/221', () => {
    assert.equal(fracStr(unopposedOdds(4, 12)), '7/13'); // Kick Over the Lantern
    assert.equal(fracStr(opposedOdds(2, 3)), '88/221'); // Dust in the Eyes, Bruno vs Silas
    assert.equal(fracStr(opposedOdds(3, 3)), '8/17');
    const valeFirst = winsInitiativeTie(
      { alertness: 4, players: true, index: 0 },
      { alertness: 3, players: false, index: 2 },
    );
    assert.equal(valeFirst, true);
    assert.equal(fracStr(initiativeOdds(4, 3, valeFirst)), '133/221');
  });
  it("AR-I3: initiative ties — higher Alertness, then the players' side, then file order", () => {
    assert.equal(
      winsInitiativeTie({ alertness: 2, players: false, index: 0 }, { alertness: 3, players: true, index: 1 }),
      false,
    );
    assert.equal(
      winsInitiativeTie({ alertness: 3, players: false, index: 0 }, { alertness: 3, players: true, index: 1 }),
      false,
    );
    assert.equal(
      winsInitiativeTie({ alertness: 3, players: true, index: 3 }, { alertness: 3, players: true, index: 1 }),
      false,
    );
    assert.equal(
      winsInitiativeTie({ alertness: 3, players: true, index: 1 }, { alertness: 3, players: true, index: 3 }),
      true,
    );
  });

  it('AR-A5 AR-D1: attack odds equal brute force over the 52 cards (no cheat, many specs)', () => {
    for (const attack of [3, 7, 10])
      for (const defense of [2, 5, 9])
        for (const health of [1, 6, 14]) {
          agree({ attack, defense, damageBonus: 2, toughness: 1, health }, null);
        }
    agree({ attack: 4, defense: 4, damageBonus: -1, toughness: 3, health: 5 }, null);
  });
  it('AR-T5: aimed attacks (best of two) equal brute force over ordered triples', () => {
    agree({ ...valeVsSilas, aim: true }, null);
    agree({ attack: 5, defense: 6, damageBonus: 1, toughness: 2, health: 4, aim: true }, null);
  });
  it('AR-C6: cheats with a known hand and with one unknown card equal brute force', () => {
    agree(brunoVsSilas, cards('10♠ 5♥ 3♦'));
    agree(brunoVsDeckhand, cards('2♣ 9♦'));
    agree({ attack: 5, defense: 6, damageBonus: 1, toughness: 2, health: 4 }, cards('A♠ K♥ 7♣ 4♦ 2♥'));
    agree({ ...valeVsSilas, aim: true }, cards('Q♠ 8♥'));
    agree(brunoVsSilas, 'unknown');
    agree({ attack: 5, defense: 6, damageBonus: 1, toughness: 2, health: 4 }, 'unknown');
  });
  it('AR-M2 AR-M3 AR-I1: maneuver and initiative odds equal brute force, with known cards removed', () => {
    const known = cards('A♠ 2♣ 7♦');
    for (const s of [1, 3, 6])
      for (const tn of [5, 10, 14, 21]) {
        let win = 0;
        const t = tuples(full(known), 1, (c) => void (s + val(c[0]) >= tn && win++));
        assert.equal(fracStr(unopposedOdds(s, tn, known)), fracStr(frac(win, t)));
      }
    for (const s of [1, 4])
      for (const a of [1, 3, 6]) {
        let win = 0,
          ini = 0;
        const t = tuples(full(known), 2, (c) => {
          if (s + val(c[0]) > a + val(c[1])) win++;
          if (s + val(c[0]) >= a + val(c[1])) ini++;
        });
        assert.equal(fracStr(opposedOdds(s, a, known)), fracStr(frac(win, t)));
        assert.equal(fracStr(initiativeOdds(s, a, true, known)), fracStr(frac(ini, t)));
        assert.equal(fracStr(initiativeOdds(s, a, false, known)), fracStr(frac(win, t)));
      }
  });
  it('"The simulator": the tactics\' integer chances equal the exact odds on the full deck', () => {
    for (let s = -2; s <= 8; s++) {
      for (let a = -2; a <= 8; a++) {
        const c = opposedChance(s, a);
        assert.equal(fracStr(frac(c.n, c.d)), fracStr(opposedOdds(s, a)));
      }
      for (let tn = 0; tn <= 24; tn++) {
        const c = unopposedChance(s, tn);
        assert.equal(fracStr(frac(c.n, c.d)), fracStr(unopposedOdds(s, tn)), `stat ${s} tn ${tn}`);
      }
    }
  });
  it("the hover's view from the model: the same figures from the example file's characters", () => {
    const a = attackOddsFor(bruno, deckhand);
    assert.deepEqual([fracStr(a.pHit), fracStr(a.mean), fracStr(a.pOut)], ['173/221', '1563/221', '133/221']);
    const c = attackOddsFor(bruno, silas, { cheat: cards('10♠ 5♥ 3♦') });
    assert.deepEqual([fracStr(c.pHit), fracStr(c.mean), fracStr(c.pOut)], ['37/42', '793/147', '11/294']);
    const v = attackOddsFor(vale, silas); // a ranged attacker aims (the simulator always does)
    assert.deepEqual([fracStr(v.pHit), fracStr(v.mean)], ['907/1105', '23921/3315']);
    assert.equal(fracStr(maneuverOddsFor(bruno, lantern, null, raid())), '7/13');
    assert.equal(fracStr(maneuverOddsFor(bruno, dust, silas, raid())), '88/221');
    assert.equal(fracStr(initiativeOddsFor(raid(), 0, 2)), '133/221');
    assert.equal(fracStr(initiativeOddsFor(raid(), 2, 0)), fracStr(frac(221n - 133n, 221n)));
  });
});
