// `aces odds A.aces --against B.aces` or `--against HEAD` (issue 14, compare):
// the same encounter in two versions, fought on the same combat seeds (common
// random numbers), and each outcome's change with a paired 95% interval. The
// pairing is what makes it tight: combat i of A and combat i of B start from
// the same shuffles, so most combats end the same way and only the ones the
// edit changed move the difference.

import { execFileSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import type { EncounterInfo } from '../model/system.js';
import type { FileHost } from '../model/workspace.js';
import { pairedChanges } from '../engine/tally.js';
import { checkFiles, monteCarlo } from '../systems/index.js';
import { winsPhrase } from '../common/outcome-words.js';

export interface OutcomeChange {
  outcome: string;
  before: number;
  after: number;
  /** after − before, and the half-width of its paired 95% interval. */
  change: number;
  halfWidth: number;
}

/**
 * Each outcome of versions A and B of one encounter on the same seeds: the chances and the paired interval of
 * their difference. Both run on the worker pool, each recording every combat's outcome (engine/tally.ts).
 */
export async function compareOutcomes(
  a: EncounterInfo,
  b: EncounterInfo,
  system: string,
  seed: number,
  runs: number,
  threads?: number,
): Promise<OutcomeChange[]> {
  const sides = a.sides;
  if (sides.join('\0') !== b.sides.join('\0'))
    throw new Error(
      `the two versions have different sides (${sides.join(', ')} / ${b.sides.join(', ')}); compare versions of one encounter`,
    );
  const opts = { system, seed, runs, threads, record: true };
  const oa = (await monteCarlo(a, opts)).outcomes!,
    ob = (await monteCarlo(b, opts)).outcomes!;
  const names = [...sides.map(winsPhrase), 'stalemate', 'nobody left'];
  return pairedChanges(oa, ob, names.length).map((c, k) => ({ outcome: names[k], ...c }));
}

/** The text of `file` at git HEAD, for `--against HEAD`. Throws an Error with a user message. */
export function textAtHead(file: string): string {
  const abs = resolve(file);
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: dirname(abs),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return execFileSync('git', ['show', `HEAD:${relative(top, abs).split('\\').join('/')}`], {
      cwd: top,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    throw new Error(
      `${file} has no committed version to compare against (not in a git repository, or never committed)`,
    );
  }
}

/** The encounter `name` of `file` as it reads with `text` in place of the file (used files as they are on disk). */
export function encounterWithText(
  file: string,
  text: string,
  name: string,
  host: FileHost,
): { encounter?: EncounterInfo; error?: string; system?: string } {
  const abs = resolve(file);
  const overlay: FileHost = { ...host, read: (p, used) => (p === abs ? { text } : host.read(p, used)) };
  const r = checkFiles([abs], overlay);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length)
    return {
      error: `${errors.length} error${errors.length === 1 ? '' : 's'}, the first: ${errors[0].code} ${errors[0].message}`,
    };
  const encounter = (r.encountersByFile.get(abs) ?? []).find((e) => e.name === name);
  return encounter ? { encounter, system: r.systemOf(abs)?.id } : { error: `no encounter "${name}"` };
}
