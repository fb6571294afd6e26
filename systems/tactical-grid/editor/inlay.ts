// Tactical grid inlay hints (EditorContributions.inlayHints): after each
// character's name, the numbers its block implies but does not write. A sheet
// shows the four a GM reads at the table, speed, range, Attack and Defense
// (TG-N1…N4), with the pools and stress boxes in the tooltip; an NPC shows the
// banes a failed roll against its difficulty costs (TG-R4) and, since an NPC
// writes its own speed and range, the pools it has (none unless declared,
// TG-P2). These are the numbers the sample bestiary writes by hand in comments.

import type { InlayHintData } from '../../../model/system.js';
import type { TGModel } from '../check.js';
import {
  ATTACK_BASE,
  DEFAULT_RULES,
  DEFAULT_STRESS,
  DEFENSE_BASE,
  isNpc,
  sheet,
  SPEED_BASE,
  stat,
  type Character,
} from '../model.js';
import { banes } from '../engine/rolls.js';

/** How one stat-derived number came about: `AGI 3 + 3 = 6`, `declared 9 (TG-N11)` or `AGI assumed 1 + 3 = 4`. */
function derived(
  declared: number | null,
  statName: string,
  statValue: number | null,
  base: number,
  value: number,
): string {
  if (declared !== null) return `${value}, declared (TG-N11 homebrew)`;
  const s = `${statName} ${statValue === null ? `${stat(statValue)} (assumed, TG-N10)` : statValue}`;
  return base ? `${s} + ${base} = ${value}` : `${s} = ${value}`;
}

const POOLS = ['tactics', 'effects', 'support', 'analysis', 'reactions'] as const;

function sheetHint(c: Character): { label: string; tooltip: string } {
  const s = sheet(c);
  const label = `speed ${s.speed} · range ${s.range} · Attack +${s.attack} · Defense +${s.defense}`;
  const lines = [
    `Speed ${derived(c.speed, 'AGI', c.agi, SPEED_BASE, s.speed)} squares per move (TG-N1); 1 for a turn that starts beside an able enemy.`,
    `Range ${derived(c.range, 'PER', c.per, 0, s.range)} (TG-N2)${c.melee ? '; it is `melee`, so it attacks only adjacent (TG-L5)' : ''}.`,
    `Attack +${derived(c.attack, 'COM', c.com, ATTACK_BASE, s.attack)} (TG-N3); Defense +${derived(c.defense, 'TOU', c.tou, DEFENSE_BASE, s.defense)} (TG-N4).`,
    `Pools per combat: ${POOLS.map((p) => `${p} ${s[p]}`).join(', ')} (TG-N5…N9); stress boxes ${c.stress ?? `${DEFAULT_STRESS} (assumed unless an encounter's rules say otherwise, TG-D1)`}.`,
    "An encounter's `rules { speed ±N range ±N }` change these for its turns (TG-N12).",
  ];
  return { label, tooltip: lines.join('\n\n') };
}

function npcHint(c: Character): { label: string; tooltip: string } {
  const d = c.difficulty!;
  const b = banes(d, false, DEFAULT_RULES);
  const s = sheet(c);
  const pools = POOLS.filter((p) => s[p] > 0).map((p) => `${p} ${s[p]}`);
  const label = `${b} bane${b === 1 ? '' : 's'} per failed roll · ${pools.length ? pools.join(' · ') : 'no pools'}`;
  const lines = [
    `A failed roll against difficulty ${d} brings ${b} bane${b === 1 ? '' : 's'} (${2 * b} on a critical failure), each 1 stress to the roller (TG-R4, TG-R5); an encounter's \`rules { banes N }\` overrides this.`,
    pools.length
      ? `It declares ${pools.join(', ')}: NPCs take no extra actions by default, so these are homebrew and used like a sheet's (TG-P2).`
      : 'No pools: an NPC takes no extra actions; the tactics it meets raise its difficulty instead (TG-P2, TG-A3).',
  ];
  return { label, tooltip: lines.join('\n\n') };
}

/** One hint per character this file defines, at the end of its name (as Heart Rush places its own). */
export function tgInlayHints(q: { model: unknown; file: string }): InlayHintData[] {
  const model = q.model as TGModel;
  return model.characters
    .filter((d) => d.file === q.file)
    .map((d) => ({ at: d.range, ...(isNpc(d.value) ? npcHint(d.value) : sheetHint(d.value)) }));
}
