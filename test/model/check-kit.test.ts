// model/check-kit.ts runBlockChecks: every system's checker hands blocks to the checks registered per kind.
import assert from 'node:assert/strict';
import { runBlockChecks } from '../../model/check-kit.js';
import type { RawBlock } from '../../model/read.js';
import type { SystemFile } from '../../model/system.js';

const file = (path: string, kinds: string[]): SystemFile =>
  ({ path, read: { blocks: kinds.map((kind, i) => ({ kind, name: `${path}#${i}` })) } }) as unknown as SystemFile;

describe('model/check-kit runBlockChecks', () => {
  it('visits the blocks of every file in load order, each by the handler of its kind', () => {
    const seen: string[] = [];
    runBlockChecks(
      [file('a.aces', ['weapon', 'encounter']), file('b.aces', ['weapon'])],
      {
        weapon: [(b: RawBlock) => seen.push(`w ${b.name}`), (b: RawBlock, cx: string) => seen.push(`${cx} ${b.name}`)],
        encounter: [(b: RawBlock) => seen.push(`e ${b.name}`)],
      },
      'w2',
    );
    assert.deepEqual(seen, ['w a.aces#0', 'w2 a.aces#0', 'e a.aces#1', 'w b.aces#0', 'w2 b.aces#0']);
  });

  it('skips a kind without a handler, even one named like an object property (constructor, toString)', () => {
    const seen: string[] = [];
    runBlockChecks(
      [file('a.aces', ['armor', 'constructor', 'toString', 'weapon'])],
      { weapon: [(b: RawBlock) => seen.push(b.name)] },
      undefined,
    );
    assert.deepEqual(seen, ['a.aces#3']);
  });
});
