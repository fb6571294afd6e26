// Heart Rush dice (HR-D1…D5): the ladder, one seeded stream per combatant,
// scripted first results, and pools with keep-k (dis)advantage.
// Allocation-free on the hot path: a pool is rolled into the scratch arrays of
// a Dice object, which the simulator reads back only when it logs.

import { EncounterRunError, type SourceAt } from '../../../engine/run-error.js';
import { fmix32, makeRng, randBelowFast, reseedRng, seed32, type Rng } from '../../../engine/rng.js';

/** Salt of Heart Rush's per-combatant streams: distinct from every Halcyon Aces derivation (rng.ts is frozen). */
export const HR_STREAM_SALT = 0x48527573; // "HRus"

/** HR-D5: the stream seed of placement index `index` (expanded file order) in a combat seeded `seed`. */
export function hrStreamSeed(seed: number, index: number): number {
  const base = fmix32(seed32(seed) ^ HR_STREAM_SALT);
  return fmix32(base + Math.imul(index + 1, 0x9e3779b9));
}

/** An error a bad script raises at run time (HR-D5: scripts must be exact). */
export class ScriptError extends EncounterRunError {}

export const MAX_POOL = 16;

/** Salt of the stance streams (issue 32 item 4): each combatant's mixed-stance draws, apart from its dice. */
export const HR_MIX_SALT = 0x4d697853; // "MixS"

export class Dice {
  readonly rng: Rng[];
  /** Per combatant, the stream its mixed stances are drawn from (HRS-15): the dice never move for a draw. */
  readonly mix: Rng[];
  readonly script: (readonly number[])[];
  readonly pos: Int32Array;
  /** Each script's length, beside `pos`: a pool asks whether the script is spent (one load, not two). */
  private readonly scriptLen: Int32Array;
  readonly names: readonly string[];
  /** Last pool: faces, die sizes, kept flags, size n, kept count k, low/high keeping. */
  readonly faces = new Int32Array(MAX_POOL);
  readonly sizes = new Int32Array(MAX_POOL);
  readonly kept = new Uint8Array(MAX_POOL);
  n = 0;
  k = 0;
  level = 0;

  /** Where combatant i's scripted roll k is named in the file (the error of a roll that does not fit points there). */
  private readonly scriptAt: (i: number, k: number) => SourceAt | undefined;

  constructor(
    names: readonly string[],
    scripts: (readonly number[])[],
    scriptAt: (i: number, k: number) => SourceAt | undefined = () => undefined,
  ) {
    this.names = names;
    this.scriptAt = scriptAt;
    this.script = scripts;
    this.pos = new Int32Array(names.length);
    this.scriptLen = Int32Array.from(scripts, (sc) => sc.length);
    this.rng = names.map(() => makeRng(0));
    this.mix = names.map(() => makeRng(0));
  }

  /** Re-seed every stream for a new combat and rewind the scripts (in place: no generator per stream per combat). */
  reset(seed: number): void {
    this.reseedStreams(seed);
    this.pos.fill(0);
  }

  /**
   * Re-seed every stream (dice and stance draws) from `seed`, the scripts where they are: a new combat (reset), or a
   * decision overridden with a reseed (play, issue 32), whose continuation then draws from streams of its own.
   */
  reseedStreams(seed: number): void {
    const base = fmix32(seed32(seed) ^ HR_STREAM_SALT);
    for (let i = 0; i < this.rng.length; i++) reseedRng(this.rng[i], fmix32(base + Math.imul(i + 1, 0x9e3779b9)));
    const mb = fmix32(seed32(seed) ^ HR_MIX_SALT);
    for (let i = 0; i < this.mix.length; i++) reseedRng(this.mix[i], fmix32(mb + Math.imul(i + 1, 0x9e3779b9)));
  }

  /** A uniform draw in [0, 1) from i's stance stream: one 32-bit output over 2^32. */
  mixDraw(i: number): number {
    return ((this.mix[i].next() ^ 0x80000000) >>> 0) / 4294967296;
  }

  /** One die of `size` for combatant i: the next scripted result, else the seeded stream (HR-D5). */
  roll(i: number, size: number): number {
    const s = this.script[i];
    const p = this.pos[i];
    if (p < s.length) {
      this.pos[i] = p + 1;
      const v = s[p];
      if (v > size || v < 1) {
        throw new ScriptError(
          `HR-D5: ${this.names[i]}'s scripted roll #${p + 1} is ${v}, but it lands on a d${size}; make the script match the dice rolled`,
          this.scriptAt(i, p),
        );
      }
      return v;
    }
    return randBelowFast(this.rng[i], size) + 1;
  }

  /** A die from the seeded stream only, never the script (timing contests, HR-R2 ruling). */
  rollStream(i: number, size: number): number {
    return randBelowFast(this.rng[i], size) + 1;
  }

  /**
   * HR-D2/D3: roll the pool set in sizes[0..k) plus |level| extra dice of `extra`, keep k
   * (highest for level > 0, lowest for level < 0). Returns the kept sum (no flat modifiers).
   */
  pool(i: number, k: number, extra: number, level: number): number {
    if (level > 5) level = 5;
    else if (level < -5) level = -5;
    const n = k + (level < 0 ? -level : level);
    this.n = n;
    this.k = k;
    this.level = level;
    const f = this.faces,
      z = this.sizes,
      kept = this.kept;
    for (let j = k; j < n; j++) z[j] = extra;
    let sum = 0;
    if (this.pos[i] >= this.scriptLen[i]) {
      // the script is spent (every die of a Monte Carlo combat but a scripted opening): straight from the stream
      const rng = this.rng[i];
      for (let j = 0; j < n; j++) {
        const v = randBelowFast(rng, z[j]) + 1;
        f[j] = v;
        kept[j] = 1;
        sum += v;
      }
    } else {
      for (let j = 0; j < n; j++) {
        f[j] = this.roll(i, z[j]);
        kept[j] = 1;
        sum += f[j];
      }
    }
    // drop n − k dice: the lowest (advantage) or the highest (disadvantage); ties drop the later die
    for (let d = k; d < n; d++) {
      let pick = -1;
      for (let j = n - 1; j >= 0; j--) {
        if (!kept[j]) continue;
        if (pick < 0 || (level > 0 ? f[j] < f[pick] : f[j] > f[pick])) pick = j;
      }
      kept[pick] = 0;
      sum -= f[pick];
    }
    return sum;
  }
}
