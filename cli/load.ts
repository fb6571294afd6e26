// Shared by `aces run` and `aces odds`: check one file, refuse to simulate a
// file with errors (showing them), and pick the encounter to simulate (the
// one policy of model/select.ts).

import { resolve } from 'node:path';
import { checkFiles, REGISTRY } from '../systems/index.js';
import type { EncounterInfo, RuleSystem } from '../model/system.js';
import { selectEncounter } from '../model/select.js';
import { diskHost, rootsOf, displayPath } from './files.js';
import { printDiagnostics, type Io } from './check.js';

export interface Loaded {
  encounter: EncounterInfo;
  /** The rule system the file speaks. */
  system: RuleSystem;
  file: string;
  all: EncounterInfo[];
}

/** Returns the encounter, or an exit code after explaining what is wrong. */
export function loadEncounter(
  file: string,
  name: string | undefined,
  io: Io,
  command: string,
  root?: string,
): Loaded | number {
  const abs = resolve(io.cwd, file);
  const result = checkFiles([abs], diskHost(io.cwd, undefined, rootsOf([file], io.cwd, root)));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    // on stderr: stdout is the command's product (a log, `--json`), which a script must be able to parse or find empty
    printDiagnostics(result, { ...io, out: io.err }, (d) => d.severity === 'error');
    io.err(
      `aces ${command}: ${displayPath(abs, io.cwd)} has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix ${errors.length === 1 ? 'it' : 'them'} first (\`aces check ${file}\` lists warnings too).`,
    );
    return 1;
  }
  const all = result.encountersByFile.get(abs) ?? [];
  const system = result.systemOf(abs) ?? REGISTRY.fallback;
  const pick = selectEncounter(all, { name });
  if ('error' in pick) {
    io.err(
      pick.error === 'no-encounter'
        ? `aces ${command}: ${displayPath(abs, io.cwd)} declares no encounter. Add \`encounter "Name" { side … }\`.`
        : `aces ${command}: no encounter named "${pick.name}" in ${displayPath(abs, io.cwd)}. Encounters: ${all.map((e) => `"${e.name}"`).join(', ')}.`,
    );
    return 1;
  }
  // several and none named: a command line cannot ask, so the file's first
  return { encounter: 'choices' in pick ? pick.choices[0] : pick.encounter, system, file: abs, all };
}

/** Shell-quotes an argument for a replay command line. */
export function shellArg(s: string): string {
  return /^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
