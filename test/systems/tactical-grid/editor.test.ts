// Tactical Grid's editor contributions through the language service: inlay
// hints of derived numbers (TG-N, TG-R4, TG-P2), quick fixes and stubs for the
// diagnostics that spell out their edit, and grid-aware completion values.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { applyEdits, completionLabels, hoverText, serviceWith } from '../../server/cursor.js';
import { memoryHost } from '../../../model/workspace.js';
import { checkFiles } from '../../../systems/index.js';
import { pairHits, pairOdds } from '../../../systems/tactical-grid/engine/report.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

function hints(text: string): { line: number; character: number; label: string; tooltip: string }[] {
  const { ls, uri } = serviceWith(text);
  return ls.inlayHints(uri, ALL).map((h) => ({
    line: h.position.line,
    character: h.position.character,
    label: String(h.label),
    tooltip: typeof h.tooltip === 'object' ? h.tooltip.value : String(h.tooltip ?? ''),
  }));
}

describe('Tactical Grid editor: inlay hints', () => {
  it('TG-N1 TG-N2 TG-N3 TG-N4: each sheet of the sample bestiary shows the speed, range, Attack and Defense its comment writes by hand', () => {
    const text = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
    const lines = text.split('\n');
    const all = hints(text);
    let compared = 0;
    lines.forEach((l, i) => {
      const m = /^character ("[^"]+"|\w+) \{\s+# (.*)$/.exec(l);
      if (!m) return;
      const h = all.find((x) => x.line === i);
      assert.ok(h, `a hint on line ${i + 1}`);
      // placed like Heart Rush's: right after the name
      assert.equal(h.character, l.indexOf(m[1]) + m[1].length);
      for (const [, word, n] of m[2].matchAll(/(speed|range|attack|defense) (\d+)/g)) {
        const label = { speed: 'speed ', range: 'range ', attack: 'Attack \\+', defense: 'Defense \\+' }[word]!;
        assert.match(h.label, new RegExp(`${label}${n}\\b`), `${m[1]}: ${word} ${n} in "${h.label}"`);
        compared++;
      }
    });
    assert.ok(compared >= 14, `compared ${compared} numbers`);
  });

  it('TG-N10 TG-N11: the tooltip says how each number came about, assumed stats and homebrew overrides included', () => {
    const [h] = hints('system tactical-grid\ncharacter X { agi 3 per 2 com 4 speed 9 }\n');
    assert.equal(h.label, 'speed 9 · range 2 · Attack +5 · Defense +2');
    assert.match(h.tooltip, /Speed 9, declared \(TG-N11 homebrew\)/);
    assert.match(h.tooltip, /Attack \+COM 4 \+ 1 = 5/);
    assert.match(h.tooltip, /Defense \+TOU 1 \(assumed, TG-N10\) \+ 1 = 2/);
    assert.match(h.tooltip, /tactics 1, effects 1, support 1, analysis 1, reactions 1/);
  });

  it('TG-R4 TG-P2: an NPC shows the banes a failed roll against its difficulty brings, and its pools (none unless declared)', () => {
    const [raider, chief, brute] = hints(
      'system tactical-grid\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\ncharacter Chief { difficulty 19 health 5 speed 4 range 3 }\ncharacter Brute { difficulty 10 health 5 speed 4 range 1 tactics 2 }\n',
    );
    assert.equal(raider.label, '2 banes per failed roll · no pools');
    assert.match(raider.tooltip, /4 on a critical failure/);
    assert.equal(chief.label, '4 banes per failed roll · no pools');
    assert.equal(brute.label, '1 bane per failed roll · tactics 2');
    assert.match(brute.tooltip, /homebrew/);
  });

  it('hints only the characters of the file asked about', () => {
    const lib = 'system tactical-grid\ncharacter Ryn { agi 3 per 1 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2 }\n';
    const { ls, uri } = serviceWith(
      'system tactical-grid\nuse "lib.aces"\ncharacter Tam { agi 2 per 4 com 3 tou 2 pro 1 special 1 wis 3 int 2 cha 2 }\n',
      { 'lib.aces': lib },
    );
    assert.deepEqual(
      ls.inlayHints(uri, ALL).map((h) => [h.position.line, String(h.label)]),
      [[2, 'speed 5 · range 4 · Attack +4 · Defense +3']],
    );
  });
});

