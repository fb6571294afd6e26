// Heart Rush in the editor, through the language service: the stubs and quick
// fixes it offers (each applied, and the file checked again), the values it
// completes, and the words it puts beside names.
import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../../server/cursor.js';
import { diags, HEAD } from './lang.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 9999, character: 0 } };

/** Every quick fix offered on the file, with the file it makes. */
function fixes(
  text: string,
  others: Record<string, string> = {},
): { title: string; preferred: boolean; result: string }[] {
  const { ls, uri } = serviceWith(text, others);
  return ls
    .codeActions(uri, ALL)
    .map((a) => ({ title: a.title, preferred: !!a.isPreferred, result: applyEdits(text, a.edit!.changes![uri]) }));
}

/** The one fix titled `title` (failing with the titles on offer when there is none). */
function fixTitled(
  text: string,
  title: string,
  others: Record<string, string> = {},
): { title: string; preferred: boolean; result: string } {
  const all = fixes(text, others);
  const f = all.find((x) => x.title === title);
  assert.ok(f, `no fix '${title}' among ${JSON.stringify(all.map((x) => x.title))}`);
  return f;
}

/** "code: message" of each diagnostic of a whole file's text (the `system` line included). */
function problems(text: string, others: Record<string, string> = {}): string[] {
  return diags(text, others, true).map((d) => `${d.code}: ${d.message}`);
}

const FIGHT = (hero: string, foe = 'B'): string =>
  `encounter E {\n  side a { ${hero} at 0ft 0ft }\n  side b { ${foe} at 5ft 0ft }\n}\n`;

