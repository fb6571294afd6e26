// The policy's 'cheat' and 'answer-cheat' decisions (AR-C6, ARS-2): which card of
// its hand a side plays over one of its own flips, if any. Reads the hand, never
// changes it: the simulator plays the card chosen (sim.ts `cheat`).

import { value } from '../deck.js';
import type { FightView } from '../decisions.js';
import { damageOf, type AttackSpec } from '../odds.js';
import { attackTable } from './tables.js';
import { pickTarget } from './target.js';
import { worthOf, type Table } from './value.js';

/**
 * AR-C6 (ARS-2): the hand position of the lowest card that changes the outcome in the flipper's favour
 * (`helps(value)`), of equal values the one held longest; −1: no cheat.
 */
export function cheatCard(hand: readonly number[], helps: (v: number) => boolean): number {
  let pick = -1;
  for (let k = 0; k < hand.length; k++) {
    const v = value(hand[k]);
    if ((pick < 0 || v < value(hand[pick])) && helps(v)) pick = k;
  }
  return pick;
}

/**
 * `cheatCard` for an outcome that changes at card value `need` and stays changed above it (a maneuver's AR-C6
 * cheat: its own flip fails below `need`, the resisting side's succeeds from `need` up): the lowest card at or
 * above `need`, of equal values the one held longest; −1: none. Its plain twin is `cheatCard(hand, (v) => v >=
 * need)`; a test holds the two equal.
 */
export function lowestCardAtLeast(hand: readonly number[], need: number): number {
  let pick = -1,
    best = 15;
  for (let k = 0; k < hand.length; k++) {
    const v = value(hand[k]);
    if (v >= need && v < best) {
      best = v;
      pick = k;
    }
  }
  return pick;
}

/**
 * One cheat's keep context (ARS-21, ARS-23, ARS-24), set by `keepContext` for the keeper f before any card is weighed
 * and read by `keepValue` for each card: f's target (ARS-7) and its attack's table there when an aspect applies (else
 * null: no attack of f's to add to), that target's own next attack's worth (ARS-22's `lifeWorth`, asked once, −1
 * until asked), and how many foes come for f (their tables in THREAT). Scratch of one call: cheats never nest.
 */
let kKeeper = -1,
  kTarget = -1,
  kOwn: Table | null = null,
  kLife = -1,
  kThreats = -1;

/**
 * Whether `keepValue` weighs every card in full (its plain twin): the foes coming for the keeper asked with the
 * context, and the Defense keep counted for every card. Off (the fast path), the foes are asked only for a card whose
 * own-attack keep leaves it a chance to be chosen. A test plays fights both ways and holds them equal.
 */
let keepInFull = false;
export function weighKeepInFull(on: boolean): void {
  keepInFull = on;
}

/** Sets the keep context of f (see above): what every card's keep worth reads, once per cheat. */
function keepContext(v: FightView, f: number): void {
  kKeeper = f;
  kTarget = pickTarget(v, f);
  kOwn = kTarget >= 0 && v.canInvoke(f, kTarget) ? attackTable(v, f, kTarget) : null;
  kLife = -1;
  kThreats = keepInFull ? threatsOn(v, f) : -1;
}

/**
 * What keeping a card of value x is worth to the keeper of the context (`keepContext`): what it adds to its own next
 * attack, played over that attack's flip wherever it does better (value.ts `keepWorth`), plus the chance the card turns
 * that attack into a take-out times what the target's own next attack is worth (ARS-23: a foe Taken Out strikes no
 * more, which its Health and TAKE_OUT alone do not count); or, when more, what it saves on the keeper's next Defense
 * flip against a foe coming for it (ARS-24). 0 with neither to come.
 */
function keepValue(v: FightView, x: number, gain: number, best: number): number {
  let w = 0;
  if (kOwn !== null) {
    const p = v.worth.keepOut(kOwn, x);
    w = v.worth.keep(kOwn, x) + (p > 0 ? p * (kLife >= 0 ? kLife : (kLife = lifeWorth(v, kTarget))) : 0);
  }
  // the caller chooses a card only when gain − keep beats `best` (by 1e-9, or ties it with a lower card): a card
  // whose own-attack keep already leaves it below that is not chosen whatever the Defense keep adds (a keep is the
  // more of the two), so the foes coming for the keeper are asked only past this (`keepInFull`: the plain twin)
  if (!keepInFull && gain - w <= best - 1e-9) return w;
  if (kThreats < 0) kThreats = threatsOn(v, kKeeper);
  if (kThreats > 0) {
    const d = defenseKeep(v, x, kThreats);
    if (d > w) w = d;
  }
  return w;
}

