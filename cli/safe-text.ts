// Every line the CLI writes to a terminal passes through here: names, messages, code frames and logs come
// from files other people wrote, and a control character in them would reach the terminal raw (ESC ] 52 writes
// the clipboard, ESC [ 2 J clears the screen, ESC [ 8 m conceals everything after it, BEL rings, NUL and CR hide
// text). They are shown escaped (`\x1b`, `\x07`…) instead. The only escape sequences let through are the CLI's
// own colours (cli/style.ts: bold, dim, red, green, yellow, cyan and their resets), and only when colour is on
// (`colour`): piped output carries none. Bidirectional overrides and isolates (U+202E turns `gnp.exe` round)
// and invisible characters (zero-width spaces and joiners, U+2060, a BOM inside a name) are escaped as `\u{…}`
// too, so a name cannot pass for another (issue 35, item 11). Newlines and tabs stay.

// C0 controls except \t and \n, DEL, the C1 range (8-bit controls some terminals obey), bidi controls and
// invisible format characters.
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
/** The CLI's own SGR sequences (cli/style.ts): 1 bold, 2 dim, 22 normal, 31–33, 36 colours, 39 default. */
const OWN_SGR = /^\u001b\[(?:1|2|22|31|32|33|36|39)m/;

function escaped(c: string): string {
  const n = c.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u{${n.toString(16)}}`;
}

/**
 * The text with every control, bidi and invisible character escaped, except newlines, tabs and (with `colour`)
 * the CLI's own colour sequences.
 */
export function safeText(s: string, colour = true): string {
  if (!UNSAFE.test(s)) return s;
  return s.replace(UNSAFE_ALL, (c, at: number) =>
    colour && c === '\u001b' && OWN_SGR.test(s.slice(at, at + 8)) ? c : escaped(c),
  );
}
