// The layers import only downward (the folder graph below, as data): grammar, model and engine know nothing of
// editors, and the grammar knows no game rules.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

function imports(folder: string): { file: string; spec: string; typeOnly: boolean }[] {
  const out: { file: string; spec: string; typeOnly: boolean }[] = [];
  for (const f of readdirSync(folder, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts')) continue;
    const text = readFileSync(join(folder, f), 'utf8');
    for (const m of text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      out.push({ file: join(folder, f), spec: m[1] ?? m[2], typeOnly: /^\s*(?:import|export)\s+type\b/.test(m[0]) });
    }
  }
  return out;
}

const EDITOR = /^(vscode|vscode-languageserver|vscode-languageclient|vscode-jsonrpc)(\/|$)/;

describe('layers', () => {
  for (const folder of ['grammar', 'model', 'engine', 'systems', 'balance']) {
    it(`${folder}/ imports nothing from vscode or the LSP libraries`, () => {
      const all = imports(folder);
      assert.ok(all.length > 0, `found no imports in ${folder}/ — is the scan broken?`);
      assert.deepEqual(
        all.filter((i) => EDITOR.test(i.spec)),
        [],
      );
    });
  }
  it('common/ (what every layer may read) imports nothing at all, no package either', () => {
    assert.ok(readdirSync('common').some((f) => f.endsWith('.ts')));
    assert.deepEqual(imports('common'), []);
  });
  it('grammar/ imports no game rules (nothing from model/, engine/ or systems/)', () => {
    const bad = imports('grammar').filter((i) => /\/(model|engine|systems)\//.test(i.spec));
    assert.deepEqual(bad, []);
  });
  it('model/ and engine/ (the shared layers) never import a rule system: the registry is handed in', () => {
    const bad = [...imports('model'), ...imports('engine')].filter(
      (i) => i.spec.includes('/systems/') || i.spec.startsWith('../systems'),
    );
    assert.deepEqual(bad, []);
  });
  it('engine/ (the kit every system shares: RNG, tallies, worker pool) imports nothing from model/ or systems/', () => {
    assert.deepEqual(
      imports('engine').filter((i) => /(^|\/)(model|systems)\//.test(i.spec)),
      [],
    );
  });
  it('a rule system imports no other system and nothing of the shells (server, cli, client)', () => {
    for (const sys of readdirSync('systems', { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const bad = imports(join('systems', sys.name)).filter((i) => {
        if (!i.spec.startsWith('.')) return false;
        const target = normalize(join(dirname(i.file), i.spec)).split(/[\\/]/);
        return (
          ['server', 'cli', 'client'].includes(target[0]) ||
          (target[0] === 'systems' && target[1] !== sys.name && target.length > 2)
        );
      });
      assert.deepEqual(bad, [], sys.name);
    }
  });
  it('balance/ (sweep and tune, shared by the CLI and the server) reaches rule systems only through the registry and no shell', () => {
    const bad = imports('balance').filter((i) =>
      /(^|\/)systems\/(?!index\.js$)|(^|\/)(cli|server|client)\//.test(i.spec),
    );
    assert.deepEqual(bad, []);
  });
  it('the CLI, the language server and the VS Code client reach rule systems only through the registry (systems/index.ts)', () => {
    // a system's editor content (hovers, completion values, quick fixes) comes through RuleSystem.editor
    const bad = [...imports('cli'), ...imports('server'), ...imports('client')].filter((i) =>
      /(^|\/)systems\/(?!index\.js$)/.test(i.spec),
    );
    assert.deepEqual(bad, []);
  });
  it("the VS Code client runs no engine: nothing from systems/, engine/, grammar/, balance/ or the other shells, only types from model/ and its selection policy (Run, Step and Odds are the language server's requests)", () => {
    const all = imports('client');
    assert.ok(
      all.some((i) => i.spec.includes('protocol/lsp-ext.js')),
      "the scan sees the client's imports",
    );
    // the values it takes from model/ are pure and import only types: the encounter-selection policy and the walk of
    // a recorded fight (the CLI's own, so `aces run --step` and Step Through Encounter step alike)
    const bad = all.filter(
      (i) =>
        /(^|\/)(systems|engine|grammar|balance|cli|server)\//.test(i.spec) ||
        (/(^|\/)model\//.test(i.spec) && !i.typeOnly && !/(^|\/)model\/(select|recorded-session)\.js$/.test(i.spec)),
    );
    assert.deepEqual(bad, []);
    // protocol/ is the client's too: types only from below it
    assert.deepEqual(
      imports('protocol').filter((i) => i.spec.startsWith('.') && !i.typeOnly),
      [],
    );
  });
  it("the extension bundle (dist/extension.cjs) holds no source of systems/, engine/, grammar/ or model/ but the two pure files it may take (esbuild's own list of inputs)", async function () {
    this.timeout(60_000);
    const { build } = await import('esbuild');
    const r = await build({
      entryPoints: ['client/extension.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['vscode'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: 'bundle.cjs',
    });
    const inputs = Object.keys(r.metafile.inputs);
    assert.ok(
      inputs.some((f) => f.startsWith('client/')),
      inputs.slice(0, 5).join(' '),
    );
    assert.deepEqual(
      inputs.filter(
        (f) =>
          /^(systems|engine|grammar|model|balance)\//.test(f) &&
          !['model/select.ts', 'model/recorded-session.ts'].includes(f),
      ),
      [],
    );
  });
  it("no shared file compares a system id with a literal: what differs by system is the system's to say", () => {
    const ids = readdirSync('systems', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    assert.ok(ids.includes('halcyon-aces') && ids.length >= 4, ids.join(' '));
    const literal = `['"\`](?:${ids.join('|')})['"\`]`;
    const compares = new RegExp(
      `[!=]==?\\s*${literal}|${literal}\\s*[!=]==?|\\bsystem\\??\\.id\\s*[!=]==?\\s*['"\`]|\\bcase\\s+${literal}`,
    );
    // the check can fail: a comparison it must catch
    assert.match(`if (e.system.id !== 'halcyon-aces') {`, compares);
    for (const folder of ['common', 'grammar', 'model', 'engine', 'server', 'cli', 'client', 'protocol']) {
      for (const f of readdirSync(folder, { recursive: true }) as string[]) {
        if (!f.endsWith('.ts') || f.includes('node_modules')) continue;
        assert.doesNotMatch(readFileSync(join(folder, f), 'utf8'), compares, join(folder, f));
      }
    }
  });
  it('shared layers carry no Halcyon Aces rule id in their code', () => {
    for (const folder of ['common', 'grammar', 'model', 'engine', 'server', 'protocol']) {
      for (const f of readdirSync(folder, { recursive: true }) as string[]) {
        if (!f.endsWith('.ts')) continue;
        assert.doesNotMatch(readFileSync(join(folder, f), 'utf8'), /\bHA-[A-Z]+\d/, join(folder, f));
      }
    }
  });
  it('the seam composes: the registry and every engine loader take a system as it is declared, with no `as unknown as`', () => {
    const files = [
      'systems/index.ts',
      ...readdirSync('systems', { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join('systems', d.name, 'engine', 'load.ts')),
    ];
    assert.ok(files.length >= 5, files.join(' '));
    for (const f of files) assert.doesNotMatch(readFileSync(f, 'utf8'), /\bas unknown as\b/, f);
    // the check can fail: the cast the loaders once wrote
    assert.match("import('./seam.js').then((m) => m.HA_ENGINE as unknown as SystemEngine)", /\bas unknown as\b/);
  });
  for (const folder of ['engine', 'systems']) {
    it(`${folder}/ never uses Math.random (determinism)`, () => {
      for (const f of readdirSync(folder, { recursive: true }) as string[]) {
        if (f.endsWith('.ts')) assert.doesNotMatch(readFileSync(join(folder, f), 'utf8'), /Math\.random\s*\(/, f);
      }
    });
  }
});

describe('layers: the folder graph', () => {
  // Which folder may import which, as data: the layers from the bottom up. An import of a folder not listed is a
  // layer broken; `types` marks an edge that may carry types only. common/ is what every layer may read (how an
  // outcome is written); protocol/ is the wire between the language server and its clients, so it sits above
  // model/ (a recorded fight's shapes are the seam's) and below the shells. Tooling (test/, bench/, fuzz/) reads
  // anything and is not listed.
  type Edge = { to: string; types?: true };
  const ALLOWED: Record<string, Edge[]> = {
    common: [],
    grammar: [{ to: 'common' }],
    engine: [{ to: 'common' }],
    model: [{ to: 'common' }, { to: 'grammar' }, { to: 'engine' }],
    protocol: [{ to: 'common' }, { to: 'model', types: true }],
    systems: [{ to: 'common' }, { to: 'grammar' }, { to: 'engine' }, { to: 'model' }],
    balance: [{ to: 'common' }, { to: 'grammar' }, { to: 'engine' }, { to: 'model' }, { to: 'systems' }],
    syntaxes: [{ to: 'model' }, { to: 'systems' }],
    cli: ['common', 'grammar', 'engine', 'model', 'protocol', 'systems', 'balance'].map((to) => ({ to })),
    server: ['common', 'grammar', 'engine', 'model', 'protocol', 'systems', 'balance'].map((to) => ({ to })),
    client: [{ to: 'common' }, { to: 'protocol' }, { to: 'model' }],
  };
  const FOLDERS = Object.keys(ALLOWED);

  /** Each import of one source folder by another: `from → to` with the file and whether it carries types only. */
  function folderEdges(): { from: string; to: string; file: string; typeOnly: boolean }[] {
    const out: { from: string; to: string; file: string; typeOnly: boolean }[] = [];
    for (const from of FOLDERS) {
      for (const i of imports(from)) {
        if (!i.spec.startsWith('.') || i.file.includes('node_modules')) continue;
        const to = normalize(join(dirname(i.file), i.spec)).split(/[\\/]/)[0];
        if (to !== from) out.push({ from, to, file: i.file, typeOnly: i.typeOnly });
      }
    }
    return out;
  }

  /** The edges of `edges` that ALLOWED forbids, as `file: from → to`. */
  function forbidden(edges: readonly { from: string; to: string; file: string; typeOnly: boolean }[]): string[] {
    return edges
      .filter((e) => {
        const a = ALLOWED[e.from]?.find((x) => x.to === e.to);
        return !a || (a.types === true && !e.typeOnly);
      })
      .map((e) => `${e.file}: ${e.from} → ${e.to}${e.typeOnly ? ' (types)' : ''}`);
  }

  it('the allowed folder graph has no cycle: the layers have a bottom and a top', () => {
    const graph = new Map(FOLDERS.map((f) => [f, ALLOWED[f].map((e) => e.to)]));
    assert.deepEqual(cycles(graph), []);
    // the check can fail: the cycle this graph once had (engine → protocol → model → engine)
    graph.set('engine', ['protocol']);
    assert.deepEqual(cycles(graph), ['engine → protocol → model → engine']);
  });
  it('every import between source folders is an edge of the allowed graph (so the folders have no cycle either)', () => {
    const edges = folderEdges();
    assert.ok(edges.length > 200, `only ${edges.length} imports between folders — is the scan broken?`);
    for (const f of FOLDERS) assert.ok(existsSync(f), `${f}/ is listed but absent`);
    // the check can fail: the two imports that made the cycle, and a value import where only types may go
    assert.deepEqual(
      forbidden([
        { from: 'engine', to: 'protocol', file: 'engine/tally.ts', typeOnly: false },
        { from: 'protocol', to: 'model', file: 'protocol/lsp-ext.ts', typeOnly: true },
        { from: 'protocol', to: 'model', file: 'protocol/lsp-ext.ts', typeOnly: false },
      ]),
      ['engine/tally.ts: engine → protocol', 'protocol/lsp-ext.ts: protocol → model'],
    );
    assert.deepEqual(forbidden(edges), []);
  });
  it('every source folder is in the graph (a new folder says where it sits)', () => {
    const tooling = ['test', 'bench', 'fuzz', 'docs', 'samples', 'bin', 'node_modules', 'out', 'dist'];
    const sources = readdirSync('.', { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.') && !tooling.includes(d.name))
      .filter((d) => (readdirSync(d.name, { recursive: true }) as string[]).some((f) => f.endsWith('.ts')))
      .map((d) => d.name);
    assert.ok(sources.includes('engine'), sources.join(' '));
    assert.deepEqual(
      sources.filter((f) => !FOLDERS.includes(f)),
      [],
    );
  });
});

/** Each cycle found by a depth-first walk, as `a.ts → b.ts → a.ts` (at least one per strongly connected knot). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, number>();
  const out: string[] = [];
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 1);
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 1) out.push([...stack.slice(stack.indexOf(t)), t].join(' → '));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return out;
}

describe('layers: no import cycles', () => {
  // Every relative import counts, a type-only one too: a cycle of types is still two modules that must be
  // read together (tactics ⇄ simulator, command ⇄ CLI main were such), and it is one edit away from a
  // cycle of values that breaks module initialisation. Dynamic import() counts as well.
  const FOLDERS = [
    'common',
    'grammar',
    'model',
    'engine',
    'systems',
    'balance',
    'cli',
    'server',
    'protocol',
    'client',
    'syntaxes',
    'bench',
    'fuzz',
    'test',
  ];

  it('the cycle finder finds a cycle, a type-only one too (the check can fail)', () => {
    assert.deepEqual(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
          ['d.ts', ['a.ts']],
        ]),
      ),
      ['a.ts → b.ts → c.ts → a.ts'],
    );
    const typeOnly = imports('test').find((i) => i.typeOnly);
    assert.ok(typeOnly, 'no type-only import found in test/ — is the scan broken?');
  });

  it('no source file imports itself back through others, with values or types (cycles listed)', () => {
    const graph = new Map<string, string[]>();
    for (const folder of FOLDERS) {
      for (const i of imports(folder)) {
        if (!i.spec.startsWith('.') || i.file.includes('node_modules')) continue;
        const to = normalize(join(dirname(i.file), i.spec)).replace(/\.js$/, '.ts');
        graph.set(i.file, [...(graph.get(i.file) ?? []), to]);
      }
    }
    assert.ok(graph.size > 200, `only ${graph.size} files import anything — is the scan broken?`);
    assert.deepEqual(cycles(graph), []);
  });
});
