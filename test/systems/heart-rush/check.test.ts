// The Heart Rush checker (HEART-RUSH.md, "In the language", Checker): for every
// error and warning, one text that triggers it and one that does not.
import assert from 'node:assert/strict';
import { CLEAN, HEAD, char, check, codes, covered, diags, fight, withCode } from './lang.js';

const has = (cs: string[], code: string): boolean => cs.includes(code);

describe('Heart Rush checker: the system line and use', () => {
  it('bad-value: `system` not first is reported; comments before it are fine', () => {
    const late = 'character A { hp 10 }\nsystem heart-rush\n';
    const d = diags(late, {}, true).filter((x) => x.code === 'bad-value');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /first statement/);
    assert.deepEqual(codes('# a comment\n' + 'system heart-rush\n' + CLEAN, {}, true), []);
  });
  it('bad-value: a repeated `system` is reported once, on the second line', () => {
    const d = diags('system heart-rush\nsystem heart-rush\n' + CLEAN, {}, true);
    assert.deepEqual(
      d.map((x) => [x.code, x.range.start.line]),
      [['bad-value', 1]],
    );
  });
  it('unknown-system: an unknown system id, with a did-you-mean', () => {
    const d = diags('system heart-rsh\n' + CLEAN, {}, true);
    assert.equal(d.length, 1);
    assert.equal(d[0].code, 'unknown-system');
    assert.deepEqual(d[0].suggestions, ['heart-rush']);
    assert.deepEqual(codes(CLEAN), []);
  });
  it('use-system: a used file of another system is refused; one of the same system resolves its names', () => {
    const ha = { 'ha.aces': 'character Thug { heart 2 body 2 mind 2 spirit 2 vitality 10 }\n' };
    const d = diags('use "ha.aces"\n' + CLEAN, ha);
    assert.deepEqual(
      d.map((x) => x.code),
      ['use-system'],
    );
    const hr = { 'best.aces': 'system heart-rush\ncharacter Thug { hp 12 wields Club }\nweapon Club { melee d6 }\n' };
    const r = check('use "best.aces"\n' + char('A') + fight('A at 0ft 0ft', 'Thug at 5ft 0ft'), hr);
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    const thug = r.model.encounters[0].encounter.sides[1].placements[0].character;
    assert.deepEqual([thug.hp, thug.weapons[0].name, thug.weapons[0].die], [12, 'Club', 6]);
  });
});

