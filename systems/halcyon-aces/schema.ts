// The Halcyon Aces schema: which blocks and attributes exist, what arguments
// they take, the rule they come from, and their documentation (RULES.md ids).
// The checker is driven by it; hovers and completion read the same docs.
// Adding a keyword here makes it parse, check and document.

import type { AttributeSpec, BlockSpec, SystemSchema, TacticsVocabulary } from '../../model/schema.js';
import { tacticsBlock } from '../../model/priority.js';

export type BlockKind = 'encounter' | 'zone' | 'side' | 'character' | 'weapon' | 'technique' | 'deck';

export const STAT_NAMES = ['heart', 'body', 'mind', 'spirit'] as const;
export const WEAPON_KINDS = ['melee', 'thrown', 'ranged', 'firearm'] as const;
export const WEAPON_PROPERTIES = [
  'heavy',
  'light',
  'quick',
  'combo',
  'keen',
  'brutal',
  'staggering',
  'sweeping',
  'disarming',
  'scatter',
] as const;
export const PERKS = ['quick-draw'] as const;
export const TALENTS = ['brawler'] as const;
export const TACTIC_NAMES = ['default', 'focus-weakest', 'nearest', 'defensive', 'support', 'kite'] as const;
export const OPTIONS = ['link-strikes', 'team-ultimates'] as const;
export const BANDS = ['engaged', 'near', 'far'] as const;

/** What each enum value does, shown in hovers and completion (the attribute's doc only lists them). */
const VALUE_DOC: Record<string, string> = {
  default: 'Strikes the enemy with the lowest Vitality it can reach, else closes in.',
  'focus-weakest': 'Picks the weakest enemy anywhere and goes after it.',
  nearest: 'Goes after the nearest enemy.',
  defensive: 'Prefers Active Guard (HA-A5) when threatened.',
  support: 'Assists (HA-A7) and stabilizes (HA-B4) allies before attacking.',
  kite: "Keeps its distance and attacks from its weapon's farthest band.",
  'quick-draw': 'Draw 2 cards for initiative, keep the better (HA-I4).',
  brawler: '+2 EV with unarmed or improvised attacks (HA-W5).',
  'link-strikes': 'Link Strikes between two allies (HA-L1).',
  'team-ultimates': 'One Team Ultimate per combat with 3+ player characters (HA-U1).',
  guard: "Compared against the target's Guard (HA-N2).",
  resolve: "Compared against the target's Resolve (HA-N3).",
  single: 'One target.',
  dual: 'One draw against two targets (HA-M1).',
  sweep: 'One draw against every enemy in a zone (HA-M2).',
  engaged: 'Same zone (HA-Z2).',
  near: 'One zone away (HA-Z2).',
  far: 'Two or more zones away (HA-Z2).',
};
const docsOf = (values: readonly string[]): Record<string, string> =>
  Object.fromEntries(values.map((v) => [v, VALUE_DOC[v]]));

const statDoc: Record<string, string> = {
  heart: 'Heart (♥): presence, empathy, will to live. Stabilizing an ally is a Heart check (HA-B4).',
  body: 'Body (♣): strength and agility. Melee and thrown Strikes draw Body; passive Guard is 5 + Body + armor (HA-N2).',
  mind: 'Mind (♦): perception and wits. Ranged and firearm Strikes draw Mind (HA-S1).',
  spirit: 'Spirit (♠): inner power. Spirit techniques usually target Resolve (HA-N3).',
};

const stats: AttributeSpec[] = STAT_NAMES.map((s) => ({
  name: s,
  arg: 'int',
  min: -99,
  max: 99,
  usual: { min: 1, max: 6 },
  rule: 'HA-N1',
  doc: `${statDoc[s]} A whole number 1–6; a check draws that many cards, at least 2 (HA-K1), and a ${
    { heart: '♥', body: '♣', mind: '♦', spirit: '♠' }[s]
  } card adds it (Resonance, HA-K2).`,
}));

