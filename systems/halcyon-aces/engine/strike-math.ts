// The arithmetic of one played card: its effective value (HA-K2, HA-K4) and,
// for an attack, whether it hits, whether it crits and how much damage it deals
// (HA-S1..HA-S6, HA-W2..HA-W5, HA-T3, HA-A7). Pure functions on plain data,
// shared by the exact odds module (engine/odds.ts), its tests, and the combat
// simulator. No deck, no randomness, no state.
//
// Two steps:
//   1. `strikeProfile` / `techniqueProfile` / `checkProfile` turn the model
//      (attacker, weapon or technique, target, situation) into a flat
//      `AttackProfile`: stat, draws, EV modifier, defense, bonus, crit rules.
//   2. `evaluateStrikeCard(card, profile)` (or `strikeOutcome(ev, profile)`)
//      resolves one played card against that profile.
//
// Rulings made here (RULES.md leaves them open) are marked *Ruling*.

import type { Card, Stat, StatBlock, Technique, Weapon } from '../model.js';
import { cardSuit, cardValue, statSuit } from './cards.js';

/** One named term of a sum, for hovers ("−2 2nd Strike (HA-S4)"). */
export interface Term {
  /** RULES.md id the term comes from. */
  rule: string;
  label: string;
  value: number;
}

export type CritEffect = 'stunned' | 'sweeping' | 'disarms' | 'breaks';

/** Everything needed to resolve one played card of an attack. */
export interface AttackProfile {
  /** The stat called (Resonance suit, HA-K2). */
  stat: Stat;
  /** The attacker's value of that stat (Resonance amount, crit bonus HA-S3). */
  statValue: number;
  /** Cards drawn: max(2, statValue) (HA-K1 / HA-S1). */
  draws: number;
  /** Sum of the EV modifiers, applied after Resonance (HA-K4). */
  modifier: number;
  modifiers: Term[];
  /** The number the EV is compared against (Guard, Resolve, or Active Guard). */
  defense: number;
  defenseLabel: string;
  /** Flat damage added on a hit (HA-S2): weapon bonus, technique bonus, Scatter −1. */
  bonus: number;
  bonusTerms: Term[];
  /** A hit crits when EV − defense ≥ critMargin: 6, or 5 with Keen (HA-S3, HA-W2). */
  critMargin: number;
  /** On a crit add critStatMultiplier × statValue: 1, or 2 with Brutal (HA-S3, HA-W2). */
  critStatMultiplier: number;
  /** Side effects of a crit (HA-W2, HA-W4); informative, no effect on damage. */
  critEffects: CritEffect[];
}

export interface StrikeOutcome {
  ev: number;
  /** EV − defense. */
  margin: number;
  hit: boolean;
  crit: boolean;
  /** Final damage, never below 0; 0 on a miss. */
  damage: number;
  /** margin + bonus (before the crit bonus and the floor at 0); 0 on a miss. */
  baseDamage: number;
  /** Added by the crit (stat or 2× stat); 0 without a crit. */
  critBonus: number;
  /** HA-S3: a crit card goes to the deck bottom instead of the fatigue pile. */
  cardTo: 'fatigue' | 'deck-bottom';
}

export interface CardBreakdown {
  card: Card;
  base: number;
  /** Resonance: statValue when the suit matches the stat, else 0 (HA-K2). */
  resonance: number;
  modifiers: Term[];
  ev: number;
  defense: number;
  defenseLabel: string;
  bonusTerms: Term[];
  critEffects: CritEffect[];
}

export interface EvaluatedCard extends StrikeOutcome {
  card: Card;
  breakdown: CardBreakdown;
}

/** A target: a stat block, or just its two defenses. */
export type TargetDefenses = Pick<StatBlock, 'guard' | 'resolve'> | { guard: number; resolve: number };

/** Situational modifiers common to every check and attack. */
export interface SituationOptions {
  /** HA-A7: an ally's Assist, +1 EV. */
  assist?: boolean;
  /** HA-T3: Weakened, −1 EV. */
  weakened?: boolean;
  /** Any other EV modifier (Link bonus, homebrew…), applied after Resonance (HA-K4). */
  evModifier?: number;
}

