import assert from 'node:assert/strict';
import { check, char, codes, covered, diags, enc, TWO_SIDES, withCode } from '../../../helpers.js';

describe('checker: a clean baseline', () => {
  it('a minimal two-sided encounter has no diagnostics', () => {
    assert.deepEqual(diags(TWO_SIDES), []);
  });
});

describe('checker: combatant numbers (HA-N*)', () => {
  it('HA-N1 a negative stat is an error', () => {
    const t = char('A', '', 'heart -1 body 3 mind 2 spirit 2 vitality 10');
    const d = withCode(t, 'HA-N1');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'error');
    assert.equal(covered(t, d[0]), 'heart -1');
  });
  it('HA-N1 a stat of 0 or above 6 is a homebrew warning', () => {
    const t = char('A', '', 'heart 0 body 7 mind 2 spirit 2 vitality 10');
    assert.deepEqual(
      withCode(t, 'HA-N1').map((d) => d.severity),
      ['warning', 'warning'],
    );
  });
  it('HA-N1 stats 1–6 are clean', () => {
    assert.deepEqual(withCode(char('A', '', 'heart 1 body 6 mind 3 spirit 4 vitality 10'), 'HA-N1'), []);
  });
  it('HA-N1 a missing stat is an error naming it', () => {
    const d = withCode(char('A', '', 'heart 1 mind 3 spirit 4 vitality 10'), 'HA-N1');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /no Body/);
  });
  it('HA-N2 Guard derives to 5 + Body + armor', () => {
    const b = check(char('A', 'armor 2')).model.blocks[0];
    assert.equal(b.guard, 10);
    assert.equal(b.guardDeclared, false);
  });
  it('HA-N2 a declared Guard that differs warns with the rules value', () => {
    const d = withCode(char('A', 'guard 12'), 'HA-N2');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'warning');
    assert.match(d[0].message, /= 8/);
    assert.deepEqual(d[0].suggestions, ['8']);
    assert.equal(check(char('A', 'guard 12')).model.blocks[0].guard, 12);
  });
  it('HA-N2 a declared Guard equal to the rules value is clean', () => {
    assert.deepEqual(withCode(char('A', 'guard 8'), 'HA-N2'), []);
  });
  it('HA-N3 Resolve is assumed 5 + Spirit unless declared', () => {
    const [a, b] = check(char('A') + char('B', 'resolve 11')).model.blocks;
    assert.deepEqual([a.resolve, a.resolveAssumed], [7, true]);
    assert.deepEqual([b.resolve, b.resolveAssumed], [11, false]);
  });
  it('HA-N3 a negative Resolve is an error; a positive one is clean', () => {
    assert.equal(withCode(char('A', 'resolve -2'), 'HA-N3')[0].severity, 'error');
    assert.deepEqual(withCode(char('A', 'resolve 4'), 'HA-N3'), []);
  });
  it('HA-N4 vitality must be above 0', () => {
    const t = char('A', '', 'heart 1 body 1 mind 1 spirit 1 vitality 0');
    assert.equal(withCode(t, 'HA-N4')[0].severity, 'error');
    assert.equal(withCode(char('A', '', 'heart 1 body 1 mind 1 spirit 1'), 'HA-N4').length, 1);
    assert.deepEqual(withCode(char('A'), 'HA-N4'), []);
  });
  it('HA-K1 draw counts are max(2, stat)', () => {
    const b = check(char('A', '', 'heart 1 body 5 mind 0 spirit 2 vitality 3')).model.blocks[0];
    assert.deepEqual(b.draws, { heart: 2, body: 5, mind: 2, spirit: 2 });
  });
});

