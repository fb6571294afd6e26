// The team's rulings beyond each spec (systems/<id>/docs/RULINGS.md: HRS-25, TGS-32, ARS-13, E-C1…), which
// logs and diagnostics cite: read from those files, the one place they are written, so `aces explain` can
// say them too. A copy of the CLI without the repository beside it (a lone bundle) simply has none.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Ruling {
  /** The system's id (`heart-rush`). */
  system: string;
  /** The ruling's text, its title first, on one line. */
  text: string;
}

/** `- **HRS-25 Going round (HR-P3).** text…` or `- **E-C1** text…`, continued on indented lines. */
const ENTRY = /^- \*\*([A-Z]+-[A-Z]*\d+[a-z]?)\b\s*([^*]*)\*\*\s*(.*)$/;

/** The rulings of one RULINGS.md, by id. */
export function parseRulings(markdown: string, system: string): Map<string, Ruling> {
  const out = new Map<string, Ruling>();
  let current: { id: string; parts: string[] } | undefined;
  const flush = (): void => {
    if (current) out.set(current.id, { system, text: current.parts.join(' ').replace(/\s+/g, ' ').trim() });
    current = undefined;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const m = ENTRY.exec(line);
    if (m) {
      flush();
      current = { id: m[1], parts: [m[2], m[3]] };
    } else if (current && /^\s+\S/.test(line)) current.parts.push(line);
    else flush();
  }
  flush();
  return out;
}

/** Every registered system's rulings, from the repository this CLI runs in (empty when it has none). */
export function loadRulings(
  systems: readonly string[],
  from = dirname(fileURLToPath(import.meta.url)),
): Map<string, Ruling> {
  const all = new Map<string, Ruling>();
  // out/cli/ in a build, dist/ for the bundle: the repository is two or one levels up (out/systems holds no docs)
  for (const up of ['..', join('..', '..')]) {
    const root = join(from, up);
    for (const id of systems) {
      const path = join(root, 'systems', id, 'docs', 'RULINGS.md');
      if (existsSync(path)) for (const [k, v] of parseRulings(readFileSync(path, 'utf8'), id)) all.set(k, v);
    }
    if (all.size) break;
  }
  return all;
}
