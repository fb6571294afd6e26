// The spec's invariants (HEART-RUSH.md "Invariants"), checked after every event of
// many seeded fights; determinism (same seed, same bytes); runChunk = the event path.
import assert from 'node:assert/strict';
import { combatSeed } from '../../../engine/rng.js';
import { HRSim, beats, canAttack, STANCE_NAMES } from '../../../systems/heart-rush/engine/sim.js';
import type { HREvent, RollView } from '../../../systems/heart-rush/engine/events.js';
import { combatEvents, combatLog, renderEvent } from '../../../systems/heart-rush/engine/index.js';
import { HR_COUNTERS, runChunk, tallyCombat } from '../../../systems/heart-rush/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import type { Encounter } from '../../../systems/heart-rush/model.js';
import { ALL } from './gen.js';
import { fastPathIsEventPath, logGoldens, sameSeedSameLog, type EngineUnderTest } from '../engine-contract.js';
import { fightCount } from '../../deep.js';

const FIGHTS = fightCount('HR_FIGHTS', 300, 2000);

const ENGINE: EngineUnderTest<Encounter, HRSim> = {
  gens: ALL,
  combatLog,
  runChunk,
  newSim: (enc) => new HRSim(enc),
  combatEvents,
  emptyTally: (enc) => emptyTally(fileOrderShape(enc), HR_COUNTERS.length),
  tallyCombat,
};

class Checker {
  hp: number[] = [];
  heart: number[] = [];
  rush: number[] = [];
  round = 0;
  actions = new Map<string, number>();
  dashes = new Map<string, number>();
  freeDash = new Map<string, number>();
  dashFeet = new Map<string, number>();
  engaged = new Set<string>();
  lastDash = new Map<string, number>(); // who → feet of the current dash
  constructor(readonly sim: HRSim) {
    this.hp = Array.from(sim.hp);
    this.heart = Array.from(sim.heart);
    this.rush = Array.from(sim.rush);
  }
  idx(name: string): number {
    return this.sim.names.indexOf(name);
  }
  roll(r: RollView, where: string): void {
    let normal = 0,
      kept = 0;
    for (const d of r.dice) {
      assert.ok(d.face >= 1 && d.face <= d.size, `${where}: die d${d.size} shows ${d.face}`);
      if (!d.extra) normal++;
      if (d.kept) kept++;
    }
    assert.equal(kept, normal, `${where}: kept dice number the normal pool (HR-D3)`);
  }
  spend(who: string): void {
    const k = `${this.round}:${who}`;
    const v = (this.actions.get(k) ?? 0) + 1;
    assert.ok(v <= 1, `${who} spends a second action in round ${this.round} (HR-A1)`);
    this.actions.set(k, v);
  }
  check(e: HREvent): void {
    const s = this.sim;
    const where = `round ${this.round} ${e.type} ${renderEvent(e)}`;
    if ('round' in e && e.round !== this.round) {
      this.round = e.round;
      this.engaged.clear();
    }
    let rushPaid = -1;
    switch (e.type) {
      case 'move': {
        const i = this.idx(e.who);
        assert.ok(s.up(i), `${where}: an unconscious or dead combatant moves`);
        if (e.cost === 'action') this.spend(e.who);
        if (e.cost === 'rush') rushPaid = i;
        if (e.kind === 'sidestep') assert.equal(e.feet, 5, where);
        if (e.kind === 'sidestep' || e.kind === 'dash')
          assert.equal(Math.max(Math.abs(e.to[0] - e.from[0]), Math.abs(e.to[1] - e.from[1])) <= e.feet, true, where);
        if (e.kind === 'dash' || (e.kind === 'stand' && e.cost !== 'rush' && !e.reason.includes('sidestep'))) {
          const k = `${this.round}:${e.who}`;
          if (!e.cont) {
            const n = (this.dashes.get(k) ?? 0) + 1;
            assert.ok(n <= 2, `${where}: a third dash (HR-A3)`);
            this.dashes.set(k, n);
            if (e.cost === 'free') {
              assert.ok(!this.freeDash.get(k), `${where}: a second free dash`);
              this.freeDash.set(k, 1);
            }
            this.lastDash.set(e.who, e.feet);
          } else this.lastDash.set(e.who, (this.lastDash.get(e.who) ?? 0) + e.feet);
          assert.ok(this.lastDash.get(e.who)! <= s.speed[i], `${where}: a dash beyond speed`);
        }
        break;
      }
      case 'attack': {
        const i = this.idx(e.who),
          t = this.idx(e.target);
        assert.notEqual(s.side[i], s.side[t], `${where}: attacks an ally`);
        this.roll(e.attack, where);
        this.roll(e.defense, where);
        if (e.kind === 'opportunity') {
          assert.ok(s.up(i), `${where}: a downed combatant makes an opportunity attack`);
          if (e.cost === 'action') this.spend(e.who);
          else rushPaid = i;
        } else {
          assert.ok(s.upAtPhase[i], `${where}: attacker was down before its phase (HR-E4)`);
          const st = STANCE_NAMES.indexOf(e.stance),
            ts = STANCE_NAMES.indexOf(e.targetStance);
          assert.ok(canAttack(st, ts), `${where}: not along HR-E3`);
          assert.ok(!this.engaged.has(e.who), `${where}: two engagement attacks (HR-E6)`);
          this.engaged.add(e.who);
          assert.ok(s.dist(i, t) <= s.wReach[s.wStart[i] + s.wIn[i]], `${where}: out of reach/range`);
        }
        if (e.hit) {
          const h = e.hit;
          assert.ok(h.raw >= 0 && h.taken >= 0 && h.taken <= h.raw, `${where}: damage bounds`);
          if (h.halved) assert.equal(e.targetStance, 'defensive', `${where}: halving only on a defensive target`);
          if (h.shrug)
            assert.ok(h.shrug.from - h.shrug.to === 2 && h.shrug.to >= 4, `${where}: shrug moves the heart one size`);
          assert.equal(h.wound > 0, h.taken >= 10, `${where}: wound iff taken ≥ 10`);
          if (h.wound) assert.equal(h.wound, h.taken);
        }
        break;
      }
      case 'maneuver': {
        const i = this.idx(e.who),
          t = this.idx(e.target);
        assert.ok(beats(s.stance[i], s.stance[t]), `${where}: maneuver without a strict win (HR-M1)`);
        this.roll(e.mine, where);
        this.roll(e.theirs, where);
        break;
      }
      case 'help':
        this.spend(e.who);
        break;
      case 'break-free':
        this.spend(e.who);
        break;
      case 'end':
        assert.ok(e.round <= s.cap, `${where}: beyond the cap`);
        break;
    }
    // state after every event
    for (let i = 0; i < s.n; i++) {
      assert.ok(s.hp[i] <= this.hp[i], `${where}: ${s.names[i]}'s HP rose`);
      assert.equal(s.dead[i] === 1, s.hp[i] <= -s.hpMax[i], `${where}: dead iff HP ≤ −max`);
      const dr = this.rush[i] - s.rush[i];
      assert.ok(
        dr === 0 || (dr === 1 && rushPaid === i),
        `${where}: ${s.names[i]}'s rush ${this.rush[i]} → ${s.rush[i]}`,
      );
      assert.ok(s.rush[i] >= 0);
      assert.ok(s.heart[i] <= this.heart[i] && s.heart[i] >= 4, `${where}: heart die`);
      for (let k = 0; k < 4; k++) assert.ok(s.st[i * 4 + k] >= 0 && s.st[i * 4 + k] <= 5, `${where}: status level`);
      assert.ok(s.x[i] >= 0 || s.fieldW === Infinity);
      if (s.fieldW !== Infinity)
        assert.ok(s.x[i] >= 0 && s.y[i] >= 0 && s.x[i] < s.fieldW && s.y[i] < s.fieldH, `${where}: outside the field`);
      assert.ok(s.x[i] % 5 === 0 && s.y[i] % 5 === 0);
      for (let j = i + 1; j < s.n; j++) {
        if (s.climbing[i] === j || s.climbing[j] === i || (s.climbing[i] >= 0 && s.climbing[i] === s.climbing[j]))
          continue; // HR-T6 riders share
        assert.ok(s.x[i] !== s.x[j] || s.y[i] !== s.y[j], `${where}: ${s.names[i]} and ${s.names[j]} share a square`);
      }
      if (s.climbing[i] >= 0)
        assert.ok(
          s.x[i] === s.x[s.climbing[i]] && s.y[i] === s.y[s.climbing[i]],
          `${where}: a climber off its host's square`,
        );
      this.hp[i] = s.hp[i];
      this.rush[i] = s.rush[i];
      this.heart[i] = s.heart[i];
    }
  }
}

