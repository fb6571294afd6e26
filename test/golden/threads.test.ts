// The odds of every sample encounter are the same bytes on 1 and 2 worker threads: fight i is seeded by its index
// whichever worker fights it, and the tallies merge in index order. 300 fights, every worker still fighting a share.
// The deep tier's (pending in the unit suite, run by \`npm run test:deep\`): the unit suite checks it on one encounter
// of each system (test/systems/contract.test.ts) and through the Halcyon Aces and Arcana CLIs, not on every sample
// encounter again.
import assert from 'node:assert/strict';
import { deepIt } from '../deep.js';
import { cli, ENCOUNTERS } from './golden.js';

describe('odds of every sample encounter: the same JSON on 1 and 2 threads (deep tier)', () => {
  for (const { file, name } of ENCOUNTERS)
    deepIt(`aces odds ${file} "${name}" -n 300 --json: the same bytes on 1 and 2 threads`, async () => {
      const small = ['odds', file, '--encounter', name, '-n', '300', '--json'];
      assert.equal(
        await cli([...small, '--threads', '2']),
        await cli([...small, '--threads', '1']),
        'odds must not depend on the thread count',
      );
    });
});
