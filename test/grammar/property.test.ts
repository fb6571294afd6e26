import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse, type Range, type Statement } from '../../grammar/index.js';
import { checkText } from '../helpers.js';
import { fightCount } from '../deep.js';

/** Inputs of each property: 500 in the unit suite, 1,500 under ACES_DEEP=1 (test/deep.ts). */
const RUNS = fightCount('GRAMMAR_RUNS', 500, 1500);

const FRAGMENTS = [
  'encounter',
  'zone',
  'side',
  'character',
  'weapon',
  'technique',
  'deck',
  'use',
  '"x.aces"',
  'Kael',
  'Thug',
  'x3',
  'at',
  'adjacent',
  'height',
  '20ft',
  'drop',
  'soft',
  'heart',
  'body',
  'mind',
  'spirit',
  'vitality',
  'armor',
  'guard',
  'wields',
  'offhand',
  'melee',
  'ranged',
  'light',
  'heavy',
  'improvised',
  'thrown',
  'cost',
  'stat',
  'cards',
  '10♣',
  'QS',
  'A♥',
  '7D',
  'stacked',
  'homebrew',
  '+2',
  '-1',
  '0',
  '99999999999999999999',
  '{',
  '}',
  '{',
  '}',
  ',',
  ';',
  '\n',
  '\r\n',
  ' ',
  '  ',
  '#c',
  '"str',
  '"',
  '@',
  '\\',
  '😀',
  'é',
  '\t',
  'seed',
  'rounds',
  'options',
  'link-strikes',
  'team-ultimates',
  'player',
];

function assertRangesInside(text: string, ranges: Range[]): void {
  for (const r of ranges) {
    assert.ok(
      r.start.offset >= 0 && r.end.offset <= text.length,
      `range ${r.start.offset}-${r.end.offset} outside 0-${text.length}`,
    );
    assert.ok(r.start.offset <= r.end.offset, 'range start after end');
    assert.ok(r.start.line >= 0 && r.start.character >= 0);
  }
}

function treeRanges(statements: Statement[]): Range[] {
  const out: Range[] = [];
  for (const s of statements) {
    out.push(s.range, ...s.terms.map((t) => t.range));
    if (s.block) out.push(s.block.range, ...treeRanges(s.block.statements));
  }
  return out;
}

function checkAll(text: string): void {
  const r = parse(text);
  assertRangesInside(text, [r.file.range, ...r.errors.map((e) => e.range), ...treeRanges(r.file.statements)]);
  const c = checkText(text, 'fuzz.aces', { 'x.aces': text.slice(0, 200) });
  assertRangesInside(
    text,
    c.diagnostics.filter((d) => d.file === 'fuzz.aces').map((d) => d.range),
  );
  for (const d of c.diagnostics) assert.ok(d.message.length > 0 && d.code.length > 0);
}

const samples = readdirSync('samples')
  .filter((f) => f.endsWith('.aces'))
  .map((f) => readFileSync(`samples/${f}`, 'utf8'));

describe('grammar + checker: property tests (fast-check)', () => {
  it('random token soup never throws and every range lies inside the document', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 120 }), (parts) => checkAll(parts.join(' '))),
      { numRuns: RUNS },
    );
  });

  it('random unicode strings never throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => checkAll(s)),
      { numRuns: RUNS },
    );
  });

  it('mutated samples (deletions, insertions, swaps) never throw and keep ranges inside', () => {
    const mutation = fc.record({
      sample: fc.nat(samples.length - 1),
      at: fc.nat(),
      len: fc.nat(40),
      insert: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (muts) => {
        let text = samples[muts[0].sample];
        for (const m of muts) {
          const at = text.length ? m.at % text.length : 0;
          text = text.slice(0, at) + m.insert.join(' ') + text.slice(at + m.len);
        }
        checkAll(text);
      }),
      { numRuns: RUNS },
    );
  });
});
