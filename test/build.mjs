// Before the unit suite: every TypeScript file of the product and its tests transpiled to out/ by esbuild, one
// output per file (no bundle), with source maps — the same files, paths and module shape as `tsc -p .` emits, in
// about a second instead of ~30 s of CPU. It does not type-check: `npm run lint` does (test/typecheck.mjs, the
// three tsc projects), and `npm run build` is still tsc. The files: each tsconfig.json `include` folder, plus
// whatever those files import from outside it (the tests import client/ and syntaxes/ modules), as tsc follows
// imports. esbuild honours tsconfig.json's `useDefineForClassFields: false`, and the tree type-checks under
// `isolatedModules` (what a per-file transpiler needs), so both builds run the same code: the goldens hold it.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const config = readFileSync(join(root, 'tsconfig.json'), 'utf8');
const include = JSON.parse(/"include"\s*:\s*(\[[^\]]*\])/.exec(config)[1]);

const files = new Set();
const queue = [];
const add = (file) => {
  if (files.has(file) || !existsSync(file)) return;
  files.add(file);
  queue.push(file);
};
for (const dir of include)
  for (const f of readdirSync(join(root, dir), { recursive: true }))
    if (f.endsWith('.ts') && !f.endsWith('.d.ts')) add(join(root, dir, f));
// Relative imports (static, re-exports and dynamic) of every file, `./x.js` read as `./x.ts`.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)\.js['"]/gm;
while (queue.length) {
  const file = queue.pop();
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) add(resolve(dirname(file), `${m[1]}.ts`));
}

const result = await build({
  entryPoints: [...files].map((f) => relative(root, f)),
  absWorkingDir: root,
  outdir: 'out',
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'error',
});
process.exit(result.errors.length ? 1 : 0);
