// Events → readable lines. One line per event (undefined for events that
// another line already tells). Pure: same events ⇒ same bytes.

import { ruleLogLine } from '../../../model/priority-run.js';
import { cardName } from './cards.js';
import type { CheckDraw, CombatEvent, Damage, Outcome, TargetResult } from './events.js';

const STAT_NAME: Record<string, string> = { heart: 'Heart', body: 'Body', mind: 'Mind', spirit: 'Spirit' };

function cards(cs: readonly number[]): string {
  return cs.length ? cs.map(cardName).join(' ') : 'no card';
}

function signed(v: number): string {
  return v < 0 ? ` − ${-v}` : ` + ${v}`;
}

/** `draws 10♣ 4♦ 7♥, plays 10♣ — 10 + Body 4 (resonance) = 14` */
export function renderCheck(c: CheckDraw): string {
  if (c.played === null) return `draws ${cards(c.cards)}, has nothing to play`;
  let s = `draws ${cards(c.cards)}, plays ${cardName(c.played)} — ${c.base}`;
  let terms = 0;
  if (c.resonance) {
    s += ` + ${STAT_NAME[c.stat]} ${c.resonance} (resonance)`;
    terms++;
  }
  for (const m of c.modifiers) {
    s += `${signed(m.value)} (${m.label})`;
    terms++;
  }
  if (terms) s += ` = ${c.ev}`;
  return s;
}

function defName(r: TargetResult): string {
  return r.defense === 'resolve' ? 'Resolve' : r.defense === 'active guard' ? 'Active Guard' : 'Guard';
}

/** `7 + 2 + 4 = 13 damage` */
export function renderDamage(d: Damage): string {
  const parts = [String(d.margin)];
  if (d.weapon) parts.push(String(d.weapon));
  if (d.technique) parts.push(String(d.technique));
  if (d.scatter) parts.push(String(d.scatter));
  if (d.link) parts.push(String(d.link));
  if (d.ultimate) parts.push(String(d.ultimate));
  if (d.crit) parts.push(String(d.crit));
  let s = parts[0];
  for (let i = 1; i < parts.length; i++) s += parts[i].startsWith('-') ? ` − ${parts[i].slice(1)}` : ` + ${parts[i]}`;
  const sum = d.margin + d.weapon + d.technique + d.scatter + d.link + d.ultimate + d.crit;
  if (parts.length > 1 || sum !== d.total) s += ` = ${d.total}`;
  return `${s} damage`;
}

function outcomeText(r: TargetResult): string {
  if (!r.hit) return 'miss';
  return `${r.crit ? 'CRIT' : 'hit'}, ${renderDamage(r.damage!)}`;
}

function results(rs: TargetResult[]): string {
  if (rs.length === 1) {
    const r = rs[0];
    return ` vs ${defName(r)} ${r.dc}: ${outcomeText(r)}`;
  }
  if (rs.length === 0) return ': no target';
  return ': ' + rs.map((r) => `${r.target} (${defName(r)} ${r.dc}) ${outcomeText(r)}`).join('; ');
}

function vitalities(rs: TargetResult[]): string {
  const hit = rs.filter((r) => r.hit && r.vitalityBefore !== r.vitalityAfter);
  return hit.length ? '. ' + hit.map((r) => `${r.target} ${r.vitalityBefore} → ${r.vitalityAfter}`).join(', ') : '';
}

function why(reason: string): string {
  return reason ? ` (${reason})` : '';
}

