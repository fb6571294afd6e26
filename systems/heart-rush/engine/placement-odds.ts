// The exact odds of one placement in the fight as the file places it
// (HEART-RUSH.md "Exact odds": the stance matrix "with might bonus, defensive
// halving, armor, statuses, Help and cover as they stand", maneuver success,
// opportunity attacks per chosen stance). What a placement's hover shows.
//
// "As they stand" is round 1 before anyone moves:
// - cover (HR-S3) is the placement's `cover`: levels of disadvantage on a ranged
//   attack at it, none on melee; total cover: no ranged attack at all;
// - statuses (HR-T1…T6): the language declares none at placement, so all are 0;
//   a surprised foe has no stance in round 1 (HR-S1): the extra column `none`;
// - Help (HR-A6) as the simulator's last pass grants it, with everyone where the
//   file puts them: each ally whose action is still unspent (not `hold`, not
//   surprised, not spent on an opening attack) Helps the ally within 5 ft with
//   the lowest HP, file order on ties; Helps stack, one level each;
// - opportunity attacks: the round-1 openers (hidden attackers, attacks on the
//   surprised, HR-R5) are read off the simulator's own first events (whom it
//   picks, in which stance); the attacks a move out of a foe's reach would draw
//   (HR-O2 a, b) are each foe whose melee weapon in hand reaches the placement,
//   in the stance with the best expected damage, as the simulator picks (HR-O3).
// Every figure is an exact fraction from exchange.ts / odds.ts.

import { coverLevel, type Character, type Encounter, type Placement } from '../model.js';
import { exchange, type AttackStance, type ExchangeCell, type Situation, type TargetStance } from './exchange.js';
import { maneuverChances, type ManeuverChance } from './maneuver-odds.js';
import type { AttackOdds, Frac } from './odds.js';
import { combatEvents } from './index.js';

/** A combatant as placed: its engine index (expanded file order), its side. */
export interface Placed {
  readonly index: number;
  readonly side: number;
  readonly p: Placement;
}

/** One opportunity attack with its exact odds (target stance none: no stance effects, HR-O3). */
export interface OpportunityOdds {
  readonly who: string;
  readonly target: string;
  readonly stance: AttackStance;
  /** Net (dis)advantage on the attack roll (cover against a ranged attack, HR-S3). */
  readonly level: number;
  readonly odds: AttackOdds;
  /** Why it comes: the simulator's reason (openers) or the rule (HR-O2 a, b). */
  readonly why: string;
  /** For the reach threats: the weapon and its reach. */
  readonly weapon?: string;
  readonly reach?: number;
}

export interface FoeOdds {
  readonly foe: Placed;
  /** Feet between the two squares (HR-P1) and whether my weapon in hand reaches (+5 ft with the agility sidestep, HR-E8). */
  readonly feet: number;
  readonly reaches: boolean;
  readonly reachesWithSidestep: boolean;
  /** The foe's cover against my weapon: the levels it costs my roll (0 for melee), or blocked (total cover, ranged). */
  readonly cover: { readonly name: Placement['cover']; readonly levels: number; readonly blocked: boolean };
  /** Who Helps the foe (its defense or contest roll), one level each. */
  readonly foeHelpers: readonly string[];
  readonly situation: Situation;
  /** The target stances shown: the four, and `none` when the foe is surprised (round 1, HR-S1). */
  readonly targets: readonly TargetStance[];
  /** rows might, agility, cunning × `targets`. */
  readonly cells: readonly (readonly ExchangeCell[])[];
  /** My maneuver against it (P(success) per stance, or why not), with the same Help; undefined: none. */
  readonly maneuver?: ManeuverChance[] | string;
}

export interface PlacementOdds {
  readonly me: Placed;
  /** Who Helps me (my next roll), one level each (HR-A6). */
  readonly helpers: readonly string[];
  /** The round-1 openers (HR-R5) that involve me, either way. */
  readonly openers: readonly OpportunityOdds[];
  /** Foes whose reach a dash of mine would leave or cross more than 5 ft inside of (HR-O2 a, b). */
  readonly threats: readonly OpportunityOdds[];
  /** Foes whose melee weapon reaches the placement but take no such attack (hold; surprised in round 1). */
  readonly idleThreats: readonly { readonly who: string; readonly why: string }[];
  /** The `maxFoes` nearest foes (file order on ties), then up to two farther ones whose placement states cover, surprise or hiding; how many more there are. */
  readonly foes: readonly FoeOdds[];
  readonly moreFoes: number;
  /** The simulator refused the file's first round (a scripted roll too large for its die, HR-D5): no openers known. */
  readonly openersUnknown: boolean;
}

