// Tactical Grid completion of placement values (EditorContributions.completionValues):
// `facing` offers only the facings of the encounter's grid (TG-F1 squares,
// TG-F2 hexes), since the other grid's words are errors there; `at` offers
// the squares a combatant may start on: on the map, not an obstacle unless
// `enterable` (TG-G1, TG-K2), and not already taken (TG-G3).

import type { CompletionQuery, CompletionValue } from '../../../model/system.js';
import type { TGEncounterInfo, TGModel } from '../check.js';
import { HEX_FACINGS, SQUARE_FACINGS } from '../model.js';
import { Board } from '../engine/grid.js';

/** At most this many squares are offered (a 100 × 100 map has 10,000). */
const MAX_SQUARES = 200;

/** The encounter the placement being written sits in (the query names it: `self` of context `placement`). */
function around(q: CompletionQuery): TGEncounterInfo[] {
  const model = q.model as TGModel | undefined;
  return (model?.encounters ?? []).filter((e) => e.file === q.file && e.name === q.self);
}

export function tgCompletionValues(q: CompletionQuery): CompletionValue[] | undefined {
  if (q.context !== 'placement') return undefined;
  const encs = around(q);
  if (q.attr.name === 'facing') {
    const grids = new Set(encs.map((e) => e.grid));
    // unknown or ambiguous encounter: the shell's full list
    if (grids.size !== 1) return undefined;
    const hex = grids.has('hex');
    return (hex ? HEX_FACINGS : SQUARE_FACINGS).map((f, i) => ({
      label: f,
      kind: 'enum-member' as const,
      detail: hex ? 'hex side (TG-F2)' : 'square facing (TG-F1)',
      sortText: String(i),
    }));
  }
  if (q.attr.name === 'at' && encs.length === 1) {
    const enc = encs[0].encounter;
    if (!enc.map.rows.length) return undefined;
    const board = new Board(enc.map);
    const taken = new Set(enc.sides.flatMap((s) => s.placements.map((p) => board.index(p.at))));
    const out: CompletionValue[] = [];
    for (let i = 0; i < board.size && out.length < MAX_SQUARES; i++) {
      if ((board.obstacle[i] && !board.enterable[i]) || taken.has(i)) continue;
      const notes = [
        board.difficult[i] ? 'difficult (TG-K1)' : '',
        board.hazard[i] ? 'hazard: 1 harm at its first turn (TG-K3)' : '',
        board.enterable[i] ? 'enterable obstacle (TG-K2)' : '',
        board.height[i] ? `height ${board.height[i]} (TG-K4)` : '',
      ].filter(Boolean);
      out.push({
        label: board.name(i),
        kind: 'constant',
        detail: notes.length ? notes.join(', ') : 'open square',
        sortText: String(i).padStart(5, '0'),
      });
    }
    return out;
  }
  return undefined;
}
