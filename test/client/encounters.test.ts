import assert from 'node:assert/strict';
import { chooseSeed, encounterAt, loadEncounters, parseSeedInput } from '../../client/core/encounters.js';
import { memoryHost } from '../../model/workspace.js';

const TEXT = `character Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 }
character Thug { heart 1 body 2 mind 1 spirit 1 vitality 8 }

encounter First {
  seed 11
  side a { Kael }
  side b { Thug }
}

encounter "Second One" {
  side a { Kael }
  side b { Thug x2 }
}
`;

describe('client: finding the encounter to simulate', () => {
  const loaded = loadEncounters('/w/a.aces', memoryHost({ '/w/a.aces': TEXT }));

  const { encounters, errors } = loaded;
  it('loads a clean file through a host', () => {
    assert.deepEqual(errors, []);
    assert.deepEqual(encounters.map((e) => e.name), ['First', 'Second One']);
  });

  it('picks the encounter whose block holds the cursor, none outside', () => {
    assert.equal(encounterAt(loaded, 3, 0)?.name, 'First');
    assert.equal(encounterAt(loaded, 5, 4)?.name, 'First');
    assert.equal(encounterAt(loaded, 11, 10)?.name, 'Second One');
    assert.equal(encounterAt(loaded, 0, 3), undefined);
    assert.equal(encounterAt(loaded, 8, 0), undefined);
  });

  it('reports errors that block a simulation, with the file that has them', () => {
    const r = loadEncounters('/w/b.aces', memoryHost({ '/w/b.aces': 'use "missing.aces"\nencounter X { side a { Nobody } }\n' }));
    assert.ok(r.errors.length >= 1);
    assert.ok(r.errors.every((d) => d.severity === 'error'));
  });

  it('seed: argument, then setting, then the file', () => {
    const first = encounters[0];
    assert.deepEqual(chooseSeed(5, 9, first), { seed: 5, from: 'argument' });
    assert.deepEqual(chooseSeed(undefined, 9, first), { seed: 9, from: 'setting' });
    assert.deepEqual(chooseSeed(undefined, null, first), { seed: 11, from: 'file' });
    assert.deepEqual(chooseSeed(undefined, undefined, encounters[1]), { seed: 1, from: 'file' });
    assert.deepEqual(chooseSeed(-1, 2.5, first), { seed: 11, from: 'file' });
  });

  it('parses a typed seed', () => {
    assert.deepEqual(parseSeedInput(' 42 '), { seed: 42 });
    assert.deepEqual(parseSeedInput('4294967295'), { seed: 4294967295 });
    for (const bad of ['', '-1', '1.5', 'abc', '4294967296', '1e3']) assert.ok('error' in parseSeedInput(bad), bad);
  });
});
