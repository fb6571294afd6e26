// Monte Carlo tallies and their statistics, for every rule system: integer sums
// per combat outcome, rounds and per-combatant counters (a system names its
// counters: Broken, Defeated, damage dealt…), merged by addition so a result
// never depends on how combats were split over threads. `finalize` turns a
// tally into the odds every shell prints (win chances with 95% Wilson
// intervals, stalemates, rounds, counters).

import { combatSeed } from './rng.js';
import { winsPhrase } from '../common/outcome-words.js';

export interface Proportion {
  count: number;
  p: number;
  /** 95% Wilson score interval. */
  ci95: [number, number];
}

/**
 * A per-combatant figure a system counts each combat: a chance (0 or 1 per combat), a mean with its sd over all
 * combats, or `left`: a resource at the end of the combats its side won (the fast path adds it only then), its
 * mean and sd over those combats — what a GM asks after a win (issue 14: Vitality, HP, stress left).
 */
export interface CounterSpec {
  key: string;
  /** Column heading: "Broken", "damage dealt". */
  label: string;
  kind: 'chance' | 'mean' | 'left';
}

/** What a tally is about: the sides and combatants in the engine's order, and the round cap. */
export interface TallyShape {
  sides: string[];
  ids: string[];
  /** Side index of each combatant. */
  sideOf: number[];
  roundCap: number;
}

/** Integer tallies of a range of combats; merged by addition. */
export interface Tally {
  runs: number;
  wins: number[];
  stalemates: number;
  draws: number;
  roundsSum: number;
  roundsSq: number;
  roundsMin: number;
  roundsMax: number;
  hist: number[];
  /** sums[counter][combatant] */
  sums: number[][];
  /** Sums of squares, for `mean` counters (zeros for chances). */
  squares: number[][];
  /**
   * The first combats (smallest indices, at most EXAMPLES) of each outcome, to replay: one list per side's win,
   * then stalemates, then draws. The smallest indices whatever the split over threads, so the lists are exact.
   */
  examples: number[][];
  /** Combats in which at least one watched combatant (the player characters) was defeated (see runWatching). */
  anyDefeated: number;
  /** Each combat's outcome slot (as `examples`), in runs of consecutive combats, when the watch asks to record them. */
  record: { from: number; slots: number[] }[];
}

/**
 * What is watched combat by combat: the verdict's counter `counter` rising for any of `players` (indices), and,
 * with `record`, each combat's outcome slot (for a paired comparison of two versions on the same seeds).
 */
export interface Watch {
  counter: number;
  /** More chance counters that count alike (Heart Rush: unconscious and dead, each at most once a combat). */
  also?: readonly number[];
  players: number[];
  record?: boolean;
}

/**
 * Runs combats [from, to) one at a time through `run`, counting those in which a watched combatant's counter
 * rose. A combat at a time costs a call per combat (well under a percent of a combat's time).
 */
export function runWatching(
  run: (seed: number, from: number, to: number, t: Tally) => void,
  seed: number,
  from: number,
  to: number,
  t: Tally,
  w: Watch | undefined,
): void {
  if (!w || (!w.players.length && !w.record)) {
    run(seed, from, to, t);
    return;
  }
  const sums = w.players.length ? t.sums[w.counter] : [];
  // the other counters by index, no array made per call (issue 32 item 5: the `.map` of an empty `[]` here, and the
  // for…of loops over it, met arrays of another map after runWatching was optimized — "wrong map", once per thread —
  // and the JIT compiled it again)
  const also = w.players.length && w.also ? w.also : NO_COUNTERS;
  const players = w.players,
    np = players.length,
    nm = also.length;
  const slots: number[] | undefined = w.record ? [] : undefined;
  for (let i = from; i < to; i++) {
    let before = 0;
    for (let p = 0; p < np; p++) before += sums[players[p]];
    for (let m = 0; m < nm; m++) for (let p = 0; p < np; p++) before += t.sums[also[m]][players[p]];
    const ended = t.runs,
      wins = slots && t.wins.slice(),
      stalemates = t.stalemates;
    run(seed, i, i + 1, t);
    let after = 0;
    for (let p = 0; p < np; p++) after += sums[players[p]];
    for (let m = 0; m < nm; m++) for (let p = 0; p < np; p++) after += t.sums[also[m]][players[p]];
    if (after > before) t.anyDefeated++;
    if (slots && t.runs > ended) slots.push(outcomeSlot(t, wins!, stalemates));
  }
  if (slots) t.record.push({ from, slots });
}