/** Every quick fix offered in the file: its title, the file it makes, and the diagnostics it answers. */
function fixes(text: string): { title: string; result: string; codes: string[] }[] {
  const { ls, uri } = serviceWith(text);
  return ls.codeActions(uri, ALL).map((a) => ({
    title: a.title,
    result: applyEdits(text, a.edit!.changes![uri]),
    codes: (a.diagnostics ?? []).map((d) => String(d.code)),
  }));
}
function diags(text: string): { code: string; severity: number; message: string }[] {
  const { ls, uri } = serviceWith(text);
  return ls
    .diagnostics(uri)
    .map((d) => ({ code: String(d.code), severity: d.severity ?? 0, message: String(d.message) }));
}

const SHEET = 'agi 2  per 2  com 2  tou 2  pro 1  special 1  wis 1  int 1  cha 1';
const NPC = 'difficulty 13  health 3  speed 5  range 1';
/** A clean encounter; `$HERO`, `$FOE` and the map's rows are what each case breaks. */
function scene(o: { hero?: string; foe?: string; map?: string; side?: string; grid?: string } = {}): string {
  const map = o.map ?? `  map {\n    grid ${o.grid ?? 'square'}\n    row "......"\n    row "......"\n  }\n`;
  return `system tactical-grid\nencounter E {\n${map}  side heroes { ${o.side ?? 'Hero at a1 facing east'} }\n  side foes { Foe at f2 facing west }\n}\ncharacter Hero {\n  ${o.hero ?? SHEET}\n}\ncharacter Foe { ${o.foe ?? NPC} }\n`;
}

/** Applies the fix titled `title` and checks the diagnostic it answers (`code`, matching `what`) is gone; returns the new file. */
function applyFix(text: string, title: string | RegExp, code: string, what: RegExp): string {
  const before = diags(text).filter((d) => d.code === code && what.test(d.message));
  assert.equal(before.length, 1, `one ${code} ${what} in ${JSON.stringify(diags(text))}`);
  const all = fixes(text);
  const f = all.find((x) => (typeof title === 'string' ? x.title === title : title.test(x.title)));
  assert.ok(f, `fix ${title} among ${JSON.stringify(all.map((x) => x.title))}`);
  assert.ok(f.codes.includes(code), `the fix answers ${code}`);
  const after = diags(f.result);
  assert.deepEqual(
    after.filter((d) => d.code === code && what.test(d.message)),
    [],
    f.result,
  );
  return f.result;
}