describe('checker: techniques and actions', () => {
  it('HA-A4 a technique costing 0 or 4 is an error', () => {
    for (const cost of [0, 4]) {
      const d = withCode(`technique T { cost ${cost} stat mind }`, 'HA-A4');
      assert.equal(d.length, 1, `cost ${cost}`);
      assert.equal(d[0].severity, 'error');
      assert.match(
        d[0].message,
        new RegExp(`T costs ${cost} actions.*Write \`cost ${cost === 0 ? 1 : 3}\``),
        `cost ${cost}`,
      );
    }
  });
  it('HA-A4 costs 1–3 are clean, and a missing cost is an error', () => {
    for (const cost of [1, 2, 3]) assert.deepEqual(withCode(`technique T { cost ${cost} stat mind }`, 'HA-A4'), []);
    assert.equal(withCode('technique T { stat mind }', 'HA-A4').length, 1);
  });
  it('HA-N3 techniques default to Resolve for Heart/Spirit and Guard otherwise', () => {
    const ts = check(
      'technique A { cost 1 stat spirit }\ntechnique B { cost 1 stat body }\ntechnique C { cost 1 stat heart against guard }',
    ).model.techniques;
    assert.deepEqual(
      ts.map((t) => t.against),
      ['resolve', 'guard', 'guard'],
    );
  });
  it('HA-M1/HA-M2 technique targets single, dual, sweep', () => {
    const ts = check(
      'technique A { cost 1 stat mind targets dual }\ntechnique B { cost 2 stat body targets sweep }\ntechnique C { cost 1 stat body }',
    ).model.techniques;
    assert.deepEqual(
      ts.map((t) => t.targets),
      ['dual', 'sweep', 'single'],
    );
    assert.equal(codes('technique A { cost 1 stat mind targets triple }')[0], 'bad-value');
  });
});

describe('checker: weapons (HA-S*, HA-W*)', () => {
  it('HA-S6 an off-hand needs two Light weapons', () => {
    const t = 'weapon S { melee +2 }\nweapon D { melee light }\n' + char('A', 'wields S D');
    const d = withCode(t, 'HA-S6');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), 'D');
    assert.match(d[0].message, /S is not Light/);
    assert.equal(check(t).model.blocks[0].offhand, undefined);
  });
  it('HA-S6 two Light weapons dual-wield cleanly (also via offhand)', () => {
    const t =
      'weapon S { melee light +1 }\nweapon D { melee light }\n' +
      char('A', 'wields S D') +
      char('B', 'wields S offhand D');
    assert.deepEqual(withCode(t, 'HA-S6'), []);
    assert.deepEqual(
      check(t).model.blocks.map((b) => b.offhand?.name),
      ['D', 'D'],
    );
  });
  it('HA-W1 a weapon both light and heavy is an error on heavy', () => {
    const t = 'weapon W { melee light heavy }';
    const d = withCode(t, 'HA-W1');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'error');
    assert.equal(covered(t, d[0]), 'heavy');
  });
  it('HA-W4 an improvised weapon with keen warns, one diagnostic on keen', () => {
    const t = 'weapon Bottle { improvised keen }';
    const d = withCode(t, 'HA-W4');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), 'keen');
    assert.match(d[0].message, /Remove 'keen'/);
    assert.deepEqual(withCode('weapon Chair { improvised heavy }', 'HA-W4'), []);
  });
  it('HA-W4 a heavy improvised weapon cannot be thrown', () => {
    const d = withCode('weapon Chair { improvised heavy thrown }', 'HA-W4');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'error');
  });
  it('HA-W4 a standard improvised weapon is +0, Body, melee, throwable at Near', () => {
    const r = check('weapon Bottle { improvised }\nweapon Chair { improvised heavy }');
    assert.deepEqual(r.diagnostics, []);
    const [bottle, chair] = r.model.weapons;
    assert.deepEqual(
      [bottle.bonus, bottle.stat, bottle.kind, bottle.reach, bottle.improvised],
      [0, 'body', 'melee', 'near', 'standard'],
    );
    assert.ok(bottle.properties.includes('thrown'));
    assert.deepEqual([chair.bonus, chair.reach, chair.improvised], [1, 'engaged', 'heavy']);
    assert.ok(chair.properties.includes('heavy') && !chair.properties.includes('thrown'));
  });
  it('HA-W4 an improvised bonus other than the rules warns; ranged improvised is an error', () => {
    assert.deepEqual(
      withCode('weapon Rock { improvised +2 }', 'HA-W4').map((d) => d.severity),
      ['warning'],
    );
    assert.deepEqual(
      withCode('weapon Rock { improvised ranged }', 'HA-W4').map((d) => d.severity),
      ['error'],
    );
  });
  it('HA-W3 scatter on a non-firearm warns; on a firearm it is clean', () => {
    assert.equal(withCode('weapon Bow { ranged scatter }', 'HA-W3').length, 1);
    assert.deepEqual(withCode('weapon Gun { firearm scatter +2 }', 'HA-W3'), []);
  });
  it('HA-S1 a melee weapon drawing Mind warns; defaults follow the kind', () => {
    assert.equal(withCode('weapon W { melee mind }', 'HA-S1').length, 1);
    const ws = check('weapon A { melee }\nweapon B { ranged }\nweapon C { thrown }\nweapon D { firearm }').model
      .weapons;
    assert.deepEqual(
      ws.map((w) => [w.stat, w.reach]),
      [
        ['body', 'engaged'],
        ['mind', 'far'],
        ['body', 'near'],
        ['mind', 'far'],
      ],
    );
  });
  it('HA-I3 a Heavy weapon gives −1 initiative; others give 0', () => {
    const r = check('weapon H { melee heavy }\nweapon L { melee }\n' + char('A', 'wields H') + char('B', 'wields L'));
    assert.deepEqual(
      r.model.blocks.map((b) => b.initiativeModifier),
      [-1, 0],
    );
  });
  it('HA-W6 a character without weapons fights Unarmed (+0, Body, melee)', () => {
    const b = check(char('A')).model.blocks[0];
    assert.deepEqual([b.weapon.name, b.weapon.bonus, b.weapon.stat, b.weapon.unarmed], ['Unarmed', 0, 'body', true]);
  });
  it('HA-W5 brawler with a real weapon is noted; with improvised it is not', () => {
    assert.equal(withCode('weapon S { melee }\n' + char('A', 'wields S talents brawler'), 'HA-W5').length, 1);
    assert.deepEqual(withCode('weapon B { improvised }\n' + char('A', 'wields B talents brawler'), 'HA-W5'), []);
  });
  it('a weapon with two kinds is a conflict', () => {
    assert.equal(withCode('weapon W { melee ranged }', 'bad-value').length, 1);
  });
  it('a bare signed number is the bonus', () => {
    assert.equal(check('weapon W { melee +3 }').model.weapons[0].bonus, 3);
  });
});

