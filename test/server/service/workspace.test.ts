import assert from 'node:assert/strict';
import { checkFiles } from '../../../systems/index.js';
import { memoryHost } from '../../../model/workspace.js';
import { createLanguageService } from '../../../server/service/index.js';
import { OTHERS, MAIN, ARMOURY } from '../fixtures.js';
import { cursor } from '../cursor.js';

function liveService(files: Record<string, string>) {
  const host = { ...memoryHost(files), listFiles: () => Object.keys(files) };
  return createLanguageService(host);
}

describe('server/service workspace state', () => {
  it('validates every workspace file once, then only what changed and its dependents', () => {
    const files = { ...OTHERS, 'main.aces': MAIN, 'other.aces': 'weapon Club { melee }\n' };
    const ls = liveService(files);
    const first = ls.validate();
    assert.deepEqual([...first.keys()].sort(), ['armoury.aces', 'main.aces', 'other.aces']);
    assert.ok([...first.values()].every((d) => d.length === 0));
    assert.equal(ls.validate().size, 0, 'nothing changed');
    // Removing Longsword from the armoury breaks main.aces, which uses it.
    files['armoury.aces'] = ARMOURY.replace('weapon Longsword { melee +2 }\n', '');
    ls.didChange('armoury.aces');
    assert.deepEqual(ls.dependentsOf('armoury.aces'), ['main.aces']);
    const second = ls.validate();
    assert.deepEqual([...second.keys()].sort(), ['armoury.aces', 'main.aces']);
    assert.deepEqual(
      second.get('main.aces')!.map((d) => d.code),
      ['unknown-name'],
    );
    assert.equal(second.get('main.aces')![0].data, undefined, 'no suggestions, no data');
  });

  it("a system's hover reads each file from its own last check: re-checking one encounter file alone updates what a character's hover lists", () => {
    const lib =
      'weapon Club { melee +1 }\ncharacter Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 wields Club }\ncharacter Thug { heart 1 body 2 mind 1 spirit 1 vitality 10 wields Club }\n';
    const enc = (name: string): string =>
      `use "lib.aces"\nencounter ${name} { zone floor { } side heroes { Kael at floor } side thugs { Thug at floor } }\n`;
    const files: Record<string, string> = { 'lib.aces': lib, 'a.aces': enc('Alley'), 'b.aces': enc('Bridge') };
    const ls = liveService(files);
    const kael = { line: 1, character: 11 };
    const text = (): string => {
      const h = ls.hover('lib.aces', kael);
      return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    };
    assert.match(text(), /\*Alley\* — side heroes/);
    assert.match(text(), /\*Bridge\* — side heroes/);
    ls.validate();
    files['b.aces'] = enc('Ford');
    ls.didChange('b.aces');
    assert.deepEqual(ls.dependentsOf('b.aces'), [], 'nothing uses b.aces: it is re-checked alone');
    const after = text();
    assert.match(after, /\*Alley\* — side heroes/);
    assert.match(after, /\*Ford\* — side heroes/);
    assert.doesNotMatch(after, /Bridge/);
  });

  it('a request between an edit and the debounced validation does not swallow the new diagnostics', () => {
    const files: Record<string, string> = { ...OTHERS, 'main.aces': MAIN };
    const ls = liveService(files);
    ls.validate();
    files['main.aces'] = MAIN.replace('wields Longsword', 'wields Longswrd');
    ls.didChange('main.aces');
    ls.documentSymbols('main.aces'); // VS Code asks for symbols, inlay hints… right after each keystroke
    const r = ls.validate();
    assert.deepEqual(
      r.get('main.aces')?.map((d) => d.code),
      ['unknown-name'],
    );
  });

  it("one scope resolver: go-to-definition follows the checker's scope (own file first, then `use` breadth first), before and after an edit", () => {
    // main uses a and b, both of which define Club: the checker keeps a's (breadth first) and reports the clash
    const files: Record<string, string> = {
      'a.aces': 'weapon Club { melee +1 }\n',
      'b.aces': 'weapon Club { melee +2 }\nweapon Axe { melee +1 }\n',
      'main.aces':
        'use "a.aces"\nuse "b.aces"\ncharacter Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 wields Club }\n',
    };
    const ls = liveService(files);
    const club = { line: 2, character: files['main.aces'].split('\n')[2].indexOf('Club') + 1 };
    const checked = (): string | undefined =>
      checkFiles(['main.aces'], memoryHost(files)).scopeOf('main.aces').lookup('weapon', 'Club')?.file;
    assert.equal(checked(), 'a.aces');
    assert.deepEqual(
      ls.definition('main.aces', club).map((d) => d.uri),
      [checked()],
    );
    assert.ok(
      ls
        .validate()
        .get('main.aces')!
        .some((d) => d.code === 'duplicate-name'),
    );
    // a no longer defines Club: main is re-checked with it, and the definition moves with the checker's scope
    files['a.aces'] = 'weapon Mace { melee +1 }\n';
    ls.didChange('a.aces');
    assert.equal(checked(), 'b.aces');
    assert.deepEqual(
      ls.definition('main.aces', club).map((d) => d.uri),
      [checked()],
    );
  });

  it('diagnostics carry code, severity, source and did-you-mean data', () => {
    const ls = liveService({ ...OTHERS, 'main.aces': MAIN.replace('wields Longsword', 'wields Longswrd') });
    const [d] = ls.diagnostics('main.aces');
    assert.equal(d.code, 'unknown-name');
    assert.equal(d.severity, 1);
    assert.equal(d.source, 'aces');
    assert.deepEqual(d.data, { suggestions: ['Longsword'] });
  });

  it('a deleted file is forgotten and its users re-checked', () => {
    const files: Record<string, string> = { ...OTHERS, 'main.aces': MAIN };
    const ls = liveService(files);
    ls.validate();
    delete files['armoury.aces'];
    ls.didDelete('armoury.aces');
    const r = ls.validate();
    assert.ok(r.get('main.aces')!.some((d) => d.code === 'use-missing'));
  });

  it('no feature throws anywhere in broken or half-typed text', () => {
    const samples = [
      MAIN.slice(0, 200),
      'character { heart }\nweapon "unclosed { melee\n}}}\nencounter E { side { x at } zone }',
      'use\nuse 3\n{ { }\nside a { K x0 at }\n',
      '',
    ];
    for (const text of samples) {
      const ls = liveService({ ...OTHERS, 'main.aces': text });
      ls.validate();
      for (let o = 0; o <= text.length; o += 3) {
        const { position: p } = cursor(text.slice(0, o) + '<|>' + text.slice(o));
        ls.hover('main.aces', p);
        ls.complete('main.aces', p);
        ls.definition('main.aces', p);
        ls.references('main.aces', p);
        ls.documentHighlights('main.aces', p);
        ls.prepareRename('main.aces', p);
        ls.selectionRanges('main.aces', [p]);
      }
      ls.documentSymbols('main.aces');
      ls.foldingRanges('main.aces');
      ls.semanticTokens('main.aces');
      ls.format('main.aces');
      ls.codeActions('main.aces', { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } });
      ls.codeLenses('main.aces');
      ls.inlayHints('main.aces', { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } });
      ls.workspaceSymbols('a');
    }
  });
});
