// A placement's exact odds in the fight as placed (engine/placement-odds.ts, the
// spec's "Exact odds": the matrix with Help and cover as they stand, maneuver
// success, opportunity attacks per chosen stance). Every figure is checked by
// brute force over every face of every die, built here from the rules' words,
// not from the code under test; who Helps and who opens is checked against the
// simulator's own log.
import assert from 'node:assert/strict';
import { armor, weapon, type Character } from '../../../systems/heart-rush/model.js';
import {
  helpersAsPlaced,
  placedAll,
  placementOdds,
  type FoeOdds,
} from '../../../systems/heart-rush/engine/placement-odds.js';
import type { AttackOdds, Frac } from '../../../systems/heart-rush/engine/odds.js';
import type { ExchangeCell } from '../../../systems/heart-rush/engine/exchange.js';
import { hoverText, serviceWith } from '../../server/cursor.js';
import { at, events, scene, who } from './scene.js';

// ── brute force over every face ──
/** Totals of a roll: every face of `dice` plus `extra` dice, keeping dice.length of them (highest if adv > 0, lowest if < 0), + flat. */
function roll(dice: number[], extra: number[] = [], adv = 0, flat = 0): Map<number, number> {
  const all = [...dice, ...extra];
  const out = new Map<number, number>();
  const faces = new Array<number>(all.length);
  const rec = (i: number): void => {
    if (i === all.length) {
      const sorted = [...faces].sort((a, b) => (adv >= 0 ? b - a : a - b));
      const t = sorted.slice(0, dice.length).reduce((a, b) => a + b, 0) + flat;
      out.set(t, (out.get(t) ?? 0) + 1);
      return;
    }
    for (let f = 1; f <= all[i]; f++) {
      faces[i] = f;
      rec(i + 1);
    }
  };
  rec(0);
  return out;
}
const total = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** HR-C1, E10, H3: counts of damage ≥ 1, the damage summed, damage ≥ 10, over all pairs. */
function attack(
  att: Map<number, number>,
  def: Map<number, number>,
  halved = false,
): { hit: number; sum: number; wound: number; n: number } {
  let hit = 0,
    sum = 0,
    wound = 0;
  for (const [a, ca] of att)
    for (const [d, cd] of def) {
      let dmg = Math.max(0, a - d);
      if (halved) dmg = Math.ceil(dmg / 2);
      if (dmg >= 1) hit += ca * cd;
      sum += dmg * ca * cd;
      if (dmg >= 10) wound += ca * cd;
    }
  return { hit, sum, wound, n: total(att) * total(def) };
}
/** HR-C2: a contest's attacker wins / ties. */
function contest(a: Map<number, number>, b: Map<number, number>): { win: number; tie: number; n: number } {
  let win = 0,
    tie = 0;
  for (const [x, cx] of a)
    for (const [y, cy] of b) {
      if (x > y) win += cx * cy;
      else if (x === y) tie += cx * cy;
    }
  return { win, tie, n: total(a) * total(b) };
}
/** HR-M1, D4: P(mine > theirs). */
function beats(a: Map<number, number>, b: Map<number, number>): { win: number; n: number } {
  const c = contest(a, b);
  return { win: c.win, n: c.n };
}

function eq(f: Frac, num: number, den: number, what: string): void {
  assert.equal(f.n * BigInt(den), BigInt(num) * f.d, `${what}: ${f.n}/${f.d} ≠ ${num}/${den}`);
}
function sameAttack(o: AttackOdds, b: ReturnType<typeof attack>, what: string): void {
  eq(o.pHit, b.hit, b.n, `${what} P(damage ≥ 1)`);
  eq(o.mean, b.sum, b.n, `${what} E[damage]`);
  eq(o.pWound, b.wound, b.n, `${what} P(wound)`);
}
function cell(f: FoeOdds, s: 'might' | 'agility' | 'cunning', t: string): ExchangeCell {
  return f.cells[['might', 'agility', 'cunning'].indexOf(s)][f.targets.indexOf(t as never)];
}
const attackCell = (c: ExchangeCell): AttackOdds => {
  assert.equal(c.kind, 'attack');
  return (c as Extract<ExchangeCell, { kind: 'attack' }>).odds;
};

