// Bundles the command line into one file (dist/aces.mjs) with esbuild. The
// extension's client and server bundles join here when those layers land.
import { build } from 'esbuild';

// The tsc build loads Chevrotain's one-file build by path (grammar/chevrotain.ts); a bundle carries Chevrotain
// inside, so it takes the package entry instead (grammar/chevrotain-package.ts).
const chevrotainInside = {
  name: 'chevrotain-inside',
  setup(b) {
    b.onResolve({ filter: /^\.\/chevrotain\.js$/ }, (args) =>
      args.importer.includes('grammar')
        ? { path: new URL('./grammar/chevrotain-package.ts', import.meta.url).pathname }
        : undefined,
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  plugins: [chevrotainInside],
};

await build({
  ...common,
  entryPoints: ['cli/standalone.ts'],
  outfile: 'dist/aces.mjs',
  format: 'esm',
  minify: process.argv.includes('--minify'),
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});

// ── The VS Code extension (client/): dist/extension.cjs (CommonJS: VS Code 1.99 loads extensions with require;
// no engine inside: Run, Step and Odds are the language server's requests), the Monte Carlo worker the server
// starts (dist/worker.js, ESM: systems/index.ts names `./worker.js` next to the bundle that imports it), and the
// webviews' scripts and stylesheets (browser, Chart.js inside).
const minify = process.argv.includes('--minify');
await build({
  ...common,
  entryPoints: ['client/extension.ts'],
  outfile: 'dist/extension.cjs',
  format: 'cjs',
  external: ['vscode'],
  minify,
});
await build({
  ...common,
  entryPoints: ['systems/worker.ts'],
  outfile: 'dist/worker.js',
  format: 'esm',
  minify,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
await build({
  ...common,
  entryPoints: [
    'client/webview/odds-view.ts',
    'client/webview/odds-view.css',
    'client/webview/sweep-view.ts',
    'client/webview/battle-view.ts',
    'client/webview/battle-view.css',
  ],
  outdir: 'dist',
  platform: 'browser',
  target: 'es2022',
  format: 'iife',
  minify,
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

// ── The end-to-end suite that runs inside VS Code's extension host (test/e2e): CommonJS, `vscode` and mocha external.
if (!minify) {
  await build({
    ...common,
    entryPoints: { index: 'test/e2e/suite/index.ts', 'extension.e2e': 'test/e2e/suite/extension.e2e.ts' },
    outdir: 'dist/e2e',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
}
