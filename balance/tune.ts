// Tuning (issue 14 item 3): the value of one number that brings an outcome
// closest to a target chance — "what Vitality makes this boss a 50/50 fight?".
// A bisection over whole numbers: every try fights the same combat seeds
// (common random numbers), so the chance moves with the value, not with the
// dice, and a handful of tries suffices (log₂ of the range, plus its ends).
// The search fights a fifth of the combats asked for (at least 1,000): it only
// has to find where the target is crossed. Then every combat: the best value
// of the search, stepping from it toward the target (1, 2, 4, … apart) until
// the target is crossed, and a bisection of that last step — so the answer is
// bracketed as a search with every combat would bracket it, in about half the
// fights (issue 14 item 8: a tune in 3 s). Each value of that walk is fought
// with the search's fewer combats first (unless the search did already), and
// with every combat only when its interval could bring it closer to the target
// than the best value so fought; else that try places it on its side.
// Shared by `aces tune` and the editor's "Balance this encounter…".

import type { FileHost } from '../model/workspace.js';
import { monteCarlo, type MonteCarloResult } from '../systems/index.js';
import { sideSite, SIZE, sizeNotTuned, variantMaker, type VariantMaker, type VarySpec } from './vary.js';
import { sideNamed, verdictText, winsPhrase } from '../common/outcome-words.js';

export interface Target {
  /** "party wins", "goblins win", a side's bare name or "stalemate" (empty with a length alone). */
  outcome: string;
  /** The chance aimed for (NaN with a length alone). */
  p: number;
  /** A length aimed for, in mean rounds (`about 4 rounds`, issue 34 item 3). */
  rounds?: number;
}

/** A length target "about N rounds" is met within this many rounds of the mean. */
export const ROUNDS_TOLERANCE = 0.5;

/** `party wins 50%`, `stalemate 5%`, `about 4 rounds`, or a chance and a length: `party wins 50%, about 4 rounds`. */
export function parseTarget(text: string): Target | { error: string } {
  const usage =
    'write --target "SIDE wins 50%" (or "SIDE win 50%", "stalemate 5%", "about 4 rounds", "party wins 50%, about 4 rounds")';
  let rounds: number | undefined;
  let rest = text.trim();
  // a length, anywhere after a comma or "and" (or alone): `about 4 rounds`, `4 rounds`
  const len = /(?:^|,|\band\b)\s*(?:about\s+|~\s*)?(\d+(?:\.\d+)?)\s+rounds?\s*$/i.exec(rest);
  if (len) {
    rounds = Number(len[1]);
    if (!(rounds >= 1 && rounds <= 1000)) return { error: 'a length is between 1 and 1000 rounds' };
    rest = rest
      .slice(0, len.index)
      .replace(/\s*(?:,|\band)\s*$/i, '')
      .trim();
    if (!rest) return { outcome: '', p: NaN, rounds };
  }
  // Trimmed first, then one greedy `.*\S` from the start: the old `^\s*(.+?)\s+…\s*%\s*$` let `\s*`, `.+?` and `\s+`
  // share every run of spaces, so a target of 1,000 spaces took 0.6 s and one of 10,000 spaces after a word 0.25 s
  // (cubic and quadratic); this form tries each end of the side's name once.
  const m = /^(.*\S)\s+(\d+(?:\.\d+)?)\s*%$/.exec(rest);
  if (!m) return { error: usage };
  const p = Number(m[2]) / 100;
  if (p < 0 || p > 1) return { error: 'a chance is between 0% and 100%' };
  return { outcome: m[1].trim(), p, ...(rounds !== undefined ? { rounds } : {}) };
}

/** How a target reads: "party wins 50%", "about 4 rounds", "party wins 50% in about 4 rounds". */
export function targetText(t: Target): string {
  const chance = Number.isNaN(t.p) ? '' : `${t.outcome} ${(100 * t.p).toFixed(1).replace(/\.0$/, '')}%`;
  const len = t.rounds === undefined ? '' : `about ${t.rounds} rounds`;
  return chance && len ? `${chance} in ${len}` : chance || len;
}

/** The mean length in rounds and its 95% interval (normal: the mean of many fights), for a length target. */
export function roundsOf(r: MonteCarloResult): { p: number; ci95: [number, number] } {
  const h = r.runs ? (1.96 * r.rounds.sd) / Math.sqrt(r.runs) : 0;
  return { p: r.rounds.mean, ci95: [r.rounds.mean - h, r.rounds.mean + h] };
}

