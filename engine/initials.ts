// The letters drawn on a combatant's token in a battle map (BoardToken.initials):
// short, deterministic, from the name alone. "Ryn" → "Ry", "Hired Blade" → "HB",
// "Raider 2" → "R2", "Raider Chief 3" → "RC3". Two tokens may share letters; the
// map's tooltip names them.

/** One to three characters for a token, from a combatant's name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const num = /^\d+$/.test(words[words.length - 1]) && words.length > 1 ? words.pop()! : '';
  const chars = (w: string) => [...w];
  let head =
    words.length === 1
      ? chars(words[0])
          .slice(0, num ? 1 : 2)
          .join('')
      : words.map((w) => chars(w)[0]).join('');
  head = [...head].slice(0, Math.max(1, 3 - [...num].length)).join('');
  return [...(head + num)].slice(0, 3).join('');
}
