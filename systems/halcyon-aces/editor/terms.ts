// Halcyon Aces hovers on terms that are no names: a card literal (its value
// and suit, HA-C1/HA-C2), a stat of a stat block with its check odds at each
// difficulty (HA-K3), a block's defenses, a technique's stat with its users'
// check odds.

import type { TermHoverQuery } from '../../../model/system.js';
import { STAT_NAMES } from '../schema.js';
import type { Stat, StatBlock } from '../model.js';
import { checkOdds } from '../engine/odds.js';
import { cardName } from '../engine/cards.js';
import { allDefs, defsOf } from './workspace.js';
import { cap, MAX_FOES, pct, SUIT } from './text.js';

const DC_BANDS: [string, number][] = [
  ['Routine', 5],
  ['Moderate', 7],
  ['Hard', 10],
  ['Very Hard', 13],
  ['Nearly Impossible', 16],
];

function statChecks(name: string, stat: Stat, value: number): string {
  const cells = DC_BANDS.map(([, dc]) => pct(checkOdds(value, stat, dc).pSuccess));
  return `| ${name} | ${cells.join(' | ')} |`;
}

const BAND_HEAD = `| | ${DC_BANDS.map(([n, dc]) => `${n} (DC ${dc})`).join(' | ')} |\n|---|${DC_BANDS.map(() => '---:').join('|')}|`;

const isStat = (w: string): w is Stat => (STAT_NAMES as readonly string[]).includes(w);

export function haTermHover(q: TermHoverQuery): string | undefined {
  const { term, context, holder, attr, workspace: ws } = q;
  if (term.kind === 'card') {
    const stat = STAT_NAMES[term.suit];
    return `**${cardName(term.suit * 13 + term.value - 2)}** — value ${term.value} (HA-C1), suit ${SUIT[stat]} = ${cap(stat)} (HA-C2): adds the ${cap(stat)} stat when played for a ${cap(stat)} check (Resonance, HA-K2).`;
  }
  if (!attr || !holder) return undefined;
  const a = attr.spec;
  const doc = q.doc ?? '';
  if (context === 'character' && isStat(a.name)) {
    const b = defsOf(ws, q.file).characters.get(holder);
    if (b) {
      const s = a.name;
      return `${doc}\n\n${b.name}: ${cap(s)} ${b.stats[s]}, draws ${b.draws[s]}. Check odds (HA-K3):\n\n${BAND_HEAD}\n${statChecks(b.name, s, b.stats[s])}`;
    }
  }
  if (context === 'character' && (a.name === 'armor' || a.name === 'guard' || a.name === 'resolve')) {
    const b = defsOf(ws, q.file).characters.get(holder);
    if (b)
      return `${doc}\n\n${b.name}: Guard ${b.guard}${b.guardDeclared ? ` (rules: ${b.rulesGuard})` : ''}, Resolve ${b.resolve}${b.resolveAssumed ? ' *(assumed)*' : ''}.`;
  }
  if (
    context === 'technique' &&
    a.name === 'stat' &&
    attr.role === 'arg' &&
    term.kind === 'word' &&
    isStat(term.text)
  ) {
    const s = term.text;
    const users: StatBlock[] = [];
    for (const d of allDefs(ws))
      for (const b of d.characters.values()) if (b.techniques.some((x) => x.name === holder)) users.push(b);
    if (users.length)
      return `${doc}\n\nCheck odds of the characters who know ${holder} (HA-K3):\n\n${BAND_HEAD}\n${users
        .slice(0, MAX_FOES)
        .map((b) => statChecks(`${b.name} (${b.stats[s]})`, s, b.stats[s]))
        .join('\n')}`;
  }
  return undefined;
}
