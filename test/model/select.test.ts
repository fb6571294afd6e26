// The one encounter-selection policy (model/select.ts) that the CLI, the
// language server and the VS Code client share.
import assert from 'node:assert/strict';
import { encounterBlockAt, encounterNamed, selectEncounter } from '../../model/select.js';
import { checkText } from '../../model/workspace.js';
import { REGISTRY } from '../../systems/index.js';

const enc = (name: string) => ({ name });
const alley = enc('Alley'),
  bridge = enc('Bridge'),
  alleyLower = enc('alley');

describe('model/select: which encounter a command acts on', () => {
  it('a name wins: the exact name first, else the one that matches ignoring case; an unknown name is an error, never a guess', () => {
    assert.equal(encounterNamed([alleyLower, alley], 'Alley'), alley);
    assert.equal(encounterNamed([alley, bridge], 'BRIDGE'), bridge);
    assert.deepEqual(selectEncounter([alley, bridge], { name: 'bridge', atCursor: alley }), {
      encounter: bridge,
      by: 'named',
    });
    assert.deepEqual(selectEncounter([alley, bridge], { name: 'Tower', atCursor: alley }), {
      error: 'unknown-name',
      name: 'Tower',
    });
  });

  it("no name: the encounter the cursor is in, else the file's only one, else the choice is the user's (in file order)", () => {
    assert.deepEqual(selectEncounter([alley, bridge], { atCursor: bridge }), { encounter: bridge, by: 'cursor' });
    assert.deepEqual(selectEncounter([bridge], {}), { encounter: bridge, by: 'only' });
    assert.deepEqual(selectEncounter([alley, bridge], {}), { choices: [alley, bridge] });
    assert.deepEqual(selectEncounter([], { name: 'Alley' }), { error: 'no-encounter' });
  });

  it('the cursor is in an encounter from its `encounter` word to its closing brace, not between encounters', () => {
    const text = 'encounter A {\n  side x { }\n}\n\nencounter B { side y { } }\n';
    const blocks = checkText(text, REGISTRY).files.get('input.aces')!.read!.blocks;
    const at = (needle: string, d = 0): string | undefined => encounterBlockAt(blocks, text.indexOf(needle) + d)?.name;
    assert.equal(at('encounter A'), 'A');
    assert.equal(at('side x'), 'A');
    assert.equal(at('}\n\n'), 'A');
    assert.equal(at('\n\nencounter B', 1), undefined);
    assert.equal(at('side y'), 'B');
  });
});
