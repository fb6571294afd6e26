// Zone reachability (HA-Z1, HA-Z2, HA-Z3, HA-F2): ONE computation behind the
// checker's HA-Z2 warnings, the hovers' "reaches it after N Strides" and the
// simulator's movement tables, so the three can never disagree.
//
// Two graphs over the zones:
// - movement is directed: `adjacent` works both ways, a `drop` only downwards
//   (a Stride that ends with a fall);
// - range is undirected: adjacency and drops both count, since the two ends of
//   a drop see each other (a bow on a loft reaches the floor below it).
// "Can A ever reach B with band b" = some zone within range b of B can be
// reached by A's moves. Every function is a breadth-first search: linear in
// zones + links per source; the matrices are zones², so encounters are capped
// (MAX_ZONES in model/build.ts) long before they matter.

import type { Band, Zone } from '../model.js';

/**
 * Zones per encounter. Zone tables are zones² and the simulator's approach pass zones³ (200 zones: 40,000
 * table cells, ~24M steps, a few tens of ms once per encounter); a battle map a GM draws has a handful, a
 * whole castle a few dozen. The checker reports the limit (code `limit`); compile refuses past it.
 */
export const MAX_ZONES = 200;

/** Distance of a zone that cannot be reached (a large int, so sums stay in Int32 range). */
export const UNREACHABLE = 1 << 20;

export const BAND_INDEX: Readonly<Record<Band, number>> = { engaged: 0, near: 1, far: 2 };

/** A range distance is within a band: Engaged 0, Near ≤ 1, Far any finite distance (HA-Z2, HA-Z3). */
export function withinBand(dist: number, band: number): boolean {
  return band >= 2 ? dist < UNREACHABLE : dist <= band;
}

export interface ZoneGraph {
  readonly nz: number;
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Adjacency, both ways, in declaration order (HA-Z1). */
  readonly adj: readonly number[][];
  /** Movement: adjacency first, then drops not already adjacent (one way, HA-F2). */
  readonly moveAdj: readonly number[][];
  /** Range: adjacency and drops, both ways (HA-Z2). */
  readonly rangeAdj: readonly number[][];
  /** Per directed pair a → b reached only by a drop: its height (shortest drop) and softness; −1 when none. */
  readonly drops: ReadonlyMap<number, { feet: number; soft: boolean }>;
}

/**
 * The zone graph of an encounter. `extra` names zones used by placements but not declared (hand-built
 * encounters); with no zone at all there is one implicit zone, `field`.
 */
export function zoneGraph(zones: readonly Zone[], extra: readonly string[] = []): ZoneGraph {
  const names = zones.map((z) => z.name);
  for (const e of extra) if (!names.includes(e)) names.push(e);
  if (names.length === 0) names.push('field');
  const nz = names.length;
  if (nz > MAX_ZONES)
    throw new RangeError(
      `${nz} zones in one encounter; the limit is ${MAX_ZONES} (check the file with \`aces check\` first).`,
    );
  const index = new Map(names.map((z, i) => [z, i]));
  const adj: number[][] = names.map(() => []);
  const link = (list: number[][], a: number, b: number): void => {
    if (a !== b && !list[a].includes(b)) list[a].push(b);
  };
  for (const z of zones) {
    const a = index.get(z.name)!;
    for (const o of z.adjacent ?? []) {
      const b = index.get(o);
      if (b !== undefined) {
        link(adj, a, b);
        link(adj, b, a);
      }
    }
  }
  const moveAdj = adj.map((a) => a.slice());
  const rangeAdj = adj.map((a) => a.slice());
  const drops = new Map<number, { feet: number; soft: boolean }>();
  for (const z of zones) {
    const a = index.get(z.name)!;
    for (const d of z.drops ?? []) {
      const b = index.get(d.to);
      if (b === undefined || b === a) continue;
      link(rangeAdj, a, b);
      link(rangeAdj, b, a);
      if (adj[a].includes(b)) continue; // adjacency is the better way down: no fall
      link(moveAdj, a, b);
      const key = a * nz + b;
      const prev = drops.get(key);
      const feet = Math.max(0, d.feet | 0);
      if (!prev || feet < prev.feet) drops.set(key, { feet, soft: !!d.soft });
    }
  }
  return { nz, names, index, adj, moveAdj, rangeAdj, drops };
}

/** Breadth-first distances from `from` over `links` into `out` (length nz); `hop`, if given, gets the first step. */
export function bfs(links: readonly number[][], from: number, out: Int32Array, hop?: Int32Array): void {
  out.fill(UNREACHABLE);
  hop?.fill(-1);
  const q = new Int32Array(links.length);
  let h = 0,
    t = 0;
  out[from] = 0;
  if (hop) hop[from] = from;
  q[t++] = from;
  while (h < t) {
    const x = q[h++];
    for (const y of links[x]) {
      if (out[y] !== UNREACHABLE) continue;
      out[y] = out[x] + 1;
      if (hop) hop[y] = x === from ? y : hop[x];
      q[t++] = y;
    }
  }
}

/** All-pairs distances over `links`: [from * nz + to]; with `hops`, the first zone of a shortest path. */
export function allPairs(links: readonly number[][], hops = false): { dist: Int32Array; firstHop: Int32Array | null } {
  const nz = links.length;
  const dist = new Int32Array(nz * nz);
  const firstHop = hops ? new Int32Array(nz * nz) : null;
  for (let s = 0; s < nz; s++)
    bfs(links, s, dist.subarray(s * nz, (s + 1) * nz), firstHop?.subarray(s * nz, (s + 1) * nz));
  return { dist, firstHop };
}

/**
 * Fewest moves (Strides) that bring a combatant at zone `from` within `band` of zone `to`, or UNREACHABLE.
 * `range` and `move` are all-pairs matrices of the same graph.
 */
export function movesToReach(
  nz: number,
  range: Int32Array,
  move: Int32Array,
  from: number,
  to: number,
  band: number,
): number {
  let best = UNREACHABLE;
  for (let z = 0; z < nz; z++) {
    if (!withinBand(range[z * nz + to], band)) continue;
    const m = move[from * nz + z];
    if (m < best) best = m;
  }
  return best;
}

/** Range and movement of an encounter's zones, for questions by zone name (checker, hovers). */
export interface Reach {
  readonly graph: ZoneGraph;
  readonly range: Int32Array;
  readonly move: Int32Array;
  /** Range distance between two zones (UNREACHABLE when no path, HA-Z2). */
  rangeBetween(a: string, b: string): number;
  /** Fewest Strides from zone `from` until zone `to` is within `band` (UNREACHABLE: never). */
  strides(from: string, to: string, band: Band): number;
}

export function reachOf(zones: readonly Zone[], extra: readonly string[] = []): Reach {
  const graph = zoneGraph(zones, extra);
  const range = allPairs(graph.rangeAdj).dist;
  const move = allPairs(graph.moveAdj).dist;
  const at = (z: string): number => graph.index.get(z) ?? -1;
  return {
    graph,
    range,
    move,
    rangeBetween: (a, b) => (at(a) < 0 || at(b) < 0 ? UNREACHABLE : range[at(a) * graph.nz + at(b)]),
    strides: (from, to, band) =>
      at(from) < 0 || at(to) < 0
        ? UNREACHABLE
        : movesToReach(graph.nz, range, move, at(from), at(to), BAND_INDEX[band]),
  };
}
