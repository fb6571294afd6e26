// Tuning (issue 14 item 3): the value of one number that brings an outcome
// closest to a target chance — "what Vitality makes this boss a 50/50 fight?".
// A bisection over whole numbers: every try fights the same combat seeds
// (common random numbers), so the chance moves with the value, not with the
// dice, and a handful of tries suffices (log₂ of the range, plus its ends).
// Shared by `aces tune` and the editor's "Balance this encounter…".

import type { FileHost } from '../model/workspace.js';
import { monteCarlo, type MonteCarloResult } from '../systems/index.js';
import { variants, type VarySpec } from './vary.js';

export interface Target {
  /** "party wins", "party" or "stalemate". */
  outcome: string;
  p: number;
}

/** `party wins 50%`, `stalemate 5%`. */
export function parseTarget(text: string): Target | { error: string } {
  const m = /^\s*(.+?)\s+(\d+(?:\.\d+)?)\s*%\s*$/.exec(text);
  if (!m) return { error: 'write --target "SIDE wins 50%" (or "stalemate 5%")' };
  const p = Number(m[2]) / 100;
  if (p < 0 || p > 1) return { error: 'a chance is between 0% and 100%' };
  return { outcome: m[1].trim(), p };
}

/** The outcome's chance and interval in a result (undefined: the result has no such outcome). */
export function outcomeOf(r: MonteCarloResult, outcome: string): { p: number; ci95: [number, number] } | undefined {
  if (outcome === 'stalemate') return r.stalemate;
  return r.sides.find((s) => `${s.side} wins` === outcome || s.side === outcome);
}

export interface TuneTry {
  value: number;
  p?: number;
  ci95?: [number, number];
  /** Why this value was not run (a rule it breaks), or why its outcome is missing. */
  error?: string;
}

export interface TuneResult {
  value: number;
  p: number;
  ci95: [number, number];
  /** Every value tried, in the order tried. */
  tries: TuneTry[];
  /** The best value is an end of the range searched: the target may lie beyond. */
  atEdge: boolean;
  /** Where the number is written: the file and the characters to replace with `value`. */
  edit: { file: string; from: number; to: number };
}

export interface TuneOptions {
  runs: number;
  seed: number;
  signal?: AbortSignal;
  /** Leave the calling thread free (a language server): every combat on the workers. */
  offThread?: boolean;
  /** Called before each try (its value and how many came before), and as its combats complete. */
  onTry?: (value: number, before: number) => void;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Searches `spec.values`' range (its least to its greatest) for the value of `spec.block`.`spec.attr` whose
 * chance of `target.outcome` is closest to `target.p`. Throws an Error with a user message when the block, its
 * number or the outcome cannot be found, or when neither end of the range can be fought.
 */
export async function tune(file: string, encounter: string, spec: VarySpec, target: Target, host: FileHost, o: TuneOptions): Promise<TuneResult> {
  const lo0 = Math.min(...spec.values), hi0 = Math.max(...spec.values);
  const tried = new Map<number, TuneTry>();
  let edit: TuneResult['edit'] | undefined;
  const evaluate = async (value: number): Promise<TuneTry> => {
    const hit = tried.get(value);
    if (hit) return hit;
    const [v] = variants(file, encounter, { ...spec, values: [value] }, host);
    edit ??= v.edit;
    let out: TuneTry;
    if (!v.encounter || !v.system) out = { value, error: v.error };
    else {
      o.onTry?.(value, tried.size);
      const result = await monteCarlo(v.encounter, { system: v.system.id, runs: o.runs, seed: o.seed, signal: o.signal, offThread: o.offThread, onProgress: o.onProgress });
      const c = outcomeOf(result, target.outcome);
      out = c
        ? { value, p: c.p, ci95: c.ci95 }
        : { value, error: `no outcome "${target.outcome}": ${result.sides.map((s) => `"${s.side} wins"`).join(', ')} or "stalemate"` };
    }
    tried.set(value, out);
    return out;
  };
  let [lo, hi] = [lo0, hi0];
  const a = await evaluate(lo), b = await evaluate(hi);
  if (a.p === undefined || b.p === undefined) throw new Error((a.error ?? b.error)!);
  const rising = b.p > a.p;
  // bisection: keep the target between f(lo) and f(hi)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const m = await evaluate(mid);
    if (m.p === undefined) break;
    if ((m.p < target.p) === rising) lo = mid;
    else hi = mid;
  }
  const ok = [...tried.values()].filter((t): t is Required<Omit<TuneTry, 'error'>> & TuneTry => t.p !== undefined);
  ok.sort((x, y) => Math.abs(x.p - target.p) - Math.abs(y.p - target.p) || x.value - y.value);
  const best = ok[0];
  return { value: best.value, p: best.p, ci95: best.ci95!, tries: [...tried.values()], atEdge: best.value === lo0 || best.value === hi0, edit: edit! };
}
