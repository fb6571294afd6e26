// model/roster.ts in every system: each side once, copies numbered across the encounter, one combatant limit, one
// turn limit.
import assert from 'node:assert/strict';
import { checkText } from '../../systems/index.js';
import { MAX_COMBATANTS, MAX_TURNS } from '../../model/roster.js';

/** One encounter `E` of each system, its sides' placement lines written by `a` and `b` (the system's own syntax). */
interface Lang {
  id: string;
  text(a: string[], b: string[], extra?: string): string;
  /** `n` copies of `name`, the `k`-th line of copies (each line stands apart from the others). */
  copies(name: string, n: number, k: number): string;
}

const LANGS: Lang[] = [
  {
    id: 'halcyon-aces',
    text: (a, b, extra = '') =>
      `character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\ncharacter B { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a {\n${a.join('\n')}\n  }\n  side b {\n${b.join('\n')}\n  }\n${extra}}\n`,
    copies: (name, n) => `${name}${n > 1 ? ` x${n}` : ''} at z`,
  },
  {
    id: 'heart-rush',
    text: (a, b, extra = '') =>
      `system heart-rush\ncharacter A { hp 10 }\ncharacter B { hp 10 }\nencounter E {\n  side a {\n${a.join('\n')}\n  }\n  side b {\n${b.join('\n')}\n  }\n${extra}}\n`,
    copies: (name, n, k) => `${name}${n > 1 ? ` x${n}` : ''} at 0ft ${(k + (name === 'B' ? 40 : 0)) * 5}ft`,
  },
  {
    id: 'arcana',
    text: (a, b, extra = '') =>
      `system arcana\ncharacter A { strength 2 finesse 2 agility 2 alertness 2 }\ncharacter B { strength 2 finesse 2 agility 2 alertness 2 }\nencounter E {\n  side a {\n${a.join('\n')}\n  }\n  side b {\n${b.join('\n')}\n  }\n${extra}}\n`,
    copies: (name, n) => `${name}${n > 1 ? ` x${n}` : ''}`,
  },
  {
    id: 'tactical-grid',
    // 16 columns (a … p) × 16 rows: room for every copy on a square of its own
    text: (a, b, extra = '') =>
      `system tactical-grid\ncharacter A { agi 2 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1 }\ncharacter B { difficulty 13 health 3 speed 5 range 1 }\nencounter E {\n  map {\n${'    row "................"\n'.repeat(16)}  }\n  side a {\n${a.join('\n')}\n  }\n  side b {\n${b.join('\n')}\n  }\n${extra}}\n`,
    copies: (name, n, k) => {
      const row = name === 'B' ? 16 - k : k + 1;
      const squares = Array.from(
        { length: n },
        (_, i) => `${String.fromCharCode(97 + (i % 16))}${row + Math.floor(i / 16) * (name === 'B' ? -1 : 1)}`,
      );
      return `${name}${n > 1 ? ` x${n}` : ''} at ${squares.join(', ')}`;
    },
  },
];

function check(text: string) {
  const r = checkText(text, 'main.aces');
  const encounter = r.encountersByFile.get('main.aces')?.find((e) => e.name === 'E');
  return {
    diagnostics: r.diagnostics.filter((d) => d.file === 'main.aces'),
    ids: encounter?.combatants.map((c) => c.id),
  };
}