describe('Heart Rush simulator invariants', function () {
  this.timeout(120000);
  it(`HR-A1 HR-A3 HR-A4 HR-O1 HR-N8 HR-D3 HR-C1 HR-E10 HR-H1 HR-H2 HR-H3 HR-H8 HR-E3 HR-E6 HR-M1 HR-T1 HR-P1 HR-P2 HR-P3 HR-P4 HR-E4 HR-X1 HR-X2: hold on every event of ${FIGHTS} seeded fights over ${ALL.length} encounters`, () => {
    const outcomes = new Map<string, number>();
    for (let f = 0; f < FIGHTS; f++) {
      const enc = ALL[f % ALL.length]();
      const sim = new HRSim(enc);
      sim.sink = null;
      sim.begin(combatSeed(99, f));
      const checker = new Checker(sim);
      sim.sink = { push: (e: HREvent) => checker.check(e) };
      while (sim.result < 0) sim.playRound();
      assert.ok(sim.endRound <= sim.cap);
      const k = `${enc.name}:${sim.result}`;
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    }
    // the fights are not all the same outcome (the generator exercises the rules)
    assert.ok(outcomes.size >= ALL.length + 1, JSON.stringify([...outcomes]));
  });

  sameSeedSameLog('HR-D5', ENGINE);
  fastPathIsEventPath('HR-D5: runChunk tallies equal running the event generator per combat', ENGINE);
});

describe('Heart Rush log goldens', () => {
  logGoldens('HR-D5', 'test/systems/heart-rush/golden', 'HR_UPDATE_GOLDEN', combatLog, [
    ['ford-7.log', ALL[0], 7],
    ['4v4-11.log', ALL[2], 11],
    ['giant-3.log', ALL[4], 3],
  ]);
});
