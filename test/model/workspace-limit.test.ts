// The checker's file limit (issue 35 item 9): files past MAX_FILES are not loaded, and the files that use one
// say so on the `use` line, with no false `unknown-name` for the names it would have given.
import assert from 'node:assert/strict';
import { MAX_FILES, memoryHost } from '../../model/workspace.js';
import { checkFiles } from '../../systems/index.js';

describe('model/workspace: past the file limit', function () {
  this.timeout(120_000);

  it('issue 35 item 9: a used file past the limit: a limit error on each use line, no unknown-name anywhere', () => {
    const files: Record<string, string> = { 'lib.aces': 'weapon Club { melee +1 }\n' };
    // a file that uses one of them sees the skipped names through it: no unknown-name there either
    files['top.aces'] = `use "f0.aces"\ncharacter Top { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\n`;
    const roots = ['top.aces'];
    for (let i = 0; i < MAX_FILES - 1; i++) {
      const p = `f${i}.aces`;
      files[p] = `use "lib.aces"\ncharacter Hero${i} { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\n`;
      roots.push(p);
    }
    const r = checkFiles(roots, memoryHost(files));
    assert.equal(r.files.has('lib.aces'), false, 'lib.aces lies past the limit');
    const unknown = r.diagnostics.filter((d) => d.code === 'unknown-name');
    assert.equal(unknown.length, 0, `${unknown.length} false unknown-name errors`);
    const limits = r.diagnostics.filter((d) => d.code === 'limit');
    assert.equal(limits.length, MAX_FILES - 1);
    assert.ok(!limits.some((d) => d.file === 'top.aces'), 'top.aces uses no skipped file itself');
    assert.equal(limits[0].range.start.line, 0, 'on the use line');
    assert.match(limits[0].message, /'lib\.aces' was not loaded: more than 5000 files are reached/);
    // under the limit the same files check clean
    const few = checkFiles(roots.slice(0, 10), memoryHost(files));
    assert.ok(few.files.has('lib.aces'));
    assert.deepEqual(few.diagnostics, []);
  });
});
