// `aces odds A.aces --against B.aces` or `--against HEAD` (issue 14, compare):
// the same encounter in two versions, fought on the same combat seeds (common
// random numbers), and each outcome's change with a paired 95% interval. The
// pairing is what makes it tight: combat i of A and combat i of B start from
// the same shuffles, so most combats end the same way and only the ones the
// edit changed move the difference.

import { execFileSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import type { EncounterInfo, SystemEngine } from '../model/system.js';
import type { FileHost } from '../model/workspace.js';
import { emptyTally } from '../engine/tally.js';
import { checkFiles } from '../systems/index.js';

export interface Side {
  encounter: EncounterInfo;
  engine: SystemEngine;
}

export interface OutcomeChange {
  outcome: string;
  before: number;
  after: number;
  /** after − before, and the half-width of its paired 95% interval. */
  change: number;
  halfWidth: number;
}

/** Outcome index of each combat [0, runs): side k wins = k, stalemate = sides, draw = sides + 1. */
function outcomes(s: Side, seed: number, runs: number): Int8Array {
  const fast = s.engine.fastPath(s.encounter);
  const t = emptyTally(fast.shape, s.engine.counters.length);
  const out = new Int8Array(runs);
  const nSides = t.wins.length;
  for (let i = 0; i < runs; i++) {
    const before = [...t.wins, t.stalemates, t.draws];
    fast.run(seed, i, i + 1, t);
    const after = [...t.wins, t.stalemates, t.draws];
    out[i] = after.findIndex((x, k) => x !== before[k]);
    if (out[i] < 0) out[i] = nSides + 1;
  }
  return out;
}

/** Each outcome of A and B on the same seeds: the chances and the paired interval of their difference. */
export function compareOutcomes(a: Side, b: Side, seed: number, runs: number): OutcomeChange[] {
  const sides = a.encounter.sides;
  if (sides.join('\0') !== b.encounter.sides.join('\0')) throw new Error(`the two versions have different sides (${sides.join(', ')} / ${b.encounter.sides.join(', ')}); compare versions of one encounter`);
  const oa = outcomes(a, seed, runs), ob = outcomes(b, seed, runs);
  const names = [...sides.map((s) => `${s} wins`), 'stalemate', 'nobody left'];
  return names.map((outcome, k) => {
    let sa = 0, sb = 0, sd = 0, sdd = 0;
    for (let i = 0; i < runs; i++) {
      const x = oa[i] === k ? 1 : 0, y = ob[i] === k ? 1 : 0;
      sa += x;
      sb += y;
      sd += y - x;
      sdd += (y - x) * (y - x);
    }
    const mean = sd / runs;
    const variance = runs > 1 ? (sdd - runs * mean * mean) / (runs - 1) : 0;
    return { outcome, before: sa / runs, after: sb / runs, change: mean, halfWidth: 1.959963984540054 * Math.sqrt(Math.max(0, variance) / runs) };
  });
}

/** The text of `file` at git HEAD, for `--against HEAD`. Throws an Error with a user message. */
export function textAtHead(file: string): string {
  const abs = resolve(file);
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dirname(abs), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return execFileSync('git', ['show', `HEAD:${relative(top, abs).split('\\').join('/')}`], { cwd: top, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    throw new Error(`${file} has no committed version to compare against (not in a git repository, or never committed)`);
  }
}

/** The encounter `name` of `file` as it reads with `text` in place of the file (used files as they are on disk). */
export function encounterWithText(file: string, text: string, name: string, host: FileHost): { encounter?: EncounterInfo; error?: string; system?: string } {
  const abs = resolve(file);
  const overlay: FileHost = { ...host, read: (p, used) => (p === abs ? { text } : host.read(p, used)) };
  const r = checkFiles([abs], overlay);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) return { error: `${errors.length} error${errors.length === 1 ? '' : 's'}, the first: ${errors[0].code} ${errors[0].message}` };
  const encounter = (r.encountersByFile.get(abs) ?? []).find((e) => e.name === name);
  return encounter ? { encounter, system: r.systemOf(abs)?.id } : { error: `no encounter "${name}"` };
}
