// `system halcyon-aces` as the first line and no system line mean the same:
// every sample gives the same diagnostics (one line lower), the same log and
// the same odds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkText, monteCarlo } from '../../systems/index.js';
import { renderLog } from '../../systems/halcyon-aces/engine/combat.js';
import type { Encounter } from '../../systems/halcyon-aces/model.js';

const SAMPLES = ['archer-ambush', 'tavern-brawl', 'boss-warlord', 'worked-examples'];

describe('systems: `system halcyon-aces` is the default spelled out', function () {
  this.timeout(60000);
  for (const name of SAMPLES) {
    it(`${name}.aces: same diagnostics, logs and odds with and without \`system halcyon-aces\``, async () => {
      const others = {
        'bestiary.aces': readFileSync('samples/bestiary.aces', 'utf8'),
        'party.aces': readFileSync('samples/party.aces', 'utf8'),
      };
      const text = readFileSync(`samples/${name}.aces`, 'utf8');
      const plain = checkText(text, `${name}.aces`, others);
      const declared = checkText(`system halcyon-aces\n${text}`, `${name}.aces`, others);
      assert.equal(declared.systemOf(`${name}.aces`)?.id, 'halcyon-aces');
      const where = (ds: typeof plain.diagnostics, shift: number) =>
        ds.map((d) => `${d.file}:${d.range.start.line + shift} ${d.code} ${d.message}`);
      assert.deepEqual(where(declared.diagnostics, -1), where(plain.diagnostics, 0));
      const a = plain.encountersByFile.get(`${name}.aces`) as Encounter[];
      const b = declared.encountersByFile.get(`${name}.aces`) as Encounter[];
      assert.equal(b.length, a.length);
      for (let i = 0; i < a.length; i++) {
        assert.equal(renderLog(b[i], 7), renderLog(a[i], 7));
        assert.deepEqual(
          await monteCarlo(b[i], { runs: 300, seed: 7, threads: 1 }),
          await monteCarlo(a[i], { runs: 300, seed: 7, threads: 1 }),
        );
      }
    });
  }
});
