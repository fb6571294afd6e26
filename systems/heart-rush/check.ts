// The Heart Rush checker: builds the plain model of model.ts (what the engine
// runs) from schema-read blocks, through the constructors that hold every
// HR-N default, and reports every rule of HEART-RUSH.md's "Checker" paragraph
// the text can break, each with its HR id. Names resolve through the scope of
// the file that wrote them (its own definitions and those of its `use`d files).
// Each block is built once (memoised), so a mistake is reported once. Weapons,
// armor and dice scripts are checked in check-gear.ts, which this builder extends.

import type { Range } from '../../grammar/ast.js';
import type { SourceAt } from '../../engine/run-error.js';
import { quoteName } from '../../model/check-kit.js';
import { placementName, type Placement as RawPlacement, type RawBlock } from '../../model/read.js';
import { checkCombatantIds, checkTurnLimit, distinctSides, Roster } from '../../model/roster.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import type { EncounterOf, SystemModel } from '../../model/system.js';
import {
  character as makeCharacter,
  encounter as makeEncounter,
  placement as makePlacement,
  COVER_LEVELS,
  DEFAULT_HANDS,
  DEFAULT_RUSH,
  DEFAULT_ROUNDS,
  DEFAULT_SEED,
  INFLICTS,
  MANEUVERS,
  SHRUG_RULES,
  SIZES,
  SQUARE,
  STANCES,
  TACTICS,
  UNARMED,
  effectiveSpeed,
  type Armor,
  type Character,
  type Cover,
  type Encounter,
  type Inflict,
  type Maneuver,
  type Placement,
  type ShrugRule,
  type Side,
  type Size,
  type Stance,
  type Tactic,
  type Weapon,
} from './model.js';
import { SCHEMA } from './schema.js';
import {
  blockTactics,
  checkRuleActions,
  checkRuleNames,
  type CombatantRules,
  type NamesChecked,
  type TacticsReport,
} from './check-tactics.js';
import { HRGearChecker } from './check-gear.js';
import { argOf, checkAllSurprised, checkManeuverReach, checkSquares, type Spot } from './check-spots.js';

export { MAX_FEET, MAX_ROLL, MIN_REACH_FIX } from './check-gear.js';

/** One combatant as the shells see it: its id ("Wolf 2"), its side and the placement that made it. */
export interface HRCombatantInfo {
  readonly id: string;
  readonly side: string;
  /** The placement line (or its part) in the encounter's file. */
  readonly range: Range;
}

/**
 * A checked Heart Rush encounter: what every system's encounter shows the shells (EncounterInfo), and the
 * plain `Encounter` the engine runs (`combatEvents(info.encounter)`). Combatants are listed in expanded
 * file order, the engine's combatant index.
 */
export interface HREncounterInfo extends EncounterOf<Encounter> {
  readonly combatants: readonly HRCombatantInfo[];
  readonly range: Range;
  readonly file: string;
}

/** A definition and where it is written (for hovers and tools). */
export interface HRDefined<T> {
  readonly value: T;
  readonly range: Range;
  readonly file: string;
}

/** The Heart Rush model of a check. */
export interface HRModel extends SystemModel {
  readonly encounters: HREncounterInfo[];
  readonly characters: HRDefined<Character>[];
  readonly weapons: HRDefined<Weapon>[];
  readonly armors: HRDefined<Armor>[];
  readonly dice: HRDefined<readonly number[]>[];
}

export function emptyModel(): HRModel {
  return { encounters: [], characters: [], weapons: [], armors: [], dice: [] };
}

/** HR-N8: more rush points than this is warned about. */
export const RUSH_WARN = 10;
/** The fix id of an encounter attribute sharing a line with a block (`field 60ft 30ft side a { … }`): break the line. */
export const OWN_LINE_FIX = 'own-line';
/** The fix id of "Where does X stand?": the editor gives the placement a free square (editor/fixes.ts). */
export const PLACE_AT_FIX = 'place-at';

export class HRModelBuilder extends HRGearChecker {
  private readonly characters = new Map<RawBlock, Character>();
  /** Where a character names its dice script (Encounter.scriptsAt). */
  private readonly scriptNamedAt = new Map<Character, SourceAt>();
  /** Issue 33: each character block's GM rules, read once. */
  private readonly charRules = new Map<RawBlock, CombatantRules | null>();
  /** Rules whose names were checked, and the warnings given (one per rule and character). */
  private readonly namesChecked: NamesChecked = new Map();
  private readonly rulesWarned = new Set<string>();
  private readonly tacticsReport: TacticsReport = (file, range, severity, message, suggestions) =>
    this.report(file, range, severity, 'tactics-rule', message, suggestions);

