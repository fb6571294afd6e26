// engine/run-error.ts: a fight the file's own data stops (a scripted roll that fits no die it lands on, HR-D5) is
// the GM's problem to read, on every path: the calling thread, the worker pool (across threads, as itself), the CLI
// (exit 1, no "internal error") and the language server (the request's error, not a log line).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EncounterRunError } from '../../engine/run-error.js';
import { checkFiles, monteCarlo } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';
import { cli } from '../cli/in-process.js';

const FILE = resolve('test/fixtures/run-error/hr-script-mismatch.aces');
const STOPPED = /HR-D5: Ash's scripted roll #2 is 7, but it lands on a d6; make the script match the dice rolled/;

describe("engine/run-error: a fight the file stops is reported as the file's problem", function () {
  this.timeout(60_000);

  it('the fixture checks clean (a 7 fits the heart d8) and its fight stops at the second roll', () => {
    const r = checkFiles([FILE], diskHost(process.cwd()));
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.match(readFileSync(FILE, 'utf8'), /rolls 7 7/);
  });

  it('Monte Carlo rejects with an EncounterRunError on the calling thread and from a worker alike', async () => {
    const enc = checkFiles([FILE], diskHost(process.cwd())).encountersByFile.get(FILE)![0];
    for (const opts of [{ threads: 1 }, { threads: 2, offThread: true }]) {
      await assert.rejects(monteCarlo(enc, { system: 'heart-rush', runs: 400, seed: 1, ...opts }), (e: unknown) => {
        assert.ok(e instanceof EncounterRunError, `${JSON.stringify(opts)}: ${(e as Error)?.constructor?.name}`);
        assert.match((e as Error).message, STOPPED);
        assert.deepEqual(
          (e as EncounterRunError).at,
          { file: FILE, line: 7, character: 31 },
          'the place crosses threads too',
        );
        return true;
      });
    }
  });

  for (const cmd of [['run'], ['odds', '-n', '300'], ['odds', '-n', '300', '--threads', '1']]) {
    it(`aces ${cmd.join(' ')}: exit 1 and the rule broken, not an internal error`, async () => {
      const r = await cli(cmd[0], FILE, ...cmd.slice(1));
      assert.equal(r.code, 1);
      // where the script is named (file:line:col: the placement's `dice AshRolls`), what stopped, what to do
      assert.match(
        r.err,
        new RegExp(
          `^aces ${cmd[0]}: test/fixtures/run-error/hr-script-mismatch\\.aces:8:32: the fight stopped: ${STOPPED.source}\\.$`,
          'm',
        ),
      );
      assert.doesNotMatch(r.err, /internal error/);
    });
  }
});
