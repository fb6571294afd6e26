// The end-to-end suite on the minimum and the latest VS Code (test/e2e/versions.json), one after the other,
// then the UI pass (the packaged .vsix, screenshots in test-artifacts/) once, on the latest.
//   node test/e2e/matrix.mjs                  (after `node esbuild.mjs && bash test/e2e/setup.sh`; `npm run test:e2e` does all)
//   ACES_E2E_VERSIONS=min node test/e2e/matrix.mjs     only some of versions.json's keys (space-separated)
//   ACES_E2E_UI=0 …                                     skip the UI pass
// Every version runs even when an earlier one fails; the summary names each VS Code with its result and time,
// and the exit code is non-zero if any run failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const ROOT = process.env.ACES_E2E_CACHE || path.join(process.env.HOME, '.cache/aces-e2e');
const VERSIONS = JSON.parse(fs.readFileSync(path.join(HERE, 'versions.json'), 'utf8'));
const keys = (process.env.ACES_E2E_VERSIONS || Object.keys(VERSIONS).join(' ')).split(/\s+/).filter(Boolean);
const vscodeOf = (cs) => {
  try {
    return `VS Code ${JSON.parse(fs.readFileSync(path.join(ROOT, `cs-${cs}/lib/vscode/package.json`), 'utf8')).version}`;
  } catch {
    return 'VS Code ?';
  }
};

const results = [];
const step = (label, cmd, args, env = {}) => {
  console.log(`\n== e2e: ${label}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: REPO, stdio: 'inherit', env: { ...process.env, ...env } });
  const code = r.status ?? 1;
  results.push({ label, code, s: (Date.now() - t) / 1000 });
  return code;
};

for (const key of keys) {
  const cs = VERSIONS[key];
  if (!cs) {
    console.error(`e2e: no "${key}" in test/e2e/versions.json`);
    process.exit(2);
  }
  step(`suite on ${vscodeOf(cs)} (${key}, code-server ${cs})`, process.execPath, [path.join(HERE, 'run.mjs'), 'test'], {
    CS_VERSION: cs,
  });
}
if (process.env.ACES_E2E_UI !== '0') {
  const cs = VERSIONS.latest ?? VERSIONS[keys.at(-1)];
  if (step('npm run package', 'npm', ['run', 'package', '--silent']) === 0) {
    step(`UI pass on ${vscodeOf(cs)} (code-server ${cs})`, process.execPath, [path.join(HERE, 'run.mjs'), 'ui'], {
      CS_VERSION: cs,
    });
  }
}

console.log('\n== e2e summary');
for (const r of results)
  console.log(`  ${r.code === 0 ? 'ok    ' : `FAILED (exit ${r.code})`}  ${r.label}  ${r.s.toFixed(1)} s`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) console.error(`e2e: ${failed.length} failed: ${failed.map((r) => r.label).join('; ')}`);
process.exit(failed.length ? 1 : 0);
