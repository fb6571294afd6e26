// What the grid game says of the Halcyon Aces words a GM brings along (schema `foreign`, model/read.ts):
// "'zone' is not a Tactical Grid word: the battlefield is a map … (TG-G1)".

import type { ForeignWord } from '../../model/schema.js';

const SHEET = 'a sheet has nine abilities (agi per com tou pro special wis int cha), an NPC a difficulty';
const GEAR = 'weapons and armor are tags: `tag "Longsword" 2 offensive`';

export const TG_FOREIGN_WORDS: Readonly<Record<string, ForeignWord>> = {
  vitality: { rule: 'TG-D1', why: 'a sheet has stress boxes (`stress 6`), an NPC health (`health 3`)' },
  hp: { to: 'health', rule: 'TG-D2', why: 'an NPC has health (`health 3`), a sheet stress boxes (`stress 6`)' },
  heart: { rule: 'TG-N1', why: SHEET },
  body: { rule: 'TG-N1', why: SHEET },
  mind: { rule: 'TG-N1', why: SHEET },
  spirit: { rule: 'TG-N1', why: SHEET },
  guard: { rule: 'TG-N4', why: "a sheet's Defense comes from `tou`; an NPC has a `difficulty`" },
  resolve: { rule: 'TG-N4', why: "a sheet's Defense comes from `tou`; an NPC has a `difficulty`" },
  armor: { rule: 'TG-R3', why: GEAR },
  wields: { rule: 'TG-R3', why: GEAR },
  offhand: { rule: 'TG-R3', why: GEAR },
  weapon: { rule: 'TG-R3', why: GEAR },
  technique: { rule: 'TG-B0', why: "special actions are a character's `abilities`" },
  techniques: { rule: 'TG-B0', why: "special actions are a character's `abilities`" },
  zone: {
    rule: 'TG-G1',
    why: 'the battlefield is a map of squares: `map { grid square  row "......" }` in the encounter, and each placement `at c3`',
  },
  deck: { rule: 'TG-V1', why: "the grid game rolls a d20, not cards: a character's `dice` scripts its rolls" },
};