const ATTACK_STANCES: readonly AttackStance[] = ['might', 'agility', 'cunning'];
const TARGETS: readonly TargetStance[] = ['might', 'agility', 'cunning', 'defensive'];

/** Every combatant in the engine's order (sides in order, copies expanded as the checker expanded them). */
export function placedAll(enc: Encounter): Placed[] {
  const out: Placed[] = [];
  enc.sides.forEach((s, side) => s.placements.forEach((p) => out.push({ index: out.length, side, p })));
  return out;
}

/** HR-P1: distance in feet, max(|dx|, |dy|). */
export function feetBetween(a: Placement, b: Placement): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

const inHand = (c: Character) => c.weapons[0];
const ranged = (c: Character) => inHand(c).kind === 'ranged';

/** Levels a foe's cover costs an attack of `a` (HR-S3: ranged only); Infinity = cannot be targeted. */
function coverAgainst(a: Character, t: Placement): number {
  return ranged(a) ? coverLevel(t.cover) : 0;
}

/**
 * HR-A6 as placed: the allies that Help `i` in round 1's last pass if nobody moves first — each ally j, not
 * `hold`, not surprised, its action not spent (`spent`), Helps the ally within 5 ft with the lowest HP
 * (file order on ties), as the simulator's lastPass does.
 */
export function helpersAsPlaced(all: readonly Placed[], i: Placed, spent: ReadonlySet<number>): Placed[] {
  const out: Placed[] = [];
  for (const j of all) {
    if (j === i || j.side !== i.side || j.p.character.tactics === 'hold' || j.p.surprised || spent.has(j.index))
      continue;
    let a: Placed | undefined;
    for (const k of all) {
      if (k === j || k.side !== j.side || feetBetween(j.p, k.p) > 5) continue;
      if (!a || k.p.character.hp < a.p.character.hp) a = k;
    }
    if (a === i) out.push(j);
  }
  return out;
}

interface Opener {
  readonly who: string;
  readonly target: string;
  readonly stance: AttackStance;
  readonly reason: string;
}
const openersMemo = new WeakMap<Encounter, Opener[] | null>();
/**
 * HR-R5: the round-1 openers as the simulator makes them (hidden attackers first, then the attacks on the
 * surprised; whom each picks and in which stance), read off its own first events; null when it refuses the file.
 * Who attacks whom does not depend on the seed unless an opener downs someone (then later ones may differ).
 */
export function openers(enc: Encounter): Opener[] | null {
  if (openersMemo.has(enc)) return openersMemo.get(enc)!;
  let out: Opener[] | null = [];
  const events = combatEvents(enc, enc.seed);
  try {
    for (const e of events) {
      if (e.type === 'phase' && e.phase === 'action') break;
      if (e.type === 'attack' && e.kind === 'opportunity' && e.stance !== 'defensive' && e.stance !== 'none')
        out.push({ who: e.who, target: e.target, stance: e.stance, reason: e.reason });
      if (e.type === 'end') break;
    }
  } catch {
    out = null; // a scripted roll larger than its die (HR-D5): the run refuses the file, the checker says why
  } finally {
    events.return(undefined as never);
  }
  openersMemo.set(enc, out);
  return out;
}

/** The attack cell of `a` on `t` in stance s with no stance on the target (HR-O3), at `level`. */
function opportunity(a: Character, t: Character, s: AttackStance, level: number): AttackOdds {
  const cell = exchange(a, t, s, 'none', { attackLevel: level });
  if (cell.kind !== 'attack') throw new Error('an opportunity attack is never a contest');
  return cell.odds;
}

/** HR-O3: the stance with the best expected damage (ties: might, agility, cunning, the simulator's order). */
export function bestOpportunityStance(a: Character, t: Character, level: number): AttackStance {
  let best: AttackStance = 'might',
    bestMean: Frac | undefined;
  for (const s of ATTACK_STANCES) {
    const m = opportunity(a, t, s, level).mean;
    if (!bestMean || m.n * bestMean.d > bestMean.n * m.d) {
      best = s;
      bestMean = m;
    }
  }
  return best;
}