/** The outcome's chance and interval in a result (undefined: the result has no such outcome). */
export function outcomeOf(r: MonteCarloResult, outcome: string): { p: number; ci95: [number, number] } | undefined {
  if (outcome === 'stalemate') return r.stalemate;
  const side = sideNamed(
    outcome,
    r.sides.map((s) => s.side),
  );
  return r.sides.find((s) => s.side === side);
}

export interface TuneTry {
  value: number;
  /** Combats fought for this try: the search's fewer, or all asked for (the final comparison). */
  runs?: number;
  p?: number;
  ci95?: [number, number];
  /** Why this value was not run (a rule it breaks), or why its outcome is missing. */
  error?: string;
  /** The fights' stalemate share, mean length in rounds and verdict (issue 34 item 3), when fought. */
  stalemate?: number;
  rounds?: number;
  verdict?: string;
  /** The chance of the target's outcome, when the search measures a length (`p` is then the mean rounds). */
  chance?: number;
  /** The checker's warning on the value: a homebrew value (balance/vary.ts Variant.homebrew). */
  homebrew?: string;
}

export interface TuneResult {
  value: number;
  p: number;
  ci95: [number, number];
  /** Every try, in the order tried (a value fought again with every combat appears twice). */
  tries: TuneTry[];
  /** The best value is an end of the range searched: the target may lie beyond. */
  atEdge: boolean;
  /** The target lies within the answer's 95% interval; when not, no value searched brings the outcome there. */
  reached: boolean;
  /**
   * The range searched when an end of the one asked for broke a rule: from and to, the values nearest those ends
   * that check (found by checking alone, no fights), and the first rule broken.
   */
  narrowed?: { from: number; to: number; why: string; homebrew?: boolean };
  /** Where the number is written: the file and the characters to replace with `value`. */
  edit: { file: string; from: number; to: number; prefix?: string };
  /** The chosen value's fights: stalemate share, mean rounds, verdict (one line), and a homebrew warning. */
  stalemate: number;
  meanRounds: number;
  verdict?: string;
  homebrew?: string;
  /**
   * Whether the value may be written: not an end of the range that missed the target (issue 34 item 3: such a
   * value only says the target lies beyond the range).
   */
  writable: boolean;
}

export interface TuneOptions {
  /** Combats of the answer (the search fights fewer: searchRuns). */
  runs: number;
  seed: number;
  signal?: AbortSignal;
  /** Leave the calling thread free (a language server): every combat on the workers. */
  offThread?: boolean;
  /** Search values outside the rules' ranges too (homebrew); by default the range stops where the checker warns. */
  homebrew?: boolean;
  /** Called before each try (its value and how many came before), and as its combats complete. */
  onTry?: (value: number, before: number) => void;
  onProgress?: (done: number, total: number) => void;
}

/** Combats per try of the search for `runs` asked for: a fifth, at least 1,000 (all of them when fewer). */
export function searchRuns(runs: number): number {
  return Math.min(runs, Math.max(1000, Math.ceil(runs / 5)));
}

/**
 * Searches `spec.values`' range (its least to its greatest) for the value of `spec.block`.`spec.attr` whose
 * chance of `target.outcome` is closest to `target.p`. Throws an Error with a user message when the block, its
 * number or the outcome cannot be found, or when neither end of the range can be fought.
 */
