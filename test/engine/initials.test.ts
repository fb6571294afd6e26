// The letters on a battle map's token: one to three, from the name alone.
import assert from 'node:assert/strict';
import { initials } from '../../engine/initials.js';

describe('engine kit: token initials', () => {
  it('one word: its first two letters; several: their first letters; a copy number is kept; never more than three', () => {
    assert.deepEqual(
      [
        'Ryn',
        'Hired Blade',
        'Raider 2',
        'Raider Chief 3',
        'Dire Wolf 12',
        'A',
        '',
        '  ',
        'Ælfric',
        'the old grey wolf',
      ].map(initials),
      ['Ry', 'HB', 'R2', 'RC3', 'D12', 'A', '?', '?', 'Æl', 'tog'],
    );
  });
});