/** The exact odds of `me` (engine index) in the fight as placed; the `maxFoes` nearest foes (and stated ones, see `foes`). */
export function placementOdds(enc: Encounter, meIndex: number, maxFoes = 3): PlacementOdds {
  const all = placedAll(enc);
  const me = all[meIndex];
  const byName = new Map(all.map((x) => [x.p.name, x]));
  const opened = openers(enc);
  const spent = new Set<number>();
  const mineOpeners: OpportunityOdds[] = [];
  for (const o of opened ?? []) {
    const a = byName.get(o.who),
      t = byName.get(o.target);
    if (!a || !t) continue;
    spent.add(a.index); // an opener pays with the action first (HR-O1): no Help from it in round 1
    if (a !== me && t !== me) continue;
    const level = -coverAgainst(a.p.character, t.p);
    mineOpeners.push({
      who: o.who,
      target: o.target,
      stance: o.stance,
      level,
      odds: opportunity(a.p.character, t.p.character, o.stance, level),
      why: o.reason,
    });
  }
  const helpers = helpersAsPlaced(all, me, spent);
  // HR-O2 a, b: foes whose melee weapon in hand reaches me; `hold` and (in round 1) surprised foes never take them
  const threats: OpportunityOdds[] = [];
  const idle: { who: string; why: string }[] = [];
  for (const f of all) {
    const w = inHand(f.p.character);
    if (f.side === me.side || w.kind !== 'melee' || feetBetween(f.p, me.p) > w.reach) continue;
    if (f.p.character.tactics === 'hold' || f.p.surprised) {
      idle.push({
        who: f.p.name,
        why: f.p.surprised
          ? 'surprised: none in round 1 (HR-S1)'
          : 'it holds: the simulator takes none for a `hold` combatant',
      });
      continue;
    }
    const stance = bestOpportunityStance(f.p.character, me.p.character, 0);
    threats.push({
      who: f.p.name,
      target: me.p.name,
      stance,
      level: 0,
      odds: opportunity(f.p.character, me.p.character, stance, 0),
      why: 'HR-O2 a, b',
      weapon: w.name,
      reach: w.reach,
    });
  }
  const c = me.p.character;
  const w = inHand(c);
  const allFoes = all.filter((f) => f.side !== me.side);
  const near = allFoes.slice().sort((a, b) => feetBetween(me.p, a.p) - feetBetween(me.p, b.p) || a.index - b.index);
  // the nearest, then (up to two more) farther foes whose placement states something: cover, surprised, hidden
  const stated = (f: Placed) => f.p.cover !== 'none' || f.p.surprised || f.p.hidden;
  const picked = near.slice(0, maxFoes);
  for (const f of near.slice(maxFoes)) if (stated(f) && picked.length < maxFoes + 2) picked.push(f);
  const foes = picked.map((f): FoeOdds => {
    const feet = feetBetween(me.p, f.p);
    const levels = coverAgainst(c, f.p);
    const blocked = levels === Infinity;
    const foeHelpers = helpersAsPlaced(all, f, spent);
    const situation: Situation = {
      attackLevel: helpers.length - (blocked ? 0 : levels),
      defenseLevel: foeHelpers.length,
    };
    const targets = f.p.surprised ? [...TARGETS, 'none' as const] : TARGETS;
    const cells = blocked
      ? []
      : ATTACK_STANCES.map((s) => targets.map((t) => exchange(c, f.p.character, s, t, situation)));
    let maneuver: ManeuverChance[] | string | undefined;
    if (c.maneuver !== 'none')
      maneuver = maneuverChances(c, f.p.character, { mine: helpers.length, theirs: foeHelpers.length });
    return {
      foe: f,
      feet,
      reaches: !blocked && feet <= w.reach,
      reachesWithSidestep: !blocked && feet <= w.reach + 5,
      cover: { name: f.p.cover, levels: blocked ? 0 : levels, blocked },
      foeHelpers: foeHelpers.map((h) => h.p.name),
      situation,
      targets,
      cells,
      maneuver,
    };
  });
  return {
    me,
    helpers: helpers.map((h) => h.p.name),
    openers: mineOpeners,
    threats,
    idleThreats: idle,
    foes,
    moreFoes: allFoes.length - foes.length,
    openersUnknown: opened === null,
  };
}
