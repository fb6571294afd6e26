// Heart Rush's encounter checks once copies expand (split from check.ts): each combatant's square (HR-P4 inside the
// field, HR-P1 one a square), maneuvers no enemy here allows (HR-M3, HR-M4) and an encounter where everyone is
// surprised (HR-S1). Each is a function of the checker (its report) and the spots.

import type { BlockChecker } from '../../model/check-kit.js';
import type { AttrValue, Placement as RawPlacement, RawBlock } from '../../model/read.js';
import { sizeIndex, type Placement, type Side } from './model.js';

type Kit = BlockChecker<'character'>;

/** One combatant once copies expand: its placement, its side's name, the line that placed it and the side block. */
export interface Spot {
  p: Placement;
  side: string;
  raw: RawPlacement;
  block: RawBlock; // the side
}

/** A placement's argument by key (the last written wins). */
export function argOf(p: RawPlacement, key: string): AttrValue | undefined {
  for (let i = p.args.length - 1; i >= 0; i--) if (p.args[i].spec.name === key) return p.args[i];
  return undefined;
}

/** After copies expand: HR-P4 (inside the field) and HR-P1 (one combatant per square). */
export function checkSquares(
  kit: Kit,
  f: string,
  spots: readonly Spot[],
  field: { w: number; h: number } | null,
): void {
  const outside = new Set<RawPlacement>();
  const bySquare = new Map<string, Spot>();
  const clashed = new Set<RawPlacement>();
  for (const sp of spots) {
    const at = argOf(sp.raw, 'at');
    const range = at?.range ?? sp.raw.range;
    if (field && (sp.p.x >= field.w || sp.p.y >= field.h) && !outside.has(sp.raw)) {
      outside.add(sp.raw);
      kit.report(
        f,
        range,
        'error',
        'HR-P4',
        `${sp.p.name} stands at ${sp.p.x} ft ${sp.p.y} ft, outside the ${field.w} × ${field.h} ft field (0 ≤ x < ${field.w}, 0 ≤ y < ${field.h}; HR-P4).${sp.raw.copies > 1 ? ' Copies stand 5 ft apart eastward.' : ''} Move it inside, or enlarge \`field\`.`,
      );
    }
    const key = `${sp.p.x},${sp.p.y}`;
    const prev = bySquare.get(key);
    if (prev) {
      if (!clashed.has(sp.raw))
        kit.report(
          f,
          range,
          'error',
          'HR-P1',
          `${sp.p.name} and ${prev.p.name} both stand at ${sp.p.x} ft ${sp.p.y} ft; two combatants never share a square (HR-P1).${sp.raw.copies > 1 || prev.raw.copies > 1 ? ' Copies stand 5 ft apart eastward (x, x+5, …).' : ''} Move one of them.`,
        );
      clashed.add(sp.raw);
    } else bySquare.set(key, sp);
  }
}

/** HR-M3, HR-M4: maneuvers that can never be used against these enemies. */
export function checkManeuverReach(kit: Kit, f: string, spots: readonly Spot[]): void {
  const warnedManeuver = new Set<string>();
  for (const sp of spots) {
    const c = sp.p.character;
    if (c.maneuver !== 'climb' && c.maneuver !== 'trip') continue;
    const key = `${sp.side}\0${c.name}`;
    if (warnedManeuver.has(key)) continue;
    const enemies = spots.filter((o) => o.side !== sp.side).map((o) => o.p.character);
    if (!enemies.length) continue;
    const mine = sizeIndex(c.size);
    const range = sp.raw.name.range;
    if (c.maneuver === 'climb' && !enemies.some((e) => sizeIndex(e.size) - mine >= 2)) {
      warnedManeuver.add(key);
      kit.report(
        f,
        range,
        'warning',
        'HR-M3',
        `${c.name} (${c.size}) has \`maneuver climb\`, but no enemy here is two or more sizes larger (HR-M3): it will always attack instead.`,
      );
    }
    if (c.maneuver === 'trip' && enemies.every((e) => sizeIndex(e.size) - mine >= 2)) {
      warnedManeuver.add(key);
      kit.report(
        f,
        range,
        'warning',
        'HR-M4',
        `${c.name} (${c.size}) has \`maneuver trip\`, but every enemy here is two or more sizes larger (HR-M4: at most one size larger): it will always attack instead.`,
      );
    }
  }
}

/** HR-S1: everyone surprised. */
export function checkAllSurprised(
  kit: Kit,
  raw: RawBlock,
  sides: readonly Side[],
  spots: readonly Spot[],
  sideNames: readonly string[],
): void {
  const f = raw.file;
  if (
    spots.length &&
    sideNames.length >= 2 &&
    sides.every((s) => s.placements.length > 0 && s.placements.every((p) => p.surprised))
  )
    kit.report(
      f,
      raw.nameRange,
      'warning',
      'HR-S1',
      `Every combatant of '${raw.name}' is surprised (HR-S1): no one acts in round 1 and no one gets the opportunity attacks on the surprised. Surprise is for the side caught unaware; remove \`surprised\` from one side.`,
    );
}
