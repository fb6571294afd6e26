// Run and Step through the language server (issue 10 item 5): the server records a fight
// (model/fight-record.ts) and the client walks the record (model/recorded-session.ts) with no engine.
// The walk must be the CLI's `aces run --step` (model/session.ts CombatSession, which records in its own
// process) move for move, the server's views its state, and the whole record `aces run`'s log byte for byte
// (the goldens).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { createLanguageService } from '../../../server/service/index.js';
import { recordFight, logOf } from '../../../model/fight-record.js';
import { RecordedSession, limitLine } from '../../../model/recorded-session.js';
import { encounterAt } from '../../../client/core/encounters.js';
import { CombatSession } from '../../../model/session.js';
import type { FightView, SteppedFight } from '../../../protocol/lsp-ext.js';
import { DEEP } from '../../deep.js';

const FILES = ['samples', 'samples/heart-rush', 'samples/arcana', 'samples/tactical-grid'].flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.aces') && !/bestiary|party/.test(f))
    .map((f) => resolve(d, f)),
);

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function service() {
  const ls = createLanguageService({ ...diskHost(process.cwd()), listFiles: () => FILES });
  ls.validate();
  return ls;
}

/** A fixed walk mixing every move: small and large steps, back, jumps both ways, marks, the end. */
const WALK = [
  'turn',
  'turn',
  'back',
  'turn',
  'round',
  'mark0',
  'turn',
  'jump3',
  'back',
  'back',
  'jump1',
  'mark1',
  'round',
  'turn',
  'jump2',
  'end',
  'back',
  'turn',
  'end',
];