describe('Heart Rush editor: stubs for unknown names', () => {
  const cases: [string, string, RegExp][] = [
    [
      'weapon',
      `${HEAD}character A { hp 10 wields Halberd }\ncharacter B { hp 10 }\n${FIGHT('A')}`,
      /\nweapon Halberd \{ melee d8 \}\n$/,
    ],
    [
      'armor',
      `${HEAD}character A { hp 10 wears Plate }\ncharacter B { hp 10 }\n${FIGHT('A')}`,
      /\narmor Plate \{ bonus \+1 \}\n$/,
    ],
    [
      'character',
      `${HEAD}character B { hp 10 }\n${FIGHT('Ogre')}`,
      /\ncharacter Ogre \{\n  heart d8 {2}might d6 {2}agility d6 {2}cunning d6\n  hp 20\n\}\n$/,
    ],
    [
      'dice',
      `${HEAD}character A { hp 10 dice Lucky }\ncharacter B { hp 10 }\n${FIGHT('A')}`,
      /\ndice Lucky \{ rolls 3 2 1 \}\n$/,
    ],
  ];
  for (const [kind, text, stub] of cases) {
    it(`creates ${kind === 'armor' ? 'an' : 'a'} ${kind} for an unknown name at the end of the file, and the file checks clean`, () => {
      const name = { weapon: 'Halberd', armor: 'Plate', character: 'Ogre', dice: 'Lucky' }[kind]!;
      assert.ok(
        problems(text).some((p) => p.startsWith('unknown-name')),
        'the name is unknown before the fix',
      );
      const f = fixTitled(text, `Create ${kind} '${name}'`);
      assert.match(f.result, stub);
      assert.deepEqual(problems(f.result), []);
    });
  }

  it('quotes a name that is no plain word in the stub it writes', () => {
    const text = `${HEAD}character B { hp 10 }\n${FIGHT('"Old Ogre"')}`;
    const f = fixTitled(text, "Create character 'Old Ogre'");
    assert.match(f.result, /\ncharacter "Old Ogre" \{/);
    assert.deepEqual(problems(f.result), []);
  });
});

/** The file a fix makes has no diagnostic of `code` left, and (unless told) nothing else either. */
function fixed(text: string, title: string, code: string, clean = true): string {
  assert.ok(
    problems(text).some((p) => p.startsWith(`${code}:`)),
    `${code} is reported before the fix: ${JSON.stringify(problems(text))}`,
  );
  const f = fixTitled(text, title);
  const left = problems(f.result);
  assert.ok(!left.some((p) => p.startsWith(`${code}:`)), `${code} is gone after '${title}': ${JSON.stringify(left)}`);
  if (clean) assert.deepEqual(left, [], f.result);
  return f.result;
}

const B = 'character B { hp 10 }\n';

describe('Heart Rush editor: quick fixes that make the edit a message spells out', () => {
  it('HR-N3: a character with no hit points gets `hp 20`', () => {
    const out = fixed(`${HEAD}character A { heart d8 }\n${B}${FIGHT('A')}`, 'Add `hp 20` (HR-N3)', 'HR-N3');
    assert.match(out, /character A \{ heart d8; hp 20 \}/);
  });

  it('HR-N10: a weapon with no die gets `d8` beside its kind, in an empty block, or on a line of its own', () => {
    const use = `character A { hp 10 wields Club }\n${B}${FIGHT('A')}`;
    assert.match(
      fixed(`${HEAD}weapon Club { melee }\n${use}`, 'Add the die `d8` (HR-N10)', 'HR-N10'),
      /weapon Club \{ melee d8 \}/,
    );
    assert.match(
      fixed(`${HEAD}weapon Club { }\n${use}`, 'Add the die `d8` (HR-N10)', 'HR-N10'),
      /weapon Club \{ d8 \}/,
    );
    assert.match(
      fixed(`${HEAD}weapon Club {\n  melee\n  reach 10ft\n}\n${use}`, 'Add the die `d8` (HR-N10)', 'HR-N10'),
      /reach 10ft\n {2}d8\n\}/,
    );
  });

  it('HR-P1: a distance off the grid becomes either nearest multiple of 5 ft, on that number alone', () => {
    const cases: [string, string, string, string][] = [
      [
        `character A { hp 10 }\n${B}encounter E {\n  side a { A at 12ft 0ft }\n  side b { B at 50ft 0ft }\n}\n`,
        '12ft',
        'at 10ft 0ft',
        'at 15ft 0ft',
      ],
      [
        `character A { hp 10 }\n${B}encounter E {\n  side a { A at 10ft 17ft }\n  side b { B at 50ft 0ft }\n}\n`,
        '17ft',
        'at 10ft 15ft',
        'at 10ft 20ft',
      ],
      [
        `character A { hp 10 }\n${B}encounter E {\n  field 101ft 60ft\n  side a { A at 0ft 0ft }\n  side b { B at 50ft 0ft }\n}\n`,
        '101ft',
        'field 100ft 60ft',
        'field 105ft 60ft',
      ],
      [`character A { hp 10 speed 33ft }\n${B}${FIGHT('A')}`, '33ft', 'speed 30ft', 'speed 35ft'],
      [
        `weapon Spear { melee d8 reach 7ft }\ncharacter A { hp 10 wields Spear }\n${B}${FIGHT('A')}`,
        '7ft',
        'reach 5ft',
        'reach 10ft',
      ],
      [
        `armor Odd { speed -3ft }\ncharacter A { hp 10 wears Odd }\n${B}${FIGHT('A')}`,
        '-3ft',
        'speed -5ft',
        'speed 0ft',
      ],
    ];
    for (const [body, bad, lo, hi] of cases) {
      const text = HEAD + body;
      const all = fixes(text);
      const titles = all.map((f) => f.title);
      const offers = all.filter((f) => f.title.startsWith(`Change ${bad} to `));
      assert.equal(offers.length, 2, `${bad}: ${JSON.stringify(titles)}`);
      // each fix changes that number only, and the file checks clean
      assert.deepEqual(
        offers.map((f) => [lo, hi].find((want) => f.result.includes(want))),
        [lo, hi],
        JSON.stringify(offers.map((f) => f.result)),
      );
      for (const f of offers) assert.deepEqual(problems(f.result), [], f.result);
      // the whole attribute is never replaced by a bare distance (the shell's did-you-mean of the suggestions)
      assert.ok(!titles.some((t) => t.startsWith('Change to')), JSON.stringify(titles));
    }
  });

  it('HR-P1: the nearer multiple is the preferred fix; x and y off the grid each get their own', () => {
    const text = `${HEAD}character A { hp 10 }\n${B}encounter E {\n  side a { A at 12ft 18ft }\n  side b { B at 50ft 0ft }\n}\n`;
    const all = fixes(text).filter((f) => f.title.includes('(HR-P1)'));
    assert.deepEqual(
      all.map((f) => `${f.title}${f.preferred ? ' *' : ''}`),
      [
        'Change 12ft to 10ft (HR-P1) *',
        'Change 12ft to 15ft (HR-P1)',
        'Change 18ft to 15ft (HR-P1)',
        'Change 18ft to 20ft (HR-P1) *',
      ],
    );
    const both = fixTitled(fixTitled(text, 'Change 12ft to 10ft (HR-P1)').result, 'Change 18ft to 20ft (HR-P1)').result;
    assert.match(both, /A at 10ft 20ft/);
    assert.deepEqual(problems(both), []);
  });

  it("HR-P1: a placement's nearer multiple on another combatant's square is not preferred; the free one is", () => {
    // A at 12ft: 10ft is B's square, 15ft free → 15ft is applied unasked, and the file it makes checks clean
    const text = `${HEAD}character A { hp 10 }\n${B}encounter E {\n  side a { A at 12ft 0ft }\n  side b { B at 10ft 0ft }\n}\n`;
    const all = fixes(text).filter((f) => f.title.includes('(HR-P1)'));
    assert.deepEqual(
      all.map((f) => `${f.title}${f.preferred ? ' *' : ''}`),
      ['Change 12ft to 10ft (HR-P1) — another combatant stands there', 'Change 12ft to 15ft (HR-P1) *'],
    );
    assert.deepEqual(problems(all[1].result), []);
    // copies count: `A x2 at 2ft 0ft` at 0ft puts its second copy on B (5ft), at 5ft its first: both taken, so the nearer
    const copies = `${HEAD}character A { hp 10 }\n${B}encounter E {\n  side a { A x2 at 2ft 0ft }\n  side b { B at 5ft 0ft }\n}\n`;
    assert.deepEqual(
      fixes(copies)
        .filter((f) => f.title.includes('(HR-P1)'))
        .map((f) => `${f.title}${f.preferred ? ' *' : ''}`),
      [
        'Change 2ft to 0ft (HR-P1) — another combatant stands there *',
        'Change 2ft to 5ft (HR-P1) — another combatant stands there',
      ],
    );
  });

  it("HR-P2: a ranged weapon's `reach` becomes `range` (or the weapon melee), a melee weapon's `range` becomes `reach`", () => {
    const use = `character A { hp 10 wields W }\n${B}${FIGHT('A')}`;
    assert.match(
      fixed(`${HEAD}weapon W { ranged d6 reach 30ft }\n${use}`, 'Change `reach` to `range` (HR-P2)', 'HR-P2'),
      /weapon W \{ ranged d6 range 30ft \}/,
    );
    assert.match(
      fixed(`${HEAD}weapon W { ranged d6 reach 10ft }\n${use}`, 'Make it `melee` (HR-P2)', 'HR-P2'),
      /weapon W \{ melee d6 reach 10ft \}/,
    );
    assert.match(
      fixed(`${HEAD}weapon W { melee d6 range 10ft }\n${use}`, 'Change `range` to `reach` (HR-P2)', 'HR-P2'),
      /weapon W \{ melee d6 reach 10ft \}/,
    );
    // already written both ways: the wrong one goes rather than a second `range` (where the last would count)
    const both = `${HEAD}weapon W { ranged d6 range 60ft reach 10ft }\n${use}`;
    assert.ok(!fixes(both).some((f) => f.title.startsWith('Change `reach`')));
    assert.match(fixed(both, 'Remove `reach 10ft` (HR-P2)', 'HR-P2'), /weapon W \{ ranged d6 range 60ft \}/);
    // a reach under 5 ft is set to 5 ft, not swapped for a `range` a melee weapon cannot have
    const short = `${HEAD}weapon W { melee d6 reach 0ft }\n${use}`;
    assert.ok(
      !fixes(short).some((f) => f.title.startsWith('Change `reach` to `range`')),
      JSON.stringify(fixes(short).map((f) => f.title)),
    );
    assert.match(fixed(short, 'Change it to `reach 5ft` (HR-P2)', 'HR-P2'), /weapon W \{ melee d6 reach 5ft \}/);
  });

  it('HR-N7 HR-N8: negative hands or rush become 0, as the messages say', () => {
    assert.match(
      fixed(`${HEAD}character A { hp 10 hands -1 }\n${B}${FIGHT('A')}`, 'Change to `hands 0` (HR-N7)', 'HR-N7'),
      /hands 0/,
    );
    assert.match(
      fixed(`${HEAD}character A { hp 10 rush -2 }\n${B}${FIGHT('A')}`, 'Change to `rush 0` (HR-N8)', 'HR-N8'),
      /rush 0/,
    );
  });

  it('HR-N7: a character holding a weapon that needs more hands than it has gets them', () => {
    const text = `${HEAD}weapon Maul { melee d10 hands 2 }\ncharacter A {\n  hp 10\n  hands 1  # "hands 9" in a note is not the attribute\n  wields Maul\n}\n${B}${FIGHT('A')}`;
    assert.match(fixed(text, 'Give it `hands 2` (HR-N7)', 'HR-N7'), /\n {2}hands 2 {2}# "hands 9"/);
  });

  it('HR-D5: a dice script with no rolls gets rolls every die can show', () => {
    assert.match(
      fixed(
        `${HEAD}dice S { }\ncharacter A { hp 10 heart d4 might d4 agility d4 cunning d4 dice S }\n${B}${FIGHT('A')}`,
        'Add `rolls 3 2 1` (HR-D5)',
        'HR-D5',
      ),
      /dice S \{ rolls 3 2 1 \}/,
    );
  });

  it('HR-S1: a combatant both surprised and hidden drops `hidden`', () => {
    const text = `${HEAD}character A { hp 10 }\n${B}${FIGHT('A')}`.replace(
      'A at 0ft 0ft',
      'A at 0ft 0ft surprised hidden',
    );
    assert.match(fixed(text, 'Remove `hidden` (HR-S1)', 'HR-S1'), /side a \{ A at 0ft 0ft surprised \}/);
  });

  it('HR-S1: a round-1 stance of a surprised combatant is a placeholder; the message says so and offers no edit', () => {
    const text = `${HEAD}character A { hp 10 }\n${B}${FIGHT('A')}`.replace(
      'A at 0ft 0ft',
      'A at 0ft 0ft surprised stances might agility',
    );
    assert.deepEqual(problems(text), [
      "HR-S1: A is surprised and takes no stance in round 1 (HR-S1): its scripted 'might' for round 1 is ignored, and round 2 takes the list's second stance.",
    ]);
    assert.deepEqual(
      fixes(text).map((f) => f.title),
      [],
    );
  });

  it('HR-P1: a placement with no square gets the first free one, for every copy', () => {
    const text = `${HEAD}character Wolf { hp 10 }\n${B}encounter E {\n  side a { Wolf x2 }\n  side b { B at 5ft 0ft }\n}\n`;
    assert.match(fixed(text, 'Place it at 10ft 0ft (HR-P1)', 'bad-value'), /Wolf x2 at 10ft 0ft \}/);
  });
});

