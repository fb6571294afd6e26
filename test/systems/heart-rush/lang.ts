// Helpers for Heart Rush language tests: check `system heart-rush` text in memory.
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { CheckResult } from '../../../model/workspace.js';
import { checkText } from '../../../systems/index.js';
import { hrModel, type HRModel } from '../../../systems/heart-rush/index.js';

export const HEAD = 'system heart-rush\n';
export const PATH = 'test.aces';

export type HRCheck = CheckResult & { model: HRModel };

/** Checks `body` as a Heart Rush file (the `system` line is prepended unless `raw`). */
export function check(body: string, others: Record<string, string> = {}, raw = false): HRCheck {
  const r = checkText(raw ? body : HEAD + body, PATH, others);
  return Object.assign(r, { model: hrModel(r) });
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

/** A minimal valid character with extra attributes. */
export function char(name: string, extra = '', hp = 'hp 10'): string {
  return `character ${name} { ${hp} ${extra} }\n`;
}

/** An encounter with sides a and b holding the given placement lines. */
export function fight(a: string, b: string, extra = '', name = 'E'): string {
  return `encounter ${name} {\n${extra}\nside a {\n${a}\n}\nside b {\n${b}\n}\n}\n`;
}

/** Two plain characters A and B facing each other. */
export const CLEAN = char('A') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft');