/**
 * ARS-24's foes: the able enemies of f whose target is f (ARS-7) and against whom an aspect of f's applies on defense,
 * each with its attack's table on f, into THREAT; returns how many. A card kept can stop or soften one of their
 * attacks: the defenses to come, which a keep worth counting only f's own next attack missed (a defender soaked a
 * 2-point hit with its queen with three brawlers still to strike it).
 */
function threatsOn(v: FightView, f: number): number {
  let n = 0;
  for (let j = 0; j < v.n; j++) {
    if (v.side[j] === v.side[f] || v.out[j] !== 0 || !v.canInvoke(f, j) || pickTarget(v, j) !== f) continue;
    THREAT[n++] = attackTable(v, j, f);
  }
  return n;
}
const THREAT: Table[] = [];

/** ARS-24: what a card of value x saves, played on f's Defense flip, against the most dangerous of the `n` threats. */
function defenseKeep(v: FightView, x: number, n: number): number {
  let w = 0;
  for (let k = 0; k < n; k++) {
    const ft = THREAT[k];
    const g = ft.base - v.worth.defense(ft, 1 << (x - 2));
    if (g > w) w = g;
  }
  return w;
}

/**
 * The acting side's cheat on i's attack flip on t (issue 32, ARS-21), every tactic: the card whose gain is largest
 * and above nothing — the worth of the attack with that card as the flip (value.ts: Health removed, capped, plus
 * the take-out; an aim card still counts when higher, ARS-4) less its worth now, less what keeping the card is worth
 * (`keepValue`). So it still turns a miss into a hit or a hit into a take-out when that beats keeping the card, and
 * also plays a card just for damage on a hit it already has: an ace over a 3 in a slugging match. Of equal gains
 * the lower card; of equal values the card held longest. −1: no cheat. `aimV` is the aim card's value (0: none),
 * `a` the attack's value now (the higher of aim and flip), `d` the defender's card value.
 */
export function attackCheatCard(
  v: FightView,
  i: number,
  t: number,
  spec: AttackSpec,
  aimV: number,
  a: number,
  d: number,
  hand: readonly number[],
): number {
  const now = worthOf(damageOf(spec, a, d), spec.health);
  // the worth of an attack never falls with its card: when the highest card adds nothing, none does
  let top = 0;
  for (const c of hand) if (value(c) > top) top = value(c);
  if (top <= a || worthOf(damageOf(spec, Math.max(aimV, top), d), spec.health) <= now) return -1;
  // what keeping a card is worth is asked only of a card whose gain could beat the best: its context set then
  let kept = false;
  // ARS-23: a take-out the card makes now also stops t's next attack, as one it makes later would stop its target's
  const outNow = now >= spec.health;
  let life = -1;
  let pick = -1,
    pickV = 0,
    best = 1e-9;
  for (let k = 0; k < hand.length; k++) {
    const x = value(hand[k]);
    if (x <= a || firstOf(hand, k, x) !== k) continue; // of equal values the card held longest
    const after = worthOf(damageOf(spec, Math.max(aimV, x), d), spec.health);
    let gain = after - now;
    if (!outNow && after >= spec.health && spec.health > 0) gain += life < 0 ? (life = lifeWorth(v, t)) : life;
    if (gain <= best) continue;
    if (!kept) {
      keepContext(v, i);
      kept = true;
    }
    const net = gain - keepValue(v, x, gain, best);
    // of equal nets the lower card: `pickV` is the value picked so far, 0 while none (no tie to break). The compare is
    // made for every card weighed, not only on a tie (as `pick >= 0 && x < value(hand[pick])` was): a tie is rare,
    // so that compare had no type feedback when the cheat was optimized, and the first tie threw the optimized cheat
    // away for a second compile in every worker (`node --trace-deopt`, ar14). The choice is the same.
    const lower = x < pickV;
    if (net > best + 1e-9 || (net > best - 1e-9 && lower)) {
      best = net;
      pick = k;
      pickV = x;
    }
  }
  return pick;
}

