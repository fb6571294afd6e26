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
  it("issue 34 item 10: no static snippets (they spoke Halcyon Aces in every game's file): each system's block snippets come from the language server, in its own words", async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    assert.equal(pkg.contributes.snippets, undefined);
    const { serviceWith } = await import('../server/cursor.js');
    const { REGISTRY } = await import('../../systems/index.js');
    const expand = (t: string) =>
      t.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1').replace(/\$\d+/g, '').replace(/\t/g, '  ');
    for (const system of REGISTRY.systems) {
      const { ls, uri, pos } = serviceWith(`system ${system.id}\n<|>\n`);
      const items = ls.complete(uri, pos).items.filter((i) => i.insertTextFormat === 2);
      const kinds = Object.entries(system.schema.blocks)
        .filter(([, b]) => b.parents.includes('file') || b.parents.length === 0)
        .map(([k]) => k);
      for (const k of kinds) {
        const item = items.find((i) => i.label === k);
        assert.ok(item, `${system.id}: a snippet for ${k}`);
        const text = expand(String((item.textEdit as { newText: string } | undefined)?.newText ?? item.insertText));
        // the block's own words: it reads as this system's block of that kind, with no syntax error
        const { ls: ls2, uri: u2 } = serviceWith(`system ${system.id}\n${text}\n<|>`);
        const syntax = (ls2.validate().get(u2) ?? []).filter((d) => d.code === 'syntax' || d.code === 'unknown-keyword');
        assert.deepEqual(syntax.map((d) => d.message), [], `${system.id} ${k}: ${text}`);
      }
    }
  });
});
