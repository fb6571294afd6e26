// The stance tactic's table of exchange matrices keys each pair's state in 4 packed words when every field
// fits its bits, else in 20 plain ones (sim.ts `row`), and is shared by the simulators of encounters alike in
// all a matrix reads (`tableKey`: a sweep of HP). Either way the very same stances are picked: a fight logs
// byte for byte alike.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { checkFiles } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { combatEvents, HRSim, renderEvent } from '../../../systems/heart-rush/engine/index.js';
import type { Die, Encounter } from '../../../systems/heart-rush/model.js';
import { samplesAndAll } from './gen.js';
import { HRPolicy } from '../../../systems/heart-rush/engine/policy/choices.js';
import { HRStanceOdds } from '../../../systems/heart-rush/engine/sim/stance-odds.js';
import { fightCount } from '../../deep.js';

/** Combats of each encounter: 10 in the unit suite, 40 under ACES_DEEP=1 (test/deep.ts). */
const COMBATS = fightCount('HR_E2_COMBATS', 10, 40);

function log(enc: Encounter, seed: number, packed: boolean): string {
  const sim = new HRSim(enc);
  // the wide key, as an encounter of more than 256 combatants (or a heart of d32 and up) would use
  if (!packed) {
    const s = sim as unknown as { packed: boolean; R: number; sigNow: Int32Array };
    s.packed = false;
    s.R = 20;
    s.sigNow = new Int32Array(20);
  }
  const lines: string[] = [];
  for (let k = 0; k < COMBATS; k++) for (const e of combatEvents(enc, seed + k, sim)) lines.push(renderEvent(e) ?? '');
  return lines.join('\n');
}

describe('Heart Rush: the stance table', function () {
  this.timeout(60000);
  it(`HR-E2: packed and plain keys of a pair's state, and a table shared with an encounter alike but for HP, choose the same stances (every sample and generated encounter, ${COMBATS} combats each)`, () => {
    const encs = samplesAndAll(['goblin-ambush', 'troll-bridge', 'wolves-at-the-ford']);
    assert.ok(encs.length >= 8);
    for (const enc of encs) {
      // an encounter alike but for its HP fills the shared (packed) table first
      const tougher: Encounter = {
        ...enc,
        sides: enc.sides.map((sd) => ({
          ...sd,
          placements: sd.placements.map((pl) => ({ ...pl, character: { ...pl.character, hp: pl.character.hp + 3 } })),
        })),
      };
      log(tougher, 5, true);
      // one whose might dice differ must not share it (its matrices differ)
      const mightier: Encounter = {
        ...enc,
        sides: enc.sides.map((sd) => ({
          ...sd,
          placements: sd.placements.map((pl) => ({
            ...pl,
            character: { ...pl.character, might: (pl.character.might === 12 ? 10 : pl.character.might + 2) as Die },
          })),
        })),
      };
      log(mightier, 5, true);
      const packed = new HRSim(enc) as unknown as { packed: boolean };
      assert.equal(packed.packed, true, `${enc.name}: a sample's rows pack`);
      assert.equal(log(enc, 5, false), log(enc, 5, true), enc.name);
    }
  });
  it('HRS-34 (issue 32): the maneuver contest odds kept by roll ids equal their plain twin (contestWin from the two distributions), asked twice, halved or not', () => {
    const key = (HRStanceOdds as unknown as { key: (...a: number[]) => number }).key;
    let asked = 0,
      differ = 0;
    for (const heart of [4, 8, 12])
      for (const ab of [4, 6, 10])
        for (const lv of [-3, -1, 0, 2, 5])
          for (const tAb of [4, 8, 12])
            for (const tLv of [-2, 0, 3])
              for (const halve of [false, true]) {
                const ka = key(heart, ab, 0, 0, ab, lv, 0),
                  kt = key(6, tAb, 0, 0, tAb, tLv, 0);
                const plain = HRPolicy.contestPlain(ka, kt, halve);
                assert.equal(HRPolicy.contestKept(ka, kt, halve), plain);
                assert.equal(HRPolicy.contestKept(ka, kt, halve), plain); // the kept answer
                asked++;
                if (plain !== HRPolicy.contestPlain(kt, ka, halve)) differ++;
              }
    assert.ok(asked === 810 && differ > 100, `${asked} contests, ${differ} asymmetric`);
  });

  it('HRS-39 (issue 32): unhelpedHit equals its plain twin, expectedHit with the attacker’s Help set to 0, at every maneuver weighed in 60 Ford and Troll Bridge fights', () => {
    const files = ['troll-bridge', 'wolves-at-the-ford'].map((f) => resolve(`samples/heart-rush/${f}.aces`));
    const r = checkFiles(files, diskHost(process.cwd()));
    const encs: Encounter[] = files.flatMap((f) =>
      (r.encountersByFile.get(f) ?? []).map((e) => (e as unknown as { encounter: Encounter }).encounter),
    );
    let asked = 0,
      helped = 0;
    class Twin extends HRSim {
      protected override maneuverWorth(i: number, t: number, p: number): boolean {
        const h = this.help[i];
        const fast = this.unhelpedHit(i, t, p);
        this.help[i] = 0; // the test's own change, undone at once
        this.expectedHit(i, t, p, this.stance[t]);
        this.help[i] = h;
        assert.equal(fast, this.eh[0], `${this.names[i]} on ${this.names[t]}, round ${this.round}`);
        asked++;
        if (h > 0) helped++;
        return super.maneuverWorth(i, t, p);
      }
    }
    for (const enc of encs) {
      const sim = new Twin(enc);
      for (let seed = 1; seed <= 30; seed++) for (const e of combatEvents(enc, seed, sim)) void e;
    }
    assert.ok(asked > 100 && helped > 20, `${asked} maneuvers weighed, ${helped} of them Helped`);
  });
});
