// Scenes of issue 32's grid actor order (TG-V2): who takes a side's turn. Each fails on the policy before its fix (the
// commit that added it says which). (Apart from play-well.test.ts, which is near the files' 800 lines.)
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { tgModel } from '../../../systems/tactical-grid/index.js';
import { P_REACTIONS } from '../../../systems/tactical-grid/engine/unit.js';
import { at, of, pc, raider, ryn, scene, start } from './scene.js';

/** TGS-44's scene: Ryn could run 5 squares into both Raiders' reach, his friend the Archer far behind. */
const lone = (raiderAi: 'default' | 'hold') =>
  scene(
    [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'a1', 'east')],
    [at(raider({ ai: raiderAi }, 'Raider 1'), 'h4', 'west'), at(raider({ ai: raiderAi }, 'Raider 2'), 'h5', 'west')],
    Array(8).fill('..........'),
    { rounds: 2 },
  );

describe('tactical-grid policy: issue 32 scenes of the actor order', () => {
  it("TG-V2 TG-T6 TGS-40 TGS-44 TGS-58 issue 32: a member whose blow is a lone charge it would decline does not take its side's turn: the one farthest behind closes up", () => {
    // Ryn's only blow is a lone charge (TGS-44: he would wait, Readied, where he stands), the Archer has none. Before:
    // Ryn was picked for his plan and waited, turn after turn (the Mill Road's round 1, and round 3 Commanded: 24–39
    // points against the Hired Blade's turn); the Archer, farthest behind, now takes the turn (TGS-40), and Ryn's is
    // kept for a blow he makes
    const { sim, evs } = start(lone('default'));
    sim.stepTurn(); // round 1, the heroes' turn
    const turn = of(evs, 'turn')[0];
    assert.equal(turn.who, 'Archer', turn.reason);
    assert.match(turn.reason, /TGS-58/);
    assert.equal(of(evs, 'turn').filter((e) => e.who === 'Ryn').length, 0, "Ryn's turn is kept for his blow");
    // against Raiders that only hold (nobody comes: TGS-44 does not wait for them), Ryn's blow is one he makes
    const held = start(lone('hold'));
    assert.equal(held.sim.pickActor(0)?.u.name, 'Ryn');
  });

  it('TG-Y6 TGS-44 TGS-58 issue 32: no Command for an exhausted ally whose blow is a lone charge it would decline', () => {
    // the Cook beside Ryn (fresh) has no attack and Ryn (exhausted) a lone charge: a Command would spend the Cook's
    // reaction on Ryn's wait (the Mill Road's round 3: Tamsin commanded Ryn, who waited at c3). Before: Ryn was commanded
    const cook = (raiderAi: 'default' | 'hold') =>
      start(
        scene(
          [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Cook', { ai: 'default' }), 'b4', 'east')],
          [
            at(raider({ ai: raiderAi }, 'Raider 1'), 'h4', 'west'),
            at(raider({ ai: raiderAi }, 'Raider 2'), 'h5', 'west'),
          ],
          Array(8).fill('..........'),
          { rounds: 2 },
        ),
      );
    const { sim, u } = cook('default');
    u('Ryn').exhausted = true;
    const pick = sim.pickActor(0);
    assert.equal(pick?.u.name, 'Cook', pick?.reason);
    assert.equal(u('Ryn').exhausted, true, 'not commanded');
    // against Raiders that only hold, Ryn's blow is one he makes: the Cook commands him (TG-Y6)
    const held = cook('hold');
    held.u('Ryn').exhausted = true;
    assert.equal(held.sim.pickActor(0)?.u.name, 'Ryn');
  });

  it('TG-V2 TG-Y6 TGS-51 TGS-70 issue 32: the member who acts does not depend on whether a Command is possible', () => {
    // the crypt, late in three fights: an ally of the heroes is exhausted and another holds a reaction, so a Command is
    // possible (TG-Y6) and commandFirst plans the fresh members in placement order until one has a blow; with the same
    // state and no reaction left in the side, no Command is possible. TGS-51 weighs the members the bound-ordered scan
    // weighed in both (TGS-70). Before, it weighed commandFirst's plans too, so the pick depended on the Command's
    // test: seed 21 after 19 turns, Ryn with a Command possible and Sister Ilse without; seed 34 after 17, Sister
    // Ilse and Tamsin; seed 58 after 19, Ryn and Sister Ilse
    const r = checkFiles([resolve('samples/tactical-grid/crypt.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    for (const [seed, turns] of [
      [21, 19],
      [34, 17],
      [58, 19],
    ]) {
      const pick = (reactions: boolean): string | undefined => {
        const { sim } = start(enc, seed);
        for (let k = 0; k < turns; k++) sim.stepTurn();
        const side = sim.units.filter((u) => u.side === 0 && u.out !== true && u.dead !== true);
        if (reactions) {
          assert.ok(
            side.some((u) => u.exhausted === true) && side.some((u) => u.pools[P_REACTIONS] > 0),
            'can command',
          );
        } else for (const u of side) u.pools[P_REACTIONS] = 0;
        const p = sim.pickActor(0);
        assert.doesNotMatch(p?.reason ?? '', /commanded/, `seed ${seed}: a fresh member has a blow`);
        return p?.u.name;
      };
      assert.equal(pick(true), pick(false), `seed ${seed}, after ${turns} turns`);
    }
  });

  it('TG-V2 TG-K3 TG-T8 TGS-63 issue 32: a member a hazard puts OUT at its turn start does not take the side turn while another can', () => {
    // Raider 1 stands on a hazard (e4) beside Ryn with 1 health left: its turn's start deals it 1 harm (TG-K3) and puts
    // it OUT before its blow, and the side's turn is lost (TG-T8; the crypt's Skeleton 3, 35 points at a probed
    // decision). Before: Raider 1 was picked (its blow and Raider 2's are worth the same, and it is first); now Raider 2
    // acts, and Raider 1's turn comes when it is the only fresh member
    const hazardAt = (health: number, raider2Exhausted = false) => {
      const rows = ['........', '........', '........', '....^...', '........', '........', '........', '........'];
      const { sim, u } = start(
        scene(
          [at(ryn({ ai: 'default' }), 'd4', 'east')],
          [
            at(raider({ ai: 'default' }, 'Raider 1'), 'e4', 'west'),
            at(raider({ ai: 'default' }, 'Raider 2'), 'h4', 'west'),
          ],
          rows,
        ),
      );
      assert.equal(sim.board.hazard[u('Raider 1').cell], 1, 'Raider 1 on the hazard');
      u('Raider 1').health = health;
      u('Raider 2').exhausted = raider2Exhausted;
      return sim.pickActor(1)?.u.name;
    };
    assert.equal(hazardAt(1), 'Raider 2');
    // with 2 health the hazard leaves it standing: the same blows, placement order
    assert.equal(hazardAt(2), 'Raider 1');
    // the only fresh member: its turn comes (and the side recovers after it, TG-T3)
    assert.equal(hazardAt(1, true), 'Raider 1');
  });

  it("TG-V2 TGS-51 TGS-64 issue 32: the pick whose plan's end square lays it open to as much harm as its blow deals or more gives the turn to the next-best member", () => {
    // the Mill Road, seed 2275360620, round 6 (after 11 turns): Brakka's sure OUT of Raider 3 (1 health) runs him c3 → h4
    // into the Raider Chief's charge (the Chief's blow there worth as much as his 1 harm dealt), and the Chief put him
    // OUT by round 9 (37 points at a probed decision). Before: Brakka acted; now Tamsin takes Raider 3 from c1, out of
    // the Chief's reach, and Brakka keeps his square 8 squares from the Chief
    const r = checkFiles([resolve('samples/tactical-grid/mill-road.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    const pick = (exposure: boolean) => {
      const { sim } = start(enc, 2275360620);
      sim.exposure = exposure;
      for (let k = 0; k < 11; k++) sim.stepTurn();
      assert.equal(sim.round, 6);
      return sim.pickActor(0);
    };
    assert.equal(pick(false)?.u.name, 'Brakka', "TGS-51's pick");
    const p = pick(true);
    assert.equal(p?.u.name, 'Tamsin', p?.reason);
    assert.match(p?.reason ?? '', /TGS-64/);
  });
});
