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
// The fixes find what to change in the parsed block around the diagnostic
// (FixQuery.block: each attribute with its ranges), and read the file's text
// only inside the diagnostic's own range.

import type { Range } from '../../../grammar/ast.js';
import { LineIndex } from '../../../grammar/index.js';
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { FixData, FixEdit, FixQuery } from '../../../model/system.js';
import { MIN_REACH_FIX, OWN_LINE_FIX, PLACE_AT_FIX, type HRModel } from '../check.js';
import { MAX_COMBATANTS } from '../../../model/roster.js';
import { SQUARE, type Encounter } from '../model.js';
import { placementKeyEdit } from '../../../model/fix-kit.js';

/** HR-P1 carries its two nearest multiples of 5 ft as suggestions; the fix puts one on the bad number only. */
export function hrOwnsSuggestions(d: Diagnostic): boolean {
  return d.code === 'HR-P1';
}

export function hrFixes(q: FixQuery): FixData[] {
  const d = q.diagnostic;
  const out: FixData[] = [];
  const text = q.text;
  const covered = text.slice(d.range.start.offset, d.range.end.offset);
  const lines = new LineIndex(text);
  const span = (start: number, end: number): Range => ({ start: lines.position(start), end: lines.position(end) });
  const def = q.definition;
  const attrs = q.block?.attrs ?? [];

  // HR-P1: `at 12ft 0ft` → 10ft or 15ft, on the one number between the two suggestions.
  if (d.code === 'HR-P1' && d.suggestions?.length === 2) {
    const [lo, hi] = d.suggestions.map((s) => parseInt(s, 10));
    const nums = [...covered.matchAll(/[+-]?\d+(?:ft)?/g)];
    const bad = nums.find((m) => {
      const v = parseInt(m[0], 10);
      return v > lo && v < hi;
    });
    if (bad && Number.isFinite(lo) && Number.isFinite(hi)) {
      const v = parseInt(bad[0], 10);
      const start = d.range.start.offset + bad.index!;
      const range = span(start, start + bad[0].length);
      // the nearer multiple is the one to apply unasked — unless a placement would land on another combatant's
      // square there and not at the other (two never share one, HR-P1); a tie (never: 5 is odd) would prefer neither
      const taken = [lo, hi].map((to) => placedOnTaken(q, covered, nums, bad.index!, to));
      const nearer = (to: number): boolean => Math.abs(to - v) < SQUARE / 2;
      const prefer = (to: number, k: number): boolean => (taken[k] !== taken[1 - k] ? !taken[k] : nearer(to));
      [lo, hi].forEach((to, k) =>
        out.push({
          title: `Change ${bad[0]} to ${to}ft (HR-P1)${taken[k] ? ' — another combatant stands there' : ''}`,
          preferred: prefer(to, k),
          edits: [{ range, text: `${to}ft` }],
        }),
      );
    }
  }

  // HR-N3: no hit points → `hp 20`, as the message says.
  if (d.code === 'HR-N3' && def?.kind === 'character' && !def.attrs.includes('hp')) {
    out.push({
      title: 'Add `hp 20` (HR-N3)',
      preferred: true,
      edits: [{ block: def.range.start.offset, line: 'hp 20' }],
    });
  }

  // HR-N10: a weapon with no die → `d8` beside its kind (`weapon Club { melee d8 }`), else on a line of its own.
  if (d.code === 'HR-N10' && def?.kind === 'weapon' && !def.attrs.includes('die')) {
    const b = q.block;
    const last = attrs[attrs.length - 1];
    let edit: FixEdit = { block: def.range.start.offset, line: 'd8' };
    if (b && b.range.start.line === b.range.end.line) {
      // one line: the die beside its kind (`{ melee d8 }`), or alone in an empty block (`{ d8 }`)
      const open = text.lastIndexOf('{', b.range.end.offset);
      edit = last
        ? { range: span(last.range.end.offset, last.range.end.offset), text: ' d8' }
        : { range: span(open, b.range.end.offset), text: '{ d8 }' };
    }
    out.push({ title: 'Add the die `d8` (HR-N10)', preferred: true, edits: [edit] });
  }

  // HR-D5: a dice script with no rolls → `rolls 3 2 1` (faces every die has, so no roll is too big for its die).
  if (d.code === 'HR-D5' && def?.kind === 'dice' && !def.attrs.includes('rolls')) {
    out.push({
      title: 'Add `rolls 3 2 1` (HR-D5)',
      preferred: true,
      edits: [{ block: def.range.start.offset, line: 'rolls 3 2 1' }],
    });
  }

  // HR-P2: a ranged weapon's `reach` is its `range` and a melee weapon's `range` its `reach`; or the other kind.
  const key = /^(reach|range)\b/.exec(covered)?.[1];
  if (d.code === 'HR-P2' && key && d.fix === MIN_REACH_FIX) {
    out.push({
      title: `Change it to \`${key} 5ft\` (HR-P2)`,
      preferred: true,
      edits: [{ range: d.range, text: `${key} 5ft` }],
    });
  } else if (d.code === 'HR-P2' && key) {
    const other = key === 'reach' ? 'range' : 'reach';
    // a block that already writes the other one would get it twice (the last counts): drop this one instead
    if (!attrs.some((a) => a.name === other)) {
      const start = d.range.start.offset;
      out.push({
        title: `Change \`${key}\` to \`${other}\` (HR-P2)`,
        preferred: true,
        edits: [{ range: span(start, start + key.length), text: other }],
      });
    } else
      out.push({
        title: `Remove \`${covered.trim()}\` (HR-P2)`,
        edits: [{ range: removalRange(q.text, d.range), text: '' }],
      });
    const [kindNow, kindThen] = key === 'reach' ? ['ranged', 'melee'] : ['melee', 'ranged'];
    const kw = attrs.find((a) => a.name === kindNow);
    if (kw) out.push({ title: `Make it \`${kindThen}\` (HR-P2)`, edits: [{ range: kw.keyRange, text: kindThen }] });
  }

  // HR-N7 `hands -1` → `hands 0`; HR-N8 `rush -2` → `rush 0`: the value each message says to write.
  const negative = /^(hands|rush)\s+-\d+$/.exec(covered.trim());
  if (negative && ((d.code === 'HR-N7' && negative[1] === 'hands') || (d.code === 'HR-N8' && negative[1] === 'rush'))) {
    out.push({
      title: `Change to \`${negative[1]} 0\` (${d.code})`,
      preferred: true,
      edits: [{ range: d.range, text: `${negative[1]} 0` }],
    });
  }

  // HR-N7: a weapon in `wields` that needs more hands than the character has → `hands N` in that character.
  const wielded = q.refs.find((r) => r.kind === 'weapon' && r.role === 'wields');
  if (d.code === 'HR-N7' && wielded) {
    const weapon = (q.model as HRModel | undefined)?.weapons.find((w) => w.value.name === wielded.name)?.value;
    const hands = attrs.find((a) => a.name === 'hands');
    if (weapon && hands)
      out.push({
        title: `Give it \`hands ${weapon.hands}\` (HR-N7)`,
        preferred: true,
        edits: [{ range: hands.range, text: `hands ${weapon.hands}` }],
      });
  }

  // HR-S1: surprised and hidden → drop `hidden` (the hidden strike is the one a surprised combatant cannot make).
  if (d.code === 'HR-S1' && covered === 'hidden') {
    out.push({
      title: 'Remove `hidden` (HR-S1)',
      preferred: true,
      edits: [{ range: removalRange(q.text, d.range), text: '' }],
    });
  }
  // `field 60ft 30ft side a { … }`: break the line before the block, so the attribute is read as one.
  if (d.fix === OWN_LINE_FIX) {
    const lineEnd = text.indexOf('\n', d.range.end.offset);
    const rest = text.slice(d.range.end.offset, lineEnd < 0 ? text.length : lineEnd);
    // the spaces before the first `side`/`dice` with a `{` after it: searched only up to the line's last `{`, and from
    // the start of a run of spaces only; `/\s+(?=(?:side|dice)\s[^{]*\{)/` over the whole rest tried every start in a
    // run of spaces, and scanned on to a `{` from each `side`, so 100,000 spaces on the line took 31 s (quadratic)
    const block = /(?<!\s)\s+(?=(?:side|dice)\s)/.exec(rest.slice(0, Math.max(0, rest.lastIndexOf('{'))));
    if (block) {
      const lineStart = text.lastIndexOf('\n', d.range.start.offset - 1) + 1;
      const lead = /^[ \t]*/.exec(text.slice(lineStart))![0];
      // the attribute starts its line: the block goes under it; after `encounter E {`: one level deeper
      const indent = lineStart + lead.length === d.range.start.offset ? lead : `${lead}  `;
      const start = d.range.end.offset + block.index;
      out.push({
        title: `Put \`${covered}\` on a line of its own`,
        preferred: true,
        edits: [{ range: span(start, start + block[0].length), text: `\n${indent}` }],
      });
    }
  }

  // "Where does X stand?" → the first free square (every copy's too) inside the field, scanning rows from 0 ft.
  if (d.fix === PLACE_AT_FIX) {
    const square = freeSquare(q, d);
    if (square)
      out.push({
        title: `Place it at ${square[0]}ft ${square[1]}ft (HR-P1)`,
        preferred: true,
        edits: [placementKeyEdit(q.text, d.range, 'at', `${square[0]}ft ${square[1]}ft`)],
      });
  }
  return out;
}

