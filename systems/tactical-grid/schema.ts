// The Tactical Grid schema (TACTICAL-GRID.md, "In the language"): which blocks
// and attributes a `system tactical-grid` file may write, what arguments they
// take, the rule each comes from and its documentation. Defaults are the
// constants of model.ts, shown in the docs as "assumed …". The reader, the
// checker, hovers, completion and tokens are driven by it.

import type { AttributeSpec, BlockSpec, SystemSchema, TacticsVocabulary } from '../../model/schema.js';
import { tacticsBlock } from '../../model/priority.js';
import { TG_FOREIGN_WORDS } from './foreign.js';
import {
  ABILITIES,
  AIS,
  DEFAULT_CRIT,
  DEFAULT_FUMBLE,
  DEFAULT_ROUNDS,
  DEFAULT_SEED,
  DEFAULT_STAT,
  DEFAULT_STRESS,
  GRIDS,
  HEX_FACINGS,
  SQUARE_FACINGS,
} from './model.js';

export type TGBlockKind = 'encounter' | 'rules' | 'map' | 'legend' | 'side' | 'character' | 'tactics';

/** Hard limits of the reader for whole numbers (rule ranges are checked by the checker). */
const BIG = 1_000_000;

/** Every facing word of either grid (TG-F1, TG-F2); the checker refuses those of the other grid. */
export const FACING_WORDS = [
  ...SQUARE_FACINGS,
  ...HEX_FACINGS.filter((f) => !(SQUARE_FACINGS as readonly string[]).includes(f)),
];

const facingDocs: Record<string, string> = {
  north: 'north: toward row 1 (squares only, TG-F1).',
  east: 'east: toward later columns (squares and hexes, TG-F1, TG-F2).',
  south: 'south: toward higher row numbers (squares only, TG-F1).',
  west: 'west: toward column a (squares and hexes, TG-F1, TG-F2).',
  'north-east': 'north-east: a hex side (hexes only, TG-F2).',
  'north-west': 'north-west: a hex side (hexes only, TG-F2).',
  'south-east': 'south-east: a hex side (hexes only, TG-F2).',
  'south-west': 'south-west: a hex side (hexes only, TG-F2).',
};

const abilityDocs: Record<string, string> = {
  deadeye: 'deadeye: an attack at distance 2 or more may add 1 or 2 to range; not with `melee` (TG-B1).',
  'into-the-shadows': 'into-the-shadows: once, enemies cannot target it until its next turn starts (TG-B2).',
  'potion-seller': "potion-seller: support +1; supporting an ally may spend that ally's support pool (TG-B3).",
  'vengeful-hex':
    'vengeful-hex: once, an enemy that is the source of its stress takes 1 damage, any distance, even for the stress that takes it OUT (TG-B4).',
  'miracle-worker': 'miracle-worker: support +1; once, an adjacent OUT ally loses 1 stress and is back (TG-B5).',
  'combat-gurney': 'combat-gurney: after each step it may drag an adjacent ally into the square it left (TG-B6).',
  'runic-tattoo': 'runic-tattoo: once, an ally in range gets +1 Attack and Defense for the combat (TG-B7).',
  'still-life':
    'still-life: twice, an obstacle on an empty square in range and LOS, removable by a main action (TG-B8).',
  knockback: 'knockback: when it damages an enemy, pushes it 1 or 2 squares straight away (TG-B9).',
  rage: 'rage: the first time it takes stress, +2 Attack for the combat (TG-B10).',
};

const aiDocs: Record<string, string> = {
  default: 'default: the plan most likely to put an enemy OUT, then the most expected harm (TG-V5).',
  'focus-weakest': 'focus-weakest: first the enemy with the least harm left (TG-V5).',
  nearest: 'nearest: first the enemy nearest by path at its turn start (TG-V5).',
  hold: 'hold: never leaves its square; Readies when nothing is in reach (TG-V5, TG-V7).',
  healer: 'healer: heals any stressed ally, recovers tags, buffs, and moves toward allies in need (TG-V4).',
  guard: 'guard: uses Taunt to draw attacks away from weaker allies (TG-V8).',
};