describe('Tactical Grid editor: quick fixes (each leaves a file without its diagnostic)', () => {
  it("TG-P1: an NPC missing health, speed and range gets them with the rule's example numbers", () => {
    const out = applyFix(
      scene({ foe: 'difficulty 13  range 1' }),
      'Add `health 3  speed 5`',
      'TG-P1',
      /has no health, speed/,
    );
    assert.match(out, /character Foe \{ difficulty 13  range 1; health 3  speed 5 \}/);
    assert.deepEqual(diags(out), []);
  });

  it('TG-P1: `health` on a sheet is removed', () => {
    const out = applyFix(
      scene({ hero: `${SHEET}\n  health 3` }),
      /^Remove `health`/,
      'TG-P1',
      /has `health` but no `difficulty`/,
    );
    assert.ok(out.includes(`  ${SHEET}\n}`), out);
    assert.deepEqual(diags(out), []);
  });

  it('TG-N10: stats left out are written as the assumed 1s; a negative drive or pool becomes 0', () => {
    const out = applyFix(
      scene({ hero: 'agi 3  com 4' }),
      'Write the assumed stats: `per 1 tou 1 pro 1 special 1 wis 1 int 1 cha 1`',
      'TG-N10',
      /does not state/,
    );
    assert.match(out, /  agi 3  com 4\n  per 1  tou 1  pro 1  special 1  wis 1  int 1  cha 1\n/);
    assert.deepEqual(diags(out), []);
    assert.deepEqual(
      diags(applyFix(scene({ hero: `${SHEET}  drive -1` }), 'Write `drive 0`', 'TG-N10', /drive cannot be negative/)),
      [],
    );
    applyFix(scene({ hero: `${SHEET}  tactics -2` }), 'Write `tactics 0`', 'TG-N10', /pool cannot be negative/);
  });

  it('TG-N1: a negative speed becomes `speed 0`', () => {
    const out = applyFix(
      scene({ foe: 'difficulty 13  health 3  speed -2  range 1' }),
      'Write `speed 0` (immobile)',
      'TG-N1',
      /cannot be negative/,
    );
    assert.match(out, /speed 0  range 1/);
    assert.ok(!diags(out).some((d) => d.severity === 1), 'no error left');
  });

  it('TG-D1 TG-N11: stress boxes below 1 and a number that differs from its formula are removed', () => {
    assert.deepEqual(
      diags(
        applyFix(
          scene({ hero: `${SHEET}\n  stress 0` }),
          'Remove `stress 0` (stress boxes are assumed 6)',
          'TG-D1',
          /stress boxes/,
        ),
      ),
      [],
    );
    const out = applyFix(
      scene({ hero: `${SHEET}  speed 9  attack 3` }),
      'Remove `speed 9` and use its formula (TG-N11)',
      'TG-N11',
      /speed 9 differs/,
    );
    assert.ok(out.includes(`  ${SHEET}  attack 3\n`), out);
  });

  it('TG-R3: a tag with no stars gets 2', () => {
    const out = applyFix(
      scene({ foe: `${NPC}  tag "Rusty Axe"  melee` }),
      'Give the tag 2 stars',
      'TG-R3',
      /has no stars/,
    );
    assert.match(out, /tag "Rusty Axe" 2  melee/);
    assert.deepEqual(diags(out), []);
  });

  it("TG-G1: a short row is padded with `.` to row 1's width; a missing map is added, big enough for every placement", () => {
    const short = scene({ map: '  map {\n    grid square\n    row "......"\n    row ". ."\n  }\n' });
    const out = applyFix(short, 'Pad the row with `.` to 6 squares', 'TG-G1', /Row 2 has 2 squares/);
    assert.match(out, /row "\. \.\.\.\.\."/);
    assert.deepEqual(diags(out), []);
    const none = scene({ map: '', side: 'Hero at a1 facing east  Hero2 at j3' }).replace(
      'character Foe',
      'character Hero2 { difficulty 12  health 2  speed 4  range 1 }\ncharacter Foe',
    );
    const added = applyFix(none, 'Add a map of 10 × 3 open squares', 'TG-G1', /has no map/);
    assert.match(
      added,
      /\n  side foes \{ Foe at f2 facing west \}\n  map \{\n    grid square\n    row "\.{10}"\n    row "\.{10}"\n    row "\.{10}"\n  \}\n\}/,
    );
    assert.deepEqual(diags(added), []);
    // an encounter whose name is quoted gets the map too, not its name replaced by one
    const quoted = applyFix(
      none.replace('encounter E {', 'encounter "The Crypt" {'),
      'Add a map of 10 × 3 open squares',
      'TG-G1',
      /has no map/,
    );
    assert.match(quoted, /encounter "The Crypt" \{/);
    assert.ok(
      !fixes(none.replace('encounter E {', 'encounter "The Crypt" {')).some((f) => f.title.startsWith('Pad the row')),
    );
  });

  it('TG-G3: more squares than copies sets the count that matches them', () => {
    const one = applyFix(
      scene({ side: 'Hero at a1, a2 facing east' }),
      'Place 2 copies',
      'TG-G3',
      /1 copy but 2 squares/,
    );
    assert.match(one, /Hero x2 at a1, a2 facing east/);
    assert.deepEqual(diags(one), []);
    const two = applyFix(scene({ side: 'Hero x2 at a1, a2, b1' }), 'Place 3 copies', 'TG-G3', /2 copies but 3 squares/);
    assert.match(two, /Hero x3 at a1, a2, b1/);
    assert.deepEqual(diags(two), []);
    // fewer squares than copies: which squares is the GM's call, so no fix
    assert.ok(!fixes(scene({ side: 'Hero x3 at a1, a2' })).some((f) => f.codes.includes('TG-G3')));
  });

  it('TG-F1 TG-F2: a facing of the other grid offers the two nearest facings of this grid', () => {
    const sq = scene({ side: 'Hero at a1 facing north-east' });
    assert.deepEqual(
      fixes(sq)
        .filter((f) => f.codes.includes('TG-F1'))
        .map((f) => f.title),
      ["Change to 'north'", "Change to 'east'"],
    );
    assert.deepEqual(diags(applyFix(sq, "Change to 'north'", 'TG-F1', /hex facing/)), []);
    const hex = scene({ grid: 'hex', side: 'Hero at a1 facing south' });
    assert.deepEqual(
      fixes(hex)
        .filter((f) => f.codes.includes('TG-F2'))
        .map((f) => f.title),
      ["Change to 'south-west'", "Change to 'south-east'"],
    );
    assert.deepEqual(diags(applyFix(hex, "Change to 'south-east'", 'TG-F2', /square facing/)), []);
  });

  it("an unknown character gets a stub at the end of the file: an NPC with TG-P1's example numbers", () => {
    const text = scene({ side: 'Hero at a1  "Cave Troll" at a2' });
    const out = applyFix(text, "Create character 'Cave Troll'", 'unknown-name', /Cave Troll/);
    assert.ok(out.endsWith('\ncharacter "Cave Troll" { difficulty 13  health 3  speed 5  range 1 }\n'), out);
    assert.deepEqual(diags(out), []);
  });
});

