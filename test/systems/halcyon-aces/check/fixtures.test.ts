// Broken fixtures: every `# expect: CODE` marker must be matched by a
// diagnostic with that code starting on that line, and every diagnostic must
// be expected. Fixtures live in test/fixtures/broken/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkFiles } from '../../../helpers.js';
import { diskHost } from '../../../../cli/files.js';

const DIR = resolve('test/fixtures/broken');

export function expectedMarkers(text: string): string[] {
  const out: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /#\s*expect(-below)?:\s*([A-Za-z][\w-]*(?:[,\s]+[A-Za-z][\w-]*)*)\s*$/.exec(line);
    if (!m || m[2].trim() === 'none') return;
    for (const code of m[2].split(/[,\s]+/).filter(Boolean)) out.push(`${i + 1 + (m[1] ? 1 : 0)} ${code}`);
  });
  return out.sort();
}

describe('broken fixtures yield exactly their listed rule ids', () => {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.aces'))
    .sort();
  const result = checkFiles(
    files.map((f) => join(DIR, f)),
    diskHost(),
  );
  for (const f of files) {
    it(f, () => {
      const path = join(DIR, f);
      const got = result.diagnostics
        .filter((d) => d.file === path)
        .map((d) => `${d.range.start.line + 1} ${d.code}`)
        .sort();
      const want = expectedMarkers(readFileSync(path, 'utf8'));
      const text = readFileSync(path, 'utf8');
      assert.ok(
        want.length > 0 || /# expect: none/.test(text),
        'a broken fixture must list what it expects (or `# expect: none`)',
      );
      assert.deepEqual(
        got,
        want,
        result.diagnostics
          .filter((d) => d.file === path)
          .map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`)
          .join('\n'),
      );
    });
  }
});

describe('samples are clean', () => {
  it('every file in samples/ checks with no diagnostics at all', () => {
    const dir = resolve('samples');
    const files = readdirSync(dir).filter((f) => f.endsWith('.aces'));
    assert.ok(files.length >= 5);
    const r = checkFiles(
      files.map((f) => join(dir, f)),
      diskHost(),
    );
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    assert.ok(r.model.encounters.length >= 6);
  });
});