/** Completion items at the cursor: label → detail. */
function items(marked: string, others: Record<string, string> = {}): Map<string, string> {
  const { ls, uri, pos } = serviceWith(marked, others);
  return new Map(ls.complete(uri, pos).items.map((i) => [i.label, i.detail ?? '']));
}

const LIB = `${HEAD}weapon Spear { melee d8 reach 10ft hands 2 }\nweapon Bow { ranged d6 range 80ft }\narmor Mail { bonus +2 speed -10ft }\ncharacter Edda { heart d10 hp 36 wears Mail wields Spear }\n`;

describe('Heart Rush editor: completion values and descriptions', () => {
  it('HR-N10: `wields` offers the weapons visible here with their numbers, and the built-in Unarmed', () => {
    const got = items(`${HEAD}use "lib.aces"\ncharacter A { hp 10 wields <|> }\n`, { 'lib.aces': LIB });
    assert.equal(got.get('Spear'), 'weapon · melee d8, reach 10 ft, 2 hands · lib.aces');
    assert.equal(got.get('Bow'), 'weapon · ranged d6, range 80 ft, 1 hand · lib.aces');
    assert.equal(got.get('Unarmed'), 'built in: melee d4, reach 5 ft, 0 hands (HR-N10)');
    // a second weapon after a comma is offered too (a character carries several, HR-A5)
    assert.ok(
      items(`${HEAD}use "lib.aces"\ncharacter A { hp 10 wields Spear, <|> }\n`, { 'lib.aces': LIB }).has('Unarmed'),
    );
  });

  it('HR-N4: `wears` offers the armor visible here with its bonus and speed', () => {
    assert.equal(
      items(`${HEAD}use "lib.aces"\ncharacter A { hp 10 wears <|> }\n`, { 'lib.aces': LIB }).get('Mail'),
      'armor · bonus +2, speed −10 ft · lib.aces',
    );
  });

  it('HR-P4: `field` offers widths and heights on the 5-ft grid, first the smallest that holds everyone placed', () => {
    const text = (field: string): string =>
      `${HEAD}character A { hp 10 }\ncharacter Wolf { hp 10 }\nencounter E {\n  ${field}\n  side a { A at 0ft 20ft }\n  side b { Wolf x3 at 40ft 0ft }\n}\n`;
    const width = items(text('field <|>'));
    assert.equal(width.get('55ft'), 'width: the smallest that holds everyone placed (HR-P4)');
    assert.ok(width.has('120ft') && width.has('60ft'), [...width.keys()].join(' '));
    const height = items(text('field 120ft <|>'));
    assert.equal(height.get('25ft'), 'height: the smallest that holds everyone placed (HR-P4)');
    assert.equal(height.get('60ft'), 'height, 12 squares (HR-P4)');
    for (const label of [...width.keys(), ...height.keys()].filter((l) => /ft$/.test(l)))
      assert.equal(parseInt(label, 10) % 5, 0, label);
  });

  it('HR-P1: a speed, reach or range offers multiples of 5 ft, the assumed one first', () => {
    const speed = items(`${HEAD}character A { hp 10 speed <|> }\n`);
    assert.equal(speed.get('60ft'), 'speed before armor; assumed 60 ft (HR-N5)');
    assert.deepEqual([...items(`${HEAD}weapon W { melee d6 reach <|> }\n`).keys()], ['5ft', '10ft', '15ft']);
    assert.ok(items(`${HEAD}weapon W { ranged d6 range <|> }\n`).has('60ft'));
    assert.ok(items(`${HEAD}armor M { bonus +1 speed <|> }\n`).has('-10ft'));
  });

  it("HR-N3 HR-N5: a placement's character list shows each one's hit points, heart, speed after armor, armor and weapon", () => {
    const got = items(
      `${HEAD}use "lib.aces"\ncharacter Wolf { heart d6 hp 18 }\nencounter E {\n  side a { <|> }\n}\n`,
      { 'lib.aces': LIB },
    );
    assert.equal(got.get('Edda'), 'character · 36 HP, heart d10, speed 50 ft, armor +2, Spear · lib.aces');
    assert.equal(got.get('Wolf'), 'character · 18 HP, heart d6, speed 60 ft, armor +0, Unarmed · this file');
  });
});