describe('Tactical Grid editor: completion values of a placement', () => {
  // through the language service: the shell asks the system for a placement key's argument (context placement)
  const values = (text: string): string[] => completionLabels(text);

  it("TG-F1 TG-F2: `facing` offers only the facings of the encounter's grid, even when its rows have errors", () => {
    const facing = { side: 'Hero at a1 facing <|>' };
    assert.deepEqual(values(scene(facing)), ['north', 'east', 'south', 'west']);
    assert.deepEqual(values(scene({ ...facing, grid: 'hex' })), [
      'east',
      'north-east',
      'north-west',
      'west',
      'south-west',
      'south-east',
    ]);
    const ragged = scene({ ...facing, map: '  map {\n    grid hex\n    row "......"\n    row "..."\n  }\n' });
    assert.deepEqual(values(ragged), ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east']);
  });

  it('TG-G1 TG-K2 TG-G3: `at` offers the squares one may start on: on the map, no obstacle unless enterable, not taken', () => {
    const text = scene({
      map: '  map {\n    grid square\n    row ".#x^"\n    row "~..2"\n    legend "x" { enterable }\n  }\n',
      side: 'Hero at a1  Foe at <|>',
    }).replace('Foe at f2', 'Foe at d2');
    assert.deepEqual(values(text), ['c1', 'd1', 'a2', 'b2', 'c2']);
  });
});

describe('Tactical Grid editor: hovers on a number (TG-O2)', () => {
  // brute force over the 20 faces, from the rule's words: a natural 20 always succeeds, a natural 1 always fails,
  // else face + modifier against the difficulty (TG-R1, TG-R2)
  const byFaces = (mod: number, difficulty: number): string => {
    let n = 0;
    for (let face = 1; face <= 20; face++) if (face === 20 || (face !== 1 && face + mod >= difficulty)) n++;
    return `${((100 * n) / 20).toFixed(1)}%`;
  };
  const text = (npc: string, pc: string) =>
    `system tactical-grid\ncharacter Raider { ${npc} }\ncharacter Ryn { ${pc} }\nencounter E {\n  map { row "......" row "......" }\n  side a { Ryn at a1 }\n  side b { Raider at f2 }\n}\n`;
  const PC = 'agi 3 per 1 com 4 tou 2 pro 2 special 2 cha 2';

  it("TG-O2 TG-R4: an NPC's difficulty shows the banes of a failure and the chance to hit it at modifiers 2–11, exact", () => {
    const h = hoverText(text('difficulty 1<|>4 health 3 speed 5 range 1', PC));
    assert.match(h, /costs 2 stress \(4 on a critical failure, TG-R4\)/);
    const row = /\| P\(success\) \| (.*) \|/.exec(h)![1].split(' | ');
    assert.deepEqual(
      row,
      Array.from({ length: 10 }, (_, i) => byFaces(i + 2, 14)),
    );
  });

  it("TG-O2 TG-N3 TG-N4: a sheet's com and tou show its Attack and Defense and the exact chances against the NPCs it meets", () => {
    const com = hoverText(text('difficulty 13 health 3 speed 5 range 1', PC.replace('com 4', 'co<|>m 4')));
    assert.match(com, /Attack \+5 \(TG-N3\)/);
    assert.match(com, new RegExp(`\\| Raider \\(difficulty 13\\) \\| ${byFaces(5, 13).replace('.', '\\.')} \\|`));
    const tou = hoverText(text('difficulty 13 health 3 speed 5 range 1', PC.replace('tou 2', 'tou <|>2')));
    assert.match(tou, /Defense \+3 \(TG-N4\)/);
    const defends = Number(byFaces(3, 13).slice(0, -1));
    assert.match(
      tou,
      new RegExp(`\\| Raider \\(difficulty 13\\) \\| ${(100 - defends).toFixed(1).replace('.', '\\.')}% \\|`),
    );
  });
});

describe("Tactical Grid editor: the placement hover shows the engine's figures (issue 34 item 9)", () => {
  const text = (hero: string, brute: string) => `system tactical-grid
character Hero { agi 3 per 4 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2  melee }
character Brute { difficulty 12  health 3  speed 4  range 1  melee }
encounter Alley {
  map { row "......" row "......" row "......" }
  side heroes { ${hero} }
  side foes { ${brute} }
}
`;
  /** The engine's pair `aces odds --exact` prints (engine/report.ts), for the same file. */
  const exact = (src: string, a: string, t: string) => {
    const r = checkFiles(['a.aces'], memoryHost({ 'a.aces': src.replace('<|>', '') }));
    const enc = r.encountersByFile.get('a.aces')![0] as unknown as { encounter: Encounter };
    const p = pairOdds(enc.encounter).find((x) => x.attacker === a && x.target === t)!;
    const f = pairHits(p);
    return { p, hits: `${((100 * Number(f.n)) / Number(f.d)).toFixed(1)}%` };
  };

  it('TG-L5 TG-N2: a `melee` combatant 3 squares away with a clear line is not "in range" (its attacks reach 1)', () => {
    const src = text('He<|>ro at a2 facing east', 'Brute at d2 facing west');
    const h = hoverText(src);
    assert.match(h, /\| Brute \(d2\) \| 3 \| clear \|/, h);
    assert.match(h, /range [2-9] \(melee: attacks reach 1, TG-L5\)/);
    assert.equal(exact(src, 'Hero', 'Brute').p.inReach, false);
  });

  it("TG-A3 TG-X2 TG-O1: the enemy's tactics raise its difficulty in 'it hits Hero', as `--exact` has it (Backstab: 45%, not 40%)", () => {
    // the Brute stands behind the Hero, who faces east: Backstab, difficulty 12 + 1 against Defense +3
    const src = text('He<|>ro at b2 facing east', 'Brute at a2 facing east');
    const h = hoverText(src);
    const { p, hits } = exact(src, 'Brute', 'Hero');
    assert.deepEqual(p.tactics, ['backstab']);
    const row = /\| Brute \(a2\) \| 1 · adjacent \| clear \| [^|]* \| [^|]* \| ([^|]*) \|/.exec(h);
    assert.ok(row, h);
    assert.equal(row[1].trim(), hits);
    // brute force from the rule's words: the Hero's d20 + 3 fails against 13 on faces 1 … 9 (TG-R1)
    let fails = 0;
    for (let face = 1; face <= 20; face++) if (face !== 20 && (face === 1 || face + 3 < 13)) fails++;
    assert.equal(hits, `${((100 * fails) / 20).toFixed(1)}%`);
  });
});
