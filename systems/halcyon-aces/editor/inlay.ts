// Halcyon Aces inlay hints (EditorContributions.inlayHints): a stat block's
// Guard when the rules derive it or differ from the one declared (HA-N2), and
// its Resolve when assumed (HA-N3 ruling), after its armor line.

import type { InlayHintData } from '../../../model/system.js';
import type { RawBlock } from '../../../model/read.js';
import type { CheckedWorkspace } from '../model.js';
import { defsIn } from './workspace.js';

export function haInlayHints(q: { model: unknown; file: string; blocks: readonly RawBlock[] }): InlayHintData[] {
  const characters = defsIn(q.model as CheckedWorkspace, q.file).characters;
  const out: InlayHintData[] = [];
  for (const raw of q.blocks) {
    if (raw.kind !== 'character') continue;
    const b = characters.get(raw.name);
    if (!b || b.range?.start.offset !== raw.nameRange.start.offset) continue;
    const anchor = anchorAttr(raw);
    if (!anchor) continue;
    const parts: string[] = [];
    if (!b.guardDeclared) parts.push(`Guard ${b.guard}`);
    else if (b.guard !== b.rulesGuard) parts.push(`rules' Guard ${b.rulesGuard}`);
    if (b.resolveAssumed) parts.push(`Resolve ${b.resolve} (assumed)`);
    if (!parts.length) continue;
    out.push({
      at: anchor.range,
      label: parts.join(' · '),
      tooltip: `Guard = 5 + Body ${b.stats.body} + armor ${b.armor} = ${b.rulesGuard} (HA-N2)${b.resolveAssumed ? `; Resolve assumed 5 + Spirit ${b.stats.spirit} = ${b.resolve} (HA-N3 ruling)` : ''}.`,
    });
  }
  return out;
}

/** Where the derived defenses go: after `armor`, else after `vitality`, else after the last stat. */
function anchorAttr(raw: RawBlock): RawBlock['attrs'][number] | undefined {
  const find = (n: string) => raw.attrs.filter((a) => a.spec.name === n).pop();
  return find('armor') ?? find('vitality') ?? ['spirit', 'mind', 'body', 'heart'].map(find).find(Boolean);
}
