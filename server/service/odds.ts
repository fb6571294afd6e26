// Monte Carlo odds in the editor: on request (Preview Odds) and as you type
// (issues 14 and 15). As you type: after each check of an open file, every
// encounter of it is simulated again on the worker pool — a quick estimate,
// then a refinement — and compared, combat by combat on the same seeds, with
// the version last saved (or as it was opened). The lens then reads
// "party wins 62% → 48% (−14 ± 1)": common random numbers make that interval
// tight, so a real change shows after a couple of thousand fights.
//
// Nothing here runs a combat on the server's thread: `monteCarlo(…, { offThread })`
// keeps diagnostics, hovers and completion answering while odds are computed,
// and the next edit aborts a computation whose figures would be stale.

import { shortName as shortNameOf } from '../../model/message-text.js';
import { availableParallelism } from 'node:os';
import { chanceOf, meanOf, pairedChanges } from '../../engine/tally.js';
import { LOWERS_ONE_THREAD } from '../../engine/thread-priority.js';
import type { EncounterInfo } from '../../model/system.js';
import type { EncounterOdds, OddsChange, OddsDetail } from '../../protocol/lsp-ext.js';
import { monteCarlo } from '../../systems/index.js';
import { verdictShort, verdictText } from '../../common/outcome-words.js';
import type { FileEntry, WorkspaceState } from './analysis.js';
import type { Diagnostic } from '../../model/diagnostics.js';

/**
 * Worker threads of the server's odds, at most 4. Where the workers run below the server's thread (Linux:
 * engine/thread-priority.ts) every core: a diagnostic, hover or completion takes a busy core from them at once, and
 * a sweep, a tune or Preview Odds is twice as fast on 2 cores. Elsewhere all cores but one, left to the editor and
 * the checker.
 */
export const ODDS_THREADS = Math.max(1, Math.min(4, availableParallelism() - (LOWERS_ONE_THREAD ? 0 : 1)));

/** Fights of the first estimate after an edit, then of the refinement. */
export const LIVE_ESTIMATE_RUNS = 2000;
export const LIVE_REFINED_RUNS = 10_000;
/**
 * Time the first estimate of a file may take, all its encounters together: the lens refreshes within 300 ms of an
 * edit (issue 15 item 3) however long a fight takes — up to 2,000 fights per encounter, fewer for slow fights
 * (the lens says how many); the refinement follows with every fight.
 */
export const LIVE_ESTIMATE_BUDGET_MS = 200;
/** Fights of an encounter's first estimate whatever the time: a 95% interval of at most ±4.4 points. */
export const LIVE_ESTIMATE_MIN_RUNS = 500;
/**
 * Encounters of one file fought again after each edit, the first ones in the file: a keystroke in a file of a
 * hundred encounters must not set a million fights going. The others keep the odds last asked for (Preview Odds).
 */
export const LIVE_MAX_ENCOUNTERS = 8;

