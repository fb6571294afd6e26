// Hand-built checked models for engine tests (the checker is written
// elsewhere): builders fill the derived fields the checker would
// (guard = 5 + Body + armor, resolve = 5 + Spirit, draws = max(2, stat),
// Heavy −1 initiative, ids "Thug 1".., zone distances).

import type {
  Card,
  DeckSpec,
  Encounter,
  Perk,
  Stat,
  StatBlock,
  Tactic,
  Talent,
  Technique,
  Weapon,
  WeaponKind,
  WeaponProperty,
  Zone,
  Band,
} from '../../../../systems/halcyon-aces/model.js';
import { parseCard } from '../../../../systems/halcyon-aces/engine/cards.js';

export function cards(text: string): Card[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => {
      const c = parseCard(t);
      if (c === undefined) throw new Error(`bad card ${t}`);
      return c;
    });
}

export const UNARMED: Weapon = {
  name: 'Unarmed',
  kind: 'melee',
  stat: 'body',
  reach: 'engaged',
  bonus: 0,
  properties: [],
  unarmed: true,
};

export function weapon(
  name: string,
  o: {
    kind?: WeaponKind;
    stat?: Stat;
    reach?: Band;
    bonus?: number;
    properties?: WeaponProperty[];
    improvised?: 'standard' | 'heavy';
  } = {},
): Weapon {
  const kind = o.kind ?? 'melee';
  const props = o.properties ?? [];
  const reach: Band =
    o.reach ??
    (kind === 'melee'
      ? props.includes('thrown') || o.improvised === 'standard'
        ? 'near'
        : 'engaged'
      : kind === 'thrown'
        ? 'near'
        : 'far');
  const w: Weapon = {
    name,
    kind,
    stat: o.stat ?? (kind === 'ranged' || kind === 'firearm' ? 'mind' : 'body'),
    reach,
    bonus: o.bonus ?? (o.improvised === 'heavy' ? 1 : 0),
    properties: props.slice(),
  };
  if (o.improvised) {
    w.improvised = o.improvised;
    if (o.improvised === 'heavy' && !w.properties.includes('heavy')) w.properties.push('heavy');
    if (o.improvised === 'standard' && !w.properties.includes('thrown')) w.properties.push('thrown');
  }
  return w;
}

export const LONGSWORD = weapon('Longsword', { bonus: 2 });

export function technique(name: string, o: Partial<Omit<Technique, 'name'>> = {}): Technique {
  return {
    name,
    cost: o.cost ?? 1,
    stat: o.stat ?? 'spirit',
    against: o.against ?? 'resolve',
    targets: o.targets ?? 'single',
    reach: o.reach ?? 'near',
    bonus: o.bonus ?? 0,
  };
}

export interface BlockOpts {
  name: string;
  heart?: number;
  body?: number;
  mind?: number;
  spirit?: number;
  vitality?: number;
  armor?: number;
  guard?: number;
  resolve?: number;
  weapon?: Weapon;
  offhand?: Weapon;
  techniques?: Technique[];
  perks?: Perk[];
  talents?: Talent[];
  tactic?: Tactic;
  player?: boolean;
  deck?: DeckSpec;
}

export function block(o: BlockOpts): StatBlock {
  const stats = { heart: o.heart ?? 2, body: o.body ?? 2, mind: o.mind ?? 2, spirit: o.spirit ?? 2 };
  const armor = o.armor ?? 0;
  const rulesGuard = 5 + stats.body + armor;
  const w = o.weapon ?? UNARMED;
  const heavy = w.properties.includes('heavy') || !!o.offhand?.properties.includes('heavy');
  return {
    name: o.name,
    stats,
    vitality: o.vitality ?? 12,
    armor,
    guard: o.guard ?? rulesGuard,
    rulesGuard,
    guardDeclared: o.guard !== undefined,
    resolve: o.resolve ?? 5 + stats.spirit,
    resolveAssumed: o.resolve === undefined,
    weapon: w,
    offhand: o.offhand,
    techniques: o.techniques ?? [],
    perks: o.perks ?? [],
    talents: o.talents ?? [],
    tactic: o.tactic ?? 'default',
    player: o.player ?? false,
    draws: {
      heart: Math.max(2, stats.heart),
      body: Math.max(2, stats.body),
      mind: Math.max(2, stats.mind),
      spirit: Math.max(2, stats.spirit),
    },
    initiativeModifier: heavy ? -1 : 0,
    deck: o.deck,
  };
}

export function deck(kind: DeckSpec['kind'], text = '', only = false, name = 'test deck'): DeckSpec {
  return { name, kind, cards: cards(text), only };
}

export const stacked = (text: string, only = false) => deck('stacked', text, only);

export interface ZoneOpts {
  name: string;
  adjacent?: string[];
  drops?: { to: string; feet: number; soft?: boolean }[];
  height?: number;
}

