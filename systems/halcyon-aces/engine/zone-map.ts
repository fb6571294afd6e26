// The battlefield of a Halcyon Aces encounter as text (issue 14 item 7): each
// zone with its adjacent zones (— two-way) and its one-way drops (⇣ with the
// height), and who stands there. Used by the hover on `encounter` (the starting
// positions) and by `aces run --map` and the step-through (a BoardView kept up
// to date from the events), so a loft whose only way down is a drop shows at a
// glance. Its picture (the drawn map of the step-through view) gives the zones
// as nodes, adjacency and drops as edges, each combatant's Vitality, and the
// moves, falls and attacks of the last turn as arrows.

import type { BoardArrow, BoardPicture, BoardView } from '../../../model/system.js';
import { initials } from '../../../engine/initials.js';
import type { Encounter, Zone } from '../model.js';
import type { CombatEvent } from './events.js';

/** One line per zone: `loft ⇣ floor 20ft · Archer`; `who` maps each zone to the labels of who stands there. */
export function zoneMapLines(zones: readonly Zone[], who: ReadonlyMap<string, string[]>): string[] {
  const heads = zones.map((z) => {
    const adj = z.adjacent.length ? ` — ${z.adjacent.join(', ')}` : '';
    const drops = z.drops.length
      ? ` ⇣ ${z.drops.map((d) => `${d.to} ${d.feet}ft${d.soft ? ' soft' : ''}`).join(', ')}`
      : '';
    return `${z.name}${adj}${drops}`;
  });
  const w = Math.max(0, ...heads.map((h) => [...h].length));
  return zones.map(
    (z, i) => `${heads[i]}${' '.repeat(w - [...heads[i]].length)} · ${(who.get(z.name) ?? []).join(', ') || '(empty)'}`,
  );
}

/** The board of `aces run --map` / the step-through: zones and who is where, from the events alone. */
export function zoneBoard(enc: Encounter): BoardView {
  const where = new Map<string, string>();
  const state = new Map<string, string>();
  /** Vitality now and at the start (HA-B1), for the tokens' notes. */
  const vitality = new Map<string, [number, number]>();
  const hurt = (id: string, after: number): void => {
    const v = vitality.get(id);
    if (v) v[0] = after;
  };
  /** The moves, falls and attacks since the last turn began. */
  let arrows: BoardArrow<string>[] = [];
  return {
    apply(e) {
      const x = e as CombatEvent;
      if (x.type === 'turn-start' || x.type === 'round-start') arrows = [];
      if (x.type === 'move') {
        let from = x.from;
        for (const to of x.path) {
          if (to !== from) arrows.push({ kind: 'move', from, to, by: x.actor });
          from = to;
        }
      } else if (x.type === 'fall') {
        arrows.push({ kind: 'move', from: where.get(x.actor) ?? x.into, to: x.into, by: x.actor });
        hurt(x.actor, x.vitalityAfter);
      } else if (x.type === 'attack') {
        for (const r of x.results) {
          arrows.push({
            kind: 'attack',
            from: where.get(x.actor) ?? '',
            to: where.get(r.target) ?? '',
            by: x.actor,
            target: r.target,
          });
          hurt(r.target, r.vitalityAfter);
        }
      } else if (x.type === 'splash') {
        arrows.push({
          kind: 'attack',
          from: where.get(x.actor) ?? '',
          to: where.get(x.target) ?? '',
          by: x.actor,
          target: x.target,
        });
        hurt(x.target, x.vitalityAfter);
      } else if (x.type === 'round-end') for (const v of x.vitality) hurt(v.id, v.vitality);
      if (x.type === 'combat-start')
        for (const c of x.combatants) {
          where.set(c.id, c.zone);
          vitality.set(c.id, [c.vitality, c.vitality]);
        }
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
    picture(): BoardPicture {
      const index = new Map(enc.zones.map((z, i) => [z.name, i]));
      const edges: { from: string; to: string; oneWay?: boolean; height?: number }[] = [];
      for (const z of enc.zones) {
        // adjacency is symmetric (HA-Z1): each pair once, from the zone declared first
        for (const a of z.adjacent) if ((index.get(a) ?? -1) > index.get(z.name)!) edges.push({ from: z.name, to: a });
        for (const d of z.drops) edges.push({ from: z.name, to: d.to, oneWay: true, height: d.feet });
      }
      const sideIndex = new Map(enc.sides.map((s, i) => [s, i]));
      return {
        kind: 'zones',
        zones: enc.zones.map((z) => (z.height ? { name: z.name, note: `height ${z.height}ft` } : { name: z.name })),
        edges,
        tokens: enc.combatants
          .filter((c) => where.has(c.id))
          .map((c) => {
            const v = vitality.get(c.id);
            const st = state.get(c.id);
            return {
              name: c.id,
              initials: initials(c.id),
              side: sideIndex.get(c.side) ?? 0,
              // Broken is out of the fight too (HA-B1) until stabilized: drawn apart, its note says which (issue 34 item 12)
              out: st !== undefined,
              zone: where.get(c.id)!,
              note: `Vitality ${v ? `${v[0]}/${v[1]}` : '?'}${st ? ` · ${st}` : ''}`,
            };
          }),
        arrows: arrows.filter((a) => a.from && a.to).map((a) => ({ ...a })),
      };
    },
  };
}
