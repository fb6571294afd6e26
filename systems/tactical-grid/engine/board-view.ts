// The battle map as text (issue 13, "a map you can see"): the encounter's
// terrain rows with every standing combatant drawn by a letter (upper case for
// the first side, lower case for the others) and a key giving each letter's
// name, square and facing. Kept up to date from the events alone (place, move,
// push, face, out, back), so it draws the fight exactly as the log tells it.

import type { BoardView } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import { colName, parseSquare } from './grid.js';
import type { TGEvent } from './events.js';

const ARROW: Record<string, string> = {
  north: '↑', south: '↓', east: '→', west: '←',
  'north-east': '↗', 'north-west': '↖', 'south-east': '↘', 'south-west': '↙',
};

interface Token {
  letter: string;
  x: number;
  y: number;
  facing: string;
  out: boolean;
}

export function boardView(enc: Encounter): BoardView {
  const rows = enc.map.rows.map((r) => [...r]);
  const hex = enc.map.grid === 'hex';
  const w = Math.max(0, ...rows.map((r) => r.length));
  const tokens = new Map<string, Token>();
  const letters = new Map<string, string>();
  // letters in placement order: A, B, … for the first side, a, b, … for the others
  let upper = 0, lower = 0;
  enc.sides.forEach((s, si) => {
    for (const p of s.placements) {
      const n = si === 0 ? upper++ : lower++;
      const base = si === 0 ? 65 : 97;
      letters.set(p.name, n < 26 ? String.fromCharCode(base + n) : String(n % 10));
    }
  });
  const move = (who: string, at: string): void => {
    const t = tokens.get(who);
    const sq = parseSquare(at);
    if (t && sq) [t.x, t.y] = sq;
  };
  return {
    apply(e) {
      const x = e as TGEvent;
      switch (x.type) {
        case 'place': {
          const sq = parseSquare(x.at);
          if (sq) tokens.set(x.who, { letter: letters.get(x.who) ?? '?', x: sq[0], y: sq[1], facing: x.facing, out: false });
          break;
        }
        case 'move':
          move(x.who, x.to);
          break;
        case 'push':
          move(x.who, x.to);
          break;
        case 'face': {
          const t = tokens.get(x.who);
          if (t) t.facing = x.facing;
          break;
        }
        case 'out': {
          const t = tokens.get(x.who);
          if (t) t.out = true;
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
    lines() {
      const grid = rows.map((r) => r.slice());
      for (const t of tokens.values()) if (!t.out && grid[t.y] && t.x < w) grid[t.y][t.x] = t.letter;
      const pad = String(rows.length).length;
      const out = [`${' '.repeat(pad + 1)}${Array.from({ length: w }, (_, i) => colName(i).padEnd(2)).join('').trimEnd()}`];
      grid.forEach((r, y) => out.push(`${String(y + 1).padStart(pad)} ${hex && y % 2 === 1 ? ' ' : ''}${r.map((c) => c.padEnd(2)).join('').trimEnd()}`));
      const key = [...tokens.entries()].map(([who, t]) => `${t.letter} ${who} ${t.out ? '(out)' : `${colName(t.x)}${t.y + 1} ${ARROW[t.facing] ?? t.facing}`}`);
      out.push(key.join(' · '));
      return out.map((l) => `  ${l}`);
    },
  };
}
