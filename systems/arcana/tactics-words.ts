// Arcana's words for a GM's priority rules (issue 33; model/priority.ts reads them, docs/TACTICS.md "GM priority
// rules" lists them): what a rule may measure, the states it may name, the one place an Arcana fight has (no map,
// AR-T6), and the action words, each an option at one of the engine's decision points (engine/decisions.ts; the
// rules' facts are engine/rules.ts):
//   target + action, decided together: attack (AR-A1, AR-T5) · maneuver [NAME] (AR-M1…M6)
//   cheat: cheat on its own flip (AR-C1…C4) · answer-cheat: cheat-defense on its Defense or resisting flip (AR-C4).

import type { TacticsVocabulary } from '../../model/schema.js';
import { TACTICS, type Tactic } from './model.js';

/** The presets (`tactics PRESET`, `otherwise PRESET`): one doc for the attribute's values and the rules' word. */
export const TACTIC_DOCS: Record<Tactic, string> = {
  default:
    'Attacks when it can cheat on it; else the card-drawing maneuver with the best chance if it is at least 1 in 3 (a self maneuver if it holds a card); else attacks.',
  aggressive:
    'Goes for its foe: attacks, or maneuvers on it when the cheat that sets up is worth more (ARS-27); never takes cover.',
  cunning: 'Like default, but tries its first declared maneuver (else Press the Advantage) whatever the chance.',
};

export const AR_TACTICS: TacticsVocabulary = {
  measures: {
    health: {
      doc: 'Health left (AR-D3); `health below 30%` compares with the Health it started with. At 0 it is Taken Out (AR-D4).',
      percent: true,
    },
    hand: {
      doc: "Fate Cards in the hand its cheats come from: its own on the players' side, the GM's Hand of Fate for the opposition (AR-H1, AR-H2).",
    },
    attack: {
      doc: 'Its Attack Total before the flip: the stat its weapon adds + weapon bonus + attack edge (AR-A2, AR-A3).',
    },
    defense: { doc: 'Its Defense Total before the flip: Agility + armor + defense edge (AR-A4).' },
    toughness: { doc: "Toughness, taken off every hit's damage (AR-D1, AR-D2)." },
  },
  states: {
    wounded: { doc: 'Has lost Health: below the Health it started with (AR-D4).' },
    marked: {
      doc: 'Bears an unspent temporary aspect the other side placed (AR-S2): a foe that is marked is one your side can cheat against (AR-S3); `self is marked`: the foes can cheat against it.',
    },
    ranged: { doc: 'Wields a ranged weapon: aims before every attack (AR-A3, AR-T5).' },
    acted: { doc: 'Has taken its turn this round (AR-R1, AR-G2).' },
    'taken-out': {
      doc: 'Taken Out: at 0 Health, no more turns, never a target (AR-D4). `an ally is taken-out` counts the fallen.',
    },
  },
  places: {
    'targeting me': {
      doc: 'Its last turn was aimed at the one deciding: an attack on it, or a maneuver it resisted (AR-T1). An Arcana fight has no map (AR-T6): this is its only place.',
    },
  },
  actions: {
    attack: {
      doc: 'Attack (a ranged weapon aims first, AR-A1, AR-T5); `attack at lowest health`, `attack it`: whom.',
      aimed: true,
    },
    maneuver: {
      doc: '`maneuver "Dust in the Eyes"`: a maneuver it knows (everyone knows Press the Advantage, AR-M1, AR-M6); `maneuver` alone: any of them. `at …`: the opponent it is made on.',
      name: 'maneuver',
      aimed: true,
    },
    cheat: {
      doc: "Cheat its own attack or maneuver flip with a card of its side's hand (the lowest, unless its tactic picks one), when an aspect applies (AR-C1, AR-C2, AR-C4). `never cheat`: keep the cards.",
    },
    'cheat-defense': {
      doc: 'Cheat its Defense or resisting flip, after the acting side (AR-C4, ARS-12), when an aspect applies (AR-C2). `never cheat-defense`: keep the cards for its own flips.',
    },
  },
  presets: Object.fromEntries(TACTICS.map((t) => [t, { doc: TACTIC_DOCS[t] }])),
};
