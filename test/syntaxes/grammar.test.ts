// The TextMate grammar: generated from the schema and current; scope assertions
// (test/syntaxes/cases/*.aces) and snapshots of every sample
// (test/syntaxes/snap/*.snap, copies of samples) through vscode-tmgrammar-test, i.e. the same
// vscode-textmate + oniguruma engine VS Code colours with.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { grammarText } from '../../syntaxes/generate.js';
import { SCHEMA, BLOCK_KINDS } from '../../systems/halcyon-aces/schema.js';

const bin = (name: string) => `node_modules/.bin/${name}`;

describe('TextMate grammar', function () {
  this.timeout(60000);

  it('is generated from model/schema.ts and up to date (npm run grammar)', () => {
    assert.equal(readFileSync('syntaxes/aces.tmLanguage.json', 'utf8'), grammarText());
  });

  it('colours every attribute keyword of the schema', () => {
    const text = readFileSync('syntaxes/aces.tmLanguage.json', 'utf8');
    for (const k of BLOCK_KINDS) {
      assert.ok(text.includes(`(${k})`), `block kind ${k}`);
      for (const a of SCHEMA[k].attributes) assert.ok(text.includes(a.name), `${k}.${a.name}`);
    }
  });

  it('passes the scope assertions of test/syntaxes/cases', () => {
    const cases = readdirSync('test/syntaxes/cases').filter((f) => f.endsWith('.aces')).map((f) => `test/syntaxes/cases/${f}`);
    assert.ok(cases.length >= 2);
    const r = spawnSync(bin('vscode-tmgrammar-test'), ['-g', 'syntaxes/aces.tmLanguage.json', ...cases], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  it('tokenizes the sample corpus exactly as its snapshots (vscode-tmgrammar-snap; --updateSnapshot after a deliberate change)', () => {
    const r = spawnSync(bin('vscode-tmgrammar-snap'), ['-g', 'syntaxes/aces.tmLanguage.json', '-s', 'source.aces', 'test/syntaxes/snap/*.aces'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
});

describe('language configuration and snippets', () => {
  const conf = JSON.parse(readFileSync('syntaxes/language-configuration.json', 'utf8'));
  it('word pattern selects whole words, hyphenated keywords, cards and distances', () => {
    const re = new RegExp(conf.wordPattern, 'gu');
    assert.deepEqual('tactics focus-weakest; cards 10♣ Q♠ height 20ft, Thug x3'.match(re), ['tactics', 'focus-weakest', 'cards', '10♣', 'Q♠', 'height', '20ft', 'Thug', 'x3']);
  });
  it('indents inside a block and outdents a closing brace', () => {
    assert.match('character Kael {', new RegExp(conf.indentationRules.increaseIndentPattern));
    assert.doesNotMatch('weapon X { melee }', new RegExp(conf.indentationRules.increaseIndentPattern));
    assert.match('  }', new RegExp(conf.indentationRules.decreaseIndentPattern));
  });
  it('snippets exist for an encounter, a character, a weapon and a technique, and each expands to a clean file', async () => {
    const { checkText } = await import('../helpers.js');
    const snippets = JSON.parse(readFileSync('syntaxes/snippets.json', 'utf8')) as Record<string, { prefix: string; body: string[] }>;
    const byPrefix = new Map(Object.values(snippets).map((s) => [s.prefix, s]));
    for (const p of ['encounter', 'character', 'weapon', 'technique']) assert.ok(byPrefix.has(p), p);
    // expand: ${n:default} → default, ${n|a,b|} → a, $0 → ''
    const expand = (body: string[]) => body.join('\n').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1').replace(/\$\d+/g, '').replace(/\t/g, '  ');
    const file = ['encounter', 'character', 'weapon', 'technique', 'deck'].map((p) => expand(byPrefix.get(p)!.body)).join('\n') +
      '\ncharacter Thug { heart 1 body 2 mind 1 spirit 1 vitality 8 }\n';
    const errors = checkText(file).diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => `${d.range.start.line + 1}: ${d.message}`), [], file);
  });
});
