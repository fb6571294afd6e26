// Heart Rush quick fixes (EditorContributions.fixes), keyed by rule id or fix
// id, never by message text: each makes the edit its diagnostic's message
// spells out, and the diagnostic is gone in the file it makes. A distance off
// the 5-ft grid becomes one of its two nearest multiples (HR-P1); a character
// gets its `hp 20` (HR-N3), a weapon its die (HR-N10), a dice script its rolls
// (HR-D5); a melee weapon's `range` becomes `reach` and back (HR-P2); negative
// hands or rush become 0 (HR-N7, HR-N8); a weapon needing more hands gets them
// (HR-N7); a surprised placement drops `hidden` (HR-S1); a placement with no
// square gets a free one (`place-at`); an encounter attribute sharing its line
// with a side gets a line of its own (`own-line`). Also the stub an unknown
// name's fix writes (EditorContributions.stubs).
//
// The fixes read the file's text only to find the exact words to change inside
// the diagnostic's own range or the block around it; comments and strings are
// masked first, so a `#` note or a quoted name never matches.

import type { Position, Range } from '../../../grammar/ast.js';
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { FixData, FixQuery } from '../../../model/system.js';
import { MIN_REACH_FIX, OWN_LINE_FIX, PLACE_AT_FIX, type HRModel } from '../check.js';
import { SQUARE, type Encounter } from '../model.js';
import { placementKeyEdit } from '../../../model/fix-kit.js';

/** HR-P1 carries its two nearest multiples of 5 ft as suggestions; the fix puts one on the bad number only. */
export function hrOwnsSuggestions(d: Diagnostic): boolean {
  return d.code === 'HR-P1';
}

