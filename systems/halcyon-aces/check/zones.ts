// An encounter's zones (HA-Z1, HA-Z2, HA-F2): each zone once, adjacency both
// ways, drops down into another zone, the zone limit, the implicit `field`
// when none is declared, and the distance and reach tables the later checks
// and the simulator read.

import type { NameRef, RawBlock } from '../../../model/read.js';
import { quoteName } from '../../../model/check-kit.js';
import { didYouMean, suggest } from '../../../model/suggest.js';
import { MAX_ZONES, reachOf, UNREACHABLE, type Reach } from '../engine/reach.js';
import type { Zone } from '../model.js';
import type { HaCheck } from './context.js';
import { DEFAULT_ZONE } from './defaults.js';

export interface EncounterZones {
  zones: Zone[];
  zoneIndex: Map<string, number>;
  /** The declared zones' names (not the implicit one): what a misspelt zone is compared with. */
  zoneNames: string[];
  /** No zone declared: everyone stands in DEFAULT_ZONE. */
  implicitZone: boolean;
  reach: Reach;
  distance: number[][];
  /** Reports a reference to a zone this encounter lacks; `why`: what the zone was named for. */
  unknownZone(ref: NameRef, why: string): void;
}

export function encounterZones(cx: HaCheck, raw: RawBlock): EncounterZones {
  const f = raw.file;
  // Zones (HA-Z1/HA-Z2/HA-F2).
  let zoneRaws = raw.children.filter((c) => c.kind === 'zone');
  // Zone tables are zones² and the simulator's approach pass zones³: the limit keeps a hostile file cheap
  // while no battle map a GM draws comes near it. Zones past it are dropped after one message.
  const cutZones = new Set<string>();
  if (zoneRaws.length > MAX_ZONES) {
    const first = zoneRaws[MAX_ZONES];
    cx.report(
      f,
      first.nameRange,
      'error',
      'limit',
      `More than ${MAX_ZONES} zones in encounter '${raw.name}' (${zoneRaws.length}); zones from '${first.name}' on are ignored. Merge areas a Stride apart into one zone, or split the encounter.`,
    );
    for (const z of zoneRaws.slice(MAX_ZONES)) cutZones.add(z.name);
    zoneRaws = zoneRaws.slice(0, MAX_ZONES);
  }
  const zones: Zone[] = [];
  const zoneIndex = new Map<string, number>();
  for (const z of zoneRaws) {
    if (zoneIndex.has(z.name)) {
      cx.report(
        f,
        z.nameRange,
        'error',
        'duplicate-name',
        `Zone '${z.name}' is declared twice in this encounter; merge them or rename one.`,
      );
      continue;
    }
    zoneIndex.set(z.name, zones.length);
    zones.push({ name: z.name, height: cx.one(z, 'height')?.feet ?? 0, adjacent: [], drops: [], range: z.nameRange });
  }
  const zoneNames = zones.map((z) => z.name);
  const unknownZone = (ref: NameRef, why: string): void => {
    if (cutZones.has(ref.text)) return; // past the zone limit, already reported once
    const sugg = suggest(ref.text, zoneNames);
    cx.report(
      f,
      ref.range,
      'error',
      'HA-Z1',
      `No zone named '${ref.text}' in this encounter${why}.${didYouMean(sugg)}${sugg.length ? '' : ` Declare it: \`zone ${quoteName(ref.text)} { }\`.`}`,
      sugg,
    );
  };
  for (const z of zoneRaws) {
    const zi = zoneIndex.get(z.name);
    if (zi === undefined || zones[zi].range !== z.nameRange) continue;
    for (const ref of cx.many(z, 'adjacent')) {
      const oi = zoneIndex.get(ref.text);
      if (oi === undefined) unknownZone(ref, ' to be adjacent to');
      else if (oi === zi)
        cx.report(
          f,
          ref.range,
          'warning',
          'HA-Z1',
          `Zone '${z.name}' is adjacent to itself; a zone is already Engaged range with itself (HA-Z2).`,
        );
      else {
        if (!zones[zi].adjacent.includes(ref.text)) zones[zi].adjacent.push(ref.text);
        if (!zones[oi].adjacent.includes(z.name)) zones[oi].adjacent.push(z.name);
      }
    }
    for (const d of z.attrs.filter((a) => a.spec.name === 'drop')) {
      const to = d.names[0];
      if (!to) continue;
      if (!zoneIndex.has(to.text)) unknownZone(to, ' to drop into');
      else if (to.text === z.name)
        cx.report(
          f,
          to.range,
          'error',
          'HA-F2',
          `A drop leads down into another zone, not into '${z.name}' itself (HA-F2).`,
        );
      else zones[zi].drops.push({ to: to.text, feet: d.feet ?? 0, soft: !!d.soft });
    }
  }
  const implicitZone = zones.length === 0;
  if (implicitZone) {
    zones.push({ name: DEFAULT_ZONE, height: 0, adjacent: [], drops: [] });
    zoneIndex.set(DEFAULT_ZONE, 0);
  }
  const reach = reachOf(zones);
  const distance = zoneDistances(zones, zoneIndex);
  return { zones, zoneIndex, zoneNames, implicitZone, reach, distance, unknownZone };
}

/**
 * HA-Z2: range distance between zones (engine/reach.ts, the computation the simulator and hovers use):
 * adjacency and drops both count, both ways — a drop is one-way for movement, but the zones it joins are
 * within sight of each other. Infinity = no path.
 */
export function zoneDistances(zones: Zone[], _index?: Map<string, number>): number[][] {
  const r = reachOf(zones);
  const n = r.graph.nz;
  return zones.map((_, i) =>
    Array.from(r.range.subarray(i * n, i * n + zones.length), (d) => (d >= UNREACHABLE ? Infinity : d)),
  );
}