describe('checker: zones (HA-Z*, HA-F2)', () => {
  const base = (zones: string, place = 'A at a', placeB = 'B at a') =>
    enc(`${zones}\nside x { ${place} }\nside y { ${placeB} }`) + char('A') + char('B');
  it('HA-Z1 a placement in an unknown zone is an error with did-you-mean', () => {
    const t = base('zone hall { }\nzone gate { adjacent hall }', 'A at hal', 'B at gate');
    const d = withCode(t, 'HA-Z1');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), 'hal');
    assert.deepEqual(d[0].suggestions, ['hall']);
  });
  it('HA-Z1 adjacency to an unknown zone is an error; known adjacency is symmetric', () => {
    assert.equal(withCode(base('zone a { adjacent nowhere }'), 'HA-Z1').length, 1);
    const e = check(base('zone a { adjacent b }\nzone b { }', 'A at a', 'B at b')).model.encounters[0];
    assert.deepEqual(
      e.zones.map((z) => z.adjacent),
      [['b'], ['a']],
    );
  });
  it('HA-Z1 placements need `at` when there are several zones, and default to the only zone', () => {
    assert.equal(withCode(base('zone a { adjacent b }\nzone b { }', 'A', 'B at b'), 'HA-Z1').length, 1);
    const e = check(base('zone a { }', 'A', 'B')).model.encounters[0];
    assert.deepEqual(
      e.combatants.map((c) => c.zone),
      ['a', 'a'],
    );
  });
  it('HA-Z2 distances: same zone 0, adjacent 1, further 2+, unreachable Infinity', () => {
    const e = check(base('zone a { adjacent b }\nzone b { adjacent c }\nzone c { }\nzone d { }', 'A at a', 'B at c'))
      .model.encounters[0];
    assert.deepEqual(e.distance[0], [0, 1, 2, Infinity]);
  });
  it('limit: rounds × combatants above 100,000 turns is one error on the rounds line; at the limit it is clean', () => {
    const enc = (rounds: number) => `character A { heart 1 body 2 mind 1 spirit 1 vitality 10 }
encounter Long {
  rounds ${rounds}
  side a {
    A x100
  }
  side b {
    A x100
  }
}
`;
    const d = diags(enc(501)).filter((x) => x.code === 'limit');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /^501 rounds × 200 combatants = 100200 turns in one combat; the limit is 100,000\./);
    assert.deepEqual(
      diags(enc(500)).filter((x) => x.code === 'limit'),
      [],
    );
  });

  it('limit: more than 200 zones in an encounter is one error naming the limit; zones past it are ignored quietly', () => {
    const enc = (n: number) => `character A { heart 1 body 2 mind 1 spirit 1 vitality 10 }
encounter Big {
${Array.from({ length: n }, (_, i) => `  zone z${i} { ${i ? `adjacent z${i - 1}` : ''} }`).join('\n')}
  side a {
    A at z0
  }
  side b {
    A at z${n - 1}
  }
}
`;
    const over = diags(enc(201));
    assert.deepEqual(
      over.map((d) => d.code),
      ['limit'],
    );
    assert.match(
      over[0].message,
      /^More than 200 zones in encounter 'Big' \(201\); zones from 'z200' on are ignored\./,
    );
    assert.deepEqual(
      diags(enc(200)).filter((d) => d.severity === 'error'),
      [],
    );
  });

  it('HA-Z2 + HA-F2 one-way drops: a melee fighter below a loft can never reach the archer on it, and no one reaches her', () => {
    const loft = (archerWeapon: string, down = '') => `weapon Bow { ranged +1 }
weapon Club { melee +1 }
character Ilse { heart 2 body 2 mind 3 spirit 1 vitality 12 wields ${archerWeapon} }
character Brute { heart 1 body 3 mind 1 spirit 1 vitality 14 wields Club }
encounter Loft {
  zone loft { height 20ft  drop floor 20ft }
  zone floor { ${down} }
  side archers {
    Ilse at loft
  }
  side brutes {
    Brute x2 at floor
  }
}
`;
    const d = withCode(loft('Bow'), 'HA-Z2');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning', 'warning'],
    );
    assert.match(d[0].message, /^No enemy can ever reach Ilse in 'loft': the only ways up are one-way drops \(HA-F2\)/);
    assert.match(d[1].message, /^Brute has only melee reach and can never get from 'floor' to any enemy/);
    // a ladder (adjacency works both ways) fixes both
    assert.deepEqual(withCode(loft('Bow', 'adjacent loft'), 'HA-Z2'), []);
    // a brute with a thrown weapon reaches the loft (Near across the drop): no warning for Ilse either way
    assert.deepEqual(withCode(loft('Bow').replace('Club { melee +1 }', 'Club { thrown +1 }'), 'HA-Z2'), []);
  });
  it('HA-Z2 a combatant with no path to any enemy warns; a connected one does not', () => {
    const t = base('zone a { }\nzone b { }', 'A at a', 'B at b');
    assert.equal(withCode(t, 'HA-Z2').length, 2);
    assert.deepEqual(withCode(base('zone a { adjacent b }\nzone b { }', 'A at a', 'B at b'), 'HA-Z2'), []);
  });
  it('HA-F2 a drop needs a height and leads to another known zone', () => {
    assert.equal(withCode(base('zone a { drop b }\nzone b { adjacent a }', 'A at a', 'B at b'), 'HA-F2').length, 1);
    assert.equal(withCode(base('zone a { drop a 10ft }'), 'HA-F2').length, 1);
    const e = check(base('zone a { height 20ft drop b 20ft soft }\nzone b { adjacent a }', 'A at a', 'B at b')).model
      .encounters[0];
    assert.deepEqual(e.zones[0].drops, [{ to: 'b', feet: 20, soft: true }]);
    assert.equal(e.zones[0].height, 20);
  });
});

