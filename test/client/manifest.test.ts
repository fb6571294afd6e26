// package.json's `contributes` and the client code agree: every contributed
// command is registered, every registered command is contributed (or internal),
// keybindings and menus name real commands, every setting the code reads is
// declared, and the code lenses' command ids (protocol/lsp-ext.ts) are handled.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Commands } from '../../protocol/lsp-ext.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const source = readdirSync('client')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(`client/${f}`, 'utf8'))
  .join('\n');
const registered = new Set(
  [...source.matchAll(/registerCommand\(\s*(?:'([^']+)'|StepCommands\.(\w+))/g)].map((m) => m[1] ?? `step:${m[2]}`),
);
const stepIds = Object.fromEntries([...source.matchAll(/^\s+(\w+): '(aces\.[\w.]+)',$/gm)].map((m) => [m[1], m[2]]));
const ids = new Set([...registered].map((r) => (r.startsWith('step:') ? stepIds[r.slice(5)] : r)));
const contributed: string[] = pkg.contributes.commands.map((c: { command: string }) => c.command);
const INTERNAL = new Set(['aces.serverMenu']);

describe('client: the extension manifest', () => {
  it('declares the extension: CommonJS bundle, honest engines, onLanguage activation', () => {
    assert.equal(pkg.main, './dist/extension.cjs');
    assert.match(
      pkg.engines.vscode,
      /^\^1\.93\.0$/,
      'the oldest VS Code the end-to-end tests run on (test/e2e/versions.json "min": code-server 4.93.1)',
    );
    assert.equal(
      pkg.devDependencies['@types/vscode'],
      pkg.engines.vscode.slice(1),
      '@types/vscode matches engines.vscode, so no newer API slips in',
    );
    assert.deepEqual(pkg.activationEvents, ['onLanguage:aces']);
    assert.ok(pkg.publisher);
  });

  it('registers every contributed command and contributes every registered one', () => {
    assert.ok(ids.size >= 10, [...ids].join(', '));
    for (const c of contributed) assert.ok(ids.has(c), `contributed but not registered: ${c}`);
    for (const c of ids) assert.ok(contributed.includes(c) || INTERNAL.has(c), `registered but not contributed: ${c}`);
  });

  it("handles the commands the language server's code lenses emit", () => {
    for (const id of Object.values(Commands)) assert.ok(ids.has(id), id);
  });

  it('keybindings and menus name contributed commands; stepping keys only while a combat is open (Step Back while one is kept, issue 34 item 12)', () => {
    for (const k of pkg.contributes.keybindings) {
      assert.ok(contributed.includes(k.command), k.command);
      assert.match(k.when, k.command === 'aces.stepBack' ? /aces\.combatViewed/ : /aces\.combatOpen/);
    }
    assert.ok(
      pkg.contributes.keybindings.some((k: { command: string }) => k.command === 'aces.stepBack'),
      'Step Back has a key',
    );
    for (const [menu, items] of Object.entries(pkg.contributes.menus) as [string, { command: string }[]][]) {
      for (const i of items) assert.ok(contributed.includes(i.command), `${menu}: ${i.command}`);
    }
  });

  it('declares every setting the client reads, with a description', () => {
    const props = pkg.contributes.configuration.properties;
    const read = [...source.matchAll(/(?:get<[^>]*>|int)\('([\w.]+)'/g)].map((m) => `aces.${m[1]}`);
    assert.ok(read.length >= 4, read.join(', '));
    for (const r of read) assert.ok(props[r], `setting read but not declared: ${r}`);
    for (const [k, v] of Object.entries(props) as [string, { markdownDescription?: string }][])
      assert.ok(v.markdownDescription, k);
    assert.ok(props['aces.trace.server'], 'trace level');
  });

  it('contributes the language (named for no one game, issue 34 item 10), both grammars and the configuration from files that exist', () => {
    assert.deepEqual(pkg.contributes.languages[0].aliases, ['Aces Encounter', 'aces']);
    const files = [
      ...pkg.contributes.grammars.map((g: { path: string }) => g.path),
      pkg.contributes.languages[0].configuration,
      pkg.icon,
    ];
    for (const f of files) assert.ok(readFileSync(f).length > 0, f);
    assert.deepEqual(pkg.contributes.languages[0].extensions, ['.aces']);
  });
});
