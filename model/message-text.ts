// Names and chains as a message shows them (issue 35, items 4, 5 and 10): a message names what it is about, but a
// hostile file's name can be megabytes long and a chain thousands of links, and a message echoing them whole
// grew to megabytes (a 3.9 MB name made a 7.6 MB diagnostic). Both are cut to a size a reader can take in.

/** Characters of one name shown in a message; a longer one keeps its start and end around an ellipsis. */
export const MAX_NAME_IN_MESSAGE = 80;

/** `name` whole up to MAX_NAME_IN_MESSAGE characters, else its start, "…" and its end, and the full length. */
export function shortName(name: string, max = MAX_NAME_IN_MESSAGE): string {
  if (name.length <= max) return name;
  const half = Math.floor((max - 1) / 2);
  return `${name.slice(0, half)}…${name.slice(-half)} (${name.length.toLocaleString('en-US')} characters)`;
}

/** A chain of names for a message: whole up to 8, else its first three and last three with the count between. */
export function shortChain(names: readonly string[], sep = ' → ', max = 200): string {
  const shown = names.length <= 8 ? names : [...names.slice(0, 3), `… ${names.length - 6} more …`, ...names.slice(-3)];
  return shown.map((n) => shortName(n, max)).join(sep);
}
