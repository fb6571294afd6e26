// HRS-25: a fighter whose straight way is blocked goes round, instead of
// standing still until the round cap.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { checkFiles, monteCarlo } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';

describe('Heart Rush: movement round obstacles', function () {
  this.timeout(60000);
  it('HRS-25 (HR-P3): a pack that leaves bodies in the way no longer freezes the fight (Wolves at the Ford: stalemates under 5%)', async () => {
    const file = resolve('samples/heart-rush/wolves-at-the-ford.aces');
    const r = checkFiles([file], diskHost(process.cwd()));
    const [enc] = r.encountersByFile.get(file)!;
    const odds = await monteCarlo(enc, { system: 'heart-rush', runs: 600, seed: 3, threads: 1 });
    assert.ok(odds.stalemate.p < 0.05, `stalemates ${(odds.stalemate.p * 100).toFixed(1)}%`);
  });
});
