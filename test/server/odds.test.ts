// The odds request runs on worker threads: the server keeps answering meanwhile, and the next edit of the
// document (or the request's own cancellation) stops it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, WorkDoneProgress } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from './lsp-client.js';
import { ARMOURY, MAIN } from './fixtures.js';

describe('server: encounter odds off the main thread, cancellable', function () {
  this.timeout(60_000);
  let dir: string;
  let client: TestClient;
  let mainUri: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-lsp-odds-'));
    writeFileSync(join(dir, 'armoury.aces'), ARMOURY);
    writeFileSync(join(dir, 'main.aces'), MAIN);
    mainUri = pathToFileURL(join(dir, 'main.aces')).href;
    client = await startClient(pathToFileURL(dir).href);
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: mainUri, languageId: 'aces', version: 1, text: MAIN },
    });
    await client.diagnostics(mainUri);
  });
  after(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a hover while 100,000 combats run, and an edit cancels them', async () => {
    const odds = client.conn
      .sendRequest('aces/encounterOdds', { uri: mainUri, encounter: 'Ambush', runs: 100_000 })
      .then(
        (r) => ({ ok: r }),
        (e: { code?: number; message?: string }) => ({ error: e }),
      );
    await new Promise((r) => setTimeout(r, 150));
    const t = Date.now();
    const hover = await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: mainUri },
      position: { line: 6, character: 10 },
    });
    const hoverMs = Date.now() - t;
    assert.ok(hover, 'a hover answer');
    assert.ok(hoverMs < 1000, `hover took ${hoverMs} ms while odds ran`);
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: mainUri, version: 2 },
      contentChanges: [{ text: MAIN + '\n' }],
    });
    const r = (await odds) as { ok?: unknown; error?: { code?: number; message?: string } };
    assert.ok(r.error, `cancelled, not answered: ${JSON.stringify(r.ok)?.slice(0, 80)}`);
    assert.equal(r.error.code, -32800); // LSP RequestCancelled
  });

  it('bad params are InvalidParams with what to send, not null or an internal error', async () => {
    for (const [params, what] of [
      [null, /needs its parameters, not null/],
      [{ uri: mainUri, encounter: 'Ambush', runs: 'x' }, /`runs` must be a whole number/],
      [{ uri: mainUri }, /`encounter` must be a string/],
    ] as const) {
      const e = await client.conn.sendRequest('aces/encounterOdds', params).then(
        () => null,
        (x: { code: number; message: string }) => x,
      );
      assert.ok(e, `answered ${JSON.stringify(params)}`);
      assert.equal(e.code, -32602);
      assert.match(e.message, what);
    }
  });

  it("aces/tune over the connection: progress per try, the edit in the client's spelling of the file (issue 14 item 3)", async () => {
    const reports: string[] = [];
    const sub = client.conn.onProgress(WorkDoneProgress.type, 'tune-1', (v) => {
      if (v.kind === 'report' && v.message) reports.push(v.message);
    });
    const r = (await client.conn.sendRequest('aces/tune', {
      uri: mainUri,
      encounter: 'Ambush',
      vary: 'Thug.vitality=4..40',
      target: 'heroes wins 50%',
      runs: 300,
      workDoneToken: 'tune-1',
    })) as { value: number; tries: unknown[]; edit: { uri: string } };
    sub.dispose();
    assert.equal(r.edit.uri, mainUri);
    assert.ok(r.value >= 4 && r.value <= 40);
    assert.equal(reports.length, r.tries.length);
    assert.match(reports[0], /^try 1: \d+$/);
    const bad = await client.conn.sendRequest('aces/tune', { uri: mainUri }).then(
      () => null,
      (x: { code: number }) => x,
    );
    assert.equal(bad?.code, -32602);
  });

  it("a sweep and a tune stop at the request's own cancel, answering RequestCancelled (issue 14 item 8)", async () => {
    for (const [method, params] of [
      ['aces/sweep', { uri: mainUri, encounter: 'Ambush', vary: 'Thug.vitality=4..40', runs: 100_000 }],
      [
        'aces/tune',
        { uri: mainUri, encounter: 'Ambush', vary: 'Thug.vitality=4..40', target: 'heroes wins 50%', runs: 100_000 },
      ],
    ] as const) {
      const cancel = new CancellationTokenSource();
      const answer = client.conn.sendRequest(method, params, cancel.token).then(
        (r) => ({ ok: r }),
        (e: { code?: number }) => ({ error: e }),
      );
      await new Promise((r) => setTimeout(r, 200));
      const t = Date.now();
      cancel.cancel();
      const r = (await answer) as { ok?: unknown; error?: { code?: number } };
      assert.equal(r.error?.code, -32800, `${method}: cancelled, not answered: ${JSON.stringify(r.ok)?.slice(0, 80)}`);
      assert.ok(Date.now() - t < 5000, `${method} took ${Date.now() - t} ms to stop`);
    }
  });

  it('a small request still answers with odds that sum to 1', async () => {
    const r = (await client.conn.sendRequest('aces/encounterOdds', {
      uri: mainUri,
      encounter: 'Ambush',
      runs: 400,
    })) as { runs: number; sides: { p: number }[]; stalemate: number; draw: number };
    assert.equal(r.runs, 400);
    assert.ok(Math.abs(r.sides.reduce((a, s) => a + s.p, 0) + r.stalemate + r.draw - 1) < 1e-9);
  });
});

describe('server: after shutdown', function () {
  this.timeout(30_000);
  it('a request after `shutdown` is an InvalidRequest error, not an answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aces-lsp-shut-'));
    writeFileSync(join(dir, 'main.aces'), MAIN);
    const c = await startClient(pathToFileURL(dir).href);
    try {
      await c.conn.sendRequest('shutdown');
      const e = await c.conn
        .sendRequest('aces/encounterOdds', {
          uri: pathToFileURL(join(dir, 'main.aces')).href,
          encounter: 'Ambush',
          runs: 10,
        })
        .then(
          () => null,
          (x: { code: number; message: string }) => x,
        );
      assert.ok(e);
      assert.equal(e.code, -32600);
      assert.match(e.message, /shutting down/);
    } finally {
      await c.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
