// A workspace of more than 5,000 files through the server (issue 35 item 9): it says so once, and a correct
// file whose `use`d file lies past the limit never gets a false `unknown-name` error.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from './lsp-client.js';
import { scaleIt } from '../deep.js';

describe('server: a workspace of 5,040 files (issue 35 item 9)', function () {
  this.timeout(300_000);
  let dir: string;
  let client: TestClient;
  const N = 5039;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-many-'));
    // the folder's own files are walked before its subfolders: lib/ lies past the first 5,000
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'beasts.aces'), 'weapon Club { melee +1 }\n');
    for (let i = 0; i < N; i++)
      writeFileSync(
        join(dir, `f${String(i).padStart(4, '0')}.aces`),
        `use "lib/beasts.aces"\ncharacter Hero${i} { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\n`,
      );
    client = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 20 } });
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  scaleIt('issue 35 item 9: says once that files are past the limit, and publishes no false unknown-name', async () => {
    const deadline = Date.now() + 240_000;
    const uris = () => new Set(client.published.map((p) => p.uri));
    while (uris().size < 5000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(uris().size >= 5000, `published for ${uris().size} files`);
    const unknown = client.published.filter((p) => p.diagnostics.some((d) => d.code === 'unknown-name'));
    assert.equal(unknown.length, 0, `false unknown-name errors on ${unknown.length} files, e.g. ${unknown[0]?.uri}`);
    const clean = client.published.filter((p) => p.diagnostics.length === 0).length;
    assert.ok(clean >= 5000, `${clean} clean files`);
    const said = client.shown.filter((m) => /5,040 \.aces files/.test(m.message));
    assert.equal(said.length, 1, JSON.stringify(client.shown));
    assert.match(said[0].message, /checks the first 5,000/);
  });
});
