// The language server reads and publishes only inside its workspace folders: a shared file's
// `use "/etc/passwd"` or `use "../outside/x.aces"` is a use-outside error on the `use` line, the target is
// never read, nothing is published for it, and `use "` completion never offers it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from './lsp-client.js';

describe('server: confined to the workspace folders', function () {
  this.timeout(30_000);
  let base: string;
  let client: TestClient;

  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'aces-lsp-confine-'));
    mkdirSync(join(base, 'ws'));
    mkdirSync(join(base, 'outside'));
    writeFileSync(
      join(base, 'outside/secret.aces'),
      'character Secret { heart 1 body 2 mind 1 spirit 1 vitality 10 }\nbad line here\n',
    );
    writeFileSync(join(base, 'ws/main.aces'), 'use "/etc/passwd"\nuse "../outside/secret.aces"\n');
    client = await startClient(pathToFileURL(join(base, 'ws')).href);
  });
  after(async () => {
    await client?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('on folder open, with nothing opened: use-outside on both lines, and nothing published outside the folder', async () => {
    const main = pathToFileURL(join(base, 'ws/main.aces')).href;
    const p = await client.diagnostics(main, (x) => x.diagnostics.length > 0);
    assert.deepEqual(
      p.diagnostics.map((d) => [d.code, d.range.start.line]),
      [
        ['use-outside', 0],
        ['use-outside', 1],
      ],
    );
    await new Promise((r) => setTimeout(r, 300));
    const wsUri = pathToFileURL(join(base, 'ws')).href + '/';
    const outside = client.published.filter((x) => !x.uri.startsWith(wsUri)).map((x) => x.uri);
    assert.deepEqual(outside, []);
  });

  it('use " completion offers no file it refused', async () => {
    const main = pathToFileURL(join(base, 'ws/main.aces')).href;
    const text = 'use "/etc/passwd"\nuse "../outside/secret.aces"\nuse \n';
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: main, languageId: 'aces', version: 1, text },
    });
    const list = (await client.conn.sendRequest('textDocument/completion', {
      textDocument: { uri: main },
      position: { line: 2, character: 4 },
    })) as { items: { label: string }[] };
    assert.deepEqual(
      list.items.filter((i) => /passwd|secret/.test(i.label)).map((i) => i.label),
      [],
    );
  });
});

describe("server: with no workspace folder, `use` is confined to the open file's project (issue 35 item 12)", function () {
  this.timeout(30_000);
  let base: string;
  let client: TestClient;
  const CHAR = 'character Secret { heart 1 body 2 mind 1 spirit 1 vitality 10 }\n';

  before(async () => {
    base = mkdtempSync(join(tmpdir(), 'aces-lsp-nofolder-'));
    for (const d of ['loose', 'outside', 'campaign/.git', 'campaign/bestiary', 'campaign/encounters'])
      mkdirSync(join(base, d), { recursive: true });
    writeFileSync(join(base, 'outside/secret.aces'), CHAR);
    writeFileSync(join(base, 'campaign/bestiary/b.aces'), CHAR);
    client = await startClient(null);
  });
  after(async () => {
    await client?.close();
    rmSync(base, { recursive: true, force: true });
  });

  const open = async (file: string, text: string) => {
    const uri = pathToFileURL(join(base, file)).href;
    writeFileSync(join(base, file), text);
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'aces', version: 1, text },
    });
    return client.diagnostics(uri, () => true);
  };

  it('a loose file cannot read a file in another folder: use-outside (it read any .aces file on the disk)', async () => {
    const p = await open('loose/a.aces', 'use "../outside/secret.aces"\n');
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      ['use-outside'],
    );
  });

  it('a file in a project (a folder with .git or aces.json) reads its bestiary beside encounters/', async () => {
    const p = await open('campaign/encounters/x.aces', 'use "../bestiary/b.aces"\n');
    assert.deepEqual(p.diagnostics, []);
  });
});
