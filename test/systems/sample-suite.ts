// What every system's sample folder promises, checked the same way for each (samples/<system>/): every file checks
// with no diagnostics and speaks its system; a bestiary with at least three encounter files that `use` it; each
// encounter runs through the system's engine (the seam, as `aces run` does) to an outcome, the same twice for a seed.
// A suite calls `sampleFolder` inside its own describe and adds its system's own promises with what it returns.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskHost } from '../../cli/files.js';
import type { CheckResult } from '../../model/workspace.js';
import { checkFiles, engineOf } from '../../systems/index.js';

export interface SampleFolder {
  files: string[];
  /** The check of every file of the folder together. */
  r: CheckResult;
  /** The encounter files that use the bestiary. */
  users: string[];
}

export function sampleFolder(systemId: string, folder: string): SampleFolder {
  const dir = resolve(folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.aces'))
    .sort()
    .map((f) => join(dir, f));
  const r = checkFiles(files, diskHost(process.cwd()));
  const users = files.filter((f) => /use "bestiary\.aces"/.test(readFileSync(f, 'utf8')));

  it(`every file checks with no diagnostics at all, and speaks ${systemId}`, () => {
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    for (const f of files) assert.equal(r.systemOf(f)?.id, systemId, f);
  });
  it('a bestiary and at least three encounter files that use it', () => {
    assert.ok(files.some((f) => f.endsWith('bestiary.aces')));
    assert.ok(users.length >= 3, users.join(', '));
    for (const f of users) assert.ok((r.encountersByFile.get(f) ?? []).length >= 1, f);
  });
  it('each sample encounter runs to an outcome through the seam, the same twice for a seed', async () => {
    const engine = await engineOf(systemId);
    const encounters = files.flatMap((f) => r.encountersByFile.get(f) ?? []);
    assert.ok(encounters.length > 0);
    for (const e of encounters) {
      const run = (): unknown => {
        const g = engine.events(e, e.seed);
        let x = g.next();
        let n = 0;
        for (; !x.done; x = g.next()) n++;
        return [x.value, n];
      };
      const [outcome, events] = run() as [unknown, number];
      assert.ok(events > 0 && outcome !== undefined, e.name);
      assert.deepEqual(run(), [outcome, events], e.name);
    }
  });
  return { files, r, users };
}