describe('checker: encounters, sides and team rules', () => {
  it('HA-I6 a fight needs two sides', () => {
    assert.equal(withCode(enc('side a { A }') + char('A'), 'HA-I6').length, 1);
    assert.deepEqual(withCode(TWO_SIDES, 'HA-I6'), []);
  });
  it('HA-I6 an empty side warns', () => {
    assert.equal(withCode(enc('side a { A }\nside b { }') + char('A'), 'HA-I6')[0].severity, 'warning');
  });
  it('HA-I6 the round cap defaults to 50 and the seed to 1', () => {
    const e = check(TWO_SIDES).model.encounters[0];
    assert.deepEqual([e.rounds, e.seed], [50, 1]);
  });
  it('HA-U1 team ultimates with fewer than 3 player characters on a side warn', () => {
    const t = enc('options team-ultimates\nside a { A x2 }\nside b { B }') + char('A', 'player') + char('B');
    assert.equal(withCode(t, 'HA-U1').length, 1);
  });
  it('HA-U1 three player characters on a side is clean', () => {
    const t = enc('options team-ultimates\nside a { A x3 }\nside b { B }') + char('A', 'player') + char('B');
    assert.deepEqual(withCode(t, 'HA-U1'), []);
    assert.equal(check(t).model.encounters[0].options.teamUltimates, true);
  });
  it('HA-L1 link strikes with nobody to link with warns', () => {
    assert.equal(
      withCode(enc('options link-strikes\nside a { A }\nside b { B }') + char('A') + char('B'), 'HA-L1').length,
      1,
    );
    assert.deepEqual(
      withCode(enc('options link-strikes\nside a { A x2 }\nside b { B }') + char('A') + char('B'), 'HA-L1'),
      [],
    );
  });
  it('copies get numbered ids in declaration order (HA-I2 tie-break order)', () => {
    const e = check(enc('side a { A x2 }\nside b { B\nA }') + char('A') + char('B')).model.encounters[0];
    assert.deepEqual(
      e.combatants.map((c) => [c.id, c.order, c.side]),
      [
        ['A 1', 0, 'a'],
        ['A 2', 1, 'a'],
        ['B', 2, 'b'],
        ['A 3', 3, 'b'],
      ],
    );
  });
  it('copies above the limit are reported, not allocated', () => {
    assert.deepEqual(codes(enc('side a { A x1000 }\nside b { B }') + char('A') + char('B')), ['limit']);
  });
});