describe('Heart Rush checker: dice and numbers', () => {
  it('HR-D1: a die outside d4–d12 (abilities and weapons, bare or `die`), with the nearest die suggested', () => {
    const text =
      char('A', 'heart d20 agility d7') +
      char('B', 'wields Claw') +
      'weapon Claw { melee d3 }\n' +
      fight('A at 0ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-D1');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['d20', 'd7', 'd3'],
    );
    assert.deepEqual(
      d.map((x) => x.suggestions),
      [['d12'], ['d6', 'd8'], ['d4']],
    );
    assert.equal(
      withCode(
        char('A', 'heart d4 might d6 agility d8 cunning d12') +
          char('B', 'wields Claw') +
          'weapon Claw { die d10 }\n' +
          fight('A at 0ft 0ft', 'B at 5ft 0ft'),
        'HR-D1',
      ).length,
      0,
    );
  });
  it('HR-N3: hp missing or not above 0; hp 1 is fine', () => {
    assert.equal(withCode(char('A', '', '') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft'), 'HR-N3').length, 1);
    assert.equal(
      withCode(char('A', '', 'hp 0') + char('B', '', 'hp -3') + fight('A at 0ft 0ft', 'B at 5ft 0ft'), 'HR-N3').length,
      2,
    );
    assert.equal(
      withCode(char('A', '', 'hp 1') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft'), 'HR-N3').length,
      0,
    );
  });
  it('HR-N3: a misspelt hp is one unknown-keyword, not also a missing hp', () => {
    assert.deepEqual(codes(char('A', '', 'hpp 10') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft')), [
      'unknown-keyword',
    ]);
  });
  it('HR-N8: negative rush is an error, above 10 a warning; 0 and 10 are fine', () => {
    const neg = diags(char('A', 'rush -1') + char('B', 'rush 11') + fight('A at 0ft 0ft', 'B at 5ft 0ft')).filter(
      (d) => d.code === 'HR-N8',
    );
    assert.deepEqual(
      neg.map((d) => d.severity),
      ['error', 'warning'],
    );
    assert.equal(
      withCode(char('A', 'rush 0') + char('B', 'rush 10') + fight('A at 0ft 0ft', 'B at 5ft 0ft'), 'HR-N8').length,
      0,
    );
  });
  it('HR-N7: negative hands, a weapon needing more than 2 hands, or more hands than its wielder has', () => {
    const text =
      char('A', 'hands -1') +
      char('B', 'hands 1 wields Pike') +
      char('C', 'wields Odd') +
      'weapon Pike { melee d10 hands 2 reach 10ft }\nweapon Odd { melee d6 hands 3 }\n' +
      fight('A at 0ft 0ft  C at 10ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-N7');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['hands -1', 'Pike', 'hands 3'],
    );
    const ok =
      char('A', 'hands 2 wields Pike') +
      char('B', 'hands 0') +
      'weapon Pike { melee d10 hands 2 reach 10ft }\n' +
      fight('A at 0ft 0ft', 'B at 5ft 0ft');
    assert.deepEqual(codes(ok), []);
  });
  it('HR-D5: a rolls value outside 1–12 is an error; 1 and 12 are fine', () => {
    const text = char('A') + char('B') + 'dice S { rolls 0 5 13 }\n' + fight('A at 0ft 0ft dice S', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-D5');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /0, 13/);
    const ok = check(
      char('A', 'might d12') + char('B') + 'dice S { rolls 1 12 }\n' + fight('A at 0ft 0ft dice S', 'B at 5ft 0ft'),
    );
    assert.deepEqual(
      ok.diagnostics.map((x) => x.code),
      [],
    );
    assert.deepEqual(ok.model.encounters[0].encounter.sides[0].placements[0].dice, [1, 12]);
  });
  it('HR-D5: a scripted roll above the largest die the combatant rolls is an error where the script is named (it fits no die: every fight reaching it would stop)', () => {
    // A rolls heart d8 and d6 abilities: a 9 fits none of them
    const text = char('A') + char('B') + 'dice S { rolls 3 9 }\n' + fight('A at 0ft 0ft dice S', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-D5');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /A's scripted roll 9 is above d8, the largest die A rolls/);
    const line = (HEAD + text).split('\n')[d[0].range.start.line];
    assert.equal(line.slice(d[0].range.start.character, d[0].range.end.character), 'dice S', "on the placement's dice");
    // a d10 weapon makes the 9 possible: the run checks the die it lands on
    assert.deepEqual(
      codes(
        char('A', 'wields Axe') +
          'weapon Axe { melee d10 }\n' +
          char('B') +
          'dice S { rolls 3 9 }\n' +
          fight('A at 0ft 0ft dice S', 'B at 5ft 0ft'),
      ),
      [],
    );
    // the character's own script: reported on each placement of it, naming the character
    const own = withCode(
      char('A', 'dice S') + char('B') + 'dice S { rolls 11 }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft'),
      'HR-D5',
    );
    assert.equal(own.length, 1);
    assert.match(
      own[0].message,
      /A's scripted roll 11 is above d8, the largest die A rolls \(the script of character A\)/,
    );
  });
});

describe('Heart Rush checker: weapons and armor', () => {
  it('HR-N10: a weapon with no die is warned about and assumed d6', () => {
    const text =
      char('A', 'wields Stick') + char('B') + 'weapon Stick { melee }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft');
    const r = check(text);
    const d = r.diagnostics.filter((x) => x.code === 'HR-N10');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning'],
    );
    assert.match(d[0].message, /d6 is assumed/);
    assert.equal(r.model.weapons[0].value.die, 6);
    assert.equal(
      withCode(
        char('A', 'wields Stick') +
          char('B') +
          'weapon Stick { melee die d8 }\n' +
          fight('A at 0ft 0ft', 'B at 5ft 0ft'),
        'HR-N10',
      ).length,
      0,
    );
  });
  it('HR-P2: reach on a ranged weapon or range on a melee one; the right one is fine', () => {
    const text =
      char('A') +
      char('B') +
      'weapon Bow { ranged d8 reach 60ft }\nweapon Spear { melee d8 range 10ft }\n' +
      fight('A at 0ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-P2');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['reach 60ft', 'range 10ft'],
    );
    assert.match(d[0].message, /Write `range 60ft`/);
    assert.equal(
      withCode(
        char('A') +
          char('B') +
          'weapon Bow { ranged d8 range 60ft }\nweapon Spear { melee d8 reach 10ft }\n' +
          fight('A at 0ft 0ft', 'B at 5ft 0ft'),
        'HR-P2',
      ).length,
      0,
    );
  });
  it('bad-value: a weapon both melee and ranged', () => {
    const d = diags(char('A') + char('B') + 'weapon Odd { melee ranged d8 }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft'));
    assert.deepEqual(
      d.map((x) => x.code),
      ['bad-value'],
    );
  });
  it('HR-N4: a negative armor bonus is warned about; +0 is fine', () => {
    const d = diags(
      char('A', 'wears Rags') + char('B') + 'armor Rags { -1 }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft'),
    );
    assert.deepEqual(
      d.map((x) => [x.code, x.severity]),
      [['HR-N4', 'warning']],
    );
    assert.deepEqual(
      codes(char('A', 'wears Rags') + char('B') + 'armor Rags { bonus +0 }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft')),
      [],
    );
  });
  it('HR-N5: speed 0 or less after armor is warned about; a slower but positive speed is fine', () => {
    const d = withCode(
      char('A', 'speed 10ft wears Plate') +
        char('B') +
        'armor Plate { +3 speed -10ft }\n' +
        fight('A at 0ft 0ft', 'B at 5ft 0ft'),
      'HR-N5',
    );
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning'],
    );
    assert.equal(
      withCode(
        char('A', 'speed 20ft wears Plate') +
          char('B') +
          'armor Plate { +3 speed -10ft }\n' +
          fight('A at 0ft 0ft', 'B at 5ft 0ft'),
        'HR-N5',
      ).length,
      0,
    );
  });
});

