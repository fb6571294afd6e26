// Builds checked model objects from schema-read blocks, filling defaults and
// derived values and reporting every rule of RULES.md the text can break.
// Each block is built once, in the scope of the file that declares it.

import type { Range } from '../../grammar/ast.js';
import { cardName, DECK_SIZE } from './engine/cards.js';
import { MAX_ZONES, reachOf, UNREACHABLE } from './engine/reach.js';
import type {
  Band,
  Combatant,
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
} from './model.js';
import { STATS } from './model.js';
import { BlockChecker, quoteName } from '../../model/check-kit.js';
import { placementName, type AttrValue, type NameRef, type RawBlock } from '../../model/read.js';
import { WEAPON_PROPERTIES, type BlockKind } from './schema.js';
import { didYouMean, suggest } from '../../model/suggest.js';

import type { Scope } from '../../model/system.js';
export type { Scope };

/** HA-W6: unarmed is a weapon of +0 bonus, Body, melee. */
export const UNARMED: Weapon = Object.freeze({
  name: 'Unarmed',
  kind: 'melee',
  stat: 'body',
  reach: 'engaged',
  bonus: 0,
  properties: [],
  unarmed: true,
}) as Weapon;

export const STANDARD_DECK: DeckSpec = Object.freeze({ name: 'standard', kind: 'standard', cards: [], only: false }) as DeckSpec;

export const DEFAULT_ROUNDS = 50;
export const DEFAULT_SEED = 1;
export const MAX_COMBATANTS = 200;
/**
 * Turns in one combat (rounds cap × combatants): 6 combatants may fight 10,000 rounds, 200 combatants 500.
 * Real fights end in a handful of rounds; the cap only bounds a fight nobody can win (a few seconds at most).
 */
export const MAX_TURNS = 100_000;
export { MAX_ZONES };
/** The zone everyone stands in when an encounter declares none. */
export const DEFAULT_ZONE = 'field';

const REACH: Record<WeaponKind, Band> = { melee: 'engaged', thrown: 'near', ranged: 'far', firearm: 'far' };
const KIND_STAT: Record<WeaponKind, Stat> = { melee: 'body', thrown: 'body', ranged: 'mind', firearm: 'mind' };

export class ModelBuilder extends BlockChecker<BlockKind> {
  private readonly weapons = new Map<RawBlock, Weapon>();
  private readonly techniques = new Map<RawBlock, Technique>();
  private readonly decks = new Map<RawBlock, DeckSpec>();
  private readonly blocks = new Map<RawBlock, StatBlock>();

    private resolve(raw: RawBlock, kind: BlockKind, ref: NameRef, extra: string[] = []): RawBlock | undefined {
    const scope = this.scopeOf(ref.file ?? raw.file);
    const found = scope.lookup(kind, ref.text);
    if (found) return found;
    if (kind === 'weapon' && scope.lookup('technique', ref.text)) {
      // a technique in `wields`: say what it is, not "declare a weapon of that name"
      this.diags.push({
        file: raw.file, range: ref.range, severity: 'error', code: 'HA-A4', fix: 'wields-technique',
        message: `'${ref.text}' is a technique, not a weapon: a character wields weapons and uses techniques (HA-A4). List it under \`techniques ${quoteName(ref.text)}\`.`,
      });
      return undefined;
    }
    this.unknownName(raw, kind, ref, [...scope.names(kind), ...extra]);
    return undefined;
  }

  // ---- weapons ----------------------------------------------------------