  /** The weapons a rule written in `file` may name (HR-A5): those in its scope, and Unarmed. */
  private weaponNames(file: string): string[] {
    return [...this.scopeOf(file).names('weapon'), UNARMED.name];
  }

  /** Issue 33: a character's own tactics block (Heart Rush characters extend none). */
  private characterRules(raw: RawBlock): CombatantRules | null {
    const memo = this.charRules.get(raw);
    if (memo !== undefined) return memo;
    const own = blockTactics(raw, raw.name, this.tacticsReport);
    if (own)
      checkRuleNames(
        own,
        raw.file,
        this.weaponNames(raw.file),
        this.scopeOf(raw.file).names('character'),
        this.tacticsReport,
        this.namesChecked,
      );
    const out = own ? { rules: own, own: true, file: raw.file } : null;
    this.charRules.set(raw, out);
    return out;
  }

  /**
   * `field 60ft 30ft side a { … }` on one line reads as written (the reader ends `field`'s arguments where the
   * schema says and finds the side's header after them, model/split.ts). Where an unknown word stands between
   * the attributes and the block (`field 60ft 30ft bogus side a { … }`) the reader says `field` starts a line that also opens a block; said
   * here in Heart Rush's words, with a fix id to break the line (editor/fixes.ts); no did-you-mean (`seed` is near
   * `side`, the wrong edit). Read from the reader's `unknown` data, never its message.
   */
  attributesBeforeBlocks(files: ReadonlySet<string>): void {
    const own = new Map(SCHEMA.encounter.attributes.map((a) => [a.name, a]));
    this.diags.forEach((d, i) => {
      const u = d.unknown;
      const attr = u && u.where === 'statement' && u.kind === 'encounter' ? own.get(u.word) : undefined;
      if (d.code !== 'unknown-keyword' || !files.has(d.file) || !attr) return;
      const { suggestions: _dropped, ...rest } = d;
      this.diags[i] = {
        ...rest,
        fix: OWN_LINE_FIX,
        message: `'${attr.name}' belongs to the encounter, but its line goes on into a block (\`side … { … }\`), and a line that opens a block starts with \`side\` or \`dice\`. Put \`${attr.name}\` on a line of its own, before the sides.`,
      };
    });
  }

  // ---- characters -------------------------------------------------------

