// Issue 32 (item 3), the sixth and seventh play passes: rules E-P1 and E-P2 of docs/TACTICS.md. Each scene (scenes.ts) is a decision
// the regret probe found played badly; each test fails on the policy before its rule and passes after.
import assert from 'node:assert/strict';
import { compile } from '../../../../systems/halcyon-aces/engine/compile.js';
import { CombatSim } from '../../../../systems/halcyon-aces/engine/sim.js';
import { decide } from '../../../../systems/halcyon-aces/engine/policy/tactics.js';
import { A_MOVE, A_STRIKE } from '../../../../systems/halcyon-aces/engine/codes.js';
import type { Encounter } from '../../../../systems/halcyon-aces/model.js';
import { check } from '../../../helpers.js';
import { W_TO_FRIEND } from '../../../../systems/halcyon-aces/engine/policy/shared.js';
import { SCENES } from './scenes.js';

function scene(name: string): Encounter {
  const r = check(SCENES[name]);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors, [], `${name} checks clean`);
  return r.model.encounters[0];
}

/** A simulator of the scene at round 1, c's turn with three actions, the round's order as given. */
function turnOf(name: string, order: string[], actor: string): { sim: CombatSim; id: (n: string) => number } {
  const sim = new CombatSim(compile(scene(name)));
  sim.begin(1, null);
  const id = (n: string) => {
    const i = sim.k.ids.indexOf(n);
    assert.ok(i >= 0, `${n} fights in ${name}`);
    return i;
  };
  sim.roundOrder.set(order.map(id));
  sim.turnIdx = order.indexOf(actor);
  sim.cur = id(actor);
  sim.actions = 3;
  return { sim, id };
}

describe('Halcyon Aces plays like a good table, sixth pass (issue 32)', () => {
  it('E-P1 (issue 32): with a weapon that reaches Near, between two foes that fight only Engaged, it steps out and throws', () => {
    const { sim, id } = turnOf('bottleOnStairs', ['Tess', 'Thug 1', 'Thug 2'], 'Tess');
    const tess = id('Tess');
    const stairs = sim.k.zoneNames.indexOf('stairs');
    decide(sim, tess);
    assert.ok(sim.dAct === A_MOVE && sim.dZone === stairs, 'Tess struck on between the two Thugs');
    // one Thug left able: no crowd, she strikes where she stands
    sim.vit[id('Thug 2')] = 0;
    sim.broken[id('Thug 2')] = 1;
    decide(sim, tess);
    assert.equal(sim.dAct, A_STRIKE, 'Tess left a lone Thug she could strike');
  });

  it('E-P2 (issue 32): a standoff ends — after a round in which nobody moved or was hurt, the first to act comes', () => {
    const order = ['Thug 1', 'Hob', 'Patron 2', 'Thug 2', 'Patron 1'];
    // each one's turn as the round had it: Thug 1 first; Hob after Thug 1 Assisted Patron 2 (HA-A7)
    const turn = (actor: string, calm: number, quiet: boolean) => {
      const { sim, id } = turnOf('standoff', order, actor);
      if (actor === 'Hob') sim.assist[id('Patron 2')] = 1;
      sim.calmRounds = calm;
      sim.quietRound = quiet;
      decide(sim, id(actor));
      return { sim, to: sim.k.zoneNames.indexOf(actor === 'Hob' ? 'floor' : 'bar') };
    };
    for (const actor of ['Thug 1', 'Hob']) {
      // the first round of it, or one in which someone has moved or been hurt: it waits for the other side to come
      for (const [calm, quiet] of [
        [0, true],
        [1, false],
      ] as const)
        assert.notEqual(
          turn(actor, calm, quiet).sim.dAct,
          A_MOVE,
          `${actor} walked into the Braces (${calm}, ${quiet})`,
        );
      // a whole round gone by with nobody moving or hurt, and this one calm so far: it comes
      const { sim, to } = turn(actor, 1, true);
      assert.ok(sim.dAct === A_MOVE && sim.dZone === to, `${actor} waited for a foe who waits too`);
    }
    // the whole fight ends before the round cap
    const sim = new CombatSim(compile(scene('standoff')));
    for (let seed = 1; seed <= 40; seed++) {
      sim.run(seed);
      assert.ok(sim.winner >= 0, `seed ${seed}: stalemate at round ${sim.round}`);
    }
  });
});

