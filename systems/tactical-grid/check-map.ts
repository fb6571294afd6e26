// The Tactical Grid checker's map and placement checks (split from check.ts): the encounter's `rules { … }` and
// `map { … }` blocks, each placement's squares and facing, and the path test behind TG-M3's warning. Each is a
// function of the checker (its report and attribute readers) and the raw block, so check.ts keeps the characters
// and the encounter's assembly.

import type { Range } from '../../grammar/ast.js';
import { quoteName, type BlockChecker } from '../../model/check-kit.js';
import type { AttrValue, NameRef, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import { DEGREES, HEX_DEGREES } from './engine/board-view.js';
import { Board, parseSquare } from './engine/grid.js';
import {
  BUILTIN_LEGEND,
  DEFAULT_RULES,
  DIE,
  GRIDS,
  HEX_FACINGS,
  MAX_MAP_SIDE,
  OPEN,
  SQUARE_FACINGS,
  gridMap,
  sheet,
  type Facing,
  type GridKind,
  type GridMap,
  type Placement,
  type Rules,
  type Terrain,
} from './model.js';
import { FACING_WORDS } from './schema.js';

/** The checker these functions report through. */
type Kit = BlockChecker<'character'>;

export const MAX_NUMBER = 1000;

/** Numbers above MAX_NUMBER are refused. */
export function tooBig(kit: Kit, raw: RawBlock, a: AttrValue, what: string): boolean {
  if (a.int === undefined || Math.abs(a.int) <= MAX_NUMBER) return false;
  kit.report(
    raw.file,
    a.range,
    'error',
    'limit',
    `${what} is ${a.int}; the limit is ${MAX_NUMBER} (a map is at most ${MAX_MAP_SIDE} × ${MAX_MAP_SIDE}).`,
  );
  return true;
}

export function checkRules(kit: Kit, raw: RawBlock | undefined): Rules {
  if (!raw) return DEFAULT_RULES;
  const f = raw.file;
  const r: { -readonly [K in keyof Rules]: Rules[K] } = { ...DEFAULT_RULES };
  const get = (n: string): AttrValue | undefined => {
    const a = kit.one(raw, n);
    return a && a.int !== undefined && !tooBig(kit, raw, a, `The rules' ${n}`) ? a : undefined;
  };
  const range = get('range');
  if (range) r.range = range.int!;
  const speed = get('speed');
  if (speed) r.speed = speed.int!;
  const crit = get('crit');
  const fumble = get('fumble');
  if (crit) {
    if (crit.int! < 2 || crit.int! > DIE)
      kit.report(
        f,
        crit.range,
        'error',
        'TG-R2',
        `\`crit ${crit.int}\` is out of bounds: a critical success face is 2–20 (TG-R2).`,
      );
    else r.crit = crit.int!;
  }
  if (fumble) {
    if (fumble.int! < 0 || fumble.int! > DIE - 1)
      kit.report(
        f,
        fumble.range,
        'error',
        'TG-R2',
        `\`fumble ${fumble.int}\` is out of bounds: a critical failure face is 0–19, 0 for none (TG-R2).`,
      );
    else r.fumble = fumble.int!;
  }
  if (r.fumble >= r.crit) {
    kit.report(
      f,
      (fumble ?? crit)!.range,
      'error',
      'TG-R2',
      `\`fumble ${r.fumble}\` is not below \`crit ${r.crit}\`: a face cannot be both a critical failure and a critical success (TG-R2). Lower fumble or raise crit.`,
    );
    r.fumble = Math.min(r.fumble, r.crit - 1);
  }
  const banes = get('banes');
  if (banes) {
    if (banes.int! < 0)
      kit.report(
        f,
        banes.range,
        'error',
        'TG-R4',
        `\`banes ${banes.int}\`: a failure cannot bring fewer than 0 banes (TG-R4).`,
      );
    else r.banes = banes.int!;
  }
  const stress = get('stress');
  if (stress) {
    if (stress.int! <= 0)
      kit.report(
        f,
        stress.range,
        'error',
        'TG-D1',
        `\`stress ${stress.int}\`: sheet combatants need at least 1 stress box (TG-D1).`,
      );
    else r.stress = stress.int!;
  }
  return r;
}

/** TG-G1, TG-G2, TG-K1 … K4: the map; undefined when missing or unusable. */
export function checkMap(kit: Kit, enc: RawBlock, raw: RawBlock | undefined): GridMap | undefined {
  const f = enc.file;
  if (!raw) {
    kit.report(
      f,
      enc.nameRange,
      'error',
      'TG-G1',
      `Encounter '${enc.name}' has no map (TG-G1). Add one: \`map { grid square  row "........"  row "........" }\`.`,
      [openMapFor(enc)],
    );
    return undefined;
  }
  const grid = kit.enumValue<GridKind>(raw, kit.one(raw, 'grid'), GRIDS) ?? 'square';
  const legend: Record<string, Terrain> = {};
  for (const l of raw.children.filter((c) => c.kind === 'legend')) {
    const ch = l.name;
    if ([...ch].length !== 1 || ch === ' ') {
      kit.report(
        f,
        l.nameRange,
        'error',
        'bad-value',
        `A legend names one map character, e.g. \`legend "x" { difficult }\`; "${ch}" is ${[...ch].length} characters.`,
      );
      continue;
    }
    if (legend[ch]) {
      kit.report(
        f,
        l.nameRange,
        'error',
        'duplicate-name',
        `The map character "${ch}" is defined twice in this legend; merge them.`,
      );
      continue;
    }
    const h = kit.one(l, 'height');
    legend[ch] = {
      obstacle: kit.has(l, 'obstacle') || kit.has(l, 'enterable'),
      enterable: kit.has(l, 'enterable'),
      difficult: kit.has(l, 'difficult'),
      hazard: kit.has(l, 'hazard'),
      height: h?.int !== undefined && !tooBig(kit, l, h, `"${ch}"'s height`) ? h.int : OPEN.height,
    };
  }
  const rowRefs = raw.attrs.filter((a) => a.spec.name === 'row').flatMap((a) => a.names);
  if (!rowRefs.length) {
    if (!raw.misspelt?.has('row'))
      kit.report(
        f,
        raw.kindRange,
        'error',
        'TG-G1',
        `This map has no rows (TG-G1): add one \`row "…"\` per row, top first, e.g. \`row "........"\`.`,
      );
    return undefined;
  }
  const rows = rowRefs.map((r) => r.text.replace(/ /g, ''));
  let ok = true;
  // the widest row by reduce, not Math.max(...): spread, 200,000 rows (a 2.4 MB file) overflowed the stack
  const widest = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (rows.length > MAX_MAP_SIDE || widest > MAX_MAP_SIDE) {
    kit.report(
      f,
      raw.kindRange,
      'error',
      'TG-G1',
      `This map is ${widest} × ${rows.length}; a map is at most ${MAX_MAP_SIDE} × ${MAX_MAP_SIDE} squares (TG-G1).`,
    );
    return undefined;
  }
  const width = rows[0].length;
  /** A square character: the legend's or a built-in one. */
  const known = (ch: string): boolean => Object.hasOwn(legend, ch) || Object.hasOwn(BUILTIN_LEGEND, ch);
  rows.forEach((r, i) => {
    if (r.length === 0) {
      kit.report(
        f,
        rowRefs[i].range,
        'error',
        'TG-G1',
        `Row ${i + 1} is empty (TG-G1): write one character per square, e.g. \`row "${'.'.repeat(Math.max(1, width))}"\`.`,
      );
      ok = false;
    } else if (r.length !== width) {
      // a short row's padded text rides along as the suggestion its quick fix writes (editor/fixes.ts)
      kit.report(
        f,
        rowRefs[i].range,
        'error',
        'TG-G1',
        `Row ${i + 1} has ${r.length} squares but row 1 has ${width}: every row of a map has the same length (TG-G1). Pad it with \`.\`.`,
        r.length < width ? [rowRefs[i].text + '.'.repeat(width - r.length)] : undefined,
      );
      ok = false;
    }
    const unknown = [...new Set([...r].filter((ch) => !known(ch)))];
    if (unknown.length) {
      kit.report(
        f,
        rowRefs[i].range,
        'error',
        'TG-G1',
        `Row ${i + 1} has ${unknown.map((u) => `"${u}"`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} no square character (TG-G1). Use . # ~ ^ 1–9, or define ${unknown.length === 1 ? 'it' : 'them'} with \`legend "${unknown[0]}" { … }\`.`,
      );
      ok = false;
    }
  });
  if (!ok) {
    // the rows' errors are reported; the rest of the encounter is still checked against the map as it would be
    // once they are mended (short rows padded with '.', unknown characters open), so a misplaced combatant is
    // said now, not after the map is fixed. An encounter with errors never runs.
    if (widest === 0) return undefined;
    return gridMap(
      rows.map((r) =>
        r
          .split('')
          .map((ch) => (known(ch) ? ch : '.'))
          .join('')
          .padEnd(widest, '.'),
      ),
      grid,
      legend,
    );
  }
  return gridMap(rows, grid, legend);
}

/** `at sq, sq…`: one legal square per copy (TG-G1, TG-G3, TG-K2); undefined when any is unusable. */
export function checkSquares(
  kit: Kit,
  side: RawBlock,
  rp: RawPlacement,
  board: Board | undefined,
): { name: NameRef; cell: number }[] | undefined {
  const f = side.file;
  const ats = rp.args.filter((a) => a.spec.name === 'at');
  if (!ats.length) {
    kit.report(
      f,
      rp.name.range,
      'error',
      'bad-value',
      `Where does ${rp.name.text} stand? Add its square: \`${quoteName(rp.name.text)} at a1\` (TG-G1).`,
    );
    return undefined;
  }
  const names = ats.flatMap((a) => a.names);
  if (!names.length) return undefined;
  let ok = true;
  // A count the reader refused (x0, x100000: `limit`/`bad-value`) was clamped to 1–100; comparing the clamped
  // number with the squares would be a second diagnostic for the same mistake.
  const refused =
    rp.copiesRange !== undefined &&
    names.length !== rp.copies &&
    kit.diags.some(
      (d) =>
        d.file === f &&
        (d.code === 'limit' || d.code === 'bad-value') &&
        d.range.start.offset === rp.copiesRange!.start.offset &&
        d.range.end.offset === rp.copiesRange!.end.offset,
    );
  if (names.length !== rp.copies && !refused) {
    const where = rp.copiesRange ?? ats[0].range;
    kit.report(
      f,
      where,
      'error',
      'TG-G3',
      `${rp.name.text} has ${rp.copies} ${rp.copies === 1 ? 'copy' : 'copies'} but ${names.length} square${names.length === 1 ? '' : 's'}: give one square per copy (TG-G3), ${
        names.length < rp.copies
          ? `adding ${rp.copies - names.length} more: \`${quoteName(rp.name.text)} x${rp.copies} at ${names.map((n) => n.text).join(', ')}, …\``
          : `or place as many copies: \`${quoteName(rp.name.text)} x${names.length} at ${names.map((n) => n.text).join(', ')}\``
      }.`,
      // more squares than copies: the count that fits them is the exact edit (the quick fix's suggestion)
      names.length > rp.copies ? [`x${names.length}`] : undefined,
    );
    ok = false;
  }
  if (refused) ok = false;
  const out: { name: NameRef; cell: number }[] = [];
  for (const n of names) {
    const p = parseSquare(n.text);
    if (!p || n.text !== n.text.toLowerCase()) {
      kit.report(
        f,
        n.range,
        'error',
        'TG-G1',
        `'${n.text}' is not a square name: write column letters then the row number, e.g. a1 or c3 (TG-G1).`,
      );
      ok = false;
      continue;
    }
    if (!board) {
      ok = false;
      continue;
    }
    const cell = board.index(n.text);
    if (cell < 0) {
      kit.report(
        f,
        n.range,
        'error',
        'TG-G1',
        `${n.text} is off the map, which is ${board.w} × ${board.h} (a1 to ${board.name(board.size - 1)}) (TG-G1). Place it on the map.`,
      );
      ok = false;
      continue;
    }
    if (board.obstacle[cell] && !board.enterable[cell]) {
      kit.report(
        f,
        n.range,
        'error',
        'TG-K2',
        `${n.text} is an obstacle; nobody can stand there unless it is \`enterable\` (TG-K2). Pick an open square.`,
      );
      ok = false;
      continue;
    }
    out.push({ name: n, cell });
  }
  return ok ? out : undefined;
}

