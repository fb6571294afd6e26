// The battlefield of a Halcyon Aces encounter as text (issue 14 item 7): each
// zone with its adjacent zones (— two-way) and its one-way drops (⇣ with the
// height), and who stands there. Used by the hover on `encounter` (the starting
// positions) and by `aces run --map` and the step-through (a BoardView kept up
// to date from the events), so a loft whose only way down is a drop shows at a
// glance.

import type { BoardView } from '../../../model/system.js';
import type { Encounter, Zone } from '../model.js';
import type { CombatEvent } from './events.js';

/** One line per zone: `loft ⇣ floor 20ft · Archer`; `who` maps each zone to the labels of who stands there. */
export function zoneMapLines(zones: readonly Zone[], who: ReadonlyMap<string, string[]>): string[] {
  const heads = zones.map((z) => {
    const adj = z.adjacent.length ? ` — ${z.adjacent.join(', ')}` : '';
    const drops = z.drops.length ? ` ⇣ ${z.drops.map((d) => `${d.to} ${d.feet}ft${d.soft ? ' soft' : ''}`).join(', ')}` : '';
    return `${z.name}${adj}${drops}`;
  });
  const w = Math.max(0, ...heads.map((h) => [...h].length));
  return zones.map((z, i) => `${heads[i]}${' '.repeat(w - [...heads[i]].length)} · ${(who.get(z.name) ?? []).join(', ') || '(empty)'}`);
}

/** The board of `aces run --map` / the step-through: zones and who is where, from the events alone. */
export function zoneBoard(enc: Encounter): BoardView {
  const where = new Map<string, string>();
  const state = new Map<string, string>();
  return {
    apply(e) {
      const x = e as CombatEvent;
      if (x.type === 'combat-start') for (const c of x.combatants) where.set(c.id, c.zone);
      else if (x.type === 'move' && x.path.length) where.set(x.actor, x.path[x.path.length - 1]);
      else if (x.type === 'fall') where.set(x.actor, x.into);
      else if (x.type === 'broken') state.set(x.target, 'Broken');
      else if (x.type === 'defeated') state.set(x.target, 'Defeated');
      else if (x.type === 'stabilization-draw' || x.type === 'stabilize-ally') {
        const id = x.type === 'stabilize-ally' ? (x.success ? x.ally : '') : '';
        if (id) state.delete(id);
      }
    },
    lines() {
      const who = new Map<string, string[]>();
      for (const [id, z] of where) {
        const l = who.get(z) ?? [];
        l.push(state.has(id) ? `${id} (${state.get(id)})` : id);
        who.set(z, l);
      }
      return zoneMapLines(enc.zones, who).map((l) => `  ${l}`);
    },
  };
}