describe('Heart Rush checker: the grid (HR-P1, HR-P4)', () => {
  it('HR-P1: a position, reach, range, speed or field size that is not a multiple of 5 ft', () => {
    const text =
      char('A', 'speed 33ft wears Odd wields Spear, Bow') +
      char('B') +
      'weapon Spear { melee d8 reach 7ft }\nweapon Bow { ranged d8 range 62ft }\narmor Odd { speed -3ft }\n' +
      fight('A at 12ft 0ft', 'B at 5ft 0ft', 'field 101ft 60ft');
    const d = withCode(text, 'HR-P1');
    assert.deepEqual(d.map((x) => covered(text, x)).sort(), [
      'at 12ft 0ft',
      'field 101ft 60ft',
      'range 62ft',
      'reach 7ft',
      'speed -3ft',
      'speed 33ft',
    ]);
    assert.match(d.find((x) => covered(text, x) === 'reach 7ft')!.message, /Write 5ft or 10ft/);
    assert.deepEqual(
      codes(char('A', 'speed 35ft') + char('B') + fight('A at 10ft 0ft', 'B at 5ft 0ft', 'field 100ft 60ft')),
      [],
    );
  });
  it('HR-P1: two combatants on one square after copies expand (copies stand 5 ft apart eastward)', () => {
    const text = char('Wolf') + char('B') + fight('Wolf x2 at 0ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-P1');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /B and Wolf 2 both stand at 5 ft 0 ft/);
    assert.equal(withCode(char('Wolf') + char('B') + fight('Wolf x2 at 0ft 0ft', 'B at 10ft 0ft'), 'HR-P1').length, 0);
  });
  it('copies: numbered across the encounter ("Wolf 1"…"Wolf 3" over two lines), 5 ft apart eastward; a single one keeps its name', () => {
    const r = check(char('Wolf') + char('B') + fight('Wolf x2 at 0ft 0ft\nWolf at 0ft 20ft', 'B at 50ft 0ft'));
    assert.deepEqual(r.diagnostics, []);
    const info = r.model.encounters[0];
    assert.deepEqual(
      info.encounter.sides.flatMap((s) => s.placements.map((p) => [p.name, p.x, p.y])),
      [
        ['Wolf 1', 0, 0],
        ['Wolf 2', 5, 0],
        ['Wolf 3', 0, 20],
        ['B', 50, 0],
      ],
    );
    assert.deepEqual(
      info.combatants.map((c) => [c.id, c.side]),
      [
        ['Wolf 1', 'a'],
        ['Wolf 2', 'a'],
        ['Wolf 3', 'a'],
        ['B', 'b'],
      ],
    );
  });
  it('HR-P4: a position outside the field (a copy pushed past the edge too); inside is fine', () => {
    const text = char('Wolf') + char('B') + fight('Wolf x3 at 0ft 0ft', 'B at 0ft 5ft', 'field 15ft 10ft');
    const r = check(text);
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    const out = char('Wolf') + char('B') + fight('Wolf x3 at 5ft 0ft', 'B at 0ft 10ft', 'field 15ft 10ft');
    const d = withCode(out, 'HR-P4');
    assert.equal(d.length, 2);
    assert.match(d[0].message, /Wolf 3 stands at 15 ft 0 ft/);
    assert.match(d[1].message, /B stands at 0 ft 10 ft/);
  });
  it('HR-P4: a negative position is outside every field', () => {
    assert.deepEqual(codes(char('A') + char('B') + fight('A at -5ft 0ft', 'B at 5ft 0ft')), ['HR-P4']);
  });
  it('bad-value: a placement without `at`', () => {
    const d = diags(char('A') + char('B') + fight('A', 'B at 5ft 0ft'));
    assert.deepEqual(
      d.map((x) => x.code),
      ['bad-value'],
    );
    assert.match(d[0].message, /A at 0ft 0ft/);
  });
});

