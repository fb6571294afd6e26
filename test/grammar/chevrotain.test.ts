// grammar/chevrotain.ts loads Chevrotain's one-file build by path (a third of a second less per process than
// its package entry); the bundles use the package entry (grammar/chevrotain-package.ts). Both must be the
// Chevrotain the lockfile pins, and the tsc build must not reach the six hundred modules of the package entry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as direct from '../../grammar/chevrotain.js';
import * as pkg from '../../grammar/chevrotain-package.js';

const require = createRequire(import.meta.url);

describe('grammar/chevrotain.ts: Chevrotain from its one-file build', () => {
  it('is the version the lockfile pins, as the package entry the bundles use', () => {
    const manifest = JSON.parse(
      readFileSync(join(dirname(require.resolve('chevrotain')), '..', '..', 'package.json'), 'utf8'),
    ) as { version: string };
    assert.equal(direct.VERSION, manifest.version);
    assert.equal(pkg.VERSION, manifest.version);
  });

  it('gives the lexer and parser classes (a token lexes)', () => {
    const T = direct.createToken({ name: 'Word', pattern: /[a-z]+/ });
    const r = new direct.Lexer([T]).tokenize('abc');
    assert.deepEqual(
      r.tokens.map((t) => t.image),
      ['abc'],
    );
    assert.equal(typeof direct.EmbeddedActionsParser, 'function');
  });

  it('the compiled grammar imports no value from the package entry (only its one-file build, by path)', () => {
    const dir = dirname(fileURLToPath(new URL('../../grammar/parser.js', import.meta.url)));
    const bare = new Set<string>();
    for (const f of ['lexer.js', 'parser.js', 'index.js', 'chevrotain.js']) {
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g))
        if (!m[1].startsWith('.') && !m[1].startsWith('node:')) bare.add(m[1]);
    }
    assert.deepEqual([...bare], []);
  });
});