/** runWatching's `also` when a watch has none. */
const NO_COUNTERS: readonly number[] = [];

/** The outcome slot of the combat just tallied, from the tally before it: side k won = k, stalemate, draw. */
function outcomeSlot(t: Tally, winsBefore: number[], stalematesBefore: number): number {
  for (let k = 0; k < winsBefore.length; k++) if (t.wins[k] > winsBefore[k]) return k;
  return t.stalemates > stalematesBefore ? t.wins.length : t.wins.length + 1;
}

/** The recorded outcome slots of combats [0, runs) in order (a tally whose watch recorded them). */
export function recordedSlots(t: Tally): Int8Array {
  const out = new Int8Array(t.runs).fill(-1);
  for (const r of t.record) out.set(r.slots, r.from);
  return out;
}

/**
 * The change of each outcome's chance from `a` to `b`, combats paired by index (both fought on the same seeds):
 * after − before, with the half-width of its 95% interval from the paired differences.
 */
export function pairedChanges(
  a: Int8Array,
  b: Int8Array,
  slots: number,
): { before: number; after: number; change: number; halfWidth: number }[] {
  const n = Math.min(a.length, b.length);
  return Array.from({ length: slots }, (_, k) => {
    let sa = 0,
      sb = 0,
      sd = 0,
      sdd = 0;
    for (let i = 0; i < n; i++) {
      const x = a[i] === k ? 1 : 0,
        y = b[i] === k ? 1 : 0;
      sa += x;
      sb += y;
      sd += y - x;
      sdd += (y - x) * (y - x);
    }
    const mean = n ? sd / n : 0;
    const variance = n > 1 ? (sdd - n * mean * mean) / (n - 1) : 0;
    return {
      before: n ? sa / n : 0,
      after: n ? sb / n : 0,
      change: mean,
      halfWidth: n ? 1.959963984540054 * Math.sqrt(Math.max(0, variance) / n) : 0,
    };
  });
}

/** Sampled fights kept per outcome for replay. */
export const EXAMPLES = 3;

/** Remembers combat `i` as an example of outcome slot `slot` (win of side k = k; stalemate = sides; draw = sides + 1). */
export function recordExample(t: Tally, slot: number, i: number): void {
  const l = t.examples[slot];
  if (l.length < EXAMPLES) l.push(i);
}

export interface MeanSd {
  mean: number;
  sd: number;
  /** For a `left` counter: the combats it is the mean of (its side's wins). */
  of?: number;
}

/** One combatant's row: its id, side and one field per counter (keyed by the counter's key). */
export type CombatantOdds = { id: string; side: string } & { [counter: string]: Proportion | MeanSd | string };

/** A `chance` counter of a row. */
export function chanceOf(row: CombatantOdds, key: string): Proportion {
  return row[key] as Proportion;
}

/** A `mean` counter of a row. */
export function meanOf(row: CombatantOdds, key: string): MeanSd {
  return row[key] as MeanSd;
}

export interface MonteCarloResult {
  encounter: string;
  runs: number;
  seed: number;
  roundCap: number;
  sides: ({ side: string } & Proportion)[];
  /** The round cap ran out, or nobody could reach an enemy. */
  stalemate: Proportion;
  /** No side left able to act. */
  draw: Proportion;
  rounds: {
    mean: number;
    sd: number;
    min: number;
    max: number;
    /** histogram[r] = combats that ended in round r */ histogram: number[];
  };
  combatants: CombatantOdds[];
  /** A few sampled fights of each outcome, by the seed that replays each one alone (`aces run … --seed`). */
  examples: { outcome: string; combat: number; seed: number }[];
  /** The GM's verdict, when the system names its player characters and its "defeated" (docs/BALANCE.md). */
  verdict?: Verdict;
}

export type VerdictLabel = 'trivial' | 'easy' | 'medium' | 'hard' | 'deadly' | 'stalemate';

export interface Verdict {
  label: VerdictLabel;
  playerSide: string;
  /** The player side wins. */
  win: Proportion;
  /** At least one player character is taken out of the fight (the system's meaning: Broken, unconscious, OUT…). */
  anyDefeated: Proportion;
  /** Fights that end in a stalemate, and how long fights last on average (rounds). */
  stalemate: number;
  meanRounds: number;
  /** What a GM must hear beside the label: a grind, a fight that often stalls (docs/BALANCE.md). */
  callouts: string[];
  /** Each player character's chance of being defeated, in the encounter's order. */
  each: { id: string; defeated: Proportion }[];
  meaning: string;
}

