// The hostile corpus through the language server: a workspace holding the worst files of
// test/cli/hostile.test.ts, opened by a server with a 512 MB heap. It must publish diagnostics for each
// (capped), stay alive and keep answering.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from './lsp-client.js';
import { scaleIt } from '../deep.js';

describe('server: the hostile corpus under a 512 MB heap', function () {
  this.timeout(120_000);
  let dir: string;
  let client: TestClient;
  const files: Record<string, string> = {
    'zones-40000.aces': `character A { heart 1 body 2 mind 1 spirit 1 vitality 10 }\nencounter Big {\n${Array.from({ length: 40_000 }, (_, i) => `  zone z${i} { }`).join('\n')}\n}\n`,
    'errors-2mb.aces': '}\n{\n'.repeat(500_000),
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-lsp-hostile-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const fixtures = join(process.cwd(), 'test/fixtures/hostile');
    for (const f of readdirSync(fixtures)) copyFileSync(join(fixtures, f), join(dir, f));
    client = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 20 } }, {}, [
      '--max-old-space-size=512',
    ]);
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  scaleIt('publishes capped diagnostics for every hostile file on folder open, and still answers', async () => {
    for (const f of readdirSync(dir)) {
      const p = await client.diagnostics(pathToFileURL(join(dir, f)).href, (x) => x.diagnostics.length > 0, 90_000);
      assert.ok(p.diagnostics.length <= 201, `${f}: ${p.diagnostics.length} diagnostics`);
    }
    const errs = client.published.find((x) => x.uri.endsWith('errors-2mb.aces'))!;
    assert.match(String(errs.diagnostics[errs.diagnostics.length - 1].message), /more problems in this file/);
    const symbols = await client.conn.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: pathToFileURL(join(dir, 'copies.aces')).href },
    });
    assert.ok(Array.isArray(symbols));
    assert.equal(client.child.exitCode, null, `the server died: ${client.stderr().slice(-500)}`);
  });
});