const propertyDoc: Record<(typeof WEAPON_PROPERTIES)[number], [string, string]> = {
  heavy: ['HA-I3', "Heavy: −1 to its wielder's initiative card."],
  light: [
    'HA-S6',
    'Light: two Light weapons can be dual-wielded; the 2nd Strike may use the off-hand with no penalty.',
  ],
  quick: ['HA-S5', 'Quick: no −2 penalty on the 2nd Strike of a turn with this weapon (the 3rd is still −4).'],
  combo: ['HA-S5', 'Combo: like Quick, no penalty on the 2nd Strike with this weapon.'],
  keen: ['HA-W2', 'Keen: crits when EV beats the defense by 5 or more (instead of 6).'],
  brutal: ['HA-W2', 'Brutal: a crit adds twice the attack stat instead of once.'],
  staggering: ['HA-W2', 'Staggering: a crit leaves the target Stunned (it loses 1 action next turn, HA-T1).'],
  sweeping: [
    'HA-W2',
    "Sweeping: a crit also deals half its damage (rounded down) to another enemy in the target's zone.",
  ],
  disarming: [
    'HA-W2',
    'Disarming: a crit makes the target drop its weapon; it fights unarmed until it spends Interact (HA-W6).',
  ],
  scatter: ['HA-W3', 'Scatter (firearms): one draw compared against every enemy in a zone, at −1 bonus damage.'],
};