describe('server/service fights for every editor: aces/runEncounter, aces/stepEncounter, aces/fightView', function () {
  this.timeout(120_000);
  const ls = service();

  it("every sample encounter of every system: the recorded walk is `aces run --step`'s, move for move, and the view its state", async () => {
    let fights = 0;
    for (const file of FILES) {
      const e = ls.state.entry(file)!;
      const engine = await e.system.loadEngine();
      // the unit suite walks each file's first two encounters at seed 1; the deep tier every encounter at seeds 1 and 7
      for (const enc of DEEP ? e.allEncounters : e.allEncounters.slice(0, 2)) {
        for (const seed of DEEP ? [1, 7] : [1]) {
          const rec = await ls.stepEncounter({ uri: file, encounter: enc.name, seed });
          assert.ok(rec, `${file} ${enc.name}`);
          const ref = new CombatSession(engine, enc, seed);
          const got = new RecordedSession(rec);
          const where = `${file} "${enc.name}" seed ${seed}`;
          assert.deepEqual(got.start(), ref.start(), where);
          for (const move of WALK) {
            const label = move.startsWith('mark') ? ref.marks[Number(move.slice(4))] : undefined;
            if (move.startsWith('mark') && label === undefined) continue;
            const a =
              move === 'back'
                ? ref.back()
                : move.startsWith('jump')
                  ? ref.jumpToRound(Number(move.slice(4)))
                  : label !== undefined
                    ? ref.nextMark(label)
                    : ref.step(move as 'turn');
            const b =
              move === 'back'
                ? got.back()
                : move.startsWith('jump')
                  ? got.jumpToRound(Number(move.slice(4)))
                  : label !== undefined
                    ? got.nextMark(label)
                    : got.step(move as 'turn');
            assert.deepEqual(b, a, `${where}: ${move}`);
            assert.deepEqual(
              [got.round, got.turns, got.actor, got.done, got.outcome],
              [ref.round, ref.turns, ref.actor, ref.done, ref.outcome],
              `${where}: ${move}`,
            );
            assert.deepEqual(got.lines, ref.lines, `${where}: ${move}`);
            const view: FightView = ls.fightView({ fight: rec.fight, at: got.revealed })!;
            assert.deepEqual(view.snapshot, ref.snapshot(), `${where}: ${move}: the snapshot`);
            assert.deepEqual(view.picture, ref.boardPicture(), `${where}: ${move}: the board`);
            for (const c of view.snapshot?.combatants ?? [])
              assert.equal(view.inspect[c.name], ref.inspect(c.name), `${where}: ${move}: inspect ${c.name}`);
          }
          fights++;
        }
      }
    }
    assert.ok(fights >= (DEEP ? 30 : 15), `${fights} fights`);
  });

  it("aces/runEncounter is the recorded log, and the record walked to its end: byte for byte `aces run`'s (the goldens; seed 1, all four deep)", async () => {
    const dir = 'test/golden/expected/run';
    let n = 0;
    for (const f of readdirSync(dir)) {
      const [, base, seed] = /^(.+)--seed-(\d+)\.log$/.exec(f)!;
      // every sample encounter at seed 1 in the unit suite; its four golden seeds deep (ACES_DEEP=1)
      if (!DEEP && seed !== '1') continue;
      // golden names: the file's path under samples/ and the encounter's name, slugged (test/golden/golden.ts)
      const file = FILES.find(
        (p) => slug(relative(resolve('samples'), p).replace(/\.aces$/, '')) === base.split('--')[0],
      )!;
      const enc = ls.state.entry(file)!.allEncounters.find((x) => slug(x.name) === base.split('--')[1])!;
      const golden = readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'));
      const run = (await ls.runEncounter({ uri: file, encounter: enc.name, seed: Number(seed) }))!;
      assert.deepEqual(run.lines.join('\n').split('\n'), golden, f);
      const walked = new RecordedSession(
        (await ls.stepEncounter({ uri: file, encounter: enc.name, seed: Number(seed) }))!,
      );
      walked.start();
      walked.toEnd();
      assert.deepEqual(walked.lines.join('\n').split('\n'), golden, f);
      n++;
    }
    assert.ok(n >= (DEEP ? 300 : 75), `${n} goldens`); // every sample encounter of the four systems (at four seeds deep)
  });

  it('a tactical grid run carries the board `aces run` draws before each round and at the end', async () => {
    const file = FILES.find((f) => f.endsWith('mill-road.aces'))!;
    const e = ls.state.entry(file)!;
    const enc = e.allEncounters[0];
    const ref = new CombatSession(await e.system.loadEngine(), enc, 7);
    const run = (await ls.runEncounter({ uri: file, encounter: enc.name, seed: 7 }))!;
    assert.deepEqual(run.lines, ref.toEnd().lines);
    const rec = recordFight(await e.system.loadEngine(), enc, 7);
    assert.ok(rec.tail.length > 0, 'the board at the end');
    assert.ok(
      rec.events.filter((x) => x.round !== undefined).every((x) => (x.lines?.length ?? 0) > 1),
      'a board before each round',
    );
  });

  it('a big fight stays bounded: the record stops at the line limit and the walk ends with the line that says so', async () => {
    const file = FILES.find((f) => f.endsWith('boss-warlord.aces'))!;
    const e = ls.state.entry(file)!;
    const enc = e.allEncounters[0];
    const engine = await e.system.loadEngine();
    const whole = recordFight(engine, enc, 3);
    const cut = recordFight(engine, enc, 3, { maxLines: 15 });
    assert.equal(cut.truncated, true);
    assert.equal(cut.outcome, 'stopped');
    assert.equal(cut.events.filter((x) => x.lines?.length).length, 15);
    assert.deepEqual(logOf(cut), logOf(whole).slice(0, logOf(cut).length));
    const s = new RecordedSession({ ...cut, fight: 0, system: e.system.id });
    s.start();
    const r = s.toEnd();
    assert.equal(r.done, true);
    assert.equal(r.lines[r.lines.length - 1], limitLine());
  });

  it("aces/encounters: each encounter with its statement's range (the cursor picks it) and the errors that stop a run", () => {
    const file = FILES.find(
      (f) =>
        f.endsWith('worked-examples.aces') &&
        !f.includes('/samples/heart-rush') &&
        !f.includes('/arcana') &&
        !f.includes('/tactical-grid'),
    )!;
    const r = ls.encounters(file)!;
    assert.deepEqual(r.errors, []);
    assert.ok(r.encounters.length >= 2);
    const second = r.encounters[1];
    assert.equal(encounterAt(r, second.range.start.line, second.range.start.character + 1)?.name, second.name);
    assert.equal(encounterAt(r, r.encounters[0].range.start.line, 0)?.name, r.encounters[0].name);
    const text = readFileSync(file, 'utf8').split('\n');
    assert.match(text[second.range.start.line], /^encounter /);
    const host = {
      read: (p: string) =>
        p === 'b.aces'
          ? { text: 'use "missing.aces"\nencounter X { side a { Nobody } }\n' }
          : { error: 'no such file' },
      resolve: (_: string, rel: string) => rel,
    };
    const bad = createLanguageService(host).encounters('b.aces')!;
    assert.ok(bad.errors.length >= 1, JSON.stringify(bad));
    assert.equal(bad.errors[0].uri, 'b.aces');
  });

  it('a fight no longer kept has no view; an unknown encounter has no run', async () => {
    assert.equal(ls.fightView({ fight: 9999, at: 0 }), null);
    assert.equal(await ls.stepEncounter({ uri: FILES[0], encounter: 'No Such Encounter' }), null);
    assert.equal(await ls.runEncounter({ uri: FILES[0], encounter: 'No Such Encounter' }), null);
  });
});

export type { SteppedFight };