  character(raw: RawBlock): Character {
    const memo = this.characters.get(raw);
    if (memo) return memo;
    this.characterRules(raw); // its GM rules' names are checked where they are written, used or not (issue 33)
    const f = raw.file;
    const heart = this.die(raw, this.one(raw, 'heart'));
    const might = this.die(raw, this.one(raw, 'might'));
    const agility = this.die(raw, this.one(raw, 'agility'));
    const cunning = this.die(raw, this.one(raw, 'cunning'));

    const hpAttr = this.one(raw, 'hp');
    let hp = hpAttr?.int;
    if (!hpAttr && !raw.misspelt?.has('hp')) {
      this.report(
        f,
        raw.nameRange,
        'error',
        'HR-N3',
        `${raw.name} has no hit points. Heart Rush gives no formula: declare its maximum, e.g. \`hp 20\` (HR-N3).`,
      );
    } else if (hp !== undefined && hp <= 0) {
      this.report(
        f,
        hpAttr!.range,
        'error',
        'HR-N3',
        `${raw.name} has hp ${hp}; hit points must be above 0 (HR-N3). At 0 or below a combatant is already down (HR-H7).`,
      );
      hp = undefined;
    }

    const wearsRef = this.one(raw, 'wears')?.names[0];
    const armorRaw = wearsRef ? this.lookup(raw, 'armor', wearsRef) : undefined;
    const armor = armorRaw ? this.armor(armorRaw) : undefined;

    const handsAttr = this.one(raw, 'hands');
    let hands = handsAttr?.int;
    if (hands !== undefined && hands < 0) {
      this.report(
        f,
        handsAttr!.range,
        'error',
        'HR-N7',
        `${raw.name} has ${hands} hands; hands cannot be negative (HR-N7). Write \`hands 0\` for a creature with none.`,
      );
      hands = undefined;
    }
    const handCount = hands ?? DEFAULT_HANDS;

    const weapons: Weapon[] = [];
    const wieldRefs = this.many(raw, 'wields');
    for (const ref of wieldRefs) {
      let w: Weapon | undefined;
      const defined = this.scopeOf(ref.file ?? f).lookup('weapon', ref.text);
      if (defined) w = this.weapon(defined);
      else if (ref.text === UNARMED.name) w = UNARMED;
      else {
        const wr = this.lookup(raw, 'weapon', ref, [UNARMED.name]);
        if (wr) w = this.weapon(wr);
      }
      if (!w) continue;
      if (w.hands > handCount)
        this.report(
          f,
          ref.range,
          'error',
          'HR-N7',
          `${w.name} needs ${w.hands} hand${w.hands === 1 ? '' : 's'} and ${raw.name} has ${handCount} (HR-N7). Give it \`hands ${w.hands}\`, or a weapon it can hold.`,
        );
      weapons.push(w);
    }

    const speedAttr = this.one(raw, 'speed');
    let speed: number | undefined;
    if (
      speedAttr?.feet !== undefined &&
      !this.tooFar(f, speedAttr.range, speedAttr.feet, `${raw.name}'s speed`) &&
      this.onGrid(f, speedAttr.range, speedAttr.feet, `${raw.name}'s speed`)
    )
      speed = speedAttr.feet;

    const size = this.enumValue<Size>(raw, this.one(raw, 'size'), SIZES);

    const rushAttr = this.one(raw, 'rush');
    let rush = rushAttr?.int;
    if (rush !== undefined && rush < 0) {
      this.report(
        f,
        rushAttr!.range,
        'error',
        'HR-N8',
        `${raw.name} has ${rush} rush points; a pool cannot be negative (HR-N8). Write \`rush 0\` for none.`,
      );
      rush = undefined;
    } else if (rush !== undefined && rush > RUSH_WARN) {
      this.report(
        f,
        rushAttr!.range,
        'warning',
        'HR-N8',
        `${raw.name} has ${rush} rush points for the whole fight; the assumed pool is ${DEFAULT_RUSH} (HR-N8). More than ${RUSH_WARN} makes sidesteps and opportunity attacks nearly free. Kept as written.`,
      );
    }

    const tactics = this.enumValue<Tactic>(raw, this.one(raw, 'tactics'), TACTICS);
    const maneuver = this.enumValue<Maneuver>(raw, this.one(raw, 'maneuver'), MANEUVERS);
    const inflicts = this.enumValue<Inflict>(raw, this.one(raw, 'inflicts'), INFLICTS);
    const shrug = this.enumValue<ShrugRule>(raw, this.one(raw, 'shrug'), SHRUG_RULES);
    const diceAttr = this.one(raw, 'dice');
    const diceRef = diceAttr?.names[0];
    const diceRaw = diceRef ? this.lookup(raw, 'dice', diceRef) : undefined;

    const c = makeCharacter(raw.name, {
      player: this.has(raw, 'player'),
      heart,
      might,
      agility,
      cunning,
      hp: hp ?? 1,
      armor: armor ?? null,
      weapons,
      speed,
      size,
      hands,
      rush,
      tactics,
      maneuver,
      inflicts,
      shrug,
      fightsOn: this.has(raw, 'fights-on'),
      relentless: this.has(raw, 'relentless'),
      dice: diceRaw ? this.dice(diceRaw) : undefined,
    });
    if (diceRaw) this.scriptNamedAt.set(c, sourceAt(f, diceAttr!.range));

    // HR-N5: speed after armor.
    if (effectiveSpeed(c) <= 0 && (speed !== undefined || armor)) {
      // Only what applies: the sum when armor changes the speed, "floored" when the total is below 0, "assumed"
      // when no speed is written (`speed 0ft` and no armor reads "W's speed is 0 ft: it can never dash").
      const mod = armor && armor.speed !== 0 ? armor : undefined;
      const total = c.speed + (mod?.speed ?? 0);
      const base = `${feetText(c.speed)}${speed === undefined ? ` (the assumed base)` : ''}`;
      const parts = mod
        ? `${base} ${mod.speed < 0 ? '−' : '+'} ${Math.abs(mod.speed)} ft (${mod.name}) = ${feetText(total)}`
        : base;
      this.report(
        f,
        (mod && wearsRef?.range) || speedAttr?.range || raw.nameRange,
        'warning',
        'HR-N5',
        `${raw.name}'s speed is ${parts}${total < 0 ? ', floored at 0' : ''}: it can never dash (HR-N5).`,
      );
    }
    this.checkGrappleHands(raw, c);
    this.characters.set(raw, c);
    return c;
  }

