// Hostile inputs, issue 35 items 1–3: `aces tune --write` loses no data. The value goes into the file as it is
// at write time (a UTF-8 BOM kept and never counted; the number found again by its syntax, never at a stale
// offset; refused with a message when it is gone or changed), and the write is atomic: a full disk (ENOSPC,
// injected) or a kill mid-write leaves the original byte-identical. Before the fix: a BOM turned `vitality 16`
// into `vitality96`, a comment added during the search turned it into `12tality 16`, ENOSPC left 0 bytes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, readdirSync, symlinkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cli } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';
import { writeOps, writeFileAtomic } from '../../cli/write-file.js';
import { writeTunedValue } from '../../cli/tune-write.js';
import { diskHost } from '../../cli/files.js';

const VASK = '"Warlord Vask".vitality';
const tuneArgs = (file: string, runs = '300') => [
  'tune',
  file,
  '--target',
  'party wins 50%',
  '--vary',
  `${VASK}=30..70`,
  '-n',
  runs,
  '--write',
];

function samplesCopy(): { dir: string; file: string; text: string } {
  const dir = tempDir('aces-hostile-write-');
  cpSync('samples', dir, { recursive: true });
  const file = join(dir, 'boss-warlord.aces');
  return { dir, file, text: readFileSync(file, 'utf8') };
}

/** The file's text with Warlord Vask's `vitality 40` (its only one) replaced by `value`. */
const withVitality = (text: string, value: string) =>
  text.replace('vitality 40  armor 2', `vitality ${value}  armor 2`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('hostile: tune --write (issue 35, items 1–3)', function () {
  this.timeout(180_000);

  it('item 1: a file starting with a UTF-8 BOM gets the value in the number’s place and keeps its BOM', async () => {
    const { file, text } = samplesCopy();
    writeFileSync(file, '\uFEFF' + text);
    const r = await cli(...tuneArgs(file));
    assert.equal(r.code, 0, r.err);
    const value = /best: Warlord Vask\.vitality (\d+)/.exec(r.out)![1];
    const bytes = readFileSync(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(bytes.subarray(3).toString('utf8'), withVitality(text, value));
  });

  it('item 2: a comment added at the top during the search: the value still lands on the number (found by its syntax)', async () => {
    const { file, text } = samplesCopy();
    const run = cli(...tuneArgs(file, '8000'));
    await sleep(400);
    const comment = '// a note the GM added while the tune ran\n';
    writeFileSync(file, comment + text);
    const r = await run;
    assert.equal(r.code, 0, r.err);
    const value = /best: Warlord Vask\.vitality (\d+)/.exec(r.out)![1];
    assert.equal(readFileSync(file, 'utf8'), comment + withVitality(text, value));
  });

  it('item 2: the number changed during the search: refused with a message, the file as the GM left it', async () => {
    const { file, text } = samplesCopy();
    const run = cli(...tuneArgs(file, '8000'));
    await sleep(400);
    const edited = withVitality(text, '33');
    writeFileSync(file, edited);
    const r = await run;
    assert.equal(r.code, 1, r.out);
    assert.match(r.err, /aces tune --write: .*boss-warlord\.aces:18:\d+: Warlord Vask\.vitality is now 33, not the 40/);
    assert.match(r.err, /nothing was written/);
    assert.equal(readFileSync(file, 'utf8'), edited);
  });

  it('item 2: the attribute gone at write time (deterministic, no timing): refused, nothing written', () => {
    const { file, text } = samplesCopy();
    const host = diskHost(join(file, '..'), undefined, [join(file, '..')]);
    const gone = text.replace('vitality 40  armor 2', 'armor 2');
    writeFileSync(file, gone);
    const w = writeTunedValue(file, { block: 'Warlord Vask', attr: 'vitality' }, { path: file, value: 40 }, 27, host);
    assert.ok('error' in w);
    assert.match(w.error, /no longer written as a number.*nothing was written/);
    assert.equal(readFileSync(file, 'utf8'), gone);
    // moved by 300 lines of comments: written at the new place
    const moved = '// x\n'.repeat(300) + text;
    writeFileSync(file, moved);
    const ok = writeTunedValue(file, { block: 'Warlord Vask', attr: 'vitality' }, { path: file, value: 40 }, 27, host);
    assert.deepEqual(ok, { wrote: file });
    assert.equal(readFileSync(file, 'utf8'), '// x\n'.repeat(300) + withVitality(text, '27'));
  });

  it('item 3: a full disk (ENOSPC injected mid-write): exit 1, "the file is unchanged", the original byte-identical, no temporary file left', async () => {
    const { dir, file } = samplesCopy();
    const before = readFileSync(file);
    const real = writeOps.writeSync;
    let calls = 0;
    writeOps.writeSync = (fd, data, off, len) => {
      // half the bytes go out, then the disk is full
      if (calls++ === 0) return real(fd, data, off, Math.max(1, len >> 1));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    let r;
    try {
      r = await cli(...tuneArgs(file));
    } finally {
      writeOps.writeSync = real;
    }
    assert.ok(calls >= 2, 'the stub was reached');
    assert.equal(r.code, 1, r.out);
    assert.match(r.err, /could not write .*boss-warlord\.aces: the disk is full \(ENOSPC\); the file is unchanged\./);
    assert.doesNotMatch(r.err, /internal error/);
    assert.ok(readFileSync(file).equals(before), 'the original is byte-identical');
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  it('item 3: the mode bits are kept, a symlink is written through', () => {
    const dir = tempDir('aces-hostile-mode-');
    const file = join(dir, 'a.aces');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    writeFileAtomic(file, 'new');
    assert.equal(readFileSync(file, 'utf8'), 'new');
    assert.equal(statSync(file).mode & 0o777, 0o640);
    const link = join(dir, 'link.aces');
    symlinkSync(file, link);
    writeFileAtomic(link, 'through');
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(file, 'utf8'), 'through');
  });

  it('item 3: a kill in the middle of the write (SIGKILL after half the bytes) leaves the original byte-identical', () => {
    const dir = tempDir('aces-hostile-kill-');
    const file = join(dir, 'a.aces');
    const original = 'character A { vitality 16 }\n'.repeat(1000);
    writeFileSync(file, original);
    const mod = pathToFileURL(join(process.cwd(), 'out/cli/write-file.js')).href;
    const script = `
      import { writeOps, writeFileAtomic } from ${JSON.stringify(mod)};
      const real = writeOps.writeSync;
      writeOps.writeSync = (fd, data, off, len) => { real(fd, data, off, len >> 1); process.kill(process.pid, 'SIGKILL'); return 0; };
      writeFileAtomic(${JSON.stringify(file)}, 'x'.repeat(50000));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(r.signal, 'SIGKILL', r.stderr);
    assert.equal(readFileSync(file, 'utf8'), original);
  });
});
