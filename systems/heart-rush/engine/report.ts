// The exact odds of one exchange between every attacker and target of an
// encounter (HEART-RUSH.md "Exact odds"): the stance matrix of HR-E3 for each
// pair of stat blocks on opposite sides, from exchange.ts. `aces odds --exact`
// prints it; the editor's hover shows the same cells.

import type { ExactReport } from '../../../model/system.js';
import type { Character, Encounter } from '../model.js';
import { exchange, type AttackStance, type ExchangeCell, type TargetStance } from './exchange.js';
import { fracNum, fracStr, type Frac } from './odds.js';
import { opposedPairs } from '../../../engine/pairs.js';

export const ATTACK_STANCES: readonly AttackStance[] = ['might', 'agility', 'cunning'];
export const TARGET_STANCES: readonly TargetStance[] = ['might', 'agility', 'cunning', 'defensive'];

const pct = (f: Frac): string => `${(100 * fracNum(f)).toFixed(1)}%`;

/** One cell in a few characters: `84.1% · 4.73 · 10.4%` (hit, mean damage, wound) or a contest's win/tie/loss. */
export function cellText(c: ExchangeCell): string {
  if (c.kind === 'none') return '—';
  if (c.kind === 'attack') return `${pct(c.odds.pHit)} · ${fracNum(c.odds.mean).toFixed(2)} · ${pct(c.odds.pWound)}`;
  return `contest ${pct(c.odds.pWin)} / ${pct(c.odds.pTie)} / ${pct(c.odds.pLose)}`;
}

function cellJson(c: ExchangeCell): unknown {
  if (c.kind === 'none') return { kind: 'none' };
  if (c.kind === 'attack')
    return { kind: 'attack', pHit: fracStr(c.odds.pHit), mean: fracStr(c.odds.mean), pWound: fracStr(c.odds.pWound) };
  const o = c.odds;
  return {
    kind: 'contest',
    pWin: fracStr(o.pWin),
    pTie: fracStr(o.pTie),
    pLose: fracStr(o.pLose),
    meanToTarget: fracStr(o.meanToTarget),
    meanToAttacker: fracStr(o.meanToAttacker),
  };
}

/** A markdown table of attacker a's stances against target b's (the hover's body). */
export function matrixMarkdown(a: Character, b: Character): string {
  const head = `| ${a.name} (${a.weapons[0].name}) ↓ · ${b.name} → | ${TARGET_STANCES.join(' | ')} |\n|---|${TARGET_STANCES.map(() => '---').join('|')}|`;
  const rows = ATTACK_STANCES.map(
    (s) => `| ${s} | ${TARGET_STANCES.map((t) => cellText(exchange(a, b, s, t))).join(' | ')} |`,
  );
  return [head, ...rows].join('\n');
}

export function exactReport(enc: Encounter): ExactReport {
  const lines: string[] = [];
  const json: unknown[] = [];
  const w = 12;
  for (const [a, b] of opposedPairs(enc.sides)) {
    lines.push(`${a.name} (${a.weapons[0].name}) → ${b.name}${b.armor ? ` [${b.armor.name} +${b.armor.bonus}]` : ''}`);
    lines.push(`  ${'stance'.padEnd(9)}${TARGET_STANCES.map((t) => `vs ${t}`.padEnd(w + 18)).join('')}`.trimEnd());
    const cells = ATTACK_STANCES.map((s) => TARGET_STANCES.map((t) => exchange(a, b, s, t)));
    ATTACK_STANCES.forEach((s, i) =>
      lines.push(`  ${s.padEnd(9)}${cells[i].map((c) => cellText(c).padEnd(w + 18)).join('')}`.trimEnd()),
    );
    json.push({
      attacker: a.name,
      weapon: a.weapons[0].name,
      target: b.name,
      attackStances: ATTACK_STANCES,
      targetStances: TARGET_STANCES,
      cells: cells.map((r) => r.map(cellJson)),
    });
  }
  const notes = [
    'Each cell: P(damage ≥ 1) · E[damage] · P(wound, 10+) of one attack (HR-C1, HR-H3), defensive halving included (HR-E10); a same-stance cell is a contest (HR-C2): attacker wins / tie / loses. Exact by enumeration, no (dis)advantage, statuses or cover.',
  ];
  return { title: 'exact odds of one exchange per stance pairing (HR-E3)', lines, notes, json };
}