describe('model/roster: who fights, the same in every system', () => {
  for (const L of LANGS) {
    it(`${L.id}: a stat block placed once keeps its name; placed more than once, its copies are numbered across lines and sides`, () => {
      const r = check(L.text([L.copies('A', 2, 0), L.copies('B', 1, 0)], [L.copies('A', 1, 1)]));
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      assert.deepEqual(r.ids, ['A 1', 'A 2', 'B', 'A 3']);
    });

    it(`${L.id}: a side declared twice is one duplicate-name error on the second, whose placements are left out`, () => {
      const text = L.text([L.copies('A', 1, 0)], [L.copies('B', 1, 0)], `  side a {\n${L.copies('B', 1, 1)}\n  }\n`);
      const r = check(text);
      const dup = r.diagnostics.filter((d) => d.code === 'duplicate-name');
      assert.equal(dup.length, 1);
      assert.equal(dup[0].message, "Side 'a' is declared twice in this encounter; merge them or rename one.");
      const sideLines = text.split('\n').flatMap((l, i) => (l.trim() === 'side a {' ? [i] : []));
      assert.equal(dup[0].range.start.line, sideLines[1], 'reported on the second `side a`');
      // the left-out side counts for nothing, its B included
      assert.deepEqual(r.ids, ['A', 'B']);
    });

    it(`${L.id}: past ${MAX_COMBATANTS} combatants one limit error names the encounter, on the placement that overflows`, () => {
      // lines of 16 copies: the 13th line holds the 193rd … 208th
      const lines = Array.from({ length: 13 }, (_, k) => L.copies('A', 16, k));
      const text = L.text(lines, [L.copies('B', 1, 0)]);
      const r = check(text);
      const limit = r.diagnostics.filter((d) => d.code === 'limit');
      assert.equal(limit.length, 1, limit.map((d) => d.message).join('\n'));
      assert.equal(
        limit[0].message,
        `More than ${MAX_COMBATANTS} combatants in encounter 'E'; split it into several encounters.`,
      );
      assert.equal(limit[0].range.start.line, text.split('\n').indexOf('  side a {') + 1 + 12);
    });

    it(`${L.id}: rounds × combatants past ${MAX_TURNS.toLocaleString('en-US')} is one limit error on \`rounds\`, in the same words; at the limit none`, () => {
      // rounds go up to 10,000: 11 combatants pass the limit, 10 stand at it
      const over = L.text([L.copies('A', 10, 0)], [L.copies('B', 1, 0)], '  rounds 10000\n'),
        at = L.text([L.copies('A', 9, 0)], [L.copies('B', 1, 0)], '  rounds 10000\n');
      const limit = check(over).diagnostics.filter((d) => d.code === 'limit');
      assert.equal(limit.length, 1, limit.map((d) => d.message).join('\n'));
      assert.equal(
        limit[0].message,
        '10000 rounds × 11 combatants = 110000 turns in one combat; the limit is 100,000. Lower `rounds` (a fight nobody wins stops there) or split the encounter.',
      );
      assert.equal(limit[0].range.start.line, over.split('\n').indexOf('  rounds 10000'));
      assert.deepEqual(
        check(at).diagnostics.filter((d) => d.code === 'limit'),
        [],
      );
    });
    it(`${L.id}: a stat block named "A 2" placed beside \`A x2\` would be a second "A 2": one duplicate-name error on its placement, the same words in every system`, () => {
      // a third character, "A 2", with A's numbers
      const base = L.text([L.copies('A', 2, 0)], [L.copies('B', 1, 0), L.copies('"A 2"', 1, 2)]);
      const aLine = base.split('\n').find((l) => l.startsWith('character A {'))!;
      const text = base.replace(aLine, `${aLine}\n${aLine.replace('character A {', 'character "A 2" {')}`);
      const dup = check(text).diagnostics.filter((d) => d.code === 'duplicate-name');
      assert.equal(dup.length, 1, dup.map((d) => d.message).join('\n'));
      assert.equal(
        dup[0].message,
        `Two combatants of 'E' would both be called 'A 2' (copies are numbered "Name 1", "Name 2", …); rename the character 'A 2'.`,
      );
      const line = text.split('\n').findIndex((l) => l.trim() === L.copies('"A 2"', 1, 2));
      assert.equal(dup[0].range.start.line, line, 'on the placement of "A 2"');
      // without the clash (the character named "A two") no such error
      const fine = text.replaceAll('"A 2"', '"A two"');
      assert.deepEqual(
        check(fine).diagnostics.filter((d) => d.code === 'duplicate-name'),
        [],
      );
    });
  }
});