  weapon(raw: RawBlock): Weapon {
    const memo = this.weapons.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const kindAttr = this.group(raw, 'kind');
    const statAttr = this.group(raw, 'stat');
    const kind = (kindAttr?.spec.name ?? 'melee') as WeaponKind;
    const improvised = this.has(raw, 'improvised') ? (this.has(raw, 'heavy') ? 'heavy' : 'standard') : undefined;
    const properties = WEAPON_PROPERTIES.filter((p) => this.has(raw, p)) as WeaponProperty[];
    const bonusAttr = this.one(raw, 'bonus');
    const bonus = bonusAttr?.int ?? (improvised === 'heavy' ? 1 : 0);
    let reach = REACH[kind];
    if (kind === 'thrown') properties.push('thrown');
    const stat = (statAttr?.spec.name as Stat | undefined) ?? KIND_STAT[kind];

    if (statAttr && stat !== KIND_STAT[kind]) {
      this.report(
        f,
        statAttr.keyRange,
        'warning',
        'HA-S1',
        `${raw.name} is ${kind === 'melee' ? 'a melee' : `a ${kind}`} weapon drawing ${cap(stat)}; the rules draw ${cap(KIND_STAT[kind])} for ${kind} Strikes (HA-S1). Keep it only as a homebrew choice.`,
      );
    }
    if (improvised) {
      // HA-W4: standard improvised +0, Body, melee, thrown at Near; heavy +1, Heavy, not thrown.
      if (kind === 'ranged' || kind === 'firearm') {
        this.report(f, kindAttr!.keyRange, 'error', 'HA-W4', `Improvised weapons are melee (a standard one can also be thrown at Near); ${raw.name} cannot be ${kind} (HA-W4).`);
      }
      if (improvised === 'heavy' && kind === 'thrown') {
        this.report(f, kindAttr!.keyRange, 'error', 'HA-W4', `A heavy improvised weapon (chair, crate) cannot be thrown (HA-W4). Remove 'thrown', or drop 'heavy' for a bottle-sized one.`);
      }
      const expected = improvised === 'heavy' ? 1 : 0;
      if (bonusAttr?.int !== undefined && bonusAttr.int !== expected) {
        this.report(f, bonusAttr.range, 'warning', 'HA-W4', `${improvised === 'heavy' ? 'Heavy improvised' : 'Improvised'} weapons deal +${expected} bonus damage (HA-W4); ${raw.name} says ${fmtSigned(bonusAttr.int)} (homebrew).`);
      }
      if (improvised === 'standard' && kind !== 'ranged' && kind !== 'firearm') {
        if (!properties.includes('thrown')) properties.push('thrown');
        reach = 'near';
      }
    }
    if (properties.includes('light') && properties.includes('heavy')) {
      // HA-W1: Light (dual wielding) and Heavy (−1 initiative) describe opposite weapons.
      const at = raw.attrs.find((a) => a.spec.name === 'heavy')!;
      this.report(f, at.keyRange, 'error', 'HA-W1', `${raw.name} is both light and heavy (HA-W1): a Light weapon can be dual-wielded, a Heavy one costs −1 initiative. Keep one of the two.`);
    }
    if (improvised) {
      // HA-W4 lists everything an improvised weapon is; crit properties (keen, brutal, …) are not among them.
      for (const p of properties.filter((q) => q !== 'heavy' && q !== 'thrown' && q !== 'light')) {
        const at = raw.attrs.find((a) => a.spec.name === p)!;
        this.report(f, at.keyRange, 'warning', 'HA-W4', `Improvised weapons have no '${p}' (HA-W4 gives them only +0 Body melee, thrown at Near, or heavy +1). Remove '${p}', or drop 'improvised' to make ${raw.name} a real weapon.`);
      }
    }
    if (properties.includes('scatter') && kind !== 'firearm') {
      this.report(f, raw.attrs.find((a) => a.spec.name === 'scatter')!.keyRange, 'warning', 'HA-W3', `Scatter is a firearm property (HA-W3); ${raw.name} is ${kind}.`);
    }
    const w: Weapon = { name: raw.name, kind, stat, reach, bonus, properties, improvised, range: raw.nameRange, file: f };
    if (improvised === 'heavy' && !w.properties.includes('heavy')) w.properties.push('heavy');
    this.weapons.set(raw, w);
    return w;
  }

  // ---- techniques -------------------------------------------------------