/**
 * The thresholds of docs/BALANCE.md, first match: stalemate (half the fights or more end in one), trivial (wins
 * ≥ 95% and someone taken out ≤ 2%), easy (≥ 85%, ≤ 10%), medium (≥ 65%, ≤ 30%), hard (wins ≥ 35%), else deadly.
 */
export function verdictLabel(win: number, anyDefeated: number, stalemate = 0): VerdictLabel {
  if (stalemate >= STALEMATE_VERDICT) return 'stalemate';
  if (win >= 0.95 && anyDefeated <= 0.02) return 'trivial';
  if (win >= 0.85 && anyDefeated <= 0.1) return 'easy';
  if (win >= 0.65 && anyDefeated <= 0.3) return 'medium';
  if (win >= 0.35) return 'hard';
  return 'deadly';
}

/** A stalemate share from which the verdict is "stalemate", and from which it is called out beside any label. */
export const STALEMATE_VERDICT = 0.5;
export const STALEMATE_CALLOUT = 0.1;
/** Mean rounds above which a fight is called a grind, unless its game says otherwise (docs/BALANCE.md). */
export const GRIND_ROUNDS = 8;

/** What a GM must hear beside the label: "a grind: 18.0 rounds on average", "stalls in 46.9% of fights". */
export function verdictCallouts(stalemate: number, meanRounds: number, grindRounds = GRIND_ROUNDS): string[] {
  const out: string[] = [];
  if (meanRounds > grindRounds) out.push(`a grind: ${meanRounds.toFixed(1)} rounds on average`);
  if (stalemate >= STALEMATE_CALLOUT && stalemate < STALEMATE_VERDICT)
    out.push(`stalls in ${(100 * stalemate).toFixed(1)}% of fights`);
  return out;
}

export function emptyTally(shape: TallyShape, counters: number): Tally {
  const n = shape.ids.length;
  const zeros = (k: number): number[] => new Array<number>(k).fill(0);
  return {
    runs: 0,
    wins: zeros(shape.sides.length),
    stalemates: 0,
    draws: 0,
    roundsSum: 0,
    roundsSq: 0,
    roundsMin: Infinity,
    roundsMax: 0,
    hist: zeros(shape.roundCap + 1),
    sums: Array.from({ length: counters }, () => zeros(n)),
    squares: Array.from({ length: counters }, () => zeros(n)),
    examples: Array.from({ length: shape.sides.length + 2 }, () => []),
    anyDefeated: 0,
    record: [],
  };
}

/** Adds one combat's value `v` of a `mean` or `left` counter `k` for combatant `c` (its sum and its square). */
export function addSample(t: Tally, k: number, c: number, v: number): void {
  t.sums[k][c] += v;
  t.squares[k][c] += v * v;
}

/**
 * Counts combat `index`'s outcome and length (the per-combatant counters are the system's to add). Issue 32 item 5:
 * no branch per outcome — every statement runs on every combat, the outcome picking only the amounts (1 or 0) and the
 * example slot. Branches that only a stalemate or a draw took had no type feedback when the first one came (most
 * combats are wins), so that combat threw away the optimized code of the system's tallyCombat, which inlines this,
 * once per thread in every system (`node --trace-deopt`: "Insufficient type feedback", tally.js).
 */
export function tallyEnd(
  t: Tally,
  outcome: 'victory' | 'stalemate' | 'draw',
  winner: number,
  rounds: number,
  index: number,
): void {
  const nSides = t.wins.length;
  const won = outcome === 'victory' ? 1 : 0,
    stalled = outcome === 'stalemate' ? 1 : 0,
    drawn = 1 - won - stalled;
  // a win's slot is its side; a stalemate's nSides, a draw's nSides + 1 (recordExample), both computed every time
  const other = nSides + drawn;
  t.wins[won === 1 ? winner : 0] += won;
  t.stalemates += stalled;
  t.draws += drawn;
  recordExample(t, won === 1 ? winner : other, index);
  t.roundsSum += rounds;
  t.roundsSq += rounds * rounds;
  if (rounds < t.roundsMin) t.roundsMin = rounds;
  if (rounds > t.roundsMax) t.roundsMax = rounds;
  t.hist[Math.min(rounds, t.hist.length - 1)]++;
  t.runs++;
}

