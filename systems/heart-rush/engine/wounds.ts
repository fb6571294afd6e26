// Wounds as pure functions (HR-H3…H6): kept for hovers and docs; the simulator
// uses only HR-H3 (a hit of 10 or more taken is a wound of that rank).
import { WOUND_THRESHOLD } from '../model.js';

/** HR-H3: rank of the wound a hit of `taken` marks; 0 = none (9 is none, 10 is rank 10). */
export function woundRank(taken: number): number {
  return taken >= WOUND_THRESHOLD ? taken : 0;
}
/** HR-H4: healing stops at max HP − the sum of wound ranks (may be 0 or below). */
export function healCap(maxHp: number, ranks: readonly number[]): number {
  return maxHp - ranks.reduce((a, b) => a + b, 0);
}
/** HR-H5: invoking a wound aspect: −rank to the check, at most 5 DP. */
export function invokeWound(rank: number): { penalty: number; dp: number } {
  return { penalty: -rank, dp: Math.min(5, rank) };
}
export interface Wound {
  readonly rank: number;
  readonly treated: boolean;
}
/**
 * HR-H6: one medicine check lowers every untreated wound by `result`; below 0 it disappears
 * (exactly 0 stays, rank 0); a wound is treated once.
 */
export function treatWounds(ws: readonly Wound[], result: number): Wound[] {
  const out: Wound[] = [];
  for (const w of ws) {
    if (w.treated) out.push(w);
    else if (w.rank - result >= 0) out.push({ rank: w.rank - result, treated: true });
  }
  return out;
}
