// Tactical Grid quick fixes (EditorContributions.fixes), keyed by rule id and
// never by message text: each is the edit its diagnostic's message spells out.
// Where the edit needs a number only the checker knows (a short row's width,
// the count of squares given, a map big enough for the placements), the
// checker hands it over as the diagnostic's suggestion (check.ts) and these
// fixes own those suggestions, so the shell offers no did-you-mean with them.
// A facing of the other grid (TG-F1/F2) carries this grid's nearest facings as
// plain suggestions, which the shell's did-you-mean writes as bare words.

import type { Range } from '../../../grammar/ast.js';
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { FixData, FixEdit, FixQuery } from '../../../model/system.js';

/** Suggestions these fixes write themselves: a padded row or a whole map (TG-G1), a copy count (TG-G3). */
export function tgOwnsSuggestions(d: Diagnostic): boolean {
  return d.code === 'TG-G1' || d.code === 'TG-G3';
}

const STATS = ['agi', 'per', 'com', 'tou', 'pro', 'special', 'wis', 'int', 'cha'];
const POOLS = ['tactics', 'effects', 'support', 'analysis', 'reactions'];
/** TG-P1's example numbers, written for what an NPC lacks. */
const NPC_EXAMPLE: Readonly<Record<string, string>> = { health: 'health 3', speed: 'speed 5', range: 'range 1' };

/**
 * Deletes an attribute: its whole line when nothing else is on it, else the attribute and the spaces
 * before it (so `agi 3  speed 9  per 2` becomes `agi 3  per 2`).
 */
function removal(q: FixQuery, r: Range): FixEdit {
  const line = q.lineText(r.start.line);
  const lineStart = r.start.offset - r.start.character;
  if (r.start.line === r.end.line && (line.slice(0, r.start.character) + line.slice(r.end.character)).trim() === '') {
    const hasNext = lineStart + line.length < q.text.length;
    const at = (offset: number, l: number, c: number) => ({ offset, line: l, character: c });
    return hasNext
      ? {
          range: { start: at(lineStart, r.start.line, 0), end: at(lineStart + line.length + 1, r.start.line + 1, 0) },
          text: '',
        }
      : { range: { start: at(lineStart, r.start.line, 0), end: r.end }, text: '' };
  }
  // the spaces just before it, counted back from it: `/[ \t]*$/` over the line before it tried every start in a run
  // of spaces, so 100,000 spaces earlier on the line took 23 s (quadratic)
  let spaces = 0;
  while (
    spaces < r.start.character &&
    (line[r.start.character - spaces - 1] === ' ' || line[r.start.character - spaces - 1] === '\t')
  )
    spaces++;
  return {
    range: {
      start: { ...r.start, character: r.start.character - spaces, offset: r.start.offset - spaces },
      end: r.end,
    },
    text: '',
  };
}

export function tgFixes(q: FixQuery): FixData[] {
  const d = q.diagnostic;
  const out: FixData[] = [];
  const covered = q.text.slice(d.range.start.offset, d.range.end.offset);
  const word = /^[a-z-]+/.exec(covered)?.[0] ?? '';
  const def = q.definition;
  const add = (title: string, line: string): void => {
    if (def) out.push({ title, preferred: true, edits: [{ block: def.range.start.offset, line }] });
  };
  const replace = (title: string, text: string): void => {
    out.push({ title, preferred: true, edits: [{ range: d.range, text }] });
  };
  const remove = (title: string): void => {
    out.push({ title, preferred: true, edits: [removal(q, d.range)] });
  };

  switch (d.code) {
    case 'TG-P1':
      // an NPC (it has a difficulty) lacking health, speed or range: add them with the rule's example numbers
      if (def?.kind === 'character' && def.attrs.includes('difficulty')) {
        const lacking = Object.keys(NPC_EXAMPLE).filter((a) => !def.attrs.includes(a));
        if (lacking.length)
          add(
            `Add \`${lacking.map((a) => NPC_EXAMPLE[a]).join('  ')}\``,
            lacking.map((a) => NPC_EXAMPLE[a]).join('  '),
          );
      }
      // `health` on a sheet (no difficulty): remove it (a sheet has stress boxes)
      if (!def && word === 'health') remove('Remove `health` (a sheet has stress boxes, TG-D1)');
      break;
    case 'TG-N10':
      // stats left out: write the assumed 1s
      if (def?.kind === 'character') {
        const missing = STATS.filter((s) => !def.attrs.includes(s));
        if (missing.length)
          add(
            `Write the assumed stats: \`${missing.map((s) => `${s} 1`).join(' ')}\``,
            missing.map((s) => `${s} 1`).join('  '),
          );
      }
      // a negative drive or pool: none is 0
      if (!def && (word === 'drive' || POOLS.includes(word))) replace(`Write \`${word} 0\``, `${word} 0`);
      break;
    case 'TG-N1':
      if (word === 'speed' && /^speed\s+-/.test(covered)) replace('Write `speed 0` (immobile)', 'speed 0');
      break;
    case 'TG-D1':
      // a character's (or the rules') stress boxes below 1: remove them for the assumed 6
      if (word === 'stress') remove(`Remove \`${covered}\` (stress boxes are assumed 6)`);
      break;
    case 'TG-N11':
      // a declared number that differs from its formula: remove it to use the formula
      remove(`Remove \`${covered}\` and use its formula (TG-N11)`);
      break;
    case 'TG-R3':
      // a tag with no stars: give it the example's 2, right after its name
      if (word === 'tag' && !/\d/.test(covered.replace(/"[^"]*"/g, ''))) {
        out.push({
          title: 'Give the tag 2 stars',
          preferred: true,
          edits: [{ range: { start: d.range.end, end: d.range.end }, text: ' 2' }],
        });
      }
      break;
    case 'TG-G1': {
      const s = d.suggestions?.[0];
      if (!s) break;
      // the suggestion says which: a whole map for an encounter without one (whose name may be quoted too), else
      // the padded row for the short row the diagnostic covers
      if (!s.startsWith('map')) {
        if (covered.startsWith('"'))
          replace(`Pad the row with \`.\` to ${s.replace(/ /g, '').length} squares`, JSON.stringify(s));
      } else {
        const rows = (s.match(/row /g) ?? []).length;
        const w = /row "(\.*)"/.exec(s)?.[1].length ?? 0;
        out.push({
          title: `Add a map of ${w} × ${rows} open squares`,
          preferred: true,
          edits: [{ block: d.range.start.offset, line: s }],
        });
      }
      break;
    }
    case 'TG-G3': {
      const s = d.suggestions?.[0];
      if (!s) break;
      // more squares than copies: the count that matches them (written, or inserted before `at`)
      if (/^x\d+$/.test(covered)) replace(`Place ${s.slice(1)} copies`, s);
      else if (covered.startsWith('at'))
        out.push({
          title: `Place ${s.slice(1)} copies`,
          preferred: true,
          edits: [{ range: { start: d.range.start, end: d.range.start }, text: `${s} ` }],
        });
      break;
    }
  }
  return out;
}

/** The stub of an unknown character, written at the end of the file: an NPC with TG-P1's example numbers. */
export const TG_STUBS: Readonly<Record<string, (name: string) => string>> = {
  character: (n) => `character ${n} { difficulty 13  health 3  speed 5  range 1 }`,
};
