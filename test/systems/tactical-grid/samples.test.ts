// samples/tactical-grid/: a shared bestiary and encounters that `use` it, all
// clean, all Tactical Grid, each encounter runnable by the engine and a real
// fight (each side wins 25–75% of 1,000 combats, under 5% stalemates).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { tgModel } from '../../../systems/tactical-grid/index.js';
import { combatEvents } from '../../../systems/tactical-grid/engine/index.js';
import { runChunk } from '../../../systems/tactical-grid/engine/fast-path.js';

describe('Tactical Grid samples', () => {
  const dir = resolve('samples/tactical-grid');
  const files = readdirSync(dir).filter((f) => f.endsWith('.aces')).sort().map((f) => join(dir, f));
  const r = checkFiles(files, diskHost(process.cwd()));
  const model = tgModel(r);
  const users = files.filter((f) => /use "bestiary\.aces"/.test(readFileSync(f, 'utf8')));

  it('every file checks with no diagnostics at all, and speaks Tactical Grid', () => {
    assert.deepEqual(r.diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code} ${d.message}`), []);
    for (const f of files) assert.equal(r.systemOf(f)?.id, 'tactical-grid', f);
  });
  it('a bestiary and at least three encounter files that use it, one on hexes', () => {
    assert.ok(files.some((f) => f.endsWith('bestiary.aces')));
    assert.ok(users.length >= 3, users.join(', '));
    for (const f of users) assert.ok((r.encountersByFile.get(f) ?? []).length >= 1, f);
    assert.ok(model.encounters.some((e) => e.encounter.map.grid === 'hex'));
  });
  it('each sample encounter runs to an outcome, the same twice for a seed', () => {
    for (const e of model.encounters) {
      const run = (): unknown => {
        const g = combatEvents(e.encounter);
        let x = g.next();
        let n = 0;
        while (!x.done) {
          n++;
          x = g.next();
        }
        return [x.value, n];
      };
      assert.deepEqual(run(), run(), e.name);
    }
  });
  it('TG-T7: each realistic encounter is a real fight: every side wins 25–75% of 1,000 combats, under 5% stalemates', function () {
    this.timeout(120000);
    for (const f of users)
      for (const e of r.encountersByFile.get(f) ?? []) {
        const enc = model.encounters.find((x) => x === e)!.encounter;
        const t = runChunk(enc, 1, 0, 1000);
        for (const w of t.wins) assert.ok(w >= 250 && w <= 750, `${e.name}: ${t.wins.join('/')}`);
        assert.ok(t.stalemates < 50, `${e.name}: ${t.stalemates} stalemates`);
      }
  });
});
