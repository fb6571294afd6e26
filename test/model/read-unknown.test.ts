// The reader says what it did not know as data (Diagnostic.unknown), so a system's checker can name its own word
// without reading the message (Arcana turns `vitality` into a pointer to `health`).
import assert from 'node:assert/strict';
import { checkText } from '../../systems/index.js';

describe('model/read: an unknown word is reported with the word and where, as data', () => {
  const unknowns = (text: string) =>
    checkText(text, 'test.aces')
      .diagnostics.filter((d) => d.code === 'unknown-keyword')
      .map((d) => d.unknown);

  it('an attribute a block kind does not have, a statement the file cannot hold, a placement key', () => {
    assert.deepEqual(unknowns('character A { heart 1 body 2 mind 1 spirit 1 vitality 9 bogus 3 }\n'), [
      { word: 'bogus', where: 'attribute', kind: 'character' },
    ]);
    assert.deepEqual(unknowns('gizmo X { }\n'), [{ word: 'gizmo', where: 'statement', kind: 'file' }]);
    const placed = unknowns(
      'character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a { A at z sideways }\n  side b { A at z }\n}\n',
    );
    assert.deepEqual(placed, [{ word: 'sideways', where: 'placement' }]);
  });

  it('a block in the wrong place says so in words and carries no unknown word (it is a known kind)', () => {
    const r = checkText('zone z { }\n', 'test.aces').diagnostics.filter((d) => d.code === 'unknown-keyword');
    assert.equal(r.length, 1);
    assert.equal(r[0].unknown, undefined);
    assert.match(r[0].message, /blocks cannot appear at the top of a file/);
  });

  it('a misspelt attribute is one diagnostic: its arguments are read as the attribute it was meant as, in every system', () => {
    const diags = (text: string) =>
      checkText(text, 'test.aces')
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => d.message);
    const hr = diags('system heart-rush\ncharacter X { hp 10 hert d10 agilty d8 sise large }\n');
    assert.equal(hr.length, 3, hr.join('\n'));
    assert.ok(
      hr.every((m) => /Did you mean/.test(m)),
      hr.join('\n'),
    );
    // the names of a misspelt `wields` are its names, not attributes of their own
    const ha = diags(
      'weapon Longsword { melee +2 }\ncharacter A { heart 1 body 2 mind 1 spirit 1 vitality 9 wield Longsword\n tacics nearest }\n',
    );
    assert.deepEqual(
      ha.map((m) => /^'(\w+)'/.exec(m)![1]),
      ['wield', 'tacics'],
      ha.join('\n'),
    );
    const tg = diags('system tactical-grid\ncharacter Q { difficulty 12 health 3 speed 5 range 1 ia guard }\n');
    assert.equal(tg.length, 1, tg.join('\n'));
  });

  it('a message names a block kind with its article: "an encounter", "an armor", "a character"', () => {
    const msgs = (text: string) =>
      checkText(text, 'test.aces')
        .diagnostics.map((d) => d.message)
        .join('\n');
    assert.match(msgs('encounter E { zone z { } side a { } bogus 1 }\n'), /not an attribute of an encounter\./);
    assert.match(msgs('system heart-rush\narmor A { bonus 1 zzz 3 }\n'), /not an attribute of an armor\./);
    assert.match(
      msgs('character A { heart 1 body 2 mind 1 spirit 1 vitality 9 zzz 3 }\n'),
      /not an attribute of a character\./,
    );
  });

  it('HR-N3 HR-N2 TG-G1 TG-R3: a Halcyon Aces word in another system says what that system writes instead, once per word', () => {
    const diags = (text: string) =>
      checkText(text, 'test.aces').diagnostics.filter((d) => d.code === 'unknown-keyword');
    const hr = diags(
      'system heart-rush\nweapon Club { melee bonus 2 }\ncharacter X { vitality 30 body d8 wields Club }\n',
    );
    assert.deepEqual(
      hr.map((d) => d.suggestions),
      [['die'], ['hp'], ['might']],
    );
    assert.match(
      hr[1].message,
      /^'vitality' is not a Heart Rush word: Heart Rush counts hit points \(HR-N3\)\. Did you mean 'hp'\?$/,
    );
    const tg = diags(
      'system tactical-grid\ncharacter Q { difficulty 12 health 3 speed 5 range 1 wields Club vitality 10 }\nencounter E { zone road { } side a { Q at a1 } side b { Q at a2 } }\n',
    );
    assert.deepEqual(
      tg.map((d) => d.unknown?.word),
      ['wields', 'vitality', 'zone'],
    );
    assert.match(
      tg[0].message,
      /not a Tactical Grid word: weapons and armor are tags: `tag "Longsword" 2 offensive` \(TG-R3\)/,
    );
    assert.match(tg[2].message, /the battlefield is a map of squares.*\(TG-G1\)/);
    // the other systems' words for hit points, each once: no second 'missing' diagnostic
    assert.deepEqual(
      checkText('system heart-rush\ncharacter X { health 12 }\n', 'test.aces').diagnostics.map((d) => d.suggestions),
      [['hp']],
    );
    assert.deepEqual(
      checkText(
        'system tactical-grid\ncharacter Q { difficulty 12 hp 3 speed 5 range 1 }\n',
        'test.aces',
      ).diagnostics.map((d) => d.suggestions),
      [['health']],
    );
  });

  it('a misspelt `system` line is offered `system` (the rest of the file is then read as Halcyon Aces, the default)', () => {
    const d = checkText('sytem heart-rush\ncharacter X { hp 5 }\n', 'test.aces').diagnostics[0];
    assert.deepEqual(d.suggestions, ['system']);
  });
});