export function hrFixes(q: FixQuery): FixData[] {
  const d = q.diagnostic;
  const out: FixData[] = [];
  const text = masked(q.text);
  const covered = text.slice(d.range.start.offset, d.range.end.offset);
  const at = (offset: number): Position => positionAt(q.text, offset);
  const span = (start: number, end: number): Range => ({ start: at(start), end: at(end) });
  const def = q.definition;

  // HR-P1: `at 12ft 0ft` → 10ft or 15ft, on the one number between the two suggestions.
  if (d.code === 'HR-P1' && d.suggestions?.length === 2) {
    const [lo, hi] = d.suggestions.map((s) => parseInt(s, 10));
    const bad = [...covered.matchAll(/[+-]?\d+(?:ft)?/g)].find((m) => {
      const v = parseInt(m[0], 10);
      return v > lo && v < hi;
    });
    if (bad && Number.isFinite(lo) && Number.isFinite(hi)) {
      const v = parseInt(bad[0], 10);
      const start = d.range.start.offset + bad.index!;
      const range = span(start, start + bad[0].length);
      // the nearer multiple is the one to apply unasked; a tie (never: 5 is odd) would prefer neither
      for (const to of [lo, hi]) out.push({ title: `Change ${bad[0]} to ${to}ft (HR-P1)`, preferred: Math.abs(to - v) < SQUARE / 2, edits: [{ range, text: `${to}ft` }] });
    }
  }

  // HR-N3: no hit points → `hp 20`, as the message says.
  if (d.code === 'HR-N3' && def?.kind === 'character' && !def.attrs.includes('hp')) {
    out.push({ title: 'Add `hp 20` (HR-N3)', preferred: true, edits: [{ block: def.range.start.offset, line: 'hp 20' }] });
  }

  // HR-N10: a weapon with no die → `d8` beside its kind (`weapon Club { melee d8 }`), else on a line of its own.
  if (d.code === 'HR-N10' && def?.kind === 'weapon' && !def.attrs.includes('die')) {
    const body = blockAfter(text, def.range.end.offset);
    const oneLine = body && !text.slice(body.open, body.close).includes('\n');
    if (body && oneLine) {
      const inner = text.slice(body.open + 1, body.close);
      const edit = inner.trim() === '' ? { range: span(body.open, body.close + 1), text: '{ d8 }' } : { range: span(body.open + 1 + inner.trimEnd().length, body.open + 1 + inner.trimEnd().length), text: ' d8' };
      out.push({ title: 'Add the die `d8` (HR-N10)', preferred: true, edits: [edit] });
    } else out.push({ title: 'Add the die `d8` (HR-N10)', preferred: true, edits: [{ block: def.range.start.offset, line: 'd8' }] });
  }

  // HR-D5: a dice script with no rolls → `rolls 3 2 1` (faces every die has, so no roll is too big for its die).
  if (d.code === 'HR-D5' && def?.kind === 'dice' && !def.attrs.includes('rolls')) {
    out.push({ title: 'Add `rolls 3 2 1` (HR-D5)', preferred: true, edits: [{ block: def.range.start.offset, line: 'rolls 3 2 1' }] });
  }

  // HR-P2: a ranged weapon's `reach` is its `range` and a melee weapon's `range` its `reach`; or the other kind.
  const key = /^(reach|range)\b/.exec(covered)?.[1];
  if (d.code === 'HR-P2' && key && d.fix === MIN_REACH_FIX) {
    out.push({ title: `Change it to \`${key} 5ft\` (HR-P2)`, preferred: true, edits: [{ range: d.range, text: `${key} 5ft` }] });
  } else if (d.code === 'HR-P2' && key) {
    const other = key === 'reach' ? 'range' : 'reach';
    const body = enclosing(text, d.range.start.offset);
    const inBody = (re: RegExp): RegExpExecArray | undefined => {
      if (!body) return undefined;
      re.lastIndex = body.open;
      const m = re.exec(text);
      return m && m.index < body.close ? m : undefined;
    };
    // a block that already writes the other one would get it twice (the last counts): drop this one instead
    if (!inBody(new RegExp(`(?<![\\w-])${other}(?![\\w-])`, 'g'))) {
      const start = d.range.start.offset;
      out.push({ title: `Change \`${key}\` to \`${other}\` (HR-P2)`, preferred: true, edits: [{ range: span(start, start + key.length), text: other }] });
    } else out.push({ title: `Remove \`${covered.trim()}\` (HR-P2)`, edits: [{ range: removalRange(q.text, d.range), text: '' }] });
    const [kindNow, kindThen] = key === 'reach' ? ['ranged', 'melee'] : ['melee', 'ranged'];
    const kw = inBody(new RegExp(`(?<![\\w-])${kindNow}(?![\\w-])`, 'g'));
    if (kw) out.push({ title: `Make it \`${kindThen}\` (HR-P2)`, edits: [{ range: span(kw.index, kw.index + kindNow.length), text: kindThen }] });
  }

  // HR-N7 `hands -1` → `hands 0`; HR-N8 `rush -2` → `rush 0`: the value each message says to write.
  const negative = /^(hands|rush)\s+-\d+$/.exec(covered.trim());
  if (negative && ((d.code === 'HR-N7' && negative[1] === 'hands') || (d.code === 'HR-N8' && negative[1] === 'rush'))) {
    out.push({ title: `Change to \`${negative[1]} 0\` (${d.code})`, preferred: true, edits: [{ range: d.range, text: `${negative[1]} 0` }] });
  }

  // HR-N7: a weapon in `wields` that needs more hands than the character has → `hands N` in that character.
  const wielded = q.refs.find((r) => r.kind === 'weapon' && r.role === 'wields');
  if (d.code === 'HR-N7' && wielded) {
    const weapon = (q.model as HRModel | undefined)?.weapons.find((w) => w.value.name === wielded.name)?.value;
    const body = enclosing(text, d.range.start.offset);
    if (weapon && body) {
      const re = /(?<![\w-])hands\s+[+-]?\d+/g;
      re.lastIndex = body.open;
      const m = re.exec(text);
      if (m && m.index < body.close) out.push({ title: `Give it \`hands ${weapon.hands}\` (HR-N7)`, preferred: true, edits: [{ range: span(m.index, m.index + m[0].length), text: `hands ${weapon.hands}` }] });
    }
  }

  // HR-S1: surprised and hidden → drop `hidden` (the hidden strike is the one a surprised combatant cannot make).
  if (d.code === 'HR-S1' && covered === 'hidden') {
    out.push({ title: 'Remove `hidden` (HR-S1)', preferred: true, edits: [{ range: removalRange(q.text, d.range), text: '' }] });
  }
  // `field 60ft 30ft side a { … }`: break the line before the block, so the attribute is read as one.
  if (d.fix === OWN_LINE_FIX) {
    const lineEnd = text.indexOf('\n', d.range.end.offset);
    const rest = text.slice(d.range.end.offset, lineEnd < 0 ? text.length : lineEnd);
    const block = /\s+(?=(?:side|dice)\s[^{]*\{)/.exec(rest);
    if (block) {
      const lineStart = text.lastIndexOf('\n', d.range.start.offset - 1) + 1;
      const lead = /^[ \t]*/.exec(text.slice(lineStart))![0];
      // the attribute starts its line: the block goes under it; after `encounter E {`: one level deeper
      const indent = lineStart + lead.length === d.range.start.offset ? lead : `${lead}  `;
      const start = d.range.end.offset + block.index;
      out.push({ title: `Put \`${covered}\` on a line of its own`, preferred: true, edits: [{ range: span(start, start + block[0].length), text: `\n${indent}` }] });
    }
  }

  // "Where does X stand?" → the first free square (every copy's too) inside the field, scanning rows from 0 ft.
  if (d.fix === PLACE_AT_FIX) {
    const square = freeSquare(q, d);
    if (square) out.push({ title: `Place it at ${square[0]}ft ${square[1]}ft (HR-P1)`, preferred: true, edits: [placementKeyEdit(q.text, d.range, 'at', `${square[0]}ft ${square[1]}ft`)] });
  }
  return out;
}

/** A free square for a placement that has none, and its copies eastward, inside the field (HR-P1, HR-P4). */
function freeSquare(q: FixQuery, d: Diagnostic): [number, number] | undefined {
  const model = q.model as HRModel | undefined;
  // the encounter holding it: the last of this file's encounters whose name comes before the placement
  const encounters = (model?.encounters ?? []).filter((e) => e.file === q.file && e.range.start.offset < d.range.start.offset);
  const info = encounters.sort((a, b) => b.range.start.offset - a.range.start.offset)[0];
  const copies = Number(/^\s*x(\d+)/.exec(q.text.slice(d.range.end.offset))?.[1] ?? 1);
  return firstFreeSquare(info?.encounter, copies);
}

/** The first square (row by row) where `copies` combatants stand side by side eastward, on no one, inside the field. */
export function firstFreeSquare(enc: Encounter | undefined, copies = 1): [number, number] | undefined {
  const taken = new Set((enc?.sides ?? []).flatMap((s) => s.placements.map((p) => `${p.x},${p.y}`)));
  const width = enc?.field?.w ?? 200;
  const height = enc?.field?.h ?? 200;
  for (let y = 0; y < height; y += SQUARE)
    for (let x = 0; x + (copies - 1) * SQUARE < width; x += SQUARE) {
      let free = true;
      for (let k = 0; k < copies && free; k++) free = !taken.has(`${x + k * SQUARE},${y}`);
      if (free) return [x, y];
    }
  return undefined;
}

/** The text with comments and strings blanked to spaces (same offsets): words are searched in code only. */
function masked(text: string): string {
  let out = '';
  let inString = false;
  let inComment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      inString = inComment = false;
      out += c;
    } else if (inComment) out += ' ';
    else if (inString) {
      if (c === '\\' && text[i + 1] !== '\n' && i + 1 < text.length) {
        out += '  ';
        i++;
      } else {
        if (c === '"') inString = false;
        out += ' ';
      }
    } else if (c === '"') {
      inString = true;
      out += ' ';
    } else if (c === '#') {
      inComment = true;
      out += ' ';
    } else out += c;
  }
  return out;
}