/** `facing dir` of this grid (TG-F1, TG-F2); null when omitted or wrong. */
export function checkFacing(kit: Kit, side: RawBlock, rp: RawPlacement, hex: boolean): Facing | null {
  const a = rp.args.filter((x) => x.spec.name === 'facing').pop();
  const v = a?.names[0];
  if (!v) return null;
  if (!(FACING_WORDS as readonly string[]).includes(v.text)) {
    const sugg = suggest(v.text, hex ? HEX_FACINGS : SQUARE_FACINGS);
    kit.report(
      side.file,
      v.range,
      'error',
      'bad-value',
      `'${v.text}' is not a facing: expected ${(hex ? HEX_FACINGS : SQUARE_FACINGS).join(', ')}.${didYouMean(sugg)}`,
      sugg,
    );
    return null;
  }
  const mine: readonly string[] = hex ? HEX_FACINGS : SQUARE_FACINGS;
  if (!mine.includes(v.text)) {
    kit.report(
      side.file,
      v.range,
      'error',
      hex ? 'TG-F2' : 'TG-F1',
      hex
        ? `'${v.text}' is a square facing; on hexes a combatant faces one of its six sides: ${HEX_FACINGS.join(', ')} (TG-F2).`
        : `'${v.text}' is a hex facing; on squares a combatant faces north, east, south or west (TG-F1).`,
      nearestFacings(v.text, mine),
    );
    return null;
  }
  return v.text as Facing;
}

