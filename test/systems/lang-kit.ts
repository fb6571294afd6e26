// One test kit for every system's language tests: check in-memory text of a `system <id>` file and look at
// its diagnostics, with the system's own checked model attached. Each system's test/systems/<id>/lang.ts
// builds its helpers from this and adds its own fixtures (a clean character, a fight).
import type { Diagnostic } from '../../model/diagnostics.js';
import type { CheckResult } from '../../model/workspace.js';
import { checkText } from '../../systems/index.js';

export const PATH = 'test.aces';

export interface LanguageKit<M> {
  /** The first line every body gets (`system <id>\n`). */
  HEAD: string;
  /** Checks `body` as test.aces of the system (the `system` line is prepended unless `raw`). */
  check(body: string, others?: Record<string, string>, raw?: boolean): CheckResult & { model: M };
  /** Diagnostics of the main file only. */
  diags(body: string, others?: Record<string, string>, raw?: boolean): Diagnostic[];
  codes(body: string, others?: Record<string, string>, raw?: boolean): string[];
  withCode(body: string, code: string, others?: Record<string, string>): Diagnostic[];
  /** The text a diagnostic covers, in the checked text (with the system line). */
  covered(body: string, d: Diagnostic, raw?: boolean): string;
}

export function languageKit<M>(systemId: string, modelOf: (r: CheckResult) => M): LanguageKit<M> {
  const HEAD = `system ${systemId}\n`;
  const check = (body: string, others: Record<string, string> = {}, raw = false) => {
    const r = checkText(raw ? body : HEAD + body, PATH, others);
    return Object.assign(r, { model: modelOf(r) });
  };
  const diags = (body: string, others: Record<string, string> = {}, raw = false) =>
    check(body, others, raw).diagnostics.filter((d) => d.file === PATH);
  return {
    HEAD,
    check,
    diags,
    codes: (body, others = {}, raw = false) => diags(body, others, raw).map((d) => d.code),
    withCode: (body, code, others = {}) => diags(body, others).filter((d) => d.code === code),
    covered: (body, d, raw = false) => (raw ? body : HEAD + body).slice(d.range.start.offset, d.range.end.offset),
  };
}
