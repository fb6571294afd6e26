// Exact odds of checks, Strikes and Techniques: combinatorics over the deck,
// no sampling. Pure TypeScript (no editor imports); hovers call it on every
// debounced keystroke, so one call is a few microseconds.
//
// Model of a draw (HA-K1, HA-C4, HA-C5):
// - The deck is `cards` (order unknown: uniformly shuffled), then optionally
//   `bottom` (known cards under them, in draw order — HA-C4 puts drawn but
//   unplayed cards there), then, if the draw still needs cards, the fatigue
//   pile shuffled into the deck (HA-C5 reshuffle).
// - A draw of k cards is therefore: a uniformly random k-subset of `cards`
//   when k ≤ |cards|; otherwise all of `cards`, the first k − |cards| of
//   `bottom`, and a uniformly random subset of the fatigue pile for the rest.
//   If deck and fatigue together hold fewer than k cards, the hand is all of
//   them (*ruling*: the draw just stops); an empty hand plays no card (a miss,
//   a failed check).
// - The attack policy plays the highest-EV card (`chooseStrikeCard`), so the
//   outcome is a function of the hand's maximum EV. With a forced part F (the
//   whole deck, bottom cards) and a random m-subset of a pool P:
//       #draws with max EV ≤ v = [max EV(F) ≤ v] · C(#{p ∈ P : EV(p) ≤ v}, m)
//   out of C(|P|, m) equally likely draws; differences give P(max EV = v).
// - Everything is an exact integer count of equally likely draws (`total` is
//   C(|P|, m)); counts are computed in doubles when that is exact (always for
//   real decks: C(52, 6) ≈ 2·10⁷) and in BigInt otherwise, and returned as
//   bigint so tests compare them exactly.

import type { Card, Stat, StatBlock, Technique, Weapon } from '../model.js';
import { cardSuit, cardValue, standardDeck, statSuit } from './cards.js';
import {
  type AttackProfile,
  type SituationOptions,
  type StrikeOptions,
  type TargetDefenses,
  type TechniqueOptions,
  checkModifier,
  drawCount,
  strikeOutcome,
  strikeProfile,
  techniqueProfile,
} from './strike-math.js';

export interface DeckState {
  /** Cards in the deck whose order is unknown (uniformly shuffled). Duplicates allowed (homebrew decks). */
  cards: readonly Card[];
  /** Known cards at the bottom of the deck, first-drawn first, drawn after `cards` (HA-C4). */
  bottom?: readonly Card[];
  /** The fatigue pile, shuffled into the deck when a draw empties it (HA-C5). */
  fatigue?: readonly Card[];
}

/** A deck state, or just the cards remaining in the deck. Default: the full standard 52-card deck (HA-C3). */
export type DeckInput = readonly Card[] | DeckState;

/** Distribution of the highest EV in the hand. */
export interface EvDistribution {
  /** Distinct maximum EVs, ascending. */
  evs: number[];
  /** counts[i]: draws whose highest EV is evs[i]. */
  counts: bigint[];
  /** Draws with an empty hand (deck and fatigue empty): 1 or 0. */
  empty: bigint;
  /** Number of equally likely draws. Σ counts + empty = total. */
  total: bigint;
  /** Cards asked for (max(2, stat), HA-K1). */
  draws: number;
  /** Cards actually in the hand (less than `draws` only when deck + fatigue run out). */
  drawn: number;
  /** True when the draw empties the deck and continues from the fatigue pile (HA-C5). */
  reshuffle: boolean;
}

export interface AttackOdds {
  /** P(EV ≥ defense) (HA-S1). */
  pHit: number;
  /** P(EV − defense ≥ crit margin) (HA-S3, HA-W2 Keen). */
  pCrit: number;
  /** E[damage], misses counting 0. */
  expectedDamage: number;
  /** damage → probability, ascending damage; 0 includes misses. */
  damage: Map<number, number>;
  /** Exact integer counts of equally likely draws. */
  exact: {
    total: bigint;
    hit: bigint;
    crit: bigint;
    /** Σ damage over all draws: E[damage] = damageSum / total. */
    damageSum: bigint;
    damage: Map<number, bigint>;
  };
  /** Distribution of the played card's EV. */
  ev: EvDistribution;
  profile: AttackProfile;
}

