// The spec's invariants (TACTICAL-GRID.md "The simulator", after the log),
// checked after every event of many seeded fights; determinism (same seed,
// same bytes); runChunk = the event path; golden logs.
import assert from 'node:assert/strict';
import { combatSeed } from '../../../engine/rng.js';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import type { TGEvent } from '../../../systems/tactical-grid/engine/events.js';
import { combatEvents, combatLog, renderEvent } from '../../../systems/tactical-grid/engine/index.js';
import { runChunk, tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { outcome, OUTCOME_NAMES } from '../../../systems/tactical-grid/engine/rolls.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { ALL, randomEncounter } from './gen.js';
import { fastPathIsEventPath, logGoldens, sameSeedSameLog, type EngineUnderTest } from '../engine-contract.js';
import { fightCount } from '../../deep.js';

const FIGHTS = fightCount('TG_FIGHTS', 300, 10000);
const RANDOM = fightCount('TG_RANDOM', 200, 2000);

const ENGINE: EngineUnderTest<Encounter, TGSim> = {
  gens: ALL,
  combatLog,
  runChunk,
  newSim: (enc) => new TGSim(enc),
  combatEvents,
  emptyTally: (enc) => emptyTally(fileOrderShape(enc), TG_COUNTERS.length),
  tallyCombat,
};

class Checker {
  round = 0;
  sidesThisRound: string[] = [];
  actor = '';
  turnSpeed = 0;
  moved = { move: 0, dash: 0 };
  facings: number[];
  attackTactics = new Set<string>();
  attackEffects = new Set<string>();
  /** Main actions of this turn (TG-T4 TG-T5): a roll, a Dash, a Recover, a Ready, a Still Life removal. */
  mains = new Set<string>();
  constructor(readonly sim: TGSim) {
    this.facings = sim.units.map((u) => u.facing);
  }
  main(kind: string, where: string): void {
    this.mains.add(kind);
    assert.ok(
      this.mains.size <= 1,
      `${where}: a second main action (${[...this.mains].join(', ')}) in one turn (TG-T4)`,
    );
  }
  unit(name: string) {
    const u = this.sim.units.find((x) => x.name === name);
    assert.ok(u, `unknown combatant ${name}`);
    return u!;
  }
  /** `midHarm`: a harm or stress event, whose OUT event follows at once; `midMove`: a move segment (TG-M3 crossing). */
  state(where: string, midHarm = false, midMove = false): void {
    const s = this.sim,
      b = s.board;
    const seen = new Map<number, string>();
    for (const u of s.units) {
      assert.ok(u.stress >= 0 && u.stress <= u.cap, `${where}: ${u.name} stress ${u.stress}/${u.cap} (TG-D1)`);
      assert.ok(u.health >= 0 && u.health <= u.health0, `${where}: ${u.name} health ${u.health} (TG-D2)`);
      if (midHarm) {
        // the OUT event follows this one
      } else if (u.npc) assert.equal(u.out, u.health === 0, `${where}: ${u.name} OUT exactly at health 0 (TG-D2)`);
      else assert.equal(u.out, u.stress === u.cap, `${where}: ${u.name} OUT exactly at full stress (TG-D1)`);
      u.pools.forEach((p, k) => assert.ok(p >= 0 && p <= u.pools0[k], `${where}: ${u.name} pool ${k} = ${p} (TG-N11)`));
      assert.ok(u.facing >= 0 && u.facing < b.facings.length, `${where}: facing (TG-F1 TG-F2)`);
      if (u.out) continue;
      assert.ok(u.cell >= 0 && u.cell < b.size, `${where}: ${u.name} off the map (TG-G1)`);
      assert.ok(!s.solid[u.cell], `${where}: ${u.name} on an obstacle (TG-K2)`);
      const other = seen.get(u.cell);
      // TG-M3: the actor crosses an ally's square mid-move, and a hazard there harms it on the way (TG-K3)
      const crossing =
        (midHarm || midMove) &&
        other !== undefined &&
        (u.name === this.actor || other === this.actor) &&
        this.unit(other).side === u.side;
      assert.ok(other === undefined || crossing, `${where}: ${u.name} and ${other} share ${b.name(u.cell)} (TG-G3)`);
      if (!crossing) seen.set(u.cell, u.name);
    }
  }
  check(e: TGEvent): void {
    const s = this.sim,
      b = s.board;
    const where = renderEvent(e);
    switch (e.type) {
      case 'round':
        // TG-V2 TG-T3: every side with able combatants took its turn last round (the refresh never strands one)
        if (this.round > 0) {
          for (let k = 0; k < s.nSides; k++) {
            if (s.units.some((u) => u.side === k && !u.out))
              assert.ok(
                this.sidesThisRound.includes(s.sideNames[k]),
                `${where}: ${s.sideNames[k]} took no turn in round ${this.round}`,
              );
          }
        }
        assert.equal(e.round, this.round + 1);
        this.round = e.round;
        this.sidesThisRound = [];
        break;
      case 'turn': {
        // TG-T1 TG-T2: one actor per side turn, sides in order
        assert.ok(!this.sidesThisRound.includes(e.side), `${where}: a side's second turn in round ${this.round}`);
        const order = s.sideOrder.map((k) => s.sideNames[k]);
        const last = this.sidesThisRound.length
          ? order.indexOf(this.sidesThisRound[this.sidesThisRound.length - 1])
          : -1;
        assert.ok(order.indexOf(e.side) > last, `${where}: sides out of order`);
        this.sidesThisRound.push(e.side);
        const u = this.unit(e.who);
        assert.ok(!u.out, `${where}: an OUT combatant acts (TG-D3)`);
        assert.ok(!u.exhausted, `${where}: an exhausted actor (TG-T3)`);
        this.actor = e.who;
        this.turnSpeed = e.speed;
        this.moved = { move: 0, dash: 0 };
        this.mains.clear();
        break;
      }
      case 'react':
        if (e.reaction === 'bolster' && e.target === this.actor) this.turnSpeed++; // +1 speed or range (bounded above either way)
        assert.ok(!this.unit(e.who).out, `${where}: an OUT reactor (TG-Y1)`);
        break;
      case 'move': {
        assert.equal(e.who, this.actor, `${where}: only the actor moves itself`);
        let at = b.index(e.from);
        let cost = 0;
        for (const n of e.via) {
          const c = b.index(n);
          assert.equal(b.dist(at, c), 1, `${where}: a step that is not adjacent (TG-M2)`);
          assert.ok(c >= 0 && !s.solid[c], `${where}: a step off the map or into an obstacle (TG-M3)`);
          const mover = this.unit(e.who);
          assert.ok(
            !s.units.some((v) => !v.out && v.side !== mover.side && v.cell === c),
            `${where}: a step into an able enemy (TG-M3)`,
          );
          cost += 1 + b.difficult[c];
          at = c;
        }
        assert.equal(cost, e.cost, `${where}: cost (TG-M2 TG-K1)`);
        this.moved[e.kind] += e.cost;
        if (e.kind === 'dash') this.main('dash', where);
        assert.ok(
          this.moved[e.kind] <= this.turnSpeed,
          `${where}: ${e.kind} beyond this turn's speed ${this.turnSpeed} (TG-M1)`,
        );
        break;
      }
      case 'attack':
      case 'clash': {
        const a = this.unit(e.who),
          t = this.unit(e.target);
        if (e.who === this.actor && !e.ready) this.main('roll', where);
        assert.ok(!a.out && !t.out, `${where}: an OUT attacker or target (TG-D3)`);
        assert.ok(!(t.stealth && a.side !== t.side), `${where}: a hidden target (TG-B2)`);
        const d = b.dist(a.cell, t.cell);
        const reach = a.melee ? 1 : a.range + 2;
        assert.ok(d <= reach, `${where}: target beyond reach (TG-A1 TG-L5)`);
        assert.ok(s.los(a.cell, t.cell), `${where}: no line of sight (TG-L1)`);
        if (e.type === 'attack') {
          assert.ok(e.dist <= e.reach, `${where}: dist over reach`);
          assert.ok(e.face >= 1 && e.face <= 20, `${where}: d20 ${e.face}`);
          assert.equal(
            e.outcome,
            OUTCOME_NAMES[outcome(e.face, e.total - e.face, e.vs, s.rr)],
            `${where}: outcome (TG-R1 TG-R2)`,
          );
        }
        this.attackTactics.clear();
        this.attackEffects.clear();
        break;
      }
      case 'tactic':
        assert.ok(!this.attackTactics.has(e.tactic), `${where}: a tactic twice in one attack (TG-X1)`);
        this.attackTactics.add(e.tactic);
        break;
      case 'effect':
        assert.ok(!this.attackEffects.has(e.effect), `${where}: an effect twice in one attack (TG-E1)`);
        this.attackEffects.add(e.effect);
        break;
      case 'ready':
        this.main('ready', where);
        break;
      case 'tag':
        if (e.change === 'recovered' && e.who === this.actor && e.reason.includes('main action'))
          this.main('recover', where);
        break;
      case 'ability':
        if (e.detail.startsWith('removes')) this.main('remove', where);
        break;
      case 'face': {
        const u = this.unit(e.who);
        assert.equal(e.who, this.actor, `${where}: facing changes only at its own turn's end (TG-F3)`);
        this.facings[u.idx] = u.facing;
        break;
      }
      case 'end':
        assert.ok(e.round <= s.cap, `${where}: beyond the cap (TG-T7)`);
        break;
    }
    s.units.forEach((u, i) =>
      assert.equal(u.facing, this.facings[i], `${where}: ${u.name}'s facing changed outside its turn's end (TG-F3)`),
    );
    // a dash's segment ends where a hazard interrupts it, which may be an ally's square the actor is crossing; a readied
    // attack fired mid-walk (its tag, drive, Help lines) finds it there too: only its turn's end (`face`) must be clear
    this.state(where, e.type === 'harm' || e.type === 'stress', e.type !== 'face' && e.type !== 'turn');
  }
}

describe('Tactical Grid invariants', () => {
  it(`TG-T4 TG-T5 TG-V2 TG-G1 TG-G3 TG-K2 TG-M1 TG-M2 TG-M3 TG-T1 TG-T2 TG-T3 TG-N11 TG-X1 TG-E1 TG-D1 TG-D2 TG-D3 TG-A1 TG-L1 TG-L5 TG-F3 TG-R1 TG-R2 TG-T7: hold on every event of ${FIGHTS} seeded fights over ${ALL.length} encounters`, () => {
    const outcomes = new Map<string, number>();
    const sims = ALL.map((g) => new TGSim(g()));
    for (let f = 0; f < FIGHTS; f++) {
      const sim = sims[f % sims.length];
      let checker: Checker | null = null;
      sim.sink = { push: (e: TGEvent) => checker?.check(e) };
      sim.begin(combatSeed(99, f));
      checker = new Checker(sim);
      checker.state('start');
      while (sim.result < 0) sim.playRound();
      assert.ok(sim.endRound <= sim.cap);
      const k = `${sim.enc.name}:${sim.result}:${sim.winner}`;
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    }
    // the fights are not all one outcome (the generator exercises the rules)
    assert.ok(outcomes.size >= ALL.length + 2, JSON.stringify([...outcomes]));
  });

  it(`TG-V2 TG-G3 TG-M3 TG-D1 TG-D2 TG-A1 TG-L1 TG-T7: the same invariants on ${RANDOM} random encounters (maps, terrain, hexes, abilities, ai, rules knobs)`, () => {
    for (let k = 0; k < RANDOM; k++) {
      const enc = randomEncounter(k + 1);
      const sim = new TGSim(enc);
      let checker: Checker | null = null;
      sim.sink = { push: (e: TGEvent) => checker?.check(e) };
      sim.begin(k);
      checker = new Checker(sim);
      checker.state('start');
      try {
        while (sim.result < 0) sim.playRound();
      } catch (e) {
        throw new Error(`random encounter ${k + 1}: ${(e as Error).message}`, { cause: e });
      }
      assert.ok(sim.endRound <= sim.cap);
    }
  });

  sameSeedSameLog('TG-V1', ENGINE);
  fastPathIsEventPath('TG-V1: runChunk tallies equal running the event generator per combat; chunks add up', ENGINE);
});

describe('Tactical Grid log goldens', () => {
  logGoldens('TG-V1', 'test/systems/tactical-grid/golden', 'TG_UPDATE_GOLDEN', combatLog, [
    ['mill-road-7.log', ALL[0], 7],
    ['hex-3.log', ALL[1], 3],
    ['brawl-11.log', ALL[2], 11],
  ]);
});
