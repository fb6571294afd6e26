// Issue 32 item 5: the policy's memos and fast paths (policy/targets.ts, policy/movement.ts) are the same play as
// their plain twins, only cheaper. Each is held equal to its twin at every decision of many fights of the samples,
// and the fights with the fast paths turned off are byte-identical to the fights with them on.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { renderLog } from '../../../../systems/halcyon-aces/engine/combat.js';
import { compile } from '../../../../systems/halcyon-aces/engine/compile.js';
import { monteCarloSync } from '../../../../systems/halcyon-aces/engine/montecarlo.js';
import { CombatSim } from '../../../../systems/halcyon-aces/engine/sim.js';
import { P_ACT, P_DONE } from '../../../../systems/halcyon-aces/engine/sim/state.js';
import { decide, friendGate, pickLate } from '../../../../systems/halcyon-aces/engine/policy/tactics.js';
import {
  R,
  attackShare,
  fillShare,
  fillThreat,
  potInto,
  shareNow,
  shareSplit,
  threatNow,
  threatOf,
  turnValueAt,
  tvBoundInto,
  tvFast,
} from '../../../../systems/halcyon-aces/engine/policy/targets.js';
import {
  braceCost,
  entryGain,
  ownBrace,
  stridePrune,
  strideIn,
  strideInFirst,
  zoneTable,
  ztBrace,
  ztGain,
  ztOn,
  ztOwn,
} from '../../../../systems/halcyon-aces/engine/policy/movement.js';
import { vFoe, view } from '../../../../systems/halcyon-aces/engine/policy/view.js';
import type { Encounter } from '../../../../systems/halcyon-aces/model.js';
import { diskHost } from '../../../../cli/files.js';
import { checkFiles } from '../../../helpers.js';

const SAMPLES = ['boss-warlord', 'tavern-brawl', 'archer-ambush', 'scripted-boss'];
const load = (name: string): Encounter =>
  checkFiles([join(process.cwd(), 'samples', `${name}.aces`)], diskHost(process.cwd())).model.encounters[0];

/** Calls `at(sim, c)` before every action decision of fight `seed` (the fight itself is the policy's). */
function eachDecision(enc: Encounter, seed: number, at: (sim: CombatSim, c: number) => void): void {
  const sim = new CombatSim(compile(enc));
  sim.begin(seed, null);
  while (sim.phase !== P_DONE) {
    if (sim.phase === P_ACT && sim.actions > 0 && sim.able(sim.cur)) at(sim, sim.cur);
    sim.step();
  }
}

/** Runs `f` with the fast paths off (their plain twins decide), then turns them back on. */
function plain<T>(f: () => T): T {
  tvFast.on = false;
  stridePrune.on = false;
  ztOn.on = false;
  friendGate.on = false;
  pickLate.on = false;
  shareSplit.on = false;
  strideInFirst.on = false;
  try {
    return f();
  } finally {
    tvFast.on = true;
    stridePrune.on = true;
    ztOn.on = true;
    friendGate.on = true;
    pickLate.on = true;
    shareSplit.on = true;
    strideInFirst.on = true;
  }
}