/** An attack of any kind (a Strike, off-hand Strike, Brace, Scatter, technique, Link Strike or Team Ultimate) as a log line. */
function renderAttack(e: Extract<CombatEvent, { type: 'attack' }>): string {
  const card = e.check.played !== null ? cardName(e.check.played) : '';
  const tail = e.cardTo === 'bottom' ? `; ${card} back to deck bottom` : '';
  const first = e.results[0]?.target ?? '?';
  let head: string;
  switch (e.kind) {
    case 'strike':
      head = `${e.actor} strikes ${first} (${e.using})`;
      break;
    case 'offhand':
      head = `${e.actor} strikes ${first} (off-hand ${e.using})`;
      break;
    case 'brace':
      head = `${e.actor} braces: free Strike at ${first} (${e.using})`;
      break;
    case 'scatter':
      head = `${e.actor} fires a Scatter (${e.using}) into ${e.results.map((r) => r.target).join(', ')}`;
      break;
    case 'technique':
      head = `${e.actor} uses ${e.using} on ${e.results.map((r) => r.target).join(', ')}`;
      break;
    case 'link': {
      const p = e.partners?.[0];
      head = `Link Strike on ${first}: ${p ? `${p.id} ${renderCheck(p.check)}; ` : ''}${e.actor} (${e.using}) has the higher EV`;
      break;
    }
    case 'ultimate': {
      const sup = (e.partners ?? [])
        .map(
          (p) =>
            `${p.id} ${p.check.played === null ? 'draws nothing' : `draws ${cardName(p.check.played)}${p.match ? ' (match +1)' : ''}`}`,
        )
        .join(', ');
      head = `TEAM ULTIMATE led by ${e.actor} (${e.using}) on ${e.results.map((r) => r.target).join(', ')}, Supports: ${sup}`;
      break;
    }
  }
  return `${head}: ${renderCheck(e.check)}${results(e.results)}${tail}${vitalities(e.results)}${e.kind === 'brace' || e.kind === 'link' ? '' : why(e.reason)}`;
}

