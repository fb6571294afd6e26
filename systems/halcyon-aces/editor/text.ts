// Small text helpers of Halcyon Aces's hovers: percentages, odds cells, signs.

import type { AttackOdds } from '../engine/odds.js';
import type { Stat, Weapon } from '../model.js';

export const SUIT: Record<Stat, string> = { heart: '♥', body: '♣', mind: '♦', spirit: '♠' };
/** How many encounters and foes a hover lists before "and N more". */
export const MAX_ENCOUNTERS = 4;
export const MAX_FOES = 8;

export function pct(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** One cell of an odds table: P(hit) · P(crit) · E[damage]. */
export function cell(o: AttackOdds): string {
  return `${pct(o.pHit)} · ${pct(o.pCrit)} · ${o.expectedDamage.toFixed(1)}`;
}

export function cap(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** A weapon in a line: kind, stat drawn, damage bonus, reach, properties. */
export function weaponSummary(w: Weapon): string {
  const props = w.properties.filter((p) => p !== 'thrown' || w.kind !== 'thrown');
  return `${w.improvised ? `improvised${w.improvised === 'heavy' ? ' heavy' : ''} ` : ''}${w.kind}, draws ${cap(w.stat)} ${SUIT[w.stat]}, ${signed(w.bonus)} damage, reaches ${cap(w.reach)}${props.length ? ` · ${props.join(', ')}` : ''}`;
}
