// The Arcana schema (ARCANA.md "In the language"): which blocks and attributes
// a `system arcana` file has, what arguments they take, the AR rule each one
// implements and its documentation. Defaults are written "assumed …" and come
// from model.ts, so the docs, the checker and the engine say the same number.

import { tacticsBlock } from '../../model/priority.js';
import type { AttributeSpec, BlockSpec, SystemSchema } from '../../model/schema.js';
import {
  CONCEDE_RULES,
  DEFAULT_AGAINST,
  DEFAULT_HAND,
  DEFAULT_HAND_LIMIT,
  DEFAULT_HAND_OF_FATE,
  DEFAULT_HEALTH,
  DEFAULT_MANEUVER_STAT,
  DEFAULT_ROUNDS,
  DEFAULT_TN,
  MANEUVER_TARGETS,
  OPPOSITION_CARD_MODES,
  STATS,
  TACTICS,
} from './model.js';
import { AR_TACTICS, TACTIC_DOCS } from './tactics-words.js';

export type ArBlockKind = 'encounter' | 'side' | 'character' | 'weapon' | 'maneuver' | 'deck' | 'tactics';

const statDoc: Record<(typeof STATS)[number], string> = {
  strength: 'Strength: added to melee Attack Totals (AR-A2) and to Strength maneuvers.',
  finesse:
    'Finesse: added to ranged Attack Totals (AR-A3), to melee ones with a `finesse` weapon (AR-A2), and to maneuvers (their assumed stat).',
  agility: 'Agility: the base of every Defense Total, with armor and defense edge (AR-A4).',
  alertness:
    "Alertness: added to the one initiative flip (AR-I1; a group adds its stat block's Alertness once, not once per member, ARS-13) and resists opposed maneuvers (assumed `against`).",
};

const stats: AttributeSpec[] = STATS.map((s) => ({
  name: s,
  arg: 'int',
  min: -99,
  max: 99,
  usual: { min: 1, max: 6 },
  rule: 'AR-N1',
  doc: `${statDoc[s]} A whole number 1–6, required (AR-N1).`,
}));

const edge = (name: string, what: string): AttributeSpec => ({
  name,
  arg: 'int',
  min: -1000,
  max: 1000,
  rule: 'AR-A7',
  doc: `A flat bonus to ${what} (AR-A7). Assumed 0.`,
});

const tacticDocs = TACTIC_DOCS;

