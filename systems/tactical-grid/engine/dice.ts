// Tactical Grid d20s (TG-V1): one seeded stream per combatant, seeded by the
// combat seed and the combatant's id (its display name), so adding a
// combatant never changes another's rolls; scripted faces for test scenes
// (TGS-1) are consumed first.

import { EncounterRunError } from '../../../engine/run-error.js';
import { fmix32, hashString, makeRng, randBelowFast, reseedRng, seed32, type Rng } from '../../../engine/rng.js';
import { DIE } from '../model.js';

/** Salt of Tactical Grid's streams: distinct from Halcyon Aces' and Heart Rush's derivations. */
export const TG_STREAM_SALT = 0x54477264; // "TGrd"

/** TG-V1 TGS-2: the stream seed of the combatant named `id` in a combat seeded `seed`. */
export function tgStreamSeed(seed: number, id: string): number {
  return fmix32(fmix32(seed32(seed) ^ TG_STREAM_SALT) ^ hashString(id));
}

/** A bad script (a face outside 1–20) is an error at run time. */
export class ScriptError extends EncounterRunError {}

export class Dice {
  readonly rng: Rng[];
  readonly pos: Int32Array;
  /** hashString of each id, once (tgStreamSeed's second half). */
  private readonly idHash: Int32Array;
  /** This combat's half of the stream seeds (tgStreamSeed's first), and per stream whether it is seeded for it yet. */
  private mix = 0;
  readonly seeded: Uint8Array;
  constructor(
    readonly ids: readonly string[],
    readonly script: (readonly number[])[],
  ) {
    this.pos = new Int32Array(ids.length);
    this.seeded = new Uint8Array(ids.length);
    this.idHash = Int32Array.from(ids, (id) => hashString(id));
    this.rng = ids.map(() => makeRng(0));
    script.forEach((s, i) =>
      s.forEach((v, k) => {
        if (!Number.isInteger(v) || v < 1 || v > DIE)
          throw new ScriptError(`TGS-1: ${ids[i]}'s scripted roll #${k + 1} is ${v}; a d20 shows 1–20`);
      }),
    );
  }
  /**
   * Each combat reseeds the same generators in place (reseedRng: the state makeRng would start in, no garbage), each
   * at its first d20 of the combat: most combatants never roll (an NPC's attacks are rolled by the sheet defending,
   * TG-A3), and a stream is read only by d20().
   */
  reset(seed: number): void {
    this.mix = fmix32(seed32(seed) ^ TG_STREAM_SALT);
    this.seeded.fill(0);
    this.pos.fill(0);
  }
  /**
   * Issue 32: every stream re-derived from `seed` from here on (tgStreamSeed's derivation, as reset), a scripted
   * face not yet read still first: a probe's paired continuation after a decision.
   */
  reseed(seed: number): void {
    this.mix = fmix32(seed32(seed) ^ TG_STREAM_SALT);
    this.seeded.fill(0);
  }
  /** TG-V1: d20 = uniformInt(1, 20) from combatant i's stream, after its script. */
  d20(i: number): number {
    const s = this.script[i];
    const p = this.pos[i];
    if (p < s.length) {
      this.pos[i] = p + 1;
      return s[p];
    }
    const rng = this.rng[i];
    if (this.seeded[i] === 0) {
      this.seeded[i] = 1;
      reseedRng(rng, fmix32(this.mix ^ this.idHash[i]) | 0);
    }
    return randBelowFast(rng, DIE) + 1;
  }
}
