// What Heart Rush says of the words a GM brings from the other systems (Halcyon Aces, Arcana, the grid) (schema `foreign`, model/read.ts):
// "'vitality' is not a Heart Rush word: Heart Rush counts hit points (HR-N3). Did you mean 'hp'?"

import type { ForeignWord } from '../../model/schema.js';

const ABILITIES = "Heart Rush's abilities are might, agility and cunning, each a die";
const NO_FLAT_DEFENSE =
  'Heart Rush rolls a defense each time (heart, ability and the armor worn), so nothing is written for it';

export const HR_FOREIGN_WORDS: Readonly<Record<string, ForeignWord>> = {
  vitality: { to: 'hp', rule: 'HR-N3', why: 'Heart Rush counts hit points' },
  health: { to: 'hp', rule: 'HR-N3', why: 'Heart Rush counts hit points' },
  body: { to: 'might', rule: 'HR-N2', why: ABILITIES },
  mind: { to: 'cunning', rule: 'HR-N2', why: ABILITIES },
  spirit: { rule: 'HR-N2', why: `Heart Rush has no Spirit. ${ABILITIES}` },
  guard: { rule: 'HR-N4', why: NO_FLAT_DEFENSE },
  resolve: { rule: 'HR-N4', why: NO_FLAT_DEFENSE },
  armor: { to: 'wears', rule: 'HR-N4', why: 'a character wears an armor block: `wears Leather`' },
  offhand: {
    to: 'wields',
    rule: 'HR-N10',
    why: 'a character carries several weapons with `wields A, B` (the first in hand)',
  },
  technique: { rule: 'HR-M1', why: "Heart Rush's special moves are maneuvers, one per character: `maneuver trip`" },
  techniques: {
    to: 'maneuver',
    rule: 'HR-M1',
    why: "Heart Rush's special moves are maneuvers, one per character: `maneuver trip`",
  },
  bonus: { to: 'die', rule: 'HR-N10', why: 'a weapon deals a die of damage: `melee d8`' },
  thrown: { to: 'ranged', rule: 'HR-N10', why: 'a weapon is melee or ranged' },
  firearm: { to: 'ranged', rule: 'HR-N10', why: 'a weapon is melee or ranged' },
  zone: {
    rule: 'HR-P4',
    why: 'a fight stands on a field measured in feet: `field 120ft 60ft` on the encounter, and each placement `at 20ft 30ft`',
  },
  deck: { rule: 'HR-D5', why: 'Heart Rush rolls dice, not cards: a `dice` block scripts the rolls' },
};
