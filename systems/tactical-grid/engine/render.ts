// Readable log lines for Tactical Grid events (TACTICAL-GRID.md "Log"): one
// line per event, squares by name, names with spaces quoted, every choice's
// reason after `—`. Same events ⇒ same bytes.

import { ruleLogLine } from '../../../model/priority-run.js';
import type { ModView, TGEvent } from './events.js';

/** `Ryn`, `"Hired Blade"`: names with spaces are quoted as in `.aces` files. */
export function q(name: string): string {
  return /\s/.test(name) && !/^[^ ]+ \d+$/.test(name) ? `"${name}"` : name;
}

function mods(ms: readonly ModView[]): string {
  return ms
    .map(
      (m) =>
        ` ${m.value < 0 ? '−' : '+'}${Math.abs(m.value)}${m.label === 'attack' || m.label === 'defense' ? '' : ` ${m.label}`}`,
    )
    .join('');
}

const why = (r: string): string => (r ? ` — ${r}` : '');

/** One log line for an event. */
export function renderEvent(e: TGEvent): string {
  switch (e.type) {
    case 'start':
      return `start ${q(e.encounter)} seed ${e.seed} grid ${e.grid} ${e.w}x${e.h} first ${e.first}`;
    case 'place':
      return (
        `place ${q(e.who)} ${e.at} facing ${e.facing} speed ${e.speed} range ${e.range} ` +
        (e.npc
          ? `difficulty ${e.difficulty} health ${e.health}`
          : `attack ${e.attack} defense ${e.defense} stress ${e.stress}`)
      );
    case 'round':
      return `round ${e.round}`;
    case 'turn':
      return `turn ${e.side} ${q(e.who)} at ${e.at} speed ${e.speed} range ${e.range}${why(e.reason)}`;
    case 'skip':
      return `skip ${q(e.who)}${why(e.reason)}`;
    case 'rule':
      return ruleLogLine(q(e.who), e.cite);
    case 'move':
      return `${e.kind} ${q(e.who)} ${e.from}→${e.to} cost ${e.cost} via ${e.via.join(' ')}${why(e.reason)}`;
    case 'attack': {
      const vs =
        e.vsMods.length > 1
          ? `${e.vs} (${e.vsMods.map((m, i) => (i ? `+${m.value} ${m.label}` : String(m.value))).join(' ')})`
          : String(e.vs);
      const roll = `${e.roller === e.who ? '' : `${q(e.roller)} defends `}d20 ${e.face}${mods(e.mods)} = ${e.total} vs ${vs} → ${e.outcome}`;
      return `attack ${q(e.who)} → ${q(e.target)} at ${e.at} dist ${e.dist}${e.ready ? ' (readied)' : ''}: ${roll}${why(e.reason)}`;
    }
    case 'clash': {
      const res = e.result === 'tie' ? 'tie, no damage' : `${q(e.result === 'attacker' ? e.who : e.target)} hits`;
      const conds = e.conditions.length ? ` (${e.conditions.join(' + ')})` : '';
      return `clash ${q(e.who)} ${e.whoDiff}${conds} vs ${q(e.target)} ${e.targetDiff} → ${res}${e.tag ? ` ("${e.tag}")` : ''}${why(e.reason)}`;
    }
    case 'tactic':
      return `tactic ${q(e.who)} ${e.tactic} +1 (tactics ${e.left} left)`;
    case 'effect':
      return `effect ${q(e.who)} ${e.effect} → ${q(e.target)}: ${e.detail} (effects ${e.left} left)${why(e.reason)}`;
    case 'harm':
      return `harm ${q(e.who)} health ${e.from}→${e.to}${e.source ? ` from ${q(e.source)}` : ''} (${e.cause})`;
    case 'stress':
      return `stress ${q(e.who)} +${e.amount}${e.source ? ` from ${q(e.source)}` : ''} → ${e.to}/${e.cap} (${e.cause})`;
    case 'push':
      return `push ${q(e.who)} ${e.from}→${e.to} by ${q(e.by)} (${e.cause})`;
    case 'collision':
      return `collision ${q(e.who)} into ${e.into} by ${q(e.by)} (${e.cause})`;
    case 'support':
      return `support ${q(e.who)} ${e.kind} → ${q(e.target)}: ${e.detail} (support ${e.left} left)${why(e.reason)}`;
    case 'react':
      return `react ${q(e.who)} ${e.reaction} ${q(e.target)}${e.detail ? ` ${e.detail}` : ''} (reactions ${e.left} left)${why(e.reason)}`;
    case 'ability':
      return `ability ${q(e.who)} ${e.ability}: ${e.detail}`;
    case 'tag':
      return `tag ${q(e.who)} "${e.tag}" ${e.change} (${e.stars}✦)${why(e.reason)}`;
    case 'drive':
      return `drive ${q(e.who)} +${e.spent} (${e.left} left)${why(e.reason)}`;
    case 'ready':
      return `ready ${q(e.who)}${why(e.reason)}`;
    case 'face':
      return `face ${q(e.who)} ${e.facing}${why(e.reason)}`;
    case 'out':
      return `${e.dead ? 'dead' : 'out'} ${q(e.who)} at ${e.at}`;
    case 'back':
      return `back ${q(e.who)} at ${e.at}`;
    case 'refresh':
      return `refresh ${e.side}`;
    case 'end':
      return e.outcome === 'win' ? `end ${e.winner} win round ${e.round}` : `end ${e.outcome} round ${e.round}`;
  }
}
