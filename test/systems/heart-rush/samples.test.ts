// samples/heart-rush/: a shared bestiary and encounters that `use` it, all
// clean, all Heart Rush, and each encounter runnable by the engine.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { hrModel } from '../../../systems/heart-rush/index.js';
import { combatEvents } from '../../../systems/heart-rush/engine/index.js';

describe('Heart Rush samples', () => {
  const dir = resolve('samples/heart-rush');
  const files = readdirSync(dir).filter((f) => f.endsWith('.aces')).sort().map((f) => join(dir, f));
  const r = checkFiles(files, diskHost(process.cwd()));
  const model = hrModel(r);

  it('every file checks with no diagnostics at all, and speaks Heart Rush', () => {
    assert.deepEqual(r.diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code} ${d.message}`), []);
    for (const f of files) assert.equal(r.systemOf(f)?.id, 'heart-rush', f);
  });
  it('a bestiary and at least three encounter files that use it', () => {
    assert.ok(files.some((f) => f.endsWith('bestiary.aces')));
    const users = files.filter((f) => /use "bestiary\.aces"/.test(readFileSync(f, 'utf8')));
    assert.ok(users.length >= 3, users.join(', '));
    for (const f of users) assert.ok((r.encountersByFile.get(f) ?? []).length >= 1, f);
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
});