export interface DefenseOptions {
  /**
   * HA-A5: the target's Active Guard value; replaces its Guard (only for
   * attacks against Guard — Resolve is unaffected).
   */
  activeGuard?: number;
  /** Raw override of the defense the EV is compared against (wins over everything). */
  defense?: number;
}

export interface StrikeOptions extends SituationOptions, DefenseOptions {
  /** Which Strike of the turn this is (HA-S4); default 1. */
  strikeNumber?: 1 | 2 | 3;
  /**
   * HA-S6: this Strike uses the off-hand weapon (pass the off-hand weapon as
   * `weapon`). The 2nd Strike with the off-hand has no penalty; its damage
   * uses only the off-hand's bonus (the weapon passed). The caller is
   * responsible for the dual-wield precondition (both weapons Light).
   */
  offhand?: boolean;
  /**
   * HA-W3: a Scatter weapon's draw is one draw against every target in a zone
   * at −1 bonus damage. Default (*ruling*): a Scatter weapon always pays the
   * −1; pass `false` for a single-target shot that forgoes the zone effect.
   */
  scatter?: boolean;
}

export interface TechniqueOptions extends SituationOptions, DefenseOptions {
  /**
   * *Ruling* (HA-S2 + the Mira worked example): a technique's damage adds the
   * bonus of the weapon in hand (the attacker's main weapon, Unarmed = +0)
   * and the technique's own bonus; none of the weapon's properties apply.
   * Pass `null` to leave the weapon bonus out, or another weapon to use its
   * bonus instead.
   */
  weapon?: Weapon | null;
}

/** HA-K1: cards drawn for a check of a stat. */
export function drawCount(statValue: number): number {
  return Math.max(2, statValue);
}

/** HA-K2 + HA-K4: base value, plus Resonance, plus modifiers (after Resonance). */
export function effectiveValue(card: Card, stat: Stat, statValue: number, modifier = 0): number {
  return cardValue(card) + (cardSuit(card) === statSuit(stat) ? statValue : 0) + modifier;
}

function situationTerms(opts: SituationOptions | undefined): Term[] {
  const terms: Term[] = [];
  if (opts?.assist) terms.push({ rule: 'HA-A7', label: 'Assist', value: 1 });
  if (opts?.weakened) terms.push({ rule: 'HA-T3', label: 'Weakened', value: -1 });
  if (opts?.evModifier) terms.push({ rule: 'HA-K4', label: 'modifier', value: opts.evModifier });
  return terms;
}

function sum(terms: Term[]): number {
  let s = 0;
  for (const t of terms) s += t.value;
  return s;
}

function resolveDefense(
  target: TargetDefenses,
  against: 'guard' | 'resolve',
  opts: DefenseOptions | undefined,
): { defense: number; label: string } {
  if (opts?.defense !== undefined) return { defense: opts.defense, label: 'defense' };
  if (against === 'guard') {
    if (opts?.activeGuard !== undefined) return { defense: opts.activeGuard, label: 'Active Guard' };
    return { defense: target.guard, label: 'Guard' };
  }
  return { defense: target.resolve, label: 'Resolve' };
}

/** HA-W5: unarmed (HA-W6) and improvised (HA-W4) attacks count for Brawler. */
export function isBrawlerWeapon(weapon: Weapon): boolean {
  return weapon.unarmed === true || weapon.improvised !== undefined;
}

/**
 * HA-S4 / HA-S5 / HA-S6: the multi-Strike EV penalty.
 * - 1st Strike: 0. 3rd Strike: −4, whatever the weapon.
 * - 2nd Strike: −2, except 0 with a Quick or Combo weapon (HA-S5) or with the
 *   off-hand weapon (HA-S6).
 * `strikeNumber` counts the turn's Strikes; the caller passes 2 for the 2nd
 * Strike of the turn made with this weapon.
 */
