// Arcana's players' side and hands (split from check.ts): which side holds its own hands (AR-O1), and each placed
// character's hand against the encounter's limit, with unopposed maneuvers' TN (AR-H1–H3, AR-M2).

import type { BlockChecker } from '../../model/check-kit.js';
import type { AttrValue, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import type { Placement, Stat } from './model.js';
import type { ArBlockKind } from './schema.js';
import { unopposedRange } from './check-maneuvers.js';

type Kit = BlockChecker<ArBlockKind>;

/** A combatant as the encounter check placed it: the engine's placement, whether its stat block wrote a hand, its line. */
export interface Seated {
  readonly p: Placement;
  readonly info: { readonly hand?: AttrValue };
  readonly raw: RawPlacement;
}

/** AR-O1: the players' side — the first with a `player`, else the first — warning when none or both place one. */
export function playersSide(
  kit: Kit,
  raw: RawBlock,
  sideRaws: readonly RawBlock[],
  placed: readonly Seated[][],
): number {
  const f = raw.file;
  const withPlayers = placed.map((ps) => ps.some((x) => x.p.character.player));
  if (sideRaws.length >= 2 && !withPlayers.some(Boolean))
    // the quick fix (editor/fixes.ts) marks the first side's characters: keyed on its `fix` id, not this text
    kit.diags.push({
      file: f,
      range: raw.nameRange,
      severity: 'warning',
      code: 'AR-O1',
      fix: 'mark-players',
      message: `No character in '${raw.name}' is a \`player\`, so the first side, '${sideRaws[0].name}', is taken as the players' side (AR-O1). Mark its heroes with \`player\`.`,
    });
  if (withPlayers.filter(Boolean).length > 1) {
    const second = withPlayers.indexOf(true, withPlayers.indexOf(true) + 1);
    const pl = placed[second].find((x) => x.p.character.player)!;
    kit.report(
      f,
      pl.raw.range,
      'warning',
      'AR-O1',
      `Both sides place a \`player\`: '${sideRaws[withPlayers.indexOf(true)].name}' is the players' side (the first), so ${pl.p.name} on '${sideRaws[second].name}' fights for the opposition and uses the Hand of Fate (AR-O1, AR-H2).`,
    );
  }
  return withPlayers[0] || !withPlayers[1] ? 0 : 1;
}

/** AR-H1–H3 and AR-M2 per placed line: an opposition hand is ignored, a hand within the limit, unopposed maneuvers' TN. */
export function checkHands(
  kit: Kit,
  f: string,
  placed: readonly Seated[][],
  ps: number,
  handLimit: number,
  tn: number,
): void {
  const warned = new Set<string>();
  placed.forEach((list, si) => {
    for (const x of list) {
      const key = `${si}\0${x.raw.range.start.offset}`;
      if (warned.has(key)) continue;
      warned.add(key);
      const c = x.p.character;
      if (si !== ps && x.info.hand)
        kit.report(
          f,
          x.raw.name.range,
          'warning',
          'AR-H2',
          `${c.name} declares \`hand ${c.hand}\` but fights for the opposition here, which draws from the GM's Hand of Fate (AR-H2); its hand is ignored.`,
        );
      if (si === ps && c.hand > handLimit)
        kit.report(
          f,
          x.raw.name.range,
          'error',
          'AR-H3',
          `${c.name} starts with ${c.hand} cards${x.info.hand ? '' : ' (assumed)'}, more than the hand limit ${handLimit} (AR-H1, AR-H3). Lower its \`hand\` or raise the encounter's \`hand-limit\`.`,
        );
      // AR-M2 with the encounter's TN
      for (const m of c.maneuvers)
        if (m.against === null && m.tn === null)
          unopposedRange(
            kit,
            f,
            x.raw.name.range,
            c.name,
            c as unknown as Record<Stat, number>,
            m,
            tn,
            `the encounter's TN`,
          );
    }
  });
}
