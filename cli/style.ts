// Terminal colour, only when it helps: on a TTY, never with NO_COLOR, forced with FORCE_COLOR or --color.

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export const COLOR: Style = {
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
  green: wrap(32, 39),
  dim: wrap(2, 22),
  bold: wrap(1, 22),
};

const id = (s: string): string => s;
export const PLAIN: Style = { red: id, yellow: id, cyan: id, green: id, dim: id, bold: id };

export function pickStyle(flag: boolean | undefined, stream: { isTTY?: boolean }, env = process.env): Style {
  if (flag === true) return COLOR;
  if (flag === false) return PLAIN;
  if (env.NO_COLOR) return PLAIN;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return COLOR;
  return stream.isTTY ? COLOR : PLAIN;
}