describe('Halcyon Aces plays like a good table, eighth pass (issue 32)', () => {
  it('E-P3 (issue 32): no Dash through the zone of a foe who must come anyway — a Stride and a Dash weigh the same Braces there', () => {
    const { sim, id } = turnOf('dashPastBrute', ['Duellist', 'Paladin', 'Ogre', 'Sorceress'], 'Duellist');
    const duellist = id('Duellist');
    decide(sim, duellist);
    assert.ok(!(sim.dAct === A_MOVE && sim.dSteps === 2), "the Duellist dashed through the Ogre's Maul");
    assert.ok(
      !(sim.dAct === A_MOVE && sim.dZone === sim.k.zoneNames.indexOf('floor')),
      'it strode into the Maul with actions left',
    );
    // the Ogre held by a foe in its own zone (it will not come): the Duellist goes
    const paladin = id('Paladin');
    sim.zone[paladin] = sim.k.zoneNames.indexOf('floor');
    decide(sim, duellist);
    assert.ok(sim.dAct === A_MOVE && sim.dSteps === 2, 'with the Ogre busy on the floor, the Duellist did not go');
  });

  it('E-P4 (issue 32): no charge into the Braces of foes its side outshoots where they stand — they must come', () => {
    const order = ['Warden', 'Bandit 1', 'Tracker', 'Bandit 2', 'Slinger'];
    const { sim, id } = turnOf('outshotLedge', order, 'Warden');
    const warden = id('Warden');
    decide(sim, warden);
    assert.notEqual(sim.dAct, A_MOVE, 'the Warden charged up the ramp while the Tracker shot the Bandits');
    // the Tracker Broken: nobody shoots the ledge, the Bandits need not come — and would pay more than the Warden
    const tracker = id('Tracker');
    sim.vit[tracker] = 0;
    sim.broken[tracker] = 1;
    decide(sim, warden);
    assert.ok(sim.dAct === A_MOVE && sim.dSteps === 2, 'with no one shooting the ledge, the Warden waited below');
  });

  it('E-P5 (issue 32): nothing in reach, it walks toward the foe whose threat it removes most of, not the nearest', () => {
    const { sim, id } = turnOf('gaolerToPriest', ['Gaoler', 'Knight', 'Squire', 'Priest'], 'Gaoler');
    const gaoler = id('Gaoler');
    decide(sim, gaoler);
    assert.ok(sim.dAct === A_MOVE && sim.dSteps === 2, 'the Gaoler did not dash on toward the Priest');
    assert.equal(sim.k.zoneNames[sim.mGoal], 'nave', 'the Gaoler walked toward another foe');
    // two actions: the Priest is out of reach with an action to spare — the nearest, on the stair, as before
    sim.actions = 2;
    decide(sim, gaoler);
    assert.ok(sim.dAct === A_MOVE && sim.k.zoneNames[sim.mGoal] === 'stair', 'with two actions it went past the stair');
  });
});

describe('Halcyon Aces plays like a good table, ninth pass (issue 32)', () => {
  it('E-P6 (issue 32): shot where it stands, it does not wait for a foe who must come — it goes', () => {
    const { sim, id } = turnOf('roarFromHall', ['Kael', 'Mira', 'Warlord Vask', 'Shield Guard'], 'Kael');
    const kael = id('Kael');
    const hall = sim.k.zoneNames.indexOf('hall');
    sim.vit[kael] = 7; // after the Roar: the Braces in the hall are expected to take half of him
    decide(sim, kael);
    assert.ok(sim.dAct === A_MOVE && sim.dZone === hall, 'Kael waited at the gate for the Warlord to Roar again');
    // the Warlord Broken: nobody in the hall reaches the gate, Mira's Cutting Word reaches the Shield Guard — Kael
    // waits for it to come (E-P4)
    const vask = id('Warlord Vask');
    sim.vit[vask] = 0;
    sim.broken[vask] = 1;
    decide(sim, kael);
    assert.notEqual(sim.dAct, A_MOVE, 'with the Warlord down, Kael walked into the Shield Guard he outshoots');
  });

  it('E-P7 (issue 32): nothing in reach, it walks toward the threat rather than to a Broken friend worth less', () => {
    const { sim, id } = turnOf('gaolerPastHound', ['Gaoler', 'Knight', 'Squire', 'Priest', 'Hound'], 'Gaoler');
    const gaoler = id('Gaoler');
    const hound = id('Hound');
    sim.vit[hound] = 0;
    sim.broken[hound] = 1;
    sim.brokenBySide[sim.k.side[hound]] = 1;
    decide(sim, gaoler);
    assert.ok(
      sim.dAct === A_MOVE && sim.k.zoneNames[sim.mGoal] === 'nave',
      'the Gaoler strode to the Broken Hound, not on to the Priest',
    );
    // two actions: nothing reachable with an action to spare — the Hound on the stair, as before
    sim.actions = 2;
    decide(sim, gaoler);
    assert.ok(
      sim.dAct === A_MOVE && sim.k.zoneNames[sim.dZone] === 'stair' && sim.dWhy === W_TO_FRIEND,
      'with two actions it did not go to its Broken Hound',
    );
  });
});

describe('Halcyon Aces plays like a good table, tenth pass (issue 32)', () => {
  it('E-P8 (issue 32): it does not wait for the last foe, nearly Broken, who tends a Broken friend — that foe will not come', () => {
    const { sim, id } = turnOf('hobTendsTess', ['Thug', 'Tess', 'Hob'], 'Thug');
    const thug = id('Thug'),
      hob = id('Hob'),
      tess = id('Tess');
    const stairs = sim.k.zoneNames.indexOf('stairs');
    // round 3 as the fight had it: the Thug stood up (two actions left) at 1 Vitality, Hob at 3, Tess Broken
    sim.actions = 2;
    sim.vit[thug] = 1;
    sim.vit[hob] = 3;
    sim.vit[tess] = 0;
    sim.broken[tess] = 1;
    sim.failing[tess] = 2;
    sim.brokenBySide[sim.k.side[tess]] = 1;
    decide(sim, thug);
    assert.ok(sim.dAct === A_MOVE && sim.dZone === stairs, 'the Thug waited for Hob, who tends Tess');
    // Hob hale (its Strike far from half of him): no finish in sight, the Thug waits — Hob comes once Tess stands
    sim.vit[hob] = 20;
    decide(sim, thug);
    assert.notEqual(sim.dAct, A_MOVE, 'the Thug walked into the Brace of a hale Hob');
    sim.vit[hob] = 3;
    // Tess Defeated: nobody to tend, Hob must come — the Thug lets him come through its Brace, as before
    sim.defeated[tess] = 1;
    sim.brokenBySide[sim.k.side[tess]] = 0;
    decide(sim, thug);
    assert.notEqual(sim.dAct, A_MOVE, 'with nobody to tend, the Thug walked into the Brace of a Hob who must come');
  });
});
