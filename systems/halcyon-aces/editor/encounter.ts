// Halcyon Aces hovers on an encounter and what it holds: its zones (bands,
// drops, fall damage and the Body check that halves it), its sides and decks.

import type { DeckSpec, Encounter } from '../model.js';
import { checkOdds } from '../engine/odds.js';
import { cardName } from '../engine/cards.js';
import { zoneMapLines } from '../engine/zone-map.js';
import { MAX_FOES, pct } from './text.js';

/** A zone: its neighbours and bands (HA-Z1, HA-Z2), its drops and their fall damage (HA-F1/HA-F2), who starts there. */
export function zoneHover(enc: Encounter | undefined, name: string): string {
  const z = enc?.zones.find((x) => x.name === name);
  if (!enc || !z) return `**zone ${name}**`;
  const lines = [`**zone ${z.name}** in *${enc.name}* (HA-Z1)${z.height ? ` — ${z.height} ft high` : ''}`];
  lines.push(`Adjacent (Near): ${z.adjacent.length ? z.adjacent.join(', ') : 'none'}.`);
  const zi = enc.zones.indexOf(z);
  const far = enc.zones.filter((_, j) => enc.distance[zi][j] >= 2 && enc.distance[zi][j] < Infinity).map((x) => x.name);
  if (far.length) lines.push(`Far: ${far.join(', ')}.`);
  const none = enc.zones.filter((_, j) => enc.distance[zi][j] === Infinity).map((x) => x.name);
  if (none.length) lines.push(`No path to: ${none.join(', ')} (out of range, HA-Z2).`);
  for (const d of z.drops) {
    const dmg = Math.floor(d.feet / 10);
    const landed = d.soft ? Math.floor(dmg / 2) : dmg;
    const dc = 8 + Math.floor(d.feet / 10);
    lines.push(
      `Drop to **${d.to}**, ${d.feet} ft${d.soft ? ', soft' : ''}: ${landed} damage${d.soft ? ` (${dmg} halved by the soft landing)` : ''}; a Body check DC ${dc} halves it again (HA-F1/HA-F2).`,
    );
    const here = enc.combatants.filter((c) => c.zone === z.name);
    if (here.length && landed > 0) {
      lines.push(
        here
          .slice(0, MAX_FOES)
          .map((c) => `- ${c.id}: P(halve) ${pct(checkOdds(c.block.stats.body, 'body', dc).pSuccess)}`)
          .join('\n'),
      );
    }
  }
  const who = enc.combatants.filter((c) => c.zone === z.name).map((c) => c.id);
  if (who.length) lines.push(`Starting here: ${who.join(', ')}.`);
  return lines.join('\n\n');
}

/** An encounter: seed, round cap, options, who is on which side, and the zone map with starting zones. */
export function encounterHover(enc: Encounter): string {
  const opts = [enc.options.linkStrikes && 'link-strikes', enc.options.teamUltimates && 'team-ultimates'].filter(
    Boolean,
  );
  return [
    `**encounter ${enc.name}** — seed ${enc.seed}, round cap ${enc.rounds}${opts.length ? `, options ${opts.join(', ')}` : ''}`,
    enc.sides
      .map(
        (s) =>
          `- **${s}**: ${
            enc.combatants
              .filter((c) => c.side === s)
              .map((c) => `${c.id} (${c.zone})`)
              .join(', ') || '(nobody)'
          }`,
      )
      .join('\n'),
    `Zones (— adjacent, ⇣ one-way drop), where everyone starts:\n\n\`\`\`\n${zoneMapLines(enc.zones, startingZones(enc)).join('\n')}\n\`\`\``,
  ].join('\n\n');
}

function startingZones(enc: Encounter): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const c of enc.combatants) m.set(c.zone, [...(m.get(c.zone) ?? []), c.id]);
  return m;
}

/** A deck: standard, or the listed cards and how they are drawn (HA-C3). */
export function deckHover(name: string, spec: DeckSpec | undefined): string {
  if (!spec) return `**deck ${name}**`;
  const top = spec.cards.slice(0, 8).map(cardName).join(' ');
  return [
    `**deck ${name}** — ${spec.kind}${spec.only ? ', only the listed cards' : ''} (HA-C3)`,
    spec.kind === 'standard'
      ? 'The 52 cards, shuffled at the start of combat.'
      : `${spec.cards.length} listed card${spec.cards.length === 1 ? '' : 's'}${spec.kind === 'stacked' ? ', drawn first in this order' : ''}: ${top}${spec.cards.length > 8 ? ' …' : ''}${spec.kind === 'stacked' && !spec.only ? ' — then the rest of a standard deck, shuffled.' : ''}`,
  ].join('\n\n');
}

/** A side: its members, where they start and their main numbers. */
export function sideHover(enc: Encounter, name: string): string {
  const members = enc.combatants.filter((c) => c.side === name);
  return `**side ${name}** — ${members.length} combatant${members.length === 1 ? '' : 's'}\n\n${members
    .map((c) => `- ${c.id} at ${c.zone} — Vitality ${c.block.vitality}, Guard ${c.block.guard}, ${c.block.weapon.name}`)
    .join('\n')}`;
}
