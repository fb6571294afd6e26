// The Heart Rush schema (HEART-RUSH.md, "In the language"): which blocks and
// attributes a `system heart-rush` file may write, what arguments they take,
// the rule each comes from and its documentation. Defaults are the constants
// of model.ts, shown in the docs as "assumed …". The reader, the checker,
// hovers, completion and tokens are driven by it.

import { tacticsBlock } from '../../model/priority.js';
import type { AttributeSpec, BlockSpec, SystemSchema } from '../../model/schema.js';
import { HR_FOREIGN_WORDS } from './foreign.js';
import { HR_TACTICS } from './tactics-words.js';
import {
  BASE_SPEED,
  COVER_LEVELS,
  DEFAULT_ABILITY,
  DEFAULT_ARMOR_BONUS,
  DEFAULT_HANDS,
  DEFAULT_HEART,
  DEFAULT_RANGE,
  DEFAULT_REACH,
  DEFAULT_ROUNDS,
  DEFAULT_RUSH,
  DEFAULT_SEED,
  DEFAULT_SIZE,
  DEFAULT_WEAPON_DIE,
  DEFAULT_WEAPON_HANDS,
  INFLICTS,
  MANEUVERS,
  SHRUG_RULES,
  SIZES,
  STANCES,
  TACTICS,
} from './model.js';

export type HRBlockKind = 'encounter' | 'side' | 'character' | 'weapon' | 'armor' | 'dice' | 'tactics';

/** HR-D1: the die words, smallest first. */
export const DIE_WORDS = ['d4', 'd6', 'd8', 'd10', 'd12'] as const;
/** Cover levels a placement may declare (`none` is the default, not written). */
export const COVER_WORDS = COVER_LEVELS.filter((c) => c !== 'none');
/** Hard limits of the reader for whole numbers (rule ranges are checked by the checker). */
const BIG = 1_000_000;

const dieDocs: Record<string, string> = {
  d4: 'd4: the smallest die (HR-D1); a heart die at d4 can no longer shrug off damage (HR-H1).',
  d6: 'd6: one step above d4 (HR-D1).',
  d8: 'd8: the middle of the ladder (HR-D1).',
  d10: 'd10: one step below the largest (HR-D1).',
  d12: 'd12: the largest die (HR-D1); first in timing order for agility (HR-R2).',
};

const abilities: AttributeSpec[] = [
  {
    name: 'heart',
    arg: 'enum',
    values: DIE_WORDS,
    valueDocs: dieDocs,
    rule: 'HR-N1',
    doc: `Heart die: stamina and fighting spirit, rolled in every attack, defense and check (HR-N1). A die d4–d12 (HR-D1); assumed d${DEFAULT_HEART}. It only falls in combat, one size per shrug (HR-H1).`,
  },
  {
    name: 'might',
    arg: 'enum',
    values: DIE_WORDS,
    valueDocs: dieDocs,
    rule: 'HR-N2',
    doc: `Might die: rolled by attacks in the might stance and defenses against them, grapples and shoves (HR-N2, HR-D2). A die d4–d12; assumed d${DEFAULT_ABILITY}.`,
  },
  {
    name: 'agility',
    arg: 'enum',
    values: DIE_WORDS,
    valueDocs: dieDocs,
    rule: 'HR-N2',
    doc: `Agility die: rolled in the agility stance and against it; the larger agility die acts first when order matters (HR-N2, HR-R2). A die d4–d12; assumed d${DEFAULT_ABILITY}.`,
  },
  {
    name: 'cunning',
    arg: 'enum',
    values: DIE_WORDS,
    valueDocs: dieDocs,
    rule: 'HR-N2',
    doc: `Cunning die: rolled in the cunning stance and against it (HR-N2, HR-D2). A die d4–d12; assumed d${DEFAULT_ABILITY}.`,
  },
];