export const SCHEMA: Record<ArBlockKind, BlockSpec> = {
  encounter: {
    kind: 'encounter',
    uniqueInFile: true,
    example: '"Raid on Salt Street"',
    token: 'namespace',
    snippet:
      'encounter ${1:"Name"} {\n\tseed ${2:1}\n\tside ${3:players} {\n\t\t$4\n\t}\n\tside ${5:foes} {\n\t\t$0\n\t}\n}',
    parents: ['file'],
    doc: 'An Arcana combat: exactly two sides sharing one Fate deck (AR-F1, AR-O1). `aces run` plays it with its seed.',
    attributes: [
      {
        name: 'seed',
        arg: 'int',
        min: 0,
        max: 4294967295,
        doc: "The seed of the Fate deck's shuffles: the same file and seed replay the same fight, card for card. Assumed 1.",
      },
      {
        name: 'rounds',
        arg: 'int',
        min: 1,
        max: 10000,
        rule: 'AR-E2',
        doc: `Round cap: reaching it is a stalemate (AR-E2). Assumed ${DEFAULT_ROUNDS}.`,
      },
      {
        name: 'deck',
        arg: 'name',
        ref: 'deck',
        rule: 'AR-F1',
        doc: 'The one Fate deck the whole table shares (AR-F1): a `deck` block (standard, homebrew, stacked, `only`). Assumed a standard 52-card deck, shuffled with the seed.',
      },
      {
        name: 'opposition-card',
        arg: 'enum',
        values: OPPOSITION_CARD_MODES,
        rule: 'AR-O3',
        doc: "Which opposition flips are the round's one opposition card (AR-O2, AR-O3). Assumed `defense`.",
        valueDocs: {
          defense:
            'Every flip an opposition character makes in answer to an enemy (Defense Totals, resisting maneuvers) is the opposition card (assumed).',
          all: "The opposition card also serves the opposition's own attacks and maneuvers.",
          off: 'No opposition card: every flip is a card from the deck.',
        },
      },
      {
        name: 'hand-of-fate',
        arg: 'int',
        min: 0,
        max: 1000,
        rule: 'AR-H2',
        doc: `The GM's Hand of Fate at the start: one hand for the whole opposition (AR-H2). Assumed ${DEFAULT_HAND_OF_FATE}; at most \`hand-limit\`.`,
      },
      {
        name: 'hand-limit',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-H3',
        doc: `The most cards a hand may hold; a draw past it discards the lowest card (AR-H3). Assumed ${DEFAULT_HAND_LIMIT}; at least 1.`,
      },
      {
        name: 'tn',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-M2',
        doc: `The Target Number of unopposed maneuvers that give none (AR-M2). Assumed ${DEFAULT_TN}.`,
      },
      {
        name: 'concede',
        arg: 'enum',
        values: CONCEDE_RULES,
        rule: 'AR-E1',
        doc: 'When a side gives up (AR-E1), checked after every action; the other side wins. Assumed `majority`.',
        valueDocs: {
          majority:
            'A side concedes the moment more than half its characters (group members one by one) are Taken Out (assumed).',
          all: 'A side concedes only when all its characters are Taken Out.',
        },
      },
      {
        name: 'aspects',
        arg: 'names',
        repeatable: true,
        rule: 'AR-S1',
        doc: 'Scene aspects: permanent, never spent; either side may invoke them to cheat (AR-S1, AR-S3). Assumed none.',
      },
    ],
  },
  side: {
    kind: 'side',
    example: 'investigators',
    token: 'type',
    snippet: 'side ${1:name} {\n\t${0}\n}',
    parents: ['encounter'],
    doc: 'One of the two sides (AR-O1). Each line places a character: `Name`, `Name xN` (copies Name 1…N, each its own initiative) or `Name xN group ["Label"]` (one shared initiative, AR-G1). The first side placing a `player` is the players\' side; the other is the opposition.',
    attributes: [],
    placementHelp: {
      short: 'Name [xN [group ["Label"]]]',
      full: 'Name [xN [group ["Label"]]]',
      example: 'Deckhand x4 group "Dock Rats"',
    },
    placements: [
      {
        name: 'group',
        arg: 'flag',
        rule: 'AR-G1',
        doc: '`Name xN group ["Label"]`: the N copies flip initiative once, adding the stat block\'s Alertness once (not once per member, ARS-13), and act one after another on that score (AR-G1, AR-I2, AR-G2). The label is assumed "Name group".',
      },
    ],
  },
  character: {
    kind: 'character',
    extendable: true,
    example: '"Inspector Vale"',
    token: 'class',
    snippet:
      'character ${1:Name} {\n\tstrength ${2:2}  finesse ${3:2}  agility ${4:2}  alertness ${5:2}\n\thealth ${6:10}\n\twields ${7:Unarmed}\n}',
    definable: true,
    parents: ['file'],
    doc: 'An Arcana stat block: four stats, Health, armor, edges, one weapon, maneuvers and aspects. Place it in a side; `Deckhand x4` makes four.',
    attributes: [
      ...stats,
      {
        name: 'health',
        arg: 'int',
        min: -1000000,
        max: 1000000,
        rule: 'AR-D3',
        doc: `Health: damage removes it; at 0 the character is Taken Out (AR-D4). Must be above 0. Assumed ${DEFAULT_HEALTH}.`,
      },
      {
        name: 'armor',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-D2',
        doc: 'Armor: counts in the Defense Total (AR-A4) and in Toughness (AR-D2). Not negative. Assumed 0.',
      },
      {
        name: 'toughness',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-D2',
        doc: 'Toughness, subtracted from damage (AR-D1). Derived as armor + toughness edge (AR-D2); a different value is kept, with a warning.',
      },
      edge('attack-edge', 'every Attack Total'),
      edge('defense-edge', 'every Defense Total'),
      edge('damage-edge', 'the damage of every hit'),
      edge('toughness-edge', 'Toughness (derived armor + toughness edge, AR-D2)'),
      {
        name: 'wields',
        arg: 'names',
        ref: 'weapon',
        rule: 'AR-A2',
        doc: 'The one weapon in hand (AR-A2); weapons start drawn (AR-T6). Assumed Unarmed: melee +0.',
      },
      {
        name: 'maneuvers',
        arg: 'names',
        ref: 'maneuver',
        repeatable: true,
        rule: 'AR-M1',
        doc: 'Maneuvers this character knows, in the order its tactics try them; everyone also knows Press the Advantage (AR-M6). Assumed none.',
      },
      {
        name: 'aspects',
        arg: 'names',
        repeatable: true,
        rule: 'AR-S1',
        doc: 'Its declared aspects: permanent, never spent; invoking one lets its side cheat a flip for it (AR-S1, AR-C2). Assumed none.',
      },
      {
        name: 'hand',
        arg: 'int',
        min: 0,
        max: 1000,
        rule: 'AR-H1',
        doc: `Its starting hand of Fate Cards (AR-H1), players' side only: the opposition shares the GM's Hand of Fate (AR-H2). Assumed ${DEFAULT_HAND}.`,
      },
      {
        name: 'tactics',
        arg: 'enum',
        values: TACTICS,
        valueDocs: tacticDocs,
        doc: 'How the simulator plays it: default, aggressive or cunning. Assumed `default`. A `tactics { … }` block of priority rules goes first; its `otherwise PRESET` names the preset instead.',
      },
      {
        name: 'player',
        arg: 'flag',
        rule: 'AR-O1',
        doc: "A player character: the first side placing one is the players' side, whose characters hold their own hands (AR-O1, AR-H1).",
      },
    ],
  },
  weapon: {
    kind: 'weapon',
    example: 'Saber',
    token: 'struct',
    snippet: 'weapon ${1:Name} { ${2|melee,ranged|} ${3:+1} }',
    definable: true,
    parents: ['file'],
    doc: 'A weapon: melee or ranged, and its bonus, which counts in the Attack Total and in damage both (AR-A2, AR-A3, AR-D1).',
    bareNumber: 'bonus',
    attributes: [
      {
        name: 'melee',
        arg: 'flag',
        group: 'kind',
        rule: 'AR-A2',
        doc: 'Melee: the Attack Total adds Strength (Finesse with `finesse`). Assumed when neither is written.',
      },
      {
        name: 'ranged',
        arg: 'flag',
        group: 'kind',
        rule: 'AR-A3',
        doc: 'Ranged: the Attack Total adds Finesse; its wielder always Aims first and uses the better card (AR-T5).',
      },
      {
        name: 'finesse',
        arg: 'flag',
        rule: 'AR-A2',
        doc: 'A melee weapon attacking with Finesse instead of Strength (AR-A2).',
      },
      {
        name: 'bonus',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-D1',
        doc: 'The weapon bonus (`+2`, or just the number), added to the Attack Total and to damage (AR-A2, AR-D1). Assumed 0.',
      },
    ],
  },
  maneuver: {
    kind: 'maneuver',
    example: '"Dust in the Eyes"',
    token: 'function',
    snippet: 'maneuver ${1:"Name"} { stat ${2|finesse,strength,agility,alertness|}  aspect ${3:"Aspect"} }',
    definable: true,
    parents: ['file'],
    doc: 'A maneuver (a complex action, AR-M1): a flip that places a temporary aspect on success — on an opponent (opposed), on the scene or on oneself (unopposed, AR-M4).',
    attributes: [
      {
        name: 'stat',
        arg: 'enum',
        values: STATS,
        rule: 'AR-M2',
        doc: `The stat added to its flip. Assumed ${DEFAULT_MANEUVER_STAT}.`,
      },
      {
        name: 'target',
        arg: 'enum',
        values: MANEUVER_TARGETS,
        rule: 'AR-M4',
        doc: 'Where its aspect goes (AR-M4). Assumed `opponent`.',
        valueDocs: {
          opponent: 'On the opponent: always opposed (`against`), and a success draws a Fate Card (AR-M5). Assumed.',
          scene:
            'On the scene: unopposed against `tn`, or opposed with `against`; a success draws a Fate Card (AR-M5).',
          self: 'On oneself: always unopposed against `tn`; draws no card (AR-M5).',
        },
      },
      {
        name: 'against',
        arg: 'enum',
        values: STATS,
        rule: 'AR-M3',
        doc: `The opponent's stat resisting it (AR-M3): opposed, strictly higher succeeds. Assumed ${DEFAULT_AGAINST} for \`target opponent\`.`,
      },
      {
        name: 'tn',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'AR-M2',
        doc: `Target Number of an unopposed maneuver: stat + flip ≥ TN succeeds (AR-M2). Assumed the encounter's \`tn\` (${DEFAULT_TN}).`,
      },
      {
        name: 'aspect',
        arg: 'name',
        rule: 'AR-S2',
        doc: "The temporary aspect a success places: it serves its side one invocation (AR-S2). Assumed the maneuver's name.",
      },
    ],
  },
  deck: {
    kind: 'deck',
    example: 'Scripted',
    token: 'variable',
    snippet: 'deck ${1:Name} { ${2|stacked,homebrew,standard|}  cards $0 }',
    definable: true,
    parents: ['file', 'encounter'],
    doc: 'The Fate deck an encounter shares (`deck D` on the encounter, AR-F1): standard 52 cards, a homebrew list, or a stacked deck for a scripted scene.',
    attributes: [
      {
        name: 'standard',
        arg: 'flag',
        group: 'kind',
        rule: 'AR-F1',
        doc: 'The 52-card deck, shuffled with the seed (assumed).',
      },
      {
        name: 'homebrew',
        arg: 'flag',
        group: 'kind',
        rule: 'AR-F1',
        doc: 'Exactly the listed cards (repeats allowed), shuffled.',
      },
      {
        name: 'stacked',
        arg: 'flag',
        group: 'kind',
        rule: 'AR-F1',
        doc: 'The listed cards come first, in the written order (AR-F5 says who takes them); the rest of a standard deck lies shuffled beneath, unless `only`.',
      },
      {
        name: 'cards',
        arg: 'cards',
        repeatable: true,
        rule: 'AR-F2',
        doc: 'Card literals: 2–10, J, Q, K, A then a suit ♥ ♣ ♦ ♠ (or H C D S): `10♣ QS A♥`. Values 2–14; suits do nothing (AR-F2).',
      },
      { name: 'only', arg: 'flag', rule: 'AR-F1', doc: 'With `stacked`: the deck holds only the listed cards.' },
    ],
  },
  // issue 33: the GM's priority rules, in a character (its own), a side (every member's) or after a placement
  tactics: tacticsBlock(['character', 'side'], 'when self health below 30%: maneuver "Take Cover"'),
};

