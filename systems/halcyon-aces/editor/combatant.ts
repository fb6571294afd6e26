// Halcyon Aces hovers on a stat block: Guard, Resolve, draws and initiative as
// the rules derive them, what it inherits, and who can reach it from where in
// each encounter it appears in (engine/reach.ts, the simulator's own numbers).

import type { WorkspaceView } from '../../../model/system.js';
import { STAT_NAMES } from '../schema.js';
import type { StatBlock, Weapon } from '../model.js';
import { reachOf, UNREACHABLE } from '../engine/reach.js';
import { appearancesOf, type Appearance } from './workspace.js';
import { cap, MAX_ENCOUNTERS, MAX_FOES, signed, SUIT, weaponSummary } from './text.js';

/** A stat block: its derived numbers (HA-N2, HA-N3, HA-K1, HA-I3) and, per encounter it appears in, who reaches whom. */
export function combatantHover(
  ws: WorkspaceView,
  file: string,
  b: StatBlock,
  filter?: (a: Appearance) => boolean,
): string {
  const lines: string[] = [];
  lines.push(`**${b.name}** — ${b.player ? 'player character' : 'character'}, Vitality ${b.vitality}`);
  if (b.base) {
    const from =
      b.base.file !== file ? ` (${decodeURIComponent(b.base.file.slice(b.base.file.lastIndexOf('/') + 1))})` : '';
    lines.push(
      `Extends **${b.base.name}**${from}: ${
        b.inherited?.length
          ? `inherits ${b.inherited.map((a) => `\`${a}\``).join(', ')}`
          : 'inherits nothing (every attribute is written here)'
      }.`,
    );
  }
  const guard = b.guardDeclared
    ? `${b.guard} (declared; the rules give 5 + Body ${b.stats.body} + armor ${b.armor} = ${b.rulesGuard}, HA-N2)`
    : `${b.guard} (5 + Body ${b.stats.body} + armor ${b.armor}, HA-N2)`;
  const resolve = b.resolveAssumed
    ? `${b.resolve} — *assumed*: 5 + Spirit ${b.stats.spirit} (ruling HA-N3)`
    : `${b.resolve} (declared)`;
  lines.push(
    `| | |\n|---|---|\n| Guard | ${guard} |\n| Resolve | ${resolve} |\n| Draws (HA-K1) | ${STAT_NAMES.map((s) => `${SUIT[s]} ${cap(s)} ${b.stats[s]} → ${b.draws[s]}`).join(' · ')} |\n| Initiative | ${
      b.initiativeModifier ? `${signed(b.initiativeModifier)} (Heavy weapon, HA-I3)` : '+0'
    }${b.perks.includes('quick-draw') ? ', Quick Draw: best of 2 cards (HA-I4)' : ''} |\n| Weapon | ${b.weapon.name} (${weaponSummary(b.weapon)})${b.offhand ? `; off-hand ${b.offhand.name}` : ''} |${
      b.techniques.length ? `\n| Techniques | ${b.techniques.map((x) => `${x.name} (${x.cost})`).join(', ')} |` : ''
    }\n| Tactics | ${b.tactic} |`,
  );
  let apps = appearancesOf(ws, file, b.name);
  if (filter) apps = apps.filter(filter);
  for (const a of apps.slice(0, MAX_ENCOUNTERS)) lines.push(reachTable(a, b));
  if (apps.length > MAX_ENCOUNTERS) lines.push(`*…and ${apps.length - MAX_ENCOUNTERS} more encounters.*`);
  return lines.join('\n\n');
}

/**
 * Who can reach the combatant from where, and whom it reaches, from the starting zones (HA-Z2/HA-Z3),
 * moving along adjacency and one-way drops (HA-F2): engine/reach.ts, the simulator's own computation.
 */
function reachTable(a: Appearance, b: StatBlock): string {
  const enc = a.encounter;
  const me = a.combatants[0];
  const reach = reachOf(
    enc.zones,
    enc.combatants.map((c) => c.zone),
  );
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const c of enc.combatants) {
    if (c.side === me.side) continue;
    const k = `${c.block.name}\0${c.zone}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const d = reach.rangeBetween(me.zone, c.zone);
    const band = d === 0 ? 'Engaged' : d === 1 ? 'Near' : d >= UNREACHABLE ? 'no path' : `Far (${d} zones)`;
    const strides = (from: string, to: string, w: Weapon): string => {
      const need = reach.strides(from, to, w.reach);
      if (need >= UNREACHABLE) return '✗ never';
      if (need === 0) return `✓ ${w.name}`;
      return `after ${need} Stride${need === 1 ? '' : 's'} (${w.name})`;
    };
    rows.push(
      `| ${c.block.name} | ${c.zone} | ${band} | ${strides(c.zone, me.zone, c.block.weapon)} | ${strides(me.zone, c.zone, b.weapon)} |`,
    );
    if (rows.length >= MAX_FOES) break;
  }
  const copies = a.combatants.length > 1 ? ` (×${a.combatants.length})` : '';
  return `*${enc.name}* — side ${me.side}, starts at ${me.zone}${copies}\n\n| foe | zone | range | reaches ${b.name} | ${b.name} reaches it |\n|---|---|---|---|---|\n${rows.join('\n')}`;
}
