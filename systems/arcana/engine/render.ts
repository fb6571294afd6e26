// Readable log lines for Arcana events (ARCANA.md "Log lines"): one line per
// event, every card named, totals spelled out term by term, the rule ids
// behind the easily missed rulings. Same events ⇒ same bytes.

import { cardName } from '../../../engine/cards.js';
import { ruleLogLine } from '../../../model/priority-run.js';
import type { ArEvent, AspectRef } from './events.js';

/** A card literal, or "no card" (AR-F4: a flip from an empty deck and discard is worth 0). */
export function card(c: number): string {
  return c < 0 ? 'no card' : cardName(c);
}
/** A number as the log writes it: negatives with the minus sign "−" every other term of a line uses. */
function num(v: number): string {
  return v < 0 ? `−${-v}` : String(v);
}
/** ` + label N` / ` − label N` / nothing for 0. */
function term(label: string, v: number): string {
  if (v === 0) return '';
  return v < 0 ? ` − ${label}${-v}` : ` + ${label}${v}`;
}
function aspect(a: AspectRef): string {
  return a.kind === 'temporary' ? `${a.name} (spent)` : `"${a.name}"`;
}
const opp = (c: number, o: boolean): string => `${card(c)}${o ? ' (opposition card)' : ''}`;

export function renderEvent(e: ArEvent): string | undefined {
  switch (e.type) {
    case 'start':
      return `Combat "${e.encounter}", seed ${e.seed}, round cap ${e.cap}, opposition card: ${e.oppositionCard}`;
    case 'deal':
      return (
        'Deal: ' + e.hands.map((h) => `${h.who} ${h.cards.length ? h.cards.map(card).join(' ') : '(none)'}`).join('; ')
      );
    case 'initiative':
      return `${e.holder} flip ${card(e.card)} for initiative: ${e.card < 0 ? 0 : e.score - e.alertness}${term('Alertness ', e.alertness) || ' + Alertness 0'} = ${num(e.score)}`;
    case 'order':
      return 'Initiative: ' + e.order.map((o) => `${o.holder} ${o.score}`).join(', ');
    case 'round':
      return `— Round ${e.round} — ${e.card === null ? 'no opposition card' : `opposition card ${card(e.card)}`}`;
    case 'reshuffle':
      return `The deck is empty: the discard pile is shuffled in, ${e.cards} card${e.cards === 1 ? '' : 's'} (AR-F4)`;
    case 'declare':
      return `${e.who} declares ${e.choice} (${e.reason}; target: ${e.targetReason})`;
    case 'aim':
      return `${e.who} aims: ${card(e.card)}`;
    case 'rule':
      return ruleLogLine(e.who, e.cite);
    case 'attack': {
      const cards = e.aim === null ? opp(e.flip, e.opposition) : `${opp(e.flip, e.opposition)}, aim ${card(e.aim)}`;
      const d = e.defense;
      return (
        `${e.who} attacks ${e.target} (${e.weapon}): ${cards} → ${e.used} + ${e.statName} ${e.stat}${term('', e.bonus)}${term('edge ', e.edge)} = ${num(e.total)}` +
        ` vs ${opp(d.card, d.opposition)}${term('Agility ', d.agility) || ' + Agility 0'}${term('armor ', d.armor)}${term('edge ', d.edge)} = ${num(d.total)}`
      );
    }
    case 'cheat': {
      const how =
        e.oppositionCard === 'permanent'
          ? `${card(e.card)} replaces the opposition card ${card(e.replaces)} for the rest of the round`
          : e.oppositionCard === 'temporary'
            ? `${card(e.card)} replaces the opposition card ${card(e.replaces)} for this action (AR-C5)`
            : `${card(e.card)} replaces ${card(e.replaces)}`;
      const forWhom = e.who === 'The GM' && e.oppositionCard === null ? ` for ${e.flipFor}` : '';
      return `${e.who} invokes ${aspect(e.aspect)}${forWhom}: ${how}`;
    }
    case 'hit': {
      if (!e.hit)
        return `Miss, ${num(e.attack)} vs ${num(e.defense)}${e.attack === e.defense ? ' (equal totals fail, AR-A5)' : ''}`;
      // a negative Toughness (a negative toughness edge) is subtracted as written: "− Toughness (−3)"
      const tough =
        e.toughness > 0 ? ` − Toughness ${e.toughness}` : e.toughness < 0 ? ` − Toughness (${num(e.toughness)})` : '';
      const sum = `${e.start}${term('', e.bonus)}${term('edge ', e.edge)}${tough}`;
      // nothing added or taken away: the Starting Damage is the damage ("1 damage", not "1 = 1 damage")
      const dmg =
        e.raw >= 1
          ? sum === String(e.start)
            ? `${e.damage} damage`
            : `${sum} = ${e.damage} damage`
          : `${sum} = ${num(e.raw)}, at least 1 damage (AR-D1)`;
      return `Hit, ${num(e.attack)} vs ${num(e.defense)}: ${dmg}; ${e.target} ${e.before} → ${e.after}`;
    }
    case 'maneuver': {
      const on = e.target === 'self' ? ' (self)' : e.target === 'scene' ? ' (scene)' : ` on ${e.opponent}`;
      const vs =
        e.vs.kind === 'tn'
          ? `TN ${num(e.vs.tn)}`
          : `${e.vs.statName} ${num(e.vs.stat)} + ${opp(e.vs.card, e.vs.opposition)} = ${num(e.vs.total)}`;
      return `${e.who}: ${e.maneuver}${on}, ${e.statName} ${num(e.stat)} + ${opp(e.card, e.opposition)} = ${num(e.total)} vs ${vs}`;
    }
    case 'maneuver-result': {
      const vs = e.opposed ? `${num(e.total)} vs ${num(e.against)}` : `${num(e.total)} vs TN ${num(e.against)}`;
      if (!e.success) {
        const tie = e.opposed && e.total === e.against ? ' (equal totals fail, AR-M3)' : '';
        return `${e.maneuver} fails, ${vs}${tie}: nothing placed`;
      }
      let s = `${e.maneuver} succeeds, ${vs}: ${e.aspect} on ${e.on}`;
      if (e.drew === null)
        s += e.on === e.who ? '; no Fate Card (an aspect on oneself, AR-M5)' : '; no card left to draw (AR-F4)';
      else {
        const who = e.handName === 'hand' ? `${e.who} draws` : 'the GM draws';
        s += `; ${who} a Fate Card, ${card(e.drew)} (${e.hand} in ${e.handName})`;
        if (e.overflow !== null) s += `, over the limit: ${card(e.overflow)} discarded (AR-H3)`;
      }
      return s;
    }
    case 'taken-out': {
      const extra: string[] = [];
      if (e.hand.length) extra.push(`hand ${e.hand.map(card).join(' ')} discarded`);
      if (e.aspects.length) extra.push(`${e.aspects.join(', ')} removed`);
      return `${e.who} is Taken Out${extra.length ? ` (${extra.join('; ')})` : ''}`;
    }
    case 'round-end':
      return (
        `End of round ${e.round}: ${e.card === null ? 'no opposition card' : `${card(e.card)} discarded`}; Health: ` +
        e.health.map((h) => `${h.who} ${h.hp}/${h.max}`).join(', ')
      );
    case 'end':
      if (e.outcome === 'stalemate') return `Stalemate: the round cap (${e.cap}) ran out`;
      // a side with nobody left standing did not give up (`concede all`, or a lone character): it was Taken Out
      return (
        `The ${e.loser} ${e.out === e.of ? `are Taken Out to the last (${e.out} of ${e.of})` : `concede (${e.out} of ${e.of} Taken Out)`}: victory for the ${e.winner} in round ${e.round}` +
        (e.card !== null ? `; ${card(e.card)} discarded` : '')
      );
  }
}
