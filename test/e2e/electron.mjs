// The same end-to-end suite under @vscode/test-electron, for machines that can download VS Code
// (it cannot here: only the npm registry and Debian are reachable; test/e2e/run.mjs uses code-server instead).
//   npm run bundle && node test/e2e/electron.mjs            (VS Code version: ACES_VSCODE_VERSION, default 1.93.1: the minimum engines.vscode claims)
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workspace = mkdtempSync(path.join(tmpdir(), 'aces-e2e-'));
cpSync(path.join(repo, 'samples'), workspace, { recursive: true });
try {
  await runTests({
    version: process.env.ACES_VSCODE_VERSION || '1.93.1',
    extensionDevelopmentPath: repo,
    extensionTestsPath: path.join(repo, 'dist/e2e/index.cjs'),
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
  });
} catch (e) {
  console.error('end-to-end tests failed:', e);
  process.exit(1);
}
