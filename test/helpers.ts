// Test helpers: check source text in memory and look at its diagnostics.
import { memoryHost, type CheckResult, type FileHost } from '../model/workspace.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { checkFiles as checkAll } from '../systems/index.js';
import { haModel } from '../systems/halcyon-aces/index.js';
import type { CheckedWorkspace } from '../systems/halcyon-aces/model.js';

/** A check, with the Halcyon Aces model at hand (`model`). */
export type HaCheck = CheckResult & { model: CheckedWorkspace };

export function checkFiles(paths: string[], host: FileHost): HaCheck {
  const r = checkAll(paths, host);
  return Object.assign(r, { model: haModel(r) });
}

export function checkText(text: string, path = 'input.aces', others: Record<string, string> = {}): HaCheck {
  return checkFiles([path], memoryHost({ ...others, [path]: text }));
}

export function check(text: string, others: Record<string, string> = {}): HaCheck {
  return checkText(text, 'test.aces', others);
}

/** Diagnostics of the main file only. */
export function diags(text: string, others: Record<string, string> = {}): Diagnostic[] {
  return check(text, others).diagnostics.filter((d) => d.file === 'test.aces');
}

export function codes(text: string, others: Record<string, string> = {}): string[] {
  return diags(text, others).map((d) => d.code);
}

export function withCode(text: string, code: string, others: Record<string, string> = {}): Diagnostic[] {
  return diags(text, others).filter((d) => d.code === code);
}

/** The text a diagnostic's range covers. */
export function covered(text: string, d: Diagnostic): string {
  return text.slice(d.range.start.offset, d.range.end.offset);
}

/** A minimal valid character block with overrides appended. */
export function char(name: string, extra = '', stats = 'heart 2 body 3 mind 2 spirit 2 vitality 10'): string {
  return `character ${name} { ${stats} ${extra} }\n`;
}

/** A minimal valid encounter around the given sides/zones body. */
export function enc(body: string, name = 'E'): string {
  return `encounter ${name} {\n${body}\n}\n`;
}

export const TWO_SIDES = enc('side a { A }\nside b { B }') + char('A') + char('B');
