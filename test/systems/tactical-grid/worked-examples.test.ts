// samples/tactical-grid/worked-examples.aces: TACTICAL-GRID.md's worked
// examples written in the language, built through the checker and run by the
// engine, with the outcomes the spec states (the expectations of
// examples.test.ts, which builds the same scenes in code). Each checked scene
// equals the hand-built one; then either the whole seeded combat is replayed
// (combatEvents) or, where the example is one action, that action is played on
// a simulator built from the checked encounter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { character, tag, type Encounter } from '../../../systems/tactical-grid/model.js';
import {
  Ended,
  X_BACKSTAB,
  X_CHARGE,
  X_CORNER,
  X_LINEUP,
  type TGSim,
} from '../../../systems/tactical-grid/engine/sim.js';
import { P_ANALYSIS, P_REACTIONS, P_SUPPORT, P_TACTICS } from '../../../systems/tactical-grid/engine/unit.js';
import { combatEvents, renderEvent, type TGEvent } from '../../../systems/tactical-grid/engine/index.js';
import { check } from './lang.js';
import { at, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';

const OPEN8 = Array(8).fill('........');
const E = 2; // east in TG-V3 order
const cells = (sim: TGSim, ...names: string[]) => names.map((n) => sim.board.index(n));
/** Runs fn; a combat that ends inside it (TG-T7) is fine. */
function safe(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof Ended)) throw e;
  }
}

/** The events of a whole combat, up to round `upTo`. */
function replay(enc: Encounter, upTo = Infinity): TGEvent[] {
  const out: TGEvent[] = [];
  for (const e of combatEvents(enc)) {
    if ('round' in e && e.round > upTo) break;
    out.push(e);
  }
  return out;
}

