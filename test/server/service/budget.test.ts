// The whole-workspace memory budget (issue 35 item 6), in process: past the budget a file that is not open is
// left out with a `limit` diagnostic naming why, the files that use it say so and get no false unknown-name,
// it is named once, and it is checked as soon as there is room again.
import assert from 'node:assert/strict';
import { memoryHost } from '../../../model/workspace.js';
import { createLanguageService } from '../../../server/service/index.js';

describe('server/service: the workspace memory budget (issue 35 item 6)', () => {
  it('issue 35 item 6: a file past the budget is left out and named, its users told, and checked once there is room', () => {
    const pad = (n: number) => `# ${'x'.repeat(n)}\n`;
    const files: Record<string, string> = {
      'a.aces': pad(700),
      'lib.aces': `weapon Club { melee +1 }\n${pad(500)}`,
      'user.aces': 'use "lib.aces"\ncharacter Kael { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\n',
    };
    const open = new Set<string>();
    const ls = createLanguageService({
      ...memoryHost(files),
      listFiles: () => Object.keys(files).filter((f) => f in files),
      isOpen: (u) => open.has(u),
    });
    ls.state.budget = 1000;
    const first = ls.validate();
    assert.deepEqual(
      first.get('lib.aces')!.map((d) => d.code),
      ['limit'],
    );
    assert.match(String(first.get('lib.aces')![0].message), /memory budget of 1000 bytes of text/);
    assert.deepEqual(
      first.get('user.aces')!.map((d) => d.code),
      ['limit'],
      'the use line says why, and Club is not called unknown',
    );
    assert.deepEqual(first.get('a.aces'), []);
    assert.deepEqual(ls.state.takeOverBudget(), ['lib.aces']);
    assert.deepEqual(ls.state.takeOverBudget(), [], 'named once');
    // an open document is checked whatever the budget
    open.add('lib.aces');
    ls.didChange('lib.aces');
    assert.deepEqual(ls.validate().get('lib.aces'), []);
    open.delete('lib.aces');
    ls.didChange('lib.aces');
    assert.deepEqual(
      ls
        .validate()
        .get('lib.aces')!
        .map((d) => d.code),
      ['limit'],
    );
    // room again (a.aces deleted): the file left out is checked, and its user with it
    delete files['a.aces'];
    ls.didDelete('a.aces');
    const after = ls.validate();
    assert.deepEqual(after.get('lib.aces'), []);
    assert.deepEqual(after.get('user.aces'), []);
  });
});
