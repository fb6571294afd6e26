// The rows of a system's exact report (`aces odds --exact`): each distinct pair of stat blocks that meet as
// attacker and target on opposite sides, once, in placement order (a side's copies are one stat block).

/** Distinct (attacker, target) stat blocks on opposite sides, the first side's attacks first, in placement order. */
export function opposedPairs<C extends { readonly name: string }>(
  sides: readonly { readonly placements: readonly { readonly character: C }[] }[],
): [C, C][] {
  const out: [C, C][] = [];
  const seen = new Set<string>();
  for (const a of sides) {
    for (const b of sides) {
      if (a === b) continue;
      for (const pa of a.placements) {
        for (const pb of b.placements) {
          const key = `${pa.character.name}\0${pb.character.name}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push([pa.character, pb.character]);
        }
      }
    }
  }
  return out;
}