export async function tune(
  file: string,
  encounter: string,
  spec: VarySpec,
  target: Target,
  host: FileHost,
  o: TuneOptions,
): Promise<TuneResult> {
  // a side's size is swept, never tuned (issue 34 item 5): there is no number to write
  if (spec.attr === SIZE && sideSite(file, spec.block, host, encounter)) throw new Error(sizeNotTuned(spec.block));
  // the number is found once; each try writes its value there and checks again
  const maker = variantMaker(file, encounter, spec, host);
  const { from: lo0, to: hi0, narrowed } = checkedRange(maker, spec, o.homebrew === true);
  // the measure searched: the outcome's chance, else (a length alone) the mean rounds
  const byRounds = Number.isNaN(target.p);
  const goal = byRounds ? target.rounds! : target.p;
  const coarse = searchRuns(o.runs);
  // the latest try of each value, and every try in order
  const tried = new Map<number, TuneTry>();
  const order: TuneTry[] = [];
  let edit: TuneResult['edit'] | undefined;
  /** Values that break a rule (the checker's, not the fights'). */
  const unchecked = new Set<number>();
  const evaluate = async (value: number, runs: number): Promise<TuneTry> => {
    const hit = tried.get(value);
    if (hit && (hit.error !== undefined || hit.runs === runs)) return hit;
    const v = maker.make(value);
    edit ??= v.edit;
    let out: TuneTry;
    if (!v.encounter || !v.system) {
      out = { value, error: v.error };
      unchecked.add(value);
    } else {
      o.onTry?.(value, order.length);
      const result = await monteCarlo(v.encounter, {
        system: v.system.id,
        runs,
        seed: o.seed,
        signal: o.signal,
        offThread: o.offThread,
        onProgress: o.onProgress,
      });
      const c = byRounds ? roundsOf(result) : outcomeOf(result, target.outcome);
      const figures = {
        stalemate: result.stalemate.p,
        rounds: result.rounds.mean,
        ...(result.verdict ? { verdict: verdictText(result.verdict) } : {}),
        ...(v.homebrew ? { homebrew: v.homebrew } : {}),
        ...(byRounds && target.outcome ? { chance: outcomeOf(result, target.outcome)?.p } : {}),
      };
      out = c
        ? { value, runs, p: c.p, ci95: c.ci95, ...figures }
        : {
            value,
            error: `no outcome "${target.outcome}": ${result.sides.map((s) => `"${winsPhrase(s.side)}"`).join(', ')} or "stalemate"`,
          };
    }
    tried.set(value, out);
    order.push(out);
    return out;
  };
  /** The value is below the crossing (the outcome's chance is on the start's side of the target). */
  const below = (p: number): boolean => p < goal === rising;
  /**
   * A value for the polish: fought with every combat, unless its search try (fought now when there is none) shows
   * it cannot come closer to the target than the best value so fought (its whole interval lies farther away); then
   * the search try says on which side of the target it lies (issue 14 item 8: the grid's crypt, whose curve rises
   * and falls, is tuned with 1 value fought with every combat instead of 4).
   */
  const evaluateFull = async (value: number): Promise<TuneTry> => {
    const known = tried.get(value) ?? (coarse < o.runs ? await evaluate(value, coarse) : undefined);
    if (known?.p !== undefined && known.runs !== o.runs && farther(known)) return known;
    return evaluate(value, o.runs);
  };
  /** The try's interval lies wholly farther from the target than the best value fought with every combat. */
  const farther = (t: TuneTry): boolean => {
    const full = [...tried.values()].filter((x) => x.p !== undefined && x.runs === o.runs);
    if (!full.length || !t.ci95) return false;
    const d = Math.min(...full.map((x) => Math.abs(x.p! - goal)));
    const [l, h] = t.ci95;
    return (l > goal || h < goal) && Math.min(Math.abs(l - goal), Math.abs(h - goal)) > d;
  };
  /** Every combat from `start`: step toward the target until it is crossed, then bisect the last step. */
  const polish = async (start: number): Promise<void> => {
    const first = await evaluate(start, o.runs);
    if (first.p === undefined) return;
    // every try so far on one side of the target and the closest an end: on a curve that only rises or only falls
    // no value in between crosses it, so walking inward with every combat would re-measure a flat stretch
    const sides = [...tried.values()].flatMap((t) => (t.p === undefined ? [] : [below(t.p)]));
    if ((start === lo0 || start === hi0) && sides.every((x) => x === sides[0])) return;
    const up = below(first.p);
    let from = start;
    let to: number | undefined;
    for (let step = 1; ; step *= 2) {
      const next = Math.max(lo0, Math.min(hi0, from + (up ? step : -step)));
      if (next === from) return; // the end of the range: the target lies beyond
      const t = await evaluateFull(next);
      if (t.p === undefined) return;
      if (below(t.p) !== up) {
        to = next;
        break;
      }
      from = next;
    }
    let [l, h] = from < to ? [from, to] : [to, from];
    while (h - l > 1) {
      const mid = Math.floor((l + h) / 2);
      const m = await evaluateFull(mid);
      if (m.p === undefined) return;
      if (below(m.p)) l = mid;
      else h = mid;
    }
  };
  let [lo, hi] = [lo0, hi0];
  const a = await evaluate(lo, coarse),
    b = await evaluate(hi, coarse);
  if (a.p === undefined || b.p === undefined) {
    // an end that breaks a rule (and could not be narrowed: the number written lies outside the range) is said
    // where the number is written; a missing outcome is the target's fault, not the number's
    const bad = a.p === undefined ? a : b;
    throw new Error(
      unchecked.has(bad.value)
        ? `${maker.at}: ${spec.block}.${spec.attr} ${bad.value} breaks a rule: ${bad.error!.replace(/\.$/, '')}; search values that check`
        : bad.error!,
    );
  }
  const rising = b.p > a.p;
  // bisection: keep the target between f(lo) and f(hi); with both ends on one side of it no value between
  // crosses it on a curve that only rises or only falls, so the nearer end is the answer (no tries inside)
  while (hi - lo > 1 && a.p < goal !== b.p < goal) {
    const mid = Math.floor((lo + hi) / 2);
    const m = await evaluate(mid, coarse);
    if (m.p === undefined) break;
    if (m.p < goal === rising) lo = mid;
    else hi = mid;
  }
  type Run = TuneTry & { p: number; ci95: [number, number] };
  // a chance and a length: five points of chance weigh as one round (the search follows the chance)
  const off = (t: Run) =>
    Math.abs(t.p - goal) +
    (!byRounds && target.rounds !== undefined ? 0.05 * Math.abs((t.rounds ?? 0) - target.rounds) : 0);
  const ranked = (): Run[] =>
    [...tried.values()].filter((t): t is Run => t.p !== undefined).sort((x, y) => off(x) - off(y) || x.value - y.value);
  if (coarse < o.runs) await polish(ranked()[0].value);
  const best = ranked().filter((t) => t.runs === o.runs)[0] ?? ranked()[0];
  const lengthMet = (t: Run): boolean =>
    target.rounds === undefined || Math.abs((t.rounds ?? Infinity) - target.rounds) <= ROUNDS_TOLERANCE;
  const reached = byRounds ? lengthMet(best) : best.ci95[0] <= goal && goal <= best.ci95[1] && lengthMet(best);
  const atEdge = best.value === lo0 || best.value === hi0;
  return {
    value: best.value,
    p: best.p,
    ci95: best.ci95,
    tries: order,
    atEdge,
    reached,
    edit: edit!,
    ...(narrowed ? { narrowed } : {}),
    stalemate: best.stalemate ?? 0,
    meanRounds: best.rounds ?? 0,
    ...(best.verdict ? { verdict: best.verdict } : {}),
    ...(best.homebrew ? { homebrew: best.homebrew } : {}),
    writable: reached || !atEdge,
  };
}