describe('checker: decks (HA-C*)', () => {
  it('HA-C3 a stacked deck with a duplicate card is an error at the repeat', () => {
    const t = 'deck D { stacked cards 10♣ QS 10C }';
    const d = withCode(t, 'HA-C3');
    assert.equal(d.length, 1);
    assert.equal(covered(t, d[0]), '10C');
  });
  it('HA-C3 homebrew decks may repeat cards; an empty one is an error', () => {
    assert.deepEqual(withCode('deck D { homebrew cards 10♣ 10♣ 2H }', 'HA-C3'), []);
    assert.equal(withCode('deck D { homebrew }', 'HA-C3').length, 1);
  });
  it('HA-K1 a deck of one card warns that every check draws 2; two cards are fine', () => {
    assert.equal(withCode('deck D { homebrew cards AS }', 'HA-K1').length, 1);
    assert.deepEqual(withCode('deck D { homebrew cards AS KS }', 'HA-K1'), []);
  });
  it('HA-C1 all 52 card literals are accepted, in both spellings', () => {
    const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
    const sym = ranks.flatMap((r) => ['♥', '♣', '♦', '♠'].map((s) => r + s)).join(' ');
    const ascii = ranks.flatMap((r) => ['H', 'C', 'D', 'S'].map((s) => r + s)).join(' ');
    const r = check(`deck A { stacked cards ${sym} }\ndeck B { stacked cards ${ascii} }`);
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      [...r.model.decks[0].cards].sort((a, b) => a - b),
      Array.from({ length: 52 }, (_, i) => i),
    );
    assert.deepEqual(r.model.decks[1].cards, r.model.decks[0].cards);
  });
  it('HA-C1 an unknown card is an error with the card syntax', () => {
    const t = 'deck D { stacked cards 1H ZZ QS }';
    const d = withCode(t, 'HA-C1');
    assert.deepEqual(
      d.map((x) => covered(t, x)),
      ['1H', 'ZZ'],
    );
  });
  it('HA-C3 decks resolve by placement first, then the character, else standard', () => {
    const t =
      enc('deck Local { stacked cards AS }\nside a { A deck Local\nA }\nside b { B }') +
      char('A', 'deck Mine') +
      char('B') +
      'deck Mine { stacked cards 2H 3H }';
    assert.deepEqual(diags(t), []);
    const e = check(t).model.encounters[0];
    assert.deepEqual(
      e.combatants.map((c) => [c.deck.name, c.deck.kind, c.deck.cards.length]),
      [
        ['Local', 'stacked', 1],
        ['Mine', 'stacked', 2],
        ['standard', 'standard', 0],
      ],
    );
  });
});

describe('checker: every rule id it reports is cited by a test', () => {
  it('each HA id passed to a diagnostic by the checker appears in a test title here', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = 'systems/halcyon-aces/check';
    const src = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .join('\n');
    const reported = new Set(
      [...src.matchAll(/(?:'error'|'warning'|'info'),\s*'(HA-[A-Z]\d+)'|this\.error\([^;]*?'(HA-[A-Z]\d+)'/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    assert.ok(reported.size >= 15, `found only ${[...reported].join(' ')}`);
    const tests = readFileSync('test/systems/halcyon-aces/check/rules.test.ts', 'utf8');
    const titles = [...tests.matchAll(/it\('([^']*)'/g)].map((m) => m[1]).join('\n');
    assert.deepEqual(
      [...reported].filter((id) => !titles.includes(id)),
      [],
    );
  });
});
