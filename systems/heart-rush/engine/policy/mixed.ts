// Issue 32 item 4: stances are simultaneous secret choices (HR-E2), so a combatant draws its stance from a mixed
// strategy, not the one best answer a table would soon read. The game is the 4 × 4 zero-sum matrix the stance
// tactic already has (stance-odds.ts `matrix`: expected damage dealt − taken of the row stance against the column
// stance), solved exactly by support enumeration (Shapley–Snow: some optimal pair of strategies is the solution
// of a square subsystem of the matrix): for each pair of equal-size sets of rows and columns, in a fixed order, the
// strategies that make the other side indifferent over its set; the first pair that is a Nash equilibrium (no pure
// deviation gains either side) is the answer. Deterministic: the same matrix gives the same mix.

/** Tolerance of the equilibrium test (the cells are expected damages, a few points at most). */
const EPS = 1e-9;

/** Scratch of the linear solves: (k + 1) × (k + 2) augmented matrices, k ≤ 4. */
const AUG = new Float64Array(5 * 6);
const SOL = new Float64Array(5);

/** Solves the n × n system in AUG (row stride n + 1) by Gaussian elimination with partial pivoting; false if singular. */
function solve(n: number): boolean {
  const w = n + 1;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(AUG[r * w + c]) > Math.abs(AUG[p * w + c])) p = r;
    if (Math.abs(AUG[p * w + c]) < 1e-12) return false;
    if (p !== c)
      for (let k = 0; k < w; k++) {
        const t = AUG[c * w + k];
        AUG[c * w + k] = AUG[p * w + k];
        AUG[p * w + k] = t;
      }
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = AUG[r * w + c] / AUG[c * w + c];
      if (f === 0) continue;
      for (let k = c; k < w; k++) AUG[r * w + k] -= f * AUG[c * w + k];
    }
  }
  for (let r = 0; r < n; r++) SOL[r] = AUG[r * w + n] / AUG[r * w + r];
  return true;
}

/** The supports of each size 1…4 as bit masks, in a fixed order (smaller sets first, then by mask). */
const SUPPORTS: number[][] = [[], [], [], [], []];
/** MEMBERS[m * 4 + j]: the j-th member (ascending) of the support of mask m: its indices, listed once, not per solve. */
const MEMBERS = new Int8Array(16 * 4);
for (let m = 1; m < 16; m++) {
  let k = 0;
  for (let b = 0; b < 4; b++) if (m & (1 << b)) MEMBERS[m * 4 + k++] = b;
  SUPPORTS[k].push(m);
}
/** Scratch of the candidate strategies (row mix P, column mix Q): nothing is allocated per solve. */
const P = new Float64Array(4);
const Q = new Float64Array(4);

/**
 * The value and optimal strategies of the zero-sum game `a` (n × n, row-major at `a[base + r * 4 + c]` with row
 * stride 4, n ≤ 4; the row player maximizes): the row mix into `x[xo..xo + 4)`, the column mix into `y[yo..yo + 4)`
 * (entries beyond n are 0). Returns the game's value. Exactly an equilibrium up to EPS: no row earns more than the
 * value against y, no column concedes less than the value against x (the test checks it against brute force).
 */
export function solveZeroSum(
  a: ArrayLike<number>,
  base: number,
  n: number,
  x: Float64Array,
  xo: number,
  y: Float64Array,
  yo: number,
): number {
  return solveWith(a, base, n, x, xo, y, yo, true);
}

/**
 * `solveZeroSum`'s plain twin: every pair of supports solved and tested, none passed over first (a test holds the
 * two equal, bit for bit, on random and on tied games).
 */
export function solveZeroSumPlain(
  a: ArrayLike<number>,
  base: number,
  n: number,
  x: Float64Array,
  xo: number,
  y: Float64Array,
  yo: number,
): number {
  return solveWith(a, base, n, x, xo, y, yo, false);
}

/**
 * Margin of the pure pairs' pre-test: a cell (r, c) that some cell of its column beats, or some cell of its row
 * undercuts, by more than this is no equilibrium. The solve gives v = a[r][c] and the mixes 1 within a few units of
 * the last place (cells of a few points: errors near 1e-14), and its test rejects a deviation that gains more than
 * 1e-7: so every pair the pre-test passes over, the test would have rejected.
 */
const PURE_MARGIN = 1e-6;

/**
 * The 2 × 2 pairs' pre-test: whether rows r1, r2 and columns c1, c2 may hold a mixed equilibrium. The row mix
 * (p1, p2) that makes c1 and c2 alike solves p1 x + p2 y = 0 with x = a[r1][c1] − a[r1][c2], y = a[r2][c1] −
 * a[r2][c2]: when x and y have the same sign, it is p1 = −y / (x − y), p2 = x / (x − y), one of them below 0 by
 * min(|x|, |y|) / |x − y|, and the column mix likewise with the columns' differences. The pre-test passes a pair
 * over only when that is more than PURE_MARGIN (1000 times the solve's EPS, so far beyond its rounding): the
 * solve and test below would have rejected it (a negative weight). solveZeroSumPlain, which tries every pair,
 * is its twin.
 */
function pairMayMix(a: ArrayLike<number>, base: number, r1: number, r2: number, c1: number, c2: number): boolean {
  const p = base + r1 * 4,
    q = base + r2 * 4;
  const a11 = a[p + c1],
    a12 = a[p + c2],
    a21 = a[q + c1],
    a22 = a[q + c2];
  return !(clearlyOneSign(a11 - a12, a21 - a22) || clearlyOneSign(a11 - a21, a12 - a22));
}

