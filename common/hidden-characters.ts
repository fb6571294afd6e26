// Bidirectional controls and invisible characters (issue 35 item 11): text holding one reads as other text
// (`heart\u200b-rush` looks like heart-rush; U+202E turns `gnp.exe` round). The lexer names them in its error,
// the reader warns on a name holding one, and the CLI escapes them on a terminal (cli/safe-text.ts).

/** Every such character, for a global search. */
export const HIDDEN = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The bidi or invisible characters in `text`, as `U+200B`, each once; [] when none. */
export function hiddenCharacters(text: string): string[] {
  return [...new Set(text.match(HIDDEN) ?? [])].map(
    (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
