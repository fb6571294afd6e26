// The Monte Carlo workers load engines from systems/engines.ts, not from the registry: the two must name the
// same systems with the very same loaders, or a worker would run another engine than the calling thread (or
// none). And the point of the split — a worker does not load the checkers and Chevrotain — is checked on the
// compiled import graph.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_LOADERS } from '../../systems/engines.js';
import { REGISTRY } from '../../systems/index.js';

const outRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every module the compiled file reaches through static and dynamic relative imports, and its bare packages. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (files.has(f)) continue;
    files.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
      const spec = m[1];
      if (spec.startsWith('.')) todo.push(join(dirname(f), spec));
      else if (!spec.startsWith('node:')) packages.add(spec);
    }
  }
  return { files, packages };
}

describe('systems/engines.ts: the engines a Monte Carlo worker loads', () => {
  it('names exactly the registered systems, each with the loader its RuleSystem uses', () => {
    assert.deepEqual(Object.keys(ENGINE_LOADERS).sort(), REGISTRY.systems.map((s) => s.id).sort());
    for (const s of REGISTRY.systems) assert.equal(ENGINE_LOADERS[s.id], s.loadEngine, s.id);
  });

  it('each loader gives the same engine object as the registry', async () => {
    for (const s of REGISTRY.systems) assert.equal(await ENGINE_LOADERS[s.id](), await s.loadEngine(), s.id);
  });

  it('the worker reaches no checker, grammar or Chevrotain (its start-up stays short)', () => {
    const { files, packages } = reach(join(outRoot, 'systems/worker.js'));
    assert.ok(files.size > 10, `the walk found the engines (${files.size} modules)`);
    assert.deepEqual(
      [...packages].filter((p) => p.startsWith('chevrotain')),
      [],
    );
    const rel = [...files].map((f) => f.slice(outRoot.length + 1));
    assert.deepEqual(
      rel.filter(
        (f) => f.startsWith('grammar/') || /^systems\/[^/]+\/check(\.js|\/)/.test(f) || f === 'systems/index.js',
      ),
      [],
    );
  });
});
