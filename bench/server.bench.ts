// Language server on the generated 5,000-line workspace:
// - service-level: a keystroke's re-check (change → diagnostics ready), in an
//   encounter file and in the shared bestiary (every encounter file re-checked);
//   hover on a wielded weapon (exact odds tables) and on a combatant;
// - end to end over JSON-RPC (the server as a child process, debounce 0):
//   didChange → publishDiagnostics received, hover and completion round trips, with odds as you type off and on.
// Goals: < 50 ms to diagnostics (excluding the debounce), hover p95 < 10 ms.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { memoryHost } from '../model/workspace.js';
import { createLanguageService } from '../server/service/index.js';
import { startClient } from '../test/server/lsp-client.js';
import { emit, median, percentile, round } from './stats.js';
import { generateWorkspace, lineCount } from './workspace-gen.js';

function positionOf(text: string, needle: string, shift = 0): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, i + shift);
  return { line: before.split('\n').length - 1, character: i + shift - (before.lastIndexOf('\n') + 1) };
}

function stats(name: string, xs: number[], extra: Record<string, unknown> = {}): void {
  emit({ bench: name, ms: round(median(xs)), p95: round(percentile(xs, 95)), runs: xs.length, ...extra });
}

export default async function bench(): Promise<void> {
  const files = generateWorkspace(5000);
  const lines = lineCount(files);
  const encFile = Object.keys(files).find((f) => f.startsWith('encounters-'))!;

  // ---- service level -----------------------------------------------------
  const host = { ...memoryHost(files), listFiles: () => Object.keys(files) };
  const ls = createLanguageService(host);
  const t0 = performance.now();
  const first = ls.validate();
  emit({ bench: 'server-initial-validate-5k', ms: round(performance.now() - t0), files: first.size, lines });

  const edit = (file: string, i: number): void => {
    files[file] = files[file].replace(/seed \d+|vitality \d+/, (m) =>
      m.startsWith('seed') ? `seed ${1000 + i}` : `vitality ${10 + (i % 7)}`,
    );
    ls.didChange(file);
  };
  const run = (file: string, n: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < n + 3; i++) {
      edit(file, i);
      const s = performance.now();
      ls.validate();
      if (i >= 3) out.push(performance.now() - s);
    }
    return out;
  };
  stats('server-change-to-diagnostics-encounter-file', run(encFile, 30), {
    lines,
    note: 'service: re-check the edited file + its used files',
  });
  stats('server-change-to-diagnostics-bestiary', run('bestiary.aces', 15), {
    lines,
    dependents: ls.dependentsOf('bestiary.aces').length,
    note: 'service: every file that uses it re-checked',
  });

  const text = files['bestiary.aces'];
  const weaponPos = positionOf(text, 'wields Weapon', 9);
  const charPos = positionOf(text, 'character Creature1 ', 12);
  const completionPos = positionOf(text, 'wields Weapon', 7);
  const hover = (pos: { line: number; character: number }, n: number): number[] => {
    for (let i = 0; i < 5; i++) ls.hover('bestiary.aces', pos);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      const h = ls.hover('bestiary.aces', pos);
      out.push(performance.now() - s);
      if (!h) throw new Error('no hover');
    }
    return out;
  };
  stats('server-hover-weapon-odds', hover(weaponPos, 100), {
    note: 'service: exact odds table vs every foe of every encounter',
  });
  stats('server-hover-combatant', hover(charPos, 100));
  // A hover right after a keystroke pays for the re-check first.
  const afterEdit: number[] = [];
  for (let i = 0; i < 20; i++) {
    edit(encFile, 100 + i);
    const s = performance.now();
    ls.hover('bestiary.aces', weaponPos);
    afterEdit.push(performance.now() - s);
  }
  stats('server-hover-after-edit', afterEdit);

  // ---- end to end over JSON-RPC ------------------------------------------
  // Twice: odds as you type off (the figures as before), then on — every edit of the open encounter file
  // sets its encounters fighting on the worker pool; diagnostics and hovers must not wait for them (issue 15).
  for (const live of [false, true]) {
    const suffix = live ? '-live-odds' : '';
    const dir = mkdtempSync(join(tmpdir(), 'aces-bench-'));
    try {
      for (const [name, t] of Object.entries(files)) writeFileSync(join(dir, name), t);
      const client = await startClient(pathToFileURL(dir).href, { validation: { debounceMs: 0 }, odds: { live } });
      const uri = pathToFileURL(join(dir, encFile)).href;
      let version = 1;
      let body = files[encFile];
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'aces', version, text: body },
      });
      await client.diagnostics(uri, (p) => p.version === version, 60_000);
      const e2e: number[] = [];
      for (let i = 0; i < 25; i++) {
        version++;
        body = body.replace(/seed \d+/, `seed ${5000 + i}`);
        const v = version;
        const s = performance.now();
        await client.conn.sendNotification('textDocument/didChange', {
          textDocument: { uri, version: v },
          contentChanges: [{ text: body }],
        });
        await client.diagnostics(uri, (p) => p.version === v, 10_000);
        if (i >= 3) e2e.push(performance.now() - s);
      }
      stats(`server-e2e-change-to-published-diagnostics${suffix}`, e2e, {
        note: `JSON-RPC over stdio, debounce 0 (excluded); odds as you type ${live ? 'on' : 'off'}`,
      });
      const bUri = pathToFileURL(join(dir, 'bestiary.aces')).href;
      await client.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: bUri, languageId: 'aces', version: 1, text: files['bestiary.aces'] },
      });
      /**
       * 50 round trips of `request` (after 10 warm-ups), with an edit of the encounter file every 10: with odds as you
       * type on, its encounters start fighting again.
       */
      const roundTrips = async (seedBase: number, request: () => Promise<void>): Promise<number[]> => {
        const out: number[] = [];
        for (let i = 0; i < 60; i++) {
          if (i % 10 === 0) {
            version++;
            body = body.replace(/seed \d+/, `seed ${seedBase + i}`);
            await client.conn.sendNotification('textDocument/didChange', {
              textDocument: { uri, version },
              contentChanges: [{ text: body }],
            });
          }
          const s = performance.now();
          await request();
          if (i >= 10) out.push(performance.now() - s);
        }
        return out;
      };
      const hov = await roundTrips(6000, async () => {
        await client.conn.sendRequest('textDocument/hover', { textDocument: { uri: bUri }, position: weaponPos });
      });
      stats(`server-e2e-hover-weapon-odds${suffix}`, hov, {
        note: `JSON-RPC round trip; odds as you type ${live ? 'on' : 'off'}`,
      });
      // completion of the wielded weapon's name (the bestiary's weapons)
      const comp = await roundTrips(7000, async () => {
        const got = await client.conn.sendRequest<{ label: string }[] | { items: { label: string }[] } | null>(
          'textDocument/completion',
          { textDocument: { uri: bUri }, position: completionPos },
        );
        const items = Array.isArray(got) ? got : (got?.items ?? []);
        if (!items.some((c) => c.label.startsWith('Weapon'))) throw new Error('no weapon completed');
      });
      stats(`server-e2e-completion-weapon${suffix}`, comp, {
        note: `JSON-RPC round trip; odds as you type ${live ? 'on' : 'off'}`,
      });
      await client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