export interface Placement {
  block: StatBlock;
  at: string;
  count?: number;
  deck?: DeckSpec;
}

export interface EncounterOpts {
  name?: string;
  seed?: number;
  rounds?: number;
  linkStrikes?: boolean;
  teamUltimates?: boolean;
  zones?: ZoneOpts[];
  sides: Record<string, Placement[]>;
}

export function encounter(o: EncounterOpts): Encounter {
  const zonesIn = o.zones ?? [{ name: 'field' }];
  const names = zonesIn.map((z) => z.name);
  const adj = new Map(names.map((n) => [n, new Set<string>()]));
  for (const z of zonesIn)
    for (const a of z.adjacent ?? []) {
      adj.get(z.name)!.add(a);
      adj.get(a)!.add(z.name);
    }
  const zones: Zone[] = zonesIn.map((z) => ({
    name: z.name,
    height: z.height ?? 0,
    adjacent: [...adj.get(z.name)!],
    drops: (z.drops ?? []).map((d) => ({ to: d.to, feet: d.feet, soft: !!d.soft })),
  }));
  const nz = names.length;
  const distance = names.map((from) => {
    const d = new Array<number>(nz).fill(Infinity);
    const q = [from];
    d[names.indexOf(from)] = 0;
    while (q.length) {
      const x = q.shift()!;
      for (const y of adj.get(x)!) {
        const yi = names.indexOf(y);
        if (d[yi] === Infinity) {
          d[yi] = d[names.indexOf(x)] + 1;
          q.push(y);
        }
      }
    }
    return d;
  });
  const combatants: Encounter['combatants'] = [];
  let order = 0;
  for (const [side, ps] of Object.entries(o.sides)) {
    for (const p of ps) {
      const count = p.count ?? 1;
      for (let i = 1; i <= count; i++) {
        combatants.push({
          id: count > 1 ? `${p.block.name} ${i}` : p.block.name,
          block: p.block,
          side,
          zone: p.at,
          deck: p.deck ?? p.block.deck ?? { name: 'standard', kind: 'standard', cards: [], only: false },
          order: order++,
        });
      }
    }
  }
  return {
    name: o.name ?? 'test',
    seed: o.seed ?? 1,
    rounds: o.rounds ?? 50,
    options: { linkStrikes: !!o.linkStrikes, teamUltimates: !!o.teamUltimates },
    zones,
    sides: Object.keys(o.sides),
    combatants,
    distance,
  };
}

// ───────────────────────── shared fixture encounters ─────────────────────────

const SHORTBOW = weapon('Shortbow', { kind: 'ranged', bonus: 1, properties: ['quick'] });
const MAUL = weapon('Maul', { bonus: 3, properties: ['heavy', 'brutal', 'staggering'] });
const RAPIER = weapon('Rapier', { bonus: 1, properties: ['light', 'keen', 'disarming'] });
const DAGGER = weapon('Dagger', { bonus: 0, properties: ['light', 'thrown'] });
const BLUNDERBUSS = weapon('Blunderbuss', { kind: 'firearm', reach: 'near', bonus: 2, properties: ['scatter'] });
const GLAIVE = weapon('Glaive', { bonus: 2, properties: ['sweeping'] });
const BOTTLE = weapon('Bottle', { improvised: 'standard' });
const CHAIR = weapon('Chair', { improvised: 'heavy' });

/** 3v3: melee, ranged, techniques (single/dual/sweep), zones with a drop, several tactics. */
export function mixed3v3(seed = 7): Encounter {
  return encounter({
    name: 'Ambush at the Rusty Flagon',
    seed,
    rounds: 40,
    zones: [
      { name: 'bar', adjacent: ['floor'] },
      { name: 'floor', adjacent: ['bar', 'door'] },
      { name: 'balcony', drops: [{ to: 'floor', feet: 20, soft: false }], adjacent: ['door'] },
      { name: 'door' },
    ],
    sides: {
      heroes: [
        {
          at: 'floor',
          block: block({
            name: 'Kael',
            heart: 2,
            body: 4,
            mind: 2,
            spirit: 1,
            vitality: 24,
            armor: 1,
            weapon: LONGSWORD,
            perks: ['quick-draw'],
            tactic: 'focus-weakest',
            player: true,
          }),
        },
        {
          at: 'balcony',
          block: block({
            name: 'Mira',
            heart: 3,
            body: 2,
            mind: 3,
            spirit: 4,
            vitality: 16,
            weapon: SHORTBOW,
            techniques: [
              technique('Soul Lance', { cost: 2, bonus: 1 }),
              technique('Spirit Wave', { cost: 2, targets: 'sweep', reach: 'near' }),
            ],
            tactic: 'kite',
            player: true,
          }),
        },
        {
          at: 'door',
          block: block({
            name: 'Bram',
            heart: 4,
            body: 3,
            mind: 2,
            spirit: 2,
            vitality: 20,
            armor: 1,
            weapon: RAPIER,
            offhand: DAGGER,
            tactic: 'support',
            player: true,
          }),
        },
      ],
      thugs: [
        {
          at: 'bar',
          block: block({ name: 'Brute', body: 4, vitality: 22, armor: 1, weapon: MAUL, tactic: 'nearest' }),
        },
        {
          at: 'bar',
          block: block({
            name: 'Gunner',
            mind: 4,
            vitality: 14,
            weapon: BLUNDERBUSS,
            techniques: [
              technique('Twin Shot', { stat: 'mind', against: 'guard', targets: 'dual', reach: 'far', cost: 2 }),
            ],
          }),
        },
        {
          at: 'bar',
          block: block({
            name: 'Reaver',
            body: 3,
            vitality: 16,
            weapon: GLAIVE,
            talents: ['brawler'],
            tactic: 'defensive',
          }),
        },
      ],
    },
  });
}