/** The braces of the innermost block around `offset` in masked text. */
function enclosing(text: string, offset: number): { open: number; close: number } | undefined {
  let depth = 0;
  let open = -1;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === '}') depth++;
    else if (text[i] === '{') {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  if (open < 0) return undefined;
  const close = matching(text, open);
  return close === undefined ? undefined : { open, close };
}

/** The braces of the block that opens right after `offset` (a definition's name), in masked text. */
function blockAfter(text: string, offset: number): { open: number; close: number } | undefined {
  const m = /^[^{}\n]*?\{/.exec(text.slice(offset));
  if (!m) return undefined;
  const open = offset + m[0].length - 1;
  const close = matching(text, open);
  return close === undefined ? undefined : { open, close };
}

function matching(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return undefined;
}

/** [start, end) of a word run to delete with the spaces before it (`Edda at 0ft 0ft hidden` → `… 0ft`). */
function removal(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  return [s, end];
}

function removalRange(text: string, r: Range): Range {
  const [s, e] = removal(text, r.start.offset, r.end.offset);
  return { start: positionAt(text, s), end: positionAt(text, e) };
}

function positionAt(text: string, offset: number): Position {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, character: offset - lineStart, offset };
}

/**
 * The block written at the end of the file for an unknown weapon, armor, character or dice script. The
 * numbers are the middle of the ladder (HR-D1) so the new block is an ordinary foe, not a tuned one; the
 * scripted rolls are all at most 4 so they fit any die they land on (HR-D5), whatever rolls them.
 */
export const HR_STUBS: Readonly<Record<string, (name: string) => string>> = {
  weapon: (n) => `weapon ${n} { melee d8 }`,
  armor: (n) => `armor ${n} { bonus +1 }`,
  character: (n) => `character ${n} {\n  heart d8  might d6  agility d6  cunning d6\n  hp 20\n}`,
  dice: (n) => `dice ${n} { rolls 3 2 1 }`,
};