export function strikePenalty(weapon: Weapon, strikeNumber: 1 | 2 | 3, offhand = false): Term | undefined {
  if (strikeNumber === 3) return { rule: 'HA-S4', label: '3rd Strike', value: -4 };
  if (strikeNumber !== 2) return undefined;
  if (offhand) return undefined; // HA-S6
  if (weapon.properties.includes('quick') || weapon.properties.includes('combo')) return undefined; // HA-S5
  return { rule: 'HA-S4', label: '2nd Strike', value: -2 };
}

function weaponCritEffects(weapon: Weapon): CritEffect[] {
  const fx: CritEffect[] = [];
  if (weapon.properties.includes('staggering')) fx.push('stunned');
  if (weapon.properties.includes('sweeping')) fx.push('sweeping');
  if (weapon.properties.includes('disarming')) fx.push('disarms');
  if (weapon.improvised !== undefined) fx.push('breaks'); // HA-W4
  return fx;
}

/** The profile of a weapon Strike (HA-S1..HA-S6, HA-W2, HA-W3, HA-W5). */
export function strikeProfile(
  attacker: StatBlock,
  weapon: Weapon,
  target: TargetDefenses,
  opts: StrikeOptions = {},
): AttackProfile {
  const statValue = attacker.stats[weapon.stat];
  const modifiers: Term[] = [];
  const penalty = strikePenalty(weapon, opts.strikeNumber ?? 1, opts.offhand);
  if (penalty) modifiers.push(penalty);
  if (attacker.talents.includes('brawler') && isBrawlerWeapon(weapon)) {
    modifiers.push({ rule: 'HA-W5', label: 'Brawler', value: 2 });
  }
  modifiers.push(...situationTerms(opts));
  const bonusTerms: Term[] = [{ rule: opts.offhand ? 'HA-S6' : 'HA-S2', label: weapon.name, value: weapon.bonus }];
  if (weapon.properties.includes('scatter') && opts.scatter !== false)
    bonusTerms.push({ rule: 'HA-W3', label: 'Scatter', value: -1 });
  return assembleProfile(weapon.stat, statValue, modifiers, resolveDefense(target, 'guard', opts), bonusTerms, {
    critMargin: weapon.properties.includes('keen') ? 5 : 6,
    critStatMultiplier: weapon.properties.includes('brutal') ? 2 : 1,
    critEffects: weaponCritEffects(weapon),
  });
}

/** The parts every profile shares: draws from the stat (HA-K1), summed modifier and bonus terms. */
function assembleProfile(
  stat: Stat,
  statValue: number,
  modifiers: Term[],
  def: { defense: number; label: string },
  bonusTerms: Term[],
  crit: Pick<AttackProfile, 'critMargin' | 'critStatMultiplier' | 'critEffects'>,
): AttackProfile {
  return {
    stat,
    statValue,
    draws: drawCount(statValue),
    modifier: sum(modifiers),
    modifiers,
    defense: def.defense,
    defenseLabel: def.label,
    bonus: sum(bonusTerms),
    bonusTerms,
    ...crit,
  };
}

/**
 * The profile of a Technique (HA-A4): its stat, against Guard or Resolve.
 * Not a Strike: no multi-Strike penalty (HA-S4 counts Strikes), no Brawler
 * (HA-W5 is for unarmed/improvised attacks), no weapon property (Keen,
 * Brutal, Scatter…). Crits per HA-S3 with the technique's stat.
 * *Ruling*: damage bonus = weapon-in-hand bonus + technique bonus (see
 * `TechniqueOptions.weapon`).
 */
export function techniqueProfile(
  attacker: StatBlock,
  technique: Technique,
  target: TargetDefenses,
  opts: TechniqueOptions = {},
): AttackProfile {
  const statValue = attacker.stats[technique.stat];
  const modifiers = situationTerms(opts);
  const bonusTerms: Term[] = [];
  const weapon = opts.weapon === undefined ? attacker.weapon : opts.weapon;
  if (weapon) bonusTerms.push({ rule: 'HA-S2', label: weapon.name, value: weapon.bonus });
  bonusTerms.push({ rule: 'HA-S2', label: technique.name, value: technique.bonus });
  return assembleProfile(
    technique.stat,
    statValue,
    modifiers,
    resolveDefense(target, technique.against, opts),
    bonusTerms,
    {
      critMargin: 6,
      critStatMultiplier: 1,
      critEffects: [],
    },
  );
}