const stanceDocs: Record<string, string> = {
  might:
    "might (fist 1): beats cunning; against a cunning-stance target the weapon's might bonus applies (HR-E3, HR-E9). Resolves third.",
  agility:
    'agility (fist 2): beats might; a free 5-ft sidestep just before or after the attack (HR-E3, HR-E8). Resolves second.',
  cunning:
    'cunning (fist 3): beats agility; a hit on an agility-stance target also inflicts 2 status levels (HR-E3, HR-E7). Resolves first.',
  defensive: 'defensive (fist 4): makes no attack; damage that gets through is halved, rounded up (HR-E10).',
};

export const SCHEMA: Record<HRBlockKind, BlockSpec> = {
  encounter: {
    kind: 'encounter',
    uniqueInFile: true,
    example: '"Wolves at the Ford"',
    token: 'namespace',
    snippet:
      'encounter ${1:"Name"} {\n\tseed ${2:1}\n\tfield ${3:120ft} ${4:60ft}\n\tside ${5:heroes} {\n\t\t$6\n\t}\n\tside ${7:foes} {\n\t\t$0\n\t}\n}',
    parents: ['file'],
    doc: 'A Heart Rush combat on a grid of 5-ft squares (HR-P1): its sides, who stands where, and optional scripted `dice`. Rounds have an action phase and an engagement (HR-R1).',
    attributes: [
      {
        name: 'seed',
        arg: 'int',
        min: 0,
        max: 4294967295,
        rule: 'HR-D5',
        doc: `The seed of every combatant's dice stream (HR-D5): the same file and seed replay the same fight, roll for roll. Assumed ${DEFAULT_SEED}.`,
      },
      {
        name: 'rounds',
        arg: 'int',
        min: 1,
        max: 10000,
        rule: 'HR-X2',
        doc: `Round cap: a fight nobody has won by then is a stalemate (HR-X2). Assumed ${DEFAULT_ROUNDS}.`,
      },
      {
        name: 'field',
        arg: 'feet2',
        rule: 'HR-P4',
        doc: "`field 120ft 60ft`: the grid's width and height; positions must lie inside (0 ≤ x < width, 0 ≤ y < height) and be multiples of 5 ft (HR-P4, HR-P1). Assumed unbounded.",
      },
    ],
  },
  side: {
    kind: 'side',
    example: 'heroes',
    token: 'type',
    snippet: 'side ${1:name} {\n\t${2:Name} at ${3:0ft} ${4:0ft}\n}',
    parents: ['encounter'],
    doc: 'A team. Each line places a character: `Name [xN] at Xft Yft [dice D] [stances S …] [surprised] [hidden] [cover light|heavy|superior|total]`; copies stand 5 ft apart eastward. Combat ends when at most one side has anyone conscious (HR-X1). Hovering a placed name shows its exact odds in the fight as placed: the round-1 opening attacks on it or by it (HR-R5), the opportunity attacks a move would draw (HR-O2), who Helps it (HR-A6), and against its nearest foes the stance matrix with their cover (HR-S3), Help and surprise counted, and what was assumed.',
    attributes: [],
    placementHelp: {
      short: 'Name [xN] at Xft Yft',
      full: 'Name [xN] at Xft Yft [dice D] [stances S …] [surprised] [hidden] [cover light|heavy|superior|total]',
      example: 'Wolf x2 at 100ft 10ft',
    },
    placements: [
      {
        name: 'at',
        arg: 'feet2',
        rule: 'HR-P1',
        doc: "`at Xft Yft`: the starting square, in feet from the field's corner, multiples of 5 (HR-P1). Copies (`Wolf x3`) stand 5 ft apart eastward: x, x+5, x+10.",
      },
      {
        name: 'dice',
        arg: 'name',
        ref: 'dice',
        rule: 'HR-D5',
        doc: "`dice Name`: scripted first rolls of this placement, used before its character's own script; then the seeded stream goes on (HR-D5).",
      },
      {
        name: 'stances',
        arg: 'enums',
        values: STANCES,
        valueDocs: stanceDocs,
        rule: 'HR-E2',
        doc: '`stances might agility …`: the stance of rounds 1, 2, … in order (HR-E2); after the list the tactic chooses. Assumed: the tactic chooses from round 1.',
      },
      {
        name: 'surprised',
        arg: 'flag',
        rule: 'HR-S1',
        doc: "Surprised: loses all of round 1 — no steps, no opportunity attacks, no stance — and prepared enemies get an opportunity attack on it (HR-S1, HR-R5). The GM's call.",
      },
      {
        name: 'hidden',
        arg: 'flag',
        rule: 'HR-O2',
        doc: 'Hidden: makes one opportunity attack at the start of round 1 on an enemy its weapon reaches, then is revealed (HR-O2 d, HR-R5).',
      },
      {
        name: 'cover',
        arg: 'enum',
        values: COVER_WORDS,
        valueDocs: {
          light: 'light cover: 1 level of disadvantage on ranged attacks against it (HR-S3).',
          heavy: 'heavy cover: 2 levels of disadvantage on ranged attacks against it (HR-S3).',
          superior: 'superior cover: 3 levels of disadvantage on ranged attacks against it (HR-S3).',
          total: 'total cover: ranged attacks cannot target it (HR-S3).',
        },
        rule: 'HR-S3',
        doc: '`cover light|heavy|superior|total` against ranged attacks (HR-S3); it holds until the combatant first moves. Assumed none.',
      },
    ],
  },
  character: {
    kind: 'character',
    example: 'Edda',
    token: 'class',
    snippet:
      'character ${1:Name} {\n\theart ${2|d8,d4,d6,d10,d12|}  might ${3|d6,d4,d8,d10,d12|}  agility ${4|d6,d4,d8,d10,d12|}  cunning ${5|d6,d4,d8,d10,d12|}\n\thp ${6:20}\n\twields ${7:Unarmed}\n}',
    definable: true,
    parents: ['file'],
    doc: 'A Heart Rush stat block: dice, hit points, gear and how the simulator plays it. Place it in a side; `Wolf x2` makes two copies ("Wolf 1", "Wolf 2").',
    attributes: [
      {
        name: 'player',
        arg: 'flag',
        rule: 'HR-N9',
        doc: 'A player character: wins timing ties against non-players of the same agility die (HR-N9, HR-R2), and commits its stance after them (HR-E2). Assumed a non-player.',
      },
      ...abilities,
      {
        name: 'hp',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-N3',
        doc: 'Hit points, the maximum: required and above 0 (HR-N3). Unconscious at 0 or below (HR-H7), dead at minus this number (HR-H8).',
      },
      {
        name: 'wears',
        arg: 'name',
        ref: 'armor',
        rule: 'HR-N4',
        doc: `\`wears Mail\`: the armor worn; its bonus adds to defense rolls and its speed modifier to speed (HR-N4, HR-N5). Assumed nothing worn (bonus ${DEFAULT_ARMOR_BONUS}).`,
      },
      {
        name: 'wields',
        arg: 'names',
        ref: 'weapon',
        rule: 'HR-N10',
        doc: '`wields Spear, Unarmed`: the weapons carried; the first starts in hand, another is readied by a free object interaction (HR-N10, HR-A5). Assumed Unarmed (melee d4, reach 5 ft, 0 hands).',
      },
      {
        name: 'speed',
        arg: 'feet',
        rule: 'HR-N5',
        doc: `Speed before armor: how far one dash goes (HR-N5, HR-A3), a multiple of 5 ft. Assumed ${BASE_SPEED}ft; the worn armor's \`speed\` is added, floored at 0.`,
      },
      {
        name: 'size',
        arg: 'enum',
        values: SIZES,
        rule: 'HR-N6',
        doc: `Size, tiny to gargantuan (HR-N6): sets grapple advantage (HR-M2), climbing (HR-M3), trips (HR-M4) and shove distance (HR-M5). Assumed ${DEFAULT_SIZE}.`,
      },
      {
        name: 'hands',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-N7',
        doc: `Hands: free hands are these minus the hands of the weapon in hand; a grapple needs one (HR-N7, HR-M2). Assumed ${DEFAULT_HANDS}.`,
      },
      {
        name: 'rush',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-N8',
        doc: `Rush points for the whole fight, spent on sidesteps and opportunity attacks, never refreshed (HR-N8). Assumed ${DEFAULT_RUSH}.`,
      },
      {
        name: 'tactics',
        arg: 'enum',
        values: TACTICS,
        valueDocs: {
          default:
            'default: focus the nearest conscious enemy, close in, draw the stance from the best mix against it (HRS-15).',
          'focus-weakest': 'focus-weakest: focus the enemy with the lowest HP anywhere (then the nearest).',
          kite: "kite: leave every enemy's reach first, then keep the focus in range.",
          support: 'support: stay next to an ally and Help it (HR-A6); never approaches enemies.',
          hold: 'hold: no action-phase steps at all (a test dummy); still takes its stance and attacks.',
        },
        rule: 'HR-E2',
        doc: 'How the simulator plays it: its focus, movement and stance once the scripted `stances` run out (HR-E2, "The simulator"). Assumed default.',
      },
      {
        name: 'maneuver',
        arg: 'enum',
        values: MANEUVERS,
        valueDocs: {
          none: 'none: always attack.',
          grapple: "grapple: might check against the target's might or agility; needs a free hand (HR-M2).",
          climb: 'climb: climb onto a target two or more sizes larger (HR-M3).',
          'dirty-strike': 'dirty-strike: 1d4 damage with no defense roll, plus 2 levels of `inflicts` (HR-M4).',
          blind: 'blind: 1 level of blinded (HR-M4).',
          trip: 'trip: knock prone a target at most one size larger (HR-M4).',
          shove: 'shove: push it away (HR-M5) and 2 levels of off-balanced (HR-M4).',
        },
        rule: 'HR-M1',
        doc: "The special maneuver it makes instead of its attack when its stance strictly beats an adjacent target's (HR-M1). Assumed none.",
      },
      {
        name: 'inflicts',
        arg: 'enum',
        values: INFLICTS,
        rule: 'HR-E7',
        doc: 'The status its cunning special and dirty strikes inflict, 2 levels (HR-E7, HR-M4). Assumed off-balanced.',
      },
      {
        name: 'shrug',
        arg: 'enum',
        values: SHRUG_RULES,
        valueDocs: {
          auto: 'auto: shrug off when the full hit would be a wound or bring HP to 0 or below (HR-H1).',
          always: 'always: halve every hit while the heart die can fall (HR-H1).',
          never: 'never: take every hit in full (HR-H1).',
        },
        rule: 'HR-H1',
        doc: 'When it shrugs off damage: halve it, rounded up, and drop the heart die one size (not at d4) (HR-H1). Assumed auto.',
      },
      {
        name: 'fights-on',
        arg: 'flag',
        rule: 'HR-H7',
        doc: 'Keeps fighting at 0 HP or below instead of falling unconscious; it stops only when dead (HR-H7, HR-H8). Assumed it falls at once.',
      },
      {
        name: 'relentless',
        arg: 'flag',
        rule: 'HR-S2',
        doc: 'Attacks helpless (unconscious) enemies within melee reach by an opportunity attack (HR-S2). Assumed it leaves them be.',
      },
      {
        name: 'dice',
        arg: 'name',
        ref: 'dice',
        rule: 'HR-D5',
        doc: "`dice Name`: scripted first rolls of every placement of this character, after the placement's own (HR-D5). Assumed none: the seeded stream.",
      },
    ],
  },
  weapon: {
    kind: 'weapon',
    example: 'Spear',
    token: 'struct',
    snippet: 'weapon ${1:Name} { ${2|melee,ranged|} ${3|d8,d4,d6,d10,d12|} }',
    definable: true,
    parents: ['file'],
    doc: 'A weapon: melee or ranged, its damage die, reach or range, hands and might bonus (HR-N10). `Unarmed` is built in (melee d4, reach 5 ft, 0 hands).',
    bareWord: { attr: 'die', pattern: /^d\d+$/ },
    attributes: [
      {
        name: 'melee',
        arg: 'flag',
        group: 'kind',
        rule: 'HR-N10',
        doc: `Melee: reaches targets within its \`reach\` (assumed ${DEFAULT_REACH}ft) and threatens opportunity attacks (HR-P2, HR-O2). Assumed when neither is written.`,
      },
      {
        name: 'ranged',
        arg: 'flag',
        group: 'kind',
        rule: 'HR-N10',
        doc: `Ranged: reaches targets within its \`range\` (assumed ${DEFAULT_RANGE}ft), adjacent ones too; never threatens (HR-P2).`,
      },
      {
        name: 'die',
        arg: 'enum',
        values: DIE_WORDS,
        valueDocs: dieDocs,
        rule: 'HR-N10',
        doc: `The damage die added to its attack rolls, d4–d12; write \`die d8\` or just \`d8\` (HR-N10, HR-D2). Assumed d${DEFAULT_WEAPON_DIE} (warned).`,
      },
      {
        name: 'reach',
        arg: 'feet',
        rule: 'HR-P2',
        doc: `Melee reach, a multiple of 5 ft (HR-P2). Assumed ${DEFAULT_REACH}ft.`,
      },
      {
        name: 'range',
        arg: 'feet',
        rule: 'HR-P2',
        doc: `Ranged weapons' range, a multiple of 5 ft (HR-P2). Assumed ${DEFAULT_RANGE}ft.`,
      },
      {
        name: 'hands',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-N7',
        doc: `Hands it needs, 0–2 (HR-N7). Assumed ${DEFAULT_WEAPON_HANDS}.`,
      },
      {
        name: 'might-bonus',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-C5',
        doc: "A flat bonus a might attack on a cunning-stance target adds instead of the extra roll of the weapon's die; `+0` turns it off (HR-C5). Assumed one extra roll of its die.",
      },
    ],
  },
  armor: {
    kind: 'armor',
    example: 'Mail',
    token: 'struct',
    snippet: 'armor ${1:Name} { bonus ${2:+1} }',
    definable: true,
    parents: ['file'],
    doc: 'Armor a character `wears`: a flat bonus to defense rolls (never in same-stance contests) and a speed modifier (HR-N4, HR-N5).',
    bareNumber: 'bonus',
    attributes: [
      {
        name: 'bonus',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'HR-N4',
        doc: `Added to every defense roll (HR-N4): \`bonus +2\`, or just \`+2\`. Assumed ${DEFAULT_ARMOR_BONUS}.`,
      },
      {
        name: 'speed',
        arg: 'feet',
        rule: 'HR-N5',
        doc: "Added to the wearer's speed, e.g. `speed -10ft`, a multiple of 5 ft; the total is floored at 0 (HR-N5). Assumed 0ft.",
      },
    ],
  },
  dice: {
    kind: 'dice',
    example: 'Scripted',
    token: 'variable',
    snippet: 'dice ${1:Name} { rolls ${2:4 5 3} }',
    definable: true,
    parents: ['file', 'encounter'],
    doc: 'Scripted results for a placement or a character (HR-D5), consumed in canonical order: heart, ability, weapon, might-bonus die, then extra (dis)advantage dice; after them the seeded stream goes on. Inside an encounter it shadows a file-level one of the same name.',
    attributes: [
      {
        name: 'rolls',
        arg: 'ints',
        repeatable: true,
        rule: 'HR-D5',
        doc: '`rolls 4 5 3`: the results, each 1–12, in the order they are rolled; each must fit the die it lands on, or the run stops with an HR-D5 error.',
      },
    ],
  },
  // issue 33: a GM's priority rules under a character, a side or after a placement (tactics-words.ts)
  tactics: tacticsBlock(['character', 'side'], 'when self hp below 30%: defensive'),
};

export const BLOCK_KINDS = Object.keys(SCHEMA) as HRBlockKind[];

export const HR_SCHEMA: SystemSchema = {
  blocks: SCHEMA,
  builtins: { weapon: ['Unarmed'] },
  foreign: { system: 'Heart Rush', words: HR_FOREIGN_WORDS },
  tactics: HR_TACTICS,
};
