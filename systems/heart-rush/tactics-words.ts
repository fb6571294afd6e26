// Heart Rush's words for a GM's priority rules (issue 33; model/priority.ts reads them, docs/TACTICS.md "GM
// priority rules" lists them): what a rule may measure, which states and places it may name, and the action words,
// each one an option at one of the engine's decision points (engine/sim/rules.ts builds their facts):
//   focus (the round's focus, HR-R4) · move: approach / stay / step away (HR-A3, HR-A4) · weapon: ready (HR-A5)
//   · help (HR-A6) · stance: might / agility / cunning / defensive (HR-E2) · maneuver: grapple … shove (HR-M1)
//   · target: attack (HR-E6).

import type { TacticsVocabulary } from '../../model/schema.js';

/** The maneuver words a rule may name (the `maneuver` values but `none`), HR-M2…M5. */
export const RULE_MANEUVERS = ['grapple', 'climb', 'dirty-strike', 'blind', 'trip', 'shove'] as const;
/** The stance words a rule may name (HR-E2). */
export const RULE_STANCES = ['might', 'agility', 'cunning', 'defensive'] as const;
/** Action words of the move decision (actions.ts offerMove). */
export const RULE_MOVES = ['stay', 'approach', 'step away'] as const;

export const HR_TACTICS: TacticsVocabulary = {
  measures: {
    hp: {
      doc: 'Hit points now; `hp below 30%` compares with its maximum (HR-N3). At 0 or below it falls (HR-H7).',
      percent: true,
    },
    heart: {
      doc: 'The heart die now (4…12); `heart below 100%` is below the die it started with: it has shrugged (HR-H1).',
      percent: true,
    },
    rush: { doc: 'Rush points left of the whole fight (HR-N8); `rush below 50%` of its starting pool.', percent: true },
    wounds: { doc: 'Wounds taken: hits of 10 or more (HR-H3).' },
  },
  states: {
    unconscious: { doc: 'At 0 HP or below, alive, out of the fight (HR-H7).' },
    dead: { doc: 'HP at or below minus its maximum (HR-H8).' },
    prone: { doc: 'Knocked down: must stand before it moves (HR-T4).' },
    grappled: { doc: 'Held by an enemy: cannot move; its action tries to break free (HR-T5).' },
    grappling: { doc: 'Holding an enemy (HR-T5).' },
    climbing: { doc: 'Riding a larger creature (HR-T6).' },
    weakened: { doc: 'One level or more of weakened: disadvantage on might rolls (HR-T2).' },
    'off-balanced': { doc: 'One level or more of off-balanced: disadvantage on agility rolls (HR-T2).' },
    dazed: { doc: 'One level or more of dazed: disadvantage on cunning rolls (HR-T2).' },
    blinded: { doc: 'One level or more of blinded: disadvantage on attacks and defense (HR-T3).' },
    helped: { doc: 'An ally Helped it this round: advantage on its next roll (HR-A6).' },
    wounded: { doc: 'Has taken a wound (a hit of 10 or more, HR-H3).' },
    surprised: { doc: 'Surprised, in round 1 only: no steps, no stance (HR-S1).' },
    ranged: { doc: 'Holds a ranged weapon in hand (HR-N10).' },
    'in cover': { doc: 'Behind cover against ranged attacks, until it first moves (HR-S3).' },
  },
  places: {
    'in reach': { doc: "Within the reach or range of the deciding combatant's weapon in hand (HR-P2)." },
    adjacent: { doc: 'Within 5 ft of the deciding combatant (HR-P1).' },
    threatening: {
      doc: "Has the deciding combatant within its melee weapon's reach: moving away draws its opportunity attack (HR-O2).",
    },
  },
  actions: {
    focus: {
      doc: 'At the start of a round, pick the enemy it is after: it moves toward it and attacks it first (HR-R4, "The simulator").',
      aimed: true,
    },
    approach: { doc: 'Move toward the focus until it is in reach: a sidestep or a dash (HR-A3, HR-A4).' },
    stay: { doc: 'Take no step this pass of the action phase (HR-R3).' },
    'step away': {
      doc: "Leave every enemy's reach: a sidestep if one step does it, else a dash, drawing opportunity attacks (HR-A3, HR-O2).",
    },
    ready: {
      doc: '`ready Greatsword`: put this weapon in hand, the free object interaction (HR-A5).',
      name: 'weapon',
    },
    help: {
      doc: 'Help an adjacent ally: one level of advantage on its next roll; costs the action (HR-A6).',
      aimed: true,
    },
    might: { doc: 'The might stance: beats cunning, resolves last (HR-E2, HR-E3, HR-E9).' },
    agility: { doc: 'The agility stance: beats might, with a free 5-ft sidestep (HR-E2, HR-E3, HR-E8).' },
    cunning: { doc: 'The cunning stance: beats agility, resolves first (HR-E2, HR-E3, HR-E7).' },
    defensive: { doc: 'The defensive stance: no attack; damage that gets through is halved (HR-E2, HR-E10).' },
    attack: {
      doc: 'The engagement attack, instead of a maneuver, on the target it is aimed at (HR-E6, HR-M1).',
      aimed: true,
    },
    grapple: { doc: 'Grapple instead of the attack, when its stance beats the target (HR-M1, HR-M2).', aimed: true },
    climb: { doc: 'Climb onto a target two sizes larger instead of the attack (HR-M1, HR-M3).', aimed: true },
    'dirty-strike': {
      doc: 'A dirty strike instead of the attack: 1d4 damage, no defense (HR-M1, HR-M4).',
      aimed: true,
    },
    blind: { doc: 'Blind the target instead of the attack: 1 level of blinded (HR-M1, HR-M4).', aimed: true },
    trip: { doc: 'Trip the target instead of the attack: it falls prone (HR-M1, HR-M4).', aimed: true },
    shove: { doc: 'Shove the target away instead of the attack (HR-M1, HR-M5).', aimed: true },
  },
  presets: {
    default: { doc: 'Focus the nearest enemy, close in, draw the stance from the best mix against it (HRS-15).' },
    'focus-weakest': { doc: 'Focus the enemy with the lowest HP anywhere (then the nearest).' },
    kite: { doc: "With a ranged weapon, leave every enemy's reach first, then keep the focus in range (HRS-32)." },
    support: { doc: 'Stay next to an ally and Help it (HR-A6); never approach enemies.' },
    hold: { doc: 'No action-phase steps at all; still takes its stance and attacks.' },
  },
};