/**
 * The range of `spec.values` to search: its least to its greatest value, or, when an end breaks a rule (`heart 12`
 * above a system's largest die, `hp 0`), the values nearest the ends that check — found by bisection between that
 * end and the number written, which checks, taking the values that check to be one run (every rule of a number is
 * a bound). An end that breaks a rule with the number written outside the range is left to fail as before.
 */
function checkedRange(
  maker: VariantMaker,
  spec: VarySpec,
  homebrew: boolean,
): { from: number; to: number; narrowed?: TuneResult['narrowed'] } {
  let from = Math.min(...spec.values),
    to = Math.max(...spec.values);
  // a number written as homebrew already: the GM has left the rules' range, so the search may too
  const allowHomebrew = homebrew || maker.make(maker.written).homebrew !== undefined;
  let homebrewMet = false;
  /** The first rule `value` breaks (checking alone), or undefined when it checks (issue 34: or lies outside the rules' range). */
  const broken = (value: number): string | undefined => {
    const v = maker.make(value);
    if (!v.encounter) return v.error ?? 'it does not check';
    if (v.homebrew && !allowHomebrew) {
      homebrewMet = true;
      return v.homebrew;
    }
    return undefined;
  };
  const atFrom = broken(from),
    atTo = from === to ? atFrom : broken(to);
  if (atFrom === undefined && atTo === undefined) return { from, to };
  const written = maker.written;
  if (written < from || written > to || broken(written) !== undefined) return { from, to };
  /** The value nearest `bad` that checks, between `bad` (breaks a rule) and `good` (checks). */
  const edge = (bad: number, good: number): number => {
    while (Math.abs(good - bad) > 1) {
      const mid = Math.floor((bad + good) / 2);
      if (broken(mid) === undefined) good = mid;
      else bad = mid;
    }
    return good;
  };
  if (atFrom !== undefined) from = edge(from, written);
  if (atTo !== undefined) to = edge(to, written);
  return { from, to, narrowed: { from, to, why: (atFrom ?? atTo)!, ...(homebrewMet ? { homebrew: true } : {}) } };
}
