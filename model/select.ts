// Which encounter a command acts on: one policy for every shell. The CLI
// (`aces run file [name]`, `odds`, `tune`), the language server (requests that
// name an encounter, actions at the cursor) and the VS Code client (Run, Step,
// Preview Odds) all ask selectEncounter, so a name, a cursor or a file of one
// encounter picks the same fight wherever the GM asks. What a shell does when
// the answer is "several, say which" is its own: the client asks, the CLI
// takes the first (it cannot ask).

import type { RawBlock } from './read.js';
import type { EncounterInfo } from './system.js';

export type EncounterSelection<E> =
  /** `named`: the name given; `cursor`: the encounter the cursor is in; `only`: the file has one. */
  | { encounter: E; by: 'named' | 'cursor' | 'only' }
  /** None named and the cursor in none of several: the shell asks, or takes `choices[0]`. */
  | { choices: readonly E[] }
  | { error: 'no-encounter' }
  | { error: 'unknown-name'; name: string };

/** The encounter called `name`: the exact name first, else the one name that matches ignoring case. */
export function encounterNamed<E extends Pick<EncounterInfo, 'name'>>(all: readonly E[], name: string): E | undefined {
  return all.find((e) => e.name === name) ?? all.find((e) => e.name.toLowerCase() === name.toLowerCase());
}

/**
 * The policy, in order: a name given wins (or is an error when no encounter has it); else the encounter the
 * cursor is in (`atCursor`, found by the shell from its own positions); else the file's only encounter; else
 * the choice is the user's.
 */
export function selectEncounter<E extends Pick<EncounterInfo, 'name'>>(
  all: readonly E[],
  want: { name?: string; atCursor?: E },
): EncounterSelection<E> {
  if (!all.length) return { error: 'no-encounter' };
  if (want.name !== undefined) {
    const named = encounterNamed(all, want.name);
    return named ? { encounter: named, by: 'named' } : { error: 'unknown-name', name: want.name };
  }
  if (want.atCursor) return { encounter: want.atCursor, by: 'cursor' };
  if (all.length === 1) return { encounter: all[0], by: 'only' };
  return { choices: all };
}

/** The encounter block whose statement (`encounter … { … }`) holds the offset, among a file's blocks. */
export function encounterBlockAt(blocks: readonly RawBlock[], offset: number): RawBlock | undefined {
  return blocks.find((b) => b.kind === 'encounter' && b.range.start.offset <= offset && offset <= b.range.end.offset);
}