/** A duel in one zone. */
export function duel(seed = 3): Encounter {
  return encounter({
    name: 'Duel',
    seed,
    rounds: 30,
    sides: {
      a: [
        { at: 'field', block: block({ name: 'Ayla', body: 4, heart: 3, vitality: 18, armor: 1, weapon: LONGSWORD }) },
      ],
      b: [{ at: 'field', block: block({ name: 'Borin', body: 3, spirit: 3, vitality: 20, armor: 2, weapon: MAUL }) }],
    },
  });
}

/** Options on: 3 player characters (Team Ultimate), Link Strikes, brawlers with improvised weapons. */
export function optionsOn(seed = 11): Encounter {
  return encounter({
    name: 'Tavern brawl',
    seed,
    rounds: 40,
    linkStrikes: true,
    teamUltimates: true,
    zones: [{ name: 'hall', adjacent: ['yard'] }, { name: 'yard' }],
    sides: {
      party: [
        { at: 'hall', block: block({ name: 'Kael', body: 4, vitality: 20, weapon: LONGSWORD, player: true }) },
        {
          at: 'hall',
          block: block({
            name: 'Tess',
            body: 3,
            heart: 3,
            vitality: 16,
            weapon: BOTTLE,
            talents: ['brawler'],
            player: true,
          }),
        },
        {
          at: 'hall',
          block: block({
            name: 'Odo',
            body: 3,
            vitality: 18,
            weapon: CHAIR,
            talents: ['brawler'],
            player: true,
            tactic: 'support',
          }),
        },
      ],
      ogres: [
        {
          at: 'yard',
          count: 2,
          block: block({
            name: 'Ogre',
            body: 5,
            vitality: 30,
            armor: 3,
            weapon: weapon('Club', { bonus: 3, properties: ['heavy', 'staggering'] }),
          }),
        },
      ],
    },
  });
}

/** Two sides out of reach of each other: only the round cap ends it (HA-I6 stalemate). */
export function unreachable(seed = 5): Encounter {
  return encounter({
    name: 'Across the chasm',
    seed,
    rounds: 6,
    zones: [{ name: 'west' }, { name: 'east' }],
    sides: {
      a: [{ at: 'west', block: block({ name: 'Ann', weapon: LONGSWORD }) }],
      b: [{ at: 'east', block: block({ name: 'Bob', weapon: LONGSWORD }) }],
    },
  });
}

// ───────────────────────── stepping helpers ─────────────────────────

import { CombatSim } from '../../../../systems/halcyon-aces/engine/sim.js';
import type { EventSink } from '../../../../systems/halcyon-aces/engine/sim/state.js';
import { compile } from '../../../../systems/halcyon-aces/engine/compile.js';
import type { CombatEvent } from '../../../../systems/halcyon-aces/engine/events.js';
import { renderEvent } from '../../../../systems/halcyon-aces/engine/render.js';

/** Runs one combat in event mode; `onEvent` sees each event the moment it is emitted, with the live state. */
export function play(
  enc: Encounter,
  seed = enc.seed,
  onEvent?: (e: CombatEvent, sim: CombatSim) => void,
): { events: CombatEvent[]; sim: CombatSim } {
  const sim = new CombatSim(compile(enc));
  const events: CombatEvent[] = [];
  const sink: EventSink = {
    push: (e) => {
      events.push(e);
      onEvent?.(e, sim);
    },
  };
  sim.begin(seed, sink);
  while (!sim.done) sim.step();
  return { events, sim };
}

export function lines(events: CombatEvent[]): string[] {
  return events.map(renderEvent).filter((l): l is string => l !== undefined);
}

export type AttackEvent = Extract<CombatEvent, { type: 'attack' }>;
export const attacks = (ev: CombatEvent[]) => ev.filter((e): e is AttackEvent => e.type === 'attack');
export function ofType<T extends CombatEvent['type']>(ev: CombatEvent[], t: T): Extract<CombatEvent, { type: T }>[] {
  return ev.filter((e) => e.type === t) as Extract<CombatEvent, { type: T }>[];
}
