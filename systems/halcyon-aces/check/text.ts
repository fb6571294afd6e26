// How the checker writes a stat or a number in a message: one spelling for
// every block's messages.

/** `body` → `Body`. */
export function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

/** `+1`, `0` → `+0`, `-2`. */
export function fmtSigned(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}
