// Every line the CLI writes to a terminal passes through here: names, messages, code frames and logs come
// from files other people wrote, and a control character in them would reach the terminal raw (ESC ] 52 writes
// the clipboard, ESC [ 2 J clears the screen, BEL rings, NUL and CR hide text). They are shown escaped
// (`\x1b`, `\x07`…) instead. The only escape sequences let through are SGR colours (ESC [ … m), which is how
// the CLI's own styling (cli/style.ts) colours text; a file can at worst change a colour, never run a command
// of the terminal. Newlines and tabs stay.

// C0 controls except \t and \n, DEL, and the C1 range (8-bit controls some terminals obey).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const SGR = /^\u001b\[[0-9;]{0,32}m/;

function hex(c: string): string {
  return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** The text with every control character escaped, except newlines, tabs and SGR colour sequences. */
export function safeText(s: string): string {
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(s)) return s;
  return s.replace(CONTROL, (c, at: number) => (c === '\u001b' && SGR.test(s.slice(at, at + 40)) ? c : hex(c)));
}
