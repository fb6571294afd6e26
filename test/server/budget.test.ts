// The whole-workspace memory budget through the server (issue 35 item 6): a folder of 16 half-megabyte files
// (each far under the 4 MB file limit) under a 512 MB heap: the server checks what fits, names what it left
// out once, publishes for every file, stays alive, and checks a left-out file when it is opened.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from './lsp-client.js';
import { scaleIt } from '../deep.js';

function bigText(tag: number, bytes: number): string {
  const parts: string[] = [];
  let n = 0;
  for (let k = 0; n < bytes; k++) {
    const s = `character C${tag}_${k} { heart 1 body 2 mind 1 spirit 1 vitality 10 }\n`;
    parts.push(s);
    n += s.length;
  }
  return parts.join('');
}

describe('server: the workspace memory budget under a 512 MB heap (issue 35 item 6)', function () {
  this.timeout(300_000);
  let dir: string;
  let client: TestClient;
  const N = 16;
  const uri = (i: number) => pathToFileURL(join(dir, `big-${i}.aces`)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-budget-'));
    for (let i = 0; i < N; i++) writeFileSync(join(dir, `big-${i}.aces`), bigText(i, 512 * 1024));
    client = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 20 } }, {}, [
      '--max-old-space-size=512',
    ]);
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  scaleIt(
    'issue 35 item 6: 16 files of 0.5 MB: what fits is checked, the rest named once and marked, the server alive',
    async () => {
      const last = new Map<string, string[]>();
      for (let i = 0; i < N; i++) {
        const p = await client.diagnostics(uri(i), () => true, 240_000);
        last.set(
          uri(i),
          p.diagnostics.map((d) => String(d.code)),
        );
      }
      const left = [...last.values()].filter((c) => c.join() === 'limit').length;
      const clean = [...last.values()].filter((c) => c.length === 0).length;
      assert.equal(left + clean, N, JSON.stringify([...last.values()]));
      assert.ok(clean >= 4 && left >= 4, `${clean} checked, ${left} left out`);
      // the message follows the validation's last publication
      for (let t = 0; t < 100 && !client.shown.length; t++) await new Promise((r) => setTimeout(r, 50));
      const said = client.shown.filter((m) =>
        /did not check \d+ \.aces files to stay within its memory budget/.test(m.message),
      );
      assert.equal(said.length, 1, JSON.stringify(client.shown));
      assert.match(said[0].message, new RegExp(`did not check ${left} `));
      assert.match(said[0].message, /big-\d+\.aces/);
      // a left-out file, opened, is checked
      const i = [...last.entries()].findIndex(([, c]) => c.join() === 'limit');
      const text = readFileSync(join(dir, `big-${i}.aces`), 'utf8');
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(i), languageId: 'aces', version: 1, text },
      });
      const opened = await client.diagnostics(uri(i), (p) => p.version === 1, 120_000);
      assert.deepEqual(opened.diagnostics, []);
      assert.equal(client.child.exitCode, null, `the server died: ${client.stderr().slice(-500)}`);
    },
  );
});
