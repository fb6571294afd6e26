import assert from 'node:assert/strict';
import { isPluralName, sideNamed, winsPhrase } from '../../common/outcome-words.js';

describe('common/outcome-words: how an outcome is written', () => {
  it('a side named by a plural wins without an s ("goblins win"), a collective or a name with one ("party wins")', () => {
    assert.equal(winsPhrase('goblins'), 'goblins win');
    assert.equal(winsPhrase('wolves'), 'wolves win');
    assert.equal(winsPhrase('heroes'), 'heroes win');
    assert.equal(winsPhrase('party'), 'party wins');
    assert.equal(winsPhrase('pack'), 'pack wins');
    assert.equal(winsPhrase('the Warlord'), 'the Warlord wins');
  });

  it('a name ending in ss, us, is or os is one, not many ("boss wins")', () => {
    for (const one of ['boss', 'Boss', 'chorus', 'Osiris', 'Eos']) assert.equal(isPluralName(one), false, one);
    for (const many of ['Bandits', 'RAIDERS', 'cultists ']) assert.equal(isPluralName(many), true, many);
  });

  it('a name whose last word is a plural without an s is many ("dead win", "townsfolk win"), a word merely ending so is not', () => {
    for (const many of ['dead', 'the living', 'Undead', 'townsfolk', 'hill men', 'people', 'swordsmen'])
      assert.equal(winsPhrase(many), `${many} win`, many);
    for (const one of ['deadeye', 'Omen', 'specimen', 'folklore', 'peoples champion'])
      assert.equal(isPluralName(one), false, one);
  });

  it('a hostile name of 100,000 characters does not hang the wording (a regex over the whole name took 18 s for 50,000 "A_")', () => {
    const t0 = performance.now();
    for (const name of ['A_'.repeat(50_000), 'a'.repeat(100_000) + '1', 'men '.repeat(25_000)]) isPluralName(name);
    assert.ok(performance.now() - t0 < 1000, `${Math.round(performance.now() - t0)} ms`);
  });

  it('a tune target names its side in either form or by the bare name; any other text names none', () => {
    const sides = ['goblins', 'party'];
    for (const t of ['goblins win', 'goblins wins', 'goblins', ' goblins win '])
      assert.equal(sideNamed(t, sides), 'goblins', t);
    for (const t of ['party wins', 'party win', 'party']) assert.equal(sideNamed(t, sides), 'party', t);
    for (const t of ['stalemate', 'goblin wins', 'party winss', '']) assert.equal(sideNamed(t, sides), undefined, t);
  });
});