describe('Heart Rush editor: messages that say only what applies', () => {
  const n5 = (body: string): string[] =>
    problems(`${HEAD}${body}\n${B}${FIGHT('W')}`).filter((p) => p.startsWith('HR-N5'));
  it('HR-N5: a written speed with no armor is that speed alone; the sum only when armor changes it; "floored" only below 0; "assumed" only when unwritten', () => {
    assert.deepEqual(n5('character W { hp 10 speed 0ft }'), ["HR-N5: W's speed is 0 ft: it can never dash (HR-N5)."]);
    assert.deepEqual(n5('character W { hp 10 speed -10ft }'), [
      "HR-N5: W's speed is −10 ft, floored at 0: it can never dash (HR-N5).",
    ]);
    assert.deepEqual(n5('character W { hp 10 speed 0ft wears P }\narmor P { bonus +1 }'), [
      "HR-N5: W's speed is 0 ft: it can never dash (HR-N5).",
    ]);
    assert.deepEqual(n5('character W { hp 10 speed 20ft wears P }\narmor P { speed -20ft }'), [
      "HR-N5: W's speed is 20 ft − 20 ft (P) = 0 ft: it can never dash (HR-N5).",
    ]);
    assert.deepEqual(n5('character W { hp 10 wears P }\narmor P { speed -70ft }'), [
      "HR-N5: W's speed is 60 ft (the assumed base) − 70 ft (P) = −10 ft, floored at 0: it can never dash (HR-N5).",
    ]);
  });

  it('an encounter attribute on the line of a side is read as written (its arguments end where the schema says); where an unknown word stands between them and the side, it is said to be one, with no count of sides, and a fix breaks the line', () => {
    for (const [attr, line] of [
      ['field', 'field 60ft 30ft'],
      ['seed', 'seed 3'],
      ['rounds', 'rounds 9'],
    ]) {
      const text = `${HEAD}character A { hp 10 }\n${B}encounter E {\n  ${line} side a { A at 0ft 0ft }\n  side b { B at 5ft 0ft }\n}\n`;
      assert.deepEqual(problems(text), []);
      const typo = text.replace(`${line} side a`, `${line} bogus side a`);
      assert.deepEqual(
        problems(typo).filter((p) => p.includes(`'${attr}'`)),
        [
          `unknown-keyword: '${attr}' belongs to the encounter, but its line goes on into a block (\`side … { … }\`), and a line that opens a block starts with \`side\` or \`dice\`. Put \`${attr}\` on a line of its own, before the sides.`,
        ],
      );
      assert.ok(
        !fixes(typo).some((f) => f.title.startsWith('Change to')),
        'no did-you-mean (seed → side would be the wrong edit)',
      );
      const out = fixTitled(typo, `Put \`${attr}\` on a line of its own`).result;
      assert.match(out, new RegExp(`\\n  ${line} bogus\\n  side a \\{`));
    }
    // all on the encounter's line: the file checks clean as written
    const one = `${HEAD}character A { hp 10 }\n${B}encounter E { field 60ft 30ft side a { A at 0ft 0ft } side b { B at 5ft 0ft } }\n`;
    assert.deepEqual(problems(one), []);
  });
});

