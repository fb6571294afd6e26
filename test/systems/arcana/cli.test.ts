// `aces check`, `aces run` and `aces odds` on Arcana files (the CLI's main, in this process, its output as a
// stream holds it; test/cli/check.test.ts and test/cli/hostile.test.ts spawn the built CLI as a user runs it): the
// samples check clean, a run prints the same log byte for byte, and the odds do not depend on the number of
// threads.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../temp-dir.js';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { cliStreams } from '../../cli/in-process.js';

// in this process (test/cli/in-process.ts): no node start-up and no cold worker threads per command
const aces = (args: string[]) => cliStreams(...args);

// the commands' worker threads stay warm from test to test; stopped after the file

interface P {
  count: number;
  p: number;
  ci95: [number, number];
}
interface Result {
  runs: number;
  sides: (P & { side: string })[];
  stalemate: P;
  combatants: ({ id: string; side: string } & Record<string, unknown>)[];
}

const DIR = 'samples/arcana';

describe('Arcana through the CLI', () => {
  it('every file in samples/arcana checks with no diagnostics; the encounters use the bestiary', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.aces'))
      .map((f) => join(process.cwd(), DIR, f));
    assert.ok(files.length >= 5);
    const r = checkFiles(files, diskHost());
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    for (const f of files) assert.equal(r.systemOf(f)?.id, 'arcana', f);
    const realistic = files.filter((f) => !/bestiary|worked-examples/.test(f));
    assert.ok(realistic.length >= 3);
    for (const f of realistic) {
      assert.ok(
        r.files.get(f)!.uses.some((u) => u.endsWith('bestiary.aces')),
        f,
      );
      assert.equal(r.encountersByFile.get(f)!.length, 1, f);
    }
  });

  it('aces check: the spec example is clean; an Arcana file with Halcyon words fails with their AR pointers', async () => {
    assert.equal((await aces(['check', 'test/systems/arcana/fixtures/salt-street.aces'])).code, 0);
    const dir = tempDir('arcana-');
    const file = join(dir, 'old.aces');
    writeFileSync(
      file,
      'system arcana\ncharacter Old { player vitality 9 strength 2 finesse 2 agility 2 alertness 2 }\ncharacter Foe { strength 2 finesse 2 agility 2 alertness 2 }\nencounter E {\n  zone yard { }\n  side a { Old at yard }\n  side b { Foe }\n}\n',
    );
    const r = await aces(['check', file]);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out + r.err, /'vitality' is not an Arcana word.*Did you mean 'health'\?/);
    assert.equal((r.out + r.err).match(/AR-T6/g)?.length, 2, r.out + r.err);
  });

  it('aces run prints a log headed by the replay line, the same bytes on two runs', async () => {
    const a = await aces(['run', `${DIR}/salt-street-raid.aces`]);
    const b = await aces(['run', `${DIR}/salt-street-raid.aces`]);
    assert.equal(a.code, 0, a.err);
    assert.equal(a.out, b.out);
    const lines = a.out.split('\n');
    assert.equal(lines[0], `# ${DIR}/salt-street-raid.aces — encounter "Raid on Salt Street" — seed 13`);
    assert.equal(lines[2], 'Combat "Raid on Salt Street", seed 13, round cap 30, opposition card: defense');
    assert.match(lines[3], /^Deal: Inspector Vale .+; Bruno Kask .+; Hand of Fate /);
    assert.match(a.out, /^Initiative: /m);
    assert.match(a.out, /^— Round 1 — opposition card /m);
    assert.match(
      a.out,
      /^(The \w+ (concede \(\d+ of \d+ Taken Out\)|are Taken Out to the last \((\d+) of \3\)): victory for the \w+ in round \d+|Stalemate: the round cap \(30\) ran out)/m,
    );
    const c = await aces(['run', `${DIR}/salt-street-raid.aces`, '--seed', '14']);
    assert.notEqual(a.out, c.out);
  });

  it("aces run --json prints the engine's events, from start to end", async () => {
    const r = await aces(['run', `${DIR}/worked-examples.aces`, '--encounter', 'W3 Melee Attack Total', '--json']);
    assert.equal(r.code, 0, r.err);
    const evs = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    assert.equal(evs[0].type, 'start');
    assert.equal(evs.at(-1)!.type, 'end');
    assert.ok(evs.some((e) => e.type === 'declare') && evs.some((e) => e.type === 'round'));
  });

  it('aces odds --json gives identical JSON with 1 and 2 threads; outcomes sum to the runs', async () => {
    const one = await aces(['odds', `${DIR}/cellar-rite.aces`, '-n', '600', '--threads', '1', '--json']);
    const two = await aces(['odds', `${DIR}/cellar-rite.aces`, '-n', '600', '--threads', '2', '--json']);
    assert.equal(one.code, 0, one.err);
    assert.equal(one.out, two.out);
    const j = JSON.parse(one.out) as Result;
    assert.equal(j.runs, 600);
    assert.equal(j.sides.reduce((s, x) => s + x.count, 0) + j.stalemate.count, 600);
    assert.deepEqual(
      j.sides.map((s) => s.side),
      ['intruders', 'cult'],
    );
    assert.deepEqual(Object.keys(j.combatants[0]), [
      'id',
      'side',
      'takenOut',
      'damage',
      'cheats',
      'aspects',
      'healthLeft',
    ]);
  });

  it('aces odds prints the Arcana counters and their notes', async () => {
    const r = await aces(['odds', `${DIR}/fog-lane-ambush.aces`, '-n', '1000']);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /Taken Out +damage dealt \(mean ± sd\) +cheats \(mean ± sd\) +aspects placed \(mean ± sd\) +Health left in wins \(mean ± sd\)$/m,
    );
    assert.match(r.out, /^Taken Out: reached 0 Health \(AR-D4\)/m);
    assert.match(r.out, /^stalemate .*\(round cap 30 ran out with neither side conceding \(AR-E2\)\)$/m);
  });
});
