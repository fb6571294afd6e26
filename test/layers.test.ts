// The layers import only downward: grammar → model → engine know nothing of
// editors, and the grammar knows no game rules.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function imports(folder: string): { file: string; spec: string }[] {
  const out: { file: string; spec: string }[] = [];
  for (const f of readdirSync(folder, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts')) continue;
    const text = readFileSync(join(folder, f), 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      out.push({ file: join(folder, f), spec: m[1] ?? m[2] });
    }
  }
  return out;
}

const EDITOR = /^(vscode|vscode-languageserver|vscode-languageclient|vscode-jsonrpc)(\/|$)/;

describe('layers', () => {
  for (const folder of ['grammar', 'model', 'engine', 'systems']) {
    it(`${folder}/ imports nothing from vscode or the LSP libraries`, () => {
      const all = imports(folder);
      assert.ok(all.length > 0, `found no imports in ${folder}/ — is the scan broken?`);
      assert.deepEqual(all.filter((i) => EDITOR.test(i.spec)), []);
    });
  }
  it('grammar/ imports no game rules (nothing from model/ or engine/)', () => {
    const bad = imports('grammar').filter((i) => i.spec.includes('/model/') || i.spec.includes('/engine/'));
    assert.deepEqual(bad, []);
  });
  it('engine/ depends on model/ only through its plain types', () => {
    const bad = imports('engine').filter((i) => i.spec.includes('/model/') && !i.spec.endsWith('/model/types.js'));
    assert.deepEqual(bad, []);
  });
  for (const folder of ['engine', 'systems']) {
    it(`${folder}/ never uses Math.random (determinism)`, () => {
      for (const f of readdirSync(folder, { recursive: true }) as string[]) {
        if (f.endsWith('.ts')) assert.doesNotMatch(readFileSync(join(folder, f), 'utf8'), /Math\.random\s*\(/, f);
      }
    });
  }
});
