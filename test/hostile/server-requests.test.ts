// Hostile inputs through the language server, issue 35 item 13: a second `initialize` is refused, a request
// without its parameters is InvalidParams (never an internal error), and completion offers no empty name.
// Before the fix: the second initialize was answered like the first, hover with null params answered
// "internal error" (-32603), and `character "" { … }` appeared in completion as an empty item.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from '../server/lsp-client.js';
import { tempDir } from '../temp-dir.js';

const TEXT = [
  'weapon Club { melee +1 }',
  'character "" { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }',
  'character Bob { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }',
  'encounter E {',
  '  side a {',
  '    ',
  '  }',
  '  side b { Bob }',
  '}',
  '',
].join('\n');

describe('hostile: requests a client should not send (issue 35, item 13)', function () {
  this.timeout(120_000);
  let client: TestClient;
  let uri: string;

  before(async () => {
    const dir = tempDir('aces-hostile-lsp-');
    const file = join(dir, 'a.aces');
    writeFileSync(file, TEXT);
    uri = pathToFileURL(file).href;
    client = await startClient(pathToFileURL(dir).href);
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'aces', version: 1, text: TEXT },
    });
    await client.diagnostics(uri, () => true, 60_000);
  });
  after(async () => {
    await client?.close();
  });

  const codeOf = async (method: string, params: unknown): Promise<number | undefined> => {
    try {
      await client.conn.sendRequest(method, params);
      return undefined;
    } catch (e) {
      return (e as { code?: number }).code;
    }
  };

  it('a second initialize is refused (InvalidRequest), and the server keeps serving the first session', async () => {
    assert.equal(
      await codeOf('initialize', { processId: null, rootUri: null, capabilities: {}, workspaceFolders: null }),
      -32600,
    );
    const symbols = await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    assert.ok(Array.isArray(symbols) && symbols.length > 0);
  });

  it('hover, completion, definition with null params, or a position of the wrong shape: InvalidParams (-32602), not an internal error', async () => {
    for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition']) {
      assert.equal(await codeOf(method, null), -32602, `${method} null`);
      assert.equal(await codeOf(method, { textDocument: { uri } }), -32602, `${method} without a position`);
      assert.equal(
        await codeOf(method, { textDocument: { uri }, position: { line: 'x', character: 0 } }),
        -32602,
        `${method} line 'x'`,
      );
    }
    assert.equal(client.child.exitCode, null, 'the server is alive');
  });

  it('completion in a side offers the characters by name, and no empty name (`character "" { … }`)', async () => {
    const r = (await client.conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 5, character: 4 },
    })) as { items: { label: string }[] };
    const labels = r.items.map((i) => i.label);
    assert.ok(labels.includes('Bob'), labels.join(', '));
    assert.ok(!labels.some((l) => !l.trim()), JSON.stringify(labels));
  });
});