  // ---- encounters -------------------------------------------------------

  encounter(raw: RawBlock): HREncounterInfo {
    const f = raw.file;
    const seed = this.one(raw, 'seed')?.int ?? DEFAULT_SEED;
    const rounds = this.one(raw, 'rounds')?.int ?? DEFAULT_ROUNDS;

    const field = this.field(raw);

    // Dice declared inside the encounter shadow the files'.
    const localDice = new Map<string, RawBlock>();
    for (const d of raw.children.filter((c) => c.kind === 'dice')) {
      const prev = localDice.get(d.name);
      if (prev)
        this.report(
          f,
          d.nameRange,
          'error',
          'duplicate-name',
          `Dice '${d.name}' is already declared in this encounter on line ${prev.nameRange.start.line + 1}; rename one of them.`,
        );
      else localDice.set(d.name, d);
      this.dice(d);
    }

    const sides: Side[] = [];
    const spots: Spot[] = [];
    const scriptsAt: { placement?: SourceAt; character?: SourceAt }[] = [];
    const report = (range: Range, code: string, message: string): void => this.report(f, range, 'error', code, message);
    const sideRaws = distinctSides(raw, report);
    const roster = new Roster(
      raw.name,
      sideRaws.flatMap((s) => s.placements),
      report,
    );
    const sideNames = sideRaws.map((s) => s.name);
    for (const s of sideRaws) {
      const placements: Placement[] = [];
      // issue 33: the side's rules, for every member whose placement and character have none
      const sideT = blockTactics(s, `side ${s.name}`, this.tacticsReport);
      if (sideT)
        checkRuleNames(
          sideT,
          f,
          this.weaponNames(f),
          this.scopeOf(f).names('character'),
          this.tacticsReport,
          this.namesChecked,
        );
      const members = s.placements.reduce((k, rp) => k + rp.copies, 0);
      if (s.placements.length === 0)
        this.report(
          f,
          s.nameRange,
          'error',
          'HR-X1',
          `Side '${s.name}' has nobody in it: it would lose before the fight starts (HR-X1). Place someone: \`Name at 0ft 0ft\`.`,
        );
      for (const rp of s.placements) {
        const cRaw = this.lookup(s, 'character', rp.name);
        const c = cRaw ? this.character(cRaw) : undefined;
        const opts = this.placementOptions(s, rp, localDice);
        if (!c || !opts) continue;
        this.scriptFits(f, rp, c, opts.dice);
        if (rp.tactics)
          checkRuleNames(
            rp.tactics,
            f,
            this.weaponNames(f),
            this.scopeOf(f).names('character'),
            this.tacticsReport,
            this.namesChecked,
          );
        const rules: CombatantRules | null = rp.tactics
          ? { rules: { ...rp.tactics, owner: rp.name.text }, own: false, file: f }
          : (this.characterRules(cRaw!) ?? (sideT ? { rules: sideT, own: false, file: f } : null));
        if (rules)
          checkRuleActions(
            rules,
            c,
            rules.rules.preset ? (rules.rules.preset as Tactic) : c.tactics,
            members - 1,
            this.tacticsReport,
            this.rulesWarned,
            this.namesChecked,
          );
        for (let k = 0; k < rp.copies; k++) {
          const name = roster.next(rp, c.name);
          if (name === undefined) break;
          const p = makePlacement(c, opts.x + k * SQUARE, opts.y, {
            name,
            dice: opts.dice,
            stances: opts.stances,
            surprised: opts.surprised,
            hidden: opts.hidden,
            cover: opts.cover,
            ...(rules ? { rules: rules.rules, rulesOwn: rules.own } : {}),
          });
          placements.push(p);
          scriptsAt.push({ placement: opts.diceAt, character: this.scriptNamedAt.get(c) });
          spots.push({ p, side: s.name, raw: rp, block: s });
        }
      }
      sides.push({ name: s.name, placements });
    }

    // a side swallowed by an attribute's line (`field 60ft 30ft side a { … }`, reported as such) is no missing side
    const swallowed = this.diags.some(
      (d) =>
        d.fix === OWN_LINE_FIX &&
        d.file === f &&
        d.range.start.offset > raw.range.start.offset &&
        d.range.end.offset < raw.range.end.offset,
    );
    if (sideNames.length < 2 && !swallowed)
      this.report(
        f,
        raw.nameRange,
        'error',
        'HR-X1',
        `A fight needs at least two sides; '${raw.name}' has ${sideNames.length} (HR-X1). Add \`side foes { … }\`.`,
      );

    checkSquares(this, f, spots, field);
    checkManeuverReach(this, f, spots);
    const ids = spots.map((sp) => ({ id: sp.p.name, character: sp.p.character.name, raw: sp.raw }));
    checkCombatantIds(raw.name, ids, report);
    checkAllSurprised(this, raw, sides, spots, sideNames);

    checkTurnLimit(rounds, spots.length, this.one(raw, 'rounds')?.range ?? raw.nameRange, report);

    const encounter = makeEncounter(raw.name, sides, {
      seed,
      rounds,
      field,
      ...(scriptsAt.some((w) => w.placement || w.character) ? { scriptsAt } : {}),
    });
    return {
      name: raw.name,
      seed,
      rounds,
      sides: sides.map((s) => s.name),
      combatants: spots.map((sp) => ({ id: sp.p.name, side: sp.side, range: sp.raw.range })),
      encounter,
      range: raw.nameRange,
      file: f,
    };
  }

