// The Tactical Grid checker: builds the plain model of model.ts (what the
// engine runs) from schema-read blocks, through the constructors that hold
// every default, and reports every rule of TACTICAL-GRID.md's checker table
// the text can break, each with its TG id. Names resolve through the scope of
// the file that wrote them (its own definitions and those of its `use`d
// files). Each character is built once (memoised), so a mistake is reported
// once. A placement with an error is left out of the engine's encounter, so a
// checked encounter never makes the simulator throw.

import type { Range } from '../../grammar/ast.js';
import { BlockChecker, quoteName } from '../../model/check-kit.js';
import type { AttrValue, NameRef, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import { checkTurnLimit, distinctSides, Roster } from '../../model/roster.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import type { EncounterOf, SystemModel } from '../../model/system.js';
import { Board } from './engine/grid.js';
import {
  ABILITIES,
  AIS,
  DEFAULT_ROUNDS,
  DEFAULT_SEED,
  DIE,
  STAT_MAX,
  STAT_MIN,
  character as makeCharacter,
  encounter as makeEncounter,
  gridMap,
  placement as makePlacement,
  sheet,
  tag as makeTag,
  type Ability,
  type Ai,
  type Character,
  type Encounter,
  type GridKind,
  type Placement,
  type Side,
  type Tag,
} from './model.js';
import type { Tactics } from '../../model/priority-run.js';
import { blockTactics, checkFollowers, type Follower, type TacticsReport } from './check-tactics.js';
import { checkFacing, checkMap, checkRules, checkSquares, pathToAny, tooBig } from './check-map.js';

export { MAX_NUMBER, nearestFacings, pathToAny } from './check-map.js';

/** One combatant as the shells see it: its id ("Raider 2"), its side and the placement that made it. */
export interface TGCombatantInfo {
  readonly id: string;
  readonly side: string;
  /** The placement line (or its part) in the encounter's file. */
  readonly range: Range;
}

/**
 * A checked Tactical Grid encounter: what every system's encounter shows the shells (EncounterInfo), and
 * the plain `Encounter` the engine runs (`combatEvents(info.encounter)`). Combatants are listed in
 * placement order, the engine's combatant index.
 */
export interface TGEncounterInfo extends EncounterOf<Encounter> {
  readonly combatants: readonly TGCombatantInfo[];
  readonly range: Range;
  readonly file: string;
  /** The grid its map declares, even when the map's rows have errors (which facings are valid, TG-F1/F2). */
  readonly grid: GridKind;
}

/** A definition and where it is written (for hovers and tools). */
export interface TGDefined<T> {
  readonly value: T;
  readonly range: Range;
  readonly file: string;
}

/** The Tactical Grid model of a check. */
export interface TGModel extends SystemModel {
  readonly encounters: TGEncounterInfo[];
  readonly characters: TGDefined<Character>[];
}

export function emptyModel(): TGModel {
  return { encounters: [], characters: [] };
}

/** Speeds, ranges, health, stress, pools and drive above this are refused (`limit`): the map is at most 100 × 100. */
const STATS = ['agi', 'per', 'com', 'tou', 'pro', 'special', 'wis', 'int', 'cha'] as const;
type StatName = (typeof STATS)[number];
const POOLS = ['tactics', 'effects', 'support', 'analysis', 'reactions'] as const;
/** Declared numbers and the rule of their formula (TG-N11). */
const DERIVED: readonly {
  name: 'speed' | 'range' | 'attack' | 'defense' | (typeof POOLS)[number];
  rule: string;
  formula: string;
}[] = [
  { name: 'speed', rule: 'TG-N1', formula: 'AGI + 3' },
  { name: 'range', rule: 'TG-N2', formula: 'PER' },
  { name: 'attack', rule: 'TG-N3', formula: 'COM + 1' },
  { name: 'defense', rule: 'TG-N4', formula: 'TOU + 1' },
  { name: 'tactics', rule: 'TG-N5', formula: 'PRO' },
  { name: 'effects', rule: 'TG-N6', formula: 'the special stat' },
  { name: 'support', rule: 'TG-N7', formula: 'WIS (+1 potion-seller, +1 miracle-worker)' },
  { name: 'analysis', rule: 'TG-N8', formula: 'INT' },
  { name: 'reactions', rule: 'TG-N9', formula: 'CHA' },
];
const STAR_MAX = 5;

export class TGModelBuilder extends BlockChecker<'character'> {
  private readonly characters = new Map<RawBlock, Character>();
  /** Issue 33: each character's `tactics { … }` block (undefined: none), read once so a second block is one error. */
  private readonly characterTactics = new Map<RawBlock, Tactics | undefined>();
  private readonly tacticsReport: TacticsReport = (file, range, severity, message, suggestions) =>
    this.report(file, range, severity, 'tactics-rule', message, suggestions);

  /** A character's own GM priority rules (issue 33), owned by its name. */
  private ownTactics(raw: RawBlock): Tactics | undefined {
    if (!this.characterTactics.has(raw))
      this.characterTactics.set(raw, blockTactics(raw, raw.name, this.tacticsReport));
    return this.characterTactics.get(raw);
  }

  /** TG-V1 (TGS-1): scripted d20 faces. */
  private faces(file: string, attrs: AttrValue[], who: string): number[] {
    const out: number[] = [];
    for (const a of attrs) {
      const bad = (a.ints ?? []).filter((n) => n < 1 || n > DIE);
      if (bad.length)
        this.report(
          file,
          a.range,
          'error',
          'TG-V1',
          `${who}'s scripted ${bad.length === 1 ? `roll ${bad[0]} is` : `rolls ${bad.join(', ')} are`} outside 1–${DIE}: a scripted roll is a face of the d20 (TG-V1). Fix or remove ${bad.length === 1 ? 'it' : 'them'}.`,
        );
      for (const n of a.ints ?? []) if (n >= 1 && n <= DIE) out.push(n);
    }
    return out;
  }

  // ---- characters -------------------------------------------------------

  character(raw: RawBlock): Character {
    const memo = this.characters.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const name = raw.name;
    const diffAttr = this.one(raw, 'difficulty');
    const npc = !!diffAttr || !!raw.misspelt?.has('difficulty'); // a misspelt difficulty still means an NPC: one mistake, one diagnostic
    const num = (attr: string): { a: AttrValue; v: number } | undefined => {
      const a = this.one(raw, attr);
      if (!a || a.int === undefined || tooBig(this, raw, a, `${name}'s ${attr}`)) return undefined;
      return { a, v: a.int };
    };

    // stats (TG-N10); an NPC has none (TG-P1)
    const stats: Partial<Record<StatName, number | null>> = {};
    const missing: StatName[] = [];
    for (const s of STATS) {
      const x = num(s);
      if (!x) {
        if (!this.has(raw, s) && !raw.misspelt?.has(s)) missing.push(s);
        continue;
      }
      if (npc) continue; // reported below as one TG-P1 error
      if (x.v < 0) {
        this.report(
          f,
          x.a.range,
          'error',
          'TG-N10',
          `${name}'s ${s.toUpperCase()} is ${x.v}; a stat cannot be negative (TG-N10). Stats are whole numbers 1–5.`,
        );
        continue;
      }
      if (x.v < STAT_MIN || x.v > STAT_MAX)
        this.report(
          f,
          x.a.range,
          'warning',
          'TG-N10',
          `${name}'s ${s.toUpperCase()} is ${x.v}, outside 1–5 (TG-N10): kept as homebrew. Use 1–5 for a standard sheet.`,
        );
      stats[s] = x.v;
    }
    if (npc) {
      const written = raw.attrs.filter((a) => (STATS as readonly string[]).includes(a.spec.name));
      if (written.length)
        this.report(
          f,
          written[0].range,
          'error',
          'TG-P1',
          `${name} has a difficulty, so it is an NPC, and NPCs never roll: its stats (${[...new Set(written.map((a) => a.spec.name))].join(', ')}) mean nothing (TG-P1). Remove them, or remove \`difficulty\` to make it a sheet.`,
        );
    } else if (missing.length && !this.has(raw, 'health')) {
      this.report(
        f,
        raw.nameRange,
        'warning',
        'TG-N10',
        `${name} does not state ${missing.map((s) => s.toUpperCase()).join(', ')}; ${missing.length === 1 ? 'it is' : 'each is'} assumed 1 (TG-N10). Write ${missing.map((s) => `\`${s} 1\``).join(' ')} to make it explicit, or add \`difficulty\` for an NPC.`,
      );
    }

    // NPC numbers (TG-P1, TG-D2)
    let difficulty: number | null = null;
    if (diffAttr?.int !== undefined && !tooBig(this, raw, diffAttr, `${name}'s difficulty`)) difficulty = diffAttr.int;
    else if (npc) difficulty = 10;
    const healthX = num('health');
    let health: number | null = null;
    if (healthX) {
      if (healthX.v <= 0)
        this.report(
          f,
          healthX.a.range,
          'error',
          'TG-D2',
          `${name} has health ${healthX.v}; health must be above 0 (TG-D2): at 0 an NPC is already OUT.`,
        );
      else health = healthX.v;
    }
    if (npc) {
      const lacking = ['health', 'speed', 'range'].filter((a) => !this.has(raw, a) && !raw.misspelt?.has(a));
      if (lacking.length)
        this.report(
          f,
          raw.nameRange,
          'error',
          'TG-P1',
          `${name} is an NPC (it has a difficulty) but has no ${lacking.join(', ')}: an NPC declares difficulty, health, speed and range (TG-P1), e.g. \`difficulty 13 health 3 speed 5 range 1\`.`,
        );
    }
    if (!npc) {
      if (healthX)
        this.report(
          f,
          healthX.a.range,
          'error',
          'TG-P1',
          `${name} has \`health\` but no \`difficulty\`: an NPC needs a difficulty (TG-P1), e.g. \`difficulty 13\`; a sheet combatant has stress boxes, not health (TG-D1). Add a difficulty, or remove \`health\`.`,
        );
      health = null;
    }
    if (npc && health === null) health = 1;

    // stress (TG-D1), drive (TG-R3)
    const stressX = num('stress');
    let stress: number | null = null;
    if (stressX) {
      if (stressX.v <= 0)
        this.report(
          f,
          stressX.a.range,
          'error',
          'TG-D1',
          `${name} has ${stressX.v} stress boxes; it needs at least 1 (TG-D1). Remove it for the assumed 6.`,
        );
      else if (npc)
        this.report(
          f,
          stressX.a.range,
          'warning',
          'TG-P1',
          `${name} is an NPC: it has health, not stress boxes (TG-D2, TG-P1); \`stress\` is ignored.`,
        );
      else stress = stressX.v;
    }
    const driveX = num('drive');
    let drive = 0;
    if (driveX) {
      if (driveX.v < 0)
        this.report(
          f,
          driveX.a.range,
          'error',
          'TG-N10',
          `${name} has ${driveX.v} drive; drive cannot be negative (TG-N10, TG-R3). Write \`drive 0\` for none.`,
        );
      else if (!npc) drive = driveX.v;
    }
    if (npc) {
      const ignored = raw.attrs.filter((a) => ['attack', 'defense', 'drive'].includes(a.spec.name));
      if (ignored.length)
        this.report(
          f,
          ignored[0].range,
          'warning',
          'TG-P1',
          `${name} is an NPC and never rolls, so its ${[...new Set(ignored.map((a) => a.spec.name))].join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored (TG-P1). Its difficulty already says how good it is.`,
        );
    }

    // speed (TG-N1), range (TG-N2), overrides and pools (TG-N11, TG-P2)
    const speedX = num('speed');
    let speed: number | null = null;
    if (speedX) {
      if (speedX.v < 0)
        this.report(
          f,
          speedX.a.range,
          'error',
          'TG-N1',
          `${name}'s speed is ${speedX.v}; speed cannot be negative (TG-N1). Write \`speed 0\` for an immobile combatant.`,
        );
      else speed = speedX.v;
    }
    const rangeX = num('range');
    let range: number | null = null;
    if (rangeX) {
      if (rangeX.v < 1)
        this.report(
          f,
          rangeX.a.range,
          'error',
          'TG-N2',
          `${name}'s range is ${rangeX.v}; range is at least 1, the adjacent squares (TG-N2).`,
        );
      else range = rangeX.v;
    }
    const over: Partial<Record<(typeof DERIVED)[number]['name'], number | null>> = { speed, range };
    for (const d of DERIVED.slice(2)) {
      const x = num(d.name);
      if (!x) continue;
      if ((POOLS as readonly string[]).includes(d.name) && x.v < 0) {
        this.report(
          f,
          x.a.range,
          'error',
          'TG-N10',
          `${name}'s ${d.name} pool is ${x.v}; a pool cannot be negative (TG-N10, TG-N11). Write \`${d.name} 0\` for none.`,
        );
        continue;
      }
      if (npc && (d.name === 'attack' || d.name === 'defense')) continue;
      over[d.name] = x.v;
    }
    if (npc) {
      const pools = raw.attrs.filter((a) => (POOLS as readonly string[]).includes(a.spec.name));
      if (pools.length)
        this.report(
          f,
          pools[0].range,
          'warning',
          'TG-P2',
          `${name} is an NPC with a declared ${[...new Set(pools.map((a) => a.spec.name))].join(', ')} pool: by default NPCs take no extra actions (TG-P2). Kept as homebrew: it will use it like a sheet.`,
        );
    }

    // tags (TG-R3): `tag "Name" N [offensive|defensive]`
    const tags: { name: string; stars?: number; kind: Tag['kind']; ref: NameRef; range: Range }[] = [];
    for (const a of raw.attrs) {
      const last = tags[tags.length - 1];
      if (a.spec.name === 'tag' && a.names[0])
        tags.push({ name: a.names[0].text, kind: null, ref: a.names[0], range: a.range });
      else if (a.spec.name === 'stars') {
        if (!last || last.stars !== undefined)
          this.report(
            f,
            a.range,
            'error',
            'bad-value',
            `A bare number in ${name} is the stars of the tag just before it, and there is ${last ? 'a number already' : 'no tag'} there: write \`tag "Name" ${a.int ?? 2}\`.`,
          );
        else if (a.int !== undefined) {
          if (a.int < 0)
            this.report(
              f,
              a.range,
              'error',
              'TG-N10',
              `Tag "${last.name}" has ${a.int} stars; stars cannot be negative (TG-N10, TG-R3).`,
            );
          else {
            if (a.int === 0 || a.int > STAR_MAX)
              this.report(
                f,
                a.range,
                'warning',
                'TG-R3',
                `Tag "${last.name}" has ${a.int} stars, outside 1–${STAR_MAX} (TG-R3): kept as homebrew.`,
              );
            last.stars = a.int;
          }
          last.range = { start: last.range.start, end: a.range.end };
        }
      } else if (a.spec.name === 'offensive' || a.spec.name === 'defensive') {
        if (!last || last.kind)
          this.report(
            f,
            a.range,
            'error',
            'bad-value',
            `'${a.spec.name}' declares the kind of the tag just before it; write it after the tag's stars: \`tag "Name" 2 ${a.spec.name}\`.`,
          );
        else last.kind = a.spec.name;
      }
    }
    for (const t of tags)
      if (t.stars === undefined && !raw.misspelt?.has('stars'))
        this.report(
          f,
          t.range,
          'error',
          'TG-R3',
          `Tag "${t.name}" has no stars: write them after its name, e.g. \`tag ${quoteName(t.name)} 2\` (TG-R3).`,
        );
    const seenTags = new Set<string>();
    for (const t of tags) {
      if (seenTags.has(t.name))
        this.report(
          f,
          t.ref.range,
          'error',
          'duplicate-name',
          `${name} has two tags named "${t.name}"; rename one of them.`,
        );
      seenTags.add(t.name);
    }

    // abilities (TG-B0)
    const abilities: Ability[] = [];
    for (const a of raw.attrs.filter((x) => x.spec.name === 'abilities'))
      for (const v of a.names) {
        if ((ABILITIES as readonly string[]).includes(v.text)) {
          if (!abilities.includes(v.text as Ability)) abilities.push(v.text as Ability);
        } else {
          const sugg = suggest(v.text, ABILITIES);
          this.report(
            f,
            v.range,
            'error',
            'TG-B0',
            `'${v.text}' is not a built-in ability (TG-B0). The ten are: ${ABILITIES.join(', ')}.${didYouMean(sugg)}`,
            sugg,
          );
        }
      }
    const melee = this.has(raw, 'melee');
    if (melee && abilities.includes('deadeye')) {
      const at = raw.attrs
        .find((a) => a.spec.name === 'abilities' && a.names.some((n) => n.text === 'deadeye'))!
        .names.find((n) => n.text === 'deadeye')!;
      this.report(
        f,
        at.range,
        'warning',
        'TG-B1',
        `${name} is \`melee\`, so Deadeye can never extend its attacks (TG-B1, TG-L4). Remove one of them.`,
      );
    }
    const ai = this.enumValue<Ai>(raw, this.one(raw, 'ai'), AIS);
    const atZero = this.enumValue<'out' | 'dies'>(raw, this.one(raw, 'at-zero'), ['out', 'dies']);
    const weakness = raw.attrs.filter((a) => a.spec.name === 'weakness').flatMap((a) => a.names.map((n) => n.text));
    const dice = this.faces(
      f,
      raw.attrs.filter((a) => a.spec.name === 'dice'),
      name,
    );

    const c = makeCharacter(name, {
      ...(npc ? {} : stats),
      specialName: this.one(raw, 'special-name')?.names[0]?.text ?? null,
      stress,
      drive,
      speed: over.speed ?? (npc ? 0 : null),
      range: over.range ?? (npc ? 1 : null),
      attack: over.attack ?? null,
      defense: over.defense ?? null,
      tactics: over.tactics ?? null,
      effects: over.effects ?? null,
      support: over.support ?? null,
      analysis: over.analysis ?? null,
      reactions: over.reactions ?? null,
      difficulty,
      health,
      atZero: atZero ?? 'out',
      weakness,
      tags: tags.filter((t) => t.stars !== undefined).map((t) => makeTag(t.name, t.stars!, t.kind)),
      abilities,
      melee,
      ai: ai ?? 'default',
      dice,
    });

    // TG-N11: declared numbers that differ from their formula (sheets; not an NPC missing its difficulty, TG-P1).
    if (!npc && !this.has(raw, 'health')) {
      const formula = sheet(
        makeCharacter(name, {
          ...c,
          speed: null,
          range: null,
          attack: null,
          defense: null,
          tactics: null,
          effects: null,
          support: null,
          analysis: null,
          reactions: null,
        }),
      );
      for (const d of DERIVED) {
        const declared = c[d.name];
        if (declared === null) continue;
        const want = formula[d.name];
        if (declared !== want) {
          const at = this.one(raw, d.name)!;
          this.report(
            f,
            at.range,
            'warning',
            'TG-N11',
            `${name}'s ${d.name} ${declared} differs from its formula, ${d.formula} = ${want} (${d.rule}, TG-N11): kept as homebrew. Remove it to use ${want}.`,
          );
        }
      }
    }
    // TG-N1, TG-N2: the sheet's speed and range.
    const s = sheet(c);
    const speedAt = this.one(raw, 'speed')?.range ?? this.one(raw, 'agi')?.range ?? raw.nameRange;
    // A negative speed is already an error; an NPC with no speed already has TG-P1 saying so, and the 0 it
    // runs with until then is no choice the GM made, so no second warning about it.
    if (!(speedX && speedX.v < 0) && !(npc && !speedX)) {
      if (s.speed === 0)
        this.report(
          f,
          speedAt,
          'warning',
          'TG-N1',
          `${name}'s speed is 0: it is immobile and never moves (TG-N1, TG-N12). Kept as written.`,
        );
      else if (s.speed < 4 || s.speed > 8)
        this.report(
          f,
          speedAt,
          'warning',
          'TG-N1',
          `${name}'s speed is ${s.speed}, outside the usual 4–8 (TG-N1): kept as homebrew.`,
        );
    }
    if (s.range > 5) {
      const rangeAt = this.one(raw, 'range')?.range ?? this.one(raw, 'per')?.range ?? raw.nameRange;
      this.report(
        f,
        rangeAt,
        'warning',
        'TG-N2',
        `${name}'s range is ${s.range}, above the usual 1–5 (TG-N2): kept as homebrew.`,
      );
    }
    this.ownTactics(raw); // issue 33: its rules block, so a second one is reported even where it is never placed
    this.characters.set(raw, c);
    return c;
  }

  // ---- encounters -------------------------------------------------------

  encounter(raw: RawBlock): TGEncounterInfo {
    const f = raw.file;
    const seed = this.one(raw, 'seed')?.int ?? DEFAULT_SEED;
    const rounds = this.one(raw, 'rounds')?.int ?? DEFAULT_ROUNDS;
    const only = (kind: string): RawBlock | undefined => {
      const all = raw.children.filter((c) => c.kind === kind);
      for (const extra of all.slice(1))
        this.report(
          f,
          extra.kindRange,
          'error',
          'duplicate-name',
          `Encounter '${raw.name}' has more than one \`${kind} { … }\`; merge them into one.`,
        );
      return all[0];
    };
    const rules = checkRules(this, only('rules'));
    const mapRaw = only('map');
    const map = checkMap(this, raw, mapRaw);
    const board = map ? new Board(map) : undefined;
    // the declared grid, even when the rows have errors (facings are checked against it)
    const hex = (map?.grid ?? mapRaw?.attrs.filter((a) => a.spec.name === 'grid').pop()?.names[0]?.text) === 'hex';

    interface Spot {
      p: Placement;
      side: string;
      raw: RawPlacement;
      range: Range;
      cell: number;
    }
    const sides: Side[] = [];
    const spots: Spot[] = [];
    const report = (range: Range, code: string, message: string): void => this.report(f, range, 'error', code, message);
    const sideRaws = distinctSides(raw, report);
    const roster = new Roster(
      raw.name,
      sideRaws.flatMap((s) => s.placements),
      report,
    );
    const sideNames = sideRaws.map((s) => s.name);
    const bySquare = new Map<number, Spot>();
    // issue 33: each rule block and where it is written, with the combatants that follow it (checked below)
    const blocks = new Map<Tactics, { file: string; range: Range; followers: Spot[] }>();
    for (const s of sideRaws) {
      const placements: Placement[] = [];
      const sideTactics = blockTactics(s, `side ${s.name}`, this.tacticsReport);
      if (s.placements.length === 0)
        this.report(
          f,
          s.nameRange,
          'error',
          'TG-T1',
          `Side '${s.name}' has nobody in it, so it takes no turns (TG-T1). Place someone: \`Name at a1\`.`,
        );
      for (const rp of s.placements) {
        const cRaw = this.lookup(s, 'character', rp.name);
        const c = cRaw ? this.character(cRaw) : undefined;
        const squares = checkSquares(this, s, rp, board);
        const facing = checkFacing(this, s, rp, hex);
        const dice = this.faces(
          f,
          rp.args.filter((a) => a.spec.name === 'dice'),
          rp.name.text,
        );
        if (!c || !squares) continue;
        // issue 33: the placement's rules, else its character's own, else its side's (the most specific alone)
        const own = this.ownTactics(cRaw!);
        const tactics = rp.tactics ? { ...rp.tactics, owner: rp.name.text } : (own ?? sideTactics);
        if (tactics && !blocks.has(tactics))
          blocks.set(tactics, {
            file: tactics === own ? cRaw!.file : f,
            range: tactics === own ? cRaw!.nameRange : tactics === sideTactics ? s.nameRange : rp.range,
            followers: [],
          });
        for (const sq of squares) {
          const name = roster.next(rp, c.name);
          if (name === undefined) break;
          const p = makePlacement(c, sq.name.text, {
            name,
            facing,
            dice,
            ...(tactics ? { tactics, ownRules: tactics === own } : {}),
          });
          const spot: Spot = { p, side: s.name, raw: rp, range: sq.name.range, cell: sq.cell };
          const prev = bySquare.get(sq.cell);
          if (prev) {
            this.report(
              f,
              sq.name.range,
              'error',
              'TG-G3',
              `${p.name} and ${prev.p.name} both stand on ${sq.name.text}; at most one combatant per square (TG-G3). Move one of them.`,
            );
            continue;
          }
          bySquare.set(sq.cell, spot);
          if (tactics) blocks.get(tactics)!.followers.push(spot);
          if (board!.hazard[sq.cell])
            this.report(
              f,
              sq.name.range,
              'warning',
              'TG-K3',
              `${p.name} starts on a hazard at ${sq.name.text}: it takes 1 harm when its first turn starts there (TG-K3).`,
            );
          placements.push(p);
          spots.push(spot);
        }
      }
      sides.push({ name: s.name, placements });
    }

    if (sideNames.length < 2)
      this.report(
        f,
        raw.nameRange,
        'error',
        'TG-T1',
        `A fight needs at least two sides; '${raw.name}' has ${sideNames.length} (TG-T1). Add \`side foes { … }\`.`,
      );
    const firstAttr = this.one(raw, 'first');
    let first: string | null = null;
    const fr = firstAttr?.names[0];
    if (fr) {
      if (sideNames.includes(fr.text)) first = fr.text;
      else {
        const sugg = suggest(fr.text, sideNames);
        this.report(
          f,
          fr.range,
          'error',
          'TG-T1',
          `\`first ${fr.text}\` names no side of '${raw.name}' (TG-T1); its sides are ${sideNames.map((n) => `'${n}'`).join(', ') || 'none yet'}.${didYouMean(sugg)}`,
          sugg,
        );
      }
    }

    // Combatant ids name them in logs and odds: "Raider 2" placed next to `Raider x2` would be two of them.
    const ids = new Map<string, Spot>();
    for (const sp of spots) {
      const prev = ids.get(sp.p.name);
      if (prev && prev.raw !== sp.raw)
        this.report(
          f,
          sp.raw.name.range,
          'error',
          'duplicate-name',
          `Two combatants of '${raw.name}' would both be called '${sp.p.name}' (copies are numbered "Name 1", "Name 2", …); rename the character '${sp.p.character.name}'.`,
        );
      else if (!prev) ids.set(sp.p.name, sp);
    }

    // issue 33: what only the grid knows of each rule block, against the combatants that follow it
    const everyone = spots.map((sp) => sp.p.name);
    for (const [t, b] of blocks) {
      const followers: Follower[] = b.followers.map((sp) => ({
        name: sp.p.name,
        character: sp.p.character,
        sideSize: spots.filter((o) => o.side === sp.side).length,
      }));
      if (followers.length) checkFollowers(t, followers, everyone, b.file, b.range, this.tacticsReport);
    }

    // TG-M3 TG-M4: no path to any enemy from where everyone starts (move costs and turns do not matter).
    if (board) {
      const warned = new Set<RawPlacement>();
      for (const sp of spots) {
        if (warned.has(sp.raw)) continue;
        const enemies = spots.filter((o) => o.side !== sp.side).map((o) => o.cell);
        if (!enemies.length || sheet(sp.p.character, rules).speed === 0) continue;
        const allies = spots.filter((o) => o.side === sp.side && o !== sp).map((o) => o.cell);
        if (!pathToAny(board, sp.cell, enemies, allies)) {
          warned.add(sp.raw);
          this.report(
            f,
            sp.range,
            'warning',
            'TG-M3',
            `${sp.p.name} at ${sp.p.at} has no path to any enemy (TG-M3): walls, corners between two walls (TG-M4), enemies in the way and allies' squares (crossed, never stopped on) leave it no square beside one. It can only fight at range; open a way, or move it.`,
          );
        }
      }
    }

    checkTurnLimit(rounds, spots.length, this.one(raw, 'rounds')?.range ?? raw.nameRange, report);

    const encounter = makeEncounter(raw.name, sides, map ?? gridMap([]), { seed, rounds, first, rules });
    return {
      name: raw.name,
      seed,
      rounds,
      sides: sides.map((s) => s.name),
      combatants: spots.map((sp) => ({ id: sp.p.name, side: sp.side, range: sp.raw.range })),
      encounter,
      range: raw.nameRange,
      file: f,
      grid: hex ? 'hex' : 'square',
    };
  }
}
