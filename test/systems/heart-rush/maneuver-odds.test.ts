// The exact chance a maneuver succeeds (HR-M1…M5, the spec's "Exact odds": maneuver success with size advantage
// and one-handed halving), checked by counting every face of the dice.
import assert from 'node:assert/strict';
import { character, weapon } from '../../../systems/heart-rush/model.js';
import { maneuverChances, maneuverLine } from '../../../systems/heart-rush/engine/maneuver-odds.js';
import { fracNum } from '../../../systems/heart-rush/engine/odds.js';

/** Every total of a check: the dice given, keeping the best `keep` (HR-D3), halved (rounded up) if asked. */
function totals(dice: number[], keep: number, halve = false): number[] {
  const out: number[] = [];
  const rec = (i: number, faces: number[]) => {
    if (i === dice.length) {
      const t = [...faces]
        .sort((a, b) => b - a)
        .slice(0, keep)
        .reduce((a, b) => a + b, 0);
      out.push(halve ? Math.ceil(t / 2) : t);
      return;
    }
    for (let f = 1; f <= dice[i]; f++) rec(i + 1, [...faces, f]);
  };
  rec(0, []);
  return out;
}

/** P(mine > theirs) over every pair of outcomes (the resister wins ties, HR-D4). */
function brute(mine: number[], theirs: number[]): number {
  let win = 0;
  for (const a of mine) for (const b of theirs) if (a > b) win++;
  return win / (mine.length * theirs.length);
}

const p = (c: ReturnType<typeof character>, f: ReturnType<typeof character>) => {
  const r = maneuverChances(c, f);
  assert.ok(typeof r !== 'string', String(r));
  return r.map((x) => fracNum(x.p));
};

describe('Heart Rush: exact maneuver odds (HR-M1 HR-M2 HR-M3 HR-M4)', () => {
  it("HR-M2: a grapple, might against the foe's better of might and agility (worked example 3: Bram on the Wolf)", () => {
    const bram = character('Bram', { hp: 20, heart: 10, might: 8, maneuver: 'grapple' });
    const wolf = character('Wolf', { hp: 20, heart: 6, might: 6, agility: 8 });
    const [got] = p(bram, wolf);
    assert.ok(Math.abs(got - brute(totals([10, 8], 2), totals([6, 8], 2))) < 1e-12, `${got}`);
  });

  it("HR-M2: one free hand halves the grappler's result, rounded up; none: it cannot grapple", () => {
    const oneHand = character('Bram', {
      hp: 20,
      heart: 10,
      might: 8,
      maneuver: 'grapple',
      hands: 2,
      weapons: [weapon('Axe', { die: 8, hands: 1 })],
    });
    const wolf = character('Wolf', { hp: 20, heart: 6, might: 6, agility: 8 });
    const [got] = p(oneHand, wolf);
    assert.ok(Math.abs(got - brute(totals([10, 8], 2, true), totals([6, 8], 2))) < 1e-12, `${got}`);
    const noHand = character('Bram', {
      hp: 20,
      maneuver: 'grapple',
      hands: 2,
      weapons: [weapon('Maul', { die: 12, hands: 2 })],
    });
    assert.match(String(maneuverChances(noHand, wolf)), /no free hand/);
  });

  it('HR-M2: the larger one gets a level of advantage per size of difference (one more ability die, keep the best two)', () => {
    const ogre = character('Ogre', { hp: 30, heart: 8, might: 10, size: 'large', maneuver: 'grapple' });
    const kid = character('Kid', { hp: 10, heart: 6, might: 4, agility: 6, size: 'medium' });
    const [big] = p(ogre, kid);
    assert.ok(Math.abs(big - brute(totals([8, 10, 10], 2), totals([6, 6], 2))) < 1e-12, `${big}`);
    const kidGrapples = character('Kid', { hp: 10, heart: 6, might: 4, agility: 6, maneuver: 'grapple' });
    const [small] = p(kidGrapples, character('Ogre', { hp: 30, heart: 8, might: 10, agility: 4, size: 'large' }));
    assert.ok(Math.abs(small - brute(totals([6, 4], 2), totals([8, 10, 10], 2))) < 1e-12, `${small}`);
  });

  it("HR-M3: climbing needs a foe two sizes larger; HR-M4: a trip is the stance's ability against the same, per stance", () => {
    const rat = character('Rat', { hp: 5, heart: 4, agility: 10, size: 'small', maneuver: 'climb' });
    assert.match(String(maneuverChances(rat, character('Man', { hp: 10 }))), /not two sizes larger/);
    const [climb] = p(rat, character('Giant', { hp: 50, heart: 10, might: 12, agility: 4, size: 'huge' }));
    assert.ok(Math.abs(climb - brute(totals([4, 10], 2), totals([10, 12], 2))) < 1e-12);
    const tripper = character('Ysolde', { hp: 20, heart: 8, agility: 10, cunning: 6, might: 4, maneuver: 'trip' });
    const orc = character('Orc', { hp: 40, heart: 10, might: 10, agility: 4, cunning: 6 });
    const [cun, agi, mig] = p(tripper, orc);
    assert.ok(Math.abs(cun - brute(totals([8, 6], 2), totals([10, 6], 2))) < 1e-12);
    assert.ok(Math.abs(agi - brute(totals([8, 10], 2), totals([10, 4], 2))) < 1e-12);
    assert.ok(Math.abs(mig - brute(totals([8, 4], 2), totals([10, 10], 2))) < 1e-12);
    assert.match(maneuverLine(tripper, orc)!, /^trip vs Orc: cunning \d+\.\d% · agility \d+\.\d% · might \d+\.\d%$/);
    assert.equal(maneuverLine(orc, tripper), undefined);
  });
});
