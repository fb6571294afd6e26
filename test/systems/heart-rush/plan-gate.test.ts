// HRS-37's plan before a dash (sim/movement.ts `dash`): a dash with two reactors whose reach meets its way reads the
// greedy way on a dry run and counts the opportunity attacks it would draw. Only a reactor able to pay for an attack
// is counted, so with fewer than two such reactors the plan always keeps the greedy way, and the dash skips the dry
// run. `planAlways` is the plain twin (the dry run every time): both play every fight alike, byte for byte.
import assert from 'node:assert/strict';
import { combatEvents, HRSim, renderEvent } from '../../../systems/heart-rush/engine/index.js';
import type { Encounter } from '../../../systems/heart-rush/model.js';
import { samplesAndAll } from './gen.js';
import { fightCount } from '../../deep.js';

/** Combats of each encounter: 8 in the unit suite, 60 under ACES_DEEP=1 (test/deep.ts). */
const COMBATS = fightCount('HR_PLAN_COMBATS', 8, 60);

/** The log of COMBATS combats from `seed` on one simulator, and how many dry runs its dashes made. */
function play(enc: Encounter, seed: number, always: boolean): { log: string; plans: number } {
  const sim = new HRSim(enc);
  sim.planAlways = always;
  const s = sim as unknown as { planDash: (...a: number[]) => number };
  const plan = s.planDash;
  let plans = 0;
  s.planDash = function (this: HRSim, ...a: number[]) {
    plans++;
    return plan.apply(this, a);
  };
  const lines: string[] = [];
  for (let k = 0; k < COMBATS; k++) for (const e of combatEvents(enc, seed + k, sim)) lines.push(renderEvent(e) ?? '');
  return { log: lines.join('\n'), plans };
}

describe('Heart Rush: the dash plan skipped without two reactors able to pay (issue 32 item 5)', function () {
  this.timeout(60000);
  it(`HRS-37: a dash plans only with two reactors that can pay, and plays as the plan run every time (every sample and generated encounter, ${COMBATS} combats each)`, () => {
    const encs = samplesAndAll(['goblin-ambush', 'troll-bridge', 'wolves-at-the-ford', 'scripted-boss']);
    assert.ok(encs.length >= 8);
    let skipped = 0;
    for (const enc of encs) {
      const gated = play(enc, 11, false),
        plain = play(enc, 11, true);
      assert.equal(gated.log, plain.log, `${enc.name}: the gated dash plays as the plain one`);
      assert.ok(gated.plans <= plain.plans, `${enc.name}: no more dry runs than the plain twin`);
      skipped += plain.plans - gated.plans;
    }
    // the gate is not idle: the samples' goblins and wolves often dash past a foe that has spent its action
    assert.ok(skipped > 0, 'some dry run skipped');
  });
});