describe('Heart Rush editor: inlay hints', () => {
  /** Each hint as "line: label | tooltip". */
  function hints(text: string): string[] {
    const { ls, uri } = serviceWith(text);
    return ls
      .inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } })
      .map(
        (h) =>
          `${h.position.line}: ${typeof h.label === 'string' ? h.label : ''} | ${typeof h.tooltip === 'string' ? h.tooltip : (h.tooltip?.value ?? '')}`,
      );
  }
  it('HR-N5 HR-N4: the tooltip gives the sum only when armor changes the speed, "floored" below 0, and a negative bonus with its sign', () => {
    const text = `${HEAD}armor Mail { bonus +2 speed -10ft }\narmor Rags { bonus -1 }\narmor Lead { speed -70ft }\ncharacter A { hp 10 wears Mail }\ncharacter B { hp 10 wears Rags }\ncharacter C { hp 10 wears Lead }\n`;
    assert.deepEqual(hints(text), [
      '4: speed 50 ft · armor +2 | Speed 60 ft − 10 ft (Mail) = 50 ft (HR-N5); armor bonus +2 to defense rolls (HR-N4).',
      '5: speed 60 ft · armor −1 | Speed 60 ft (HR-N5); armor bonus −1 to defense rolls (HR-N4).',
      '6: speed 0 ft · armor +0 | Speed 60 ft − 70 ft (Lead) = −10 ft, floored at 0 (HR-N5); armor bonus +0 to defense rolls (HR-N4).',
    ]);
  });
});