describe('Halcyon Aces policy: memos and fast paths equal their plain twins (issue 32 item 5)', () => {
  it('HA-A3/HA-A4 (issue 32 item 5): at every decision of 20 fights of each sample, the memos read what attackShare and threatOf compute', () => {
    let checked = 0;
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 20; seed++)
        eachDecision(enc, seed, (sim, c) => {
          decide(sim, c); // opens a decision: its memos, and the values kept from earlier ones, are read below
          const k = sim.k;
          for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
            const e = k.foes[j];
            const why = `${name} seed ${seed}, ${k.ids[c]} on ${k.ids[e]}`;
            fillShare(sim, c, e);
            assert.equal(shareNow[e], attackShare(sim, c, e, true), `${why}: share now`);
            fillThreat(sim, e, c);
            assert.equal(threatNow[e], threatOf(sim, e, c), `${why}: threat`);
            potInto(sim, c, e);
            const pot = R[0];
            assert.equal(pot, attackShare(sim, c, e, false), `${why}: share once in reach`);
            checked++;
          }
        });
    }
    assert.ok(checked > 2000, `${checked} checks`);
  });

  it('HA-R2 (issue 32 item 5): at every decision of 20 fights of each sample, the zone table reads what braceCost, ownBrace and entryGain scan, in every zone', () => {
    let checked = 0,
      braced = 0;
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 20; seed++)
        eachDecision(enc, seed, (sim, c) => {
          decide(sim, c); // opens a decision; its rules may have filled the table already (kept through it)
          zoneTable(sim, c);
          for (let z = 0; z < sim.k.nz; z++) {
            const why = `${name} seed ${seed}, ${sim.k.ids[c]}, zone ${sim.k.zoneNames[z]}`;
            assert.equal(ztBrace[z], braceCost(sim, c, z), `${why}: Braces`);
            assert.equal(ztOwn[z], ownBrace(sim, c, z), `${why}: its own Brace`);
            assert.equal(ztGain[z], entryGain(sim, c, z), `${why}: the Strike saved`);
            if (ztBrace[z] > 0) braced++;
            checked++;
          }
        });
    }
    assert.ok(checked > 2000 && braced > 200, `${checked} checks, ${braced} with Braces waiting`);
  });

  it('HA-A1/HA-R2 (issue 32 item 5): at every decision of 20 fights of each sample, strideIn answers and writes the same Stride with letThemCome asked last as first', () => {
    let checked = 0,
      strode = 0;
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 20; seed++)
        eachDecision(enc, seed, (sim, c) => {
          decide(sim, c); // opens a decision (the zone table is kept through it)
          const record = (): string => {
            const took = strideIn(sim, c);
            return took ? `${sim.dZone} ${sim.mGoal} ${sim.dWhy}` : 'no';
          };
          const early = record();
          const why = `${name} seed ${seed}, ${sim.k.ids[c]}`;
          assert.equal(early, plain(record), why);
          if (early !== 'no') strode++;
          checked++;
        });
    }
    assert.ok(checked > 2000 && strode > 50, `${checked} checks, ${strode} Strides in`);
  });

  it('issue 32 item 5: at every decision of 20 fights of each sample, the decision view holds the able foes in file order, as a scan of the foes finds them', () => {
    let checked = 0;
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 20; seed++)
        eachDecision(enc, seed, (sim, c) => {
          decide(sim, c); // opens the view first, whatever it then decides
          const k = sim.k;
          const able: number[] = [];
          for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) if (sim.able(k.foes[j])) able.push(k.foes[j]);
          assert.equal(view.c, c, `${name} seed ${seed}`);
          assert.deepEqual(Array.from(vFoe.subarray(0, view.n)), able, `${name} seed ${seed}, ${k.ids[c]}`);
          checked++;
        });
    }
    assert.ok(checked > 2000, `${checked} checks`);
  });

  it('HA-S4 (issue 32 item 5): turnValueAt with Strikes alone equals its search at every range, action and Strike count; the bound is never below it', () => {
    let checked = 0;
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 10; seed++)
        eachDecision(enc, seed, (sim, c) => {
          const k = sim.k;
          for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
            const e = k.foes[j];
            for (let d = 0; d <= 3; d++)
              for (let a = 1; a <= 3; a++) {
                tvBoundInto(sim, c, e, a);
                const bound = R[0];
                for (let m = 0; m <= 2; m++) {
                  const fast = turnValueAt(sim, c, e, d, a, m);
                  const search = plain(() => turnValueAt(sim, c, e, d, a, m));
                  assert.equal(
                    fast,
                    search,
                    `${name} seed ${seed}, ${k.ids[c]} on ${k.ids[e]}, d ${d}, a ${a}, m ${m}`,
                  );
                  if (m === 0) assert.ok(bound >= search, `bound ${bound} < ${search}`);
                  checked++;
                }
              }
          }
        });
    }
    assert.ok(checked > 5000, `${checked} checks`);
  });

  it('issue 32 item 5: the fights (logs, odds) are byte-identical with the fast paths off, on every sample', () => {
    for (const name of SAMPLES) {
      const enc = load(name);
      for (let seed = 1; seed <= 15; seed++)
        assert.equal(
          renderLog(enc, seed),
          plain(() => renderLog(enc, seed)),
          `${name} seed ${seed}`,
        );
      assert.deepEqual(
        monteCarloSync(enc, { runs: 200, seed: 5 }),
        plain(() => monteCarloSync(enc, { runs: 200, seed: 5 })),
        name,
      );
    }
  });
});
