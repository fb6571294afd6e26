// The battle map as text (issue 13, "a map you can see"): the encounter's
// terrain rows with every standing combatant drawn by a letter (upper case for
// the first side, lower case for the others) and a key giving each letter's
// name, square and facing. Kept up to date from the events alone (place, move,
// push, face, out, back), so it draws the fight exactly as the log tells it.
// What TG-D3 and TG-B8 leave on the map is drawn too (issue 34 item 9): an OUT
// combatant's marker (`+`, its letter in the key says "(out) c3"; the dead
// leave the map) and each Still Life obstacle while it stands (`%`).
// Its picture (the drawn map of the step-through view) adds the terrain, each
// token's stress or health, and the moves and attacks of the last side turn.

import type { BoardArrow, BoardPicture, BoardView } from '../../../model/system.js';
import { initials } from '../../../engine/initials.js';
import { terrainOf, type Encounter } from '../model.js';
import { colName, parseSquare } from './grid.js';
import type { TGEvent } from './events.js';

/** TG-D3: an OUT combatant's marker on the ASCII map (the standing are letters; the dead leave the map). */
export const OUT_MARK = '+';
/** TG-B8: a Still Life obstacle on the ASCII map, from its placing to its removal. */
export const STILL_LIFE_MARK = '%';

const ARROW: Record<string, string> = {
  north: '↑',
  south: '↓',
  east: '→',
  west: '←',
  'north-east': '↗',
  'north-west': '↖',
  'south-east': '↘',
  'south-west': '↙',
};

interface Token {
  letter: string;
  x: number;
  y: number;
  facing: string;
  out: boolean;
  /** OUT for good: an NPC with `at-zero dies` (TG-D2), drawn "(dead)" in the key. */
  dead?: boolean;
  /** "stress 2/6" (a sheet, TG-D1) or "health 3/4" (an NPC, TG-D2). */
  note: string;
}

/** Facing in degrees clockwise from north (pointy-top hexes: east is 90°, north-east 30°). */
export const DEGREES: Readonly<Record<string, number>> = {
  north: 0,
  'north-east': 45,
  east: 90,
  'south-east': 135,
  south: 180,
  'south-west': 225,
  west: 270,
  'north-west': 315,
};
export const HEX_DEGREES: Readonly<Record<string, number>> = {
  ...DEGREES,
  'north-east': 30,
  'south-east': 150,
  'south-west': 210,
  'north-west': 330,
};

/** TG-K1 … K4: the terrain words of one square (none for open floor). */
function terrainWords(t: ReturnType<typeof terrainOf>): string[] {
  const words: string[] = [];
  if (t.obstacle) words.push(t.enterable ? 'enterable' : 'obstacle');
  if (t.difficult) words.push('difficult');
  if (t.hazard) words.push('hazard');
  if (t.height) words.push(`height ${t.height}`);
  return words;
}

/** Each combatant's letter, in placement order: A, B, … for the first side, a, b, … for the others. */
function tokenLetters(enc: Encounter): Map<string, string> {
  const letters = new Map<string, string>();
  let upper = 0,
    lower = 0;
  enc.sides.forEach((s, si) => {
    for (const p of s.placements) {
      const n = si === 0 ? upper++ : lower++;
      const base = si === 0 ? 65 : 97;
      letters.set(p.name, n < 26 ? String.fromCharCode(base + n) : String(n % 10));
    }
  });
  return letters;
}

/** The board as text lines: the map with each token's letter (OUT markers, Still Life), then the key. */
function boardLines(
  rows: readonly string[][],
  w: number,
  hex: boolean,
  tokens: ReadonlyMap<string, Token>,
  still: ReadonlyMap<string, [number, number]>,
): string[] {
  const grid = rows.map((r) => r.slice());
  const put = (x: number, y: number, ch: string): void => {
    if (grid[y] && x >= 0 && x < w) grid[y][x] = ch;
  };
  for (const [x, y] of still.values()) put(x, y, STILL_LIFE_MARK);
  let marks = 0;
  for (const t of tokens.values())
    if (t.out && t.dead !== true) {
      put(t.x, t.y, OUT_MARK);
      marks++;
    }
  for (const t of tokens.values()) if (!t.out) put(t.x, t.y, t.letter);
  const pad = String(rows.length).length;
  const out = [
    `${' '.repeat(pad + 1)}${Array.from({ length: w }, (_, i) => colName(i).padEnd(2))
      .join('')
      .trimEnd()}`,
  ];
  grid.forEach((r, y) =>
    out.push(
      `${String(y + 1).padStart(pad)} ${hex && y % 2 === 1 ? ' ' : ''}${r
        .map((c) => c.padEnd(2))
        .join('')
        .trimEnd()}`,
    ),
  );
  const key = [...tokens.entries()].map(
    ([who, t]) =>
      `${t.letter} ${who} ${t.out ? (t.dead ? '(dead)' : `(out) ${colName(t.x)}${t.y + 1}`) : `${colName(t.x)}${t.y + 1} ${ARROW[t.facing] ?? t.facing}`}`,
  );
  if (marks > 0) key.push(`${OUT_MARK} OUT marker`);
  if (still.size > 0) key.push(`${STILL_LIFE_MARK} Still Life`);
  out.push(key.join(' · '));
  return out.map((l) => `  ${l}`);
}

