// Bundles the command line into one file (dist/aces.mjs) with esbuild. The
// extension's client and server bundles join here when those layers land.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'info' };

await build({
  ...common,
  entryPoints: ['cli/standalone.ts'],
  outfile: 'dist/aces.mjs',
  format: 'esm',
  minify: process.argv.includes('--minify'),
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// ── The language server (server/main.ts): dist/server.cjs, CommonJS so the VS Code client can start it with
// `node dist/server.cjs --node-ipc` (TransportKind.ipc) and other editors with `--stdio`.
await build({
  ...common,
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server.cjs',
  format: 'cjs',
  minify: process.argv.includes('--minify'),
  define: { 'import.meta.url': '__aces_import_meta_url' },
  banner: { js: "const __aces_import_meta_url = require('url').pathToFileURL(__filename).href;" },
});
