// The Tactical Grid checker: builds the plain model of model.ts (what the
// engine runs) from schema-read blocks, through the constructors that hold
// every default, and reports every rule of TACTICAL-GRID.md's checker table
// the text can break, each with its TG id. Names resolve through the scope of
// the file that wrote them (its own definitions and those of its `use`d
// files). Each character is built once (memoised), so a mistake is reported
// once. A placement with an error is left out of the engine's encounter, so a
// checked encounter never makes the simulator throw.

import type { Range } from '../../grammar/ast.js';
import { BlockChecker } from '../../model/check-kit.js';
import type { AttrValue, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import { checkCombatantIds, checkTurnLimit, distinctSides, Roster } from '../../model/roster.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import type { EncounterOf, SystemModel } from '../../model/system.js';
import { Board } from './engine/grid.js';
import {
  AIS,
  DEFAULT_ROUNDS,
  DEFAULT_SEED,
  DIE,
  character as makeCharacter,
  encounter as makeEncounter,
  gridMap,
  placement as makePlacement,
  type Ai,
  type Character,
  type Encounter,
  type GridKind,
  type Placement,
  type Side,
} from './model.js';
import type { Tactics } from '../../model/priority-run.js';
import { blockTactics, checkFollowers, type Follower, type TacticsReport } from './check-tactics.js';
import { checkFacing, checkMap, checkPaths, checkRules, checkSquares, tooBig } from './check-map.js';
import {
  checkFormulas,
  checkSpeedAndRange,
  readAbilities,
  readMovementAndPools,
  readNpcNumbers,
  readStats,
  readStressDrive,
  readTags,
  type CharacterReader,
} from './check-character.js';

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

    const r: CharacterReader = { kit: this, raw, f, name, npc, num };
    const stats = readStats(r);
    const { difficulty, health } = readNpcNumbers(r, diffAttr);
    const { stress, drive } = readStressDrive(r);
    const { speedX, over } = readMovementAndPools(r);
    const tags = readTags(r);
    const { abilities, melee } = readAbilities(r);
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
      tags,
      abilities,
      melee,
      ai: ai ?? 'default',
      dice,
    });

    checkFormulas(r, c);
    checkSpeedAndRange(r, c, speedX);
    this.ownTactics(raw); // issue 33: its rules block, so a second one is reported even where it is never placed
    this.characters.set(raw, c);
    return c;
  }

  /** TG-T1: the side that takes the first turn (`first NAME`), or null for the encounter's order. */
  private firstSide(raw: RawBlock, sideNames: readonly string[]): string | null {
    const f = raw.file;
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
    return first;
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
    const first = this.firstSide(raw, sideNames);

    const ids = spots.map((sp) => ({ id: sp.p.name, character: sp.p.character.name, raw: sp.raw }));
    checkCombatantIds(raw.name, ids, report);

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

    if (board) checkPaths(this, f, board, spots, rules);

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