describe('Heart Rush checker: placements (HR-E2, HR-S1, HR-S3)', () => {
  it('HR-E2: a `stances` word that is not a stance, with a did-you-mean; the four stances are fine', () => {
    const text = char('A') + char('B') + fight('A at 0ft 0ft stances might mighty', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-E2');
    assert.deepEqual(
      d.map((x) => [covered(text, x), x.suggestions]),
      [['mighty', ['might']]],
    );
    const r = check(
      char('A') + char('B') + fight('A at 0ft 0ft stances might agility cunning defensive', 'B at 5ft 0ft'),
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.model.encounters[0].encounter.sides[0].placements[0].stances, [
      'might',
      'agility',
      'cunning',
      'defensive',
    ]);
  });
  it('HR-S1: `surprised` with `hidden` is an error; either alone is fine', () => {
    assert.deepEqual(codes(char('A') + char('B') + fight('A at 0ft 0ft surprised hidden', 'B at 5ft 0ft')), ['HR-S1']);
    assert.deepEqual(codes(char('A') + char('B') + fight('A at 0ft 0ft surprised', 'B at 5ft 0ft hidden')), []);
  });
  it('HR-S1: a scripted round-1 stance on a surprised combatant is warned about', () => {
    const text = char('A') + char('B') + fight('A at 0ft 0ft surprised stances might agility', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-S1');
    assert.deepEqual(
      d.map((x) => [x.severity, covered(text, x)]),
      [['warning', 'might']],
    );
    assert.equal(
      withCode(char('A') + char('B') + fight('A at 0ft 0ft stances might agility', 'B at 5ft 0ft surprised'), 'HR-S1')
        .length,
      0,
    );
  });
  it('HR-S1: a whole encounter where every side is surprised is warned about', () => {
    const d = withCode(char('A') + char('B') + fight('A at 0ft 0ft surprised', 'B at 5ft 0ft surprised'), 'HR-S1');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning'],
    );
    assert.match(d[0].message, /Every combatant/);
    assert.equal(
      withCode(
        char('A') + char('B') + char('C') + fight('A at 0ft 0ft surprised  C at 10ft 0ft', 'B at 5ft 0ft surprised'),
        'HR-S1',
      ).length,
      0,
    );
  });
  it('HR-S3: an unknown cover level, with a did-you-mean; the four levels are fine', () => {
    const text = char('A') + char('B') + fight('A at 0ft 0ft cover hevy', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-S3');
    assert.deepEqual(
      d.map((x) => [covered(text, x), x.suggestions]),
      [['hevy', ['heavy']]],
    );
    const r = check(
      char('A') +
        char('B') +
        char('C') +
        char('D') +
        fight(
          'A at 0ft 0ft cover light  C at 10ft 0ft cover heavy',
          'B at 5ft 0ft cover superior  D at 15ft 0ft cover total',
        ),
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.model.encounters[0].encounter.sides.flatMap((s) => s.placements.map((p) => p.cover)),
      ['light', 'heavy', 'superior', 'total'],
    );
  });
});

describe('Heart Rush checker: sides (HR-X1)', () => {
  it('HR-X1: fewer than two sides', () => {
    const d = withCode(char('A') + 'encounter E {\n side a { A at 0ft 0ft }\n}\n', 'HR-X1');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /at least two sides/);
  });
  it('HR-X1: an empty side', () => {
    const d = withCode(char('A') + 'encounter E {\n side a { A at 0ft 0ft }\n side b { }\n}\n', 'HR-X1');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /nobody in it/);
  });
  it('HR-X1: two sides with someone in each are fine', () => {
    assert.deepEqual(codes(CLEAN), []);
  });
});