export const SCHEMA: Record<BlockKind, BlockSpec> = {
  encounter: {
    kind: 'encounter',
    uniqueInFile: true,
    example: '"Ambush at the Flagon"',
    token: 'namespace',
    snippet:
      'encounter ${1:"Name"} {\n\tseed ${2:1}\n\tzone ${3:floor} { }\n\tside ${4:heroes} {\n\t\t$5\n\t}\n\tside ${6:foes} {\n\t\t$0\n\t}\n}',
    parents: ['file'],
    doc: 'A combat: its zones, the sides and who stands where. `aces run` simulates it with its seed.',
    attributes: [
      {
        name: 'seed',
        arg: 'int',
        min: 0,
        max: 4294967295,
        doc: 'The seed of the shuffles: the same file and seed replay the same fight, card for card.',
      },
      {
        name: 'rounds',
        arg: 'int',
        min: 1,
        max: 10000,
        rule: 'HA-I6',
        doc: 'Round cap: the fight is a stalemate if no side has won by then (default 50).',
      },
      {
        name: 'options',
        arg: 'enums',
        values: OPTIONS,
        valueDocs: docsOf(OPTIONS),
        repeatable: true,
        rule: 'HA-L1',
        doc: 'Optional team rules: `link-strikes` (HA-L1) and `team-ultimates` (HA-U1). Off unless listed.',
      },
    ],
  },
  zone: {
    kind: 'zone',
    example: 'floor',
    token: 'enum',
    snippet: 'zone ${1:name} { adjacent ${2:other} }',
    parents: ['encounter'],
    doc: 'A named area of the battlefield (HA-Z1). Same zone = Engaged, adjacent = Near, 2+ away = Far (HA-Z2).',
    attributes: [
      {
        name: 'adjacent',
        arg: 'names',
        ref: 'zone',
        repeatable: true,
        rule: 'HA-Z1',
        doc: 'Zones one Stride away. Adjacency works both ways; declaring it on one side is enough.',
      },
      {
        name: 'height',
        arg: 'feet',
        min: 0,
        max: 10000,
        rule: 'HA-F2',
        doc: 'Height of the zone in feet (e.g. `20ft`), for falls.',
      },
      {
        name: 'drop',
        arg: 'drop',
        ref: 'zone',
        repeatable: true,
        rule: 'HA-F2',
        doc: '`drop Zone 20ft [soft]`: a one-way way down into another zone; moving along it is a Stride that ends with a fall (1 damage per 10 ft, HA-F1). `soft` halves it first.',
      },
    ],
  },
  side: {
    kind: 'side',
    example: 'heroes',
    token: 'type',
    snippet: 'side ${1:name} {\n\t${0}\n}',
    parents: ['encounter'],
    doc: 'A team. Each line places a character: `Name [xN] at Zone [deck D]`. Combat ends when one side has nobody able to act (HA-I6).',
    attributes: [],
    placementHelp: { short: 'Name [xN] at Zone', full: 'Name [xN] at Zone [deck D]', example: 'Thug x3 at bar' },
    placements: [
      { name: 'at', arg: 'name', ref: 'zone', rule: 'HA-Z1', doc: '`at Zone`: where the character starts (HA-Z1).' },
      {
        name: 'deck',
        arg: 'name',
        ref: 'deck',
        rule: 'HA-C3',
        doc: '`deck Name`: the deck this copy fights with (HA-C3).',
      },
    ],
  },
  character: {
    kind: 'character',
    example: 'Kael',
    token: 'class',
    snippet:
      'character ${1:Name} {\n\theart ${2:2}  body ${3:2}  mind ${4:2}  spirit ${5:2}\n\tvitality ${6:12}\n\twields ${7:Unarmed}\n}',
    definable: true,
    extendable: true,
    parents: ['file'],
    doc: 'A stat block: a hero, a villain or a monster. Place it in a side; `Thug x3` makes three copies.',
    attributes: [
      ...stats,
      {
        name: 'vitality',
        arg: 'int',
        min: -1000000,
        max: 1000000,
        rule: 'HA-N4',
        doc: 'Vitality (health). Must be above 0; at 0 the character is Broken (HA-B1).',
      },
      {
        name: 'armor',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'HA-N2',
        doc: 'Armor, added to passive Guard: 5 + Body + armor (HA-N2).',
      },
      {
        name: 'guard',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'HA-N2',
        doc: 'Passive Guard, the defense against Strikes. Derived as 5 + Body + armor; a different value is a homebrew override (warned).',
      },
      {
        name: 'resolve',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'HA-N3',
        doc: 'Resolve, the defense against Spirit and Heart effects. Assumed 5 + Spirit when not declared (ruling HA-N3).',
      },
      {
        name: 'wields',
        arg: 'names',
        ref: 'weapon',
        rule: 'HA-S1',
        doc: 'The weapon(s) in hand: the first is the main weapon; a second Light one is the off-hand (HA-S6). Without it, the character fights unarmed (HA-W6).',
      },
      {
        name: 'offhand',
        arg: 'name',
        ref: 'weapon',
        rule: 'HA-S6',
        doc: 'Off-hand weapon. Dual wielding needs two Light weapons (HA-S6).',
      },
      {
        name: 'techniques',
        arg: 'names',
        ref: 'technique',
        repeatable: true,
        rule: 'HA-A4',
        doc: 'Techniques this character can use (each declared with `technique`).',
      },
      {
        name: 'perks',
        arg: 'enums',
        values: PERKS,
        valueDocs: docsOf(PERKS),
        repeatable: true,
        rule: 'HA-I4',
        doc: 'Perks: `quick-draw` (draw 2 cards for initiative, keep the better, HA-I4).',
      },
      {
        name: 'talents',
        arg: 'enums',
        values: TALENTS,
        valueDocs: docsOf(TALENTS),
        repeatable: true,
        rule: 'HA-W5',
        doc: 'Talents: `brawler` (+2 EV with unarmed or improvised attacks, HA-W5).',
      },
      {
        name: 'tactics',
        arg: 'enum',
        values: TACTIC_NAMES,
        valueDocs: docsOf(TACTIC_NAMES),
        doc: 'How the simulator plays this character: default, focus-weakest, nearest, defensive, support, kite. A `tactics { … }` block of priority rules goes first; its `otherwise PRESET` names the preset instead (issue 33).',
      },
      {
        name: 'player',
        arg: 'flag',
        rule: 'HA-U1',
        doc: 'A player character. Team Ultimates need 3 or more on one side (HA-U1).',
      },
      {
        name: 'deck',
        arg: 'name',
        ref: 'deck',
        rule: 'HA-C3',
        doc: 'The deck this character fights with (default: a standard 52-card deck, HA-C3).',
      },
    ],
  },
  weapon: {
    kind: 'weapon',
    example: 'Longsword',
    token: 'struct',
    snippet: 'weapon ${1:Name} { ${2|melee,thrown,ranged,firearm|} ${3:+1} }',
    definable: true,
    parents: ['file'],
    doc: 'A weapon: how it is used (melee, thrown, ranged, firearm), the stat it draws, its bonus damage and properties.',
    bareNumber: 'bonus',
    attributes: [
      {
        name: 'melee',
        arg: 'flag',
        group: 'kind',
        rule: 'HA-Z3',
        doc: 'Melee: draws Body, reaches Engaged (same zone).',
      },
      {
        name: 'thrown',
        arg: 'flag',
        group: 'kind',
        rule: 'HA-W1',
        doc: 'Thrown: draws Body, reaches Near (1 zone away) or closer.',
      },
      { name: 'ranged', arg: 'flag', group: 'kind', rule: 'HA-Z3', doc: 'Ranged: draws Mind, reaches Far.' },
      {
        name: 'firearm',
        arg: 'flag',
        group: 'kind',
        rule: 'HA-Z3',
        doc: 'Firearm: draws Mind, reaches Far; may have Scatter (HA-W3).',
      },
      ...STAT_NAMES.map((s): AttributeSpec => ({
        name: s,
        arg: 'flag',
        group: 'stat',
        rule: 'HA-S1',
        doc: `Draws ${s[0].toUpperCase() + s.slice(1)} for the Strike instead of the kind's usual stat.`,
      })),
      {
        name: 'bonus',
        arg: 'int',
        min: -1000,
        max: 1000,
        rule: 'HA-S2',
        doc: 'Bonus damage added to every hit (`+2`, or just write the number).',
      },
      ...WEAPON_PROPERTIES.map((p): AttributeSpec => ({
        name: p,
        arg: 'flag',
        rule: propertyDoc[p][0],
        doc: propertyDoc[p][1],
      })),
      {
        name: 'improvised',
        arg: 'flag',
        rule: 'HA-W4',
        doc: 'Improvised: a bottle or rock (+0, Body, melee, can be thrown at Near); with `heavy`, a chair or crate (+1, Heavy, not thrown). Breaks on a crit.',
      },
    ],
  },
  technique: {
    kind: 'technique',
    example: '"Soul Lance"',
    token: 'function',
    snippet:
      'technique ${1:"Name"} { cost ${2|1,2,3|}  stat ${3|spirit,heart,body,mind|}  range ${4|engaged,near,far|} }',
    definable: true,
    parents: ['file'],
    doc: 'A signature ability: costs 1–3 actions (HA-A4), draws a stat, targets Guard or Resolve.',
    attributes: [
      { name: 'cost', arg: 'int', min: -1000, max: 1000, rule: 'HA-A4', doc: 'Actions it costs: 1, 2 or 3 (HA-A4).' },
      { name: 'stat', arg: 'enum', values: STAT_NAMES, rule: 'HA-K1', doc: 'The stat drawn for it.' },
      {
        name: 'against',
        arg: 'enum',
        values: ['guard', 'resolve'],
        valueDocs: docsOf(['guard', 'resolve']),
        rule: 'HA-N3',
        doc: 'The defense it is compared against. Default: Resolve for Heart and Spirit techniques, Guard otherwise.',
      },
      {
        name: 'targets',
        arg: 'enum',
        values: ['single', 'dual', 'sweep'],
        valueDocs: docsOf(['single', 'dual', 'sweep']),
        rule: 'HA-M1',
        doc: '`single` (default), `dual` (one draw against two targets, HA-M1), `sweep` (every enemy in a zone, HA-M2).',
      },
      {
        name: 'range',
        arg: 'enum',
        values: BANDS,
        valueDocs: docsOf(BANDS),
        rule: 'HA-Z2',
        doc: 'The farthest band it reaches: engaged (default), near or far.',
      },
      { name: 'bonus', arg: 'int', min: -1000, max: 1000, rule: 'HA-S2', doc: 'Technique bonus damage (HA-S2).' },
    ],
    bareNumber: 'bonus',
  },
  deck: {
    kind: 'deck',
    example: 'Scripted',
    token: 'variable',
    snippet: 'deck ${1:Name} { ${2|stacked,homebrew,standard|}  cards $0 }',
    definable: true,
    parents: ['file', 'encounter'],
    doc: 'A deck for a combatant (HA-C3): standard 52 cards, a homebrew list, or a stacked deck for a scripted scene.',
    attributes: [
      { name: 'standard', arg: 'flag', group: 'kind', rule: 'HA-C3', doc: 'The 52-card deck, shuffled (the default).' },
      {
        name: 'homebrew',
        arg: 'flag',
        group: 'kind',
        rule: 'HA-C3',
        doc: 'Exactly the listed cards (repeats allowed), shuffled.',
      },
      {
        name: 'stacked',
        arg: 'flag',
        group: 'kind',
        rule: 'HA-C3',
        doc: 'The listed cards are drawn first, in the written order; the rest of a standard deck lies shuffled beneath (unless `only`).',
      },
      {
        name: 'cards',
        arg: 'cards',
        repeatable: true,
        rule: 'HA-C1',
        doc: 'Card literals: 2–10, J, Q, K, A then a suit ♥ ♣ ♦ ♠ (or H C D S): `10♣ QS A♥`.',
      },
      { name: 'only', arg: 'flag', rule: 'HA-C3', doc: 'With `stacked`: the deck holds only the listed cards.' },
    ],
  },
};

