// The tactical grid game's FightWatch (model/system.ts): each combatant's
// square and facing, stress (a sheet, TG-D1) or health (an NPC, TG-D2), its
// pools and drive, exhausted tags and conditions, from the events alone (the
// `place` event carries the starting pools; every spend logs what is left).

import type { CombatantState, FightSnapshot, FightWatch } from '../../../model/system.js';
import { DEFAULT_STRESS, type Encounter } from '../model.js';
import type { TGEvent } from './events.js';
import { POOL_NAMES } from './unit.js';

interface Piece {
  name: string;
  side: string;
  at: string;
  facing: string;
  npc: boolean;
  /** Stress for a sheet (0 up to cap), health for an NPC (start down to 0). */
  value: number;
  cap: number;
  pools: number[];
  drive: number;
  exhaustedTags: Set<string>;
  /** Acted this round of its side (TG-T3). */
  exhausted: boolean;
  stunned: boolean;
  out: boolean;
  dead: boolean;
}

/** A piece as the stepped fight shows it: stress or health, pools and drive, exhausted tags, conditions. */
function pieceState(p: Piece): CombatantState {
  const statuses: string[] = [];
  if (p.dead) statuses.push('dead');
  else if (p.out) statuses.push('OUT');
  if (p.exhausted && !p.out) statuses.push('exhausted');
  if (p.stunned && !p.out) statuses.push('stunned');
  const pools = POOL_NAMES.map((n, i) => ({ n, v: p.pools[i] ?? 0 })).filter(
    (x) => x.n !== 'analysis' && (x.v > 0 || !p.npc),
  );
  const details: string[] = [];
  if (pools.length || !p.npc)
    details.push([...pools.map((x) => `${x.n} ${x.v}`), ...(p.npc ? [] : [`drive ${p.drive}`])].join(' · '));
  if (p.exhaustedTags.size)
    details.push(
      `exhausted tag${p.exhaustedTags.size === 1 ? '' : 's'}: ${[...p.exhaustedTags].map((t) => `"${t}"`).join(', ')}`,
    );
  return {
    name: p.name,
    side: p.side,
    // TG-D3: the dead leave the map
    where: p.dead ? 'off the map' : `${p.at} facing ${p.facing}`,
    meters: [p.npc ? { label: 'health', value: p.value, max: p.cap } : { label: 'stress', value: p.value, max: p.cap }],
    statuses,
    details,
    out: p.out,
  };
}

export function tgWatch(enc: Encounter): FightWatch {
  const sideOf = new Map(enc.sides.flatMap((s) => s.placements.map((p) => [p.name, s.name] as const)));
  // before the `place` events: the placements as written (the place events then give the engine's own numbers)
  const pieces = new Map<string, Piece>(
    enc.sides.flatMap((s) =>
      s.placements.map((pl) => {
        const c = pl.character,
          npc = c.difficulty !== null;
        const cap = npc ? (c.health ?? 0) : (c.stress ?? enc.rules.stress ?? DEFAULT_STRESS);
        return [
          pl.name,
          {
            name: pl.name,
            side: s.name,
            at: pl.at,
            facing: pl.facing ?? '?',
            npc,
            value: npc ? cap : 0,
            cap,
            pools: [],
            drive: 0,
            exhaustedTags: new Set<string>(),
            exhausted: false,
            stunned: false,
            out: false,
            dead: false,
          },
        ] as const;
      }),
    ),
  );
  let round = 0;
  /** The side whose turn runs now: its members' stuns end with it (TG-E6). */
  let turnSide: string | null = null;
  const endTurn = (): void => {
    if (turnSide !== null) for (const p of pieces.values()) if (p.side === turnSide) p.stunned = false;
    turnSide = null;
  };
  const setFromDetail = (p: Piece | undefined, detail: string): void => {
    if (!p) return;
    const m = /(?:health|stress) (?:\d+→)?(\d+)/.exec(detail);
    if (m) p.value = Number(m[1]);
    const d = /^drive (\d+)$/.exec(detail);
    if (d) p.drive = Number(d[1]);
  };

  const apply = (e: TGEvent): void => {
    const p = 'who' in e ? pieces.get(e.who) : undefined;
    switch (e.type) {
      case 'place':
        pieces.set(e.who, {
          name: e.who,
          side: sideOf.get(e.who) ?? '',
          at: e.at,
          facing: e.facing,
          npc: e.npc,
          value: e.npc ? e.health : 0,
          cap: e.npc ? e.health : e.stress,
          pools: e.pools.slice(),
          drive: e.drive,
          exhaustedTags: new Set(),
          exhausted: false,
          stunned: false,
          out: false,
          dead: false,
        });
        break;
      case 'round':
        endTurn();
        round = e.round;
        break;
      case 'turn':
        endTurn();
        turnSide = e.side;
        if (p) p.exhausted = true;
        break;
      case 'move':
      case 'push':
        if (p) p.at = e.to;
        break;
      case 'face':
        if (p) p.facing = e.facing;
        break;
      case 'tactic':
        if (p) p.pools[0] = e.left;
        break;
      case 'effect': {
        if (p) p.pools[1] = e.left;
        const t = pieces.get(e.target);
        if (t && e.effect === 'stun') t.stunned = true;
        break;
      }
      case 'support': {
        const payer = pieces.get(e.payer ?? e.who);
        if (payer) payer.pools[2] = e.left;
        setFromDetail(pieces.get(e.target), e.detail);
        break;
      }
      case 'react':
        if (p) p.pools[4] = e.left;
        break;
      case 'drive':
        if (p) p.drive = e.left;
        break;
      case 'harm':
        if (p) p.value = e.to;
        break;
      case 'stress':
        if (p) p.value = e.to;
        break;
      case 'tag':
        if (p) {
          if (e.change === 'exhausted') p.exhaustedTags.add(e.tag);
          else if (e.change === 'recovered') p.exhaustedTags.delete(e.tag);
        }
        break;
      case 'out':
        if (p) {
          p.out = true;
          p.dead = e.dead;
          p.at = e.at;
        }
        break;
      case 'back':
        // TG-B5 Miracle Worker: back in the fight, exhausted
        if (p) {
          p.out = false;
          p.exhausted = true;
          p.at = e.at;
        }
        break;
      case 'refresh':
        for (const q of pieces.values()) if (q.side === e.side) q.exhausted = false;
        break;
      case 'end':
        endTurn();
        break;
    }
  };

  return {
    apply: (e) => apply(e as TGEvent),
    snapshot: (): FightSnapshot => ({ round, combatants: [...pieces.values()].map(pieceState) }),
  };
}
