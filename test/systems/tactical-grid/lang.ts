// Helpers for Tactical Grid language tests: check `system tactical-grid` text in memory.
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { CheckResult } from '../../../model/workspace.js';
import { checkText } from '../../../systems/index.js';
import { tgModel, type TGModel } from '../../../systems/tactical-grid/index.js';

export const HEAD = 'system tactical-grid\n';
export const PATH = 'test.aces';

export type TGCheck = CheckResult & { model: TGModel };

/** Checks `body` as a Tactical Grid file (the `system` line is prepended unless `raw`). */
export function check(body: string, others: Record<string, string> = {}, raw = false): TGCheck {
  const r = checkText(raw ? body : HEAD + body, PATH, others);
  return Object.assign(r, { model: tgModel(r) });
}

/** Diagnostics of the main file only. */
export function diags(body: string, others: Record<string, string> = {}, raw = false): Diagnostic[] {
  return check(body, others, raw).diagnostics.filter((d) => d.file === PATH);
}

export function codes(body: string, others: Record<string, string> = {}, raw = false): string[] {
  return diags(body, others, raw).map((d) => d.code);
}

export function withCode(body: string, code: string, others: Record<string, string> = {}): Diagnostic[] {
  return diags(body, others).filter((d) => d.code === code);
}

/** The text a diagnostic covers, in the checked text (with the system line). */
export function covered(body: string, d: Diagnostic, raw = false): string {
  const text = raw ? body : HEAD + body;
  return text.slice(d.range.start.offset, d.range.end.offset);
}

/** A clean sheet: every stat written (speed 5, range 2). */
export const SHEET = 'agi 2 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1';
/** A clean NPC's numbers. */
export const NPC = 'difficulty 13 health 3 speed 5 range 1';

export function sheetChar(name: string, extra = ''): string {
  return `character ${name} { ${SHEET} ${extra} }\n`;
}
export function npcChar(name: string, extra = '', numbers = NPC): string {
  return `character ${name} { ${numbers} ${extra} }\n`;
}

/** An encounter on `rows` (default an open 6 × 4) with sides a and b holding the given placement lines. */
export function fight(a: string, b: string, opts: { extra?: string; rows?: string[]; grid?: string; name?: string } = {}): string {
  const rows = opts.rows ?? ['......', '......', '......', '......'];
  return `encounter ${opts.name ?? 'E'} {\n${opts.extra ?? ''}\nmap {\ngrid ${opts.grid ?? 'square'}\n${rows.map((r) => `row "${r}"`).join('\n')}\n}\nside a {\n${a}\n}\nside b {\n${b}\n}\n}\n`;
}

/** A sheet A against an NPC B, facing each other on an open map. */
export const CLEAN = sheetChar('A') + npcChar('B') + fight('A at a1 facing east', 'B at f4 facing west');
