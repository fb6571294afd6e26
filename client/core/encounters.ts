// Finding the encounter to simulate: check a file (open documents first, then
// disk) and pick the encounter under the cursor. Pure: no `vscode` import.

import type { FileHost } from '../../model/workspace.js';
import { checkFiles } from '../../systems/index.js';
import type { EncounterInfo as Encounter, RuleSystem } from '../../model/system.js';
import { REGISTRY } from '../../systems/index.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { Range } from '../../grammar/ast.js';

export interface LoadedFile {
  /** The rule system the file speaks (its engine runs the encounters). */
  system: RuleSystem;
  encounters: Encounter[];
  errors: Diagnostic[];
  /** The whole `encounter … { … }` statement of each encounter (Encounter.range is its name only), same order. */
  blocks: (Range | undefined)[];
}

/** Checks `path` (and what it `use`s) through `host`; returns its encounters and the errors that block a simulation. */
export function loadEncounters(path: string, host: FileHost): LoadedFile {
  const r = checkFiles([path], host);
  const encounters = r.encountersByFile.get(path) ?? [];
  const system = r.systemOf(path) ?? REGISTRY.fallback;
  const statements = (r.files.get(path)?.parse?.file.statements ?? []).filter((s) => s.terms[0]?.kind === 'word' && s.terms[0].text === 'encounter');
  const blocks = encounters.map((e) => statements.find((s) => e.range && contains(s.range, e.range.start.line, e.range.start.character))?.range);
  return { system, encounters, errors: r.diagnostics.filter((d) => d.severity === 'error'), blocks };
}

function contains(r: Range, line: number, character: number): boolean {
  const after = line > r.start.line || (line === r.start.line && character >= r.start.character);
  const before = line < r.end.line || (line === r.end.line && character <= r.end.character);
  return after && before;
}

/** The encounter whose statement (`encounter … { … }`) contains the 0-based (line, character), if any. */
export function encounterAt(loaded: LoadedFile, line: number, character: number): Encounter | undefined {
  const i = loaded.blocks.findIndex((r) => r !== undefined && contains(r, line, character));
  return i >= 0 ? loaded.encounters[i] : undefined;
}

/** A seed typed by a user: a whole number 0 … 2³²−1, or undefined (with why). */
export function parseSeedInput(text: string): { seed: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { error: 'A seed is a whole number, 0 to 4294967295.' };
  const n = Number(t);
  if (n > 4294967295) return { error: 'A seed is at most 4294967295.' };
  return { seed: n };
}

/** Where a run's seed comes from: an explicit argument, else the setting, else the file. */
export function chooseSeed(explicit: number | undefined, setting: number | null | undefined, encounter: Encounter): { seed: number; from: 'argument' | 'setting' | 'file' } {
  if (explicit !== undefined && Number.isInteger(explicit) && explicit >= 0) return { seed: explicit, from: 'argument' };
  if (setting !== null && setting !== undefined && Number.isInteger(setting) && setting >= 0) return { seed: setting, from: 'setting' };
  return { seed: encounter.seed, from: 'file' };
}