/**
 * The answering side's cheat on t's Defense flip (issue 32, ARS-19), every tactic: the card whose gain is largest
 * and above nothing — the worth of the hit now less the worth of the hit with that card as the flip (value.ts:
 * Health removed, capped, plus the take-out), less what keeping the card is worth to t (`keepValue`, as the
 * attacker's cheat weighs it, ARS-21). So a defender also cheats just to take damage off a hit it cannot turn into
 * a miss, when that is worth the card; of equal gains the lower card. −1: no cheat. `a` is the attacker's final
 * card value, `d` the defender's now.
 */
export function defenseCheatCard(
  v: FightView,
  t: number,
  spec: AttackSpec,
  a: number,
  d: number,
  hand: readonly number[],
  rest = false,
): number {
  const now = worthOf(damageOf(spec, a, d), spec.health);
  if (now === 0) return -1;
  // the worth of a hit never rises with the defense card: when the highest card saves nothing, none does
  let top = 0;
  for (const c of hand) if (value(c) > top) top = value(c);
  if (worthOf(damageOf(spec, a, top), spec.health) >= now) return -1;
  // ARS-25: a card that replaces the opposition card stands in for every opposition defense left this round (AR-C5),
  // read past the test above, which returns before any card is weighed (so no choice changes)
  const later = rest ? laterOnOpposition(v, t) : 0;
  let kept = false;
  // ARS-22: a hit that takes t out as it stands (worthOf's take-out is worth its Health and more) ends t's turns, so a
  // card that stops it also buys t's next attack, and a card kept in t's own hand is worth nothing to a Taken Out t
  const out = now >= spec.health;
  const life = out ? lifeWorth(v, t) : 0;
  const alone = out && soleHolder(v, t);
  let pick = -1,
    pickV = 0,
    best = 1e-9;
  for (let k = 0; k < hand.length; k++) {
    const x = value(hand[k]);
    if (firstOf(hand, k, x) !== k) continue; // of equal values the card held longest
    const after = worthOf(damageOf(spec, a, x), spec.health);
    const saved = out && after < spec.health;
    let gain = now - after + (saved ? life : 0);
    for (let q = 0; q < later; q++) gain += v.worth.atDefense(LATER[q], d) - v.worth.atDefense(LATER[q], x);
    if (gain <= best) continue;
    if (!(saved && alone) && !kept) {
      keepContext(v, t);
      kept = true;
    }
    const net = gain - (saved && alone ? 0 : keepValue(v, x, gain, best));
    // of equal nets the lower card, the compare made for every card (as in attackCheatCard)
    const lower = x < pickV;
    if (net > best + 1e-9 || (net > best - 1e-9 && lower)) {
      best = net;
      pick = k;
      pickV = x;
    }
  }
  return pick;
}

/**
 * ARS-25: the attacks still to come this round on t's side while the opposition card defends it (AR-O3): every able
 * character of the other side yet to take its turn this round, on the target it would pick (ARS-7) when that is an
 * opposition character; their tables into LATER, and how many.
 */
function laterOnOpposition(v: FightView, t: number): number {
  let n = 0;
  for (let j = 0; j < v.n; j++) {
    if (v.side[j] === v.side[t] || v.out[j] !== 0 || v.actedIn[j] === v.round) continue;
    const tt = pickTarget(v, j);
    if (tt >= 0 && v.opp[tt] === 1) LATER[n++] = attackTable(v, j, tt);
  }
  return n;
}
const LATER: Table[] = [];

/** ARS-22: what t's next attack is worth (its expected Health removed and take-out, no cheat), on the target it would pick; 0 with none. */
function lifeWorth(v: FightView, t: number): number {
  const tt = pickTarget(v, t);
  return tt >= 0 ? attackTable(v, t, tt).base : 0;
}

/** ARS-22: whether no other standing character of t's side draws on t's hand (a player's own hand, AR-H1; else the Hand of Fate, AR-H2). */
function soleHolder(v: FightView, t: number): boolean {
  const h = v.handOf(t);
  for (let k = 0; k < v.n; k++)
    if (k !== t && v.side[k] === v.side[t] && v.out[k] === 0 && v.handOf(k) === h) return false;
  return true;
}

/** The first hand position, up to k, of a card of value x. */
function firstOf(hand: readonly number[], k: number, x: number): number {
  for (let j = 0; j < k; j++) if (value(hand[j]) === x) return j;
  return k;
}
