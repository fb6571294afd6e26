// Arcana hovers (EditorContributions.hover): a character's derived numbers with
// the assumed ones marked (the checker's hover notes), and the exact odds of
// its attack on each foe it meets (AR-A1…A6, exact.ts), flipped from the full
// Fate deck with no cheat.

import type { HoverQuery } from '../../../model/system.js';
import type { ArcanaModel } from '../check.js';
import type { Character, Side } from '../model.js';
import { attackOddsFor } from '../engine/exact.js';
import { fracNum } from '../engine/odds.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function arHover(q: HoverQuery): string | undefined {
  if (q.kind !== 'character') return undefined;
  const model = q.model as ArcanaModel;
  const note = model.hovers.find((h) => h.file === q.file && h.markdown.startsWith(`**${q.name}**`));
  if (!note) return undefined;
  const lines = [note.markdown];
  let shown = 0;
  for (const enc of model.encounters) {
    if (q.encounter !== undefined && enc.name !== q.encounter) continue;
    const mine = enc.model.sides.find((s) => findCharacter(s, q.name));
    const self = mine && findCharacter(mine, q.name);
    if (!mine || !self) continue;
    const rows: string[] = [];
    for (const s of enc.model.sides) {
      if (s === mine) continue;
      for (const foe of characters(s)) {
        if (shown++ >= 4) break;
        const o = attackOddsFor(self, foe);
        rows.push(`| ${foe.name} | ${pct(fracNum(o.pHit))} | ${fracNum(o.mean).toFixed(2)} | ${pct(fracNum(o.pOut))} |`);
      }
    }
    if (rows.length) lines.push(`*${enc.name}* — exact odds of one attack (no cheat, full Fate deck):\n\n| foe | P(hit) | E[damage] | P(taken out) |\n|---|---:|---:|---:|\n${rows.join('\n')}`);
  }
  return lines.join('\n\n');
}

function characters(side: Side): Character[] {
  return [...new Map(side.placements.map((m) => [m.character.name, m.character])).values()];
}

function findCharacter(side: Side, name: string): Character | undefined {
  return characters(side).find((c) => c.name === name);
}