export function renderEvent(e: CombatEvent): string | undefined {
  switch (e.type) {
    case 'combat-start':
      return (
        `Combat "${e.encounter}", seed ${e.seed}, round cap ${e.roundCap}: ` +
        e.combatants
          .map(
            (c) => `${c.id} (${c.side}, at ${c.zone}, Vitality ${c.vitality}, Guard ${c.guard}, Resolve ${c.resolve})`,
          )
          .join('; ')
      );
    case 'initiative': {
      const mod = e.modifier ? `${signed(e.modifier)} (Heavy) = ${e.value}` : '';
      if (e.drawn.length === 2) {
        return `${e.actor} draws ${cards(e.drawn)} for initiative (Quick Draw), keeps ${cardName(e.kept)}: ${e.value - e.modifier}${mod}; ${cardName(e.toBottom!)} to deck bottom`;
      }
      if (e.drawn.length === 0) return `${e.actor} has no card for initiative: ${e.value}`;
      return `${e.actor} draws ${cardName(e.kept)} for initiative: ${e.value - e.modifier}${mod}`;
    }
    case 'initiative-order':
      return (
        'Initiative: ' +
        e.order.map((o) => `${o.id} ${o.value}${o.card >= 0 ? ` (${cardName(o.card)})` : ''}`).join(', ')
      );
    case 'round-start':
      return `— Round ${e.round} — ${e.order.join(', ')}`;
    case 'seize':
      return `${e.actor} seizes the initiative: discards ${e.discarded === null ? 'nothing' : cardName(e.discarded)}, draws ${e.drawn === null ? 'nothing' : cardName(e.drawn)} — acts at ${e.value} this round${why(e.reason)}`;
    case 'turn-start': {
      const notes: string[] = [];
      if (e.stunned) notes.push('Stunned −1');
      if (e.seized) notes.push('Seize −1');
      if (e.link) notes.push('Link Strike pending');
      return `${e.actor}'s turn: ${e.actions} action${e.actions === 1 ? '' : 's'}${notes.length ? ` (${notes.join(', ')})` : ''}`;
    }
    case 'stand':
      return `${e.actor} stands up`;
    case 'move':
      return `${e.actor} ${e.action === 'dash' ? 'dashes' : 'strides'} ${[e.from, ...e.path].join(' → ')}${why(e.reason)}`;
    case 'fall': {
      let s = `${e.actor} falls ${e.feet} ft into ${e.into}${e.soft ? ' (soft landing: halved)' : ''}: ${e.base} damage`;
      if (e.check) s += `; Body check DC ${e.dc}: ${renderCheck(e.check)}: ${e.halved ? 'halved' : 'not halved'}`;
      s += ` → takes ${e.damage}, ${e.vitalityBefore} → ${e.vitalityAfter}`;
      if (e.landedOn) s += `; lands on ${e.landedOn} for ${e.landedDamage}`;
      return s;
    }
    case 'attack':
      return renderAttack(e);
    case 'active-guard':
      return `${e.actor} takes Active Guard: ${renderCheck(e.check)}: Guard ${e.guard} until its next turn (passive ${e.passive})${why(e.reason)}`;
    case 'interact':
      return `${e.actor} picks up its ${e.weapon}${why(e.reason)}`;
    case 'assist':
      return `${e.actor} assists ${e.ally}: +1 EV on its next check this round${why(e.reason)}`;
    case 'recover':
      return `${e.actor} recovers ${cards(e.cards)} from fatigue and shuffles its deck${why(e.reason)}`;
    case 'stabilize-ally':
      return `${e.actor} tries to stabilize ${e.ally}: Heart check DC ${e.dc}: ${renderCheck(e.check)}: ${e.success ? 'success' : 'failure'}`;
    case 'link-declare':
      return `${e.actor} calls a Link Strike on ${e.target} with ${e.partner}${why(e.reason)}`;
    case 'link-fizzle':
      return `${e.actor} and ${e.partner}'s Link Strike on ${e.target} fizzles: ${e.why}`;
    case 'pass':
      return `${e.actor} ends its turn${e.actionsLeft ? ` with ${e.actionsLeft} action${e.actionsLeft === 1 ? '' : 's'} unused` : ''}${why(e.reason)}`;
    case 'rule':
      return ruleLogLine(e.actor, e.cite);
    case 'stabilization-draw':
      switch (e.result) {
        case 'stabilized':
          return `${e.actor} (Broken) draws ${cardName(e.card!)}: stabilizes at 1 Vitality`;
        case 'holds':
          return `${e.actor} (Broken) draws ${cardName(e.card!)}: holds on`;
        case 'failing':
          return `${e.actor} (Broken) draws ${cardName(e.card!)}: Failing Draw ${e.failingDraws} of 3`;
        default:
          return `${e.actor} (Broken) has no card left to draw`;
      }
    case 'status': {
      const name = e.status === 'stunned' ? 'Stunned' : e.status === 'prone' ? 'Prone' : 'Weakened';
      return e.on ? `${e.target} is ${name} (${e.cause})` : `${e.target} is no longer ${name} (${e.cause})`;
    }
    case 'disarm':
      return `${e.target} drops its ${e.weapon} in ${e.zone} (disarmed by ${e.by})`;
    case 'weapon-break':
      return `${e.actor}'s ${e.weapon} breaks`;
    case 'splash':
      return `Sweeping: ${e.target} takes ${e.damage} damage, ${e.vitalityBefore} → ${e.vitalityAfter}`;
    case 'reshuffle':
      return e.cause === 'recover'
        ? undefined
        : `${e.owner}'s deck is empty: ${e.cards} fatigue card${e.cards === 1 ? '' : 's'} shuffled back in`;
    case 'broken':
      return `${e.target} is Broken (by ${e.by})`;
    case 'defeated':
      return `${e.target} is Defeated (${e.why === 'empty-deck' ? 'no card left to draw' : 'three Failing Draws'})`;
    case 'round-end':
      return (
        `End of round ${e.round}: ` +
        e.vitality.map((v) => `${v.id} ${v.vitality}${v.state === 'active' ? '' : ` (${v.state})`}`).join(', ')
      );
    case 'combat-end': {
      const o = e.outcome;
      const head =
        o.result === 'victory'
          ? `Victory for ${o.winner} in round ${o.rounds}`
          : o.result === 'stalemate'
            ? o.deadlock
              ? `Stalemate in round ${o.rounds}: no one can reach an enemy any more (E-I6b)`
              : `Stalemate: the round cap (${o.rounds}) ran out`
            : `Draw in round ${o.rounds}: no side can act`;
      return head + '\n' + renderSummary(o);
    }
  }
}

/**
 * The log's last lines: every combatant's Vitality and fate at the end, so a GM reading a
 * log does not have to scroll back through the rounds to learn who stood and who fell.
 */
export function renderSummary(o: Outcome): string {
  const lines = [`Summary after ${o.rounds} round${o.rounds === 1 ? '' : 's'}:`];
  for (const c of o.combatants) {
    const fate =
      c.state === 'defeated'
        ? 'Defeated'
        : c.state === 'broken'
          ? 'Broken'
          : c.everBroken
            ? 'standing (was Broken)'
            : 'standing';
    lines.push(
      `  ${c.id} (${c.side}): ${fate}, Vitality ${c.vitality}/${c.maxVitality}, dealt ${c.damageDealt} damage`,
    );
  }
  return lines.join('\n');
}