const LONGBOW = weapon('Longbow', { kind: 'ranged', die: 8, reach: 80, hands: 2 });
const SPEAR = weapon('Spear', { die: 8, reach: 10, hands: 2 });
// Sable: heart d8, might d4, agility d10, cunning d8, a Longbow; the Goblin: heart d6, might/agility/cunning d6, Leather +1
const sable = (c: Partial<Character> = {}) =>
  who('Sable', { heart: 8, might: 4, agility: 10, cunning: 8, weapons: [LONGBOW], ...c });
const goblin = (c: Partial<Character> = {}, name = 'Goblin') =>
  who(name, { heart: 6, armor: armor('Leather', 1), weapons: [weapon('Knife', { die: 4 })], ...c });

describe("Heart Rush: a placement's exact odds as placed (cover, Help, surprise, opportunity attacks)", () => {
  it('HR-S3 HR-C4 HR-D3: heavy cover costs a ranged attack 2 levels of disadvantage (two more agility dice, keep the lowest 3); melee pays nothing; total cover: no ranged attack', () => {
    const enc = scene([at(sable(), 0, 0)], [at(goblin(), 50, 0, [], [], { cover: 'heavy' })]);
    const f = placementOdds(enc, 0).foes[0];
    assert.deepEqual([f.cover.levels, f.situation.attackLevel, f.situation.defenseLevel], [2, -2, 0]);
    // agility attack on a might-stance Goblin: heart d8 + agility d10 + Longbow d8, two extra d10, lowest three; vs heart d6 + agility d6 + 1
    sameAttack(
      attackCell(cell(f, 'agility', 'might')),
      attack(roll([8, 10, 8], [10, 10], -1), roll([6, 6], [], 0, 1)),
      'agility vs might, heavy cover',
    );
    // on a defensive Goblin: the same, halved (HR-E10)
    sameAttack(
      attackCell(cell(f, 'cunning', 'defensive')),
      attack(roll([8, 8, 8], [8, 8], -1), roll([6, 6], [], 0, 1), true),
      'cunning vs defensive, heavy cover',
    );
    // might vs cunning: the might bonus is one more Longbow die (HR-C5), in the pool before keeping
    sameAttack(
      attackCell(cell(f, 'might', 'cunning')),
      attack(roll([8, 4, 8, 8], [4, 4], -1), roll([6, 6], [], 0, 1)),
      'might vs cunning, heavy cover',
    );
    // a contest: only the attacker's roll pays for the cover (the Goblin's contest roll is its own attack: Knife d4, no armor)
    const k = cell(f, 'might', 'might');
    assert.equal(k.kind, 'contest');
    const b = contest(roll([8, 4, 8], [4, 4], -1), roll([6, 6, 4]));
    eq((k as Extract<ExchangeCell, { kind: 'contest' }>).odds.pWin, b.win, b.n, 'contest win');
    eq((k as Extract<ExchangeCell, { kind: 'contest' }>).odds.pTie, b.tie, b.n, 'contest tie');
    // a melee attacker ignores cover
    const melee = placementOdds(
      scene([at(sable({ weapons: [SPEAR] }), 0, 0)], [at(goblin(), 50, 0, [], [], { cover: 'heavy' })]),
      0,
    ).foes[0];
    assert.deepEqual([melee.cover.levels, melee.situation.attackLevel], [0, 0]);
    sameAttack(
      attackCell(cell(melee, 'agility', 'might')),
      attack(roll([8, 10, 8]), roll([6, 6], [], 0, 1)),
      'melee vs heavy cover',
    );
    const total = placementOdds(scene([at(sable(), 0, 0)], [at(goblin(), 50, 0, [], [], { cover: 'total' })]), 0)
      .foes[0];
    assert.equal(total.cover.blocked, true);
    assert.equal(total.cells.length, 0);
  });

  it("HR-A6 HR-C4: an adjacent ally Helps the lowest-HP ally within 5 ft (file order on ties); Help on the foe's side raises its defense; both stack with cover", () => {
    // Sable (28 HP) beside Tomas (40 HP): Tomas Helps Sable. Goblin 1 beside Goblin 2 (same HP): each Helps the other.
    const enc = scene(
      [at(sable({ hp: 28 }), 0, 0), at(who('Tomas', { hp: 40, tactics: 'default' }), 5, 0)],
      [
        at(goblin({ tactics: 'default' }, 'Goblin 1'), 60, 0, [], [], { cover: 'light' }),
        at(goblin({ tactics: 'default' }, 'Goblin 2'), 65, 0),
      ],
    );
    const o = placementOdds(enc, 0);
    assert.deepEqual(o.helpers, ['Tomas']);
    const f = o.foes.find((x) => x.foe.p.name === 'Goblin 1')!;
    assert.deepEqual(f.foeHelpers, ['Goblin 2']);
    assert.deepEqual(
      [f.situation.attackLevel, f.situation.defenseLevel],
      [0, 1],
      '+1 Help −1 light cover; +1 Help on its defense',
    );
    // cunning on an agility-stance Goblin 1: heart d8 + cunning d8 + Longbow d8 at net 0; defense heart d6 + cunning d6 + 1 extra d6, best two, + 1
    sameAttack(
      attackCell(cell(f, 'cunning', 'agility')),
      attack(roll([8, 8, 8]), roll([6, 6], [6], 1, 1)),
      'Help both ways, light cover',
    );
    const g2 = o.foes.find((x) => x.foe.p.name === 'Goblin 2')!;
    assert.deepEqual([g2.situation.attackLevel, g2.situation.defenseLevel], [1, 1]);
    sameAttack(
      attackCell(cell(g2, 'agility', 'might')),
      attack(roll([8, 10, 8], [10], 1), roll([6, 6], [6], 1, 1)),
      'Help both ways, no cover',
    );
    // Tomas (40 HP) helps no one but Sable; a `hold` ally never Helps
    const held = scene([at(sable({ hp: 28 }), 0, 0), at(who('Tomas', { hp: 40 }), 5, 0)], [at(goblin(), 60, 0)]);
    assert.deepEqual(placementOdds(held, 0).helpers, []);
    // with two allies within 5 ft, a helper Helps the lowest HP: Pip (20) beside Sable (28) and Tomas; Tomas Helps Pip, Pip Helps Sable
    const three = scene(
      [
        at(sable({ hp: 28 }), 0, 0),
        at(who('Tomas', { hp: 40, tactics: 'default' }), 5, 0),
        at(who('Pip', { hp: 20, tactics: 'default' }), 5, 5),
      ],
      [at(goblin(), 60, 0)],
    );
    assert.deepEqual(placementOdds(three, 0).helpers, ['Pip']);
    assert.deepEqual(placementOdds(three, 2).helpers, ['Tomas']);
  });

  it("HR-C2 HR-A6 HR-D3: the spec's exact-odds example 3 as placed — Kael, Helped by the ally beside him, contests Grosk might against might: the spec's fractions", () => {
    const kael = who('Kael', { heart: 6, might: 8, weapons: [weapon('Longsword', { die: 8 })] });
    const grosk = who('Grosk', { heart: 8, might: 6, weapons: [weapon('Handaxe', { die: 10 })] });
    const enc = scene([at(kael, 0, 0), at(who('Squire', { hp: 30, tactics: 'support' }), 0, 5)], [at(grosk, 5, 0)]);
    const o = placementOdds(enc, 0);
    assert.deepEqual(o.helpers, ['Squire']);
    const k = cell(o.foes[0], 'might', 'might');
    assert.equal(k.kind, 'contest');
    const c = (k as Extract<ExchangeCell, { kind: 'contest' }>).odds;
    eq(c.pWin, 35287, 61440, 'Kael wins');
    eq(c.pTie, 2797, 40960, 'tie');
    eq(c.pLose, 8783, 24576, 'Grosk wins');
    eq(c.meanToTarget, 444731, 147456, 'E[damage to Grosk]');
    eq(c.meanToAttacker, 225323, 147456, 'E[damage to Kael]');
    const b = contest(roll([6, 8, 8], [8], 1), roll([8, 6, 10]));
    eq(c.pWin, b.win, b.n, 'Kael wins, brute force');
  });

  it("HR-A6: who Helps as placed is who the simulator's round 1 Helps when nobody needs to move", () => {
    // everyone already within reach of the nearest foe (Spears, reach 10 ft): no one moves, so the last pass Helps as placed
    const spear = (name: string, hp: number) => who(name, { hp, tactics: 'default', weapons: [SPEAR] });
    const enc = scene(
      [at(spear('A1', 30), 0, 0), at(spear('A2', 20), 5, 0), at(spear('A3', 25), 0, 5)],
      [at(spear('B1', 30), 10, 0), at(spear('B2', 30), 15, 0), at(spear('B3', 12), 10, 5)],
    );
    const all = placedAll(enc);
    const predicted = all
      .flatMap((i) => helpersAsPlaced(all, i, new Set()).map((h) => `${h.p.name}→${i.p.name}`))
      .sort();
    const logged = events(enc, 1, 1).filter((e) => e.type === 'move');
    assert.deepEqual(logged, [], 'nobody moves in round 1');
    const helps = events(enc, 1, 1)
      .flatMap((e) => (e.type === 'help' ? [`${e.who}→${e.ally}`] : []))
      .sort();
    assert.deepEqual(predicted, helps);
    assert.ok(helps.length >= 4, helps.join(' '));
  });

  it('HR-S1 HR-R5 HR-O3: a surprised foe adds the column none (no might bonus, no halving); prepared enemies in reach open on it, in their best stance', () => {
    const enc = scene(
      [at(sable({ weapons: [SPEAR], tactics: 'default' }), 0, 0)],
      [at(goblin(), 10, 0, [], [], { surprised: true })],
    );
    const o = placementOdds(enc, 0);
    const f = o.foes[0];
    assert.deepEqual(f.targets, ['might', 'agility', 'cunning', 'defensive', 'none']);
    // might vs none: no might bonus (HR-C5 needs a cunning-stance target), the defense die is might's
    sameAttack(attackCell(cell(f, 'might', 'none')), attack(roll([8, 4, 8]), roll([6, 6], [], 0, 1)), 'might vs none');
    // the opener: Sable's opportunity attack on the surprised Goblin, as the simulator logs it
    assert.equal(o.openers.length, 1);
    const op = o.openers[0];
    assert.deepEqual([op.who, op.target], ['Sable', 'Goblin']);
    const means = (['might', 'agility', 'cunning'] as const).map((s) => {
      const d = s === 'might' ? 4 : s === 'agility' ? 10 : 8;
      const b = attack(roll([8, d, 8]), roll([6, 6], [], 0, 1));
      return b.sum / b.n;
    });
    assert.equal(op.stance, 'agility', `best mean ${means}`);
    sameAttack(op.odds, attack(roll([8, 10, 8]), roll([6, 6], [], 0, 1)), 'opener on the surprised');
    const logged = events(enc, 1, 1).find((e) => e.type === 'attack' && e.kind === 'opportunity');
    assert.ok(logged && logged.type === 'attack' && logged.stance === 'agility' && logged.target === 'Goblin');
  });

  it('HR-S1 HR-R5: a surprised placement is opened on by every prepared foe that reaches it, and its hover says it loses round 1', () => {
    const spearman = (name: string) => goblin({ tactics: 'default', weapons: [SPEAR] }, name);
    const enc = scene(
      [at(sable({ hp: 28 }), 0, 0, [], [], { surprised: true })],
      [at(spearman('G1'), 10, 0), at(spearman('G2'), 0, 10), at(spearman('G3'), 30, 0)],
    );
    const o = placementOdds(enc, 0);
    assert.deepEqual(
      o.openers.map((x) => `${x.who}→${x.target}`),
      ['G1→Sable', 'G2→Sable'],
      'G3 is out of reach',
    );
    for (const op of o.openers) {
      const d = { might: 4, agility: 10, cunning: 8 }[op.stance];
      sameAttack(op.odds, attack(roll([6, 6, 8]), roll([8, d])), `${op.who} on the surprised Sable`);
    }
    const logged = events(enc, 1, 1).flatMap((e) =>
      e.type === 'attack' && e.kind === 'opportunity' ? [`${e.who}→${e.target} ${e.stance}`] : [],
    );
    assert.deepEqual(
      logged,
      o.openers.map((x) => `${x.who}→${x.target} ${x.stance}`),
    );
    const h = hoverText(
      'system heart-rush\ncharacter Sable { hp 28 }\ncharacter G { hp 9 }\nencounter E {\n  side a { Sa<|>ble at 0ft 0ft surprised }\n  side b { G at 5ft 0ft }\n}\n',
    );
    assert.match(h, /Sable is surprised: no steps, no opportunity attacks and no stance in round 1 \(HR-S1\)/);
    assert.match(h, /G → Sable — surprised \(HR-S1\) — /);
  });

  it("HR-D5: when the simulator refuses the file's scripted dice, the openers are said to be unknown, the rest still shown", () => {
    const enc = scene(
      [at(sable({ weapons: [SPEAR], tactics: 'default' }), 0, 0, [], [12, 12, 12])],
      [at(goblin(), 10, 0, [], [], { surprised: true })],
    );
    const o = placementOdds(enc, 0);
    assert.equal(o.openersUnknown, true);
    assert.equal(o.foes.length, 1);
  });

  it("HR-O2 HR-R5 HR-S3: a hidden archer opens on its focus, through that one's cover; the target's hover shows it", () => {
    const enc = scene(
      [at(sable({ hp: 28 }), 0, 0, [], [], { cover: 'light' })],
      [
        // not `hold`: a test-scene dummy makes no opening strike (HRS-7, issue 34 item 8)
        at(
          goblin(
            { tactics: 'default', weapons: [weapon('Shortbow', { kind: 'ranged', die: 6, reach: 60 })] },
            'Archer',
          ),
          40,
          0,
          [],
          [],
          {
            hidden: true,
          },
        ),
      ],
    );
    const o = placementOdds(enc, 0);
    assert.equal(o.openers.length, 1);
    const op = o.openers[0];
    assert.deepEqual([op.who, op.target, op.level], ['Archer', 'Sable', -1]);
    const ab = { might: 4, agility: 10, cunning: 8 }[op.stance];
    // the Goblin archer: heart d6 + d6 (its every ability) + Shortbow d6, one extra d6, lowest three; Sable defends heart d8 + the stance's die
    sameAttack(op.odds, attack(roll([6, 6, 6], [6], -1), roll([8, ab])), 'hidden opener through light cover');
    assert.equal(op.stance, 'might', 'the weakest defense die of Sable is might (d4)');
  });

  it('HR-O2 HR-O3 HR-A4: a foe whose melee reach covers the placement threatens a move away, in its best stance; `hold`, ranged and surprised foes do not', () => {
    const brute = goblin({ tactics: 'default', weapons: [SPEAR], might: 10, agility: 4 }, 'Brute');
    const o = placementOdds(scene([at(sable(), 0, 0)], [at(brute, 10, 0)]), 0);
    assert.equal(o.threats.length, 1);
    const t = o.threats[0];
    assert.deepEqual([t.who, t.weapon, t.reach], ['Brute', 'Spear', 10]);
    const best = (['might', 'agility', 'cunning'] as const)
      .map((s) => ({
        s,
        b: attack(
          roll([6, { might: 10, agility: 4, cunning: 6 }[s], 8]),
          roll([8, { might: 4, agility: 10, cunning: 8 }[s]]),
        ),
      }))
      .reduce((x, y) => (y.b.sum / y.b.n > x.b.sum / x.b.n ? y : x));
    assert.equal(t.stance, best.s);
    sameAttack(t.odds, best.b, 'reach threat');
    for (const c of [{ tactics: 'hold' as const }, { weapons: [LONGBOW] }])
      assert.equal(
        placementOdds(
          scene([at(sable(), 0, 0)], [at(goblin({ tactics: 'default', weapons: [SPEAR], ...c }, 'Brute'), 10, 0)]),
          0,
        ).threats.length,
        0,
      );
    const held = placementOdds(
      scene([at(sable(), 0, 0)], [at(goblin({ tactics: 'hold', weapons: [SPEAR] }, 'Brute'), 10, 0)]),
      0,
    );
    assert.deepEqual(
      held.idleThreats.map((x) => x.who),
      ['Brute'],
      'a holding foe that reaches is named, with why it takes none',
    );
    const surprised = placementOdds(scene([at(sable(), 0, 0)], [at(brute, 10, 0, [], [], { surprised: true })]), 0);
    assert.equal(surprised.threats.length, 0);
    assert.match(surprised.idleThreats[0].why, /HR-S1/);
    assert.equal(placementOdds(scene([at(sable(), 0, 0)], [at(brute, 15, 0)]), 0).threats.length, 0, 'out of reach');
  });

  it('HR-M2 HR-A6: a grapple with Help on both sides: one more die on each check', () => {
    const bram = who('Bram', { heart: 10, might: 8, maneuver: 'grapple', tactics: 'default' });
    const wolf = who('Wolf', { heart: 6, might: 6, agility: 8, tactics: 'default' });
    const enc = scene(
      [at(bram, 0, 0), at(who('Cleric', { tactics: 'support', hp: 30 }), 0, 5)],
      [at(wolf, 5, 0), at(who('Cub', { tactics: 'default', hp: 30 }), 10, 0)],
    );
    const f = placementOdds(enc, 0).foes.find((x) => x.foe.p.name === 'Wolf')!;
    const m = f.maneuver;
    assert.ok(Array.isArray(m));
    const b = beats(roll([10, 8], [8], 1), roll([6, 8], [8], 1));
    eq(m[0].p, b.win, b.n, 'grapple with Help both ways');
  });

  it('HR-S3 HR-A6 HR-R5: the hover on a placed name states cover, Help, openers and what it assumed', () => {
    const lib =
      'system heart-rush\nweapon Longbow { ranged d8 range 80ft hands 2 }\nweapon Knife { melee d4 }\narmor Leather { +1 }\n' +
      'character Sable { player heart d8 might d4 agility d10 cunning d8 hp 28 wields Longbow wears Leather }\n' +
      'character Tomas { heart d10 hp 40 }\n' +
      'character Goblin { heart d6 hp 10 wields Knife wears Leather }\n' +
      'character Archer { heart d6 hp 9 wields Longbow }\n';
    const main =
      'system heart-rush\nuse "lib.aces"\nencounter "Mill" {\n  side party {\n    Sa<|>ble at 30ft 35ft\n    Tomas at 25ft 35ft\n  }\n  side goblins {\n    Goblin x2 at 35ft 35ft\n    Archer at 80ft 50ft hidden cover heavy\n  }\n}\n';
    const h = hoverText(main, { 'lib.aces': lib });
    assert.match(h, /\*Mill\* — \*\*Sable\*\* as placed at 30 ft 35 ft: round 1, before anyone moves/);
    assert.match(h, /Help \(HR-A6\): Tomas Helps Sable — \+1 level on its next roll/);
    assert.match(
      h,
      /Opening attacks, before the action phase \(HR-R5, no stance effects, HR-O3\): Archer → Sable — cannot see the attacker \(hidden\) — might: \d+\.\d% · \d+\.\d\d · \d+\.\d%/,
    );
    assert.match(h, /Moving draws opportunity attacks \(HR-O2 a, b\): .*Goblin 1 \(Knife, reach 5 ft\)/);
    assert.match(
      h,
      /\*\*vs Archer\*\* at 80 ft 50 ft — 50 ft away, within the Longbow's 80 ft; heavy cover: 2 levels of disadvantage on ranged attacks at it until it first moves \(HR-S3\)/,
    );
    assert.match(h, /Sable's rolls \+1 Help \(Tomas, HR-A6\) −2 cover \(HR-S3\) = −1 level/);
    assert.match(h, /Assumed: no statuses at the start/);
    assert.match(h, /\| Sable \(Longbow\) ↓ · Goblin 1 → \| might \| agility \| cunning \| defensive \|/);
    // the stat block's own hover keeps its stat-block matrices and says what they leave out
    const d = serviceWith(
      lib.replace('character Sable', 'character Sa<|>ble'),
      { 'main.aces': main.replace('<|>', '') },
      'lib.aces',
    );
    const hv = d.ls.hover(d.uri, d.pos);
    const def = hv && typeof hv.contents === 'object' && 'value' in hv.contents ? hv.contents.value : '';
    assert.match(def, /stat blocks only: no Help, cover or statuses/);
  });
});
