// The hover of an Arcana character (split from check.ts): its stats, Health, Toughness and its attack and defense
// bases, each with the rule that sets it.

import { STAT_LABEL, STATS, derivedToughness, type Character } from './model.js';

/** Which of a character's numbers its file does not write: Health (AR-D3), Toughness (derived, AR-D2), hand (AR-H1). */
export interface Assumed {
  readonly health: boolean;
  readonly toughness: boolean;
  readonly hand: boolean;
}

/** The hover of a character: stats, Health, Toughness (derived or declared), attack and defense bases. */
export function characterHover(c: Character, assumed: Assumed): string {
  const derived = derivedToughness(c.armor, c.toughnessEdge);
  const toughness = assumed.toughness
    ? `${c.toughness} — derived: armor ${c.armor} + toughness edge ${c.toughnessEdge} (AR-D2)`
    : c.toughness === derived
      ? `${c.toughness} (declared; armor + toughness edge, AR-D2)`
      : `${c.toughness} (declared; the rules derive armor ${c.armor} + toughness edge ${c.toughnessEdge} = ${derived}, AR-D2)`;
  const stat = c.wields.kind === 'ranged' || c.wields.finesse ? 'finesse' : 'strength';
  const rows = [
    ['Stats', STATS.map((s) => `${STAT_LABEL[s]} ${c[s]}`).join(' · ')],
    ['Health', assumed.health ? `${c.health} — *assumed* (AR-D3)` : String(c.health)],
    ['Toughness', toughness],
    [
      'Attack',
      `${STAT_LABEL[stat]} ${c[stat]} + ${c.wields.name} ${fmtSigned(c.wields.bonus)}${c.attackEdge ? ` + edge ${c.attackEdge}` : ''} + flip (${c.wields.kind}, AR-A2/A3)`,
    ],
    [
      'Defense',
      `Agility ${c.agility} + armor ${c.armor}${c.defenseEdge ? ` + edge ${c.defenseEdge}` : ''} + flip (AR-A4)`,
    ],
    [
      'Hand',
      c.player
        ? `${c.hand}${assumed.hand ? ' — *assumed*' : ''} (AR-H1)`
        : `${c.hand}${assumed.hand ? ' — *assumed*' : ''}; on the opposition it draws from the Hand of Fate instead (AR-H2)`,
    ],
  ];
  return `**${c.name}**${c.player ? ' (player)' : ''}\n\n| | |\n|---|---|\n${rows.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}`;
}

function fmtSigned(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}