describe('Heart Rush checker: maneuvers (HR-M2, HR-M3, HR-M4)', () => {
  it('HR-M2: grapple with no free hand, or with exactly one (halved)', () => {
    const text =
      char('A', 'maneuver grapple hands 1 wields Sword') +
      char('C', 'maneuver grapple wields Sword') +
      char('B') +
      'weapon Sword { melee d8 }\n' +
      fight('A at 0ft 0ft  C at 10ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'HR-M2');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning', 'warning'],
    );
    assert.match(d[0].message, /no free hand/);
    assert.match(d[1].message, /one free hand/);
    assert.deepEqual(codes(char('A', 'maneuver grapple') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft')), []);
  });
  it('HR-M3: climb with no enemy two sizes larger; fine against a huge enemy', () => {
    assert.deepEqual(
      codes(char('A', 'maneuver climb') + char('B', 'size large') + fight('A at 0ft 0ft', 'B at 5ft 0ft')),
      ['HR-M3'],
    );
    assert.deepEqual(
      codes(char('A', 'maneuver climb') + char('B', 'size huge') + fight('A at 0ft 0ft', 'B at 5ft 0ft')),
      [],
    );
  });
  it('HR-M4: trip with every enemy two or more sizes larger; fine when one enemy is at most one size larger', () => {
    assert.deepEqual(
      codes(char('A', 'maneuver trip size small') + char('B', 'size large') + fight('A at 0ft 0ft', 'B at 5ft 0ft')),
      ['HR-M4'],
    );
    assert.deepEqual(
      codes(
        char('A', 'maneuver trip size small') +
          char('B', 'size large') +
          char('C', 'size medium') +
          fight('A at 0ft 0ft', 'B at 5ft 0ft  C at 10ft 0ft'),
      ),
      [],
    );
  });
});

describe('Heart Rush checker: names and values', () => {
  it('unknown-name: an unknown weapon, armor, character or dice, with a did-you-mean', () => {
    const text =
      char('Edda', 'wields Longsowrd wears Mial') +
      char('B') +
      'weapon Longsword { melee d8 }\narmor Mail { +2 }\n' +
      fight('Eda at 0ft 0ft', 'B at 5ft 0ft dice Nope');
    const d = withCode(text, 'unknown-name');
    assert.deepEqual(
      d.map((x) => [covered(text, x), x.suggestions ?? []]),
      [
        ['Longsowrd', ['Longsword']],
        ['Mial', ['Mail']],
        ['Eda', ['Edda']],
        ['Nope', []],
      ],
    );
  });
  it('Unarmed is built in', () => {
    const r = check(char('A', 'wields Unarmed') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft'));
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.model.characters[0].value.weapons.map((w) => [w.name, w.die, w.hands]),
      [['Unarmed', 4, 0]],
    );
  });
  it('duplicate-name: two weapons, two encounters or two sides of one name', () => {
    const text =
      char('A') +
      char('B') +
      'weapon X { d6 }\nweapon X { d8 }\n' +
      fight('A at 0ft 0ft', 'B at 5ft 0ft') +
      fight('A at 0ft 0ft', 'B at 5ft 0ft');
    assert.deepEqual(codes(text), ['duplicate-name', 'duplicate-name']);
    assert.deepEqual(
      codes(char('A') + char('B') + 'encounter E {\n side a { A at 0ft 0ft }\n side a { B at 5ft 0ft }\n}\n').filter(
        (c) => c === 'duplicate-name',
      ).length,
      1,
    );
  });
  it('duplicate-name: a character whose name is a copy\'s number ("Wolf 2" next to Wolf x2)', () => {
    const text = char('Wolf') + char('"Wolf 2"') + fight('Wolf x2 at 0ft 0ft', '"Wolf 2" at 0ft 10ft');
    const d = withCode(text, 'duplicate-name');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['"Wolf 2"'],
    );
    assert.deepEqual(codes(char('Wolf') + char('"Wolf 3"') + fight('Wolf x2 at 0ft 0ft', '"Wolf 3" at 0ft 10ft')), []);
  });
  it('bad-value: an unknown tactic, maneuver, inflicted status, shrug rule or size, with a did-you-mean', () => {
    const text =
      char('A', 'tactics kyte maneuver shov inflicts dazd shrug sometimes size hueg') +
      char('B') +
      fight('A at 0ft 0ft', 'B at 5ft 0ft');
    const d = withCode(text, 'bad-value');
    assert.deepEqual(
      d.map((x) => [covered(text, x), x.suggestions ?? []]),
      [
        ['kyte', ['kite']],
        ['shov', ['shove']],
        ['dazd', ['dazed']],
        ['sometimes', []],
        ['hueg', ['huge']],
      ],
    );
  });
  it("dice blocks inside an encounter shadow the file's", () => {
    const r = check(
      char('A') +
        char('B') +
        'dice S { rolls 1 }\n' +
        fight('A at 0ft 0ft dice S', 'B at 5ft 0ft', 'dice S { rolls 6 6 }'),
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.model.encounters[0].encounter.sides[0].placements[0].dice, [6, 6]);
  });
  it('character dice scripts reach the model', () => {
    const r = check(char('A', 'dice S') + char('B') + 'dice S { rolls 3 4 }\n' + fight('A at 0ft 0ft', 'B at 5ft 0ft'));
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.model.encounters[0].encounter.sides[0].placements[0].character.dice, [3, 4]);
  });
  it('a Halcyon Aces file next to a Heart Rush file: each checked by its own system', () => {
    assert.ok(!has(codes('character A { hp 10 }\n', {}, true), 'HR-N3'), 'without `system`, a file is Halcyon Aces');
  });
});