export const BLOCK_KINDS = Object.keys(SCHEMA) as BlockKind[];

/** Words that read as placement syntax inside a `side`. */
export const PLACEMENT_DOC = {
  at: SCHEMA.side.placements![0].doc,
  deck: SCHEMA.side.placements![1].doc,
};

/**
 * The words of a GM's priority rules (issue 33; docs/LANGUAGE.md "Tactics", docs/TACTICS.md "GM priority rules"):
 * what a Halcyon Aces combatant's rules may compare, test, find and do. Every action is an option at one of the
 * engine's decision points (engine/decisions.ts: action, seize, reaction); the GM-rules module of the engine
 * (engine/gm-rules.ts) answers each measure, state and place.
 */
export const HA_TACTICS: TacticsVocabulary = {
  measures: {
    vitality: {
      doc: 'Vitality left (HA-N4); `30%` is a share of its declared Vitality. At 0 it is Broken (HA-B1).',
      percent: true,
    },
    guard: { doc: 'The Guard an attack meets now: Active Guard while it holds, else passive Guard (HA-N2, HA-A5).' },
    resolve: { doc: 'Resolve, the defense against Spirit and Heart techniques (HA-N3).' },
    actions: {
      doc: 'Actions left in its turn (three a turn, HA-T1; fewer after Seize Initiative, HA-I5). Others: 0.',
      percent: true,
    },
    initiative: { doc: "This round's initiative value (HA-I1, after a Seize: the new card's, HA-I5)." },
    deck: {
      doc: 'Cards left in its deck (HA-C3); `50%` is a share of its full deck. An empty deck while Broken is Defeated (HA-B3).',
      percent: true,
    },
    fatigue: { doc: 'Cards in its fatigue pile (HA-C4): what Recover brings back (HA-A9).' },
    'failing draws': { doc: 'Failing Draws while Broken (HA-B2): at 3 it is Defeated (HA-B3).' },
  },
  states: {
    broken: { doc: 'At 0 Vitality, down but not Defeated (HA-B1): an ally may stabilize it (HA-B4).' },
    prone: { doc: 'On the ground: standing costs its next action (HA-T2).' },
    stunned: { doc: 'Loses 1 action on its next turn (HA-T1).' },
    weakened: { doc: '−1 EV on its checks until the end of its next turn (HA-T3).' },
    guarding: { doc: 'Its Active Guard holds until its next turn (HA-A5).' },
    disarmed: {
      doc: 'A weapon of its lies dropped (HA-W2 Disarming) or broken (HA-W4): it fights with what is left (HA-W6).',
    },
    assisted: { doc: 'An ally has Assisted it: +1 EV on its next check this round (HA-A7).' },
    player: { doc: 'A player character (`player`, HA-U1).' },
  },
  places: {
    engaged: { doc: 'In the same zone (HA-Z2).' },
    near: { doc: 'One zone away (HA-Z2).' },
    far: { doc: 'Two or more zones away (HA-Z2).' },
    'in reach': { doc: "Within the band of the deciding combatant's weapon in hand (HA-Z3): a Strike can reach it." },
    'within a stride': { doc: 'In its zone or one Stride away (HA-A1).' },
  },
  actions: {
    strike: {
      doc: 'Strike with the weapon in hand (HA-A3), or `strike "Dagger"` that weapon (the off-hand: HA-S6).',
      name: 'weapon',
      aimed: true,
    },
    scatter: { doc: "A Scatter weapon against every enemy in the target's zone (HA-W3).", name: 'weapon', aimed: true },
    technique: {
      doc: 'A technique it can afford (HA-A4), or `technique "Tidal Cut"` that one.',
      name: 'technique',
      aimed: true,
    },
    stride: { doc: 'Stride 1 zone (HA-A1), or `stride gate` to that zone.', name: 'zone' },
    dash: { doc: 'Dash 2 zones, 2 actions (HA-A2), or `dash gate` to end there.', name: 'zone' },
    'active-guard': { doc: 'Active Guard, 2 actions: a Body check whose EV is its Guard until its next turn (HA-A5).' },
    assist: {
      doc: 'Assist an ally in its zone who acts later this round: +1 EV on its next check (HA-A7).',
      aimed: true,
    },
    recover: { doc: 'Recover, 2 actions: cards from fatigue back into the deck (HA-A9).' },
    stabilize: { doc: 'Stabilize a Broken ally in its zone: a Heart check (HA-B4, HA-A10).', aimed: true },
    interact: { doc: 'Pick up its dropped weapon (HA-A6), or `interact "Dagger"` that one.', name: 'weapon' },
    stand: { doc: 'Stand up from Prone (HA-T2); it comes first anyway.' },
    'link-strike': {
      doc: 'Declare a Link Strike with the ally acting next (HA-L1; `options link-strikes`).',
      aimed: true,
    },
    'team-ultimate': {
      doc: 'The Team Ultimate, once per combat (HA-U1; `options team-ultimates`, 3+ players).',
      aimed: true,
    },
    'end-turn': { doc: 'End its turn, leaving the actions it has left.' },
    'seize-initiative': {
      doc: "At a round's start (2+): discard and redraw initiative, one action less that round (HA-I5).",
    },
    brace: { doc: 'Its Reaction: a free Strike at an enemy moving into its zone (HA-R2).', aimed: true },
  },
  presets: Object.fromEntries(TACTIC_NAMES.map((t) => [t, { doc: VALUE_DOC[t] }])),
};

/** The schema's blocks, with the `tactics { … }` block of GM priority rules (issue 33) under a character or a side. */
const HA_BLOCKS: Record<string, BlockSpec> = {
  ...SCHEMA,
  tactics: tacticsBlock(['character', 'side'], 'when self vitality below 30%: active-guard'),
};

export const HA_SCHEMA: SystemSchema = { blocks: HA_BLOCKS, builtins: { weapon: ['Unarmed'] }, tactics: HA_TACTICS };

export function haAttributeSpec(kind: BlockKind, name: string): AttributeSpec | undefined {
  return SCHEMA[kind].attributes.find((a) => a.name === name);
}
