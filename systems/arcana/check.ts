// The Arcana checker (ARCANA.md "In the language"): builds the engine's model
// (model.ts) from schema-read blocks, filling every default once, and reports
// each error and warning the spec lists under its AR id (language problems
// under `unknown-name`, `duplicate-name`, `bad-value`). Each block is built
// once, in the scope of the file that declares it; messages say where, what,
// and what to write instead.

import type { Range } from '../../grammar/ast.js';
import { DECK_SIZE, cardName } from '../../engine/cards.js';
import { BlockChecker, runBlockChecks, quoteName } from '../../model/check-kit.js';
import type { AttrValue, NameRef, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import { checkCombatantIds, checkTurnLimit, distinctSides, Roster } from '../../model/roster.js';
import type { CheckContext, EncounterInfo, SystemModel } from '../../model/system.js';
import {
  CONCEDE_RULES,
  DEFAULT_HAND,
  DEFAULT_HAND_LIMIT,
  DEFAULT_HAND_OF_FATE,
  DEFAULT_ROUNDS,
  DEFAULT_SEED,
  DEFAULT_TN,
  MANEUVER_TARGETS,
  OPPOSITION_CARD_MODES,
  STANDARD_DECK,
  STAT_LABEL,
  STATS,
  TACTICS,
  UNARMED,
  character as makeCharacter,
  derivedToughness,
  encounter as makeEncounter,
  maneuver as makeManeuver,
  startingCards,
  type Character,
  type ConcedeRule,
  type Deck,
  type Encounter,
  type Maneuver,
  type ManeuverTarget,
  type OppositionCardMode,
  type Placement,
  type Side,
  type Stat,
  type Tactic,
  type Weapon,
} from './model.js';
import type { ArBlockKind } from './schema.js';
import { ArTacticsChecker, type RulesFor } from './tactics.js';
import { ForeignWords } from './check-foreign.js';
import { ambiguousLabels, isLabel } from './check-groups.js';
import { unopposedRange } from './check-maneuvers.js';
import { checkHands, playersSide } from './check-players.js';
import { characterHover, type Assumed } from './character-hover.js';

/** One combatant as the shells see it: its display id ("Deckhand 2"), side and group label. */
export interface ArCombatant {
  readonly id: string;
  readonly side: string;
  readonly group: string | null;
}

/** A checked Arcana encounter: what every shell shows (EncounterInfo) plus the engine's encounter. */
export interface ArEncounter extends EncounterInfo {
  readonly combatants: readonly ArCombatant[];
  /** The encounter the engine plays (model.ts), every default filled in. */
  readonly model: Encounter;
}

/** What the Arcana checker returns for all files speaking `system arcana`. */
export interface ArcanaModel extends SystemModel {
  readonly encounters: ArEncounter[];
  readonly characters: Character[];
  readonly weapons: Weapon[];
  readonly maneuvers: Maneuver[];
  /** The file each weapon and maneuver is declared in, for hovers (two files may each declare a `Pistol`). */
  readonly declaredIn: Map<Weapon | Maneuver, string>;
  readonly decks: Deck[];
  /**
   * What a hover on a character's name shows: its derived numbers, with those the file does not write marked
   * *assumed* (ARCANA.md: "Hovers show the derived Toughness and an undeclared Health 10 as assumed").
   */
  readonly hovers: { file: string; range: Range; markdown: string; character: Character; assumed: Assumed }[];
  /** Every group label an encounter writes, where: the reader takes a label for a placement, so hovers ask here. */
  readonly labels: ArLabel[];
}

/** Extra facts about a built character the encounter checks need (what was written, where). */
interface CharInfo {
  readonly c: Character;
  readonly raw: RawBlock;
  readonly hand?: AttrValue;
  /** Issue 33: its `tactics { … }` block, or its base's (tactics.ts). */
  readonly rules?: RulesFor;
}

/** A combatant as the checker places it: the engine's placement, its stat block's facts and its line. */
type Placed = { p: Placement; info: CharInfo; raw: RawPlacement; rules?: RulesFor };
/** A side's placement line, and its `group` (AR-G1): the key's range, the label, the label's range. */
type Line = { p: RawPlacement; group?: { keyRange: Range; label: string; labelRange: Range } };

/** A group label as written (`group "Dock Rats"`, or the `group` key of an assumed "Name group"): hovers answer for it. */
export interface ArLabel {
  readonly file: string;
  readonly range: Range;
  readonly label: string;
  readonly encounter: string;
  readonly side: string;
}

export class ModelBuilder extends BlockChecker<ArBlockKind> {
  private readonly weapons = new Map<RawBlock, Weapon>();
  private readonly maneuvers = new Map<RawBlock, Maneuver>();
  private readonly decks = new Map<RawBlock, Deck>();
  private readonly chars = new Map<RawBlock, CharInfo>();
  /** Foreign words (`vitality`, `at floor`): what each stood for and which placement names they swallowed. */
  readonly foreign = new ForeignWords(this.diags);
  /** Hover notes of the characters built (ArcanaModel.hovers). */
  readonly hovers: ArcanaModel['hovers'] = [];
  /** The group labels written in encounters (ArcanaModel.labels). */
  readonly labels: ArLabel[] = [];
  /** Issue 33: whose priority rules each combatant follows, and what they name (tactics.ts). */
  private readonly rules = new ArTacticsChecker(
    (file, range, severity, message, suggestions) =>
      this.report(file, range, severity, 'tactics-rule', message, suggestions),
    (file) => this.scopeOf(file),
  );

  /** A list of aspects with AR-S1's "declared twice" warning; returns them once each, in order. */
  private aspects(raw: RawBlock, bearer: string): string[] {
    const out: string[] = [];
    // a set beside the list: 100,000 aspects took 13 s as a list search each (issue 35, item 5)
    const seen = new Set<string>();
    for (const a of this.many(raw, 'aspects')) {
      if (!a.text.trim()) {
        this.report(
          raw.file,
          a.range,
          'error',
          'AR-S1',
          `An aspect needs a name: ${bearer} would have an aspect called ${JSON.stringify(a.text)}, which says nothing of when it applies (AR-S1). Name it, e.g. \`aspects "Quick Hands"\`, or remove it.`,
        );
        continue;
      }
      if (seen.has(a.text)) {
        this.report(
          raw.file,
          a.range,
          'warning',
          'AR-S1',
          `${bearer} already has the aspect "${a.text}"; a declared aspect is permanent and never spent (AR-S1), so the second one adds nothing. Remove it.`,
        );
        continue;
      }
      out.push(a.text);
      seen.add(a.text);
    }
    return out;
  }

  // ---- weapons ----------------------------------------------------------

  weapon(raw: RawBlock): Weapon {
    const memo = this.weapons.get(raw);
    if (memo) return memo;
    const kind = (this.group(raw, 'kind')?.spec.name ?? 'melee') as Weapon['kind'];
    const fin = this.one(raw, 'finesse');
    if (fin && kind === 'ranged')
      this.report(
        raw.file,
        fin.keyRange,
        'warning',
        'AR-A3',
        `${raw.name} is ranged, and a ranged attack adds Finesse anyway (AR-A3); \`finesse\` changes nothing. Remove it.`,
      );
    const w: Weapon = { name: raw.name, kind, finesse: !!fin, bonus: this.one(raw, 'bonus')?.int ?? 0 };
    this.weapons.set(raw, w);
    return w;
  }

  // ---- maneuvers --------------------------------------------------------

  maneuver(raw: RawBlock): Maneuver {
    const memo = this.maneuvers.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const stat = this.enumValue<Stat>(raw, this.one(raw, 'stat'), STATS);
    const targetAttr = this.one(raw, 'target');
    const target = this.enumValue<ManeuverTarget>(raw, targetAttr, MANEUVER_TARGETS) ?? 'opponent';
    const againstAttr = this.one(raw, 'against');
    let against = this.enumValue<Stat>(raw, againstAttr, STATS);
    const tnAttr = this.one(raw, 'tn');
    let tn = tnAttr?.int;
    // AR-M4: an opponent resists (no TN); oneself never does (no `against`); the scene is one or the other.
    if (target === 'opponent' && tnAttr) {
      this.report(
        f,
        tnAttr.range,
        'error',
        'AR-M4',
        `${raw.name} targets an opponent, so it is always opposed — the opponent's ${STAT_LABEL[against ?? 'alertness']} resists it (AR-M3, AR-M4) — and a TN means nothing. Remove \`tn\`, or write \`target scene\` or \`target self\` for an unopposed maneuver.`,
      );
      tn = undefined;
    } else if (target === 'self' && againstAttr) {
      this.report(
        f,
        againstAttr.range,
        'error',
        'AR-M4',
        `${raw.name} places its aspect on its maker, so nobody opposes it (AR-M4): it is rolled against a TN. Remove \`against\` (write \`tn N\` if it is not the encounter's).`,
      );
      against = undefined;
    } else if (tnAttr && againstAttr) {
      this.report(
        f,
        tnAttr.range,
        'error',
        'AR-M4',
        `${raw.name} has both \`tn\` and \`against\`: a scene maneuver is either unopposed against a TN or opposed by someone's stat (AR-M4). Keep one of them.`,
      );
      tn = undefined;
    }
    const aspectRef = this.one(raw, 'aspect')?.names[0];
    let aspect = aspectRef?.text;
    if (aspectRef && !aspectRef.text.trim()) {
      // one mistake, one diagnostic: the maneuver places its assumed aspect, its own name
      this.report(
        f,
        aspectRef.range,
        'error',
        'AR-S2',
        `${raw.name} would place an aspect called ${JSON.stringify(aspectRef.text)}: a temporary aspect needs a name (AR-S2). Name it, or remove \`aspect\` to place '${raw.name}'.`,
      );
      aspect = undefined;
    }
    const m = makeManeuver(raw.name, { stat, target, against, tn: tn ?? null, aspect });
    this.maneuvers.set(raw, m);
    return m;
  }

  // ---- decks ------------------------------------------------------------

  deck(raw: RawBlock): Deck {
    const memo = this.decks.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const kindAttr = this.group(raw, 'kind');
    const cardAttrs = raw.attrs.filter((a) => a.spec.name === 'cards');
    const cards = cardAttrs.flatMap((a) => a.cards);
    const kind = (kindAttr?.spec.name ?? (cards.length ? 'stacked' : 'standard')) as Deck['kind'];
    const onlyAttr = this.one(raw, 'only');
    if (kind === 'standard' && cards.length)
      this.report(
        f,
        cardAttrs[0].keyRange,
        'warning',
        'AR-F1',
        `A standard deck is the 52 cards, shuffled; the listed cards are ignored. Say \`stacked\` to put them on top, or \`homebrew\` to use only them (AR-F1).`,
      );
    if (onlyAttr && kind !== 'stacked')
      this.report(
        f,
        onlyAttr.keyRange,
        'warning',
        'AR-F1',
        `'only' applies to stacked decks; a ${kind} deck ignores it (AR-F1).`,
      );
    const list: number[] = [];
    for (const c of cards) {
      if (kind === 'stacked' && list.includes(c.card)) {
        this.report(
          f,
          c.range,
          'error',
          'AR-F1',
          `${cardName(c.card)} is already in this stacked deck; a standard deck has one of each card (AR-F1). Use \`homebrew\` for a deck with repeats.`,
        );
        continue;
      }
      list.push(c.card);
    }
    if (kind === 'homebrew' && cards.length === 0)
      this.report(
        f,
        raw.nameRange,
        'error',
        'AR-F1',
        `Homebrew deck ${raw.name} has no cards: list them with \`cards 10♣ QS …\` (AR-F1).`,
      );
    if (cards.length > DECK_SIZE * 20)
      this.report(
        f,
        raw.nameRange,
        'error',
        'limit',
        `Deck ${raw.name} lists ${cards.length} cards; the limit is ${DECK_SIZE * 20}.`,
      );
    const d: Deck = { name: raw.name, kind, cards: list, only: kind === 'stacked' && !!onlyAttr };
    this.decks.set(raw, d);
    return d;
  }

  // ---- characters -------------------------------------------------------

  /** A character, with what it `extends` merged in (model/check-kit.ts): its hover says what it inherited. */
  character(raw: RawBlock): CharInfo {
    const memo = this.chars.get(raw);
    if (memo) return memo;
    const { value, base, inherited } = this.buildInherited(raw, 'character', STATS, (merged) =>
      this.buildCharacter(merged),
    );
    if (base) {
      const h = this.hovers.find((x) => x.range === raw.nameRange);
      if (h)
        h.markdown += `\n\n*extends* **${base.name}** — inherited: ${inherited!.join(', ') || 'nothing (every attribute is written here)'}`;
    }
    const rules = this.rules.character(raw);
    if (rules) this.rules.forCharacter(rules, value.c);
    const info: CharInfo = { ...value, raw, ...(rules ? { rules } : {}) };
    this.chars.set(raw, info);
    return info;
  }

  private buildCharacter(raw: RawBlock): CharInfo {
    const f = raw.file;
    const stats = {} as Record<Stat, number>;
    const missing: Stat[] = [];
    for (const s of STATS) {
      const a = this.one(raw, s);
      const v = a?.int;
      if (!a) {
        if (!raw.misspelt?.has(s) && !this.foreign.meantIn(raw, s)) missing.push(s);
        stats[s] = 1;
        continue;
      }
      if (v === undefined) {
        stats[s] = 1;
        continue;
      }
      if (v < 0)
        this.report(
          f,
          a.range,
          'error',
          'AR-N1',
          `${raw.name}'s ${STAT_LABEL[s]} is ${v}; stats are whole numbers 1–6 (AR-N1) and cannot be negative.`,
        );
      else if (v === 0 || v > 6)
        this.report(
          f,
          a.range,
          'warning',
          'AR-N1',
          `${raw.name}'s ${STAT_LABEL[s]} is ${v}, outside 1–6 (AR-N1); kept as written (homebrew).`,
        );
      stats[s] = v;
    }
    if (missing.length)
      this.report(
        f,
        raw.nameRange,
        'error',
        'AR-N1',
        `${raw.name} has no ${missing.map((s) => STAT_LABEL[s]).join(', ')}: every character needs all four stats (AR-N1). Add \`${missing.map((s) => `${s} 2`).join('  ')}\`.`,
      );
    const healthAttr = this.one(raw, 'health');
    let health = healthAttr?.int;
    if (health !== undefined && health <= 0) {
      this.report(
        f,
        healthAttr!.range,
        'error',
        'AR-D3',
        `${raw.name} has ${health} Health; Health must be above 0 (AR-D3), or the character starts Taken Out. Write \`health 10\` (the assumed value) or more.`,
      );
      health = undefined;
    }
    const armorAttr = this.one(raw, 'armor');
    let armor = armorAttr?.int ?? 0;
    if (armor < 0) {
      this.report(
        f,
        armorAttr!.range,
        'error',
        'AR-D2',
        `${raw.name}'s armor is ${armor}; armor cannot be negative (AR-D2). Remove it for no armor.`,
      );
      armor = 0;
    }
    const edge = (n: string): number => this.one(raw, n)?.int ?? 0;
    const toughnessEdge = edge('toughness-edge');
    const derived = derivedToughness(armor, toughnessEdge);
    const tAttr = this.one(raw, 'toughness');
    if (tAttr?.int !== undefined && tAttr.int !== derived)
      this.report(
        f,
        tAttr.range,
        'warning',
        'AR-D2',
        `${raw.name}'s Toughness is derived as armor ${armor} + toughness edge ${toughnessEdge} = ${derived} (AR-D2); the written ${tAttr.int} is kept (homebrew). Remove \`toughness\` to use ${derived}.`,
      );
    // AR-A2: one weapon
    const wieldRefs = this.many(raw, 'wields');
    for (const extra of wieldRefs.slice(1))
      this.report(
        f,
        extra.range,
        'error',
        'AR-A2',
        `${raw.name} wields ${wieldRefs.map((w) => w.text).join(' and ')}; an Arcana character wields one weapon (AR-A2). Keep one.`,
      );
    const wields = wieldRefs[0] ? this.wielded(raw, wieldRefs[0]) : UNARMED;
    const maneuvers: Maneuver[] = [];
    for (const ref of this.many(raw, 'maneuvers')) {
      const mRaw = this.lookup(raw, 'maneuver', ref);
      if (!mRaw) continue;
      const m = this.maneuver(mRaw);
      if (maneuvers.includes(m)) {
        this.report(
          f,
          ref.range,
          'warning',
          'bad-value',
          `${raw.name} already knows ${m.name}; remove the second one.`,
        );
        continue;
      }
      maneuvers.push(m);
      // AR-M2 with the maneuver's own TN (the encounter's TN is checked where the character is placed)
      if (m.against === null && m.tn !== null)
        unopposedRange(this, f, ref.range, raw.name, stats, m, m.tn, 'its own `tn`');
    }
    const handAttr = this.one(raw, 'hand');
    const c = makeCharacter(raw.name, {
      ...stats,
      player: this.has(raw, 'player'),
      health,
      armor,
      toughness: tAttr?.int,
      attackEdge: edge('attack-edge'),
      defenseEdge: edge('defense-edge'),
      damageEdge: edge('damage-edge'),
      toughnessEdge,
      wields,
      maneuvers,
      aspects: this.aspects(raw, raw.name),
      hand: handAttr?.int ?? DEFAULT_HAND,
      tactics: this.enumValue<Tactic>(raw, this.one(raw, 'tactics'), TACTICS),
    });
    const assumed: Assumed = { health: !healthAttr, toughness: tAttr?.int === undefined, hand: !handAttr };
    this.hovers.push({ file: f, range: raw.nameRange, markdown: characterHover(c, assumed), character: c, assumed });
    return { c, raw, hand: handAttr };
  }

  /**
   * The weapon `wields` names: a declared one first (a file may write its own Unarmed), else the built-in
   * Unarmed (AR-A2 gives it to whoever names no weapon, so naming it outright is the same thing), written in
   * any case as the other systems accept it; UNARMED too when the name is unknown (already reported).
   */
  private wielded(raw: RawBlock, ref: NameRef): Weapon {
    const declared = this.scopeOf(ref.file ?? raw.file).lookup('weapon', ref.text);
    if (declared) return this.weapon(declared);
    if (ref.text.toLowerCase() === UNARMED.name.toLowerCase()) return UNARMED;
    const wRaw = this.lookup(raw, 'weapon', ref, [UNARMED.name]);
    return wRaw ? this.weapon(wRaw) : UNARMED;
  }

  // ---- encounters -------------------------------------------------------

  /** AR-H2, AR-H3: the encounter's hand limit and the Hand of Fate's size, the first at least 1, the second within it. */
  private handLimits(raw: RawBlock): { handLimit: number; handOfFate: number } {
    const f = raw.file;
    const limitAttr = this.one(raw, 'hand-limit');
    let handLimit = limitAttr?.int ?? DEFAULT_HAND_LIMIT;
    if (handLimit < 1) {
      this.report(
        f,
        limitAttr!.range,
        'error',
        'AR-H3',
        `A hand limit of ${handLimit} leaves no room for a single Fate Card (AR-H3); it must be at least 1. Remove it for the assumed ${DEFAULT_HAND_LIMIT}.`,
      );
      handLimit = DEFAULT_HAND_LIMIT; // one mistake, one diagnostic: the hands are checked against the assumed limit
    }
    const hofAttr = this.one(raw, 'hand-of-fate');
    const handOfFate = hofAttr?.int ?? DEFAULT_HAND_OF_FATE;
    if (handOfFate > handLimit) {
      const at = hofAttr ?? limitAttr!;
      this.report(
        f,
        at.range,
        'error',
        'AR-H3',
        `The Hand of Fate starts with ${handOfFate} cards${hofAttr ? '' : ' (assumed)'}, more than the hand limit ${handLimit} (AR-H2, AR-H3). Lower \`hand-of-fate\` or raise \`hand-limit\`.`,
      );
    }
    return { handLimit, handOfFate };
  }

  /** AR-F1: the encounter's deck — one of its own (`deck Name { … }` inside it, each name once) or the file's — else the standard deck. */
  private encounterDeck(raw: RawBlock): { deck: Deck; deckAttr: ReturnType<ModelBuilder['one']> } {
    const f = raw.file;
    const localDecks = new Map<string, RawBlock>();
    for (const d of raw.children.filter((c) => c.kind === 'deck')) {
      if (localDecks.has(d.name))
        this.report(
          f,
          d.nameRange,
          'error',
          'duplicate-name',
          `Deck '${d.name}' is declared twice in this encounter; rename one.`,
        );
      else localDecks.set(d.name, d);
    }
    const deckAttr = this.one(raw, 'deck');
    const deckRaw = deckAttr?.names[0] ? this.lookup(raw, 'deck', deckAttr.names[0], [], localDecks) : undefined;
    const deck = deckRaw ? this.deck(deckRaw) : STANDARD_DECK;
    return { deck, deckAttr };
  }

  /** AR-G1: each side's placement lines, a `group`'s label taken off the placements (it is none). */
  private sideLines(f: string, sideRaws: readonly RawBlock[]): Line[][] {
    const swallowed = this.foreign.swallowed.get(f);
    // AR-G1: first read each side's lines, taking `group "Label"`'s label off the placements the reader saw
    // (it reads the label as a placement of its own), so a label is never counted as a character below.
    return sideRaws.map((s) => {
      const ps = s.placements.filter((p) => !swallowed?.has(p.name.range.start.offset));
      const out: Line[] = [];
      for (let k = 0; k < ps.length; k++) {
        const p = ps[k];
        const grouped = p.args.find((a) => a.spec.name === 'group');
        if (!grouped) {
          out.push({ p });
          continue;
        }
        const next = ps[k + 1];
        if (next && isLabel(p, next, (n) => !!this.scopeOf(s.file).lookup('character', n))) {
          out.push({ p, group: { keyRange: grouped.keyRange, label: next.name.text, labelRange: next.name.range } });
          k++;
        } else
          out.push({
            p,
            group: { keyRange: grouped.keyRange, label: `${p.name.text} group`, labelRange: grouped.keyRange },
          });
      }
      return out;
    });
  }

  /** AR-F4: the starting deal and the initiative flips come off the deck before anything else: it must hold them. */
  private checkStartingDeal(
    raw: RawBlock,
    model: ReturnType<typeof makeEncounter>,
    deck: Deck,
    deckAttr: ReturnType<ModelBuilder['one']>,
  ): void {
    const f = raw.file;
    const size = deck.kind === 'homebrew' || deck.only ? deck.cards.length : DECK_SIZE;
    const needed = startingCards(model);
    if (needed > size) {
      this.report(
        f,
        deckAttr?.range ?? raw.nameRange,
        'error',
        'AR-F4',
        `'${raw.name}' deals ${needed} cards before the first round (starting hands, Hand of Fate and one initiative flip per holder, AR-F5) but its deck holds ${size} (AR-F4). Use a bigger deck, or smaller hands.`,
      );
    }
  }

  encounter(raw: RawBlock): ArEncounter {
    const f = raw.file;
    const seed = this.one(raw, 'seed')?.int ?? DEFAULT_SEED;
    const rounds = this.one(raw, 'rounds')?.int ?? DEFAULT_ROUNDS;
    const oppositionCard = this.enumValue<OppositionCardMode>(
      raw,
      this.one(raw, 'opposition-card'),
      OPPOSITION_CARD_MODES,
    );
    const concede = this.enumValue<ConcedeRule>(raw, this.one(raw, 'concede'), CONCEDE_RULES);
    const tn = this.one(raw, 'tn')?.int ?? DEFAULT_TN;
    const { handLimit, handOfFate } = this.handLimits(raw);
    const aspects = this.aspects(raw, `The scene of '${raw.name}'`);

    const { deck, deckAttr } = this.encounterDeck(raw);

    // Sides and placements (AR-O1, AR-G1).
    const report = (range: Range, code: string, message: string): void => this.report(f, range, 'error', code, message);
    const sideRaws = distinctSides(raw, report);
    if (sideRaws.length !== 2) {
      const at = sideRaws[2]?.nameRange ?? raw.nameRange;
      this.report(
        f,
        at,
        'error',
        'AR-O1',
        `An Arcana fight has exactly two sides, the players' side and the opposition (AR-O1); '${raw.name}' has ${sideRaws.length}. ${sideRaws.length < 2 ? 'Add `side foes { … }`.' : 'Merge the allies into one side.'}`,
      );
    }
    const placed: Placed[][] = [];
    const lines = this.sideLines(f, sideRaws);
    // AR-G1: copies are numbered when a name is placed more than once in the encounter (labels are no placements)
    const roster = new Roster(
      raw.name,
      lines.flat().map((l) => l.p),
      report,
    );
    sideRaws.forEach((s, si) => {
      const mine: Placed[] = [];
      placed.push(mine);
      const sideRules = this.rules.side(s);
      // AR-G1, ARS-13: a label groups copies of one stat block, whose Alertness the group flips with; a label a
      // second character takes would put it on the first one's Alertness, so that is an error (ARS-16).
      const groups = new Map<string, { character: string; members: number; first: Line }>();
      for (const line of lines[si]) {
        const { p, group } = line;
        let label: string | null = null;
        if (group) {
          const g = groups.get(group.label);
          if (!g) {
            groups.set(group.label, { character: p.name.text, members: p.copies, first: line });
            label = group.label;
          } else if (g.character !== p.name.text) {
            this.report(
              f,
              group.labelRange,
              'error',
              'AR-G1',
              `The group '${group.label}' already holds ${g.character}; ${p.name.text} is another stat block, and a group is copies of one stat block flipping initiative with its Alertness (AR-G1, ARS-13, ARS-16). Give ${p.name.text} a label of its own, or drop \`group\`.`,
            );
          } else {
            g.members += p.copies;
            label = group.label;
          }
          if (label !== null)
            this.labels.push({ file: f, range: group.labelRange, label, encounter: raw.name, side: s.name });
        }
        const cRaw = this.lookup(s, 'character', p.name);
        if (!cRaw) continue;
        const info = this.character(cRaw);
        // issue 33: the placement's rules, else its character's, else its side's
        const rules = p.tactics ? this.rules.placement(p.tactics, p.name.text, f) : (info.rules ?? sideRules);
        if (rules && rules !== info.rules) this.rules.forCharacter(rules, info.c);
        for (let n = 0; n < p.copies; n++) {
          const name = roster.next(p, info.c.name);
          if (name === undefined) break;
          // its own character's, or written for it alone (`"Silas Crane" tactics { … }`): cited without an owner
          const own = rules !== undefined && (rules.own || rules.tactics.owner === name);
          const placement: Placement = rules
            ? { character: info.c, name, group: label, rules: rules.tactics, ownRules: own }
            : { character: info.c, name, group: label };
          mine.push({ p: placement, info, raw: p, ...(rules ? { rules } : {}) });
        }
      }
      // a group of one, counted over every line of the side that joins the label
      for (const g of groups.values()) {
        if (g.members !== 1) continue;
        const name = g.first.p.name.text;
        this.report(
          f,
          g.first.group!.keyRange,
          'warning',
          'AR-G1',
          `A group of one: ${name} shares its initiative with nobody (AR-G1). Write \`${quoteName(name)} x2 group\` or more, or drop \`group\`.`,
        );
      }
      if (s.placements.length === 0)
        this.report(
          f,
          s.nameRange,
          'error',
          'AR-O1',
          `Side '${s.name}' has nobody in it; each of the two sides needs at least one character (AR-O1). Place one: \`Name\` on its own line.`,
        );
    });
    ambiguousLabels(this, f, lines, placed);
    const ids = placed.flat().map((x) => ({ id: x.p.name, character: x.p.character.name, raw: x.raw }));
    checkCombatantIds(raw.name, ids, report);

    const ps = playersSide(this, raw, sideRaws, placed);
    // issue 33: a "Name" a rule aims at is a combatant here, and a foe
    const everyone = placed.flat().map((x) => x.p.name);
    placed.forEach((list, si) => {
      const foes = placed.flatMap((l, sj) => (sj === si ? [] : l.map((x) => x.p.name)));
      for (const x of list) if (x.rules) this.rules.forEncounter(x.rules, raw.name, x.p.name, foes, everyone);
    });
    checkHands(this, f, placed, ps, handLimit, tn);

    const sides = [0, 1].map((i): Side => ({
      name: sideRaws[i]?.name ?? (i ? 'opposition' : 'players'),
      placements: (placed[i] ?? []).map((x) => x.p),
    }));
    const model = makeEncounter(raw.name, [sides[0], sides[1]], {
      seed,
      rounds,
      deck,
      oppositionCard,
      handOfFate,
      handLimit,
      tn,
      concede,
      aspects,
    });
    checkTurnLimit(rounds, roster.size, this.one(raw, 'rounds')?.range ?? raw.nameRange, report);
    this.checkStartingDeal(raw, model, deck, deckAttr);
    return {
      name: raw.name,
      seed,
      rounds,
      sides: sides.map((s) => s.name),
      combatants: placed.flatMap((list, si) =>
        list.map((x) => ({ id: x.p.name, side: sideRaws[si].name, group: x.p.group })),
      ),
      range: raw.nameRange,
      file: f,
      model,
    };
  }
}

/** The whole check: every Arcana file's blocks, built in file order. */
export function checkArcana(ctx: CheckContext): ArcanaModel {
  const b = new ModelBuilder(ctx.diagnostics, ctx.scopeOf);
  b.foreign.rewrite(new Set(ctx.files.map((f) => f.path)));
  const model: ArcanaModel = {
    encounters: [],
    characters: [],
    weapons: [],
    maneuvers: [],
    declaredIn: new Map(),
    decks: [],
    hovers: b.hovers,
    labels: b.labels,
  };
  let file = '';
  const byKind = {
    weapon: [
      (raw: RawBlock) => {
        const w = b.weapon(raw);
        model.weapons.push(w);
        model.declaredIn.set(w, file);
      },
    ],
    maneuver: [
      (raw: RawBlock) => {
        const m = b.maneuver(raw);
        model.maneuvers.push(m);
        model.declaredIn.set(m, file);
      },
    ],
    deck: [(raw: RawBlock) => model.decks.push(b.deck(raw))],
    character: [(raw: RawBlock) => model.characters.push(b.character(raw).c)],
    encounter: [(raw: RawBlock) => model.encounters.push(b.encounter(raw))],
  };
  for (const f of ctx.files) {
    file = f.path;
    b.foreign.swallow(f.read.blocks, f.path);
    runBlockChecks([f], byKind, undefined);
  }
  return model;
}
