// Heart Rush's battlefield (HR-P1 … P5): 5-ft squares, positions in feet. As text
// (`aces run --map rounds`, on request) one line of who stands where; as a
// picture (the step-through's drawn map) the field's squares with every
// combatant's token, its HP, and the phase's moves, shoves and attacks as arrows.
// Kept up to date from the events alone: the placements, `move`, a shove's or a
// climb's `at` on `maneuver`, riders carried by their host (HR-T6), and every
// position again at each round's end (a rider thrown off mid-round is placed
// there; until then it shows on its host).

import type { BoardArrow, BoardPicture, BoardView } from '../../../model/system.js';
import { initials } from '../../../engine/initials.js';
import type { Encounter } from '../model.js';
import type { HREvent, HitView } from './events.js';

/** One square is 5 ft (HR-P1). */
const SQUARE_FT = 5;

interface Token {
  side: number;
  x: number;
  y: number;
  hp: number;
  max: number;
  notes: string;
  out: boolean;
  /** The host this one climbs (HR-T6): it moves with it. */
  on: string | undefined;
}

export function heartRushBoard(enc: Encounter): BoardView {
  const tokens = new Map<string, Token>();
  const place = (): void => {
    tokens.clear();
    enc.sides.forEach((s, side) => {
      for (const p of s.placements)
        tokens.set(p.name, {
          side,
          x: p.x,
          y: p.y,
          hp: p.character.hp,
          max: p.character.hp,
          notes: '',
          out: false,
          on: undefined,
        });
    });
  };
  place();
  /** The moves, shoves and attacks since the last phase began. */
  let arrows: BoardArrow<[number, number]>[] = [];
  const moveTo = (who: string, x: number, y: number): void => {
    const t = tokens.get(who);
    if (!t) return;
    t.x = x;
    t.y = y;
    for (const r of tokens.values())
      if (r.on === who) {
        r.x = x;
        r.y = y;
      }
  };
  const hurt = (who: string, h: HitView | null | undefined): void => {
    const t = tokens.get(who);
    if (!t || !h) return;
    t.hp = h.hpAfter;
    if (h.dead || h.unconscious) t.out = true;
  };
  const cell = (x: number, y: number): [number, number] => [Math.floor(x / SQUARE_FT), Math.floor(y / SQUARE_FT)];
  return {
    apply(e) {
      const x = e as HREvent;
      switch (x.type) {
        case 'start':
          place();
          arrows = [];
          break;
        case 'phase':
        case 'stances':
          arrows = [];
          break;
        case 'move':
          if (x.from[0] !== x.to[0] || x.from[1] !== x.to[1])
            arrows.push({ kind: 'move', from: cell(...x.from), to: cell(...x.to), by: x.who });
          moveTo(x.who, x.to[0], x.to[1]);
          break;
        case 'attack': {
          const a = tokens.get(x.who),
            t = tokens.get(x.target);
          if (a && t)
            arrows.push({ kind: 'attack', from: cell(a.x, a.y), to: cell(t.x, t.y), by: x.who, target: x.target });
          hurt(x.hitOn ?? x.target, x.hit);
          break;
        }
        case 'maneuver': {
          const a = tokens.get(x.who),
            t = tokens.get(x.target);
          if (a && t)
            arrows.push({ kind: 'attack', from: cell(a.x, a.y), to: cell(t.x, t.y), by: x.who, target: x.target });
          hurt(x.target, x.hit);
          if (x.success && x.at && t) {
            if (x.maneuver === 'climb') {
              if (a) {
                a.on = x.target;
                a.x = x.at[0];
                a.y = x.at[1];
              }
            } else {
              arrows.push({ kind: 'move', from: cell(t.x, t.y), to: cell(...x.at), by: x.who });
              moveTo(x.target, x.at[0], x.at[1]);
            }
          }
          break;
        }
        case 'round-end':
          for (const l of x.line) {
            const t = tokens.get(l.who);
            if (!t) continue;
            Object.assign(t, { hp: l.hp, max: l.max, notes: l.notes, out: /\b(dead|unconscious)\b/.test(l.notes) });
            if (l.at) {
              t.x = l.at[0];
              t.y = l.at[1];
            }
            // a rider still on its host shares its square; one elsewhere has been thrown off
            if (t.on !== undefined) {
              const h = tokens.get(t.on);
              if (!h || h.x !== t.x || h.y !== t.y || t.out) t.on = undefined;
            }
          }
          break;
        default:
          break;
      }
    },
    lines() {
      return [
        `  ${[...tokens.entries()].map(([who, t]) => `${who} ${t.x},${t.y}${t.out ? ' (out)' : ''}`).join(' · ')}`,
      ];
    },
    picture(): BoardPicture {
      const all = [...tokens.values()];
      // HR-P4: the field bounds the grid; unbounded, the squares around everyone (one square of margin)
      const f = enc.field;
      const minX = f ? 0 : Math.min(...all.map((t) => t.x)) - SQUARE_FT,
        minY = f ? 0 : Math.min(...all.map((t) => t.y)) - SQUARE_FT;
      const maxX = f ? f.w - SQUARE_FT : Math.max(...all.map((t) => t.x)) + SQUARE_FT,
        maxY = f ? f.h - SQUARE_FT : Math.max(...all.map((t) => t.y)) + SQUARE_FT;
      const at = (x: number, y: number): [number, number] => [
        Math.floor((x - minX) / SQUARE_FT),
        Math.floor((y - minY) / SQUARE_FT),
      ];
      const shift = ([cx, cy]: [number, number]): [number, number] => [
        cx - Math.floor(minX / SQUARE_FT),
        cy - Math.floor(minY / SQUARE_FT),
      ];
      return {
        kind: 'grid',
        shape: 'square',
        width: Math.max(1, Math.floor((maxX - minX) / SQUARE_FT) + 1),
        height: Math.max(1, Math.floor((maxY - minY) / SQUARE_FT) + 1),
        terrain: [],
        tokens: [...tokens.entries()].map(([name, t]) => {
          const [x, y] = at(t.x, t.y);
          return {
            name,
            initials: initials(name),
            side: t.side,
            out: t.out,
            x,
            y,
            note: `HP ${t.hp}/${t.max} at ${t.x},${t.y} ft${t.notes ? ` · ${t.notes}` : ''}`,
          };
        }),
        arrows: arrows.map((a) => ({ ...a, from: shift(a.from), to: shift(a.to) })),
      };
    },
  };
}