/** A file's name as a one-line reason shows it: the last segment of its path or URI, decoded. */
function shortName(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Why an encounter cannot be simulated, in one line ("an error at boss.aces:4:10: …"), or undefined when it can (issue 34 item 1): an error inside
 * its block, in its file outside the other encounters' blocks (a stat block it may place), or anywhere in a file
 * its file `use`s, transitively. Every odds surface asks this, so none shows the figures of a fight the file does
 * not describe (a boss whose weapon is a typo fights unarmed). The CLI refuses the same files (cli/load.ts).
 */
export function refusal(ws: WorkspaceState, e: FileEntry, enc: EncounterInfo): string | undefined {
  const r = enc.range;
  const blocks = e.file.read?.blocks ?? [];
  const own = blocks.find((b) => b.kind === 'encounter' && b.nameRange.start.offset === r?.start.offset);
  // other encounters are self-contained: their errors do not change this fight
  const others = blocks.filter((b) => b.kind === 'encounter' && b !== own);
  const inOther = (d: Diagnostic): boolean =>
    others.some((b) => d.range.start.offset >= b.range.start.offset && d.range.end.offset <= b.range.end.offset);
  const errors: { uri: string; d: Diagnostic }[] = [];
  for (const d of e.diagnostics) if (d.severity === 'error' && !inOther(d)) errors.push({ uri: e.uri, d });
  const seen = new Set<string>([e.uri]);
  const queue = [...e.file.uses];
  for (let q = 0; q < queue.length; q++) {
    const u = queue[q];
    if (seen.has(u)) continue;
    seen.add(u);
    const f = ws.entries.get(u);
    if (!f) continue;
    for (const d of f.diagnostics) if (d.severity === 'error') errors.push({ uri: u, d });
    queue.push(...f.file.uses);
  }
  if (!errors.length) return undefined;
  const { uri, d } = errors[0];
  const where = `${shortName(uri)}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
  const n = errors.length;
  const count = n === 1 ? 'an error' : `${n} errors, the first`;
  return `${count} at ${where}${uri === e.uri ? '' : ' (a file it uses)'}: ${shortNameOf(d.message.replace(/\s+/g, ' '), 500)}`;
}

/** A request's refusal: `"Ambush" cannot be simulated: an error at …; fix it first.` */
export function refusedLine(name: string, why: string): string {
  return `"${shortNameOf(name)}" cannot be simulated: ${why}; fix ${why.startsWith('an error') ? 'it' : 'them'} first`;
}

/** Whether an encounter can be simulated: no error in it, its file's other blocks or the files it uses (refusal). */
export function simulable(ws: WorkspaceState, e: FileEntry, enc: EncounterInfo): boolean {
  return refusal(ws, e, enc) === undefined;
}

/** The odds of one encounter off this thread; with `record`, each combat's outcome too (for a comparison). */
export async function encounterOddsOf(
  e: FileEntry,
  enc: EncounterInfo,
  opts: {
    runs: number;
    seed?: number;
    signal?: AbortSignal;
    record?: boolean;
    threads?: number;
    detail?: boolean;
    onProgress?: (done: number, total: number) => void;
    budgetMs?: number;
    minRuns?: number;
  },
): Promise<{ odds: EncounterOdds; outcomes?: Int8Array; playerSide: number }> {
  const t0 = performance.now();
  const system = e.system;
  const { counters } = await system.loadEngine();
  const mc = await monteCarlo(enc, {
    system: system.id,
    runs: opts.runs,
    seed: opts.seed,
    signal: opts.signal,
    offThread: true,
    threads: opts.threads ?? ODDS_THREADS,
    record: opts.record,
    onProgress: opts.onProgress,
    budgetMs: opts.budgetMs,
    minRuns: opts.minRuns,
  });
  const odds: EncounterOdds = {
    encounter: enc.name,
    runs: mc.runs,
    seed: mc.seed,
    sides: mc.sides.map((s) => ({ side: s.side, p: s.p, ci95: s.ci95 })),
    stalemate: mc.stalemate.p,
    draw: mc.draw.p,
    meanRounds: mc.rounds.mean,
    counters: counters.map((k) => ({ key: k.key, label: k.label, kind: k.kind })),
    combatants: mc.combatants.map((c) => ({
      id: c.id,
      side: c.side,
      values: Object.fromEntries(
        counters.map((k) => [k.key, k.kind === 'chance' ? chanceOf(c, k.key).p : meanOf(c, k.key).mean]),
      ),
    })),
    ms: Math.round((performance.now() - t0) * 10) / 10,
    ...(mc.verdict
      ? { verdict: { label: mc.verdict.label, anyDown: mc.verdict.anyDefeated.p, short: verdictShort(mc.verdict) } }
      : {}),
  };
  if (opts.detail) {
    const { outcomes: _recorded, ...figures } = mc as typeof mc & { outcomes?: Int8Array };
    odds.detail = figures as unknown as OddsDetail;
    if (mc.verdict) odds.detail.verdict = { ...mc.verdict, text: verdictText(mc.verdict) };
  }
  const playerSide = Math.max(
    0,
    mc.sides.findIndex((s) => s.side === mc.verdict?.playerSide),
  );
  return { odds, outcomes: mc.outcomes, playerSide };
}

/** A baseline: the outcomes of one encounter's combats in the version compared against. */
interface Baseline {
  sides: string[];
  seed: number;
  outcomes: Int8Array;
  /** The side whose win the lens quotes: the player characters' side, else the first. */
  side: number;
}

/**
 * The change of the quoted side's win chance from `base` to `now`, combats paired by index (the first
 * min(runs) combats of each; both seeded alike). Undefined when the two cannot be paired (other sides or seed).
 */
export function changeAgainst(
  base: Baseline,
  now: { sides: string[]; seed: number; outcomes: Int8Array },
  versus: string,
): OddsChange | undefined {
  if (base.seed !== now.seed || base.sides.join('\0') !== now.sides.join('\0')) return undefined;
  const c = pairedChanges(base.outcomes, now.outcomes, base.sides.length + 2)[base.side];
  return {
    versus,
    side: base.sides[base.side],
    before: c.before,
    after: c.after,
    change: c.change,
    halfWidth: c.halfWidth,
    runs: Math.min(base.outcomes.length, now.outcomes.length),
  };
}

/**
 * Live odds of the open files: the latest figures per encounter (what the lens and the inlay show) and the
 * baseline each is compared with. The caller (server/main.ts) decides when: after a check, on save.
 */
export class LiveOdds {
  private readonly baselines = new Map<string, Baseline>();
  /** Files whose next live figures become their baseline (just opened, or just saved). */
  private readonly pendingBaseline = new Set<string>();

  constructor(
    private readonly store: (uri: string, odds: EncounterOdds) => void,
    private readonly sound: (e: FileEntry, enc: EncounterInfo) => boolean = () => true,
  ) {}

  private static key(uri: string, encounter: string): string {
    return `${uri}\0${encounter}`;
  }

  /** The version on disk is what the next figures of `uri` describe: they become its baseline. */
  saved(uri: string): void {
    this.pendingBaseline.add(uri);
  }

  closed(uri: string): void {
    this.pendingBaseline.delete(uri);
    for (const k of [...this.baselines.keys()]) if (k.startsWith(`${uri}\0`)) this.baselines.delete(k);
  }

  /**
   * Simulates every sound encounter of `e` (`runs` combats each, recorded), stores the figures with their change
   * against the baseline, and returns how many encounters were refreshed. Throws AbortError when aborted. `last`:
   * the last pass for this version (a file waiting for its baseline takes every pass up to this one). `budgetMs`:
   * the time the whole pass may take (an anytime estimate: fewer than `runs` fights of an encounter when its
   * fights are slow, at least LIVE_ESTIMATE_MIN_RUNS), shared out among the encounters still to run.
   */
  async refresh(e: FileEntry, runs: number, signal: AbortSignal, last: boolean, budgetMs?: number): Promise<number> {
    const asBaseline = this.pendingBaseline.has(e.uri);
    const todo = e.allEncounters.filter((enc) => this.sound(e, enc)).slice(0, LIVE_MAX_ENCOUNTERS);
    const deadline = budgetMs === undefined ? undefined : performance.now() + budgetMs;
    let n = 0;
    for (const enc of todo) {
      const budget =
        deadline === undefined ? undefined : Math.max(0, (deadline - performance.now()) / (todo.length - n));
      const { odds, outcomes, playerSide } = await encounterOddsOf(e, enc, {
        runs,
        signal,
        record: true,
        budgetMs: budget,
        minRuns: LIVE_ESTIMATE_MIN_RUNS,
      });
      const k = LiveOdds.key(e.uri, enc.name);
      const base = this.baselines.get(k);
      if (asBaseline || !base) {
        this.baselines.set(k, {
          sides: odds.sides.map((s) => s.side),
          seed: odds.seed,
          outcomes: outcomes!,
          side: playerSide,
        });
      } else {
        const change = changeAgainst(
          base,
          { sides: odds.sides.map((s) => s.side), seed: odds.seed, outcomes: outcomes! },
          'saved',
        );
        // an edit that changes no combat (a comment, a reordering) shows no change
        if (change && (change.change !== 0 || change.halfWidth !== 0)) odds.change = change;
      }
      this.store(e.uri, odds);
      n++;
    }
    if (asBaseline && last) this.pendingBaseline.delete(e.uri);
    return n;
  }
}
