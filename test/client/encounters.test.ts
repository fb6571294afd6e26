import assert from 'node:assert/strict';
import { chooseSeed, encounterAt, parseSeedInput, runHeader } from '../../client/core/encounters.js';

const range = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 1 } });
const FILE = {
  encounters: [
    { name: 'First', seed: 11, sides: ['a', 'b'], combatants: 2, range: range(3, 7) },
    { name: 'Second One', seed: 1, sides: ['a', 'b'], combatants: 3, range: range(9, 12) },
  ],
};

describe('client: finding the encounter to simulate (from aces/encounters)', () => {
  it('picks the encounter whose block holds the cursor, none outside', () => {
    assert.equal(encounterAt(FILE, 3, 0)?.name, 'First');
    assert.equal(encounterAt(FILE, 5, 4)?.name, 'First');
    assert.equal(encounterAt(FILE, 11, 10)?.name, 'Second One');
    assert.equal(encounterAt(FILE, 0, 3), undefined);
    assert.equal(encounterAt(FILE, 8, 0), undefined);
    assert.equal(encounterAt(FILE, 12, 2), undefined);
  });

  it('seed: argument, then setting, then the file', () => {
    const first = FILE.encounters[0];
    assert.deepEqual(chooseSeed(5, 9, first), { seed: 5, from: 'argument' });
    assert.deepEqual(chooseSeed(undefined, 9, first), { seed: 9, from: 'setting' });
    assert.deepEqual(chooseSeed(undefined, null, first), { seed: 11, from: 'file' });
    assert.deepEqual(chooseSeed(undefined, undefined, FILE.encounters[1]), { seed: 1, from: 'file' });
    assert.deepEqual(chooseSeed(-1, 2.5, first), { seed: 11, from: 'file' });
  });

  it('parses a typed seed', () => {
    assert.deepEqual(parseSeedInput(' 42 '), { seed: 42 });
    assert.deepEqual(parseSeedInput('4294967295'), { seed: 4294967295 });
    for (const bad of ['', '-1', '1.5', 'abc', '4294967296', '1e3']) assert.ok('error' in parseSeedInput(bad), bad);
  });

  it('the header counts the encounters of the file', () => {
    assert.deepEqual(runHeader('a.aces', 'First', 3, 2), [
      '# a.aces — encounter "First" — seed 3',
      '# replay: aces run a.aces --encounter First --seed 3',
      '# (2 encounters in this file)',
    ]);
  });
});