/**
 * The words of the grid's GM priority rules (issue 33, `tactics { … }`): what a condition reads of a combatant, where
 * another stands from the one deciding, and the options of each decision the simulator offers (engine/sim.ts: who
 * acts, the action, the tag on a roll, the effect of a success). The engine's answers: engine/policy/gm-rules.ts.
 */
export const TG_TACTICS: TacticsVocabulary = {
  measures: {
    'harm left': {
      doc: 'Harm it can still take before OUT: free stress boxes of a sheet (TG-D1), health of an NPC (TG-D2). `30%`: of its boxes or starting health.',
      percent: true,
    },
    'harm taken': {
      doc: 'Harm it has taken this combat: stress marked (TG-D1) or health lost (TG-D2). `30%`: of its boxes or starting health.',
      percent: true,
    },
    'tactics pool': {
      doc: 'What is left of its tactics pool, paid per tactic met (TG-N5, TG-X1). `30%`: of the pool at the start.',
      percent: true,
    },
    'effects pool': {
      doc: 'What is left of its effects pool, 1 per effect (TG-N6, TG-E1). `30%`: of the pool at the start.',
      percent: true,
    },
    'support pool': {
      doc: 'What is left of its support pool: Heal, Recover, Buff (TG-N7, TG-S1). `30%`: of the pool at the start.',
      percent: true,
    },
    'reactions pool': {
      doc: 'What is left of its reactions pool: Help, Bolster, Protect, Taunt, Command (TG-N9, TG-Y1). `30%`: of the pool at the start.',
      percent: true,
    },
    drive: {
      doc: 'Drive points left, up to 5 spent on one roll (TG-R3). `30%`: of its drive at the start.',
      percent: true,
    },
    'ready tags': {
      doc: 'Tags not exhausted, each able to add its stars to one roll (TG-R3). `30%`: of its tags.',
      percent: true,
    },
    difficulty: { doc: "An NPC's difficulty now, after any Weaken (TG-P1, TG-E4); 0 for a sheet." },
    threats: { doc: 'How many able enemies could attack its square now (TG-V5 (5)).' },
    distance: { doc: 'Squares from the one deciding to it, by grid distance (TG-G2); 0 for itself.' },
  },
  states: {
    out: { doc: 'OUT: stress boxes full or health 0 (TG-D1, TG-D2); holds of a combatant no longer able.' },
    wounded: { doc: 'It has taken harm this combat (TG-D1, TG-D2).' },
    exhausted: { doc: 'It took its side turn since its side last recovered (TG-T3).' },
    fresh: { doc: 'Not exhausted: it may still take a side turn this round (TG-T3).' },
    stunned: { doc: "Stunned: it may not act at its side's next turn while another member can (TG-E6)." },
    hindered: { doc: 'Its speed or range is 1 until its next turn is over (TG-E5).' },
    hidden: { doc: 'Into the Shadows: enemies cannot target it until its next turn starts (TG-B2).' },
    readying: { doc: 'It Readied: it attacks the first enemy that comes into reach (TG-T6).' },
    npc: { doc: 'An NPC (it has a difficulty, TG-P1), not a sheet.' },
    acting: {
      doc: 'It is the one taking this side turn (TG-T2): `when self is acting` tells its own rolls from its defence.',
    },
  },
  places: {
    adjacent: { doc: 'On a square next to the one deciding (distance 1, TG-G2).' },
    'in reach': {
      doc: 'Attackable from where the one deciding stands: within its reach (1 if `melee`, else its range; TG-L4, TG-L5) and in sight (TG-L1).',
    },
    'in range': { doc: "Within the one deciding's range now (TG-N2, TG-N12), sight or not." },
    'in sight': { doc: 'The one deciding sees its square: no obstacle crosses the line between them (TG-L1).' },
    'facing away': { doc: 'The one deciding stands in its back sector: a Backstab from here (TG-F4, TG-X2).' },
  },
  actions: {
    act: { doc: "Take its side's turn (TG-T2, TG-V2): `when round is 1: act` has it act before the rest of its side." },
    wait: { doc: "Leave its side's turn to another fresh member (TG-T2, TG-V2); `never act` says the same." },
    attack: {
      doc: 'An attack plan (TG-V5, TG-V6): move to a square, then attack; `attack at lowest harm left`, `attack it`.',
      aimed: true,
    },
    approach: { doc: 'No attack: approach the nearest enemy, or Ready if none can be reached (TG-V7, TG-T6).' },
    'hold still': { doc: 'Neither move nor attack this turn: it keeps its square (TG-T4).' },
    tag: {
      doc: '`tag "Tower Shield"`: spend this ready tag on the roll, attack or defence (TG-R3, TG-V6).',
      name: 'tag',
    },
    'no tag': { doc: 'Roll without a tag, keeping them ready (TG-R3).' },
    stun: {
      doc: "After a success, the effect Stun (TG-E6): the target may not act at its side's next turn while another member can.",
    },
    'hinder speed': { doc: "After a success, Hinder: the target's speed is 1 until its next turn is over (TG-E5)." },
    'hinder range': { doc: "After a success, Hinder: the target's range is 1 until its next turn is over (TG-E5)." },
    weaken: { doc: "After a success, Weaken: the target's strongest tag loses a star (TG-E4)." },
    move: {
      doc: 'After a success, Move: push the target one square, into a hazard or a collision (TG-E2), where the policy found one.',
    },
    splash: {
      doc: 'After a success, Splash: the base damage to every enemy around the target (TG-E3), where the policy found it.',
    },
    'no effect': { doc: 'Keep the effects pool: no effect after this success (TG-E1).' },
  },
  presets: Object.fromEntries(Object.entries(aiDocs).map(([w, doc]) => [w, { doc }])),
};

