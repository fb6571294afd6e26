// Heart Rush's FightWatch (model/system.ts): each combatant's square, HP,
// heart die, wounds, stance and statuses as a stepped fight goes, from the
// events alone. Within a round it follows hits, status and move events; each
// round's end line (which carries every combatant's HP and notes) resets it,
// so it can never drift further than one round.

import type { CombatantState, FightSnapshot, FightWatch } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import type { HitView, HREvent, StanceName } from './events.js';

interface Fighter {
  name: string;
  side: string;
  x: number;
  y: number;
  hp: number;
  max: number;
  heart: number;
  /** Ranks of the wounds taken (HR-H3). */
  wounds: number[];
  stance: StanceName;
  /** weakened, off-balanced, dazed, blinded → rounds left (HR-M4). */
  statuses: Map<string, number>;
  prone: boolean;
  grappledBy: string | null;
  down: boolean;
  dead: boolean;
}

/** A fighter as the stepped fight shows it: HP (signed), statuses, heart die, stance and wounds. */
function fighterState(f: Fighter): CombatantState {
  const statuses: string[] = [];
  if (f.dead) statuses.push('dead');
  else if (f.down) statuses.push('unconscious');
  for (const [k, v] of f.statuses) statuses.push(`${k} ${v}`);
  if (f.prone) statuses.push('prone');
  if (f.grappledBy) statuses.push(`grappled by ${f.grappledBy}`);
  const details = [`heart d${f.heart}`];
  if (f.stance !== 'none') details.push(`stance ${f.stance}`);
  if (f.wounds.length) details.push(`wound${f.wounds.length === 1 ? '' : 's'} of rank ${f.wounds.join(', ')}`);
  return {
    name: f.name,
    side: f.side,
    where: `${f.x},${f.y}`,
    // HP may fall below 0; at −max the combatant is dead (HR-H2, HR-H8)
    meters: [{ label: 'HP', value: f.hp, max: f.max, signed: true }],
    statuses,
    details,
    out: f.dead || f.down,
  };
}

export function hrWatch(enc: Encounter): FightWatch {
  const all: Fighter[] = enc.sides.flatMap((s) =>
    s.placements.map((p) => ({
      name: p.name,
      side: s.name,
      x: p.x,
      y: p.y,
      hp: p.character.hp,
      max: p.character.hp,
      heart: p.character.heart,
      wounds: [],
      stance: 'none' as StanceName,
      statuses: new Map<string, number>(),
      prone: false,
      grappledBy: null,
      down: false,
      dead: false,
    })),
  );
  const by = new Map(all.map((f) => [f.name, f]));
  let round = 0;

  /** Ends any grapple f is in (HR-T5), as the simulator does when one of the two goes down or they part. */
  const release = (f: Fighter): void => {
    f.grappledBy = null;
    for (const g of all) if (g.grappledBy === f.name) g.grappledBy = null;
  };

  const hit = (h: HitView | null, on: string | null): void => {
    const f = on === null ? undefined : by.get(on);
    if (!h || !f) return;
    f.hp = h.hpAfter;
    if (h.shrug) f.heart = h.shrug.to;
    if (h.wound) f.wounds.push(h.wound);
    if (h.dead) f.dead = true;
    else if (h.unconscious) f.down = true;
    if (f.dead || f.down) release(f);
  };

  const apply = (e: HREvent): void => {
    switch (e.type) {
      case 'phase':
        if (e.phase === 'start' || e.round > round) {
          round = e.round;
          for (const f of all) {
            f.stance = 'none';
            // HR-M4: statuses count down at the start of every round after the first (as the simulator does)
            if (round > 1)
              for (const [k, v] of f.statuses)
                if (v > 1) f.statuses.set(k, v - 1);
                else f.statuses.delete(k);
          }
        }
        break;
      case 'move': {
        const f = by.get(e.who);
        if (!f) break;
        f.x = e.to[0];
        f.y = e.to[1];
        if (e.kind === 'stand') f.prone = false;
        break;
      }
      case 'attack':
        hit(e.hit, e.hitOn);
        break;
      case 'maneuver': {
        if (e.hit) hit(e.hit, e.target);
        const t = by.get(e.target);
        if (e.success && t) {
          if (/prone/.test(e.effect)) t.prone = true;
          if (/grappled/.test(e.effect)) t.grappledBy = e.who;
          // HR-M5 shove: "shoved 10 ft to 40,25"; a grapple ends when the two are more than 5 ft apart (HR-T5)
          const to = /shoved \d+ ft to (-?\d+),(-?\d+)/.exec(e.effect);
          if (to) {
            t.x = Number(to[1]);
            t.y = Number(to[2]);
            const g = t.grappledBy ? by.get(t.grappledBy) : all.find((x) => x.grappledBy === t.name);
            if (g && Math.max(Math.abs(g.x - t.x), Math.abs(g.y - t.y)) > 5) release(t);
          }
        }
        break;
      }
      case 'break-free': {
        if (!e.success) break;
        if (e.shake) {
          const f = by.get(e.from);
          if (f) f.prone = true;
        } else {
          const f = by.get(e.who);
          if (f) f.grappledBy = null;
        }
        break;
      }
      case 'ready': {
        const f = e.released ? by.get(e.released) : undefined;
        if (f) f.grappledBy = null;
        break;
      }
      case 'trip': {
        const f = by.get(e.target);
        if (f) f.prone = true;
        break;
      }
      case 'status': {
        const f = by.get(e.who);
        if (f) {
          if (e.level > 0) f.statuses.set(e.status, e.level);
          else f.statuses.delete(e.status);
        }
        break;
      }
      case 'stances':
        for (const p of e.picks) {
          const f = by.get(p.who);
          if (f) f.stance = p.stance;
        }
        break;
      case 'round-end':
        // the end-of-round line is the simulator's own state: take it whole
        for (const l of e.line) {
          const f = by.get(l.who);
          if (!f) continue;
          f.hp = l.hp;
          f.max = l.max;
          if (l.at) [f.x, f.y] = l.at;
          const notes = l.notes ? l.notes.split(', ') : [];
          f.dead = notes.includes('dead');
          f.down = notes.includes('unconscious');
          f.prone = notes.includes('prone');
          const heart = notes.find((n) => n.startsWith('heart d'));
          if (heart) f.heart = Number(heart.slice(7));
          const grab = notes.find((n) => n.startsWith('grappled by '));
          f.grappledBy = grab ? grab.slice(12) : null;
          f.statuses.clear();
          for (const n of notes) {
            const m = /^(weakened|off-balanced|dazed|blinded) (\d+)$/.exec(n);
            if (m) f.statuses.set(m[1], Number(m[2]));
          }
        }
        break;
    }
  };

  return {
    apply: (e) => apply(e as HREvent),
    snapshot: (): FightSnapshot => ({ round, combatants: all.map(fighterState) }),
  };
}