export function boardView(enc: Encounter): BoardView {
  const rows = enc.map.rows.map((r) => [...r]);
  const hex = enc.map.grid === 'hex';
  const w = Math.max(0, ...rows.map((r) => r.length));
  const tokens = new Map<string, Token>();
  const letters = tokenLetters(enc);
  const move = (who: string, at: string): void => {
    const t = tokens.get(who);
    const sq = parseSquare(at);
    if (t && sq) [t.x, t.y] = sq;
  };
  /** TG-B8: the squares of the Still Life obstacles standing now ([x, y] by square name). */
  const still = new Map<string, [number, number]>();
  const sideOf = new Map(enc.sides.flatMap((s, si) => s.placements.map((p) => [p.name, si] as const)));
  /** The moves, pushes and attacks since the last side turn began. */
  let arrows: BoardArrow<[number, number]>[] = [];
  const arrow = (kind: 'move' | 'attack', from: string, to: string, by: string, target?: string): void => {
    const a = parseSquare(from),
      b = parseSquare(to);
    if (a && b) arrows.push(target === undefined ? { kind, from: a, to: b, by } : { kind, from: a, to: b, by, target });
  };
  const at = (who: string): string => {
    const t = tokens.get(who);
    return t ? `${colName(t.x)}${t.y + 1}` : '';
  };
  return {
    apply(e) {
      const x = e as TGEvent;
      switch (x.type) {
        case 'place': {
          const sq = parseSquare(x.at);
          const note = x.npc ? `health ${x.health}/${x.health}` : `stress 0/${x.stress}`;
          if (sq)
            tokens.set(x.who, {
              letter: letters.get(x.who) ?? '?',
              x: sq[0],
              y: sq[1],
              facing: x.facing,
              out: false,
              note,
            });
          break;
        }
        case 'turn':
        case 'round':
          arrows = [];
          break;
        case 'move':
          arrow('move', x.from, x.to, x.who);
          move(x.who, x.to);
          break;
        case 'push':
          arrow('move', x.from, x.to, x.by);
          move(x.who, x.to);
          break;
        case 'attack':
          arrow('attack', at(x.who), x.at, x.who, x.target);
          break;
        case 'harm': {
          const t = tokens.get(x.who);
          if (t) t.note = t.note.replace(/^health \d+/, `health ${x.to}`);
          break;
        }
        case 'stress': {
          const t = tokens.get(x.who);
          if (t) t.note = `stress ${x.to}/${x.cap}`;
          break;
        }
        case 'face': {
          const t = tokens.get(x.who);
          if (t) t.facing = x.facing;
          break;
        }
        case 'out': {
          const t = tokens.get(x.who);
          if (t) {
            t.out = true;
            t.dead = x.dead; // TG-D2: `at-zero dies`
          }
          break;
        }
        case 'ability': {
          if (x.obstacle === undefined) break;
          const sq = parseSquare(x.obstacle);
          if (x.removed === true) still.delete(x.obstacle);
          else if (sq) still.set(x.obstacle, sq);
          break;
        }
        case 'back': {
          const t = tokens.get(x.who);
          if (t) t.out = false;
          move(x.who, x.at);
          break;
        }
        default:
          break;
      }
    },
    lines: () => boardLines(rows, w, hex, tokens, still),
    picture(): BoardPicture {
      const terrain: { x: number; y: number; kind: string }[] = [];
      rows.forEach((r, y) =>
        r.forEach((ch, x) => {
          for (const kind of terrainWords(terrainOf(enc.map, ch))) terrain.push({ x, y, kind });
        }),
      );
      // TG-B8: a Still Life obstacle while it stands
      for (const [x, y] of still.values()) terrain.push({ x, y, kind: 'still life' });
      const deg = hex ? HEX_DEGREES : DEGREES;
      return {
        kind: 'grid',
        shape: hex ? 'hex' : 'square',
        width: w,
        height: rows.length,
        terrain,
        tokens: [...tokens.entries()].map(([name, t]) => ({
          name,
          initials: initials(name),
          side: sideOf.get(name) ?? 0,
          out: t.out,
          ...(t.out && t.dead === true ? { offMap: true } : {}),
          note: t.dead === true ? `${t.note}, dead: off the map (TG-D2)` : t.note,
          x: t.x,
          y: t.y,
          ...(deg[t.facing] !== undefined ? { facing: deg[t.facing] } : {}),
        })),
        arrows: arrows.map((a) => ({ ...a, from: [...a.from], to: [...a.to] })),
      };
    },
  };
}
