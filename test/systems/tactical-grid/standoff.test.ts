// TGS-53 (issue 32): no pair of the rules that decline to advance (TGS-40, TGS-44, TGS-46, TGS-48) locks both sides
// to the round cap: a wait for the enemy (TGS-44, TGS-48) is not made against a side that has itself waited a turn per
// member in a row, and a `hold` member's Ready neither ends its side's run of waiting turns nor counts in it.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { tgModel } from '../../../systems/tactical-grid/index.js';
import type { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { at, events, of, pc, raider, ryn, scene, start } from './scene.js';

/** The side's run of waiting turns (TGS-40's count), read and set as the rules keep it. */
const runOf = (sim: TGSim): Int32Array => (sim as unknown as { waitRun: Int32Array }).waitRun;

/** TGS-44's scene (play-well.test) against sheets: Ryn could run 5 squares into both Bandits' reach, his friend behind. */
const lone = () =>
  scene(
    [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'a1', 'east')],
    [
      at(pc('Bandit 1', { com: 2, ai: 'default' }), 'h4', 'west'),
      at(pc('Bandit 2', { com: 2, ai: 'default' }), 'h5', 'west'),
    ],
    Array(8).fill('..........'),
    { rounds: 2 },
  );

describe('tactical grid: no standoff to the round cap (TGS-53, issue 32)', () => {
  it('TG-T6 TGS-44 TGS-53 issue 32: no lone-charge wait for sheets whose side has itself waited a turn per member', () => {
    // the Bandits' side has waited a turn per member in a row (TGS-40's count), and a sheet's wait for a lone charge
    // (TGS-44) has no bound of its own: they are waiting for Ryn, and his wait for them would be for ever (against NPCs,
    // whose waits are bounded, he still waits: they come). Before: he waited, Readied, whatever the Bandits did
    const waiting = (run: number) => {
      const { sim, evs, u } = start(lone());
      u('Archer').exhausted = true; // (Ryn's turn: with the Archer fresh, the side's turn is hers since TGS-58)
      runOf(sim)[1] = run;
      sim.stepTurn(); // round 1, the heroes' turn: Ryn
      assert.equal(of(evs, 'turn')[0].who, 'Ryn');
      return of(evs, 'ready').some((e) => /TGS-44/.test(e.reason));
    };
    assert.equal(waiting(1), true, 'one Bandit has waited: the other may still come');
    assert.equal(waiting(2), false, 'both have waited: Ryn goes');
  });

  it("TG-T6 TGS-40 TGS-53 issue 32: a hold member's Ready neither ends its side's run of waiting turns nor counts in it", () => {
    // the Lookout (`hold`) is its side's only fresh member, with no enemy in reach: it Readies where it stands. Before:
    // that turn ended its side's run (TGS-40's count), so a side with a holder never reached the run's end, and its
    // enemies' waits for it (TGS-44, TGS-48) never ended either
    const { sim, evs } = start(
      scene(
        [at(pc('Lookout'), 'a1', 'east'), at(ryn({ ai: 'default' }), 'a8', 'east')],
        [at(raider({}, 'Raider 1'), 'h4', 'west')],
        Array(8).fill('..........'),
        { rounds: 2 },
      ),
    );
    sim.units.find((v) => v.name === 'Ryn')!.exhausted = true;
    runOf(sim)[0] = 1;
    sim.stepTurn();
    assert.equal(of(evs, 'turn')[0].who, 'Lookout');
    assert.match(of(evs, 'ready')[0]?.reason ?? '', /hold/);
    assert.equal(runOf(sim)[0], 1);
  });

  it("TG-T6 TGS-44 TGS-48 TGS-53 issue 32: the crypt's standoffs end (seed 1018: Ryn and Skeleton 4 wait for each other)", function () {
    this.timeout(20000);
    const r = checkFiles([resolve('samples/tactical-grid/crypt.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    // seed 1269095580 was this test's fight until TGS-63 (issue 32): Ryn and Brakka waited for Skeleton 5 from round
    // 14, the dead's Skeleton 3 having fallen at its turn's start on a hazard in round 4; it is picked no longer, the
    // fight goes otherwise (Skeleton 5 falls in round 8) and must still end, won, before the round cap
    const before = of(events(enc, 1269095580), 'end')[0];
    assert.equal(before.outcome, 'win', `seed 1269095580 ended in round ${before.round}`);
    assert.ok(before.round < 30, `seed 1269095580 ended in round ${before.round}`);
    // seed 1018 (seed 147 until TGS-64, issue 32: its fight goes otherwise and has no standoff now): from round 10 Ryn
    // and Brakka wait for Skeleton 4, which waits for them (TGS-48); once the heroes have waited turn after turn, one
    // of them comes and the fight ends
    const evs = events(enc, 1018);
    const end = of(evs, 'end')[0];
    const waits = of(evs, 'ready').filter((e) => e.round >= 9 && /TGS-48/.test(e.reason));
    assert.ok(
      waits.some((e) => e.who === 'Skeleton 4') && waits.some((e) => e.who === 'Ryn'),
      'both sides wait (the standoff)',
    );
    assert.ok(waits.length <= 10, `${waits.length} waits from round 9`);
    const last = Math.max(...waits.map((e) => e.round));
    assert.ok(
      of(evs, 'move').some((e) => (e.who === 'Ryn' || e.who === 'Skeleton 4') && e.round > last),
      'a waiter comes after the last wait',
    );
    assert.ok(end.round < 30, `ended in round ${end.round}`);
  });

  it('TG-T6 TGS-44 TGS-57 issue 32: no lone-charge wait for an enemy that shoots us from where it stands (it never comes)', () => {
    // TGS-44's scene with the Raiders holding (`hold`: they never come) and a Priest (range 5, not `hold`) whose reach
    // covers Ryn from its own square. Before: the Priest counted as coming, so Ryn waited, Readied, under its fire (crypt
    // seed 101309: four turns under the Bone Priest's, on the dais out of his reach); a Priest that could not yet reach
    // anyone of his side still comes, and Ryn still waits for it
    const waits = (priestAt: string) => {
      const { sim, evs, u } = start(
        scene(
          [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'a1', 'east')],
          [
            at(raider({}, 'Raider 1'), 'h4', 'west'),
            at(raider({}, 'Raider 2'), 'h5', 'west'),
            at(raider({ ai: 'default', range: 5, difficulty: 15, health: 4 }, 'Priest'), priestAt, 'west'),
          ],
          Array(8).fill('..........'),
          { rounds: 2 },
        ),
      );
      u('Archer').exhausted = true; // (Ryn's turn: with the Archer fresh, the side's turn is hers since TGS-58)
      sim.stepTurn(); // round 1, the heroes' turn: Ryn
      assert.equal(of(evs, 'turn')[0].who, 'Ryn');
      return of(evs, 'ready').some((e) => /TGS-44/.test(e.reason));
    };
    assert.equal(waits('j8'), true, 'a Priest out of reach of us all may come: Ryn waits');
    assert.equal(waits('h3'), false, 'a Priest that can shoot Ryn where he stands will not come: Ryn goes');
  });

  it('TG-T6 TGS-44 TGS-59 issue 32: no lone-charge wait once an enemy is OUT (the fight is on)', () => {
    // TGS-44's scene with a third Raider already OUT. Before: Ryn waited, Readied, as in the opening (Hilltop Watch:
    // Sister Ilse waited at a6 in round 6 with two raiders OUT and the rest on the hill, 25 points against her blow)
    const goes = (out: boolean) => {
      const { sim, evs, u } = start(
        scene(
          [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'a1', 'east')],
          [
            at(raider({ ai: 'default' }, 'Raider 1'), 'h4', 'west'),
            at(raider({ ai: 'default' }, 'Raider 2'), 'h5', 'west'),
            at(raider({ ai: 'default' }, 'Raider 3'), 'h8', 'west'),
          ],
          Array(8).fill('..........'),
          { rounds: 2 },
        ),
      );
      u('Archer').exhausted = true; // (Ryn's turn)
      u('Raider 3').out = out;
      sim.stepTurn(); // round 1, the heroes' turn: Ryn
      assert.equal(of(evs, 'turn')[0].who, 'Ryn');
      return of(evs, 'attack').some((e) => e.who === 'Ryn');
    };
    assert.equal(goes(false), false, 'the opening: Ryn waits (TGS-44)');
    assert.equal(goes(true), true, 'a Raider OUT: Ryn goes');
  });
});
