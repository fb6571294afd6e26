// Readable log lines for Heart Rush events (HEART-RUSH.md "Log"): one line per
// event, round and phase headers, every die with its size, dropped dice, flat
// modifiers and the rule ids behind special effects. Same events ⇒ same bytes.

import type { HREvent, HitView, RollView } from './events.js';
import { winsPhrase } from '../../../common/outcome-words.js';
import { ruleLogLine } from '../../../model/priority-run.js';

const FIST: Record<string, string> = { might: '1', agility: '2', cunning: '3', defensive: '4' };

/** `[d6 4 + d8 6 + d6 3 = 13]`; with (dis)advantage `[d8 6 + d8 7 + d6 4, extra d8 3, d8 5 → lowest 3 = 12]`. */
export function renderRoll(r: RollView): string {
  const base = r.dice
    .filter((d) => !d.extra)
    .map((d) => `d${d.size} ${d.face}`)
    .join(' + ');
  const extra = r.dice.filter((d) => d.extra).map((d) => `d${d.size} ${d.face}`);
  const flat = r.flat.map((f) => ` ${f.value < 0 ? '−' : '+'} ${f.label} ${Math.abs(f.value)}`).join('');
  let s = base;
  if (extra.length) {
    const k = r.dice.length - extra.length;
    s += `, extra ${extra.join(', ')} → ${r.level > 0 ? 'highest' : 'lowest'} ${k}`;
  }
  s += flat;
  if (r.halved) s += ', halved (one free hand, HR-M2)';
  return `[${s} = ${r.total}]`;
}

export function renderHit(h: HitView, who: string): string {
  const parts: string[] = [];
  if (h.halved) parts.push(`halved to ${(h.raw + 1) >> 1} (HR-E10)`);
  if (h.shrug) parts.push(`${who} shrugs off: ${h.taken} taken, heart d${h.shrug.from} → d${h.shrug.to} (HR-H1)`);
  parts.push(`${who} HP ${h.hpBefore} → ${h.hpAfter}`);
  if (h.wound) parts.push(`wound rank ${h.wound} (HR-H3)`);
  if (h.dead) parts.push(`${who} dies (HR-H8)`);
  else if (h.unconscious) parts.push(`${who} falls unconscious (HR-H7)`);
  return parts.join('; ');
}

const pos = (p: readonly [number, number]): string => `${p[0]},${p[1]}`;

/** One log line (or lines joined by \n) for an event; undefined for events that print nothing. */
export function renderEvent(e: HREvent): string | undefined {
  switch (e.type) {
    case 'start':
      return `${e.encounter} · seed ${e.seed} · timing order (HR-R2): ${e.order.join(', ')}`;
    case 'phase':
      return e.phase === 'start' ? `Round ${e.round} · opening (HR-R5)` : `Round ${e.round} · action phase`;
    case 'focus':
      return `  ${e.who}: focus ${e.target} (${e.reason})`;
    case 'move': {
      if (e.kind === 'stand') return `  ${e.who}: ${e.reason} (${e.cost})`;
      const cost = e.cont ? '' : ` (${e.cost})`;
      const verb = e.cont ? 'dash continues' : e.kind;
      // a dash stopped before its first step (an opportunity attack as it sets off) moved no one
      if (e.feet === 0 && !e.cont)
        return `  ${e.who}: ${verb}${cost} from ${pos(e.from)} — ${e.reason}${e.stopped ? ` (stopped: ${e.stopped})` : ''}`;
      return `  ${e.who}: ${verb} ${e.feet} ft${cost} ${pos(e.from)} → ${pos(e.to)} — ${e.reason}${e.stopped ? ` (stopped: ${e.stopped})` : ''}`;
    }
    case 'attack': {
      const head =
        e.kind === 'opportunity'
          ? `  ${e.who}: opportunity attack on ${e.target} (${e.reason}; ${e.cost}) ${e.stance}`
          : `  ${e.stance} · ${e.who} → ${e.target}${e.contest ? ' (contest, HR-C2)' : ''}:`;
      const d = e.contest ? e.attack.total - e.defense.total : Math.max(0, e.attack.total - e.defense.total);
      let tail: string;
      if (e.foiled) tail = `foiled: ${e.target} cannot reach ${e.who}, no damage (HR-C2)`;
      else if (!e.hit) tail = e.contest ? 'tie, no damage (HR-D4)' : '0';
      else if (!e.contest && e.hit.raw === 0) tail = '0, no damage';
      else tail = `${e.contest ? Math.abs(d) + ` to ${e.hitOn}` : e.hit.raw}; ${renderHit(e.hit, e.hitOn!)}`;
      const notes = e.notes.filter((n) => !n.startsWith('contest') && !n.startsWith('halved'));
      return `${head} ${renderRoll(e.attack)} vs ${renderRoll(e.defense)} → ${tail}${notes.length ? ` (${notes.join(', ')})` : ''}`;
    }
    case 'maneuver': {
      const hit = e.hit ? `; ${renderHit(e.hit, e.target)}` : '';
      return `  ${e.stance} · ${e.who} → ${e.target}: ${e.maneuver} (HR-M1) ${renderRoll(e.mine)} vs ${renderRoll(e.theirs)} → ${e.success ? e.effect : e.mine.total === e.theirs.total ? 'resisted (tie: HR-D4)' : 'resisted'}${hit}`;
    }
    case 'break-free':
      if (e.shake)
        return `  ${e.who}: shakes off ${e.from}? ${renderRoll(e.mine)} vs ${renderRoll(e.theirs)} → ${e.success ? `${e.from} lands prone (HR-T6)` : 'holds on'}`;
      return `  ${e.who}: breaks free of ${e.from}? ${renderRoll(e.mine)} vs ${renderRoll(e.theirs)} → ${e.success ? 'free' : 'held'} (HR-T5)`;
    case 'status':
      return `    ${e.who} ${e.status} ${e.level} (${e.reason})`;
    case 'help':
      return `  ${e.who}: helps ${e.ally} (action, HR-A6)`;
    case 'ready':
      return `  ${e.who}: readies ${e.weapon} (free interaction, HR-A5) — ${e.reason}`;
    case 'rule':
      return ruleLogLine(e.who, e.cite);
    case 'trip':
      return `  ${e.who}: trips ${e.target}, prone (HR-A7)`;
    case 'stances':
      return (
        `Round ${e.round} · engagement: ` +
        e.picks
          .map(
            (p) =>
              `${p.who} ${p.stance}${FIST[p.stance] ? ` (${FIST[p.stance]})` : ''}${p.reason === 'surprised' ? ' (surprised)' : ''}`,
          )
          .join(' · ') +
        e.picks
          .filter((p) => p.reason !== 'scripted' && p.reason !== 'surprised')
          .map((p) => `\n  ${p.who} chose ${p.stance}: ${p.reason}`)
          .join('')
      );
    case 'no-target':
      return `  ${e.stance} · ${e.who}: no target (${e.reason})`;
    case 'round-end':
      return (
        `Round ${e.round} · end: ` +
        e.line.map((l) => `${l.who} ${l.hp}/${l.max}${l.notes ? ' ' + l.notes : ''}`).join(' · ')
      );
    case 'end':
      return e.outcome === 'victory'
        ? `${winsPhrase(String(e.winner))} in round ${e.round} (HR-X1)`
        : e.outcome === 'draw'
          ? `No one is left standing in round ${e.round} (HR-X1)`
          : `Stalemate after round ${e.round} (HR-X2)`;
  }
}
