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
import { X_BACKSTAB } from '../../../systems/tactical-grid/engine/sim.js';
import { combatEvents, renderEvent, type TGEvent } from '../../../systems/tactical-grid/engine/index.js';
import { check } from './lang.js';
import { at, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';

const OPEN8 = Array(8).fill('........');
const E = 2; // east in TG-V3 order

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
  const BLADE = character('Hired Blade', { difficulty: 12, health: 3, speed: 5, range: 1, tags: [tag('Spear', 2)], melee: true, ai: 'hold' });

  it('the file checks clean', () => {
    assert.deepEqual(r.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`), []);
    assert.equal(r.model.encounters.length, 10);
  });

  it('TG-X2 TG-F4: Ex5 from d2 the attacker is in the back sector of a Raider facing west; from c1 it is not', () => {
    for (const [name, sq, want] of [['Ex5 backstab from d2', 'd2', true], ['Ex5 no backstab from c1', 'c1', false]] as const) {
      same(name, scene([at(RYN, sq)], [at(raider(), 'c2', 'west')]));
      const { sim, u } = start(enc(name));
      assert.equal(!!(sim.conditions(u('Ryn'), u('Raider'), u('Ryn').cell, false, false) & X_BACKSTAB), want, name);
    }
  });

  it('TG-X6 TG-K4 TG-A3: Ex9 the Raider on the raised b1 attacks Tamsin: her defense against 14', () => {
    same('Ex9 high ground', scene([at(tamsin(), 'c1', 'west', [12])], [at(raider(), 'b1', 'east')], ['.1..', '....'], { first: 'foes' }));
    const { sim, u, evs } = start(enc('Ex9 high ground'));
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    const a = of(evs, 'attack')[0];
    assert.deepEqual([a.roller, a.face, a.vs], ['Tamsin', 12, 14]);
  });

  it('TG-T1 TG-T2 TG-T3: Ex18 replayed: heroes first, A, R, B, R, C, R, A, R; the heroes recover after C', () => {
    same('Ex18 turn order', scene([at(pc('A'), 'a1'), at(pc('B'), 'a2'), at(pc('C'), 'a3')], [at(raider(), 'h8')]));
    const evs = replay(enc('Ex18 turn order'), 4);
    assert.deepEqual(of(evs, 'turn').map((e) => e.who[0]), ['A', 'R', 'B', 'R', 'C', 'R', 'A', 'R']);
    const refresh = evs.findIndex((e) => e.type === 'refresh' && e.side === 'heroes');
    assert.ok(refresh > evs.findIndex((e) => e.type === 'turn' && e.who === 'C'));
  });

  it('TG-A3 TG-X2 TG-X6: Ex19 from her back sector, one level up: her defense against 15', () => {
    same('Ex19 back sector and high ground', scene([at(tamsin(), 'c1', 'east', [12])], [at(raider(), 'b1', 'east')], ['.1..', '....'], { first: 'foes' }));
    const { sim, u, evs } = start(enc('Ex19 back sector and high ground'));
    sim.attack(u('Raider'), u('Tamsin'), { tag: null, drive: 0, help: -1 });
    assert.equal(of(evs, 'attack')[0].vs, 15);
  });

  it('TG-A4: Ex21 the Hired Blade (12) against a Raider (13): the Blade takes 1; with Backstab and Corner the Raider takes 1', () => {
    same('Ex21 clash', scene([at(BLADE, 'b2')], [at(raider(), 'c2', 'west')]));
    same('Ex21 clash with backstab and corner', scene([at(BLADE, 'b1')], [at(raider(), 'c2', 'east')], ['........', '.#......', '........']));
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
    assert.deepEqual([c.who, c.result, c.conditions.includes('backstab'), c.conditions.includes('corner')], ['Hired Blade', 'attacker', true, true]);
  });

  it('TG-K5 TG-N12: Ex26 replayed in mist (`rules { range -1 }`): One (PER 1) has range 1, Four (PER 4) range 3', () => {
    same('Ex26 mist', scene([at(pc('One', { per: 1 }), 'a1'), at(pc('Four', { per: 4 }), 'a2')], [at(raider(), 'h8')], OPEN8, { rules: { range: -1 } }));
    const turns = of(replay(enc('Ex26 mist'), 2), 'turn');
    assert.deepEqual([turns.find((t) => t.who === 'One')!.range, turns.find((t) => t.who === 'Four')!.range], [1, 3]);
  });

  it('TG-T5 TG-T6 TG-V7: Ex27 replayed: the archer Readies; the Raider goes b3 c3 d3 e2 d1 and is shot on entering d1', () => {
    const charging = raider({ ai: 'default', health: 5 }, 'Charging Raider');
    same('Ex27 ready', scene([at(pc('Archer', { per: 5, com: 3 }), 'a1', 'east', [15])], [at(charging, 'a3', 'east')], ['......', '####..', '......']));
    const evs = replay(enc('Ex27 ready'), 1);
    assert.equal(of(evs, 'ready')[0].who, 'Archer');
    const mv = of(evs, 'move').filter((m) => m.who === 'Charging Raider');
    assert.deepEqual(mv[0].via, ['b3', 'c3', 'd3', 'e2', 'd1']);
    const shot = of(evs, 'attack')[0];
    assert.deepEqual([shot.who, shot.target, shot.at, shot.ready, shot.face], ['Archer', 'Charging Raider', 'd1', true, 15]);
    assert.ok(evs.indexOf(shot) > evs.indexOf(mv[0]));
    assert.match(evs.map(renderEvent).join('\n'), /ready Archer/);
  });

  it('TG-B9 TG-Z2: Ex36 Ryn hits the Raider at b1 and knocks it back into the wall at c1: it stays and takes 1 more', () => {
    same('Ex36 knockback into a wall', scene([at(RYN, 'a1', 'east', [15])], [at(raider({ health: 5 }, 'Tough Raider'), 'b1', 'west')], ['..#.....', '........']));
    const { sim, u } = start(enc('Ex36 knockback into a wall'));
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Tough Raider'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null, knockback: { dir: E, n: 2 } });
    assert.equal(sim.sq(u('Tough Raider').cell), 'b1');
    assert.equal(u('Tough Raider').health, 3);
    // replayed, the knockback's collision with the wall is logged as such
    const evs = replay(enc('Ex36 knockback into a wall'), 1);
    assert.ok(of(evs, 'collision').some((c) => c.into === 'obstacle c1' && c.cause === 'knockback'), evs.map(renderEvent).join('\n'));
  });
});
