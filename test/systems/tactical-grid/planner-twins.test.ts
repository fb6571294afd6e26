// The planner's best plan is scored three ways (policy/planner.ts): considerPair/considerAt over every plan (the
// plain rule, TG-V5 TG-V6, which plans(u, avoid, true) sorts), and two best-only fast scans on boards with distance
// tables, scanBoxes (a box around each target) and scanReached (every reached square against every target), each a
// copy of considerPair's scoring written inline. Each fast scan is held equal to the plain rule here: whole fights
// with only one scan, and with the plain rule's sorted list in place of both, end as the planner's own, combat by
// combat (issue 36 item 4).
import assert from 'node:assert/strict';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import type { Plan } from '../../../systems/tactical-grid/engine/sim.js';
import type { Unit } from '../../../systems/tactical-grid/engine/unit.js';
import { tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { combatSeed } from '../../../engine/rng.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { ALL, randomEncounter } from './gen.js';

interface Scans {
  scanBoxes: (u: Unit, gen: number, nt: number, R: number, budget: number, cost: Int32Array) => void;
  scanReached: (u: Unit, gen: number, nt: number, cost: Int32Array) => void;
  plans: (u: Unit, avoid?: boolean, all?: boolean) => Plan[];
  moveUsedBy: (u: Unit) => number;
  pReach: number;
  pDeadeye: boolean;
}
const proto = TGSim.prototype as unknown as Scans;

/** A simulator whose planner takes one way only: 'boxes', 'reached', or 'plain' (the sorted list of every plan). */
function twin(enc: Encounter, way: 'boxes' | 'reached' | 'plain', calls: Record<string, number>): TGSim {
  const sim = new TGSim(enc);
  const s = sim as unknown as Scans;
  if (way === 'boxes')
    s.scanReached = function (this: Scans, u, gen, nt, cost) {
      calls.boxes++;
      const budget = u.ai === 'hold' ? 0 : Math.max(0, u.speed - this.moveUsedBy(u));
      const R = this.pReach + (this.pDeadeye ? 2 : 0);
      proto.scanBoxes.call(this, u, gen, nt, R, budget, cost);
    };
  else if (way === 'reached')
    s.scanBoxes = function (this: Scans, u, gen, nt, _R, _budget, cost) {
      calls.reached++;
      proto.scanReached.call(this, u, gen, nt, cost);
    };
  else
    s.plans = function (this: Scans, u, avoid = true, all = true) {
      if (all) return proto.plans.call(this, u, avoid, true);
      calls.plain++;
      const every = proto.plans.call(this, u, avoid, true);
      return every.length ? [every[0]] : [];
    };
  return sim;
}

function end(sim: TGSim, seed: number): string {
  sim.run(seed);
  const t = emptyTally(fileOrderShape(sim.enc), TG_COUNTERS.length);
  tallyCombat(sim, t, 0);
  return JSON.stringify(t);
}

describe('tactical-grid planner: the fast scans of attack squares equal the plain rule (TG-V5 TG-V6, issue 36 item 4)', function () {
  this.timeout(240_000);
  const calls: Record<string, number> = { boxes: 0, reached: 0, plain: 0 };
  const encounters = [...ALL.map((g) => g()), ...Array.from({ length: 8 }, (_, s) => randomEncounter(2000 + s))];
  for (const enc of encounters) {
    it(`TG-V5 TG-V6 ${enc.name}: 60 combats with scanBoxes only, scanReached only and considerPair's sorted plans end alike`, () => {
      const own = new TGSim(enc),
        boxes = twin(enc, 'boxes', calls),
        reached = twin(enc, 'reached', calls),
        plain = twin(enc, 'plain', calls);
      for (let i = 0; i < 60; i++) {
        const seed = combatSeed(31, i);
        const want = end(own, seed);
        assert.equal(end(boxes, seed), want, `combat ${i}: scanBoxes in place of scanReached`);
        assert.equal(end(reached, seed), want, `combat ${i}: scanReached in place of scanBoxes`);
        assert.equal(end(plain, seed), want, `combat ${i}: considerPair's sorted plans in place of both scans`);
      }
    });
  }
  it('TG-V5 each way was taken (so the comparisons above test it)', () => {
    for (const [way, n] of Object.entries(calls)) assert.ok(n > 100, `${way}: ${n} scans`);
  });
});
