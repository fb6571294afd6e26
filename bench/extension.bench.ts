// The VS Code extension: activation time and .vsix size (goals: < 200 ms, < 2 MB).
// - activation: a fresh Node process loads the bundled dist/extension.cjs (the
//   minified one `npm run package` ships) and calls activate() with a stand-in
//   `vscode` module; the median over 15 cold starts, split into module load and
//   activate(). The language server starts after activate returns (in parallel),
//   so its own start-up (spawn → `initialize` answered) is a separate line.
//   In a real VS Code the e2e suite prints api.activationMs as well.
// - .vsix: `npm run package`, the file's bytes.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emit, median, percentile, round } from './stats.js';

/** Runs in the child: a deep stand-in for `vscode` (every member is a callable, constructible, assignable stub). */
const CHILD = String.raw`
const Module = require('module');
function stub() {
  const store = new Map();
  const f = function () {};
  return new Proxy(f, {
    get(t, p) {
      if (p === 'prototype') return t.prototype;
      if (p === 'then') return undefined;
      if (p === Symbol.toPrimitive) return () => 0;
      if (p === Symbol.iterator) return function* () {};
      if (!store.has(p)) store.set(p, stub());
      return store.get(p);
    },
    set(t, p, v) { store.set(p, v); return true; },
    apply() { return stub(); },
    construct() { return stub(); },
  });
}
// esbuild's __toESM copies the module's own keys: list the API's top-level names (from @types/vscode)
const names = JSON.parse(process.argv[3]);
const vscode = {};
for (const n of names) Object.defineProperty(vscode, n, { enumerable: true, get: ((s) => () => s)(stub()) });
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const file = process.argv[2];
const t0 = performance.now();
const ext = require(file);
const t1 = performance.now();
const context = { subscriptions: [], extensionUri: vscode.Uri.file('/ext'), extensionPath: '/ext', asAbsolutePath: (p) => '/nonexistent/' + p };
ext.activate(context);
const t2 = performance.now();
process.stdout.write(JSON.stringify({ load: t1 - t0, activate: t2 - t1 }));
process.exit(0);
`;

function serverStartMs(serverJs: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: process.pid, rootUri: null, capabilities: {} },
    });
    p.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('"id":1')) {
        const ms = performance.now() - t0;
        p.kill();
        resolve(ms);
      }
    });
    p.on('error', reject);
  });
}

export default async function bench(): Promise<void> {
  execFileSync('npm', ['run', 'package', '--silent'], { stdio: 'ignore' });
  const vsix = 'halcyon-aces.vsix';
  const bytes = statSync(vsix).size;
  emit({ bench: 'extension-vsix-size', bytes, mb: round(bytes / 1024 / 1024, 3), goalMb: 2 });

  const dir = mkdtempSync(join(tmpdir(), 'aces-bench-'));
  const child = join(dir, 'activate.cjs');
  writeFileSync(child, CHILD);
  const ext = join(process.cwd(), 'dist/extension.cjs');
  const dts = readFileSync('node_modules/@types/vscode/index.d.ts', 'utf8');
  const names = JSON.stringify([
    ...new Set([...dts.matchAll(/^\s*export (?:class|namespace|enum|function|const|let) (\w+)/gm)].map((m) => m[1])),
  ]);
  const load: number[] = [];
  const activate: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < 15; i++) {
    const r = JSON.parse(
      execFileSync(process.execPath, [child, ext, names], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as { load: number; activate: number };
    load.push(r.load);
    activate.push(r.activate);
    total.push(r.load + r.activate);
  }
  rmSync(dir, { recursive: true, force: true });
  emit({
    bench: 'extension-activation',
    ms: round(median(total)),
    p95: round(percentile(total, 95)),
    loadMs: round(median(load)),
    activateMs: round(median(activate)),
    runs: total.length,
    goalMs: 200,
  });

  const server = join(process.cwd(), 'dist/server.cjs');
  if (existsSync(server)) {
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) xs.push(await serverStartMs(server));
    emit({
      bench: 'extension-server-start',
      ms: round(median(xs)),
      p95: round(percentile(xs, 95)),
      runs: xs.length,
      note: 'spawn → initialize answered (in parallel with activation)',
    });
  }
}
