// Arcana's group labels (split from check.ts): `Deckhand x4 group "Dock Rats"` — which name after `group` is the
// label, and AR-G1's warning where a label would print two initiative holders under one name.

import type { Range } from '../../grammar/ast.js';
import type { BlockChecker } from '../../model/check-kit.js';
import type { Placement as RawPlacement } from '../../model/read.js';
import type { ArBlockKind } from './schema.js';

type Kit = BlockChecker<ArBlockKind>;

/**
 * `Deckhand x4 group "Dock Rats"`: the name after `group` on the same line is the label, not a placement —
 * quoted, or a bare word that names no character (`group Rats`; `group Boss` with a character Boss places Boss).
 */
export function isLabel(p: RawPlacement, next: RawPlacement, isCharacter: (name: string) => boolean): boolean {
  const r = next.name.range;
  const quoted = r.end.offset - r.start.offset === next.name.text.length + 2;
  const g = p.args.find((a) => a.spec.name === 'group')!;
  return (
    (quoted || !isCharacter(next.name.text)) &&
    next.copies === 1 &&
    !next.copiesRange &&
    next.args.length === 0 &&
    r.start.line === g.keyRange.end.line &&
    r.start.offset > g.keyRange.end.offset
  );
}

/**
 * AR-G1: the log names an initiative holder by its label, so a label that is also a combatant's name, or
 * a label the other side uses too, prints two holders under one name ("Initiative: Mob 11, Mob 8"). The
 * fight is right, the log is not readable: a warning on the label.
 */
export function ambiguousLabels(
  kit: Kit,
  f: string,
  lines: { p: RawPlacement; group?: { label: string; labelRange: Range } }[][],
  placed: readonly (readonly { p: { readonly name: string } }[])[],
): void {
  const names = new Set(placed.flat().map((x) => x.p.name));
  const bySide = lines.map((side) => new Set(side.flatMap((l) => (l.group ? [l.group.label] : []))));
  const warned = new Set<string>();
  lines.forEach((side, si) => {
    for (const { group } of side) {
      if (!group || warned.has(`${si}\0${group.label}`)) continue;
      const other = bySide.some((set, sj) => sj !== si && set.has(group.label));
      if (!names.has(group.label) && !other) continue;
      warned.add(`${si}\0${group.label}`);
      kit.report(
        f,
        group.labelRange,
        'warning',
        'AR-G1',
        `The group label '${group.label}' is also ${other ? 'a group label on the other side' : 'the name of a combatant'}; the log would show two initiative holders called '${group.label}' (AR-G1). Give the group a label of its own.`,
      );
    }
  });
}
