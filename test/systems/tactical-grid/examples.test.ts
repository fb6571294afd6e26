// The spec's worked examples 2–37 (TACTICAL-GRID.md "Worked examples from the source") as scenes
// with forced rolls (scripted d20 faces, TGS-1), each asserting the spec's stated outcome.
// Example 1 and 26's sheet part are in model.test.ts.
import assert from 'node:assert/strict';
import { tag, character } from '../../../systems/tactical-grid/model.js';
import {
  Ended,
  X_BACKSTAB,
  X_CHARGE,
  X_CORNER,
  X_HIGH,
  X_LINEUP,
  type TGSim,
} from '../../../systems/tactical-grid/engine/sim.js';
import { P_ANALYSIS, P_REACTIONS, P_SUPPORT, P_TACTICS } from '../../../systems/tactical-grid/engine/unit.js';
import { at, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';

const OPEN8 = Array(8).fill('........');
const WIDE = Array(4).fill('............');
/** Runs fn; a combat that ends inside it (TG-T7) is fine. */
function safe(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof Ended)) throw e;
  }
}
const cells = (sim: TGSim, ...names: string[]) => names.map((n) => sim.board.index(n));
const E = 2; // square directions in TG-V3 order (N NE E SE S SW W NW): E is 2

describe('Tactical Grid worked examples', () => {
  it('TG-N1 TG-N12 TG-M1 TG-T4 TG-Y3: Ex2 starting adjacent, speed 1 for move and Dash (≤ 2 squares); Bolstered speed 2', () => {
    const { sim, u } = start(scene([at(ryn(), 'a1'), at(tamsin({ cha: 2 }), 'h8')], [at(raider(), 'b2')]));
    const r = u('Ryn');
    sim.turnStart(r);
    assert.equal(r.speed, 1);
    sim.walk(r, cells(sim, 'a2', 'a3', 'a4'), 'move', 'test');
    sim.walk(r, cells(sim, 'a3', 'a4'), 'dash', 'test');
    assert.equal(sim.sq(r.cell), 'a3');
    assert.ok(sim.bolster(u('Tamsin'), r, 'speed', 'test'));
    assert.equal(r.speed, 2);
  });

  it('TG-Q1: Ex3 analysis 4: four questions, a fifth refused', () => {
    const { sim, u } = start(scene([at(ryn({ int: 4 }), 'a1')], [at(raider(), 'h8')]));
    const r = u('Ryn');
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => sim.analyse(r)),
      [true, true, true, true, false],
    );
    assert.equal(r.pools[P_ANALYSIS], 0);
  });

  it('TG-L4 TG-L5 TG-V5: Ex4 a melee Ryn (PER 4) at a1 cannot attack a Raider at d1; every plan ends adjacent', () => {
    const { sim, u } = start(scene([at(ryn({ per: 4, melee: true, ai: 'default' }), 'a1')], [at(raider(), 'd1')]));
    const r = u('Ryn');
    sim.turnStart(r);
    const plans = sim.plans(r);
    assert.ok(plans.length > 0);
    assert.ok(plans.every((p) => p.s !== r.cell && sim.board.dist(p.s, u('Raider').cell) === 1));
    assert.equal(sim.reach(r), 1);
  });

  it('TG-X2 TG-F4: Ex5 Raider c2 facing west; attackers at d2, d1, e1 backstab, c1 does not', () => {
    for (const [sq, want] of [
      ['d2', true],
      ['d1', true],
      ['e1', true],
      ['c1', false],
    ] as const) {
      const { sim, u } = start(scene([at(ryn(), sq)], [at(raider(), 'c2', 'west')]));
      assert.equal(!!(sim.conditions(u('Ryn'), u('Raider'), u('Ryn').cell, false, false) & X_BACKSTAB), want, sq);
    }
  });

  it('TG-X3 TG-F5: Ex6 Corner: d2 a wall, an ally of the attacker, or off the map; not d2 empty or the attacker itself', () => {
    const corner = (rows: string[], heroes: [string, string][]) => {
      const { sim, u } = start(
        scene(
          heroes.map(([n, sq]) => at(pc(n), sq)),
          [at(raider(), 'c2', 'west')],
          rows,
        ),
      );
      return sim.cornerMet(u(heroes[0][0]), u('Raider'));
    };
    assert.equal(corner(['....', '...#', '....'], [['Ryn', 'b2']]), true);
    assert.equal(
      corner(OPEN8, [
        ['Ryn', 'b2'],
        ['Ally', 'd2'],
      ]),
      true,
    );
    assert.equal(corner(['...', '...', '...'], [['Ryn', 'b2']]), true);
    assert.equal(corner(OPEN8, [['Ryn', 'b2']]), false);
    assert.equal(corner(OPEN8, [['Ryn', 'd2']]), false);
  });

  it('TG-X4 TGS-33: Ex7 Ryn (speed 6) runs a2 → g2 beside a Raider at h2: Charge; 5-square, bent, adjacent-start and one-square (engaged, speed 1) runs: none', () => {
    const run = (from: string, path: string[], foe = 'h2', speed?: number) => {
      const { sim, u } = start(scene([at(ryn(speed ? { speed } : {}), from)], [at(raider(), foe, 'west')], WIDE));
      const r = u('Ryn');
      sim.turnStart(r);
      sim.walk(r, cells(sim, ...path), 'move', 'test');
      return sim.chargeMet(r, u('Raider'));
    };
    assert.equal(run('a2', ['b2', 'c2', 'd2', 'e2', 'f2', 'g2']), true);
    assert.equal(run('b2', ['c2', 'd2', 'e2', 'f2', 'g2']), false);
    assert.equal(run('a2', ['b2', 'c2', 'd2', 'e2', 'f3', 'g2']), false);
    assert.equal(run('a1', ['a2'], 'b2'), false); // started adjacent: speed 1, a 1-square run along the Raider
    // TGS-33: engaged with a Wolf at a2 (speed 1, TG-N1), one step b2 → c2 beside the Raider at d2 is no run
    const shuffle = () => {
      const { sim, u } = start(
        scene([at(ryn(), 'b2')], [at(raider(), 'a2', 'east', [], 'Wolf'), at(raider(), 'd2', 'west')], WIDE),
      );
      const r = u('Ryn');
      sim.turnStart(r);
      assert.equal(r.speed, 1);
      sim.walk(r, cells(sim, 'c2'), 'move', 'test');
      return sim.chargeMet(r, u('Raider'));
    };
    assert.equal(shuffle(), false, 'TGS-33: a one-square run is no Charge');
    // the attack spends it
    const { sim, u } = start(scene([at(ryn(), 'a2', null, [15])], [at(raider({ health: 9 }), 'h2', 'west')], WIDE));
    const r = u('Ryn');
    sim.turnStart(r);
    sim.walk(r, cells(sim, 'b2', 'c2', 'd2', 'e2', 'f2', 'g2'), 'move', 'test');
    const evs: { type: string; tactic?: string }[] = [];
    sim.sink = evs as never;
    sim.attack(r, u('Raider'), { tag: null, drive: 0, help: -1, effect: null, knockback: null });
    assert.deepEqual(
      evs.filter((e) => e.type === 'tactic').map((e) => e.tactic),
      ['charge'],
    );
  });

  it('TG-X5 TG-B1 TG-V6: Ex8 Tamsin (range 4) at a1: Line Up on e1, not d1; with Deadeye also f1 (+1) and g1 (+2)', () => {
    const plan = (foe: string, deadeye = false) => {
      const { sim, u } = start(
        scene([at(tamsin(deadeye ? { abilities: ['deadeye'] } : {}), 'a1')], [at(raider(), foe, 'west')]),
      );
      const t = u('Tamsin');
      sim.turnStart(t);
      return sim.plans(t)[0];
    };
    assert.ok(plan('e1').conds & X_LINEUP);
    assert.ok(!(plan('d1').conds & X_LINEUP));
    assert.equal(plan('f1'), undefined);
    const f = plan('f1', true),
      g = plan('g1', true);
    assert.deepEqual([f.deadeye, !!(f.conds & X_LINEUP)], [1, true]);
    assert.deepEqual([g.deadeye, !!(g.conds & X_LINEUP)], [2, true]);
    // a closer target: the smallest increase that reaches (none), no Line Up
    assert.equal(plan('c1', true).deadeye, 0);
  });

  it('TG-X6 TG-K4 TG-A2 TG-A3 TG-P1: Ex9 row ".1..": Tamsin on b1 has High Ground on a Raider at c1; swapped, her defense is against 14', () => {
    const rows = ['.1..', '....'];
    {
      const { sim, u } = start(scene([at(tamsin(), 'b1', 'east')], [at(raider(), 'c1', 'west')], rows));
      assert.equal(sim.conditions(u('Tamsin'), u('Raider'), u('Tamsin').cell, false, false), X_HIGH);
    }
    const { sim, u, evs } = start(scene([at(tamsin(), 'c1', 'west', [12])], [at(raider(), 'b1', 'east')], rows));
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    const a = of(evs, 'attack')[0];
    assert.equal(a.vs, 14);
    assert.equal(a.roller, 'Tamsin');
  });

  it('TG-X1 TG-V6: Ex10 PRO 2 with Backstab + Corner + Charge met: +2 damage (Backstab, Corner), pool 0', () => {
    const rows = ['........', '......#.', '........'];
    const { sim, u, evs } = start(
      scene([at(ryn({ pro: 2 }), 'a3', null, [15])], [at(raider({ health: 5 }), 'h2', 'east')], rows),
    );
    const r = u('Ryn'),
      t = u('Raider');
    sim.turnStart(r);
    sim.walk(r, cells(sim, 'b3', 'c3', 'd3', 'e3', 'f3', 'g3'), 'move', 'test');
    assert.equal(sim.conditions(r, t, r.cell, sim.chargeMet(r, t), false), X_BACKSTAB | X_CORNER | X_CHARGE);
    sim.attack(r, t, { tag: null, drive: 0, help: -1, effect: null, knockback: null });
    assert.deepEqual(
      of(evs, 'tactic').map((e) => e.tactic),
      ['backstab', 'corner'],
    );
    assert.equal(r.pools[P_TACTICS], 0);
    assert.equal(t.health, 2); // 1 (success) + 2
  });

  it('TG-E2 TG-Z2: Ex11 Move pushes Raider c2 east into a wall / another Raider at d2: no move, 1 damage to c2 / both; again that turn: nothing', () => {
    for (const wall of [true, false]) {
      const rows = wall ? ['......', '...#..', '......'] : ['......', '......', '......'];
      const foes = [
        at(raider(), 'c2', 'west', [], 'Raider 1'),
        ...(wall ? [at(raider(), 'f3', 'west', [], 'Raider 9')] : [at(raider(), 'd2', 'west', [], 'Raider 2')]),
      ];
      const { sim, u } = start(scene([at(ryn({ special: 3 }), 'b2')], foes, rows));
      const r = u('Ryn'),
        t = u('Raider 1');
      sim.turnStart(r);
      sim.applyEffect(r, t, 'move', 1, E);
      assert.equal(sim.sq(t.cell), 'c2');
      assert.equal(t.health, 2);
      if (!wall) assert.equal(u('Raider 2').health, 2);
      sim.applyEffect(r, t, 'move', 1, E);
      assert.equal(t.health, 2);
      if (!wall) assert.equal(u('Raider 2').health, 2);
    }
  });

  it('TG-E3 TG-Z3 TG-D4: Ex12 a hit (1) on Raider c2 with Splash: Raider d2 and the ally at c3 take 1, not the attacker at b2; on a miss nobody', () => {
    for (const face of [15, 3]) {
      const { sim, u } = start(
        scene(
          [at(ryn(), 'b2', 'east', [face]), at(pc('Ally'), 'c3')],
          [at(raider(), 'c2', 'west', [], 'Raider 1'), at(raider(), 'd2', 'west', [], 'Raider 2')],
        ),
      );
      sim.turnStart(u('Ryn'));
      sim.attack(u('Ryn'), u('Raider 1'), {
        tag: null,
        drive: 0,
        help: -1,
        tactics: 0,
        effect: { name: 'splash' },
        knockback: null,
      });
      const hit = face === 15;
      assert.equal(u('Raider 1').health, hit ? 2 : 3);
      assert.equal(u('Raider 2').health, hit ? 2 : 3);
      assert.equal(u('Ally').stress, hit ? 1 : 0);
      assert.equal(u('Ryn').stress, hit ? 0 : 2); // the miss's banes, not Splash
    }
  });

  it('TG-E4: Ex13 Weaken twice on the Raider Chief (15; Crossbow 3, Scarred Hide 2): Crossbow 2, 14; then Crossbow 1 (first declared), 13', () => {
    const chief = character('Raider Chief', {
      difficulty: 15,
      health: 5,
      speed: 4,
      range: 3,
      tags: [tag('Crossbow', 3), tag('Scarred Hide', 2)],
      atZero: 'dies',
      ai: 'hold',
    });
    const { sim, u } = start(scene([at(ryn({ special: 2 }), 'a1')], [at(chief, 'h8')]));
    const c = u('Raider Chief');
    sim.applyEffect(u('Ryn'), c, 'weaken', 1);
    assert.deepEqual([c.tags.map((t) => t.stars), c.difficulty], [[2, 2], 14]);
    sim.applyEffect(u('Ryn'), c, 'weaken', 1);
    assert.deepEqual([c.tags.map((t) => t.stars), c.difficulty], [[1, 2], 13]);
  });

  it('TG-E5: Ex14 Hinder speed on a Raider (5): its next turn speed 1, then 5', () => {
    const { sim, u } = start(scene([at(ryn(), 'a1')], [at(raider(), 'h8')]));
    const t = u('Raider');
    sim.applyEffect(u('Ryn'), t, 'hinder', 1, undefined, 'speed');
    sim.turnStart(t);
    assert.equal(t.speed, 1);
    sim.endTurn(t, t.side);
    sim.turnStart(t);
    assert.equal(t.speed, 5);
  });

  it("TG-E6 TG-V2: Ex15 Stun Raider 1: Raider 2 acts; with Raider 1 the only fresh member it acts; the Stun is over after its side's turn", () => {
    {
      const { sim, u } = start(
        scene([at(ryn(), 'a1')], [at(raider(), 'h8', null, [], 'Raider 1'), at(raider(), 'h7', null, [], 'Raider 2')]),
      );
      sim.applyEffect(u('Ryn'), u('Raider 1'), 'stun', 1);
      assert.equal(sim.pickActor(1)!.u.name, 'Raider 2');
    }
    const { sim, u } = start(
      scene([at(ryn(), 'a1')], [at(raider(), 'h8', null, [], 'Raider 1'), at(raider(), 'h7', null, [], 'Raider 2')]),
    );
    u('Raider 2').exhausted = true;
    sim.applyEffect(u('Ryn'), u('Raider 1'), 'stun', 1);
    const p = sim.pickActor(1)!;
    assert.equal(p.u.name, 'Raider 1');
    sim.turnStart(p.u);
    sim.endTurn(p.u, 1);
    assert.equal(u('Raider 1').stunned, false);
  });

  it('TG-S1 TG-S2 TG-S3 TG-S4: Ex16 WIS 3: Heal and Recover are paid (3); Buff is refused', () => {
    const { sim, u } = start(
      scene([at(tamsin({ wis: 3 }), 'a1'), at(ryn({ tags: [tag('Twin Blades', 3)] }), 'b1')], [at(raider(), 'h8')]),
    );
    const t = u('Tamsin'),
      r = u('Ryn');
    r.stress = 2;
    r.tags[0].exhausted = true;
    assert.ok(sim.heal(t, r, 'test'));
    assert.ok(sim.recoverSupport(t, r, 'test'));
    assert.equal(sim.buff(t, r, 'test'), false);
    assert.deepEqual([r.stress, r.tags[0].exhausted, t.pools[P_SUPPORT]], [1, false, 0]);
  });

  it('TG-Y1 TG-Y2 TG-Y3 TG-Y4 TG-Y5 TG-Y6: Ex17 CHA 5: Help +1, Bolster +1 speed, Protect 2 of 3 stress, Taunt, Command; pool 0', () => {
    const { sim, u, evs } = start(
      scene(
        [at(tamsin({ cha: 5 }), 'b1'), at(ryn({ tou: 4, melee: true }), 'a1', null, [10])],
        [at(raider({ ai: 'default' }), 'c1', 'west'), at(raider(), 'h8', null, [], 'Raider 2')],
      ),
    );
    const t = u('Tamsin'),
      r = u('Ryn'),
      foe = u('Raider');
    sim.turnStart(r);
    safe(() =>
      sim.attack(r, u('Raider 2'), { tag: null, drive: 0, help: t.idx, effect: null, knockback: null, tactics: 0 }),
    );
    assert.deepEqual(
      of(evs, 'attack')[0].mods.map((m) => m.label),
      ['attack', 'help'],
    );
    assert.equal(of(evs, 'attack')[0].total, 10 + 5 + 1);
    const sp = r.speed;
    sim.bolster(t, r, 'speed', 'test');
    assert.equal(r.speed, sp + 1);
    r.stress = 0;
    t.stress = 0;
    sim.stressOn(r, 3, foe, 'test', { by: t, amount: 2 });
    assert.deepEqual([r.stress, t.stress], [1, 2]);
    // Taunt: the Raider could attack Ryn (weaker? no matter) or Tamsin; taunted, it plans only on Tamsin
    sim.taunt(t, foe, 'test');
    sim.turnStart(foe);
    foe.taunter = t.idx; // turn start clears last turn's taunt; the reaction comes at this turn's start
    assert.ok(sim.plans(foe).length > 0 && sim.plans(foe).every((p) => p.target === t.idx));
    r.exhausted = true;
    sim.command(t, r, 'test');
    assert.equal(r.exhausted, false);
    assert.equal(t.pools[P_REACTIONS], 0);
    assert.equal(sim.command(t, r, 'again'), false);
  });

  it('TG-T1 TG-T2 TG-T3 TG-V2: Ex18 heroes A, B, C (no one in reach) vs a Raider, heroes first: A, R, B, R, C (heroes recover), R, A', () => {
    const { sim, evs } = start(scene([at(pc('A'), 'a1'), at(pc('B'), 'a2'), at(pc('C'), 'a3')], [at(raider(), 'h8')]));
    for (let i = 0; i < 4; i++) sim.playRound();
    assert.deepEqual(
      of(evs, 'turn').map((e) => e.who[0]),
      ['A', 'R', 'B', 'R', 'C', 'R', 'A', 'R'],
    );
    const refresh = evs.findIndex((e) => e.type === 'refresh' && e.side === 'heroes');
    assert.ok(refresh > evs.findIndex((e) => e.type === 'turn' && e.who === 'C'));
  });

  it('TG-A3 TG-X2 TG-X6: Ex19 a Raider (13) attacks Tamsin from her back sector, one level up: her defense against 15', () => {
    const { sim, u, evs } = start(
      scene([at(tamsin(), 'c1', 'east', [12])], [at(raider(), 'b1', 'east')], ['.1..', '....']),
    );
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    assert.equal(of(evs, 'attack')[0].vs, 15);
  });

  it('TG-R4 TG-R6: Ex20 a failure with 2 banes, one spent as a move: 1 stress and one combatant moved a square', () => {
    const { sim, u } = start(scene([at(ryn(), 'b2', 'east', [3])], [at(raider({ health: 5 }), 'c2', 'west')]));
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Raider'), {
      tag: null,
      drive: 0,
      help: -1,
      tactics: 0,
      effect: null,
      knockback: null,
      baneMove: { who: u('Raider').idx, dir: E },
    });
    assert.equal(u('Ryn').stress, 1);
    assert.equal(sim.sq(u('Raider').cell), 'd2');
  });

  it('TG-A4: Ex21 Hired Blade (12) attacks a Raider (13): the Blade takes 1; with Backstab a tie, nothing; with Corner too the Raider takes 1', () => {
    const blade = character('Hired Blade', {
      difficulty: 12,
      health: 3,
      speed: 5,
      range: 1,
      tags: [tag('Spear', 2)],
      melee: true,
      ai: 'hold',
    });
    const clash = (bladeAt: string, facing: 'west' | 'east', rows = OPEN8) => {
      const { sim, u } = start(scene([at(blade, bladeAt)], [at(raider(), 'c2', facing)], rows));
      sim.attack(u('Hired Blade'), u('Raider'));
      return [u('Hired Blade').health, u('Raider').health];
    };
    assert.deepEqual(clash('b2', 'west'), [2, 3]);
    assert.deepEqual(clash('b2', 'east'), [3, 3]);
    assert.deepEqual(clash('b1', 'east', ['........', '.#......', '........']), [3, 2]);
  });

  it('TG-D2 TG-D3: Ex22 a Raider at 1 health takes 1: OUT with a marker; the Chief (at-zero dies) at 0 is removed', () => {
    const chief = character('Raider Chief', {
      difficulty: 15,
      health: 1,
      speed: 4,
      range: 3,
      atZero: 'dies',
      ai: 'hold',
    });
    const { sim, u } = start(
      scene(
        [at(ryn(), 'a1')],
        [at(raider({ health: 1 }), 'c2'), at(chief, 'e5'), at(raider(), 'h8', null, [], 'Raider 2')],
      ),
    );
    const r = u('Raider'),
      c = u('Raider Chief');
    const rc = r.cell,
      cc = c.cell;
    sim.damage(r, 1, u('Ryn'), 'test');
    sim.damage(c, 1, u('Ryn'), 'test');
    assert.deepEqual([r.out, r.dead, r.cell, sim.markers[rc]], [true, false, rc, 1]);
    assert.deepEqual([c.out, c.dead, c.cell, sim.markers[cc]], [true, true, -1, 0]);
  });

  it('TG-K1 TG-M2: Ex23 speed 6 over difficult ground: 3 squares; speed 1: cannot enter', () => {
    for (const [speed, want] of [
      [6, 'd1'],
      [1, 'a1'],
    ] as const) {
      const { sim, u } = start(
        scene([at(pc('Mover', { speed }), 'a1')], [at(raider(), 'h2')], ['~~~~~~~~', '........']),
      );
      const m = u('Mover');
      sim.turnStart(m);
      sim.walk(m, cells(sim, 'b1', 'c1', 'd1', 'e1', 'f1'), 'move', 'test');
      assert.equal(sim.sq(m.cell), want);
    }
  });

  it('TG-K2 TG-L2: Ex24 a wall between two combatants: no LOS, no entry; `enterable`: entry, still no LOS', () => {
    for (const ch of ['#', 'E']) {
      const legend = { E: { obstacle: true, enterable: true, difficult: false, hazard: false, height: 0 } };
      const { sim, u } = start(
        scene([at(ryn(), 'a1')], [at(raider(), 'e1')], [`..${ch}..`, '.....'], {}, 'square', legend),
      );
      const r = u('Ryn');
      assert.equal(sim.los(r.cell, u('Raider').cell), false);
      sim.turnStart(r);
      sim.walk(r, cells(sim, 'b1', 'c1'), 'move', 'test');
      assert.equal(sim.sq(r.cell), ch === '#' ? 'b1' : 'c1');
      if (ch === 'E') assert.equal(sim.los(cells(sim, 'b1')[0], u('Raider').cell), false);
    }
  });

  it('TG-K3: Ex25 entering a hazard, ending there, next turn start: +1 stress, +1 stress; an NPC −1 health each', () => {
    for (const npc of [false, true]) {
      const m = npc ? raider({ name: 'Mover' } as never, 'Mover') : pc('Mover', { agi: 3 });
      const { sim, u } = start(scene([at(m, 'a1')], [at(raider(), 'h2', null, [], 'Foe')], ['.^......', '........']));
      const x = u('Mover');
      sim.turnStart(x);
      sim.walk(x, cells(sim, 'b1'), 'move', 'test');
      sim.endTurn(x, 0);
      assert.equal(npc ? x.health : x.stress, npc ? 2 : 1);
      sim.turnStart(x);
      assert.equal(npc ? x.health : x.stress, npc ? 1 : 2);
    }
  });

  it('TG-K5 TG-N12: Ex26 `rules { range -1 }` (mist): PER 1 → range 1, PER 4 → range 3', () => {
    const { sim, u } = start(
      scene([at(pc('One', { per: 1 }), 'a1'), at(pc('Four', { per: 4 }), 'a2')], [at(raider(), 'h8')], OPEN8, {
        rules: { range: -1 },
      }),
    );
    assert.deepEqual([sim.turnRange(u('One'), 1), sim.turnRange(u('Four'), 1)], [1, 3]);
  });

  it('TG-T5 TG-T6 TG-V7 TG-L2 TG-V3: Ex27 the archer Readies; the Raider goes b3 c3 d3 e2 d1 and is shot on entering d1 (e2 hidden by c2, d2)', () => {
    const archer = pc('Archer', { per: 5, com: 3 });
    const { sim, evs } = start(
      scene(
        [at(archer, 'a1', 'east', [15])],
        [at(raider({ ai: 'default', health: 5 }), 'a3', 'east')],
        ['......', '####..', '......'],
      ),
      1,
    );
    sim.playRound();
    assert.equal(of(evs, 'ready')[0].who, 'Archer');
    const mv = of(evs, 'move').filter((m) => m.who === 'Raider');
    assert.deepEqual(mv[0].via, ['b3', 'c3', 'd3', 'e2', 'd1']);
    const shot = of(evs, 'attack')[0];
    assert.deepEqual([shot.who, shot.target, shot.at, shot.ready], ['Archer', 'Raider', 'd1', true]);
    // the shot comes after the step into d1, before anything else of the Raider's
    assert.ok(evs.indexOf(shot) > evs.indexOf(mv[0]));
  });

  it('TG-B1: Ex28 Deadeye with range 4 reaches a Raider at 6 (+2); not if `melee`', () => {
    for (const melee of [false, true]) {
      const { sim, u } = start(
        scene([at(pc('Shot', { per: 4, abilities: ['deadeye'], melee }), 'a1')], [at(raider(), 'g1')]),
      );
      sim.turnStart(u('Shot'));
      const p = sim.plans(u('Shot'));
      if (melee) assert.equal(p.length, 0);
      else assert.equal(p[0].deadeye, 2);
    }
  });

  it("TG-B2 TG-Z3: Ex29 Into the Shadows: the enemy side's turn neither attacks nor splashes it", () => {
    const rogue = pc('Rogue', { abilities: ['into-the-shadows'] });
    const { sim, u, evs } = start(
      scene([at(rogue, 'b2')], [at(raider({ ai: 'default' }), 'c2'), at(pc('Foe Mage', { special: 2, com: 5 }), 'd3')]),
    );
    sim.shadows(u('Rogue'));
    const r = u('Raider');
    sim.turnStart(r);
    assert.equal(sim.plans(r).length, 0);
    assert.equal(
      sim.splashTargets(u('Foe Mage'), u('Raider')).some((v) => v.name === 'Rogue'),
      false,
    );
    assert.equal(of(evs, 'attack').length, 0);
  });

  it('TG-B3: Ex30 Potion Seller (WIS 2) has support 3; healing an ally whose support (1) pays: ally 0, own 3', () => {
    const { sim, u } = start(
      scene(
        [at(pc('Witch', { wis: 2, abilities: ['potion-seller'] }), 'a1'), at(pc('Ally'), 'b1')],
        [at(raider(), 'h8')],
      ),
    );
    const w = u('Witch'),
      a = u('Ally');
    assert.equal(w.pools[P_SUPPORT], 3);
    a.stress = 1;
    assert.ok(sim.heal(w, a, 'test', a));
    assert.deepEqual([a.pools[P_SUPPORT], w.pools[P_SUPPORT], a.stress], [0, 3, 0]);
  });

  it('TG-B4: Ex31 Vengeful Hex: a Raider 5 away causing 2 stress loses 1 health; only once', () => {
    const { sim, u } = start(scene([at(pc('Witch', { abilities: ['vengeful-hex'] }), 'a1')], [at(raider(), 'f1')]));
    sim.stressOn(u('Witch'), 2, u('Raider'), 'test');
    assert.equal(u('Raider').health, 2);
    sim.stressOn(u('Witch'), 1, u('Raider'), 'test');
    assert.equal(u('Raider').health, 2);
  });

  it('TG-B5: Ex32 Miracle Worker beside an OUT ally (6/6): ally 5/6, back and exhausted; own support WIS + 1', () => {
    const { sim, u } = start(
      scene(
        [at(pc('Medic', { wis: 2, reactions: 0, abilities: ['miracle-worker'] }), 'a1'), at(pc('Ally'), 'b1')],
        [at(raider(), 'h8')],
      ),
    );
    const m = u('Medic'),
      a = u('Ally');
    assert.equal(m.pools[P_SUPPORT], 3);
    sim.stressOn(a, 6, null, 'test');
    assert.ok(a.out);
    assert.ok(sim.miracle(m, a));
    assert.deepEqual([a.stress, a.out, a.exhausted], [5, false, true]);
    assert.equal(sim.miracle(m, a), false);
  });

  it('TG-B6 TG-Z1: Ex33 Combat Gurney steps a1 → a2; the ally at b1 may be dragged into a1', () => {
    const { sim, u } = start(
      scene([at(pc('Medic', { abilities: ['combat-gurney'] }), 'a1'), at(pc('Ally'), 'b1')], [at(raider(), 'h8')]),
    );
    const m = u('Medic');
    sim.turnStart(m);
    sim.walk(m, cells(sim, 'a2'), 'move', 'test');
    assert.ok(sim.gurney(m, u('Ally'), cells(sim, 'a1')[0]));
    assert.equal(sim.sq(u('Ally').cell), 'a1');
  });

  it('TG-B7: Ex34 Runic Tattoo on Ryn: Attack 6, Defense 4', () => {
    const { sim, u } = start(
      scene([at(pc('Artist', { per: 3, abilities: ['runic-tattoo'] }), 'a1'), at(ryn(), 'b1')], [at(raider(), 'h8')]),
    );
    assert.ok(sim.tattoo(u('Artist'), u('Ryn')));
    assert.deepEqual([sim.attackMod(u('Ryn')), sim.defenseMod(u('Ryn'))], [6, 4]);
    assert.equal(sim.tattoo(u('Artist'), u('Ryn')), false);
  });

  it('TG-B8: Ex35 Still Life three times: two obstacles, the third refused; a main action removes one', () => {
    const { sim, u } = start(
      scene(
        [at(pc('Artist', { per: 3, abilities: ['still-life'] }), 'a1'), at(pc('Helper'), 'd2')],
        [at(raider(), 'h8')],
      ),
    );
    const a = u('Artist');
    assert.deepEqual(
      cells(sim, 'b2', 'd1', 'a3').map((c) => sim.stillLife(a, c)),
      [true, true, false],
    );
    assert.ok(sim.wall[cells(sim, 'b2')[0]] && sim.wall[cells(sim, 'd1')[0]]);
    assert.equal(sim.removeStillLife(u('Helper'), cells(sim, 'b2')[0]), false); // not adjacent
    assert.ok(sim.removeStillLife(u('Helper'), cells(sim, 'd1')[0]));
    assert.equal(sim.wall[cells(sim, 'd1')[0]], 0);
    assert.equal(sim.los(a.cell, cells(sim, 'c3')[0]), false); // b2 still stands between a1 and c3
  });

  it('TG-B9 TG-Z2: Ex36 Knockback: Ryn at a1 damages a Raider at b1: pushed to c1 or d1; with a wall at c1 it stays and takes 1', () => {
    for (const [rows, n, want, health] of [
      [OPEN8, 1, 'c1', 4],
      [OPEN8, 2, 'd1', 4],
      [['..#.....', '........'], 2, 'b1', 3],
    ] as const) {
      const { sim, u } = start(
        scene(
          [at(ryn({ abilities: ['knockback'] }), 'a1', 'east', [15])],
          [at(raider({ health: 5 }), 'b1', 'west')],
          [...rows],
        ),
      );
      sim.turnStart(u('Ryn'));
      sim.attack(u('Ryn'), u('Raider'), {
        tag: null,
        drive: 0,
        help: -1,
        tactics: 0,
        effect: null,
        knockback: { dir: E, n },
      });
      assert.equal(sim.sq(u('Raider').cell), want);
      assert.equal(u('Raider').health, health);
      assert.equal(sim.awayDir(u('Ryn'), u('Raider')), E);
    }
  });

  it('TG-B10: Ex37 Rage: Ryn takes stress twice: Attack 7 from the first, once only', () => {
    const { sim, u } = start(scene([at(ryn({ abilities: ['rage'] }), 'a1')], [at(raider(), 'h8')]));
    sim.stressOn(u('Ryn'), 1, u('Raider'), 'test');
    assert.equal(sim.attackMod(u('Ryn')), 7);
    sim.stressOn(u('Ryn'), 1, u('Raider'), 'test');
    assert.equal(sim.attackMod(u('Ryn')), 7);
  });
});
