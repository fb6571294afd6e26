// Hostile inputs, issue 35 items 4–5: every chain is followed by a loop with its own stack, and in linear time.
// Before the fix: a `use` chain of ~2,500 files overflowed the stack in `reportCycles` (the CLI "internal error",
// exit 3; the server published nothing); `extends` chains were quadratic (4,000 deep: 6 s; 20,000: 8 min 40 s)
// and so were Arcana's `aspects` lists (100,000: 13 s).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFiles, checkText } from '../../systems/index.js';
import { memoryHost, setSharedScopes } from '../../model/workspace.js';
import { acesLimited } from '../cli/limited.js';
import { tempDir } from '../temp-dir.js';
import { scaleIt } from '../deep.js';

/** A chain of `n` files, each using the next; the last declares the weapon the first one's character wields. */
function useChain(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n - 1; i++) files[`f${i}.aces`] = `use "f${i + 1}.aces"\n`;
  files['f0.aces'] +=
    'character A { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\nencounter E { side a { A } side b { A } }\n';
  files[`f${n - 1}.aces`] = 'weapon Club { melee +1 }\n';
  return files;
}

/** `n` characters, each extending the one before. */
function extendsChain(n: number): string {
  const lines = ['weapon Club { melee +1 }', 'character C0 { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }'];
  for (let i = 1; i < n; i++) lines.push(`character C${i} extends C${i - 1} { vitality ${10 + (i % 7)} }`);
  lines.push(`encounter E { side a { C${n - 1} } side b { C0 } }`);
  return lines.join('\n') + '\n';
}

const timed = <T>(f: () => T): { value: T; ms: number } => {
  const t = performance.now();
  const value = f();
  return { value, ms: performance.now() - t };
};

describe('hostile: chains are walked by loops, in linear time (issue 35, items 4–5)', function () {
  this.timeout(180_000);

  it('item 4: a `use` chain of 3,000 files checks (no stack overflow), names resolve across it, and a loop closing it is one warning', () => {
    const files = useChain(3000);
    const r = checkFiles(['f0.aces'], memoryHost(files));
    assert.deepEqual(
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
      [],
    );
    assert.equal(r.files.size, 3000);
    // the last file uses the first: a loop of 3,000 files, reported once with its ends, not 3,000 names
    files['f2999.aces'] = 'use "f0.aces"\n' + files['f2999.aces'];
    const loop = checkFiles(['f0.aces'], memoryHost(files)).diagnostics.filter((d) => d.code === 'use-cycle');
    assert.equal(loop.length, 1);
    assert.match(
      loop[0].message,
      /f0\.aces → f1\.aces → f2\.aces → … 2995 more … → f2998\.aces → f2999\.aces → f0\.aces/,
    );
    assert.ok(loop[0].message.length < 400, `${loop[0].message.length} characters`);
  });

  it('item 4: shared scopes (a file that only passes a `use` on) equal every file walking its own `use`s: diagnostics and names, over 300 random use graphs with duplicates and loops', () => {
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % n;
    for (let g = 0; g < 300; g++) {
      const n = 2 + rand(12);
      const files: Record<string, string> = {};
      for (let i = 0; i < n; i++) {
        const lines: string[] = [];
        for (let k = rand(3); k > 0; k--) lines.push(`use "f${rand(n)}.aces"`);
        // a third of the files define a weapon, its name one of three: duplicates across files
        if (rand(3) === 0) lines.push(`weapon W${rand(3)} { melee +1 }`);
        files[`f${i}.aces`] = lines.join('\n') + '\n';
      }
      const host = memoryHost(files);
      const paths = Object.keys(files);
      const view = () => {
        const r = checkFiles(paths, host);
        return JSON.stringify({
          d: r.diagnostics.map((d) => [d.file, d.range.start.offset, d.code, d.message]),
          names: paths.map((p) =>
            r
              .scopeOf(p)
              .names('weapon')
              .map((w) => [w, r.scopeOf(p).lookup('weapon', w)?.file]),
          ),
        });
      };
      const shared = view();
      setSharedScopes(false);
      try {
        assert.equal(shared, view(), JSON.stringify(files));
      } finally {
        setSharedScopes(true);
      }
    }
  });

  scaleIt('item 4: `aces check` of a 3,000-file `use` chain under a 512 MB heap: exit 0, no internal error', () => {
    const dir = tempDir('aces-hostile-use-chain-');
    for (const [name, text] of Object.entries(useChain(3000))) writeFileSync(join(dir, name), text);
    const r = acesLimited(['check', join(dir, 'f0.aces')]);
    assert.equal(r.signal, null, r.err);
    assert.doesNotMatch(r.err, /internal error|RangeError/);
    assert.equal(r.code, 0, r.err.slice(0, 2000));
  });

  scaleIt(
    'item 5: an `extends` chain 20,000 deep checks in linear time (ten times the blocks, under 30 times the time; 8 min 40 s before) and inherits from the root',
    () => {
      const small = timed(() => checkText(extendsChain(2000)));
      const big = timed(() => checkText(extendsChain(20000)));
      assert.deepEqual(
        big.value.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
        [],
      );
      // the deepest character still wields the root's Club
      const enc = big.value.encountersByFile.get('input.aces')![0];
      assert.equal(enc.combatants.length, 2);
      // ten times the blocks: well under the hundred times a quadratic walk takes
      assert.ok(
        big.ms < 30 * Math.max(small.ms, 50),
        `2,000: ${Math.round(small.ms)} ms, 20,000: ${Math.round(big.ms)} ms`,
      );
    },
  );

  scaleIt(
    'item 5: an `extends` loop of 20,000 blocks: an error on each member (the first 200 shown), naming the loop by its ends, in linear time',
    () => {
      const loop = (n: number) => {
        const lines = ['weapon Club { melee +1 }'];
        for (let i = 0; i < n; i++)
          lines.push(
            `character L${i} extends L${(i + 1) % n} { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }`,
          );
        return lines.join('\n') + '\n';
      };
      const n = 20000;
      const small = timed(() => checkText(loop(2000)));
      const { value: r, ms } = timed(() => checkText(loop(n)));
      const loops = r.diagnostics.filter((d) => d.code === 'extends-cycle');
      // the file's first MAX_DIAGNOSTICS_PER_FILE, then one `limit` line counting the rest
      assert.equal(loops.length, 200);
      assert.match(r.diagnostics.find((d) => d.code === 'limit')!.message, /and 19800 more problems/);
      assert.match(loops[5].message, /L5 inherits from itself: L5 → L6 → L7 → … 19995 more … → L3 → L4 → L5\./);
      assert.ok(ms < 30 * Math.max(small.ms, 50), `2,000: ${Math.round(small.ms)} ms, 20,000: ${Math.round(ms)} ms`);
    },
  );

  it('item 5 (AR-S1): 100,000 aspects on one Arcana character are read in linear time, a repeat still warned', () => {
    const text = (n: number) =>
      `system arcana\ncharacter A { might 2 finesse 2 wits 2 resolve 2 aspects ${Array.from({ length: n }, (_, i) => `"Aspect ${i}"`).join(', ')}, "Aspect 7" }\n`;
    const small = timed(() => checkText(text(10_000)));
    const { value: r, ms } = timed(() => checkText(text(100_000)));
    const repeats = r.diagnostics.filter(
      (d) => d.code === 'AR-S1' && /already has the aspect "Aspect 7"/.test(d.message),
    );
    assert.equal(repeats.length, 1);
    assert.ok(ms < 30 * Math.max(small.ms, 50), `10,000: ${Math.round(small.ms)} ms, 100,000: ${Math.round(ms)} ms`);
  });
});
