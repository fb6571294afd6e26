// Bounded output (issue 35 item 10): an open document over the per-file limit is one `limit` diagnostic and
// nothing else, a megabyte name never reaches a message whole, and `use` lines of missing files publish
// nothing for files that do not exist.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { memoryHost } from '../../../model/workspace.js';
import { MAX_FILE_BYTES } from '../../../model/disk.js';
import { createLanguageService } from '../../../server/service/index.js';
import { serverHost } from '../../../server/host.js';
import { scaleIt } from '../../deep.js';

const CLEAN = 'character C{i} { heart 1 body 2 mind 1 spirit 1 vitality 10 }\n';

/** A clean file of at least `bytes` bytes. */
function bigText(bytes: number): string {
  const n = Math.ceil(bytes / CLEAN.length) + 1;
  return Array.from({ length: n }, (_, i) => CLEAN.replace('{i}', String(i))).join('');
}

function liveService(files: Record<string, string>) {
  return createLanguageService({ ...memoryHost(files), listFiles: () => Object.keys(files) });
}

describe('server/service: bounded output (issue 35 item 10)', function () {
  this.timeout(60_000);

  scaleIt(
    'issue 35 item 10: an open document over the per-file limit gets one `limit` diagnostic and nothing else is computed',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'aces-limit-'));
      try {
        const uri = pathToFileURL(join(dir, 'huge.aces')).href;
        const text = bigText(MAX_FILE_BYTES + 1000);
        const docs = new Map([[uri, { getText: () => text }]]);
        const ls = createLanguageService(serverHost({ get: (u) => docs.get(u) }, () => [pathToFileURL(dir).href]));
        const t0 = performance.now();
        ls.didChange(uri);
        const published = ls.validate().get(uri) ?? [];
        assert.deepEqual(
          published.map((d) => d.code),
          ['limit'],
        );
        assert.match(String(published[0].message), /4\.\d MB; the limit is 4\.0 MB, so nothing in it is checked/);
        assert.deepEqual(ls.documentSymbols(uri), []);
        assert.deepEqual(ls.foldingRanges(uri), []);
        assert.deepEqual(ls.semanticTokens(uri).data, []);
        assert.equal(ls.hover(uri, { line: 3, character: 12 }), null);
        assert.deepEqual(ls.complete(uri, { line: 3, character: 12 }).items, []);
        assert.deepEqual(ls.format(uri), []);
        const ms = performance.now() - t0;
        assert.ok(ms < 3000, `took ${ms.toFixed(0)} ms`);
        // one byte under the limit is checked as usual
        const fits = text.slice(0, MAX_FILE_BYTES - 200);
        const cut = fits.slice(0, fits.lastIndexOf('\n') + 1);
        docs.set(uri, { getText: () => cut });
        ls.didChange(uri);
        assert.deepEqual(ls.validate().get(uri), []);
        assert.ok(ls.documentSymbols(uri).length > 10_000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('issue 35 item 10: a megabyte name is cut in every message and quick fix title', () => {
    const long = 'Goblin' + 'x'.repeat(1_000_000);
    const ls = liveService({
      'main.aces': `character "${long}" { heart 1 body 2 mind 1 spirit 1 vitality 10 }\ncharacter "${long}" { heart 1 body 2 mind 1 spirit 1 vitality 10 }\ncharacter Kael { heart 1 body 2 mind 1 spirit 1 vitality 10 wields "${long}y" }\nencounter E { side a { Kael } side b { "${long}z" } }\n`,
    });
    const ds = ls.validate().get('main.aces')!;
    assert.ok(
      ['duplicate-name', 'unknown-name'].every((c) => ds.some((d) => d.code === c)),
      JSON.stringify(ds.map((d) => d.code)),
    );
    for (const d of ds) assert.ok(String(d.message).length <= 600, `${d.code}: ${String(d.message).length} characters`);
    const actions = ls.codeActions('main.aces', { start: { line: 0, character: 0 }, end: { line: 4, character: 0 } });
    assert.ok(actions.length > 0);
    for (const a of actions) assert.ok(a.title.length <= 300, `${a.title.length} characters`);
  });

  it('issue 35 item 10: 20,000 `use` lines of missing files publish for the file that exists only', () => {
    const main = Array.from({ length: 20_000 }, (_, i) => `use "missing-${i}.aces"`).join('\n') + '\n';
    const ls = liveService({ 'main.aces': main });
    const published = ls.validate();
    assert.deepEqual([...published.keys()], ['main.aces']);
    const ds = published.get('main.aces')!;
    assert.ok(ds.length > 0 && ds.length <= 201, `${ds.length} diagnostics`);
    assert.match(String(ds.at(-1)!.message), /more problems in this file/);
  });
});
