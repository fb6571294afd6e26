// Issue 34 item 6: the dead-end rule (ruling E-I6b) must not end a fight as a stalemate while a Broken combatant
// still has stabilization draws to come (HA-B2/B3): the fight goes on while a draw can still change it.
import assert from 'node:assert/strict';
import { chanceOf } from '../../../../engine/tally.js';
import { monteCarloSync } from '../../../../systems/halcyon-aces/engine/montecarlo.js';
import { simulate } from '../../../../systems/halcyon-aces/engine/combat.js';
import { HA_ENGINE } from '../../../../systems/halcyon-aces/engine/seam.js';
import { check } from '../../../helpers.js';

// Scout falls in the ogre's zone; its ally Hermit waits on an island nobody can reach.
const ISLAND = `
weapon Maul { melee +4 }
character Ogre { heart 1 body 5 mind 1 spirit 1  vitality 40  wields Maul }
character Scout { heart 1 body 1 mind 1 spirit 1  vitality 3 }
character Hermit { heart 1 body 1 mind 1 spirit 1  vitality 10 }
encounter "Island" {
  seed 1
  rounds 30
  zone pit {}
  zone isle {}
  side wild { Ogre at pit }
  side folk { Scout at pit
    Hermit at isle }
}
`;

describe('E-I6b dead ends wait for the Broken (issue 34 item 6)', () => {
  const enc = check(ISLAND).model.encounters[0];

  it('E-I6b + HA-B3: a Broken combatant beside its killer, its ally out of reach: Defeated, not stopped Broken', () => {
    const r = monteCarloSync(enc, { runs: 400, seed: 7 });
    const scout = r.combatants.find((c) => c.id === 'Scout')!;
    assert.ok(chanceOf(scout, 'broken').p > 0.9, `Broken ${chanceOf(scout, 'broken').p}`);
    // HA-B2: an Ace (1 in 13 a draw) stands it up again, and then the ogre breaks it anew; three Failing Draws Defeat
    assert.ok(chanceOf(scout, 'defeated').p > 0.8, `Defeated ${chanceOf(scout, 'defeated').p} (0 before the fix)`);
  });

  it('E-I6b: the fight still ends as a dead end once no draw is left to come, before the round cap', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const o = simulate(enc, seed);
      const scout = o.combatants.find((c) => c.id === 'Scout')!;
      if (o.result !== 'stalemate') continue; // the Scout may win a round or two, never the fight
      assert.equal(o.deadlock, true, `seed ${seed}`);
      assert.ok(o.rounds < 30, `seed ${seed}: ${o.rounds} rounds`);
      assert.notEqual(scout.state, 'broken', `seed ${seed}: the fight stopped with the Scout still drawing`);
    }
  });

  it('HA-I6 / E-I6b: the stalemate footnote says a Broken combatant draws on', () => {
    const r = monteCarloSync(enc, { runs: 50, seed: 7 });
    assert.match(HA_ENGINE.stalemateNote!(r), /no one can reach an enemy and no Broken combatant has a draw to come/);
  });
});
