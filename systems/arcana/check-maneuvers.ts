// Arcana's maneuver checks that read a character's built stats (split from check.ts): AR-M2, an unopposed maneuver
// whose flip cannot change its result.

import type { Range } from '../../grammar/ast.js';
import type { BlockChecker } from '../../model/check-kit.js';
import { STAT_LABEL, type Maneuver, type Stat } from './model.js';
import type { ArBlockKind } from './schema.js';

type Kit = BlockChecker<ArBlockKind>;

/** AR-M2: an unopposed maneuver whose flip (2–14) cannot change its result. */
export function unopposedRange(
  kit: Kit,
  file: string,
  range: Range,
  who: string,
  stats: Record<Stat, number>,
  m: Maneuver,
  tn: number,
  whose: string,
): void {
  if (stats[m.stat] < 0) return; // a negative stat is already an AR-N1 error
  const gap = tn - stats[m.stat];
  if (gap <= 2)
    kit.report(
      file,
      range,
      'warning',
      'AR-M2',
      `${m.name} cannot fail for ${who}: ${STAT_LABEL[m.stat]} ${stats[m.stat]} + the lowest flip 2 already reaches TN ${tn} (${whose}, AR-M2). Raise the TN if it should be in doubt.`,
    );
  else if (gap > 14)
    kit.report(
      file,
      range,
      'warning',
      'AR-M2',
      `${m.name} can never succeed for ${who}: ${STAT_LABEL[m.stat]} ${stats[m.stat]} + the highest flip 14 stays under TN ${tn} (${whose}, AR-M2). Lower the TN.`,
    );
}
