// Nothing lost, nothing stuck (issue 35 items 7 and 8), through the server over stdio: a closed document that
// no workspace file on disk keeps is released (its diagnostics cleared, its memory given back), and the
// workspace's file list follows the disk through watched-file events and closes, in any order.
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { startClient, type TestClient } from './lsp-client.js';
import { ARMOURY, MAIN } from './fixtures.js';
import { scaleIt } from '../deep.js';

const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;

/** A clean Halcyon Aces file of about `mb` megabytes, its names numbered after `tag`. */
function bigText(tag: number, mb: number): string {
  const parts: string[] = [];
  let n = 0;
  for (let k = 0; n < mb * 1024 * 1024; k++) {
    const s = `character C${tag}_${k} { heart 1 body 2 mind 1 spirit 1 vitality 10 }\n`;
    parts.push(s);
    n += s.length;
  }
  return parts.join('');
}

function codes(p: PublishDiagnosticsParams | undefined): string[] {
  return (p?.diagnostics ?? []).map((d) => String(d.code));
}

describe('server: closed documents are released (issue 35 item 7)', function () {
  this.timeout(180_000);
  let dir: string;
  let outside: string;
  let client: TestClient;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-forget-ws-'));
    outside = mkdtempSync(join(tmpdir(), 'aces-forget-out-'));
    writeFileSync(join(dir, 'armoury.aces'), ARMOURY);
    // a heap that holds a few checked megabytes, not one per document ever opened
    client = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 20 } }, {}, [
      '--max-old-space-size=256',
    ]);
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('issue 35 item 7: closing a document outside the workspace clears its diagnostics', async () => {
    const uri = pathToFileURL(join(outside, 'stray.aces')).href;
    writeFileSync(join(outside, 'stray.aces'), 'character A {\n');
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'aces', version: 1, text: 'character A {\n' },
    });
    const shown = await client.diagnostics(uri, (p) => p.version === 1);
    assert.ok(shown.diagnostics.length > 0, 'the open document shows its syntax error');
    const before = client.published.length;
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const cleared = await client.diagnostics(
      uri,
      (p) => client.published.indexOf(p) >= before && p.diagnostics.length === 0,
    );
    assert.deepEqual(cleared.diagnostics, []);
    // and nothing brings them back
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(codes(client.published.filter((p) => p.uri === uri).at(-1)), []);
  });

  scaleIt('issue 35 item 7: opening and closing 6 different 1.5 MB documents stays inside a 256 MB heap', async () => {
    for (let i = 0; i < 6; i++) {
      const uri = `untitled:Big-${i}`;
      const text = bigText(i, 1.5);
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'aces', version: 1, text },
      });
      await client.diagnostics(uri, (p) => p.version === 1, 60_000);
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', {
        textDocument: { uri },
      })) as unknown[];
      assert.ok(symbols.length > 1000, `document ${i} is checked: ${symbols.length} symbols`);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
    const armoury = pathToFileURL(join(dir, 'armoury.aces')).href;
    const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: armoury },
    })) as unknown[];
    assert.equal(symbols.length, 4, 'still answering');
    assert.equal(client.child.exitCode, null, `the server died: ${client.stderr().slice(-500)}`);
  });
});

describe('server: the workspace file list follows the disk (issue 35 item 8)', function () {
  this.timeout(60_000);
  let dir: string;
  let client: TestClient;
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;
  const last = (name: string) => client.published.filter((p) => p.uri === uri(name)).at(-1);
  const events = (changes: [string, number][]) =>
    client.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: changes.map(([name, type]) => ({ uri: uri(name), type })),
    });
  /** The next publication for main.aces after now that satisfies `pred`, then a moment for the rest of that validation. */
  async function mainThen(pred: (c: string[]) => boolean): Promise<string[]> {
    const from = client.published.length;
    const p = await client.diagnostics(uri('main.aces'), (x) => client.published.indexOf(x) >= from && pred(codes(x)));
    await new Promise((r) => setTimeout(r, 300));
    return codes(p);
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-forget-list-'));
    writeFileSync(join(dir, 'armoury.aces'), ARMOURY);
    writeFileSync(join(dir, 'main.aces'), MAIN);
    client = await startClient(
      pathToFileURL(dir).href,
      { validation: { debounceMs: 20 } },
      {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
      },
    );
    await client.diagnostics(uri('main.aces'), (p) => p.diagnostics.length === 0);
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('issue 35 item 8: a deleted file: its users say it is missing, its own diagnostics are cleared for good', async () => {
    unlinkSync(join(dir, 'armoury.aces'));
    await events([['armoury.aces', DELETED]]);
    assert.ok((await mainThen((c) => c.includes('use-missing'))).includes('use-missing'));
    assert.deepEqual(codes(last('armoury.aces')), [], 'the deleted file shows no "no such file"');
    // a later validation (main.aces changed on disk) does not bring back a "no such file" on the deleted file
    writeFileSync(join(dir, 'main.aces'), MAIN + '\n');
    await events([['main.aces', CHANGED]]);
    await mainThen((c) => c.includes('use-missing'));
    assert.deepEqual(codes(last('armoury.aces')), [], 'the deleted file shows nothing');
  });

  it('issue 35 item 8: the file comes back (created): the use-missing errors go away', async () => {
    writeFileSync(join(dir, 'armoury.aces'), ARMOURY);
    await events([['armoury.aces', CREATED]]);
    assert.deepEqual(await mainThen((c) => c.length === 0), []);
  });

  it('issue 35 item 8: a renamed open file, events and close in any order, then renamed back', async () => {
    // the bestiary is open, renamed on disk; the watcher's created/deleted come in reverse order, then the close
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('armoury.aces'), languageId: 'aces', version: 1, text: ARMOURY },
    });
    await client.diagnostics(uri('armoury.aces'), (p) => p.version === 1);
    renameSync(join(dir, 'armoury.aces'), join(dir, 'kit.aces'));
    await events([
      ['kit.aces', CREATED],
      ['armoury.aces', DELETED],
    ]);
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri('armoury.aces') } });
    assert.ok((await mainThen((c) => c.includes('use-missing'))).includes('use-missing'));
    assert.deepEqual(codes(last('armoury.aces')), [], 'the renamed-away file shows nothing');
    // renamed back: the deleted event first this time, and a stale "changed" for the old name after it
    renameSync(join(dir, 'kit.aces'), join(dir, 'armoury.aces'));
    await events([
      ['kit.aces', DELETED],
      ['armoury.aces', CREATED],
      ['kit.aces', CHANGED],
    ]);
    assert.deepEqual(await mainThen((c) => c.length === 0), []);
    assert.deepEqual(codes(last('kit.aces')), []);
  });
});