/** TG-F1 TG-F2: the two facings of this grid closest in angle to a facing of the other grid (what it most likely meant). */
export function nearestFacings(word: string, valid: readonly string[]): string[] {
  const hex = valid.length === HEX_FACINGS.length;
  // compass bearings (board-view.ts): pointy-top hexes have sides at 30° off north (TG-G2)
  const from = hex ? DEGREES[word] : HEX_DEGREES[word];
  const gap = (f: string): number => {
    const d = Math.abs((hex ? HEX_DEGREES[f] : DEGREES[f]) - from) % 360;
    return Math.min(d, 360 - d);
  };
  return [...valid].sort((a, b) => gap(a) - gap(b)).slice(0, 2);
}

/** TG-M3 TG-M4: no path to any enemy from where everyone starts (move costs and turns do not matter). */
export function checkPaths(
  kit: Kit,
  f: string,
  board: Board,
  spots: readonly { p: Placement; side: string; raw: RawPlacement; range: Range; cell: number }[],
  rules: Rules,
): void {
  const warned = new Set<RawPlacement>();
  for (const sp of spots) {
    if (warned.has(sp.raw)) continue;
    const enemies = spots.filter((o) => o.side !== sp.side).map((o) => o.cell);
    if (!enemies.length || sheet(sp.p.character, rules).speed === 0) continue;
    const allies = spots.filter((o) => o.side === sp.side && o !== sp).map((o) => o.cell);
    if (!pathToAny(board, sp.cell, enemies, allies)) {
      warned.add(sp.raw);
      kit.report(
        f,
        sp.range,
        'warning',
        'TG-M3',
        `${sp.p.name} at ${sp.p.at} has no path to any enemy (TG-M3): walls, corners between two walls (TG-M4), enemies in the way and allies' squares (crossed, never stopped on) leave it no square beside one. It can only fight at range; open a way, or move it.`,
      );
    }
  }
}

