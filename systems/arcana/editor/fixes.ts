// Arcana quick fixes (EditorContributions.fixes), keyed by rule id, never by
// message text: the edit each diagnostic's message spells out. Add the missing
// stats (AR-N1), mark the players' side's characters `player` (AR-O1), set a
// Health above 0 (AR-D3) or the derived Toughness (AR-D2), drop the `tn` or
// `against` a maneuver's target cannot use (AR-M4); and the stub an unknown
// name's fix writes at the end of the file.

import type { FixData, FixQuery } from '../../../model/system.js';
import { DEFAULT_HEALTH, STATS, derivedToughness } from '../model.js';
import type { ArcanaModel } from '../check.js';

export function arFixes(q: FixQuery): FixData[] {
  const d = q.diagnostic;
  const model = q.model as ArcanaModel | undefined;
  const out: FixData[] = [];
  const covered = q.text.slice(d.range.start.offset, d.range.end.offset);
  const def = q.definition;

  // AR-N1: every stat the block does not write, at 2 (the middle of 1–6), as the message says
  if (d.code === 'AR-N1' && def?.kind === 'character') {
    const missing = STATS.filter((s) => !def.attrs.includes(s));
    const line = missing.map((s) => `${s} 2`).join('  ');
    if (missing.length)
      out.push({ title: `Add \`${line}\``, preferred: true, edits: [{ block: def.range.start.offset, line }] });
  }

  // AR-D3: a Health of 0 or less → the assumed 10
  if (d.code === 'AR-D3' && /^health\b/.test(covered))
    out.push({
      title: `Set \`health ${DEFAULT_HEALTH}\``,
      preferred: true,
      edits: [{ range: d.range, text: `health ${DEFAULT_HEALTH}` }],
    });

  // AR-D2: a written Toughness other than armor + toughness edge → the derived value
  if (d.code === 'AR-D2' && /^toughness\b/.test(covered) && model) {
    const sheet = model.hovers.find(
      (h) =>
        h.file === q.file &&
        h.range.start.offset <= d.range.start.offset &&
        d.range.start.offset <= enclosingEnd(q.text, h.range.end.offset),
    );
    if (sheet) {
      const t = derivedToughness(sheet.character.armor, sheet.character.toughnessEdge);
      out.push({
        title: `Set \`toughness ${t}\` (armor + toughness edge)`,
        edits: [{ range: d.range, text: `toughness ${t}` }],
      });
    }
  }

  // AR-M4: the `tn` an opposed maneuver cannot use, or the `against` one on oneself cannot
  if (d.code === 'AR-M4') {
    const word = /^(tn|against)\b/.exec(covered)?.[1];
    if (word)
      out.push({
        title: `Remove \`${covered}\``,
        preferred: true,
        edits: [{ range: withSpaceBefore(q.text, d.range), text: '' }],
      });
  }

  // AR-O1: no `player` anywhere (the checker's `mark-players` fix id) → mark the characters of the first side, those
  // this file declares and the other side does not also place
  if (d.code === 'AR-O1' && d.fix === 'mark-players' && model) {
    const enc = model.encounters.find((e) => e.file === q.file && e.range?.start.offset === d.range.start.offset);
    if (enc) {
      const [first, second] = enc.model.sides;
      const others = new Set(second.placements.map((p) => p.character));
      const heroes = [...new Set(first.placements.map((p) => p.character))].filter((c) => !others.has(c));
      const sheets = heroes.map((c) => model.hovers.find((h) => h.character === c && h.file === q.file));
      if (sheets.length && sheets.every((h) => h))
        out.push({
          title: `Mark ${heroes.map((c) => c.name).join(', ')} with \`player\``,
          preferred: true,
          edits: sheets.map((h) => ({ block: h!.range.start.offset, line: 'player' })),
        });
    }
  }
  return out;
}

/** The end of the block whose name ends at `from` (its closing brace), for "is this inside that character". */
function enclosingEnd(text: string, from: number): number {
  const open = text.indexOf('{', from);
  if (open < 0) return from;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** A range widened to the spaces before it on its line, so removing an attribute leaves no gap. */
function withSpaceBefore(text: string, r: FixQuery['diagnostic']['range']): FixQuery['diagnostic']['range'] {
  let start = r.start.offset;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  const n = r.start.offset - start;
  if (n === 0 || n > r.start.character) return r;
  return { start: { line: r.start.line, character: r.start.character - n, offset: start }, end: r.end };
}

/** The stub of an unknown weapon, maneuver, character or deck, written at the end of the file. */
export const AR_STUBS: Readonly<Record<string, (name: string) => string>> = {
  weapon: (n) => `weapon ${n} { melee +1 }`,
  maneuver: (n) => `maneuver ${n} { stat finesse  against alertness }`,
  character: (n) => `character ${n} {\n  strength 2  finesse 2  agility 2  alertness 2\n}`,
  deck: (n) => `deck ${n} { standard }`,
};
