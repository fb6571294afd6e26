// `npm run test:deep`: the test files whose counts grow under ACES_DEEP=1 (every file that imports test/deep.ts:
// the invariants, property, twin and search tests), run again with their full counts. The unit suite plays the
// quick counts; CI runs both (.ci/run).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = 'out/test';
const files = readdirSync(root, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => join(root, f))
  .filter((f) => /from ['"](?:\.\.\/)+deep\.js['"]/.test(readFileSync(f, 'utf8')))
  .sort();
if (files.length === 0) {
  process.stderr.write('test:deep: no test file imports test/deep.ts (build first: node test/build.mjs)\n');
  process.exit(1);
}
process.stdout.write(`test:deep: ${files.length} files with ACES_DEEP=1\n`);
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const r = spawnSync(process.execPath, [mocha, '--parallel', '--jobs', '4', ...files], {
  stdio: 'inherit',
  env: { ...process.env, ACES_DEEP: '1' },
});
process.exit(r.status ?? 1);
