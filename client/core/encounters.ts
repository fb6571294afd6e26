// Finding the encounter to simulate from what the server says of a file
// (`aces/encounters`): the encounter under the cursor, the seed of a run.
// Pure: no `vscode` import.

import type { EncounterSummary, FileEncounters } from '../../protocol/lsp-ext.js';

function contains(r: EncounterSummary['range'], line: number, character: number): boolean {
  const after = line > r.start.line || (line === r.start.line && character >= r.start.character);
  const before = line < r.end.line || (line === r.end.line && character <= r.end.character);
  return after && before;
}

/** The encounter whose statement (`encounter … { … }`) contains the 0-based (line, character), if any. */
export function encounterAt(
  file: Pick<FileEncounters, 'encounters'>,
  line: number,
  character: number,
): EncounterSummary | undefined {
  return file.encounters.find((e) => contains(e.range, line, character));
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
export function chooseSeed(
  explicit: number | undefined,
  setting: number | null | undefined,
  encounter: { seed: number },
): { seed: number; from: 'argument' | 'setting' | 'file' } {
  if (explicit !== undefined && Number.isInteger(explicit) && explicit >= 0)
    return { seed: explicit, from: 'argument' };
  if (setting !== null && setting !== undefined && Number.isInteger(setting) && setting >= 0)
    return { seed: setting, from: 'setting' };
  return { seed: encounter.seed, from: 'file' };
}

/** The header of a run: enough to replay it exactly, from the editor or the CLI. */
export function runHeader(displayFile: string, encounter: string, seed: number, encounterCount = 1): string[] {
  const q = (s: string) => (/^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const lines = [
    `# ${displayFile} — encounter "${encounter}" — seed ${seed}`,
    `# replay: aces run ${q(displayFile)} --encounter ${q(encounter)} --seed ${seed}`,
  ];
  if (encounterCount > 1) lines.push(`# (${encounterCount} encounters in this file)`);
  return lines;
}