describe('Tactical Grid worked examples, written in .aces and run through the checker', () => {
  const text = readFileSync(resolve('samples/tactical-grid/worked-examples.aces'), 'utf8');
  const r = check(text, {}, true);
  const enc = (name: string): Encounter => {
    const e = r.model.encounters.find((x) => x.name === name);
    assert.ok(e, `no encounter "${name}"`);
    return e.encounter;
  };
  /** The checked scene equals the hand-built one (all but its name). */
  const same = (name: string, want: Encounter): void => assert.deepEqual({ ...enc(name), name: 'scene' }, want, name);

  const RYN = ryn({ abilities: ['knockback'] });
  const CHIEF = character('Raider Chief', {
    difficulty: 15,
    health: 5,
    speed: 4,
    range: 3,
    tags: [tag('Crossbow', 3), tag('Scarred Hide', 2)],
    atZero: 'dies',
    ai: 'hold',
  });
  const MOVER = pc('Mover', { agi: 3 });
  const BLADE = character('Hired Blade', {
    difficulty: 12,
    health: 3,
    speed: 5,
    range: 1,
    tags: [tag('Spear', 2)],
    melee: true,
    ai: 'hold',
  });

  it('the file checks clean', () => {
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    assert.equal(r.model.encounters.length, 43);
  });

  it('TG-X2 TG-F4: Ex5 from d2 the attacker is in the back sector of a Raider facing west; from c1 it is not', () => {
    for (const [name, sq, want] of [
      ['Ex5 backstab from d2', 'd2', true],
      ['Ex5 no backstab from c1', 'c1', false],
    ] as const) {
      same(name, scene([at(RYN, sq)], [at(raider(), 'c2', 'west')]));
      const { sim, u } = start(enc(name));
      assert.equal(!!(sim.conditions(u('Ryn'), u('Raider'), u('Ryn').cell, false, false) & X_BACKSTAB), want, name);
    }
  });

  it('TG-X6 TG-K4 TG-A3: Ex9 the Raider on the raised b1 attacks Tamsin: her defense against 14', () => {
    same(
      'Ex9 high ground',
      scene([at(tamsin(), 'c1', 'west', [12])], [at(raider(), 'b1', 'east')], ['.1..', '....'], { first: 'foes' }),
    );
    const { sim, u, evs } = start(enc('Ex9 high ground'));
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    const a = of(evs, 'attack')[0];
    assert.deepEqual([a.roller, a.face, a.vs], ['Tamsin', 12, 14]);
  });

  it('TG-T1 TG-T2 TG-T3: Ex18 replayed: heroes first, A, R, B, R, C, R, A, R; the heroes recover after C', () => {
    same('Ex18 turn order', scene([at(pc('A'), 'a1'), at(pc('B'), 'a2'), at(pc('C'), 'a3')], [at(raider(), 'h8')]));
    const evs = replay(enc('Ex18 turn order'), 4);
    assert.deepEqual(
      of(evs, 'turn').map((e) => e.who[0]),
      ['A', 'R', 'B', 'R', 'C', 'R', 'A', 'R'],
    );
    const refresh = evs.findIndex((e) => e.type === 'refresh' && e.side === 'heroes');
    assert.ok(refresh > evs.findIndex((e) => e.type === 'turn' && e.who === 'C'));
  });

  it('TG-A3 TG-X2 TG-X6: Ex19 from her back sector, one level up: her defense against 15', () => {
    same(
      'Ex19 back sector and high ground',
      scene([at(tamsin(), 'c1', 'east', [12])], [at(raider(), 'b1', 'east')], ['.1..', '....'], { first: 'foes' }),
    );
    const { sim, u, evs } = start(enc('Ex19 back sector and high ground'));
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    assert.equal(of(evs, 'attack')[0].vs, 15);
  });

  it('TG-A4: Ex21 the Hired Blade (12) against a Raider (13): the Blade takes 1; with Backstab and Corner the Raider takes 1', () => {
    same('Ex21 clash', scene([at(BLADE, 'b2')], [at(raider(), 'c2', 'west')]));
    same(
      'Ex21 clash with backstab and corner',
      scene([at(BLADE, 'b1')], [at(raider(), 'c2', 'east')], ['........', '.#......', '........']),
    );
    const clash = (name: string): number[] => {
      const { sim, u } = start(enc(name));
      sim.attack(u('Hired Blade'), u('Raider'));
      return [u('Hired Blade').health, u('Raider').health];
    };
    assert.deepEqual(clash('Ex21 clash'), [2, 3]);
    assert.deepEqual(clash('Ex21 clash with backstab and corner'), [3, 2]);
    // replayed, the corner clash is the first event of the fight and the Raider takes 1
    const evs = replay(enc('Ex21 clash with backstab and corner'), 1);
    const c = of(evs, 'clash')[0];
    assert.deepEqual(
      [c.who, c.result, c.conditions.includes('backstab'), c.conditions.includes('corner')],
      ['Hired Blade', 'attacker', true, true],
    );
  });

  it('TG-K5 TG-N12: Ex26 replayed in mist (`rules { range -1 }`): One (PER 1) has range 1, Four (PER 4) range 3', () => {
    same(
      'Ex26 mist',
      scene([at(pc('One', { per: 1 }), 'a1'), at(pc('Four', { per: 4 }), 'a2')], [at(raider(), 'h8')], OPEN8, {
        rules: { range: -1 },
      }),
    );
    const turns = of(replay(enc('Ex26 mist'), 2), 'turn');
    assert.deepEqual([turns.find((t) => t.who === 'One')!.range, turns.find((t) => t.who === 'Four')!.range], [1, 3]);
  });

  it('TG-T5 TG-T6 TG-V7: Ex27 replayed: the archer Readies; the Raider goes b3 c3 d3 e2 d1 and is shot on entering d1', () => {
    const charging = raider({ ai: 'default', health: 5 }, 'Charging Raider');
    same(
      'Ex27 ready',
      scene(
        [at(pc('Archer', { per: 5, com: 3 }), 'a1', 'east', [15])],
        [at(charging, 'a3', 'east')],
        ['......', '####..', '......'],
      ),
    );
    const evs = replay(enc('Ex27 ready'), 1);
    assert.equal(of(evs, 'ready')[0].who, 'Archer');
    const mv = of(evs, 'move').filter((m) => m.who === 'Charging Raider');
    assert.deepEqual(mv[0].via, ['b3', 'c3', 'd3', 'e2', 'd1']);
    const shot = of(evs, 'attack')[0];
    assert.deepEqual(
      [shot.who, shot.target, shot.at, shot.ready, shot.face],
      ['Archer', 'Charging Raider', 'd1', true, 15],
    );
    assert.ok(evs.indexOf(shot) > evs.indexOf(mv[0]));
    assert.match(evs.map(renderEvent).join('\n'), /ready Archer/);
  });

  it('TG-B9 TG-Z2: Ex36 Ryn hits the Raider at b1 and knocks it back into the wall at c1: it stays and takes 1 more', () => {
    same(
      'Ex36 knockback into a wall',
      scene(
        [at(RYN, 'a1', 'east', [15])],
        [at(raider({ health: 5 }, 'Tough Raider'), 'b1', 'west')],
        ['..#.....', '........'],
      ),
    );
    const { sim, u } = start(enc('Ex36 knockback into a wall'));
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Tough Raider'), {
      tag: null,
      drive: 0,
      help: -1,
      tactics: 0,
      effect: null,
      knockback: { dir: E, n: 2 },
    });
    assert.equal(sim.sq(u('Tough Raider').cell), 'b1');
    assert.equal(u('Tough Raider').health, 3);
    // replayed, the knockback's collision with the wall is logged as such
    const evs = replay(enc('Ex36 knockback into a wall'), 1);
    assert.ok(
      of(evs, 'collision').some((c) => c.into === 'obstacle c1' && c.cause === 'knockback'),
      evs.map(renderEvent).join('\n'),
    );
  });
  it('TG-N1 TG-N12: Ex2 replayed: Ryn (speed 6) starts its turn next to a Raider and has speed 1', () => {
    same('Ex2 adjacent start', scene([at(RYN, 'a1')], [at(raider(), 'b2')]));
    const t = of(replay(enc('Ex2 adjacent start'), 1), 'turn').find((x) => x.who === 'Ryn')!;
    assert.equal(t.speed, 1);
  });

  it('TG-X5: Ex8 Tamsin (range 4) lines up on a Raider at e1, not at d1', () => {
    for (const [name, foe, want] of [
      ['Ex8 line up at e1', 'e1', true],
      ['Ex8 no line up at d1', 'd1', false],
    ] as const) {
      same(name, scene([at(tamsin(), 'a1')], [at(raider(), foe, 'west')]));
      const { sim, u } = start(enc(name));
      sim.turnStart(u('Tamsin'));
      assert.equal(!!(sim.plans(u('Tamsin'))[0].conds & X_LINEUP), want, name);
    }
  });

  it('TG-X1 TG-X4: Ex10 PRO 2 with Backstab, Corner and Charge met: Backstab and Corner paid (+2), pool 0', () => {
    const name = 'Ex10 three tactics, two paid';
    same(
      name,
      scene(
        [at(RYN, 'a3', null, [15])],
        [at(raider({ health: 5 }, 'Tough Raider'), 'h2', 'east')],
        ['........', '......#.', '........'],
      ),
    );
    const { sim, u, evs } = start(enc(name));
    const r = u('Ryn'),
      t = u('Tough Raider');
    sim.turnStart(r);
    sim.walk(r, cells(sim, 'b3', 'c3', 'd3', 'e3', 'f3', 'g3'), 'move', 'test');
    assert.equal(sim.conditions(r, t, r.cell, sim.chargeMet(r, t), false), X_BACKSTAB | X_CORNER | X_CHARGE);
    sim.attack(r, t, { tag: null, drive: 0, help: -1, effect: null, knockback: null });
    assert.deepEqual(
      of(evs, 'tactic').map((e) => e.tactic),
      ['backstab', 'corner'],
    );
    assert.equal(r.pools[P_TACTICS], 0);
    assert.equal(t.health, 2);
  });

  it('TG-E2 TG-Z2: Ex11 Move pushes Raider 1 into the wall: it stays and takes 1; a second push that turn does nothing', () => {
    const name = 'Ex11 move into a wall';
    const { sim, u } = start(enc(name));
    assert.deepEqual(
      enc(name).sides[1].placements.map((p) => p.name),
      ['Raider 1', 'Raider 2'],
    );
    const r = u('Ryn'),
      t = u('Raider 1');
    sim.turnStart(r);
    sim.applyEffect(r, t, 'move', 1, E);
    assert.deepEqual([sim.sq(t.cell), t.health], ['c2', 2]);
    sim.applyEffect(r, t, 'move', 1, E);
    assert.equal(t.health, 2);
  });

  it('TG-E3 TG-Z3 TG-D4: Ex12 Splash on a hit: Raider 2 and the ally take 1, not Ryn; on a miss nobody', () => {
    for (const [name, face] of [
      ['Ex12 splash on a hit', 15],
      ['Ex12 splash on a miss', 3],
    ] as const) {
      same(
        name,
        scene(
          [at(RYN, 'b2', 'east', [face]), at(pc('Ally'), 'c3')],
          [at(raider(), 'c2', 'west', [], 'Raider 1'), at(raider(), 'd2', 'west', [], 'Raider 2')],
        ),
      );
      const { sim, u } = start(enc(name));
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
      assert.deepEqual(
        [u('Raider 1').health, u('Raider 2').health, u('Ally').stress, u('Ryn').stress],
        hit ? [2, 2, 1, 0] : [3, 3, 0, 2],
        name,
      );
    }
  });

  it('TG-E4: Ex13 Weaken twice on the Raider Chief: Crossbow 2, difficulty 14; then Crossbow 1, 13', () => {
    same('Ex13 weaken', scene([at(RYN, 'a1')], [at(CHIEF, 'h8')]));
    const { sim, u } = start(enc('Ex13 weaken'));
    const c = u('Raider Chief');
    sim.applyEffect(u('Ryn'), c, 'weaken', 1);
    assert.deepEqual([c.tags.map((t) => t.stars), c.difficulty], [[2, 2], 14]);
    sim.applyEffect(u('Ryn'), c, 'weaken', 1);
    assert.deepEqual([c.tags.map((t) => t.stars), c.difficulty], [[1, 2], 13]);
  });

  it('TG-D2 TG-D3: Ex22 a Raider at 1 health takes 1: OUT with its marker; the Chief (at-zero dies) at 0 is removed', () => {
    same(
      'Ex22 out and dead',
      scene([at(RYN, 'a1')], [at(raider({ health: 1 }, 'Wounded Raider'), 'c2'), at(CHIEF, 'e5'), at(raider(), 'h8')]),
    );
    const { sim, u } = start(enc('Ex22 out and dead'));
    const r = u('Wounded Raider'),
      c = u('Raider Chief');
    const rc = r.cell,
      cc = c.cell;
    sim.damage(r, 1, u('Ryn'), 'test');
    safe(() => sim.damage(c, 5, u('Ryn'), 'test'));
    assert.deepEqual([r.out, r.dead, r.cell, sim.markers[rc]], [true, false, rc, 1]);
    assert.deepEqual([c.out, c.dead, c.cell, sim.markers[cc]], [true, true, -1, 0]);
  });

  it('TG-K1 TG-M2: Ex23 speed 6 over difficult ground goes 3 squares; at speed 1 it cannot enter', () => {
    for (const [name, foe, want] of [
      ['Ex23 difficult ground', 'h2', 'd1'],
      ['Ex23 difficult ground at speed 1', 'b2', 'a1'],
    ] as const) {
      same(name, scene([at(MOVER, 'a1')], [at(raider(), foe)], ['~~~~~~~~', '........']));
      const { sim, u } = start(enc(name));
      const m = u('Mover');
      sim.turnStart(m);
      sim.walk(m, cells(sim, 'b1', 'c1', 'd1', 'e1', 'f1'), 'move', 'test');
      assert.equal(sim.sq(m.cell), want, name);
    }
  });

  it('TG-K2 TG-L2: Ex24 a wall: no sight, no entry; an `enterable` one: entry, still no sight', () => {
    const legend = { E: { obstacle: true, enterable: true, difficult: false, hazard: false, height: 0 } };
    for (const [name, ch] of [
      ['Ex24 wall', '#'],
      ['Ex24 enterable wall', 'E'],
    ] as const) {
      same(
        name,
        scene([at(RYN, 'a1')], [at(raider(), 'e1')], [`..${ch}..`, '.....'], {}, 'square', ch === 'E' ? legend : {}),
      );
      const { sim, u } = start(enc(name));
      const r = u('Ryn');
      assert.equal(sim.los(r.cell, u('Raider').cell), false);
      sim.turnStart(r);
      sim.walk(r, cells(sim, 'b1', 'c1'), 'move', 'test');
      assert.equal(sim.sq(r.cell), ch === '#' ? 'b1' : 'c1');
      if (ch === 'E') assert.equal(sim.los(cells(sim, 'b1')[0], u('Raider').cell), false); // across it
    }
  });

  it('TG-K3: Ex25 entering a hazard: +1 stress; starting the next turn there: +1 more', () => {
    same('Ex25 hazard', scene([at(MOVER, 'a1')], [at(raider(), 'h2')], ['.^......', '........']));
    const { sim, u } = start(enc('Ex25 hazard'));
    const x = u('Mover');
    sim.turnStart(x);
    sim.walk(x, cells(sim, 'b1'), 'move', 'test');
    sim.endTurn(x, 0);
    assert.equal(x.stress, 1);
    sim.turnStart(x);
    assert.equal(x.stress, 2);
  });

  it('TG-B1: Ex28 Deadeye with range 4 reaches a Raider 6 away (+2)', () => {
    same('Ex28 deadeye', scene([at(pc('Shot', { per: 4, abilities: ['deadeye'] }), 'a1')], [at(raider(), 'g1')]));
    const { sim, u } = start(enc('Ex28 deadeye'));
    sim.turnStart(u('Shot'));
    assert.equal(sim.plans(u('Shot'))[0].deadeye, 2);
  });
  it('TG-L4 TG-L5: Ex4 a melee combatant with PER 4 cannot attack from a1 a Raider at d1: every plan ends adjacent', () => {
    same(
      'Ex4 melee',
      scene(
        [
          at(
            pc('Brawler', { agi: 3, per: 4, com: 4, tou: 2, pro: 2, special: 2, cha: 2, melee: true, ai: 'default' }),
            'a1',
          ),
        ],
        [at(raider(), 'd1')],
      ),
    );
    const { sim, u } = start(enc('Ex4 melee'));
    const b = u('Brawler');
    sim.turnStart(b);
    const plans = sim.plans(b);
    assert.ok(plans.length > 0 && plans.every((p) => p.s !== b.cell && sim.board.dist(p.s, u('Raider').cell) === 1));
    assert.equal(sim.reach(b), 1);
  });

  it('TG-X3 TG-F5: Ex6 a wall on the behind square corners the Raider; an empty one does not', () => {
    for (const [name, want] of [
      ['Ex6 corner against a wall', true],
      ['Ex6 no corner', false],
    ] as const) {
      const { sim, u } = start(enc(name));
      assert.equal(sim.cornerMet(u('Ryn'), u('Raider')), want, name);
    }
  });

  it("TG-E5: Ex14 Hinder on the Raider's speed: its next turn at speed 1, then 5", () => {
    const { sim, u } = start(enc('Ex14 hinder'));
    const t = u('Raider');
    sim.applyEffect(u('Ryn'), t, 'hinder', 1, undefined, 'speed');
    sim.turnStart(t);
    assert.equal(t.speed, 1);
    sim.endTurn(t, t.side);
    sim.turnStart(t);
    assert.equal(t.speed, 5);
  });

  it('TG-E6: Ex15 Raider 1 stunned: Raider 2 acts; alone fresh, Raider 1 acts and the Stun is over', () => {
    {
      const { sim, u } = start(enc('Ex15 stun'));
      sim.applyEffect(u('Ryn'), u('Raider 1'), 'stun', 1);
      assert.equal(sim.pickActor(1)!.u.name, 'Raider 2');
    }
    const { sim, u } = start(enc('Ex15 stun'));
    u('Raider 2').exhausted = true;
    sim.applyEffect(u('Ryn'), u('Raider 1'), 'stun', 1);
    const p = sim.pickActor(1)!;
    assert.equal(p.u.name, 'Raider 1');
    sim.turnStart(p.u);
    sim.endTurn(p.u, 1);
    assert.equal(u('Raider 1').stunned, false);
  });

  it('TG-S1 TG-S2 TG-S3 TG-S4: Ex16 WIS 3: Heal and Recover are paid (3); Buff is refused', () => {
    const { sim, u } = start(enc('Ex16 support'));
    const t = u('Tamsin'),
      r = u('Squire');
    r.stress = 2;
    r.tags[0].exhausted = true;
    assert.ok(sim.heal(t, r, 'test'));
    assert.ok(sim.recoverSupport(t, r, 'test'));
    assert.equal(sim.buff(t, r, 'test'), false);
    assert.deepEqual([r.stress, r.tags[0].exhausted, t.pools[P_SUPPORT]], [1, false, 0]);
  });

  it('TG-R4 TG-R6: Ex20 a failure with 2 banes, one spent as a move: 1 stress, the Raider moved a square', () => {
    const { sim, u } = start(enc('Ex20 a bane as a move'));
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Tough Raider'), {
      tag: null,
      drive: 0,
      help: -1,
      tactics: 0,
      effect: null,
      knockback: null,
      baneMove: { who: u('Tough Raider').idx, dir: E },
    });
    assert.equal(u('Ryn').stress, 1);
    assert.equal(sim.sq(u('Tough Raider').cell), 'd2');
  });

  it('TG-B2 TG-Z3: Ex29 in the shadows, the Rogue is neither attacked nor splashed by enemies', () => {
    const { sim, u, evs } = start(enc('Ex29 into the shadows'));
    sim.shadows(u('Rogue'));
    const r = u('Charging Raider');
    sim.turnStart(r);
    assert.equal(sim.plans(r).length, 0);
    assert.equal(
      sim.splashTargets(u('Foe Mage'), r).some((v) => v.name === 'Rogue'),
      false,
    );
    assert.equal(of(evs, 'attack').length, 0);
  });

  it('TG-B3: Ex30 Potion Seller (WIS 2) has support 3; healing an ally whose support pays: ally 0, own 3', () => {
    const { sim, u } = start(enc('Ex30 potion seller'));
    const w = u('Witch'),
      a = u('Ally');
    assert.equal(w.pools[P_SUPPORT], 3);
    a.stress = 1;
    assert.ok(sim.heal(w, a, 'test', a));
    assert.deepEqual([a.pools[P_SUPPORT], w.pools[P_SUPPORT], a.stress], [0, 3, 0]);
  });

  it('TG-B4: Ex31 Vengeful Hex: a Raider 5 away causing 2 stress loses 1 health; only once', () => {
    const { sim, u } = start(enc('Ex31 vengeful hex'));
    sim.stressOn(u('Hexer'), 2, u('Raider'), 'test');
    assert.equal(u('Raider').health, 2);
    sim.stressOn(u('Hexer'), 1, u('Raider'), 'test');
    assert.equal(u('Raider').health, 2);
  });

  it('TG-B5: Ex32 Miracle Worker beside an OUT ally (6/6): ally 5/6, back and exhausted; own support WIS + 1', () => {
    const { sim, u } = start(enc('Ex32 miracle worker'));
    const m = u('Medic'),
      a = u('Ally');
    assert.equal(m.pools[P_SUPPORT], 3);
    m.pools[P_REACTIONS] = 0; // no Protect (TG-Y4): the ally is to go OUT
    sim.stressOn(a, 6, null, 'test');
    assert.ok(a.out);
    assert.ok(sim.miracle(m, a));
    assert.deepEqual([a.stress, a.out, a.exhausted], [5, false, true]);
    assert.equal(sim.miracle(m, a), false);
  });

  it('TG-B6 TG-Z1: Ex33 the Gurney steps a1 → a2 and drags the ally at b1 into a1', () => {
    const { sim, u } = start(enc('Ex33 combat gurney'));
    const m = u('Gurney');
    sim.turnStart(m);
    sim.walk(m, cells(sim, 'a2'), 'move', 'test');
    assert.ok(sim.gurney(m, u('Ally'), cells(sim, 'a1')[0]));
    assert.equal(sim.sq(u('Ally').cell), 'a1');
  });

  it('TG-B7: Ex34 Runic Tattoo on Ryn: Attack 6, Defense 4, once', () => {
    const { sim, u } = start(enc('Ex34 runic tattoo'));
    assert.ok(sim.tattoo(u('Artist'), u('Ryn')));
    assert.deepEqual([sim.attackMod(u('Ryn')), sim.defenseMod(u('Ryn'))], [6, 4]);
    assert.equal(sim.tattoo(u('Artist'), u('Ryn')), false);
  });

  it('TG-B8: Ex35 Still Life three times: two obstacles, the third refused; a main action removes one', () => {
    const { sim, u } = start(enc('Ex35 still life'));
    const a = u('Sculptor');
    assert.deepEqual(
      cells(sim, 'b2', 'd1', 'a3').map((c) => sim.stillLife(a, c)),
      [true, true, false],
    );
    assert.equal(sim.removeStillLife(u('Helper'), cells(sim, 'b2')[0]), false);
    assert.ok(sim.removeStillLife(u('Helper'), cells(sim, 'd1')[0]));
    assert.equal(sim.wall[cells(sim, 'd1')[0]], 0);
  });

  it('TG-B10: Ex37 Rage: the first stress gives Attack 7, the second nothing more', () => {
    const { sim, u } = start(enc('Ex37 rage'));
    sim.stressOn(u('Berserker'), 1, u('Raider'), 'test');
    assert.equal(sim.attackMod(u('Berserker')), 7);
    sim.stressOn(u('Berserker'), 1, u('Raider'), 'test');
    assert.equal(sim.attackMod(u('Berserker')), 7);
  });
  it('TG-Q1: Ex3 INT 4: four questions answered, a fifth refused', () => {
    const { sim, u } = start(enc('Ex3 analysis'));
    const x = u('Sage');
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => sim.analyse(x)),
      [true, true, true, true, false],
    );
    assert.equal(x.pools[P_ANALYSIS], 0);
  });

  it('TG-X4: Ex7 Ryn (speed 6) runs a2 → g2 beside the Raider at h2: Charge, and the attack spends it', () => {
    same(
      'Ex7 charge',
      scene(
        [at(RYN, 'a2', null, [15])],
        [at(raider({ health: 5 }, 'Tough Raider'), 'h2', 'west')],
        Array(4).fill('............'),
      ),
    );
    const { sim, u, evs } = start(enc('Ex7 charge'));
    const r = u('Ryn');
    sim.turnStart(r);
    sim.walk(r, cells(sim, 'b2', 'c2', 'd2', 'e2', 'f2', 'g2'), 'move', 'test');
    assert.equal(sim.chargeMet(r, u('Tough Raider')), true);
    sim.attack(r, u('Tough Raider'), { tag: null, drive: 0, help: -1, effect: null, knockback: null });
    assert.ok(of(evs, 'tactic').some((e) => e.tactic === 'charge'));
  });

  it('TG-Y1 TG-Y2 TG-Y3 TG-Y4 TG-Y5 TG-Y6: Ex17 CHA 5: Help +1, Bolster +1 speed, Protect 2 of 3, Taunt, Command; pool 0', () => {
    const { sim, u, evs } = start(enc('Ex17 reactions'));
    const t = u('Captain'),
      g = u('Guard'),
      foe = u('Charging Raider');
    sim.turnStart(g);
    safe(() =>
      sim.attack(g, u('Raider'), { tag: null, drive: 0, help: t.idx, effect: null, knockback: null, tactics: 0 }),
    );
    assert.deepEqual(
      of(evs, 'attack')[0].mods.map((m) => m.label),
      ['attack', 'help'],
    );
    assert.equal(of(evs, 'attack')[0].total, 10 + 5 + 1);
    const sp = g.speed;
    sim.bolster(t, g, 'speed', 'test');
    assert.equal(g.speed, sp + 1);
    g.stress = 0;
    t.stress = 0;
    sim.stressOn(g, 3, foe, 'test', { by: t, amount: 2 });
    assert.deepEqual([g.stress, t.stress], [1, 2]);
    sim.taunt(t, foe, 'test');
    sim.turnStart(foe);
    foe.taunter = t.idx;
    assert.ok(sim.plans(foe).length > 0 && sim.plans(foe).every((p) => p.target === t.idx));
    g.exhausted = true;
    sim.command(t, g, 'test');
    assert.equal(g.exhausted, false);
    assert.equal(t.pools[P_REACTIONS], 0);
    assert.equal(sim.command(t, g, 'again'), false);
  });
});
