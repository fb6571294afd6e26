// The hover on a combatant's name while its fight is stepped (issue 14 item 6,
// issue 12 item 8): which combatant the cursor is on, and what to show — the
// system's own inspect (Arcana: the hand and the exact chance the next attack
// hits with and without a cheat) or the combatant's state line. Pure: no
// `vscode` import, so unit tests drive it.

import type { CombatantState, FightSnapshot } from '../../model/system.js';

/** The combatants named at `character` of a line: the longest exact name there, else the copies of a name (`Goblin` → Goblin 1, Goblin 2…). */
export function combatantsAt(
  line: string,
  character: number,
  names: readonly string[],
): { names: string[]; start: number; end: number } | undefined {
  let best: { name: string; start: number; end: number } | undefined;
  for (const name of names) {
    for (let i = line.indexOf(name); i >= 0; i = line.indexOf(name, i + 1)) {
      const end = i + name.length;
      const bounded = !/\w/.test(line[i - 1] ?? '') && !/\w/.test(line[end] ?? '');
      if (bounded && i <= character && character <= end && (!best || name.length > best.name.length))
        best = { name, start: i, end };
    }
  }
  if (best) return { names: [best.name], start: best.start, end: best.end };
  // a character placed as copies: its name in the file, "Goblin 1"… in the fight
  const word = /[\w'-]+(?: [\w'-]+)*/g;
  for (let m = word.exec(line); m; m = word.exec(line)) {
    if (m.index > character || m.index + m[0].length < character) continue;
    // the longest run of words around the cursor that some copies are named after
    const words = m[0].split(' ');
    let at = m.index;
    for (let a = 0; a < words.length; a++) {
      let end = at;
      for (let b = a; b < words.length; b++) {
        end += (b > a ? 1 : 0) + words[b].length;
        const base = words.slice(a, b + 1).join(' ');
        const copies = names.filter((n) => n.startsWith(base + ' ') && /^\d+$/.test(n.slice(base.length + 1)));
        if (copies.length && at <= character && character <= end) return { names: copies, start: at, end };
      }
      at += words[a].length + 1;
    }
  }
  return undefined;
}

/** One combatant in a line of markdown: `**Tess** (regulars) — zone floor · Vitality 5/16 · Broken · fatigue 3`. */
export function stateMarkdown(c: CombatantState): string {
  const parts = [
    ...(c.where ? [c.where] : []),
    ...c.meters.map((m) => `${m.label} ${m.value}${m.max !== undefined ? `/${m.max}` : ''}`),
    ...c.statuses.map((s) => `*${s}*`),
    ...c.details,
  ];
  return `**${c.name}** (${c.side})${parts.length ? ' — ' + parts.join(' · ') : ''}`;
}

/** The hover's markdown for these combatants in a stepped fight (round `snap.round`). */
export function stepHoverMarkdown(
  snap: FightSnapshot,
  names: readonly string[],
  inspect: (name: string) => string | undefined,
): string | undefined {
  const found = names.map((n) => snap.combatants.find((c) => c.name === n)).filter((c): c is CombatantState => !!c);
  if (!found.length) return undefined;
  const head = `*Stepped fight, round ${snap.round}*`;
  if (found.length === 1) return [head, '', inspect(found[0].name) ?? stateMarkdown(found[0])].join('\n');
  return [head, '', ...found.map((c) => `- ${stateMarkdown(c)}`)].join('\n');
}
