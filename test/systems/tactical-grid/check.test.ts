// The Tactical Grid checker (TACTICAL-GRID.md, "In the language", Checker): for
// every error and warning of its table, one text that triggers it and one
// that does not; the language codes; the spec's example file.
import assert from 'node:assert/strict';
import { CLEAN, NPC, SHEET, check, codes, covered, diags, fight, npcChar, sheetChar, withCode } from './lang.js';
import { pathToAny } from '../../../systems/tactical-grid/check.js';
import { Board } from '../../../systems/tactical-grid/engine/grid.js';
import { gridMap } from '../../../systems/tactical-grid/model.js';
import { makeRng, randBelow } from '../../../engine/rng.js';
import { checkText } from '../../../systems/index.js';
import { scaleIt } from '../../deep.js';

const A_B = (
  a: string,
  b: string,
  opts: Parameters<typeof fight>[2] = {},
  chars = sheetChar('A') + npcChar('B'),
): string => chars + fight(a, b, opts);

describe('Tactical Grid checker: the system line, use and names', () => {
  it('the clean two-combatant text has no diagnostics and builds an encounter', () => {
    const r = check(CLEAN);
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.code} ${d.message}`),
      [],
    );
    assert.equal(r.systemOf('test.aces')?.id, 'tactical-grid');
    const [e] = r.model.encounters;
    assert.deepEqual(
      [e.name, e.seed, e.rounds, e.sides, e.combatants.map((c) => [c.id, c.side])],
      [
        'E',
        1,
        100,
        ['a', 'b'],
        [
          ['A', 'a'],
          ['B', 'b'],
        ],
      ],
    );
    assert.equal(e.encounter.map.rows.length, 4);
  });
  it('use-system: a used Heart Rush file is refused; a tactical grid bestiary resolves its names', () => {
    const hr = { 'hr.aces': 'system heart-rush\ncharacter Orc { hp 10 }\n' };
    assert.deepEqual(codes('use "hr.aces"\n' + CLEAN, hr), ['use-system']);
    const best = { 'best.aces': `system tactical-grid\ncharacter Orc { ${NPC} }\n` };
    const r = check('use "best.aces"\n' + sheetChar('A') + fight('A at a1', 'Orc at f4'), best);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.equal(r.model.encounters[0].encounter.sides[1].placements[0].character.difficulty, 13);
  });
  it('unknown-name: a placement of an undeclared character, with a did-you-mean', () => {
    const d = withCode(A_B('A at a1', 'Bb at f4'), 'unknown-name');
    assert.equal(d.length, 1);
    assert.deepEqual(d[0].suggestions, ['B']);
    assert.equal(withCode(CLEAN, 'unknown-name').length, 0);
  });
  it('duplicate-name: two characters of one name, two sides of one name, two maps; one of each is fine', () => {
    assert.ok(
      codes(sheetChar('A') + sheetChar('A') + npcChar('B') + fight('A at a1', 'B at f4')).includes('duplicate-name'),
    );
    const twoSides =
      sheetChar('A') +
      npcChar('B') +
      'encounter E {\nmap { row "......" }\nside a { A at a1 }\nside a { B at f1 }\n}\n';
    assert.ok(codes(twoSides).includes('duplicate-name'));
    const twoMaps =
      sheetChar('A') +
      npcChar('B') +
      'encounter E {\nmap { row "......" }\nmap { row "......" }\nside a { A at a1 }\nside b { B at f1 }\n}\n';
    assert.ok(codes(twoMaps).includes('duplicate-name'));
    assert.equal(withCode(CLEAN, 'duplicate-name').length, 0);
  });
  it('bad-value: an unknown ai, at-zero or facing word, with a did-you-mean; the right words are fine', () => {
    const text = sheetChar('A', 'ai healr') + npcChar('B', 'at-zero dyes') + fight('A at a1 facing eats', 'B at f4');
    const d = withCode(text, 'bad-value');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['healr', 'dyes', 'eats'],
    );
    assert.deepEqual(
      d.map((x) => x.suggestions),
      [['healer'], ['dies'], ['east']],
    );
    assert.deepEqual(
      codes(sheetChar('A', 'ai healer') + npcChar('B', 'at-zero dies') + fight('A at a1 facing east', 'B at f4')),
      [],
    );
  });
  it("bad-value: a tag's stars with no tag before, or a placement without `at`", () => {
    assert.ok(codes(sheetChar('A', '3') + npcChar('B') + fight('A at a1', 'B at f4')).includes('bad-value'));
    assert.ok(codes(A_B('A facing east', 'B at f4')).includes('bad-value'));
  });
});

describe('Tactical Grid checker: the map and placements', () => {
  it('TG-G1: no map is an error', () => {
    const text = sheetChar('A') + npcChar('B') + 'encounter E {\nside a { A at a1 }\nside b { B at b1 }\n}\n';
    assert.equal(withCode(text, 'TG-G1').length, 1);
    assert.equal(withCode(CLEAN, 'TG-G1').length, 0);
  });
  it('TG-G1: ragged rows and unknown square characters; a legend defines a character', () => {
    const ragged = A_B('A at a1', 'B at c1', { rows: ['......', '....', '......'] });
    assert.match(withCode(ragged, 'TG-G1')[0].message, /Row 2 has 4 squares but row 1 has 6/);
    const unknown = A_B('A at a1', 'B at c1', { rows: ['..x...', '......'] });
    assert.match(withCode(unknown, 'TG-G1')[0].message, /"x"/);
    const legend =
      sheetChar('A') +
      npcChar('B') +
      'encounter E {\nmap {\nrow "..x..."\nrow "......"\nlegend "x" { difficult hazard }\n}\nside a { A at a1 }\nside b { B at f2 }\n}\n';
    const r = check(legend);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.deepEqual(r.model.encounters[0].encounter.map.legend.x, {
      obstacle: false,
      enterable: false,
      difficult: true,
      hazard: true,
      height: 0,
    });
  });
  it('TG-G1: a map whose rows have errors still checks its placements, as the map will be once mended', () => {
    // row 2 is short and has an unknown character; A stands off the map, B on a wall: all said at once
    const text = A_B('A at z9', 'B at a3', { rows: ['......', '.x..', '#.....'] });
    const d = diags(text).filter((x) => x.code === 'TG-G1' || x.code === 'TG-K2');
    assert.deepEqual(
      d.map((x) => [x.code, covered(text, x)]),
      [
        ['TG-G1', '".x.."'],
        ['TG-G1', '".x.."'],
        ['TG-G1', 'z9'],
        ['TG-K2', 'a3'],
      ],
    );
    // and the encounter does not run (its errors lie inside its block)
    assert.ok(d.every((x) => x.severity === 'error'));
  });
  it('TG-G1: a map over 100 × 100 is an error; 100 wide is fine', () => {
    assert.equal(withCode(A_B('A at a1', 'B at c1', { rows: ['.'.repeat(101), '.'.repeat(101)] }), 'TG-G1').length, 1);
    assert.equal(withCode(A_B('A at a1', 'B at c1', { rows: ['.'.repeat(100), '.'.repeat(100)] }), 'TG-G1').length, 0);
  });
  it('TG-G1: a placement off the map or on no square name; the last square is fine', () => {
    const text = A_B('A at g1', 'B at f5');
    const d = withCode(text, 'TG-G1');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['g1', 'f5'],
    );
    assert.match(d[0].message, /off the map/);
    assert.equal(withCode(A_B('A at a1', 'B at f4'), 'TG-G1').length, 0);
    assert.equal(
      withCode(A_B('A at 3', 'B at f4'), 'TG-G1').length + withCode(A_B('A at 3', 'B at f4'), 'bad-value').length >= 1,
      true,
    );
  });
  it('TG-G1: a square named x3 (lexed as a copy count) is accepted where a square is expected', () => {
    const rows = Array(4).fill('.'.repeat(26));
    const r = check(A_B('A at x3', 'B at z4', { rows }));
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.equal(r.model.encounters[0].encounter.sides[0].placements[0].at, 'x3');
  });
  it('TG-K2: a placement on an obstacle is an error; on an `enterable` one it is fine', () => {
    const text = A_B('A at b1', 'B at f4', { rows: ['.#....', '......', '......', '......'] });
    assert.equal(withCode(text, 'TG-K2').length, 1);
    const ok =
      sheetChar('A') +
      npcChar('B') +
      'encounter E {\nmap {\nrow ".e...."\nrow "......"\nlegend "e" { enterable }\n}\nside a { A at b1 }\nside b { B at f2 }\n}\n';
    assert.deepEqual(codes(ok), []);
  });
  it('TG-G3 limit: a refused copy count (x100000, x0) reports the limit only, not also copies against squares', () => {
    const big = diags(A_B('A at a1', 'B x100000 at f4'));
    assert.deepEqual(
      big.map((d) => d.code),
      ['limit'],
    );
    const zero = diags(A_B('A at a1', 'B x0 at f4, f3'));
    assert.deepEqual(
      zero.map((d) => d.code),
      ['bad-value'],
    );
    // a count within the limit that does not match its squares is still TG-G3
    assert.deepEqual(codes(A_B('A at a1', 'B x99 at f4')), ['TG-G3']);
  });
  it('TG-G3: two combatants on one square, and copies that do not match their squares', () => {
    assert.equal(withCode(A_B('A at a1', 'B at a1'), 'TG-G3').length, 1);
    const text = A_B('A at a1', 'B x2 at f4');
    const d = withCode(text, 'TG-G3');
    assert.equal(d.length, 1);
    assert.equal(covered(text, d[0]), 'x2');
    const r = check(A_B('A at a1', 'B x2 at f4, f3 facing west'));
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    assert.deepEqual(
      r.model.encounters[0].combatants.map((c) => c.id),
      ['A', 'B 1', 'B 2'],
    );
    assert.deepEqual(
      r.model.encounters[0].encounter.sides[1].placements.map((p) => [p.at, p.facing]),
      [
        ['f4', 'west'],
        ['f3', 'west'],
      ],
    );
  });
  it('TG-F1: a hex facing on squares is an error; north is fine', () => {
    const text = A_B('A at a1 facing north-east', 'B at f4');
    assert.equal(covered(text, withCode(text, 'TG-F1')[0]), 'north-east');
    assert.equal(withCode(A_B('A at a1 facing north', 'B at f4'), 'TG-F1').length, 0);
  });
  it('TG-F2: a square facing on hexes is an error (even when the rows have errors); south-west is fine', () => {
    assert.equal(withCode(A_B('A at a1 facing north', 'B at f4', { grid: 'hex' }), 'TG-F2').length, 1);
    assert.equal(
      withCode(A_B('A at a1 facing north', 'B at f4', { grid: 'hex', rows: ['......', '....'] }), 'TG-F2').length,
      1,
    );
    const r = check(A_B('A at a1 facing south-west', 'B at f4', { grid: 'hex' }));
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.equal(r.model.encounters[0].encounter.map.grid, 'hex');
  });
  it('TG-K3: starting on a hazard warns; next to one does not', () => {
    const rows = ['^.....', '......', '......', '......'];
    const d = withCode(A_B('A at a1', 'B at f4', { rows }), 'TG-K3');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning'],
    );
    assert.equal(withCode(A_B('A at b1', 'B at f4', { rows }), 'TG-K3').length, 0);
  });
  it('TG-M3: no path to any enemy warns; a gap in the wall is enough', () => {
    const walled = ['..#...', '..#...', '..#...', '..#...'];
    const d = withCode(A_B('A at a1', 'B at f4', { rows: walled }), 'TG-M3');
    assert.equal(d.length, 2);
    assert.equal(d[0].severity, 'warning');
    assert.equal(
      withCode(A_B('A at a1', 'B at f4', { rows: ['..#...', '..#...', '......', '..#...'] }), 'TG-M3').length,
      0,
    );
  });
  it("TG-M3: an ally's square is crossed but not stopped on, and no step enters an enemy: a corridor blocked by both warns", () => {
    // a2 A, b2 its ally C, c2 the enemy B, e2 the enemy D: the only free square beside B or D for A is behind B; and D's
    // only way to A or C goes through B's square, the one square beside C it could reach (no stop on an ally's square)
    const rows = ['#######', '.......', '#######'];
    const chars = sheetChar('A') + sheetChar('C') + npcChar('B') + npcChar('D');
    const d = withCode(chars + fight('A at a2\nC at b2', 'B at c2\nD at e2', { rows }), 'TG-M3');
    assert.deepEqual(
      d.map((x) => x.message.split(' has ')[0]),
      ['A at a2', 'D at e2'],
      'A and D are cut off (C and B stand beside an enemy)',
    );
    assert.ok(d[0].message.includes('allies'));
    // without the ally, A may stop on b2 beside B, and D crosses B's square to b2 beside A
    assert.equal(withCode(chars + fight('A at a2', 'B at c2\nD at e2', { rows }), 'TG-M3').length, 0);
    // the ally out of the way (a1, behind A): A stops on b2, and C crosses A's square to b2 too
    assert.equal(
      withCode(
        chars + fight('A at a2\nC at a1', 'B at c2\nD at e2', { rows: ['.######', '.......', '#######'] }),
        'TG-M3',
      ).length,
      0,
    );
  });
  it('TG-M3 TG-M4: the only way out a diagonal between two walls meeting at its corner warns; one wall does not', () => {
    const d = withCode(A_B('A at a1', 'B at f4', { rows: ['.#....', '#.....', '......', '......'] }), 'TG-M3');
    assert.deepEqual(
      d.map((x) => x.message.split(' has ')[0]),
      ['A at a1'],
    );
    assert.equal(
      withCode(A_B('A at a1', 'B at f4', { rows: ['.#....', '......', '......', '......'] }), 'TG-M3').length,
      0,
    );
  });
  it('TG-M3 TG-M4 TG-G4: pathToAny agrees with a brute-force closure of legal steps on 400 random square and hex maps', () => {
    const rng = makeRng(20261123);
    const r = (k: number): number => randBelow(rng, k);
    let warned = 0,
      fine = 0;
    for (let k = 0; k < 400; k++) {
      const hex = k % 3 === 0;
      const w = 3 + r(5),
        h = 3 + r(4);
      const rows = Array.from({ length: h }, () => Array.from({ length: w }, () => (r(10) < 3 ? '#' : '.')).join(''));
      const board = new Board(gridMap(rows, hex ? 'hex' : 'square'));
      const free = [...Array(board.size).keys()].filter((c) => !board.obstacle[c]);
      if (free.length < 3) continue;
      const pick = (): number => free.splice(r(free.length), 1)[0];
      const side0 = Array.from({ length: 1 + r(3) }, pick).filter((c) => c !== undefined);
      const side1 = Array.from({ length: 1 + r(3) }, pick).filter((c) => c !== undefined);
      if (!side1.length) continue;
      for (const [mine, theirs] of [
        [side0, side1],
        [side1, side0],
      ]) {
        for (const from of mine) {
          // brute force: every cell reachable by legal steps, to a fixed point; adjacency by distance 1 (TG-G4)
          const blocked = (c: number): boolean => board.obstacle[c] === 1 || theirs.includes(c);
          const wallXY = (x: number, y: number): boolean =>
            x < 0 || y < 0 || x >= w || y >= h || board.obstacle[y * w + x] === 1;
          const reach = new Set([from]);
          for (let grew = true; grew;) {
            grew = false;
            for (const a of [...reach]) {
              for (let c = 0; c < board.size; c++) {
                if (reach.has(c) || blocked(c) || board.dist(a, c) !== 1) continue;
                const dx = board.x(c) - board.x(a),
                  dy = board.y(c) - board.y(a);
                if (
                  !hex &&
                  dx !== 0 &&
                  dy !== 0 &&
                  wallXY(board.x(a) + dx, board.y(a)) &&
                  wallXY(board.x(a), board.y(a) + dy)
                )
                  continue;
                reach.add(c);
                grew = true;
              }
            }
          }
          const want = [...reach].some(
            (c) => (c === from || !mine.includes(c)) && theirs.some((e) => board.dist(c, e) === 1),
          );
          assert.equal(
            pathToAny(
              board,
              from,
              theirs,
              mine.filter((c) => c !== from),
            ),
            want,
            `map ${JSON.stringify(rows)} ${hex ? 'hex' : 'square'} from ${board.name(from)}`,
          );
          if (want) fine++;
          else warned++;
        }
      }
    }
    assert.ok(warned > 20 && fine > 200, `${warned} cut off, ${fine} with a path`);
  });
});

describe('Tactical Grid checker: sides and rules', () => {
  it('TG-T1: fewer than two sides, or `first` naming no side (with a did-you-mean); `first b` is fine', () => {
    const one = sheetChar('A') + 'encounter E {\nmap { row "......" }\nside a { A at a1 }\n}\n';
    assert.equal(withCode(one, 'TG-T1').length, 1);
    const d = withCode(A_B('A at a1', 'B at f4', { extra: 'first bb' }), 'TG-T1');
    assert.deepEqual(
      d.map((x) => x.suggestions),
      [['b']],
    );
    const r = check(A_B('A at a1', 'B at f4', { extra: 'first b' }));
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    assert.equal(r.model.encounters[0].encounter.first, 'b');
  });
  it('TG-R2: crit or fumble out of bounds, or fumble not below crit; crit 19 fumble 2 is fine', () => {
    for (const rules of ['crit 1', 'crit 21', 'fumble -1', 'fumble 20', 'crit 10 fumble 10'])
      assert.equal(withCode(A_B('A at a1', 'B at f4', { extra: `rules { ${rules} }` }), 'TG-R2').length, 1, rules);
    const r = check(
      A_B('A at a1', 'B at f4', { extra: 'rules { crit 19 fumble 2 range -1 speed +1 banes 2 stress 8 }' }),
    );
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    assert.deepEqual(r.model.encounters[0].encounter.rules, {
      range: -1,
      speed: 1,
      crit: 19,
      fumble: 2,
      banes: 2,
      stress: 8,
    });
  });
  it('TG-D1: `rules { stress 0 }` is an error', () => {
    assert.equal(withCode(A_B('A at a1', 'B at f4', { extra: 'rules { stress 0 }' }), 'TG-D1').length, 1);
  });
});

describe('Tactical Grid checker: combatants', () => {
  it('TG-P1: an NPC without health, speed or range is an error; with all four it is fine', () => {
    const text = npcChar('B', '', 'difficulty 13 health 3') + sheetChar('A') + fight('A at a1', 'B at f4');
    const d = withCode(text, 'TG-P1');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /speed, range/);
    assert.deepEqual(codes(CLEAN), []);
  });
  it('TG-P1 TG-N1: an NPC without speed gets TG-P1 only, not also the "speed is 0, kept as written" warning; a written speed 0 still warns', () => {
    const text = npcChar('Q', '', 'difficulty 12 health 3 range 1') + sheetChar('A') + fight('A at a1', 'Q at f4');
    assert.deepEqual(
      diags(text).map((d) => `${d.code} ${d.severity}`),
      ['TG-P1 error'],
    );
    const noRange = npcChar('Q', '', 'difficulty 12 health 3 speed 5') + sheetChar('A') + fight('A at a1', 'Q at f4');
    assert.deepEqual(
      diags(noRange).map((d) => `${d.code} ${d.severity}`),
      ['TG-P1 error'],
    );
    const written = withCode(
      npcChar('Q', '', 'difficulty 12 health 3 speed 0 range 1') + sheetChar('A') + fight('A at a1', 'Q at f4'),
      'TG-N1',
    );
    assert.match(written[0]?.message ?? '', /speed is 0: it is immobile/);
  });
  it('TG-P1: an NPC without difficulty (health but no difficulty) is an error', () => {
    const d = withCode(
      npcChar('B', '', 'health 3 speed 5 range 1') + sheetChar('A') + fight('A at a1', 'B at f4'),
      'TG-P1',
    );
    assert.deepEqual(
      d.map((x) => x.severity),
      ['error'],
    );
    assert.match(d[0].message, /no `difficulty`/);
    assert.deepEqual(
      codes(npcChar('B', '', 'health 3 speed 5 range 1') + sheetChar('A') + fight('A at a1', 'B at f4')),
      ['TG-P1'],
      'one mistake, one diagnostic',
    );
  });
  it('unknown-keyword: a misspelt difficulty is one diagnostic with a did-you-mean, the character still an NPC', () => {
    const d = diags(
      npcChar('B', '', 'dificulty 13 health 3 speed 5 range 1') + sheetChar('A') + fight('A at a1', 'B at f4'),
    );
    assert.deepEqual(
      d.map((x) => [x.code, x.suggestions]),
      [['unknown-keyword', ['difficulty']]],
    );
  });
  it('TG-P1: a difficulty plus stats is an error; attack, defense or drive on an NPC warns (ignored)', () => {
    const stats = withCode(npcChar('B', 'agi 3') + sheetChar('A') + fight('A at a1', 'B at f4'), 'TG-P1');
    assert.deepEqual(
      stats.map((x) => x.severity),
      ['error'],
    );
    const ignored = withCode(npcChar('B', 'attack 4 drive 2') + sheetChar('A') + fight('A at a1', 'B at f4'), 'TG-P1');
    assert.deepEqual(
      ignored.map((x) => x.severity),
      ['warning'],
    );
    assert.equal(withCode(CLEAN, 'TG-P1').length, 0);
  });
  it('TG-D2: health 0 or below is an error; health 1 is fine', () => {
    assert.equal(
      withCode(
        npcChar('B', '', 'difficulty 13 health 0 speed 5 range 1') + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-D2',
      ).length,
      1,
    );
    assert.equal(
      withCode(
        npcChar('B', '', 'difficulty 13 health 1 speed 5 range 1') + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-D2',
      ).length,
      0,
    );
  });
  it('TG-D1: stress 0 or below on a sheet is an error; stress 1 is fine', () => {
    assert.equal(withCode(A_B('A at a1', 'B at f4', {}, sheetChar('A', 'stress 0') + npcChar('B')), 'TG-D1').length, 1);
    assert.equal(withCode(A_B('A at a1', 'B at f4', {}, sheetChar('A', 'stress 1') + npcChar('B')), 'TG-D1').length, 0);
  });
  it('TG-N10: a negative stat, tag, drive or pool is an error', () => {
    const text = A_B(
      'A at a1',
      'B at f4',
      {},
      'character A { agi -1 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1 drive -1 tactics -1 tag "T" -2 }\n' +
        npcChar('B'),
    );
    assert.deepEqual(
      withCode(text, 'TG-N10').map((d) => [d.severity, covered(text, d)]),
      [
        ['error', 'agi -1'],
        ['error', 'drive -1'],
        ['error', 'tactics -1'],
        ['error', '-2'],
      ],
    );
  });
  it('TG-N10: a stat of 0 or above 5 warns, and missing stats warn once (assumed 1); 1–5 is fine', () => {
    const text = A_B('A at a1', 'B at f4', {}, 'character A { agi 0 per 6 com 2 tou 2 }\n' + npcChar('B'));
    const d = withCode(text, 'TG-N10');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning', 'warning', 'warning'],
    );
    assert.match(d[0].message, /PRO, SPECIAL, WIS, INT, CHA.*assumed 1/);
    assert.equal(withCode(CLEAN, 'TG-N10').length, 0);
  });
  it('TG-N2: range below 1 is an error, above 5 a warning; range 5 is fine', () => {
    assert.deepEqual(
      withCode(
        npcChar('B', '', 'difficulty 13 health 3 speed 5 range 0') + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-N2',
      ).map((d) => d.severity),
      ['error'],
    );
    assert.deepEqual(
      withCode(
        npcChar('B', '', 'difficulty 13 health 3 speed 5 range 6') + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-N2',
      ).map((d) => d.severity),
      ['warning'],
    );
    assert.equal(
      withCode(
        npcChar('B', '', 'difficulty 13 health 3 speed 5 range 5') + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-N2',
      ).length,
      0,
    );
  });
  it('TG-N1: negative speed is an error; speed outside 4–8 warns, 0 as "immobile"; speed 8 is fine', () => {
    const sp = (n: number) =>
      withCode(
        npcChar('B', '', `difficulty 13 health 3 speed ${n} range 1`) + sheetChar('A') + fight('A at a1', 'B at f4'),
        'TG-N1',
      );
    assert.deepEqual(
      sp(-1).map((d) => d.severity),
      ['error'],
    );
    assert.deepEqual(
      sp(9).map((d) => d.severity),
      ['warning'],
    );
    assert.match(sp(0)[0].message, /immobile/);
    assert.equal(sp(8).length, 0);
    assert.deepEqual(
      withCode(
        A_B('A at a1', 'B at f4', {}, sheetChar('A', 'agi 6').replace('agi 2 ', '') + npcChar('B')),
        'TG-N1',
      ).map((d) => d.severity),
      ['warning'],
    );
  });
  it("TG-N11: a declared number that differs from its formula warns (homebrew); the formula's own number is fine", () => {
    const text = A_B('A at a1', 'B at f4', {}, sheetChar('A', 'attack 5 support 1') + npcChar('B'));
    const d = withCode(text, 'TG-N11');
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['attack 5'],
    );
    assert.match(d[0].message, /COM \+ 1 = 3/);
  });
  it('TG-P2: an NPC with a pool warns (homebrew); without, nothing', () => {
    const d = withCode(npcChar('B', 'reactions 2') + sheetChar('A') + fight('A at a1', 'B at f4'), 'TG-P2');
    assert.deepEqual(
      d.map((x) => x.severity),
      ['warning'],
    );
    assert.equal(withCode(CLEAN, 'TG-P2').length, 0);
  });
  it('TG-R3: tag stars 0 or above 5 warn; a tag without stars is an error; 1–5 is fine', () => {
    const text = A_B('A at a1', 'B at f4', {}, sheetChar('A', 'tag "Zero" 0 tag "Six" 6 tag "None"') + npcChar('B'));
    assert.deepEqual(
      withCode(text, 'TG-R3').map((d) => d.severity),
      ['warning', 'warning', 'error'],
    );
    const r = check(
      A_B(
        'A at a1',
        'B at f4',
        {},
        sheetChar('A', 'tag "Blade" 3 offensive tag "Guard" 2 defensive') + npcChar('B', 'tag "Axe" 5'),
      ),
    );
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    assert.deepEqual(r.model.encounters[0].encounter.sides[0].placements[0].character.tags, [
      { name: 'Blade', stars: 3, kind: 'offensive' },
      { name: 'Guard', stars: 2, kind: 'defensive' },
    ]);
  });
  it('TG-B1: deadeye with melee warns; either alone is fine', () => {
    assert.equal(
      withCode(A_B('A at a1', 'B at f4', {}, sheetChar('A', 'abilities deadeye melee') + npcChar('B')), 'TG-B1').length,
      1,
    );
    assert.equal(
      withCode(A_B('A at a1', 'B at f4', {}, sheetChar('A', 'abilities deadeye') + npcChar('B', 'melee')), 'TG-B1')
        .length,
      0,
    );
  });
  it('TG-B0: an unknown ability is an error with a did-you-mean; the ten are accepted', () => {
    const d = withCode(A_B('A at a1', 'B at f4', {}, sheetChar('A', 'abilities knockbak') + npcChar('B')), 'TG-B0');
    assert.deepEqual(
      d.map((x) => x.suggestions),
      [['knockback']],
    );
    const all =
      'deadeye into-the-shadows potion-seller vengeful-hex miracle-worker combat-gurney runic-tattoo still-life knockback rage';
    const r = check(A_B('A at a1', 'B at f4', {}, sheetChar('A', `abilities ${all}`) + npcChar('B')));
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    assert.equal(r.model.encounters[0].encounter.sides[0].placements[0].character.abilities.length, 10);
  });
  it('TG-V1: scripted dice faces outside 1–20 are errors; 1 and 20 are kept in order, placement first', () => {
    assert.equal(withCode(A_B('A at a1 dice 0 21', 'B at f4'), 'TG-V1').length, 1);
    const r = check(A_B('A at a1 dice 20 1', 'B at f4', {}, sheetChar('A', 'dice 7') + npcChar('B')));
    assert.deepEqual(
      r.diagnostics.map((x) => x.code),
      [],
    );
    const p = r.model.encounters[0].encounter.sides[0].placements[0];
    assert.deepEqual([p.dice, p.character.dice], [[20, 1], [7]]);
  });
});

describe("Tactical Grid checker: the spec's example file", () => {
  const EXAMPLE = `system tactical-grid
encounter "Raid on the Mill Road" {
  seed 7
  rounds 60
  first heroes
  rules { fumble 1  crit 20 }
  map {
    grid square
    row "..........~~"
    row ".##.......~~"
    row ".#..^....111"
    row "..x......111"
    row "....##......"
    row "............"
    legend "x" { difficult  hazard }
  }
  side heroes {
    Ryn at c3 facing east
    Tamsin at b5 facing east
    "Hired Blade" at c6 facing east
  }
  side raiders {
    Raider x2 at h2, h5 facing west
    "Raider Chief" at k3 facing west
  }
}
character Ryn {
  agi 3  per 1  com 4  tou 2  pro 2  special 2  wis 1  int 1  cha 2
  stress 6  drive 2
  tag "Twin Blades" 3 offensive
  tag "Quick Feet" 2 defensive
  abilities knockback
  melee
}
character Tamsin {
  agi 2  per 4  com 3  tou 2  pro 1  special 1  wis 3  int 2  cha 2
  drive 1  tag "Longbow" 3 offensive  abilities deadeye  ai healer
}
character "Hired Blade" { difficulty 12  health 3  speed 5  range 1  tag "Spear" 2  melee }
character Raider { difficulty 13  health 3  speed 5  range 1  tag "Rusty Axe" 2  ai nearest }
character "Raider Chief" {
  difficulty 15  health 5  speed 4  range 3
  tag "Crossbow" 3  tag "Scarred Hide" 2  at-zero dies
}
`;
  it('TG-K5 TG-T1 TG-G1: checks clean and builds the expected model', async () => {
    const r = check(EXAMPLE, {}, true);
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.code} ${d.message}`),
      [],
    );
    const [info] = r.model.encounters;
    assert.deepEqual(
      [info.name, info.seed, info.rounds, info.sides],
      ['Raid on the Mill Road', 7, 60, ['heroes', 'raiders']],
    );
    assert.deepEqual(
      info.combatants.map((c) => `${c.side}:${c.id}`),
      [
        'heroes:Ryn',
        'heroes:Tamsin',
        'heroes:Hired Blade',
        'raiders:Raider 1',
        'raiders:Raider 2',
        'raiders:Raider Chief',
      ],
    );
    const e = info.encounter;
    assert.equal(e.first, 'heroes');
    assert.deepEqual(e.rules, { range: 0, speed: 0, crit: 20, fumble: 1, banes: null, stress: null });
    assert.deepEqual(e.map.rows, [
      '..........~~',
      '.##.......~~',
      '.#..^....111',
      '..x......111',
      '....##......',
      '............',
    ]);
    assert.deepEqual(e.map.legend, {
      x: { obstacle: false, enterable: false, difficult: true, hazard: true, height: 0 },
    });
    const { character, encounter, gridMap, placement, tag, copies, sheet } =
      await import('../../../systems/tactical-grid/model.js');
    const ryn = character('Ryn', {
      agi: 3,
      per: 1,
      com: 4,
      tou: 2,
      pro: 2,
      special: 2,
      wis: 1,
      int: 1,
      cha: 2,
      stress: 6,
      drive: 2,
      tags: [tag('Twin Blades', 3, 'offensive'), tag('Quick Feet', 2, 'defensive')],
      abilities: ['knockback'],
      melee: true,
    });
    const tamsin = character('Tamsin', {
      agi: 2,
      per: 4,
      com: 3,
      tou: 2,
      pro: 1,
      special: 1,
      wis: 3,
      int: 2,
      cha: 2,
      drive: 1,
      tags: [tag('Longbow', 3, 'offensive')],
      abilities: ['deadeye'],
      ai: 'healer',
    });
    const blade = character('Hired Blade', {
      difficulty: 12,
      health: 3,
      speed: 5,
      range: 1,
      tags: [tag('Spear', 2)],
      melee: true,
    });
    const raider = character('Raider', {
      difficulty: 13,
      health: 3,
      speed: 5,
      range: 1,
      tags: [tag('Rusty Axe', 2)],
      ai: 'nearest',
    });
    const chief = character('Raider Chief', {
      difficulty: 15,
      health: 5,
      speed: 4,
      range: 3,
      tags: [tag('Crossbow', 3), tag('Scarred Hide', 2)],
      atZero: 'dies',
    });
    const want = encounter(
      'Raid on the Mill Road',
      [
        {
          name: 'heroes',
          placements: [
            placement(ryn, 'c3', { facing: 'east' }),
            placement(tamsin, 'b5', { facing: 'east' }),
            placement(blade, 'c6', { facing: 'east' }),
          ],
        },
        {
          name: 'raiders',
          placements: [...copies(raider, ['h2', 'h5'], 'west'), placement(chief, 'k3', { facing: 'west' })],
        },
      ],
      gridMap(e.map.rows, 'square', { x: e.map.legend.x }),
      { seed: 7, rounds: 60, first: 'heroes', rules: { fumble: 1, crit: 20 } },
    );
    assert.deepEqual(e, want);
    // the comments' numbers: Ryn speed 6, range 1, attack 5, defense 3; Tamsin speed 5, range 4, attack 4, defense 3, support 3
    const s = sheet(e.sides[0].placements[0].character),
      t = sheet(e.sides[0].placements[1].character);
    assert.deepEqual([s.speed, s.range, s.attack, s.defense], [6, 1, 5, 3]);
    assert.deepEqual([t.speed, t.range, t.attack, t.defense, t.support], [5, 4, 4, 3, 3]);
  });
  it('TG-N1 TG-N2 TG-N3 TG-N4 TG-N5 TG-N6 TG-N7 TG-N8 TG-N9 TG-N10: worked example 1 written as a character (AGI 6 warns TG-N1 and TG-N10)', async () => {
    const { sheet } = await import('../../../systems/tactical-grid/model.js');
    const ex1 =
      'character Ex { agi 3 per 2 com 4 tou 1 pro 2 special 2 wis 3 int 4 cha 1 }\n' +
      npcChar('B') +
      fight('Ex at a1', 'B at f4');
    const r = check(ex1);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      [],
    );
    const s = sheet(r.model.characters.find((c) => c.value.name === 'Ex')!.value);
    assert.deepEqual(
      [s.speed, s.range, s.attack, s.defense, s.tactics, s.effects, s.support, s.analysis, s.reactions],
      [6, 2, 5, 2, 2, 2, 3, 4, 1],
    );
    const six = codes(ex1.replace('agi 3', 'agi 6'));
    assert.deepEqual([...new Set(six)].sort(), ['TG-N1', 'TG-N10']);
    assert.ok(SHEET);
  });
  it('never throws on every line of the example deleted, and reports only TG ids or language codes', () => {
    const lines = EXAMPLE.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const text = [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
      for (const d of diags(text, {}, true))
        assert.match(
          d.code,
          /^(TG-[A-Z]+\d+|syntax|unknown-keyword|unknown-name|duplicate-name|bad-value|limit)$/,
          `line ${i + 1}: ${d.code}`,
        );
    }
  });
});

describe('Tactical Grid checker: hostile maps', () => {
  scaleIt(
    'a map of 300,000 rows (3.6 MB, under the file limit) is said to be too large, not a stack overflow (Math.max(...rows) threw)',
    () => {
      const map = (rows: number): string =>
        `system tactical-grid\nencounter E {\n  map {\n    grid square\n${'    row "."\n'.repeat(rows)}  }\n}\n`;
      const t00 = performance.now();
      checkText(map(30_000), 'main.aces');
      const smallMs = performance.now() - t00;
      const t0 = performance.now();
      const r = checkText(map(300_000), 'main.aces');
      assert.ok(
        r.diagnostics.some((d) =>
          d.message.includes('This map is 1 × 300000; a map is at most 100 × 100 squares (TG-G1).'),
        ),
        r.diagnostics.map((d) => d.message).join('\n'),
      );
      // and in linear time: ten times the rows, under 30 times the time of 30,000 (a ratio, steady on a loaded machine)
      const ms = performance.now() - t0;
      assert.ok(
        ms < 30 * Math.max(smallMs, 50),
        `30,000 rows: ${Math.round(smallMs)} ms, 300,000: ${Math.round(ms)} ms`,
      );
    },
  );
});