export interface CheckOdds {
  pSuccess: number;
  exact: { success: bigint; total: bigint };
  ev: EvDistribution;
  draws: number;
  modifier: number;
}

export interface OddsDeckOptions {
  deck?: DeckInput;
}

export type StrikeOddsOptions = StrikeOptions & OddsDeckOptions;
export type TechniqueOddsOptions = TechniqueOptions & OddsDeckOptions;
export interface CheckOddsOptions extends SituationOptions, OddsDeckOptions {
  /** Cards drawn; default max(2, statValue) (HA-K1). */
  draws?: number;
}

// ---------------------------------------------------------------------------
// Binomial coefficients

const PASCAL_N = 160;
let pascal: Float64Array | undefined;

/** C(n, k) as a double; exact whenever the true value is ≤ 2^53 (Pascal's rule only adds smaller exact values). */
function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  if (n <= PASCAL_N) {
    if (!pascal) {
      const t = new Float64Array((PASCAL_N + 1) * (PASCAL_N + 1));
      for (let i = 0; i <= PASCAL_N; i++) {
        t[i * (PASCAL_N + 1)] = 1;
        for (let j = 1; j <= i; j++)
          t[i * (PASCAL_N + 1) + j] =
            t[(i - 1) * (PASCAL_N + 1) + j - 1] + (j < i ? t[(i - 1) * (PASCAL_N + 1) + j] : 0);
      }
      pascal = t;
    }
    return pascal[n * (PASCAL_N + 1) + k];
  }
  const kk = Math.min(k, n - k);
  let r = 1;
  for (let i = 0; i < kk; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

function binomBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const kk = Math.min(k, n - k);
  let r = 1n;
  for (let i = 0; i < kk; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

// ---------------------------------------------------------------------------
// The core: distribution of the hand's highest EV

let STANDARD: readonly Card[] | undefined;
const EMPTY: readonly Card[] = [];

function deckParts(deck: DeckInput | undefined): {
  cards: readonly Card[];
  bottom: readonly Card[];
  fatigue: readonly Card[];
} {
  if (deck === undefined) return { cards: (STANDARD ??= standardDeck()), bottom: EMPTY, fatigue: EMPTY };
  if (Array.isArray(deck)) return { cards: deck as readonly Card[], bottom: EMPTY, fatigue: EMPTY };
  const d = deck as DeckState;
  return { cards: d.cards, bottom: d.bottom ?? EMPTY, fatigue: d.fatigue ?? EMPTY };
}

/**
 * Exact distribution of the highest EV among `draws` cards drawn from `deck`
 * for a check of `stat` (Resonance `statValue`, HA-K2) with `modifier` added
 * after Resonance (HA-K4). See the header for the draw model (HA-C5).
 */
export function maxEvDistribution(
  deck: DeckInput | undefined,
  draws: number,
  stat: Stat,
  statValue: number,
  modifier = 0,
): EvDistribution {
  if (!Number.isInteger(statValue) || !Number.isInteger(modifier)) {
    throw new RangeError(`exact odds need whole numbers (stat ${statValue}, modifier ${modifier})`);
  }
  const { cards, bottom, fatigue } = deckParts(deck);
  const suit = statSuit(stat);
  const evOf = (c: Card) => cardValue(c) + (cardSuit(c) === suit ? statValue : 0) + modifier;

  // Split the hand into a forced part (known to be drawn) and a random m-subset of a pool.
  let pool: readonly Card[];
  let m: number;
  let forcedMax = -Infinity;
  let drawn: number;
  let reshuffle = false;
  const k = Math.max(0, Math.floor(draws));
  if (k <= cards.length) {
    pool = cards;
    m = k;
    drawn = k;
  } else {
    for (const c of cards) forcedMax = Math.max(forcedMax, evOf(c));
    const fromBottom = Math.min(k - cards.length, bottom.length);
    for (let i = 0; i < fromBottom; i++) forcedMax = Math.max(forcedMax, evOf(bottom[i]));
    const rest = k - cards.length - fromBottom;
    if (rest > 0) {
      reshuffle = true;
      pool = fatigue;
      m = Math.min(rest, fatigue.length);
    } else {
      pool = EMPTY;
      m = 0;
    }
    drawn = cards.length + fromBottom + m;
  }
  if (drawn === 0) return { evs: [], counts: [], empty: 1n, total: 1n, draws: k, drawn, reshuffle };

  // Histogram of pool EVs over [lo, hi] (card values 2..14, HA-C1).
  const lo = 2 + Math.min(0, statValue) + modifier;
  const hi = 14 + Math.max(0, statValue) + modifier;
  const size = hi - lo + 1;
  const hist = new Int32Array(size);
  for (let i = 0; i < pool.length; i++) hist[evOf(pool[i]) - lo]++;
  const fIdx = forcedMax === -Infinity ? -1 : forcedMax - lo;

  const evs: number[] = [];
  const counts: bigint[] = [];
  const totalN = binom(pool.length, m);
  const exactInDoubles = Number.isSafeInteger(totalN) && totalN * (m + 1) <= Number.MAX_SAFE_INTEGER;
  if (exactInDoubles) {
    let below = 0; // G(previous level)
    let cum = 0;
    for (let i = 0; i < size; i++) {
      cum += hist[i];
      const g = i >= fIdx ? binom(cum, m) : 0;
      if (g !== below) {
        evs.push(lo + i);
        counts.push(BigInt(g - below));
        below = g;
      }
    }
    return { evs, counts, empty: 0n, total: BigInt(totalN), draws: k, drawn, reshuffle };
  }
  let below = 0n;
  let cum = 0;
  for (let i = 0; i < size; i++) {
    cum += hist[i];
    const g = i >= fIdx ? binomBig(cum, m) : 0n;
    if (g !== below) {
      evs.push(lo + i);
      counts.push(g - below);
      below = g;
    }
  }
  return { evs, counts, empty: 0n, total: binomBig(pool.length, m), draws: k, drawn, reshuffle };
}

// ---------------------------------------------------------------------------
// Attacks

function ratio(a: bigint, b: bigint): number {
  return Number(a) / Number(b);
}

/** Exact odds of an attack described by a profile (the highest-EV card is played). */
export function attackOdds(profile: AttackProfile, deck?: DeckInput): AttackOdds {
  const ev = maxEvDistribution(deck, profile.draws, profile.stat, profile.statValue, profile.modifier);
  let hit = 0n;
  let crit = 0n;
  let damageSum = 0n;
  const dmg = new Map<number, bigint>();
  let sorted = true;
  let last = -Infinity;
  const add = (d: number, c: bigint) => {
    const prev = dmg.get(d);
    if (prev === undefined) {
      if (d < last) sorted = false;
      last = d;
      dmg.set(d, c);
    } else dmg.set(d, prev + c);
  };
  if (ev.empty > 0n) add(0, ev.empty);
  for (let i = 0; i < ev.evs.length; i++) {
    const o = strikeOutcome(ev.evs[i], profile);
    const c = ev.counts[i];
    if (o.hit) hit += c;
    if (o.crit) crit += c;
    if (o.damage !== 0) damageSum += c * BigInt(o.damage);
    add(o.damage, c);
  }
  const exactDamage = sorted ? dmg : new Map([...dmg].sort((a, b) => a[0] - b[0]));
  const damage = new Map<number, number>();
  for (const [d, c] of exactDamage) damage.set(d, ratio(c, ev.total));
  return {
    pHit: ratio(hit, ev.total),
    pCrit: ratio(crit, ev.total),
    expectedDamage: ratio(damageSum, ev.total),
    damage,
    exact: { total: ev.total, hit, crit, damageSum, damage: exactDamage },
    ev,
    profile,
  };
}

/**
 * Exact odds of a weapon Strike (HA-S1..HA-S6, HA-W2..HA-W5).
 * `opts.strikeNumber` (default 1) sets the multi-Strike penalty, `opts.offhand`
 * the HA-S6 off-hand Strike (pass the off-hand weapon), `opts.deck` the deck.
 */
export function strikeOdds(
  attacker: StatBlock,
  weapon: Weapon,
  target: TargetDefenses,
  opts: StrikeOddsOptions = {},
): AttackOdds {
  return attackOdds(strikeProfile(attacker, weapon, target, opts), opts.deck);
}

/** The 1st, 2nd and 3rd Strike of a turn with the same weapon (for hovers). */
export function strikeOddsByNumber(
  attacker: StatBlock,
  weapon: Weapon,
  target: TargetDefenses,
  opts: Omit<StrikeOddsOptions, 'strikeNumber'> = {},
): [AttackOdds, AttackOdds, AttackOdds] {
  return [
    strikeOdds(attacker, weapon, target, { ...opts, strikeNumber: 1 }),
    strikeOdds(attacker, weapon, target, { ...opts, strikeNumber: 2 }),
    strikeOdds(attacker, weapon, target, { ...opts, strikeNumber: 3 }),
  ];
}

/**
 * Exact odds of a Technique (HA-A4) against the target's Guard or Resolve
 * (`technique.against`). See `techniqueProfile` for the rulings (weapon bonus
 * + technique bonus; no multi-Strike penalty, Brawler or weapon property).
 */
export function techniqueOdds(
  attacker: StatBlock,
  technique: Technique,
  target: TargetDefenses,
  opts: TechniqueOddsOptions = {},
): AttackOdds {
  return attackOdds(techniqueProfile(attacker, technique, target, opts), opts.deck);
}

// ---------------------------------------------------------------------------
// Plain checks

/**
 * P(success) of a plain check (HA-K1..K3): draw max(2, statValue) cards;
 * success when some card's EV ≥ dc (the player then plays the lowest such
 * card, `chooseCheckCard`, which does not change the odds). Assist, Weakened
 * and other modifiers apply after Resonance (HA-K4).
 */
export function checkOdds(statValue: number, stat: Stat, dc: number, opts: CheckOddsOptions = {}): CheckOdds {
  const { modifier } = checkModifier(opts);
  const draws = opts.draws ?? drawCount(statValue);
  const ev = maxEvDistribution(opts.deck, draws, stat, statValue, modifier);
  let success = 0n;
  for (let i = 0; i < ev.evs.length; i++) if (ev.evs[i] >= dc) success += ev.counts[i];
  return { pSuccess: ratio(success, ev.total), exact: { success, total: ev.total }, ev, draws, modifier };
}

// ---------------------------------------------------------------------------
// One draw against several targets (HA-M1 Dual, HA-M2 Sweep, HA-W3 Scatter)

export interface MultiTargetOdds {
  /** Odds against each defense, in order (same draw, so not independent). */
  perTarget: AttackOdds[];
  /** P(at least one target hit) = P(EV ≥ the lowest defense). */
  pAnyHit: number;
  /** P(every target hit) = P(EV ≥ the highest defense). */
  pAllHit: number;
  /** E[total damage over all targets] (linearity of expectation). */
  expectedTotalDamage: number;
  exact: { total: bigint; anyHit: bigint; allHit: bigint; damageSum: bigint };
}

/**
 * One played card compared against several defenses (HA-M1/HA-M2: one draw,
 * each target separately; HA-W3 Scatter likewise). `profile` is the attack
 * against the first target; the others only change the defense.
 */
export function multiTargetOdds(
  profile: AttackProfile,
  defenses: readonly number[],
  deck?: DeckInput,
): MultiTargetOdds {
  const perTarget = defenses.map((defense) => attackOdds({ ...profile, defense }, deck));
  const ev =
    perTarget[0]?.ev ?? maxEvDistribution(deck, profile.draws, profile.stat, profile.statValue, profile.modifier);
  const lo = Math.min(...defenses);
  const hi = Math.max(...defenses);
  let anyHit = 0n;
  let allHit = 0n;
  for (let i = 0; i < ev.evs.length; i++) {
    if (ev.evs[i] >= lo) anyHit += ev.counts[i];
    if (ev.evs[i] >= hi) allHit += ev.counts[i];
  }
  if (defenses.length === 0) anyHit = allHit = 0n;
  let damageSum = 0n;
  for (const o of perTarget) damageSum += o.exact.damageSum;
  return {
    perTarget,
    pAnyHit: ratio(anyHit, ev.total),
    pAllHit: ratio(allHit, ev.total),
    expectedTotalDamage: ratio(damageSum, ev.total),
    exact: { total: ev.total, anyHit, allHit, damageSum },
  };
}
