// Before the unit suite: deletes compiled test files (out/test/**/*.test.js) whose source test/**/*.test.ts is
// gone (moved or removed). tsc never deletes an output, and mocha runs every *.test.js under out/test, so a moved
// test would otherwise run twice, once as its stale old copy.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'out/test';
if (existsSync(OUT)) {
  for (const f of readdirSync(OUT, { recursive: true })) {
    if (!f.endsWith('.test.js')) continue;
    if (existsSync(join('test', f.replace(/\.js$/, '.ts')))) continue;
    for (const stale of [f, `${f}.map`]) rmSync(join(OUT, stale), { force: true });
    console.log(`prune-out: removed ${join(OUT, f)} (its source test/${f.replace(/\.js$/, '.ts')} is gone)`);
  }
}