function stat(name: string, what: string, rule: string): AttributeSpec {
  return {
    name,
    arg: 'int',
    min: -BIG,
    max: BIG,
    usual: { min: 1, max: 5 },
    rule,
    doc: `${name.toUpperCase()}: ${what} A whole number 1–5 (TG-N10); assumed ${DEFAULT_STAT} when missing (warned).`,
  };
}

function override(name: string, formula: string, rule: string): AttributeSpec {
  return {
    name,
    arg: 'int',
    min: -BIG,
    max: BIG,
    rule,
    doc: `${name[0].toUpperCase()}${name.slice(1)}: assumed ${formula} (${rule}). A different number is kept as homebrew, with a TG-N11 warning.`,
  };
}

export const SCHEMA: Record<TGBlockKind, BlockSpec> = {
  encounter: {
    kind: 'encounter',
    uniqueInFile: true,
    example: '"Raid on the Mill Road"',
    token: 'namespace',
    snippet:
      'encounter ${1:"Name"} {\n\tseed ${2:1}\n\tmap {\n\t\tgrid square\n\t\trow "${3:........}"\n\t\trow "${4:........}"\n\t}\n\tside ${5:heroes} {\n\t\t${6:Name} at ${7:a1} facing east\n\t}\n\tside ${8:foes} {\n\t\t$0\n\t}\n}',
    parents: ['file'],
    doc: 'A Tactical Grid combat on a map of squares or hexes: its `map`, optional `rules`, and at least two sides. Sides take turns in declaration order from the `first` one, one combatant acting per side turn (TG-T1, TG-T2).',
    attributes: [
      {
        name: 'seed',
        arg: 'int',
        min: 0,
        max: 4294967295,
        rule: 'TG-V1',
        doc: `The seed of every combatant's d20 stream (TG-V1): the same file and seed replay the same fight, byte for byte. Assumed ${DEFAULT_SEED}.`,
      },
      {
        name: 'rounds',
        arg: 'int',
        min: 1,
        max: 10000,
        rule: 'TG-T7',
        doc: `Round cap: a fight nobody has won after this many rounds is a stalemate (TG-T7). Assumed ${DEFAULT_ROUNDS}.`,
      },
      {
        name: 'first',
        arg: 'name',
        ref: 'side',
        rule: 'TG-T1',
        doc: '`first heroes`: the side that takes the first turn; then sides follow in declaration order (TG-T1). Assumed the first declared side.',
      },
    ],
  },
  rules: {
    kind: 'rules',
    example: 'rules',
    unnamed: true,
    token: 'namespace',
    snippet: 'rules { ${1:range -1} }',
    parents: ['encounter'],
    doc: "The GM's rules of the day for this combat (TG-K5): `rules { range -1 speed +1 crit 19 fumble 2 banes 1 stress 8 }`. Anything not written keeps its default.",
    attributes: [
      {
        name: 'range',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-K5',
        doc: "Added to every combatant's range this combat, never below 1 (TG-K5, TG-N12); mist is `range -1`. Assumed +0.",
      },
      {
        name: 'speed',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-K5',
        doc: "Added to every combatant's speed this combat, never below 1 (an immobile 0 stays 0; TG-K5, TG-N12). Assumed +0.",
      },
      {
        name: 'crit',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-R2',
        doc: `A natural face at or above this is a critical success, 2–20 (TG-R2). Assumed ${DEFAULT_CRIT}.`,
      },
      {
        name: 'fumble',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-R2',
        doc: `A natural face at or below this is a critical failure, 0–19 and below \`crit\`; 0 means none (TG-R2). Assumed ${DEFAULT_FUMBLE}.`,
      },
      {
        name: 'banes',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-R4',
        doc: 'Every failure brings exactly this many banes (a critical failure twice as many) instead of the difficulty bands (TG-R4). Assumed by difficulty: 1 up to 12, +1 per 3 points, at most 6.',
      },
      {
        name: 'stress',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-D1',
        doc: `Stress boxes of every sheet combatant without its own \`stress\`, above 0 (TG-D1). Assumed ${DEFAULT_STRESS}.`,
      },
    ],
  },
  map: {
    kind: 'map',
    example: 'map',
    unnamed: true,
    token: 'namespace',
    snippet: 'map {\n\tgrid ${1|square,hex|}\n\trow "${2:........}"\n\trow "${3:........}"\n}',
    parents: ['encounter'],
    doc: 'The battle map (TG-G1): `grid square|hex`, then one `row "…"` per row, top first. Squares: `.` open, `#` obstacle, `~` difficult, `^` hazard, `1`–`9` open at that height; `legend "c" { … }` defines more. Spaces in a row are ignored (stagger hex rows freely). At most 100 × 100.',
    attributes: [
      {
        name: 'grid',
        arg: 'enum',
        values: GRIDS,
        valueDocs: {
          square: 'square: 8 neighbours, diagonals included (TG-G4).',
          hex: 'hex: pointy-top, even rows half a hex right; 6 neighbours (TG-G2).',
        },
        rule: 'TG-G2',
        doc: 'Squares or pointy-top hexes (TG-G1, TG-G2). Assumed square.',
      },
      {
        name: 'row',
        arg: 'names',
        repeatable: true,
        rule: 'TG-G1',
        doc: '`row "..#.."`: one row of the map, top first, one character per square (spaces ignored); all rows the same length (TG-G1). Several strings on one line are several rows.',
      },
    ],
  },
  legend: {
    kind: 'legend',
    example: '"x"',
    token: 'enumMember',
    snippet: 'legend "${1:x}" { ${2:difficult} }',
    parents: ['map'],
    doc: '`legend "x" { difficult hazard }`: what a map character of your own means (one character; it may also redefine a built-in one). Terrain: obstacle, enterable, difficult, hazard, height N (TG-K1 … TG-K4).',
    attributes: [
      { name: 'obstacle', arg: 'flag', rule: 'TG-K2', doc: 'An obstacle: blocks LOS and cannot be entered (TG-K2).' },
      {
        name: 'enterable',
        arg: 'flag',
        rule: 'TG-K2',
        doc: 'An obstacle the GM lets combatants enter and stand on; it still blocks LOS (TG-K2).',
      },
      { name: 'difficult', arg: 'flag', rule: 'TG-K1', doc: 'Difficult terrain: entering costs 1 more (TG-K1).' },
      {
        name: 'hazard',
        arg: 'flag',
        rule: 'TG-K3',
        doc: 'A hazard: 1 harm on each entry and when a turn starts there (TG-K3).',
      },
      {
        name: 'height',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-K4',
        doc: 'Height level, used only by High Ground (TG-K4, TG-X6). Assumed 0.',
      },
    ],
  },
  side: {
    kind: 'side',
    example: 'heroes',
    token: 'type',
    snippet: 'side ${1:name} {\n\t${2:Name} at ${3:a1} facing ${4|east,north,south,west|}\n}',
    parents: ['encounter'],
    doc: 'A team. Each line places a character: `Name [xN] at sq[, sq…] [facing dir] [dice N …]`, one square per copy (copies are "Name 1", "Name 2", …). Sides act in declaration order from `first` (TG-T1); combat ends when at most one side has able combatants (TG-T7). Hovering a placed name shows, per enemy, the distance, sight, tactics met from there and the odds each way, then Charge (TG-X4) and Line Up (TG-X5) if its turn came now, as placed, from the simulator\'s own plans (TG-O2).',
    attributes: [],
    placementHelp: {
      short: 'Name [xN] at sq[, sq…]',
      full: 'Name [xN] at sq[, sq…] [facing dir] [dice N …]',
      example: 'Raider x2 at h2, h5 facing west',
    },
    placements: [
      {
        name: 'at',
        arg: 'names',
        copiesAsNames: true,
        rule: 'TG-G3',
        doc: '`at c3` or, for copies, `at h2, h5`: one square per copy (TG-G3), named column letters + row number, a1 top left (TG-G1). Not on a non-`enterable` obstacle (TG-K2).',
      },
      {
        name: 'facing',
        arg: 'enum',
        values: FACING_WORDS,
        valueDocs: facingDocs,
        rule: 'TG-F3',
        doc: '`facing west`: where it looks at the start (TG-F3); north/east/south/west on squares (TG-F1), the six hex sides on hexes (TG-F2). Assumed: chosen by the simulator (fewest enemies behind, TG-V9).',
      },
      {
        name: 'dice',
        arg: 'ints',
        rule: 'TG-V1',
        doc: "`dice 14 3`: scripted d20 faces (1–20) this placement rolls first, before its character's `dice`; then the seeded stream goes on (TG-V1).",
      },
    ],
  },
  // issue 33: the GM's priority rules, in a character (its own), a side (every member's) or after a placement
  tactics: tacticsBlock(
    ['character', 'side'],
    'tactics {\n  open with act\n  when self harm left below 50%: approach\n  target lowest harm left\n  never tag "Tower Shield" when self is acting\n  otherwise focus-weakest\n}',
  ),
  character: {
    kind: 'character',
    example: 'Ryn',
    token: 'class',
    snippet:
      'character ${1:Name} {\n\tagi ${2:2}  per ${3:2}  com ${4:2}  tou ${5:2}  pro ${6:1}  special ${7:1}  wis ${8:1}  int ${9:1}  cha ${10:1}\n\ttag "${11:Blade}" ${12:2}\n}',
    definable: true,
    parents: ['file'],
    doc: 'A combatant: a sheet (the nine stats, TG-N) or an NPC (`difficulty`, `health`, `speed`, `range`, TG-P1). Place it in a side; `Raider x2` makes "Raider 1" and "Raider 2".',
    bareNumber: 'stars',
    attributes: [
      stat('agi', 'agility; speed = AGI + 3 (TG-N1).', 'TG-N1'),
      stat('per', 'perception; range = PER (TG-N2).', 'TG-N2'),
      stat('com', 'combat; Attack = COM + 1 (TG-N3).', 'TG-N3'),
      stat('tou', 'toughness; Defense = TOU + 1 (TG-N4).', 'TG-N4'),
      stat('pro', 'prowess; the tactics pool (TG-N5).', 'TG-N5'),
      stat('special', 'the GM-named special stat; the effects pool (TG-N6).', 'TG-N6'),
      stat('wis', 'wisdom; the support pool (TG-N7).', 'TG-N7'),
      stat('int', 'intellect; the analysis pool (TG-N8).', 'TG-N8'),
      stat('cha', 'charisma; the reactions pool (TG-N9).', 'TG-N9'),
      {
        name: 'special-name',
        arg: 'name',
        rule: 'TG-N6',
        doc: '`special-name "Arcana"`: what the GM calls the special stat, the effects pool (TG-N6); shown only. Assumed "special".',
      },
      {
        name: 'stress',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-D1',
        doc: `Stress boxes, above 0; full means OUT (TG-D1). Assumed the encounter's \`rules { stress N }\`, else ${DEFAULT_STRESS}.`,
      },
      {
        name: 'drive',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-R3',
        doc: 'Drive points for the whole combat, up to 5 spent on one roll (TG-R3). Assumed 0.',
      },
      override('speed', 'AGI + 3 for a sheet; required for an NPC', 'TG-N1'),
      override('range', 'PER for a sheet; required for an NPC', 'TG-N2'),
      override('attack', 'COM + 1', 'TG-N3'),
      override('defense', 'TOU + 1', 'TG-N4'),
      override('tactics', 'PRO (a pool per combat)', 'TG-N5'),
      override('effects', 'the special stat (a pool per combat)', 'TG-N6'),
      override('support', 'WIS, +1 each for potion-seller and miracle-worker (a pool per combat)', 'TG-N7'),
      override('analysis', 'INT (a pool per combat)', 'TG-N8'),
      override('reactions', 'CHA (a pool per combat)', 'TG-N9'),
      {
        name: 'difficulty',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-P1',
        doc: "Makes it an NPC (TG-P1): the number sheets roll against when attacking it (TG-A2), and its attacks' difficulty against their defense (TG-A3). Its tags are counted inside it.",
      },
      {
        name: 'health',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-D2',
        doc: "An NPC's health, above 0: 1 damage takes 1; at 0 it is OUT (TG-D2, TG-D4). Required for an NPC.",
      },
      {
        name: 'at-zero',
        arg: 'enum',
        values: ['out', 'dies'],
        valueDocs: {
          out: 'out: at 0 health it lies OUT, its marker on the map (TG-D3).',
          dies: 'dies: at 0 health it dies and leaves the map (TG-D2, TG-D3).',
        },
        rule: 'TG-D2',
        doc: 'What an NPC at 0 health is (TG-D2). Assumed out.',
      },
      {
        name: 'weakness',
        arg: 'name',
        repeatable: true,
        rule: 'TG-Q1',
        doc: '`weakness "Fire"`: an NPC\'s weakness, what Analysis may reveal (TG-Q1); shown only.',
      },
      {
        name: 'tag',
        arg: 'name',
        repeatable: true,
        rule: 'TG-R3',
        doc: '`tag "Twin Blades" 3 [offensive|defensive]`: a tag and its stars (1–5); one ready tag may add its stars to a roll and is then exhausted; 1 star less for the other kind of roll (TG-R3). An NPC\'s tags are inside its difficulty (Weaken, TG-E4).',
      },
      {
        name: 'stars',
        arg: 'int',
        min: -BIG,
        max: BIG,
        rule: 'TG-R3',
        doc: 'The stars of the tag written just before, usually bare: `tag "Spear" 2` (TG-R3). 1–5; 0 or above 5 is warned.',
      },
      {
        name: 'offensive',
        arg: 'flag',
        rule: 'TG-R3',
        doc: 'After a tag: declared for offensive rolls; it gives 1 star less to defensive ones (TG-R3).',
      },
      {
        name: 'defensive',
        arg: 'flag',
        rule: 'TG-R3',
        doc: 'After a tag: declared for defensive rolls; it gives 1 star less to offensive ones (TG-R3).',
      },
      {
        name: 'abilities',
        arg: 'enums',
        values: ABILITIES,
        valueDocs: abilityDocs,
        repeatable: true,
        rule: 'TG-B0',
        doc: "`abilities deadeye, rage`: built-in abilities, the chapter's ten (TG-B0 … TG-B10); unknown names are errors. Assumed none.",
      },
      {
        name: 'melee',
        arg: 'flag',
        rule: 'TG-L4',
        doc: 'Its story gives it no ranged attack: it attacks only at distance 1; other targeted actions still use its range (TG-L4, TG-L5).',
      },
      {
        name: 'ai',
        arg: 'enum',
        values: AIS,
        valueDocs: aiDocs,
        rule: 'TG-V5',
        doc: 'How the simulator plays it (TG-V4, TG-V5, TG-V7, TG-V8). Assumed default.',
      },
      {
        name: 'dice',
        arg: 'ints',
        repeatable: true,
        rule: 'TG-V1',
        doc: "`dice 20 1 14`: scripted d20 faces (1–20) every placement of it rolls first, after the placement's own; then the seeded stream (TG-V1).",
      },
    ],
  },
};

export const BLOCK_KINDS = Object.keys(SCHEMA) as TGBlockKind[];

export const TG_SCHEMA: SystemSchema = {
  blocks: SCHEMA,
  foreign: { system: 'Tactical Grid', words: TG_FOREIGN_WORDS },
  tactics: TG_TACTICS,
};
