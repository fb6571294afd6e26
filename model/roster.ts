// Who fights in an encounter, as every system counts and names them: each side
// once, the copies of a stat block numbered across the whole encounter, and one
// limit on combatants. Each checker then reads a placement's own keys (a zone,
// a square, dice, a group); this is the part a GM should find the same in every
// game, so it is written once, with the one limit on a combat's turns.

import type { Range } from '../grammar/ast.js';
import type { Placement as RawPlacement, RawBlock } from './read.js';

/** Combatants in one encounter at most, after copies expand (docs/LANGUAGE.md, limits): beyond it, split the fight. */
export const MAX_COMBATANTS = 200;

/**
 * Turns of one combat at most (rounds × combatants, docs/LANGUAGE.md, limits). A fight nobody can win runs to its
 * round cap, so this bounds one combat's time and log, and so how long Ctrl-C waits for a Monte Carlo chunk.
 */
export const MAX_TURNS = 100_000;

/** Reports the turn limit on `at` (the encounter's `rounds`, else its name) when rounds × combatants exceeds it. */
export function checkTurnLimit(rounds: number, combatants: number, at: Range, report: RosterReport): void {
  if (rounds * combatants <= MAX_TURNS) return;
  report(
    at,
    'limit',
    `${rounds} rounds × ${combatants} combatants = ${rounds * combatants} turns in one combat; the limit is ${MAX_TURNS.toLocaleString('en-US')}. Lower \`rounds\` (a fight nobody wins stops there) or split the encounter.`,
  );
}

/** Reports an error on a range of the encounter's file. */
export type RosterReport = (range: Range, code: string, message: string) => void;

/** The encounter's `side` blocks, each name once: a later side of a name already used is reported and left out. */
export function distinctSides(encounter: RawBlock, report: RosterReport): RawBlock[] {
  const sides: RawBlock[] = [];
  for (const s of encounter.children) {
    if (s.kind !== 'side') continue;
    if (sides.some((o) => o.name === s.name)) {
      report(
        s.nameRange,
        'duplicate-name',
        `Side '${s.name}' is declared twice in this encounter; merge them or rename one.`,
      );
      continue;
    }
    sides.push(s);
  }
  return sides;
}

/**
 * Combatant ids name them in logs and odds: "Wolf 2" placed next to `Wolf x2` would be two of them. Reported on the
 * later placement's name, once per id.
 */
export function checkCombatantIds(
  encounter: string,
  combatants: readonly { id: string; character: string; raw: RawPlacement }[],
  report: RosterReport,
): void {
  const ids = new Map<string, RawPlacement>();
  for (const c of combatants) {
    const prev = ids.get(c.id);
    if (prev && prev !== c.raw)
      report(
        c.raw.name.range,
        'duplicate-name',
        `Two combatants of '${encounter}' would both be called '${c.id}' (copies are numbered "Name 1", "Name 2", …); rename the character '${c.character}'.`,
      );
    else if (!prev) ids.set(c.id, c.raw);
  }
}

/**
 * Names the combatants as they are placed. A stat block placed once keeps its name; one placed more than once in
 * the encounter (`Thug x3`, or on several lines or sides) gives "Thug 1", "Thug 2", … in the order of placement, so
 * logs and odds name each copy. Past MAX_COMBATANTS the encounter is full: the first placement over it is reported.
 */
export class Roster {
  private readonly total = new Map<string, number>();
  private readonly seen = new Map<string, number>();
  private placed = 0;

  /** Combatants named so far (at most MAX_COMBATANTS). */
  get size(): number {
    return Math.min(this.placed, MAX_COMBATANTS);
  }

  /** `placements`: every placement of the encounter's sides (a side left out as a duplicate counts for nothing). */
  constructor(
    private readonly encounter: string,
    placements: Iterable<RawPlacement>,
    private readonly report: RosterReport,
  ) {
    for (const p of placements) this.total.set(p.name.text, (this.total.get(p.name.text) ?? 0) + p.copies);
  }

  /** The next combatant of placement `p`, a copy of the stat block `block`: its name, or undefined once the encounter is full. */
  next(p: RawPlacement, block: string): string | undefined {
    if (this.placed >= MAX_COMBATANTS) {
      if (this.placed++ === MAX_COMBATANTS)
        this.report(
          p.range,
          'limit',
          `More than ${MAX_COMBATANTS} combatants in encounter '${this.encounter}'; split it into several encounters.`,
        );
      return undefined;
    }
    this.placed++;
    const n = (this.seen.get(block) ?? 0) + 1;
    this.seen.set(block, n);
    return (this.total.get(p.name.text) ?? 1) > 1 ? `${block} ${n}` : block;
  }
}