/** Whether x and y have the same sign and the smaller's size exceeds PURE_MARGIN times their difference's. */
function clearlyOneSign(x: number, y: number): boolean {
  if (x > 0 ? !(y > 0) : !(x < 0 && y < 0)) return false;
  const ax = Math.abs(x),
    ay = Math.abs(y);
  return (ax < ay ? ax : ay) > PURE_MARGIN * Math.abs(x - y);
}

function solveWith(
  a: ArrayLike<number>,
  base: number,
  n: number,
  x: Float64Array,
  xo: number,
  y: Float64Array,
  yo: number,
  pretest: boolean,
): number {
  for (let k = 1; k <= n; k++) {
    const sups = SUPPORTS[k];
    for (let ri = 0; ri < sups.length; ri++) {
      const rs = sups[ri];
      if (rs >> n) continue;
      const R = rs * 4;
      for (let ci = 0; ci < sups.length; ci++) {
        const cs = sups[ci];
        if (cs >> n) continue;
        const C = cs * 4;
        if (k === 1 && pretest) {
          // a pure pair: a saddle point or nothing (the solve and test below would reject it)
          const r = MEMBERS[R],
            c = MEMBERS[C],
            v0 = a[base + r * 4 + c];
          let saddle = true;
          for (let o = 0; o < n && saddle; o++)
            if (a[base + o * 4 + c] > v0 + PURE_MARGIN || a[base + r * 4 + o] < v0 - PURE_MARGIN) saddle = false;
          if (!saddle) continue;
        } else if (k === 2 && pretest && !pairMayMix(a, base, MEMBERS[R], MEMBERS[R + 1], MEMBERS[C], MEMBERS[C + 1]))
          continue;
        // row mix p over R: for every column c of C, Σ p_r a[r][c] = v; Σ p = 1 (unknowns p…, v)
        const w = k + 2;
        for (let e = 0; e < k; e++) {
          for (let j = 0; j < k; j++) AUG[e * w + j] = a[base + MEMBERS[R + j] * 4 + MEMBERS[C + e]];
          AUG[e * w + k] = -1;
          AUG[e * w + k + 1] = 0;
        }
        for (let j = 0; j < k; j++) AUG[k * w + j] = 1;
        AUG[k * w + k] = 0;
        AUG[k * w + k + 1] = 1;
        if (!solve(k + 1)) continue;
        const v = SOL[k];
        let ok = true;
        P.fill(0);
        for (let j = 0; j < k; j++) {
          if (SOL[j] < -EPS) ok = false;
          P[MEMBERS[R + j]] = SOL[j] < 0 ? 0 : SOL[j];
        }
        if (!ok) continue;
        // column mix q over C: for every row r of R, Σ q_c a[r][c] = v; Σ q = 1
        for (let e = 0; e < k; e++) {
          for (let j = 0; j < k; j++) AUG[e * w + j] = a[base + MEMBERS[R + e] * 4 + MEMBERS[C + j]];
          AUG[e * w + k] = -1;
          AUG[e * w + k + 1] = 0;
        }
        for (let j = 0; j < k; j++) AUG[k * w + j] = 1;
        AUG[k * w + k] = 0;
        AUG[k * w + k + 1] = 1;
        if (!solve(k + 1)) continue;
        Q.fill(0);
        for (let j = 0; j < k; j++) {
          if (SOL[j] < -EPS) ok = false;
          Q[MEMBERS[C + j]] = SOL[j] < 0 ? 0 : SOL[j];
        }
        if (!ok || Math.abs(SOL[k] - v) > 1e-7) continue;
        // no pure deviation gains: every row earns at most v against q, every column concedes at least v against p
        for (let r = 0; r < n && ok; r++) {
          let e = 0;
          for (let c = 0; c < n; c++) e += Q[c] * a[base + r * 4 + c];
          if (e > v + 1e-7) ok = false;
        }
        for (let c = 0; c < n && ok; c++) {
          let e = 0;
          for (let r = 0; r < n; r++) e += P[r] * a[base + r * 4 + c];
          if (e < v - 1e-7) ok = false;
        }
        if (!ok) continue;
        // normalised (the clamped zeros may leave a sum a hair off 1)
        let sp = 0,
          sq = 0;
        for (let j = 0; j < 4; j++) {
          sp += P[j];
          sq += Q[j];
        }
        for (let j = 0; j < 4; j++) {
          x[xo + j] = P[j] / sp;
          y[yo + j] = Q[j] / sq;
        }
        return v;
      }
    }
  }
  // unreachable for a finite matrix (Shapley–Snow); kept total: the maximin pure row, the minimax pure column
  const cell = (r: number, c: number): number => a[base + r * 4 + c];
  let br = 0,
    bv = -Infinity,
    bc = 0,
    cv = Infinity;
  for (let r = 0; r < n; r++) {
    let m = Infinity;
    for (let c = 0; c < n; c++) m = Math.min(m, cell(r, c));
    if (m > bv + EPS) {
      bv = m;
      br = r;
    }
  }
  for (let c = 0; c < n; c++) {
    let m = -Infinity;
    for (let r = 0; r < n; r++) m = Math.max(m, cell(r, c));
    if (m < cv - EPS) {
      cv = m;
      bc = c;
    }
  }
  for (let j = 0; j < 4; j++) {
    x[xo + j] = j === br ? 1 : 0;
    y[yo + j] = j === bc ? 1 : 0;
  }
  return bv;
}

/** "might 41% · agility 35% · cunning 24% · defensive 0%": a mix as the log reads it. */
export function mixText(x: ArrayLike<number>, xo: number, names: readonly string[]): string {
  const parts: string[] = [];
  for (let j = 0; j < 4; j++) parts.push(`${names[j]} ${Math.round(x[xo + j] * 100)}%`);
  return parts.join(' · ');
}
