// `npm run lint`'s type check: the three TypeScript projects (the product and its tests, the VS Code client, the
// webview) checked at once, each in its own tsc process (tsc is single-threaded; on 2 cores the client's and the
// webview's checks fit beside the main one). Nothing is emitted: the unit suite transpiles with esbuild
// (test/build.mjs) and `npm run build` emits with tsc. Each project's own build info (out/.tsbuildinfo-*) makes a
// re-check with nothing changed quick. Each project's messages are printed whole, in order; the exit code is the
// first failure's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The product's check keeps its own build info, apart from the emitting build's out/.tsbuildinfo.
const projects = [['.', '--noEmit', '--tsBuildInfoFile', 'out/.tsbuildinfo-check'], ['client'], ['client/webview']];
const runs = projects.map(
  (p) =>
    new Promise((done) => {
      const child = spawn(process.execPath, [tsc, '-p', ...p], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => done({ p: p[0], code: code ?? 1, out }));
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