/**
 * HA-S2 / HA-S3: the outcome of a played card of effective value `ev`.
 * Hit when ev ≥ defense; damage = (ev − defense) + bonus; a crit (margin ≥
 * critMargin) adds critStatMultiplier × statValue; damage never below 0.
 * A function of the EV alone — the exact odds module relies on that.
 */
export function strikeOutcome(ev: number, p: AttackProfile): StrikeOutcome {
  const margin = ev - p.defense;
  if (margin < 0) {
    return { ev, margin, hit: false, crit: false, damage: 0, baseDamage: 0, critBonus: 0, cardTo: 'fatigue' };
  }
  const crit = margin >= p.critMargin;
  const baseDamage = margin + p.bonus;
  const critBonus = crit ? p.critStatMultiplier * p.statValue : 0;
  return {
    ev,
    margin,
    hit: true,
    crit,
    damage: Math.max(0, baseDamage + critBonus),
    baseDamage,
    critBonus,
    cardTo: crit ? 'deck-bottom' : 'fatigue',
  };
}

/** EV and damage of one played card, with a breakdown for hovers and logs. */
export function evaluateStrikeCard(card: Card, p: AttackProfile): EvaluatedCard {
  const base = cardValue(card);
  const resonance = cardSuit(card) === statSuit(p.stat) ? p.statValue : 0;
  const ev = base + resonance + p.modifier;
  return {
    card,
    ...strikeOutcome(ev, p),
    breakdown: {
      card,
      base,
      resonance,
      modifiers: p.modifiers,
      ev,
      defense: p.defense,
      defenseLabel: p.defenseLabel,
      bonusTerms: p.bonusTerms,
      critEffects: p.critEffects,
    },
  };
}

/**
 * Attack policy: play the card with the highest EV (damage, hit and crit are
 * all monotone in EV, so it maximizes each at once). Ties: the first such
 * card in the hand. Returns the index in `hand`, −1 for an empty hand.
 */
export function chooseStrikeCard(
  hand: readonly Card[],
  p: Pick<AttackProfile, 'stat' | 'statValue' | 'modifier'>,
): number {
  let best = -1;
  let bestEv = -Infinity;
  for (let i = 0; i < hand.length; i++) {
    const ev = effectiveValue(hand[i], p.stat, p.statValue, p.modifier);
    if (ev > bestEv) {
      bestEv = ev;
      best = i;
    }
  }
  return best;
}

/**
 * Plain-check policy (HA-K1..K3): play the lowest-EV card that still succeeds
 * (keeps the better cards; RULES.md worked example: Kael Body 3, DC 9, hand
 * 5♣ 9♦ Q♣ → 9♦). *Ruling*: when no card succeeds, play the lowest-EV card.
 * Ties: the first such card in the hand. Returns the index, −1 for an empty hand.
 * Success itself only depends on the best card, so the odds do not depend on
 * this choice.
 */
export function chooseCheckCard(
  hand: readonly Card[],
  stat: Stat,
  statValue: number,
  dc: number,
  modifier = 0,
): number {
  let bestOk = -1;
  let bestOkEv = Infinity;
  let lowest = -1;
  let lowestEv = Infinity;
  for (let i = 0; i < hand.length; i++) {
    const ev = effectiveValue(hand[i], stat, statValue, modifier);
    if (ev >= dc && ev < bestOkEv) {
      bestOkEv = ev;
      bestOk = i;
    }
    if (ev < lowestEv) {
      lowestEv = ev;
      lowest = i;
    }
  }
  return bestOk >= 0 ? bestOk : lowest;
}

/** The EV modifier of a plain check (HA-K4): Assist, Weakened, others. */
export function checkModifier(opts: SituationOptions = {}): { modifier: number; modifiers: Term[] } {
  const modifiers = situationTerms(opts);
  return { modifier: sum(modifiers), modifiers };
}