  technique(raw: RawBlock): Technique {
    const memo = this.techniques.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const costAttr = this.one(raw, 'cost');
    let cost = costAttr?.int ?? 1;
    if (!costAttr) this.report(f, raw.nameRange, 'error', 'HA-A4', `${raw.name} has no cost: add \`cost 1\`, \`cost 2\` or \`cost 3\` (actions, HA-A4).`);
    else if (costAttr.int !== undefined && (costAttr.int < 1 || costAttr.int > 3)) {
      // Say what is wrong for each side of the range and what to write instead (HA-A4).
      const why = costAttr.int < 1
        ? `a technique takes at least 1 of the turn's 3 actions, so it cannot be free`
        : `a turn has only 3 actions`;
      this.report(f, costAttr.range, 'error', 'HA-A4', `${raw.name} costs ${costAttr.int} actions, but a technique costs 1 to 3 (HA-A4): ${why}. Write \`cost ${costAttr.int < 1 ? 1 : 3}\`.`);
      cost = Math.max(1, Math.min(3, costAttr.int));
    }
    const statAttr = this.one(raw, 'stat');
    const stat = this.enumValue<Stat>(raw, statAttr, STATS) ?? 'body';
    if (!statAttr) this.report(f, raw.nameRange, 'error', 'bad-value', `${raw.name} needs the stat it draws: add \`stat spirit\` (or heart, body, mind).`);
    const against =
      this.enumValue<'guard' | 'resolve'>(raw, this.one(raw, 'against'), ['guard', 'resolve']) ??
      (stat === 'spirit' || stat === 'heart' ? 'resolve' : 'guard');
    const targets = this.enumValue<'single' | 'dual' | 'sweep'>(raw, this.one(raw, 'targets'), ['single', 'dual', 'sweep']) ?? 'single';
    const reach = this.enumValue<Band>(raw, this.one(raw, 'range'), ['engaged', 'near', 'far']) ?? 'engaged';
    const bonus = this.one(raw, 'bonus')?.int ?? 0;
    const t: Technique = { name: raw.name, cost, stat, against, targets, reach, bonus, range: raw.nameRange, file: f };
    this.techniques.set(raw, t);
    return t;
  }

  private enumList<T extends string>(raw: RawBlock, name: string, values: readonly T[], elsewhere?: { values: readonly string[]; attr: string }): T[] {
    const out: T[] = [];
    for (const v of this.many(raw, name)) {
      if ((values as readonly string[]).includes(v.text)) {
        if (!out.includes(v.text as T)) out.push(v.text as T);
        continue;
      }
      if (elsewhere?.values.includes(v.text)) {
        this.report(raw.file, v.range, 'error', 'bad-value', `'${v.text}' is a ${elsewhere.attr.replace(/s$/, '')}, not a ${name.replace(/s$/, '')}: write it under \`${elsewhere.attr}\`.`);
        continue;
      }
      const sugg = suggest(v.text, values);
      this.report(raw.file, v.range, 'error', 'bad-value', `Unknown ${name.replace(/s$/, '')} '${v.text}'. Known: ${values.join(', ')}.${didYouMean(sugg)}`, sugg);
    }
    return out;
  }

  // ---- decks ------------------------------------------------------------

  deck(raw: RawBlock): DeckSpec {
    const memo = this.decks.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const kindAttr = this.group(raw, 'kind');
    const cardAttrs = raw.attrs.filter((a) => a.spec.name === 'cards');
    const cards = cardAttrs.flatMap((a) => a.cards);
    const kind = (kindAttr?.spec.name ?? (cards.length ? 'stacked' : 'standard')) as DeckSpec['kind'];
    const onlyAttr = this.one(raw, 'only');
    if (kind === 'standard' && cards.length) {
      this.report(f, cardAttrs[0].keyRange, 'warning', 'HA-C3', `A standard deck is the 52 cards, shuffled; the listed cards are ignored. Say \`stacked\` to put them on top, or \`homebrew\` to use only them.`);
    }
    if (onlyAttr && kind !== 'stacked') this.report(f, onlyAttr.keyRange, 'warning', 'HA-C3', `'only' applies to stacked decks; a ${kind} deck ignores it.`);
    if (kind === 'stacked') {
      // HA-C3/HA-C6: a stacked deck is a standard deck in a chosen order, so each card appears once.
      const seen = new Map<number, string>();
      for (const c of cards) {
        if (seen.has(c.card)) {
          this.report(f, c.range, 'error', 'HA-C3', `${cardName(c.card)} is already in this stacked deck; a standard deck has one of each card. Use \`homebrew\` for a deck with repeats.`);
        } else seen.set(c.card, c.text);
      }
    }
    if (kind === 'homebrew' && cards.length === 0) {
      this.report(f, raw.nameRange, 'error', 'HA-C3', `Homebrew deck ${raw.name} has no cards: list them with \`cards 10♣ QS …\`.`);
    }
    if ((kind === 'homebrew' || (kind === 'stacked' && onlyAttr)) && cards.length > 0 && cards.length < 2) {
      this.report(f, raw.nameRange, 'warning', 'HA-K1', `Deck ${raw.name} has ${cards.length} card; every check draws at least 2 (HA-K1), so it will run dry at once.`);
    }
    if (cards.length > DECK_SIZE * 20) this.report(f, raw.nameRange, 'error', 'limit', `Deck ${raw.name} lists ${cards.length} cards; the limit is ${DECK_SIZE * 20}.`);
    const d: DeckSpec = {
      name: raw.name,
      kind,
      cards: kind === 'stacked' ? dedupe(cards.map((c) => c.card)) : cards.map((c) => c.card),
      only: kind === 'stacked' && !!onlyAttr,
      range: raw.nameRange,
      file: f,
    };
    this.decks.set(raw, d);
    return d;
  }

