// The battle map as SVG (issue 13 item 8, issue 14 item 7): a BoardPicture drawn
// as squares or pointy-top hexes ("odd-r" rows) with terrain, or as zones laid out
// in layers with their edges and one-way drops; tokens with initials, a facing
// tick and their side's colour; the last step's moves (dashed) and attacks
// (solid) as arrows. Pure: no `vscode` import, no colours — every colour comes
// from the page's stylesheet through classes (the theme's CSS variables), and
// every name from a user's file is escaped. Same picture ⇒ same bytes.

import type { BoardArrow, BoardPicture, BoardToken, FightSnapshot } from '../../model/system.js';
// text and attribute values from user files: nothing in them can open a tag or end an attribute
import { escapeHtml as escapeXml } from './webview-page.js';

type GridPicture = Extract<BoardPicture, { kind: 'grid' }>;
type ZonePicture = Extract<BoardPicture, { kind: 'zones' }>;
type Point = [number, number];

/** Coordinates with at most two decimals, no trailing zeros: short and stable. */
const n = (v: number): string => String(Math.round(v * 100) / 100);

/** A class name from a word of the system's (terrain kinds): letters, digits and dashes only. */
const cls = (word: string): string =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'other';

/** TG-G1-style column names: a…z, aa, ab… (the log's square names on both grids). */
export function columnName(x: number): string {
  let s = '';
  for (let v = x + 1; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(97 + ((v - 1) % 26)) + s;
  return s;
}

const SQUARE = 44;
/** Hex: centre to corner. */
const HEX_R = 25;
const HEX_W = Math.sqrt(3) * HEX_R;
const MARGIN = 24;

function defs(): string {
  // one marker per arrow kind; their colour is the stylesheet's (.arrowhead.move / .arrowhead.attack)
  const head = (k: string) =>
    `<marker id="ah-${k}" class="arrowhead ${k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>`;
  return `<defs>${head('move')}${head('attack')}${head('drop')}</defs>`;
}

/** What a token's tooltip says: its name, its note, and the snapshot's meters and statuses when given. */
function tooltip(t: BoardToken, snap: FightSnapshot | undefined): string {
  const parts = [t.name];
  if (t.note) parts.push(t.note);
  const c = snap?.combatants.find((x) => x.name === t.name);
  if (c) {
    if (c.where) parts.push(c.where);
    if (c.statuses.length) parts.push(c.statuses.join(', '));
  }
  if (t.out) parts.push('out of the fight');
  return parts.join(' — ');
}

/** A token: a circle in its side's colour, its initials, a tick toward its facing, greyed and crossed when out. */
function token(
  t: BoardToken & { facing?: number },
  [cx, cy]: Point,
  r: number,
  snap: FightSnapshot | undefined,
): string {
  const side = `side-${((t.side % 6) + 6) % 6}`;
  const out: string[] = [`<g class="token ${side}${t.out ? ' out' : ''}" data-name="${escapeXml(t.name)}">`];
  out.push(`<title>${escapeXml(tooltip(t, snap))}</title>`);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`);
  if (t.facing !== undefined && !t.out) {
    const a = (t.facing * Math.PI) / 180;
    const [dx, dy] = [Math.sin(a), -Math.cos(a)];
    out.push(
      `<line class="facing" x1="${n(cx + dx * r)}" y1="${n(cy + dy * r)}" x2="${n(cx + dx * (r + 7))}" y2="${n(cy + dy * (r + 7))}"/>`,
    );
  }
  out.push(
    `<text x="${n(cx)}" y="${n(cy)}" text-anchor="middle" dominant-baseline="central">${escapeXml(t.initials)}</text>`,
  );
  if (t.out) {
    const d = r * 0.7;
    out.push(
      `<path class="cross" d="M${n(cx - d)},${n(cy - d)} L${n(cx + d)},${n(cy + d)} M${n(cx + d)},${n(cy - d)} L${n(cx - d)},${n(cy + d)}"/>`,
    );
  }
  out.push('</g>');
  return out.join('');
}

/** A straight arrow from a to b, both ends pulled in by `inset` (so the head sits on a token's rim); a loop when a = b. */
function arrowPath(a: Point, b: Point, insetA: number, insetB: number): string {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  if (len < insetA + insetB + 4) {
    // the same place: a small loop above it
    const [x, y] = a;
    return `M${n(x - 6)},${n(y - insetA)} C${n(x - 22)},${n(y - insetA - 26)} ${n(x + 22)},${n(y - insetA - 26)} ${n(x + 6)},${n(y - insetA)}`;
  }
  const [ux, uy] = [dx / len, dy / len];
  return `M${n(a[0] + ux * insetA)},${n(a[1] + uy * insetA)} L${n(b[0] - ux * insetB)},${n(b[1] - uy * insetB)}`;
}

function arrow<P>(x: BoardArrow<P>, d: string, label: (p: P) => string): string {
  const what = x.kind === 'attack' ? `${x.by} attacks${x.target ? ` ${x.target}` : ''}` : `${x.by} moves`;
  return `<path class="arrow ${x.kind}" d="${d}" marker-end="url(#ah-${x.kind})"><title>${escapeXml(`${what}: ${label(x.from)} → ${label(x.to)}`)}</title></path>`;
}

/** Where each token stands inside its cell or zone: alone in the middle, or several around it. */
function spread(count: number, i: number, [cx, cy]: Point, ring: number): Point {
  if (count <= 1) return [cx, cy];
  const a = (2 * Math.PI * i) / count - Math.PI / 2;
  return [cx + Math.cos(a) * ring, cy + Math.sin(a) * ring];
}

function gridSvg(p: GridPicture, snap: FightSnapshot | undefined): string {
  const hex = p.shape === 'hex';
  const centre = ([x, y]: Point): Point =>
    hex
      ? [MARGIN + HEX_W * (x + 0.5 * (y & 1)) + HEX_W / 2, MARGIN + HEX_R + 1.5 * HEX_R * y]
      : [MARGIN + SQUARE * x + SQUARE / 2, MARGIN + SQUARE * y + SQUARE / 2];
  const cell = (x: number, y: number, cl: string): string => {
    const [cx, cy] = centre([x, y]);
    if (!hex)
      return `<rect class="${cl}" x="${n(cx - SQUARE / 2)}" y="${n(cy - SQUARE / 2)}" width="${SQUARE}" height="${SQUARE}"/>`;
    const pts = [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 180) * (60 * i - 90);
      return `${n(cx + HEX_R * Math.cos(a))},${n(cy + HEX_R * Math.sin(a))}`;
    });
    return `<polygon class="${cl}" points="${pts.join(' ')}"/>`;
  };
  const width = hex ? MARGIN * 2 + HEX_W * (p.width + 0.5) : MARGIN * 2 + SQUARE * p.width;
  const height = hex ? MARGIN * 2 + HEX_R * (1.5 * p.height + 0.5) : MARGIN * 2 + SQUARE * p.height;
  const name = (q: Point) => `${columnName(q[0])}${q[1] + 1}`;
  const out: string[] = [];
  out.push(`<g class="cells">`);
  for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) out.push(cell(x, y, 'cell'));
  out.push('</g><g class="terrain">');
  for (const t of p.terrain) {
    if (t.x < 0 || t.y < 0 || t.x >= p.width || t.y >= p.height) continue;
    const k = cls(t.kind);
    const num = /\d+/.exec(t.kind)?.[0];
    out.push(
      `<g class="t-${k.replace(/-?\d+$/, '') || 'other'}"><title>${escapeXml(`${name([t.x, t.y])}: ${t.kind}`)}</title>${cell(t.x, t.y, 'fill')}`,
    );
    if (num !== undefined) {
      const [cx, cy] = centre([t.x, t.y]);
      out.push(
        `<text class="level" x="${n(cx + (hex ? 10 : 14))}" y="${n(cy - (hex ? 10 : 14))}" text-anchor="middle" dominant-baseline="central">${escapeXml(num)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</g><g class="labels">');
  for (let x = 0; x < p.width; x++)
    out.push(
      `<text x="${n(centre([x, 0])[0])}" y="${MARGIN / 2}" text-anchor="middle" dominant-baseline="central">${columnName(x)}</text>`,
    );
  for (let y = 0; y < p.height; y++)
    out.push(
      `<text x="${MARGIN / 2}" y="${n(centre([0, y])[1])}" text-anchor="middle" dominant-baseline="central">${y + 1}</text>`,
    );
  out.push('</g>');
  // tokens: the fallen under the standing, several on one cell around its centre; the dead are off the map (TG-D3)
  const r = hex ? HEX_R * 0.62 : SQUARE * 0.36;
  const byCell = new Map<string, number>();
  const onMap = p.tokens.filter((t) => !t.offMap);
  for (const t of onMap) byCell.set(`${t.x},${t.y}`, (byCell.get(`${t.x},${t.y}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  const at = new Map<string, { pos: Point; r: number }>();
  const order = [...onMap.filter((t) => t.out), ...onMap.filter((t) => !t.out)];
  const drawn: string[] = [];
  for (const t of order) {
    const key = `${t.x},${t.y}`;
    const count = byCell.get(key)!;
    const i = seen.get(key) ?? 0;
    seen.set(key, i + 1);
    const tr = count > 1 ? r * 0.62 : r;
    const pos = spread(count, i, centre([t.x, t.y]), r * 0.5);
    if (!t.out || !at.has(t.name)) at.set(t.name, { pos, r: tr });
    drawn.push(token(t, pos, tr, snap));
  }
  out.push(`<g class="arrows">`);
  for (const a of p.arrows) {
    const target = a.target !== undefined ? at.get(a.target) : undefined;
    const mover = a.kind === 'move' ? at.get(a.by) : undefined;
    const end =
      target && sameCell(target.pos, centre(a.to), hex)
        ? target
        : mover && sameCell(mover.pos, centre(a.to), hex)
          ? mover
          : undefined;
    const d = arrowPath(centre(a.from), end?.pos ?? centre(a.to), 0, (end?.r ?? r) + 2);
    out.push(arrow(a, d, name));
  }
  out.push(`</g><g class="tokens">${drawn.join('')}</g>`);
  return frame(
    width,
    height,
    `${p.width} × ${p.height} ${hex ? 'hexes' : 'squares'}, ${p.tokens.length} combatants`,
    out.join(''),
    `grid ${p.shape}`,
  );
}

/** A token moved off its cell's centre still counts as on that cell (several tokens share one). */
function sameCell(a: Point, b: Point, hex: boolean): boolean {
  return Math.hypot(a[0] - b[0], a[1] - b[1]) < (hex ? HEX_R : SQUARE / 2);
}

const ZONE_W = 176;
const ZONE_HEAD = 30;
const ZONE_TOKEN = 34;
const ZONE_PER_ROW = 5;
const ZONE_GAP_X = 96;
const ZONE_GAP_Y = 44;
/** How far an edge between two zones of one column with another between them bows out beside the column (its apex). */
const ZONE_BOW = 30;

/**
 * Layers: breadth first over the edges (either way) from the first zone declared, zones out of reach starting
 * a new search after the last layer; within a layer, declaration order. Columns left to right, so a drop from a
 * loft to the floor reads along the page.
 */
export function zoneLayers(p: Pick<ZonePicture, 'zones' | 'edges'>): string[][] {
  const names = p.zones.map((z) => z.name);
  const next = new Map<string, string[]>(names.map((z) => [z, []]));
  for (const e of p.edges) {
    if (!next.has(e.from) || !next.has(e.to)) continue;
    next.get(e.from)!.push(e.to);
    next.get(e.to)!.push(e.from);
  }
  const layerOf = new Map<string, number>();
  let base = 0;
  for (const root of names) {
    if (layerOf.has(root)) continue;
    layerOf.set(root, base);
    const queue = [root];
    let deepest = base;
    while (queue.length) {
      const z = queue.shift()!;
      for (const m of next.get(z)!) {
        if (layerOf.has(m)) continue;
        layerOf.set(m, layerOf.get(z)! + 1);
        deepest = Math.max(deepest, layerOf.get(m)!);
        queue.push(m);
      }
    }
    base = deepest + 1;
  }
  const layers: string[][] = [];
  for (const z of names) (layers[layerOf.get(z)!] ??= []).push(z);
  return layers.filter((l) => l?.length);
}

/** The point where the segment from a box's centre toward `to` leaves the box. */
function rim([cx, cy]: Point, hw: number, hh: number, [tx, ty]: Point): Point {
  const [dx, dy] = [tx - cx, ty - cy];
  if (!dx && !dy) return [cx, cy];
  const s = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return [cx + dx * s, cy + dy * s];
}

/** A one-way drop's label: its height, or just "drop". */
const dropLabel = (e: ZonePicture['edges'][number]): string =>
  `⇣ ${e.height !== undefined ? `${e.height} ft` : 'drop'}`;

function zonesSvg(p: ZonePicture, snap: FightSnapshot | undefined): string {
  const layers = zoneLayers(p);
  const tokensIn = new Map<string, (BoardToken & { zone: string })[]>(p.zones.map((z) => [z.name, []]));
  for (const t of p.tokens) tokensIn.get(t.zone)?.push(t);
  const most = Math.max(1, ...[...tokensIn.values()].map((l) => l.length));
  const zoneH = ZONE_HEAD + Math.ceil(most / ZONE_PER_ROW) * ZONE_TOKEN + 8;
  const tall = Math.max(...layers.map((l) => l.length));
  const height = MARGIN * 2 + tall * zoneH + (tall - 1) * ZONE_GAP_Y;
  let width = MARGIN * 2 + layers.length * ZONE_W + (layers.length - 1) * ZONE_GAP_X;
  const box = new Map<string, Point>();
  const place = new Map<string, { col: number; row: number }>();
  layers.forEach((l, col) => {
    const top = (height - (l.length * zoneH + (l.length - 1) * ZONE_GAP_Y)) / 2;
    l.forEach((z, row) => {
      box.set(z, [MARGIN + col * (ZONE_W + ZONE_GAP_X) + ZONE_W / 2, top + row * (zoneH + ZONE_GAP_Y) + zoneH / 2]);
      place.set(z, { col, row });
    });
  });
  const [hw, hh] = [ZONE_W / 2, zoneH / 2];
  /** Two zones of one column with another between them: a straight line would run through it (and read as its edge). */
  const skips = (x: string, y: string): boolean =>
    place.get(x)!.col === place.get(y)!.col && Math.abs(place.get(x)!.row - place.get(y)!.row) > 1;
  // such an edge leaves both boxes on their right and bows into the gap beside the column (the last column gets room)
  const lastCol = layers.length - 1;
  const widen = p.edges.some(
    (e) => box.has(e.from) && box.has(e.to) && skips(e.from, e.to) && place.get(e.from)!.col === lastCol,
  )
    ? 2 * ZONE_BOW + 50
    : 0;
  width += widen;
  const out: string[] = ['<g class="edges">'];
  const labels: string[] = [];
  for (const e of p.edges) {
    const a = box.get(e.from),
      b = box.get(e.to);
    if (!a || !b || e.from === e.to) continue;
    if (skips(e.from, e.to)) {
      // a drop bows further than an adjacency, so one never hides the other between the same zones
      const bow = e.oneWay ? 1.8 * ZONE_BOW : ZONE_BOW;
      const [s, t]: Point[] = [
        [a[0] + hw, a[1]],
        [b[0] + hw, b[1]],
      ];
      const q: Point = [a[0] + hw + 2 * bow, (a[1] + b[1]) / 2];
      const d = `M${n(s[0])},${n(s[1])} Q${n(q[0])},${n(q[1])} ${n(t[0])},${n(t[1])}`;
      if (!e.oneWay) out.push(`<path class="edge" d="${d}"><title>${escapeXml(`${e.from} — ${e.to}`)}</title></path>`);
      else {
        out.push(
          `<g class="drop"><title>${escapeXml(`${e.from} ⇣ ${e.to}${e.height !== undefined ? ` (${e.height} ft, one way)` : ' (one way)'}`)}</title>`,
        );
        out.push(`<path class="edge one-way" d="${d}" marker-end="url(#ah-drop)"/>`);
        out.push('</g>');
        labels.push(
          `<text class="drop-label" x="${n(a[0] + hw + bow + 4)}" y="${n(q[1])}" text-anchor="start" dominant-baseline="central">${escapeXml(dropLabel(e))}</text>`,
        );
      }
      continue;
    }
    const [s, t] = [rim(a, hw, hh, b), rim(b, hw, hh, a)];
    if (!e.oneWay) {
      out.push(
        `<path class="edge" d="M${n(s[0])},${n(s[1])} L${n(t[0])},${n(t[1])}"><title>${escapeXml(`${e.from} — ${e.to}`)}</title></path>`,
      );
      continue;
    }
    // a drop bows to one side of the straight line, so it never hides an adjacency between the same zones
    const [mx, my] = [(s[0] + t[0]) / 2, (s[1] + t[1]) / 2];
    const len = Math.hypot(t[0] - s[0], t[1] - s[1]) || 1;
    const [px, py] = [-(t[1] - s[1]) / len, (t[0] - s[0]) / len];
    const [qx, qy] = [mx + px * 28, my + py * 28];
    out.push(
      `<g class="drop"><title>${escapeXml(`${e.from} ⇣ ${e.to}${e.height !== undefined ? ` (${e.height} ft, one way)` : ' (one way)'}`)}</title>`,
    );
    out.push(
      `<path class="edge one-way" d="M${n(s[0])},${n(s[1])} Q${n(qx)},${n(qy)} ${n(t[0])},${n(t[1])}" marker-end="url(#ah-drop)"/></g>`,
    );
    labels.push(
      `<text class="drop-label" x="${n(mx + px * 22)}" y="${n(my + py * 22)}" text-anchor="middle" dominant-baseline="central">${escapeXml(dropLabel(e))}</text>`,
    );
  }
  out.push('</g><g class="zones">');
  const at = new Map<string, Point>();
  const r = 13;
  const drawn: string[] = [];
  for (const z of p.zones) {
    const c = box.get(z.name)!;
    const [x0, y0] = [c[0] - hw, c[1] - hh];
    out.push(
      `<g class="zone" data-zone="${escapeXml(z.name)}"><title>${escapeXml(z.note ? `${z.name} (${z.note})` : z.name)}</title>`,
    );
    out.push(`<rect x="${n(x0)}" y="${n(y0)}" width="${ZONE_W}" height="${n(zoneH)}" rx="8"/>`);
    out.push(
      `<text class="zone-name" x="${n(x0 + 10)}" y="${n(y0 + 16)}" dominant-baseline="central">${escapeXml(z.name)}</text>`,
    );
    if (z.note)
      out.push(
        `<text class="zone-note" x="${n(x0 + ZONE_W - 10)}" y="${n(y0 + 16)}" text-anchor="end" dominant-baseline="central">${escapeXml(z.note)}</text>`,
      );
    out.push('</g>');
    tokensIn.get(z.name)!.forEach((t, i) => {
      const pos: Point = [
        x0 + 10 + r + (i % ZONE_PER_ROW) * ZONE_TOKEN,
        y0 + ZONE_HEAD + ZONE_TOKEN / 2 + Math.floor(i / ZONE_PER_ROW) * ZONE_TOKEN,
      ];
      at.set(t.name, pos);
      drawn.push(token(t, pos, r, snap));
    });
  }
  // the drops' heights over the zones, so a box near a label never hides it (the stylesheet gives them a halo)
  out.push(`</g><g class="drop-labels">${labels.join('')}</g><g class="arrows">`);
  for (const a of p.arrows) {
    const from = a.kind === 'attack' ? (at.get(a.by) ?? box.get(a.from)) : box.get(a.from);
    const to =
      a.kind === 'attack' ? ((a.target !== undefined ? at.get(a.target) : undefined) ?? box.get(a.to)) : box.get(a.to);
    if (!from || !to) continue;
    const onToken = a.kind === 'attack' && a.target !== undefined && at.has(a.target);
    const start = a.kind === 'move' ? rim(from, hw, hh, to) : from;
    const end = a.kind === 'move' ? rim(to, hw, hh, from) : to;
    out.push(
      arrow(a, arrowPath(start, end, a.kind === 'attack' && at.has(a.by) ? r : 0, onToken ? r + 2 : 0), (z) => z),
    );
  }
  out.push(`</g><g class="tokens">${drawn.join('')}</g>`);
  return frame(width, height, `${p.zones.length} zones, ${p.tokens.length} combatants`, out.join(''), 'zones');
}

function frame(width: number, height: number, label: string, body: string, kind: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" class="battle-map ${kind}" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-label="${escapeXml(`Battle map: ${label}`)}">${defs()}${body}</svg>`;
}

/** The picture as an SVG element (a string), to be placed in a page whose stylesheet colours its classes. */
export function battleSvg(p: BoardPicture, snapshot?: FightSnapshot): string {
  return p.kind === 'grid' ? gridSvg(p, snapshot) : zonesSvg(p, snapshot);
}
