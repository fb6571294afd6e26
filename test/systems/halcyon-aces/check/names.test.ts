import assert from 'node:assert/strict';
import { check, char, codes, covered, diags, enc, withCode } from '../../../helpers.js';
import { checkText } from '../../../helpers.js';

describe('checker: names, files and keywords', () => {
  it('an unknown weapon gets a did-you-mean at the name', () => {
    const t = 'weapon Longsword { melee +2 }\n' + char('A', 'wields Longswrd');
    const d = withCode(t, 'unknown-name');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), 'Longswrd');
    assert.deepEqual(d[0].suggestions, ['Longsword']);
    assert.match(d[0].message, /Did you mean 'Longsword'\?/);
  });
  it('an unknown character in a side is reported; a known one is not', () => {
    const t = enc('side a { Kale }\nside b { B }') + char('Kael') + char('B');
    assert.deepEqual(
      withCode(t, 'unknown-name').map((d) => d.suggestions),
      [['Kael']],
    );
  });
  it('an unknown attribute gets a did-you-mean and one diagnostic only', () => {
    const t = char('A', 'vitalty 10');
    assert.deepEqual(
      diags(t).map((d) => [d.code, covered(t, d)]),
      [['unknown-keyword', 'vitalty']],
    );
  });
  it('an unknown block kind gets a did-you-mean', () => {
    const d = withCode('charcter A { }', 'unknown-keyword');
    assert.deepEqual(d[0].suggestions, ['character']);
  });
  it('a zone at the top level is told to move into an encounter', () => {
    assert.match(withCode('zone a { }', 'unknown-keyword')[0].message, /inside an encounter/);
  });
  it('duplicates in one file are errors at the second definition', () => {
    const t = 'weapon W { melee }\nweapon W { ranged }';
    const d = withCode(t, 'duplicate-name');
    assert.equal(d.length, 1);
    assert.equal(d[0].range.start.line, 1);
  });
  it('resolves names across `use`d files, transitively', () => {
    const t = 'use "a.aces"\n' + enc('side x { Hero }\nside y { Thug }');
    const others = {
      'a.aces': 'use "lib/b.aces"\n' + char('Hero', 'wields Club'),
      'lib/b.aces': 'weapon Club { melee +1 }\n' + char('Thug', 'wields Club'),
    };
    const r = check(t, others);
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.model.encounters[0].combatants.map((c) => c.block.weapon.name),
      ['Club', 'Club'],
    );
  });
  it('a name defined here and in a used file is a duplicate', () => {
    const d = withCode('use "a.aces"\n' + char('Thug'), 'duplicate-name', { 'a.aces': char('Thug') });
    assert.equal(d.length, 1);
    assert.match(d[0].message, /also defined in a\.aces/);
  });
  it('a missing used file is reported at the `use` line', () => {
    const t = 'use "nope.aces"\n';
    const d = withCode(t, 'use-missing');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), '"nope.aces"');
  });
  it('a use cycle is reported and names still resolve', () => {
    const r = check('use "a.aces"\n' + char('X', 'wields W'), { 'a.aces': 'use "test.aces"\nweapon W { melee }' });
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['use-cycle'],
    );
    assert.equal(r.model.blocks.find((b) => b.name === 'X')?.weapon.name, 'W');
  });
  it('names with spaces need quotes, and the message shows how', () => {
    const d = withCode('character Old Hob { }', 'bad-value');
    assert.match(d[0].message, /"Old Hob"/);
  });
  it('values out of range are reported, not silently clamped', () => {
    assert.ok(codes('encounter E { seed -5 }').includes('bad-value'));
    assert.ok(codes('encounter E { rounds 99999999999 }').includes('bad-value'));
  });
  it('a number where a name belongs is reported', () => {
    assert.ok(codes(char('A', 'wields 3')).includes('bad-value'));
  });
});

describe('checker: placements and names (issue 9 item 7, issue 8 item 5)', () => {
  const base = (side: string, extra = '') => `character Kael { heart 1 body 2 mind 1 spirit 1 vitality 10 }
character Mira { heart 1 body 2 mind 1 spirit 1 vitality 10 }
${extra}encounter E {
  zone road { }
  side a {
${side}
  }
  side b {
    Kael at road
  }
}
`;
  it('two placements on one line are two placements', () => {
    const r = checkText(base('    Kael at road  Mira at road'));
    assert.deepEqual(
      r.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.deepEqual(
      r.model.encounters[0].combatants.filter((c) => c.side === 'a').map((c) => `${c.block.name}@${c.zone}`),
      ['Kael@road', 'Mira@road'],
    );
  });
  it('a second count on one placement is an error, not silently one copy', () => {
    const d = checkText(base('    Kael x100 x1 at road')).diagnostics;
    assert.deepEqual(
      d.map((x) => x.code),
      ['bad-value'],
    );
    assert.match(d[0].message, /'Kael' already has a count \(x100\); give one `xN` per placement\./);
  });
  it('a misspelt `at` is one diagnostic with a did-you-mean, not two', () => {
    const d = checkText(base('    Kael att road')).diagnostics.filter((x) => x.severity === 'error');
    assert.equal(d.length, 1);
    assert.deepEqual(d[0].suggestions, ['at']);
  });
  it('empty names are errors: a character, a side, a placement', () => {
    const d = checkText(
      base('    "" at road', 'character "" { heart 1 body 2 mind 1 spirit 1 vitality 10 }\n').replace(
        'side b {',
        'side "" {',
      ),
    ).diagnostics;
    const empties = d.filter((x) => x.code === 'bad-value' && /is empty/.test(x.message));
    assert.deepEqual(
      empties.map((x) => x.message.split(';')[0]),
      ['A character needs a name', 'A placement needs the name of a character', 'A side needs a name'],
    );
  });
});