  /** HR-P4: the encounter's field, each side at least one square and on the grid; null when none (or refused). */
  private field(raw: RawBlock): { w: number; h: number } | null {
    const f = raw.file;
    let field: { w: number; h: number } | null = null;
    const fieldAttr = this.one(raw, 'field');
    if (fieldAttr?.feetPair) {
      const [w, h] = fieldAttr.feetPair;
      let ok = true;
      for (const [v, what] of [
        [w, "The field's width"],
        [h, "The field's height"],
      ] as const) {
        if (this.tooFar(f, fieldAttr.range, v, what)) ok = false;
        else if (v <= 0) {
          this.report(
            f,
            fieldAttr.range,
            'error',
            'HR-P4',
            `${what} is ${v} ft; a field is at least one 5-ft square each way (HR-P4). Remove \`field\` for an unbounded grid.`,
          );
          ok = false;
        } else if (!this.onGrid(f, fieldAttr.range, v, what)) ok = false;
      }
      if (ok) field = { w, h };
    }
    return field;
  }

  /**
   * HR-D5: a scripted roll above every die the combatant rolls (heart, abilities, weapons; a shrug only lowers the
   * heart) fits no die it can land on, so every fight that reaches it would stop there. Reported on the placement's
   * `dice` when its own script has it, else on the placement (the character's script).
   */
  private scriptFits(f: string, rp: RawPlacement, c: Character, own: readonly number[]): void {
    const top = Math.max(c.heart, c.might, c.agility, c.cunning, ...c.weapons.map((w) => w.die));
    const over = [...new Set([...own, ...c.dice].filter((v) => v > top))];
    if (!over.length) return;
    const inOwn = over.some((v) => own.includes(v));
    const who = rp.name.text;
    const one = over.length === 1;
    this.report(
      f,
      (inOwn ? argOf(rp, 'dice')?.range : undefined) ?? rp.name.range,
      'error',
      'HR-D5',
      `${who}'s scripted ${one ? `roll ${over[0]} is` : `rolls ${over.join(', ')} are`} above d${top}, the largest die ${who} rolls${inOwn ? '' : ` (the script of character ${c.name})`}: ${one ? 'it fits' : 'they fit'} no die, and the fight would stop there (HR-D5). Lower ${one ? 'it' : 'them'}, or give ${who} the die ${one ? 'it was' : 'they were'} written for.`,
    );
  }

