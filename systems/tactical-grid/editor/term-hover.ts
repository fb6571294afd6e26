// Tactical grid hovers on a number (EditorContributions.hoverTerm, TG-O2): an NPC's `difficulty` says the
// banes a failed roll against it costs and the chance to hit it at each modifier; a sheet's `com` and `tou`
// say the Attack and Defense they give and the chances against the NPCs of the encounters it is placed in.

import type { TermHoverQuery } from '../../../model/system.js';
import type { TGModel } from '../check.js';
import { DEFAULT_RULES, isNpc, sheet, type Character } from '../model.js';
import { difficultyHover, pSuccess } from '../engine/odds.js';
import { difficultyText, not, pct } from './hover.js';

export function tgHoverTerm(q: TermHoverQuery): string | undefined {
  const name = q.attr?.spec.name;
  if (q.context !== 'character' || !q.holder || (name !== 'difficulty' && name !== 'com' && name !== 'tou'))
    return undefined;
  const model = q.model as TGModel | undefined;
  const c = model?.characters.find((d) => d.value.name === q.holder && d.file === q.file)?.value;
  if (!c) return undefined;
  // the rules of the first encounter that places it (an encounter's `rules` move the crits and banes), else the book's
  const encs = (model?.encounters ?? []).filter((e) =>
    e.encounter.sides.some((s) => s.placements.some((p) => p.character.name === c.name)),
  );
  const rules = encs[0]?.encounter.rules ?? DEFAULT_RULES;
  const lines = q.doc ? [q.doc] : [];
  if (name === 'difficulty' && isNpc(c)) {
    lines.push(
      `Difficulty ${c.difficulty}: a failed roll against ${c.name} ${difficultyText(difficultyHover(c.difficulty!, rules))}`,
    );
    return lines.join('\n\n');
  }
  if (isNpc(c) || name === 'difficulty') return undefined;
  const s = sheet(c, rules);
  const attack = name === 'com';
  const foes = new Map<string, Character>();
  for (const e of encs) {
    const mine = e.encounter.sides.find((sd) => sd.placements.some((p) => p.character.name === c.name));
    for (const sd of e.encounter.sides)
      if (sd !== mine) for (const p of sd.placements) if (isNpc(p.character)) foes.set(p.character.name, p.character);
  }
  const head = attack ? `Attack +${s.attack} (TG-N3)` : `Defense +${s.defense} (TG-N4)`;
  if (!foes.size) return [...lines, `${head}; ${c.name} meets no NPC in an encounter.`].join('\n\n');
  const rows = [...foes.values()].map(
    (f) =>
      `| ${f.name} (difficulty ${f.difficulty}) | ${pct(attack ? pSuccess(s.attack, f.difficulty!, rules) : not(pSuccess(s.defense, f.difficulty!, rules)))} |`,
  );
  lines.push(
    `${head}. ${attack ? `${c.name} hits` : `${c.name} is hit by`} each NPC it meets, one d20, no tag, Help or tactics (TG-O1):\n\n| NPC | ${attack ? 'P(hit)' : 'P(it hits)'} |\n|---|---:|\n${rows.join('\n')}`,
  );
  return lines.join('\n\n');
}
