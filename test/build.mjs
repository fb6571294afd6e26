// Before the unit suite: the three TypeScript projects (the product and its tests, the VS Code client, the webview)
// compiled or checked at once, each in its own process (tsc is single-threaded; on 2 cores the client's and the
// webview's checks fit beside the main build: ~20 s instead of ~30 s one after another). Each project's messages
// are printed whole, in order; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['.', 'client', 'client/webview'];
const runs = projects.map(
  (p) =>
    new Promise((done) => {
      const child = spawn(process.execPath, [tsc, '-p', p], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => done({ p, code: code ?? 1, out }));
    }),
);
let failed = 0;
for (const r of await Promise.all(runs)) {
  if (r.out) process.stdout.write(r.out);
  if (r.code !== 0) {
    process.stderr.write(`build: tsc -p ${r.p} failed (exit ${r.code})\n`);
    failed ||= r.code;
  }
}
process.exit(failed);
