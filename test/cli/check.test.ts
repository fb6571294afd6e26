import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../temp-dir.js';
import { cliStreams } from './in-process.js';

const ACES = join(process.cwd(), 'bin', 'aces.js');

function aces(args: string[], cwd = process.cwd(), env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [ACES, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// in this process (test/cli/in-process.ts), output as a stream holds it: the tests of what a check prints; the tests
// of colour, a missing file and a bare `aces check` spawn the built CLI as a user runs it (aces above)
const inProc = (args: string[]) => cliStreams(...args);

function noStackTrace(s: string): void {
  assert.doesNotMatch(s, /\n\s+at .+:\d+:\d+\)?/, 'output must not contain a stack trace');
}

describe('CLI: aces check', () => {
  const tmp = tempDir('aces-cli-');

  it('samples/ is clean: exit 0 and a summary', async () => {
    const r = await inProc(['check', 'samples/']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /✔ \d+ files checked: no problems\./);
  });

  it('broken fixtures: exit 1, file:line:col, rule id, message and a code frame', async () => {
    const r = await inProc(['check', 'test/fixtures/broken/numbers.aces']);
    assert.equal(r.code, 1);
    assert.match(r.out, /^test\/fixtures\/broken\/numbers\.aces:5:3 error \[HA-N1\] Heart -1 is negative/m);
    assert.match(r.out, /^ {2}7 \| {3}guard 9/m);
    assert.match(r.out, /^ {4}\| {3}\^{7}$/m);
    assert.match(r.out, /✖ 1 file checked: \d+ errors, 2 warnings\./);
  });

  it('warnings alone exit 0', async () => {
    const f = join(tmp, 'warn.aces');
    writeFileSync(f, 'character A { heart 2 body 3 mind 2 spirit 2 vitality 9 guard 11 }\n');
    const r = await inProc(['check', f]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /warning \[HA-N2\]/);
  });

  it('--json prints machine-readable diagnostics with 1-based positions', async () => {
    const r = await inProc(['check', '--json', 'test/fixtures/broken/decks.aces']);
    assert.equal(r.code, 1);
    const j = JSON.parse(r.out) as {
      errors: number;
      diagnostics: { file: string; line: number; column: number; code: string }[];
    };
    assert.equal(j.errors, 4);
    assert.deepEqual(j.diagnostics[0], {
      ...j.diagnostics[0],
      file: 'test/fixtures/broken/decks.aces',
      line: 3,
      column: 39,
      code: 'HA-C3',
    });
  });

  it('colour only on request or on a TTY', () => {
    assert.doesNotMatch(aces(['check', 'test/fixtures/broken/decks.aces']).out, /\u001b\[/);
    assert.match(aces(['check', '--color', 'test/fixtures/broken/decks.aces']).out, /\u001b\[31m/);
    assert.doesNotMatch(
      aces(['check', 'test/fixtures/broken/decks.aces'], process.cwd(), { FORCE_COLOR: '1', NO_COLOR: '1' }).out,
      /\u001b\[/,
    );
  });

  it('a missing file: a clear message, exit 2, no stack trace', () => {
    const r = aces(['check', 'no/such/file.aces']);
    assert.equal(r.code, 2);
    assert.match(r.err, /no\/such\/file\.aces: no such file/);
    noStackTrace(r.err + r.out);
  });

  it('no arguments: usage, exit 2', () => {
    const r = aces(['check']);
    assert.equal(r.code, 2);
    assert.match(r.err, /missing required argument/);
  });

  it('a binary file is named as such', async () => {
    const f = join(tmp, 'image.aces');
    writeFileSync(f, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0xfe]));
    const r = await inProc(['check', f]);
    assert.equal(r.code, 1);
    assert.match(
      r.out,
      /image\.aces:1:1 error \[unreadable\] looks like a binary file, not \.aces text; give only \.aces text files to check/,
    );
    noStackTrace(r.err + r.out);
  });

  it('a 20 MB file hits the size limit with a message', async () => {
    const f = join(tmp, 'huge.aces');
    const line = 'character A { heart 2 body 3 mind 2 spirit 2 vitality 9 }\n';
    writeFileSync(f, line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const r = await inProc(['check', f]);
    assert.equal(r.code, 1);
    assert.match(r.out, /is 20\.0 MB; the limit is 4\.0 MB\. Split it/);
    noStackTrace(r.err + r.out);
  });

  it('10,000 nested braces: one syntax error, no crash', async () => {
    const f = join(tmp, 'nested.aces');
    writeFileSync(f, 'encounter E { '.repeat(10000) + '}'.repeat(10000));
    const r = await inProc(['check', f]);
    assert.equal(r.code, 1);
    assert.match(r.out, /nested more than 64 deep/);
    noStackTrace(r.err + r.out);
  });

  it('a folder of 1,000 files is checked, recursively and in order', async () => {
    const dir = join(tmp, 'many');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    for (let i = 0; i < 1000; i++) {
      writeFileSync(
        join(dir, i % 2 ? 'sub' : '', `f${i}.aces`),
        `weapon W${i} { melee +1 }\ncharacter C${i} { heart 2 body 3 mind 2 spirit 2 vitality 9 wields W${i} }\n`,
      );
    }
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const r = await inProc(['check', dir]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /1000 files checked: no problems/);
  });

  it('an empty folder says so', async () => {
    const dir = join(tmp, 'empty');
    mkdirSync(dir, { recursive: true });
    const r = await inProc(['check', dir]);
    assert.equal(r.code, 2);
    assert.match(r.err, /no \.aces files in this folder/);
  });
});