  // ---- characters -------------------------------------------------------

  character(raw: RawBlock): StatBlock {
    const memo = this.blocks.get(raw);
    if (memo) return memo;
    // An unknown base is one mistake: its stats and vitality are not also called missing.
    const { value: b, base, inherited } = this.buildInherited(raw, 'character', [...STATS, 'vitality'], (m) => this.buildCharacter(m));
    if (base) Object.assign(b, { base, inherited });
    this.blocks.set(raw, b);
    return b;
  }

  private buildCharacter(raw: RawBlock): StatBlock {
    const f = raw.file;
    const stats = {} as Record<Stat, number>;
    const missing = STATS.filter((s) => !this.has(raw, s) && !raw.misspelt?.has(s));
    if (missing.length) {
      const list = missing.map(cap).join(missing.length === 2 ? ' or ' : ', ').replace(/, ([^,]+)$/, ' or $1');
      this.report(
        f,
        raw.nameRange,
        'error',
        'HA-N1',
        `${raw.name} has no ${list}. Every combatant has four stats, Heart, Body, Mind and Spirit, each 1–6 (HA-N1): add ${missing.map((s) => `\`${s} 2\``).join(', ')}.`,
      );
    }
    for (const s of STATS) {
      const a = this.one(raw, s);
      const v = a?.int;
      if (!a) {
        // reported above, once for all missing stats
      } else if (v !== undefined && v < 0) {
        this.report(f, a.range, 'error', 'HA-N1', `${cap(s)} ${v} is negative; stats are whole numbers 1–6 (HA-N1).`);
      } else if (v !== undefined && (v === 0 || v > 6)) {
        this.report(f, a.range, 'warning', 'HA-N1', `${cap(s)} ${v} is outside the rules' 1–6 (HA-N1): a homebrew value.${v === 0 ? ' A check still draws 2 cards (HA-K1).' : ''}`);
      }
      stats[s] = Math.max(0, v ?? 1);
    }
    const vit = this.one(raw, 'vitality');
    if (!vit && !raw.misspelt?.has('vitality')) this.report(f, raw.nameRange, 'error', 'HA-N4', `${raw.name} has no vitality. Vitality has no formula in the rules: declare it, e.g. \`vitality 20\` (HA-N4).`);
    else if (vit && vit.int !== undefined && vit.int <= 0) this.report(f, vit.range, 'error', 'HA-N4', `Vitality must be above 0 (HA-N4); ${raw.name} has ${vit.int}.`);
    const vitality = Math.max(1, vit?.int ?? 1);
    const armorAttr = this.one(raw, 'armor');
    const armor = armorAttr?.int ?? 0;
    if (armor < 0) this.report(f, armorAttr!.range, 'warning', 'HA-N2', `Armor ${armor} lowers Guard below 5 + Body: a homebrew value (HA-N2).`);
    const rulesGuard = 5 + stats.body + armor;
    const guardAttr = this.one(raw, 'guard');
    if (guardAttr?.int !== undefined && guardAttr.int !== rulesGuard) {
      this.report(
        f,
        guardAttr.range,
        'warning',
        'HA-N2',
        `Guard ${guardAttr.int} differs from the rules' 5 + Body ${stats.body} + armor ${armor} = ${rulesGuard} (HA-N2). Kept as a homebrew value; remove it to use ${rulesGuard}.`,
        [String(rulesGuard)],
      );
    }
    const resolveAttr = this.one(raw, 'resolve');
    if (resolveAttr?.int !== undefined && resolveAttr.int < 0) this.report(f, resolveAttr.range, 'error', 'HA-N3', `Resolve ${resolveAttr.int} is negative.`);

    // Weapons: `wields Main [Offhand]`, or `offhand X`.
    const wieldRefs = this.many(raw, 'wields');
    const offRef = this.one(raw, 'offhand')?.names[0];
    if (wieldRefs.length > 2) {
      this.report(f, wieldRefs[2].range, 'error', 'HA-S6', `A combatant wields at most two weapons: a main hand and a Light off-hand (HA-S6).`);
    }
    if (wieldRefs.length === 2 && offRef) {
      this.report(f, offRef.range, 'error', 'HA-S6', `${raw.name} already names an off-hand in \`wields\`; keep one of them.`);
    }
    const weaponOf = (ref: NameRef | undefined): Weapon | undefined => {
      if (!ref) return undefined;
      if (ref.text.toLowerCase() === 'unarmed') return UNARMED;
      const w = this.resolve(raw, 'weapon', ref, ['Unarmed']);
      return w ? this.weapon(w) : undefined;
    };
    const weapon = weaponOf(wieldRefs[0]) ?? UNARMED;
    const offRefUsed = wieldRefs[1] ?? offRef;
    let offhand = weaponOf(offRefUsed);
    if (offhand && offRefUsed) {
      const notLight = [weapon, offhand].filter((w) => !w.properties.includes('light'));
      if (notLight.length) {
        this.report(
          f,
          offRefUsed.range,
          'error',
          'HA-S6',
          `Dual wielding needs two Light weapons (HA-S6); ${notLight.map((w) => w.name).join(' and ')} ${notLight.length > 1 ? 'are' : 'is'} not Light. Add \`light\` to the weapon, or wield one weapon.`,
        );
        offhand = undefined;
      }
    }
    const techniques: Technique[] = [];
    for (const ref of this.many(raw, 'techniques')) {
      const t = this.resolve(raw, 'technique', ref);
      if (t) techniques.push(this.technique(t));
    }
    const perks = this.enumList<Perk>(raw, 'perks', ['quick-draw'], { values: ['brawler'], attr: 'talents' });
    const talents = this.enumList<Talent>(raw, 'talents', ['brawler'], { values: ['quick-draw'], attr: 'perks' });
    const tactic =
      this.enumValue<Tactic>(raw, this.one(raw, 'tactics'), ['default', 'focus-weakest', 'nearest', 'defensive', 'support', 'kite']) ?? 'default';
    if (talents.includes('brawler') && !weapon.unarmed && !weapon.improvised && !offhand?.improvised) {
      const at = raw.attrs.find((a) => a.spec.name === 'talents')!;
      this.report(f, at.range, 'info', 'HA-W5', `Brawler adds +2 EV only to unarmed or improvised attacks (HA-W5); ${raw.name} wields ${weapon.name}.`);
    }
    const deckRef = this.one(raw, 'deck')?.names[0];
    const deckRaw = deckRef ? this.resolve(raw, 'deck', deckRef) : undefined;
    const draws = {} as Record<Stat, number>;
    for (const s of STATS) draws[s] = Math.max(2, stats[s]); // HA-K1
    const heavy = weapon.properties.includes('heavy') || !!offhand?.properties.includes('heavy');
    const b: StatBlock = {
      name: raw.name,
      stats,
      vitality,
      armor,
      guard: guardAttr?.int ?? rulesGuard,
      rulesGuard,
      guardDeclared: guardAttr?.int !== undefined,
      resolve: resolveAttr?.int ?? 5 + stats.spirit,
      resolveAssumed: resolveAttr?.int === undefined,
      weapon,
      offhand,
      techniques,
      perks,
      talents,
      tactic,
      player: this.has(raw, 'player'),
      draws,
      initiativeModifier: heavy ? -1 : 0, // HA-I3
      deck: deckRaw ? this.deck(deckRaw) : undefined,
      range: raw.nameRange,
      file: f,
    };
    return b;
  }

  // ---- encounters -------------------------------------------------------

  encounter(raw: RawBlock): Encounter {
    const f = raw.file;
    const seed = this.one(raw, 'seed')?.int ?? DEFAULT_SEED;
    const rounds = this.one(raw, 'rounds')?.int ?? DEFAULT_ROUNDS;
    const optionRefs = this.many(raw, 'options');
    const options = this.enumList(raw, 'options', ['link-strikes', 'team-ultimates'] as const);

    // Zones (HA-Z1/HA-Z2/HA-F2).
    let zoneRaws = raw.children.filter((c) => c.kind === 'zone');
    // Zone tables are zones² and the simulator's approach pass zones³: the limit keeps a hostile file cheap
    // while no battle map a GM draws comes near it. Zones past it are dropped after one message.
    const cutZones = new Set<string>();
    if (zoneRaws.length > MAX_ZONES) {
      const first = zoneRaws[MAX_ZONES];
      this.report(f, first.nameRange, 'error', 'limit', `More than ${MAX_ZONES} zones in encounter '${raw.name}' (${zoneRaws.length}); zones from '${first.name}' on are ignored. Merge areas a Stride apart into one zone, or split the encounter.`);
      for (const z of zoneRaws.slice(MAX_ZONES)) cutZones.add(z.name);
      zoneRaws = zoneRaws.slice(0, MAX_ZONES);
    }
    const zones: Zone[] = [];
    const zoneIndex = new Map<string, number>();
    for (const z of zoneRaws) {
      if (zoneIndex.has(z.name)) {
        this.report(f, z.nameRange, 'error', 'duplicate-name', `Zone '${z.name}' is declared twice in this encounter; merge them or rename one.`);
        continue;
      }
      zoneIndex.set(z.name, zones.length);
      zones.push({ name: z.name, height: this.one(z, 'height')?.feet ?? 0, adjacent: [], drops: [], range: z.nameRange });
    }
    const zoneNames = zones.map((z) => z.name);
    const unknownZone = (ref: NameRef, why: string): void => {
      if (cutZones.has(ref.text)) return; // past the zone limit, already reported once
      const sugg = suggest(ref.text, zoneNames);
      this.report(
        f,
        ref.range,
        'error',
        'HA-Z1',
        `No zone named '${ref.text}' in this encounter${why}.${didYouMean(sugg)}${sugg.length ? '' : ` Declare it: \`zone ${quoteName(ref.text)} { }\`.`}`,
        sugg,
      );
    };
    for (const z of zoneRaws) {
      const zi = zoneIndex.get(z.name);
      if (zi === undefined || zones[zi].range !== z.nameRange) continue;
      for (const ref of this.many(z, 'adjacent')) {
        const oi = zoneIndex.get(ref.text);
        if (oi === undefined) unknownZone(ref, ' to be adjacent to');
        else if (oi === zi) this.report(f, ref.range, 'warning', 'HA-Z1', `Zone '${z.name}' is adjacent to itself; a zone is already Engaged range with itself (HA-Z2).`);
        else {
          if (!zones[zi].adjacent.includes(ref.text)) zones[zi].adjacent.push(ref.text);
          if (!zones[oi].adjacent.includes(z.name)) zones[oi].adjacent.push(z.name);
        }
      }
      for (const d of z.attrs.filter((a) => a.spec.name === 'drop')) {
        const to = d.names[0];
        if (!to) continue;
        if (!zoneIndex.has(to.text)) unknownZone(to, ' to drop into');
        else if (to.text === z.name) this.report(f, to.range, 'error', 'HA-F2', `A drop leads down into another zone, not into '${z.name}' itself (HA-F2).`);
        else zones[zi].drops.push({ to: to.text, feet: d.feet ?? 0, soft: !!d.soft });
      }
    }
    const implicitZone = zones.length === 0;
    if (implicitZone) {
      zones.push({ name: DEFAULT_ZONE, height: 0, adjacent: [], drops: [] });
      zoneIndex.set(DEFAULT_ZONE, 0);
    }
    const reach = reachOf(zones);
    const distance = zoneDistances(zones, zoneIndex);

    // Decks declared inside the encounter shadow the file's decks.
    const localDecks = new Map<string, RawBlock>();
    for (const d of raw.children.filter((c) => c.kind === 'deck')) {
      if (localDecks.has(d.name)) this.report(f, d.nameRange, 'error', 'duplicate-name', `Deck '${d.name}' is declared twice in this encounter.`);
      else localDecks.set(d.name, d);
    }

    // Sides and placements.
    const sides: string[] = [];
    const combatants: Combatant[] = [];
    const sideRaws = raw.children.filter((c) => c.kind === 'side');
    const perBlockCount = new Map<string, number>();
    for (const s of sideRaws) for (const p of s.placements) perBlockCount.set(p.name.text, (perBlockCount.get(p.name.text) ?? 0) + p.copies);
    const perBlockSeen = new Map<string, number>();
    const placementOf = new Map<Combatant, { side: RawBlock; range: Range }>();
    for (const s of sideRaws) {
      if (sides.includes(s.name)) {
        this.report(f, s.nameRange, 'error', 'duplicate-name', `Side '${s.name}' is declared twice in this encounter; merge them or rename one.`);
        continue;
      }
      sides.push(s.name);
      if (s.placements.length === 0) this.report(f, s.nameRange, 'warning', 'HA-I6', `Side '${s.name}' has nobody in it; it loses at once (HA-I6). Place someone: \`Name at zone\`.`);
      for (const p of s.placements) {
        const cRaw = this.resolve(s, 'character', p.name);
        const at = placementName(p, 'at');
        const deckRef = placementName(p, 'deck');
        let zone: string | undefined;
        if (at) {
          if (implicitZone && at.text === DEFAULT_ZONE) zone = DEFAULT_ZONE; // the implicit zone can be named (docs/LANGUAGE.md)
          else if (implicitZone) {
            this.report(f, at.range, 'error', 'HA-Z1', `This encounter declares no zones, so there is no '${at.text}'. Declare it with \`zone ${quoteName(at.text)} { }\`, or drop \`at ${at.text}\`.`, [at.text]);
          } else if (!zoneIndex.has(at.text)) unknownZone(at, ' to start in');
          else zone = at.text;
        } else if (implicitZone) zone = DEFAULT_ZONE;
        else if (zones.length === 1) zone = zones[0].name;
        else
          // fix id `start-zone`: the editor offers `at Zone` for each suggested zone
          this.diags.push({
            file: f, range: p.name.range, severity: 'error', code: 'HA-Z1',
            message: `Where does ${p.name.text} start? This encounter has ${zones.length} zones: add \`at ${zones[0].name}\` (or another zone).`,
            suggestions: zoneNames, fix: 'start-zone',
          });
        let deck: DeckSpec | undefined;
        if (deckRef) {
          const local = localDecks.get(deckRef.text);
          const dRaw = local ?? this.resolve(s, 'deck', deckRef);
          if (dRaw) deck = this.deck(dRaw);
        }
        if (!cRaw) continue;
        const block = this.character(cRaw);
        for (let k = 0; k < p.copies; k++) {
          if (combatants.length >= MAX_COMBATANTS) {
            this.report(f, p.range, 'error', 'limit', `More than ${MAX_COMBATANTS} combatants in one encounter; split it into several encounters.`);
            break;
          }
          const n = (perBlockSeen.get(block.name) ?? 0) + 1;
          perBlockSeen.set(block.name, n);
          const total = perBlockCount.get(p.name.text) ?? 1;
          const c: Combatant = {
            id: total > 1 ? `${block.name} ${n}` : block.name,
            block,
            side: s.name,
            zone: zone ?? zones[0].name,
            deck: deck ?? block.deck ?? STANDARD_DECK,
            order: combatants.length,
          };
          combatants.push(c);
          if (zone) placementOf.set(c, { side: s, range: p.range });
        }
      }
    }
    if (sides.length < 2) {
      this.report(f, raw.nameRange, 'error', 'HA-I6', `A fight needs at least two sides; '${raw.name}' has ${sides.length}. Add \`side foes { … }\`.`);
    }
    // HA-Z2/HA-Z3: a combatant with no path to any enemy can neither strike nor be struck.
    const reported = new Set<string>();
    for (const c of combatants) {
      const place = placementOf.get(c);
      if (!place || reported.has(`${c.block.name}@${c.zone}`)) continue;
      const zi = zoneIndex.get(c.zone)!;
      const enemies = combatants.filter((o) => o.side !== c.side);
      if (enemies.length && enemies.every((o) => distance[zi][zoneIndex.get(o.zone)!] === Infinity)) {
        reported.add(`${c.block.name}@${c.zone}`);
        this.report(
          f,
          place.range,
          'warning',
          'HA-Z2',
          `${c.block.name} starts in '${c.zone}', which has no path to any enemy's zone: nobody can reach or strike across (HA-Z2/HA-Z3), so the fight may stall. Link the zones with \`adjacent\`.`,
        );
        continue;
      }
      if (!enemies.length) continue;
      // Moving counts: a drop is one way down (HA-F2), so a zone can be in sight yet out of every move's reach.
      const band = bestBand(c.block);
      if (band === 'engaged' && enemies.every((o) => reach.strides(c.zone, o.zone, 'engaged') >= UNREACHABLE)) {
        reported.add(`${c.block.name}@${c.zone}`);
        this.report(f, place.range, 'warning', 'HA-Z2',
          `${c.block.name} has only melee reach and can never get from '${c.zone}' to any enemy: the way there is a one-way drop or none (HA-F2, HA-Z2). Link the zones with \`adjacent\` so it can climb, or give it a thrown or ranged weapon.`);
      } else if (enemies.every((o) => reach.strides(o.zone, c.zone, bestBand(o.block)) >= UNREACHABLE)) {
        reported.add(`${c.block.name}@${c.zone}`);
        this.report(f, place.range, 'warning', 'HA-Z2',
          `No enemy can ever reach ${c.block.name} in '${c.zone}': the only ways up are one-way drops (HA-F2) and no enemy weapon or technique reaches it from where they can go (HA-Z2). Link '${c.zone}' with \`adjacent\`, or give a foe a thrown or ranged weapon.`);
      }
    }
    // Turns of one combat at most: rounds × combatants. A fight nobody can win runs to the cap, so this
    // bounds one combat's time and log (and so Ctrl-C's reaction time between Monte Carlo chunks).
    if (rounds * combatants.length > MAX_TURNS) {
      const at = this.one(raw, 'rounds');
      this.report(f, at?.range ?? raw.nameRange, 'error', 'limit',
        `${rounds} rounds × ${combatants.length} combatants = ${rounds * combatants.length} turns in one combat; the limit is ${MAX_TURNS.toLocaleString('en-US')}. Lower \`rounds\` (a fight nobody wins stops there) or split the encounter.`);
    }
    // HA-U1: Team Ultimates need three player characters on one side.
    if (options.includes('team-ultimates')) {
      const best = Math.max(0, ...sides.map((s) => combatants.filter((c) => c.side === s && c.block.player).length));
      if (best < 3) {
        const ref = optionRefs.find((o) => o.text === 'team-ultimates')!;
        this.report(f, ref.range, 'warning', 'HA-U1', `Team Ultimates need 3 or more player characters on one side (HA-U1); the most here is ${best}, so it can never trigger. Mark heroes with \`player\`.`);
      }
    }
    if (options.includes('link-strikes') && !sides.some((s) => combatants.filter((c) => c.side === s).length >= 2)) {
      const ref = optionRefs.find((o) => o.text === 'link-strikes')!;
      this.report(f, ref.range, 'warning', 'HA-L1', `Link Strikes need two allies on one side (HA-L1); no side here has two.`);
    }
    return {
      name: raw.name,
      seed,
      rounds,
      options: { linkStrikes: options.includes('link-strikes'), teamUltimates: options.includes('team-ultimates') },
      zones,
      sides,
      combatants,
      distance,
      range: raw.nameRange,
      file: f,
    };
  }
}

/**
 * HA-Z2: range distance between zones (engine/reach.ts, the computation the simulator and hovers use):
 * adjacency and drops both count, both ways — a drop is one-way for movement, but the zones it joins are
 * within sight of each other. Infinity = no path.
 */
export function zoneDistances(zones: Zone[], _index?: Map<string, number>): number[][] {
  const r = reachOf(zones);
  const n = r.graph.nz;
  return zones.map((_, i) => Array.from(r.range.subarray(i * n, i * n + zones.length), (d) => (d >= UNREACHABLE ? Infinity : d)));
}

const BAND_ORDER: Record<Band, number> = { engaged: 0, near: 1, far: 2 };

/** The farthest band a stat block reaches with its weapons or techniques (HA-Z3). */
function bestBand(b: StatBlock): Band {
  let best: Band = b.weapon.reach;
  for (const x of [b.offhand?.reach, ...b.techniques.map((t) => t.reach)]) if (x && BAND_ORDER[x] > BAND_ORDER[best]) best = x;
  return best;
}

function dedupe(cards: number[]): number[] {
  return [...new Set(cards)];
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

function fmtSigned(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

