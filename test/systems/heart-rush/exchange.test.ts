// Exact exchange odds from the model (the hover's stance matrix) reproduce the spec's figures.
import assert from 'node:assert/strict';
import { armor, character, weapon } from '../../../systems/heart-rush/model.js';
import { exchange, mayAttack, stanceMatrix } from '../../../systems/heart-rush/engine/exchange.js';
import { fracStr } from '../../../systems/heart-rush/engine/odds.js';

const vessa = character('Vessa', { heart: 6, agility: 8, hp: 20, weapons: [weapon('Shortsword', { die: 6 })] });
const brute = character('Brute', { heart: 6, agility: 4, hp: 30, armor: armor('Hide', 1) });
const kael = character('Kael', { heart: 6, might: 8, hp: 30, weapons: [weapon('Longsword', { die: 8 })] });
const grosk = character('Grosk', { heart: 8, might: 6, hp: 30, weapons: [weapon('Handaxe', { die: 10 })] });

describe('Heart Rush exchange odds from the model', () => {
  it('HR-E3: which stance may attack which', () => {
    assert.ok(mayAttack('cunning', 'agility') && !mayAttack('cunning', 'might'));
    assert.ok(mayAttack('agility', 'might') && !mayAttack('agility', 'cunning'));
    assert.ok(mayAttack('might', 'cunning') && !mayAttack('might', 'agility'));
    for (const s of ['might', 'agility', 'cunning'] as const)
      assert.ok(mayAttack(s, s) && mayAttack(s, 'defensive') && mayAttack(s, 'none'));
  });
  it("HR-C1 HR-E10 HR-C2: the spec's examples 1–3 through characters: agility on might, on defensive, helped might contest", () => {
    const e1 = exchange(vessa, brute, 'agility', 'might');
    assert.equal(e1.kind, 'attack');
    if (e1.kind === 'attack')
      assert.deepEqual(
        [fracStr(e1.odds.pHit), fracStr(e1.odds.mean), fracStr(e1.odds.pWound)],
        ['5815/6912', '3635/768', '359/3456'],
      );
    const e2 = exchange(vessa, brute, 'agility', 'defensive');
    if (e2.kind === 'attack') assert.equal(fracStr(e2.odds.mean), '1985/768');
    else assert.fail();
    const e3 = exchange(kael, grosk, 'might', 'might', { attackLevel: 1 });
    if (e3.kind === 'contest')
      assert.deepEqual(
        [fracStr(e3.odds.pWin), fracStr(e3.odds.meanToTarget), fracStr(e3.odds.meanToAttacker)],
        ['35287/61440', '444731/147456', '225323/147456'],
      );
    else assert.fail();
  });
  it('HR-E9 HR-C5: the matrix has no cell where the triangle forbids; might on cunning adds the weapon die or the flat bonus', () => {
    const m = stanceMatrix(kael, grosk);
    assert.equal(m[0][1].kind, 'none'); // might → agility
    assert.equal(m[1][2].kind, 'none'); // agility → cunning
    assert.equal(m[2][0].kind, 'none'); // cunning → might
    const plain = exchange(kael, grosk, 'might', 'cunning');
    const flat0 = exchange(
      character('K0', { ...kael, weapons: [weapon('Longsword', { die: 8, mightBonus: 0 })] }),
      grosk,
      'might',
      'cunning',
    );
    if (plain.kind !== 'attack' || flat0.kind !== 'attack') assert.fail();
    else
      assert.ok(
        Number(plain.odds.mean.n) / Number(plain.odds.mean.d) - Number(flat0.odds.mean.n) / Number(flat0.odds.mean.d) >
          3,
      );
  });
});
