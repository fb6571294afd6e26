// The LSP layer over a real JSON-RPC connection: the server runs as a child
// process speaking LSP on stdio.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, type TestClient } from './lsp-client.js';
import { ARMOURY, MAIN } from './fixtures.js';

describe('server over JSON-RPC (child process, stdio)', function () {
  this.timeout(30_000);
  let dir: string;
  let client: TestClient;
  let mainUri: string;
  let armouryUri: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aces-lsp-'));
    writeFileSync(join(dir, 'armoury.aces'), ARMOURY);
    writeFileSync(join(dir, 'main.aces'), MAIN);
    mainUri = pathToFileURL(join(dir, 'main.aces')).href;
    armouryUri = pathToFileURL(join(dir, 'armoury.aces')).href;
    client = await startClient(pathToFileURL(dir).href);
  });
  after(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes diagnostics for an opened document, debounced, with the document version', async () => {
    const text = MAIN.replace('wields Longsword', 'wields Longswrod');
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: mainUri, languageId: 'aces', version: 1, text },
    });
    const p = await client.diagnostics(mainUri, (x) => x.version === 1);
    assert.deepEqual(
      p.diagnostics.map((d) => [d.code, d.range.start.line]),
      [['unknown-name', 6]],
    );
    assert.deepEqual(p.diagnostics[0].data, { suggestions: ['Longsword'] });
  });

  it('drops stale results: after quick edits only the latest version is published last', async () => {
    // its own server, debounced 1 s: the shared one waits 20 ms, which a loaded host (a CI box running other jobs)
    // can pass between two of the quick edits below, and then an intermediate version is rightly published
    const quick = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 1000 } });
    try {
      const opened = MAIN.replace('vitality 24', 'vitality -1');
      await quick.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: mainUri, languageId: 'aces', version: 1, text: opened },
      });
      await quick.diagnostics(mainUri, (x) => x.version === 1);
      for (let v = 2; v <= 6; v++) {
        const text = v < 6 ? MAIN.replace('vitality 24', `vitality -${v}`) : MAIN;
        await quick.conn.sendNotification('textDocument/didChange', {
          textDocument: { uri: mainUri, version: v },
          contentChanges: [{ text }],
        });
      }
      const p = await quick.diagnostics(mainUri, (x) => x.version === 6);
      assert.deepEqual(p.diagnostics, []);
      const versions = quick.published.filter((x) => x.uri === mainUri).map((x) => x.version);
      assert.ok(
        !versions.some((v) => v !== undefined && v > 1 && v < 6),
        `intermediate versions were published: ${versions}`,
      );
    } finally {
      await quick.close();
    }
    // the shared server's document moves on to the same text, which the tests below read
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: mainUri, version: 6 },
      contentChanges: [{ text: MAIN }],
    });
    assert.deepEqual((await client.diagnostics(mainUri, (x) => x.version === 6)).diagnostics, []);
  });

  it('revalidates a document when a file it uses changes', async () => {
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: armouryUri, languageId: 'aces', version: 1, text: ARMOURY },
    });
    const before = client.published.length;
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: armouryUri, version: 2 },
      contentChanges: [{ text: ARMOURY.replace('weapon Longsword', 'weapon Greatsword') }],
    });
    const p = await client.diagnostics(
      mainUri,
      (x) => client.published.indexOf(x) >= before && x.diagnostics.length === 1,
    );
    assert.equal(p.diagnostics[0].code, 'unknown-name');
    assert.match(String(p.diagnostics[0].message), /No weapon named 'Longsword'/);
    await client.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: armouryUri, version: 3 },
      contentChanges: [{ text: ARMOURY }],
    });
    await client.diagnostics(mainUri, (x) => client.published.indexOf(x) > before && x.diagnostics.length === 0);
  });

  it('answers a hover with the exact odds table', async () => {
    const line = MAIN.split('\n').findIndex((l) => l.includes('wields Longsword'));
    const h = (await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: mainUri },
      position: { line, character: 12 },
    })) as { contents: { value: string } };
    assert.match(h.contents.value, /Longsword\*\* in Kael's hand/);
    assert.match(h.contents.value, /\| Thug ×2 \(bar, Near\) \| 7 \|/);
  });

  it('answers a completion from the schema and the used file', async () => {
    const line = MAIN.split('\n').findIndex((l) => l.includes('wields Longsword'));
    const r = (await client.conn.sendRequest('textDocument/completion', {
      textDocument: { uri: mainUri },
      position: { line, character: 9 },
    })) as { items: { label: string }[] };
    const labels = r.items.map((i) => i.label);
    for (const w of ['Longsword', 'Dagger', 'Shortbow', 'Unarmed']) assert.ok(labels.includes(w), w);
  });

  it('renames across files, answering URIs as the client spelled them', async () => {
    const line = MAIN.split('\n').findIndex((l) => l.includes('character Thug'));
    const edit = (await client.conn.sendRequest('textDocument/rename', {
      textDocument: { uri: mainUri },
      position: { line, character: 12 },
      newName: 'Brute',
    })) as {
      changes: Record<string, { newText: string; range: { start: { line: number } } }[]>;
    };
    assert.deepEqual(Object.keys(edit.changes), [mainUri]);
    assert.deepEqual(
      edit.changes[mainUri].map((e) => [e.range.start.line, e.newText]),
      [
        [line, 'Brute'],
        [MAIN.split('\n').findIndex((l) => l.includes('Thug x2')), 'Brute'],
      ],
    );
    await assert.rejects(
      client.conn.sendRequest('textDocument/rename', {
        textDocument: { uri: mainUri },
        position: { line, character: 12 },
        newName: 'Kael',
      }),
      /already visible/,
    );
  });

  it('survives bad requests: unknown documents and garbage positions answer empty', async () => {
    const nowhere = pathToFileURL(join(dir, 'missing.aces')).href;
    assert.equal(
      await client.conn.sendRequest('textDocument/hover', {
        textDocument: { uri: nowhere },
        position: { line: 0, character: 0 },
      }),
      null,
    );
    assert.equal(
      await client.conn.sendRequest('textDocument/hover', {
        textDocument: { uri: mainUri },
        position: { line: 99999, character: -5 },
      }),
      null,
    );
    const r = await client.conn.sendRequest('textDocument/references', {
      textDocument: { uri: 'not a uri' },
      position: { line: 0, character: 0 },
      context: { includeDeclaration: true },
    });
    assert.deepEqual(r, []);
    assert.equal(client.child.exitCode, null, 'still running');
    const h = (await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: mainUri },
      position: { line: 2, character: 12 },
    })) as { contents: { value: string } };
    assert.match(h.contents.value, /Kael/);
  });

  it('serves code lenses, semantic tokens, formatting and the encounter odds request', async () => {
    const lenses = (await client.conn.sendRequest('textDocument/codeLens', { textDocument: { uri: mainUri } })) as {
      command: { command: string; arguments: { uri: string }[] };
    }[];
    assert.deepEqual(
      lenses.map((l) => l.command.command),
      ['aces.runEncounter', 'aces.stepEncounter', 'aces.previewOdds'],
    );
    assert.equal(lenses[0].command.arguments[0].uri, mainUri);
    const toks = (await client.conn.sendRequest('textDocument/semanticTokens/full', {
      textDocument: { uri: mainUri },
    })) as { data: number[] };
    assert.ok(toks.data.length > 50 && toks.data.length % 5 === 0);
    const fmt = await client.conn.sendRequest('textDocument/formatting', {
      textDocument: { uri: mainUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual(fmt, []);
    const odds = (await client.conn.sendRequest('aces/encounterOdds', {
      uri: mainUri,
      encounter: 'Ambush',
      runs: 100,
    })) as { runs: number; sides: unknown[] };
    assert.equal(odds.runs, 100);
    assert.equal(odds.sides.length, 2);
  });

  it("runs the code lenses' commands itself for a client that does not (workspace/executeCommand: any LSP editor's lens works)", async () => {
    const said: string[] = [];
    client.conn.onNotification('window/showMessage', (m: { message: string }) => {
      said.push(m.message);
    });
    const lenses = (await client.conn.sendRequest('textDocument/codeLens', { textDocument: { uri: mainUri } })) as {
      command: { command: string; arguments: unknown[] };
    }[];
    const run = (await client.conn.sendRequest('workspace/executeCommand', lenses[0].command)) as {
      lines: string[];
      outcome: string;
      seed: number;
    };
    const direct = (await client.conn.sendRequest('aces/runEncounter', { uri: mainUri, encounter: 'Ambush' })) as {
      lines: string[];
    };
    assert.deepEqual(run.lines, direct.lines);
    const step = (await client.conn.sendRequest('workspace/executeCommand', lenses[1].command)) as {
      fight: number;
      events: unknown[];
      unit: string;
    };
    assert.ok(step.events.length > 0 && step.unit);
    const view = (await client.conn.sendRequest('aces/fightView', { fight: step.fight, at: step.events.length })) as {
      snapshot?: { combatants: unknown[] };
    };
    assert.ok((view.snapshot?.combatants.length ?? 0) > 0);
    const odds = (await client.conn.sendRequest('workspace/executeCommand', lenses[2].command)) as { runs: number };
    assert.equal(odds.runs, 2000);
    for (let i = 0; i < 50 && said.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    assert.match(said.join('\n'), /Ambush, seed \d+: .+ The log \(\d+ entries\)/);
    assert.match(said.join('\n'), /Ambush: \w+ \d+%/);
  });

  it('aces/runEncounter and aces/stepEncounter refuse parameters of the wrong shape as InvalidParams, naming the method', async () => {
    const invalid = (method: string, what: RegExp) => (e: { code?: number; message?: string }) =>
      e.code === -32602 && (e.message ?? '').startsWith(`${method}: `) && what.test(e.message ?? '');
    for (const method of ['aces/runEncounter', 'aces/stepEncounter']) {
      await assert.rejects(
        client.conn.sendRequest(method, { uri: mainUri }),
        invalid(method, /needs \{ uri, encounter \} strings/),
      );
      for (const seed of [-1, 1.5, 2 ** 32])
        await assert.rejects(
          client.conn.sendRequest(method, { uri: mainUri, encounter: 'Ambush', seed }),
          invalid(method, /seed must be a whole number 0 to 4294967295/),
        );
    }
    // a seed in range is run
    const r = (await client.conn.sendRequest('aces/runEncounter', { uri: mainUri, encounter: 'Ambush', seed: 7 })) as {
      seed: number;
    };
    assert.equal(r.seed, 7);
  });

  it("a fight the file's own dice script stops answers Run and Odds with that error (HR-D5), not an empty reply", async () => {
    const bad = pathToFileURL(join(dir, 'script.aces')).href;
    writeFileSync(join(dir, 'script.aces'), readFileSync('test/fixtures/run-error/hr-script-mismatch.aces', 'utf8'));
    // the rule's own words as the error (InvalidRequest, -32600), not an internal error wrapping them
    const stopped = (e: { code?: number; message?: string }) =>
      e.code === -32600 && /^HR-D5: Ash's scripted roll #2 is 7, but it lands on a d6/.test(e.message ?? '');
    await assert.rejects(
      client.conn.sendRequest('aces/runEncounter', { uri: bad, encounter: 'Script mismatch' }),
      stopped,
    );
    // and where the script is named: the placement's `dice AshRolls`, line 8, column 32
    await assert.rejects(
      client.conn.sendRequest('aces/runEncounter', { uri: bad, encounter: 'Script mismatch' }),
      (e: { message?: string }) => e.message?.endsWith(`(${bad}:8:32)`) === true,
    );
    await assert.rejects(
      client.conn.sendRequest('aces/encounterOdds', { uri: bad, encounter: 'Script mismatch', runs: 300 }),
      stopped,
    );
    // the server goes on serving
    const odds = (await client.conn.sendRequest('aces/encounterOdds', {
      uri: mainUri,
      encounter: 'Ambush',
      runs: 100,
    })) as { runs: number };
    assert.equal(odds.runs, 100);
  });

  it('leaves the lens commands to a client that says it runs them (VS Code: experimental.acesCommands)', async () => {
    const own = await startClient(pathToFileURL(dir).href, undefined, {
      experimental: { acesCommands: ['aces.runEncounter', 'aces.stepEncounter', 'aces.previewOdds'] },
    });
    try {
      await assert.rejects(
        own.conn.sendRequest('workspace/executeCommand', {
          command: 'aces.runEncounter',
          arguments: [{ uri: mainUri, encounter: 'Ambush', line: 0 }],
        }),
        /unknown command aces\.runEncounter/,
      );
    } finally {
      await own.close();
    }
  });
});
