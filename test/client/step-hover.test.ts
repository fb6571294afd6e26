// The hover on a combatant while its fight is stepped (client/core/step-hover.ts):
// which name the cursor is on, in a file's own words (a placed character, its
// copies), and what it shows: the system's inspect, else the state line.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { combatantsAt, stateMarkdown, stepHoverMarkdown } from '../../client/core/step-hover.js';
import { CombatSession } from '../../model/session.js';
import { REGISTRY, checkFiles } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';

describe("client: the hover on a stepped fight's combatants", () => {
  const names = ['Goblin 1', 'Goblin 2', 'Goblin Boss', 'Inspector Vale', 'Pip'];

  it('finds the longest name under the cursor, whole words only', () => {
    const line = '  place Goblin Boss at 3,4 with Pip; Pipkin';
    assert.deepEqual(combatantsAt(line, line.indexOf('Boss'), names), { names: ['Goblin Boss'], start: 8, end: 19 });
    assert.deepEqual(combatantsAt(line, line.indexOf('Pip'), names)?.names, ['Pip']);
    assert.equal(combatantsAt(line, line.indexOf('Pipkin') + 2, names), undefined);
    assert.equal(combatantsAt(line, 1, names), undefined);
  });

  it('a character placed as copies ("Goblin x2") names every copy in the fight', () => {
    const line = '    Goblin x2';
    assert.deepEqual(combatantsAt(line, 6, names), { names: ['Goblin 1', 'Goblin 2'], start: 4, end: 10 });
  });

  it("shows the system's inspect for one combatant (Arcana: the hand and the chances), the state lines for copies", async () => {
    const file = resolve('samples/arcana/salt-street-raid.aces');
    const r = checkFiles([file], diskHost(process.cwd()));
    const enc = r.encountersByFile.get(file)![0];
    const s = new CombatSession(await REGISTRY.byId('arcana')!.loadEngine(), enc, 13);
    s.start();
    s.nextTurn();
    const snap = s.snapshot()!;
    const one = stepHoverMarkdown(snap, ['Bruno Kask'], (n) => s.inspect(n))!;
    assert.match(one, /^\*Stepped fight, round 1\*\n\n\*\*Bruno Kask\*\* — Health 14\/14\n\nHand: /);
    assert.match(one, /hits without a cheat: \*\*\d+\/\d+\*\*/);
    const many = stepHoverMarkdown(snap, ['Deckhand 1', 'Deckhand 2'], () => undefined)!;
    assert.match(many, /^- \*\*Deckhand 1\*\* \(smugglers\) — Health \d+\/6/m);
    assert.match(many, /^- \*\*Deckhand 2\*\* \(smugglers\) — Health \d+\/6/m);
    assert.equal(
      stepHoverMarkdown(snap, ['Nobody'], () => undefined),
      undefined,
    );
    assert.equal(
      stateMarkdown({
        name: 'Tess',
        side: 'regulars',
        where: 'zone floor',
        meters: [{ label: 'Vitality', value: 5, max: 16 }],
        statuses: ['Broken'],
        details: ['fatigue 3'],
        out: false,
      }),
      '**Tess** (regulars) — zone floor · Vitality 5/16 · *Broken* · fatigue 3',
    );
  });
});