/**
 * TG-G1: the `map` line a quick fix adds to an encounter that has none: open squares, big enough for every
 * square its placements name (so adding it puts nobody off the map), at least the 8 × 2 of the message's example.
 */
function openMapFor(enc: RawBlock): string {
  let w = 8,
    h = 2;
  for (const side of enc.children) {
    for (const p of side.placements) {
      for (const n of p.args.filter((a) => a.spec.name === 'at').flatMap((a) => a.names)) {
        const sq = parseSquare(n.text);
        if (sq && sq[0] < MAX_MAP_SIDE && sq[1] < MAX_MAP_SIDE) {
          w = Math.max(w, sq[0] + 1);
          h = Math.max(h, sq[1] + 1);
        }
      }
    }
  }
  return `map {\n  grid square\n${Array.from({ length: h }, () => `  row "${'.'.repeat(w)}"`).join('\n')}\n}`;
}

/**
 * TG-M3 TG-M4: can a walker at `from` end a move beside one of `enemies`, turn after turn, with everyone where they
 * start? A step enters no obstacle (an `enterable` one it may), nothing off the map and no enemy (TG-M3), and no
 * diagonal step passes the corner where two obstacles meet (TG-M4, as the engine's paths); allies' squares may be
 * crossed but not stopped on (TG-M3), so a square beside an enemy counts only if it is free (or its own).
 */
export function pathToAny(board: Board, from: number, enemies: readonly number[], allies: readonly number[]): boolean {
  const n = board.size,
    nd = board.nDirs;
  const enemyAt = new Uint8Array(n),
    allyAt = new Uint8Array(n),
    besideEnemy = new Uint8Array(n);
  for (const e of enemies) {
    enemyAt[e] = 1;
    for (let d = 0; d < nd; d++) {
      const c = board.nb[e * nd + d];
      if (c >= 0) besideEnemy[c] = 1;
    }
  }
  for (const a of allies) allyAt[a] = 1;
  const wall = (c: number): boolean => c < 0 || board.obstacle[c] === 1;
  const enter = (c: number): boolean => c >= 0 && (!board.obstacle[c] || board.enterable[c] === 1) && !enemyAt[c];
  const seen = new Uint8Array(n);
  const queue = [from];
  seen[from] = 1;
  for (let q = 0; q < queue.length; q++) {
    const c = queue[q];
    if (besideEnemy[c] && (c === from || !allyAt[c])) return true;
    for (let d = 0; d < nd; d++) {
      const m = board.nb[c * nd + d];
      if (m < 0 || seen[m] || !enter(m)) continue;
      // TG-M4: a diagonal (squares: odd directions) between two walls meeting at its corner
      if (
        !board.hex &&
        (d & 1) === 1 &&
        wall(board.nb[c * nd + ((d + 7) & 7)]) &&
        wall(board.nb[c * nd + ((d + 1) & 7)])
      )
        continue;
      seen[m] = 1;
      queue.push(m);
    }
  }
  return false;
}