/** A free square for a placement that has none, and its copies eastward, inside the field (HR-P1, HR-P4). */
function freeSquare(q: FixQuery, d: Diagnostic): [number, number] | undefined {
  const model = q.model as HRModel | undefined;
  // the encounter holding it: the last of this file's encounters whose name comes before the placement
  const encounters = (model?.encounters ?? []).filter(
    (e) => e.file === q.file && e.range.start.offset < d.range.start.offset,
  );
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

/** [start, end) of a word run to delete with the spaces before it (`Edda at 0ft 0ft hidden` → `… 0ft`). */
function removal(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  return [s, end];
}

function removalRange(text: string, r: Range): Range {
  const [s, e] = removal(text, r.start.offset, r.end.offset);
  const lines = new LineIndex(text);
  return { start: lines.position(s), end: lines.position(e) };
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

/**
 * Whether a placement's `at X Y` (the diagnostic's text `covered`, its numbers `nums`, the bad one at `at`) set to
 * `to` would stand it — or one of its copies, 5 ft apart eastward — on a square another placement of its encounter
 * holds. False when the diagnostic is no placement's square or the encounter is not in the model.
 */
function placedOnTaken(q: FixQuery, covered: string, nums: RegExpMatchArray[], at: number, to: number): boolean {
  if (q.block?.kind !== 'side') return false;
  if (!/^\s*at\b/.test(covered) || nums.length !== 2) return false;
  const [x, y] = nums.map((m) => (m.index === at ? to : parseInt(m[0], 10)));
  const model = q.model as HRModel | undefined;
  const start = q.diagnostic.range.start.offset;
  // the encounter around the diagnostic: the last one of this file whose name comes before it
  const enc = model?.encounters.filter((e) => e.file === q.file && e.range.start.offset < start).pop()?.encounter;
  if (!enc) return false;
  const line = q.lineText(q.diagnostic.range.start.line);
  const copies = Number(/\bx(\d+)\b/.exec(line.slice(0, q.diagnostic.range.start.character))?.[1] ?? 1);
  const own = new Set(Array.from({ length: Math.min(copies, MAX_COMBATANTS) }, (_, k) => `${x + k * SQUARE},${y}`));
  return enc.sides.some((s) => s.placements.some((p) => own.has(`${p.x},${p.y}`)));
}
