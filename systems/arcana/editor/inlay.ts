// Arcana inlay hints (EditorContributions.inlayHints): after a character's
// name, the numbers its file leaves to the rules: the Toughness derived from
// armor and toughness edge (AR-D2), an unwritten Health of 10 (AR-D3) and, for
// a player, its unwritten starting hand (AR-H1). A number the file writes gets
// no hint: the file already shows it.

import type { InlayHintData } from '../../../model/system.js';
import type { ArcanaModel } from '../check.js';

export function arInlayHints(q: { model: unknown; file: string }): InlayHintData[] {
  const model = q.model as ArcanaModel;
  const out: InlayHintData[] = [];
  for (const h of model.hovers) {
    if (h.file !== q.file) continue;
    const c = h.character;
    const label: string[] = [];
    const tip: string[] = [];
    if (h.assumed.toughness) {
      label.push(`Toughness ${c.toughness}`);
      tip.push(
        `Toughness ${c.toughness}, derived: armor ${c.armor} + toughness edge ${c.toughnessEdge} (AR-D2); it comes off the damage of every hit (AR-D1).`,
      );
    }
    const assumed: string[] = [];
    if (h.assumed.health) {
      assumed.push(`Health ${c.health}`);
      tip.push(`Health ${c.health}: no \`health\` is written, so the rules assume ${c.health} (AR-D3).`);
    }
    // only a player holds a hand of its own; the opposition draws from the GM's Hand of Fate (AR-H2)
    if (h.assumed.hand && c.player) {
      assumed.push(`hand ${c.hand}`);
      tip.push(
        `A starting hand of ${c.hand} Fate Cards: no \`hand\` is written, so the rules assume ${c.hand} (AR-H1).`,
      );
    }
    if (assumed.length) label.push(`assumed ${assumed.join(', ')}`);
    if (label.length) out.push({ at: h.range, label: label.join(' · '), tooltip: tip.join('\n\n') });
  }
  return out;
}
