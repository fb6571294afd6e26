// `aces odds A.aces --against B.aces` or `--against HEAD` (issue 14, compare):
// the same encounter in two versions, fought on the same combat seeds (common
// random numbers), and each outcome's change with a paired 95% interval. The
// pairing is what makes it tight: combat i of A and combat i of B start from
// the same shuffles, so most combats end the same way and only the ones the
// edit changed move the difference.

import { execFileSync } from 'node:child_process';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
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

/** A git revision of the repository that holds `file`: its top folder and the commit `rev` names. */
export interface Revision {
  top: string;
  commit: string;
  /** As the user wrote it: `HEAD`, `HEAD~2`, a tag, a commit. */
  rev: string;
}

/**
 * The commit `rev` names in the repository holding `file` (HEAD, HEAD~1, a branch, a tag, a hash). Throws an Error
 * with a user message when the file is in no repository or the revision names no commit.
 */
export function gitRevision(file: string, rev: string): Revision {
  const abs = resolve(file);
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  let top: string;
  try {
    top = git(dirname(abs), 'rev-parse', '--show-toplevel');
  } catch {
    throw new Error(`${file} has no committed version to compare against (not in a git repository)`);
  }
  // `--end-of-options` keeps a revision written like an option (`--output=x`) a revision
  try {
    return { top, commit: git(top, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`), rev };
  } catch {
    throw new Error(
      `'${rev}' is neither a file nor a git revision of ${file}'s repository (HEAD, HEAD~1, a branch, a tag, a commit)`,
    );
  }
}

/** The text of `path` at a revision, or undefined when the revision has no such file. */
function textAt(r: Revision, path: string): string | undefined {
  const rel = relative(r.top, path);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  try {
    return execFileSync('git', ['show', `${r.commit}:${rel.split('\\').join('/')}`], {
      cwd: r.top,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

/**
 * `host` as the repository was at revision `r` (issue 34 item 2): the file named and every file of its `use`
 * closure read as committed there, not as they are on disk now. A `use` keeps `host`'s confinement (a file it
 * refuses as outside the workspace stays refused); a file the revision lacks is missing.
 */
export function revisionHost(r: Revision, host: FileHost): FileHost {
  return {
    ...host,
    read: (p, used) => {
      if (used) {
        const now = host.read(p, used);
        if ('error' in now && now.code === 'use-outside') return now;
      }
      const text = textAt(r, resolve(p));
      return text === undefined ? { error: `not in ${r.rev} (${r.commit.slice(0, 7)})` } : { text };
    },
  };
}

/** The text of `file` at git HEAD. Throws an Error with a user message. */
export function textAtHead(file: string): string {
  const text = textAt(gitRevision(file, 'HEAD'), resolve(file));
  if (text === undefined) throw new Error(`${file} has no committed version to compare against (never committed)`);
  return text;
}

/** The encounter `name` of `file` as `host` reads it (a revision's, another file's), checked. */
export function encounterIn(
  file: string,
  name: string,
  host: FileHost,
): { encounter?: EncounterInfo; error?: string; system?: string } {
  const abs = resolve(file);
  const r = checkFiles([abs], host);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    const d = errors[0];
    const at = `${host.display?.(d.file) ?? d.file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    return {
      error: `${errors.length} error${errors.length === 1 ? '' : 's'}, the first: ${at}: ${d.code} ${d.message}`,
    };
  }
  const encounter = (r.encountersByFile.get(abs) ?? []).find((e) => e.name === name);
  return encounter ? { encounter, system: r.systemOf(abs)?.id } : { error: `no encounter "${name}"` };
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
  return encounterIn(abs, name, overlay);
}