export function mergeTally(into: Tally, t: Tally): void {
  into.runs += t.runs;
  for (let i = 0; i < into.wins.length; i++) into.wins[i] += t.wins[i];
  into.stalemates += t.stalemates;
  into.draws += t.draws;
  into.anyDefeated += t.anyDefeated;
  into.record.push(...t.record);
  into.roundsSum += t.roundsSum;
  into.roundsSq += t.roundsSq;
  into.roundsMin = Math.min(into.roundsMin, t.roundsMin);
  into.roundsMax = Math.max(into.roundsMax, t.roundsMax);
  for (let i = 0; i < into.hist.length; i++) into.hist[i] += t.hist[i];
  for (let k = 0; k < into.examples.length; k++)
    into.examples[k] = [...into.examples[k], ...t.examples[k]].sort((a, b) => a - b).slice(0, EXAMPLES);
  for (let k = 0; k < into.sums.length; k++) {
    const a = into.sums[k],
      b = t.sums[k],
      qa = into.squares[k],
      qb = t.squares[k];
    for (let c = 0; c < a.length; c++) {
      a[c] += b[c];
      qa[c] += qb[c];
    }
  }
}

/** 95% Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.959963984540054): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  // k = 0 and k = n have exact bounds 0 and 1; the formula only reaches them up to rounding (1.7e-18).
  return [k <= 0 ? 0 : Math.max(0, mid - half), k >= n ? 1 : Math.min(1, mid + half)];
}

export function proportion(k: number, n: number): Proportion {
  return { count: k, p: n ? k / n : 0, ci95: wilson(k, n) };
}

/** Sample standard deviation from a sum and a sum of squares. */
export function sampleSd(sum: number, sq: number, n: number): number {
  if (n < 2) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1)));
}

/** What the verdict reads: the player characters' side, their indices and the counter that means "defeated". */
export interface VerdictSpec {
  playerSide: number;
  meaning: string;
  players: number[];
  counter: number;
  /** More counters that count alike (Watch.also). */
  also?: readonly number[];
  /** Mean rounds above which the fight is a grind in this game (RuleSystem.grindRounds); default GRIND_ROUNDS. */
  grindRounds?: number;
}

export function finalize(
  encounter: string,
  shape: TallyShape,
  counters: readonly CounterSpec[],
  seed: number,
  t: Tally,
  verdict?: VerdictSpec,
): MonteCarloResult {
  const n = t.runs;
  const names = [...shape.sides.map(winsPhrase), 'stalemate', 'nobody left'];
  return {
    encounter,
    runs: n,
    seed,
    roundCap: shape.roundCap,
    sides: shape.sides.map((side, i) => ({ side, ...proportion(t.wins[i], n) })),
    stalemate: proportion(t.stalemates, n),
    draw: proportion(t.draws, n),
    rounds: {
      mean: n ? t.roundsSum / n : 0,
      sd: sampleSd(t.roundsSum, t.roundsSq, n),
      min: n ? t.roundsMin : 0,
      max: t.roundsMax,
      histogram: t.hist.slice(),
    },
    combatants: shape.ids.map((id, c) => {
      const row: CombatantOdds = { id, side: shape.sides[shape.sideOf[c]] };
      counters.forEach((k, i) => {
        const s = t.sums[i][c];
        if (k.kind === 'left') {
          const w = t.wins[shape.sideOf[c]];
          row[k.key] = { mean: w ? s / w : 0, sd: sampleSd(s, t.squares[i][c], w), of: w };
        } else
          row[k.key] =
            k.kind === 'chance' ? proportion(s, n) : { mean: n ? s / n : 0, sd: sampleSd(s, t.squares[i][c], n) };
      });
      return row;
    }),
    examples: t.examples.flatMap((l, k) => l.map((i) => ({ outcome: names[k], combat: i, seed: combatSeed(seed, i) }))),
    ...(verdict && verdict.playerSide >= 0
      ? {
          verdict: {
            label: verdictLabel(
              n ? t.wins[verdict.playerSide] / n : 0,
              n ? t.anyDefeated / n : 0,
              n ? t.stalemates / n : 0,
            ),
            playerSide: shape.sides[verdict.playerSide],
            win: proportion(t.wins[verdict.playerSide], n),
            anyDefeated: proportion(t.anyDefeated, n),
            each: verdict.players.map((c) => ({
              id: shape.ids[c],
              defeated: proportion(
                (verdict.also ?? []).reduce((s, k) => s + t.sums[k][c], t.sums[verdict.counter][c]),
                n,
              ),
            })),
            meaning: verdict.meaning,
            stalemate: n ? t.stalemates / n : 0,
            meanRounds: n ? t.roundsSum / n : 0,
            callouts: verdictCallouts(n ? t.stalemates / n : 0, n ? t.roundsSum / n : 0, verdict.grindRounds),
          },
        }
      : {}),
  };
}