  /** The keys after a placement's name; undefined when it has no usable position. */
  private placementOptions(
    side: RawBlock,
    rp: RawPlacement,
    localDice: Map<string, RawBlock>,
  ):
    | {
        x: number;
        y: number;
        dice: number[];
        diceAt: SourceAt | undefined;
        stances: Stance[];
        surprised: boolean;
        hidden: boolean;
        cover: Cover;
      }
    | undefined {
    const f = side.file;
    const at = argOf(rp, 'at');
    let pos: [number, number] | undefined;
    if (!at) {
      // fix id: the editor adds the first free square (editor/fixes.ts), which 0ft 0ft may not be
      this.diags.push({
        file: f,
        range: rp.name.range,
        severity: 'error',
        code: 'bad-value',
        fix: PLACE_AT_FIX,
        message: `Where does ${rp.name.text} stand? Add its square: \`${quoteName(rp.name.text)} at 0ft 0ft\` (feet, multiples of 5, HR-P1).`,
      });
    } else if (at.feetPair) {
      const [x, y] = at.feetPair;
      let ok = true;
      for (const [v, axis] of [
        [x, 'x'],
        [y, 'y'],
      ] as const) {
        const what = `${rp.name.text}'s ${axis}`;
        if (this.tooFar(f, at.range, v, what)) ok = false;
        else if (v < 0) {
          this.report(
            f,
            at.range,
            'error',
            'HR-P4',
            `${what} is ${v} ft; positions are measured from the field's corner, 0 or more (HR-P4).`,
          );
          ok = false;
        } else if (!this.onGrid(f, at.range, v, what)) ok = false;
      }
      if (ok) pos = [x, y];
    }
    // scripted dice
    const diceRef = placementName(rp, 'dice');
    const diceRaw = diceRef ? this.lookup(side, 'dice', diceRef, [], localDice) : undefined;
    const dice = diceRaw ? this.dice(diceRaw) : [];
    const diceAt = diceRaw ? sourceAt(f, argOf(rp, 'dice')!.range) : undefined;
    // HR-E2: stances
    const stances: Stance[] = [];
    const stanceArgs = rp.args.filter((a) => a.spec.name === 'stances');
    for (const a of stanceArgs)
      for (const v of a.names) {
        if ((STANCES as readonly string[]).includes(v.text)) stances.push(v.text as Stance);
        else {
          const sugg = suggest(v.text, STANCES);
          this.report(
            f,
            v.range,
            'error',
            'HR-E2',
            `'${v.text}' is not a stance: the four are might, agility, cunning and defensive (HR-E2).${didYouMean(sugg)}`,
            sugg,
          );
        }
      }
    const surprised = !!argOf(rp, 'surprised');
    const hiddenArg = argOf(rp, 'hidden');
    const hidden = !!hiddenArg;
    if (surprised && hiddenArg)
      this.report(
        f,
        hiddenArg.range,
        'error',
        'HR-S1',
        `${rp.name.text} is both surprised and hidden: a surprised combatant loses round 1, a hidden one strikes first in it (HR-S1, HR-O2). Keep one.`,
      );
    // The list is per round from round 1 (sim.ts), so its first stance is a placeholder here: the message says so
    // and names no edit (dropping the first stance would only shift round 3's stance into round 2).
    if (surprised && stances.length && stanceArgs.length) {
      const first = stanceArgs[0].names.find((n) => (STANCES as readonly string[]).includes(n.text))!;
      this.report(
        f,
        first.range,
        'warning',
        'HR-S1',
        `${rp.name.text} is surprised and takes no stance in round 1 (HR-S1): its scripted '${first.text}' for round 1 is ignored, and round 2 takes the list's second stance.`,
      );
    }
    // HR-S3: cover
    const coverArg = argOf(rp, 'cover');
    let cover: Cover = 'none';
    const cv = coverArg?.names[0];
    if (cv) {
      if ((COVER_LEVELS as readonly string[]).includes(cv.text)) cover = cv.text as Cover;
      else {
        const levels = COVER_LEVELS.filter((c) => c !== 'none');
        const sugg = suggest(cv.text, levels);
        this.report(
          f,
          cv.range,
          'error',
          'HR-S3',
          `'${cv.text}' is not a cover level: light, heavy, superior or total (HR-S3).${didYouMean(sugg)}`,
          sugg,
        );
      }
    }
    if (!pos) return undefined;
    return { x: pos[0], y: pos[1], dice, diceAt, stances, surprised, hidden, cover };
  }
}

/** A distance as the messages write it: `−10 ft` with a real minus sign. */
function feetText(feet: number): string {
  return `${feet < 0 ? '−' : ''}${Math.abs(feet)} ft`;
}

/** Where a range starts, for the engine to point at (a run's error). */
function sourceAt(file: string, range: Range): SourceAt {
  return { file, line: range.start.line, character: range.start.character };
}