// `wields Unarmed` (AR-A2) resolves in the checker and hovers without `builtins: { weapon: ['Unarmed'] }`
// here: a shared test (test/server/service/structure.test.ts) still holds that Arcana lists no built-in, and
// the list only changes how the editor colours the word.
export const AR_SCHEMA: SystemSchema = { blocks: SCHEMA, builtins: { weapon: ['Unarmed'] }, tactics: AR_TACTICS };

/**
 * Words of Halcyon Aces (the fallback system) that mean something else, or nothing, in Arcana: the
 * checker turns the reader's `unknown-keyword` on them into a pointer to the Arcana word or rule.
 */
export const FOREIGN_WORDS: Readonly<Record<string, { to?: string; rule: string; why: string }>> = {
  vitality: { to: 'health', rule: 'AR-D3', why: 'Arcana counts Health' },
  body: { to: 'strength', rule: 'AR-N1', why: "Arcana's stats are strength, finesse, agility and alertness" },
  mind: { to: 'alertness', rule: 'AR-N1', why: "Arcana's stats are strength, finesse, agility and alertness" },
  heart: { rule: 'AR-N1', why: "Arcana's stats are strength, finesse, agility and alertness; it has no Heart" },
  spirit: { rule: 'AR-N1', why: "Arcana's stats are strength, finesse, agility and alertness; it has no Spirit" },
  guard: { to: 'defense-edge', rule: 'AR-A4', why: 'the Defense Total is Agility + armor + defense edge + a flip' },
  resolve: {
    rule: 'AR-A4',
    why: 'Arcana has one defense, the Defense Total (Agility + armor + defense edge + a flip)',
  },
  technique: { to: 'maneuver', rule: 'AR-M1', why: "Arcana's special actions are maneuvers" },
  techniques: { to: 'maneuvers', rule: 'AR-M1', why: "Arcana's special actions are maneuvers" },
  offhand: { to: 'wields', rule: 'AR-A2', why: 'an Arcana character wields one weapon' },
  perks: { rule: 'AR-A7', why: 'Arcana has edges instead (attack-edge, defense-edge, damage-edge, toughness-edge)' },
  talents: { rule: 'AR-A7', why: 'Arcana has edges instead (attack-edge, defense-edge, damage-edge, toughness-edge)' },
  thrown: { to: 'ranged', rule: 'AR-A3', why: 'an Arcana weapon is melee or ranged' },
  firearm: { to: 'ranged', rule: 'AR-A3', why: 'an Arcana weapon is melee or ranged' },
  options: { rule: 'AR-C1', why: 'Arcana has no optional team rules; its sides cheat Fate instead' },
  zone: { rule: 'AR-T6', why: 'Arcana fights have no map: anyone may attack any able enemy' },
  at: {
    rule: 'AR-T6',
    why: 'Arcana fights have no map, so characters stand nowhere in particular: write just the name',
  },
  deck: { rule: 'AR-F1', why: 'the whole table shares one Fate deck: write `deck D` on the encounter' },
};
