// Halcyon Aces quick fixes (EditorContributions.fixes), keyed by rule id or
// fix id, never by message text: set Guard to the rules' value (HA-N2), say
// where a combatant starts (HA-Z1, `start-zone`), move a technique named in
// `wields` (`wields-technique`), declare an unknown zone (HA-Z1), link a start
// zone that reaches no enemy (HA-Z2), add a missing vitality, cost or stats
// (HA-N4, HA-A4, HA-N1); and the stub an unknown name's fix writes.

import type { Diagnostic } from '../../../model/diagnostics.js';
import type { FixData, FixQuery } from '../../../model/system.js';
import { encounterAt } from './workspace.js';
import { placementKeyEdit } from '../../../model/fix-kit.js';

/** Diagnostics whose suggestions these fixes use (a Guard value, zones to start in): no did-you-mean for them. */
export function haOwnsSuggestions(d: Diagnostic): boolean {
  return d.code === 'HA-N2' || d.fix === 'start-zone';
}

export function haFixes(q: FixQuery): FixData[] {
  const d = q.diagnostic;
  const out: FixData[] = [];
  const covered = q.text.slice(d.range.start.offset, d.range.end.offset);
  // Set Guard to the rules' value (HA-N2).
  if (d.code === 'HA-N2' && /^guard\b/.test(covered) && d.suggestions?.[0]) {
    out.push({
      title: `Set Guard to the rules' value ${d.suggestions[0]}`,
      preferred: true,
      edits: [{ range: d.range, text: `guard ${d.suggestions[0]}` }],
    });
  }
  // Where does X start? → at Zone.
  if (d.fix === 'start-zone') {
    for (const z of d.suggestions ?? [])
      out.push({ title: `Start at ${z}`, edits: [placementKeyEdit(q.text, d.range, 'at', q.formatName(z))] });
  }
  // A technique named in `wields` (check.ts, fix id `wields-technique`): `wields X` → `techniques X`.
  if (d.fix === 'wields-technique') {
    const lineText = q.lineText(d.range.start.line);
    const m = /\bwields\s+$/.exec(lineText.slice(0, d.range.start.character));
    // only when it is the line's sole `wields` name (another name after it would become a technique too)
    const rest = lineText.slice(d.range.end.character).replace(/#.*$/, '').trim();
    if (m && !/^(,|"|[A-Z])/.test(rest)) {
      const line = d.range.start.line;
      const start = { line, character: m.index, offset: d.range.start.offset - (d.range.start.character - m.index) };
      const end = { line, character: m.index + 'wields'.length, offset: start.offset + 'wields'.length };
      out.push({
        title: `Move '${covered}' to techniques`,
        preferred: true,
        edits: [{ range: { start, end }, text: 'techniques' }],
      });
    }
  }
  // Unknown zone → declare it in the encounter, after its last zone.
  const ref = q.refs.find(
    (r) => r.range.start.offset === d.range.start.offset && r.range.end.offset === d.range.end.offset,
  );
  if (d.code === 'HA-Z1' && ref?.kind === 'zone' && ref.encounter) {
    out.push({
      title: `Add zone '${ref.name}' to this encounter`,
      edits: [{ block: ref.encounter.range.start.offset, line: `zone ${q.formatName(ref.name)} { }`, after: 'zone' }],
    });
  }
  // No path to any enemy (HA-Z2) → link the start zone to an enemy's zone.
  if (d.code === 'HA-Z2') {
    const at = q.refs.find((r) => r.role === 'placement-at');
    const enc = at?.encounter && encounterAt(q.workspace, q.file, at.encounter.range.start.offset);
    if (at && enc) {
      const mine = enc.combatants.find((c) => c.zone === at.name);
      const targets = [...new Set(enc.combatants.filter((c) => mine && c.side !== mine.side).map((c) => c.zone))].slice(
        0,
        3,
      );
      const zone = enc.zones.find((z) => z.name === at.name);
      for (const z of targets)
        if (zone?.range)
          out.push({
            title: `Link zone '${at.name}' to '${z}' (adjacent)`,
            edits: [{ block: zone.range.start.offset, line: `adjacent ${q.formatName(z)}` }],
          });
    }
  }
  // Missing attributes: vitality (HA-N4), cost (HA-A4), stats (HA-N1).
  const def = q.definition;
  if (def) {
    const has = (n: string): boolean => def.attrs.includes(n);
    const add = (title: string, line: string): void => {
      out.push({ title, edits: [{ block: def.range.start.offset, line }] });
    };
    if (d.code === 'HA-N4' && def.kind === 'character' && !has('vitality')) add('Add `vitality 10`', 'vitality 10');
    if (d.code === 'HA-A4' && def.kind === 'technique' && !has('cost')) add('Add `cost 1`', 'cost 1');
    if (d.code === 'HA-N1' && def.kind === 'character') {
      const missing = ['heart', 'body', 'mind', 'spirit'].filter((s) => !has(s));
      if (missing.length) add(`Add ${missing.join(', ')} (2 each)`, missing.map((s) => `${s} 2`).join('  '));
    }
  }
  return out;
}

/** The stub of an unknown weapon, technique, deck or character, written at the end of the file. */
export const HA_STUBS: Readonly<Record<string, (name: string) => string>> = {
  weapon: (n) => `weapon ${n} { melee +1 }`,
  technique: (n) => `technique ${n} { cost 1  stat body }`,
  deck: (n) => `deck ${n} { standard }`,
  character: (n) => `character ${n} {\n  heart 2  body 2  mind 2  spirit 2\n  vitality 10\n}`,
};
