// server/ never imports `vscode`; the language service imports no LSP runtime
// (only the plain types), so it runs headless and in tests.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function imports(folder: string): { file: string; spec: string }[] {
  const out: { file: string; spec: string }[] = [];
  for (const f of readdirSync(folder, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts')) continue;
    const text = readFileSync(join(folder, f), 'utf8');
    for (const m of text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ))
      out.push({ file: join(folder, f), spec: m[1] ?? m[2] });
  }
  return out;
}

describe('server layers', () => {
  it('server/ and protocol/ never import vscode', () => {
    const all = [...imports('server'), ...imports('protocol')];
    assert.ok(all.length > 10);
    assert.deepEqual(
      all.filter((i) => /^vscode(\/|$)/.test(i.spec)),
      [],
    );
  });
  it('server/service/ imports only the plain LSP types, not the server runtime', () => {
    const bad = imports('server/service').filter(
      (i) => /^vscode-/.test(i.spec) && i.spec !== 'vscode-languageserver-types',
    );
    assert.deepEqual(bad, []);
  });
});
