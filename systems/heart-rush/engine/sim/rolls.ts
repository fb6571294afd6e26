// Rolls and their consequences: attack, defense and ability checks with their
// levels (HR-D1…D5, HR-C1…C5, HR-T1…T3, HR-A6 Help), damage, shrugging,
// wounds, unconscious and dead (HR-H1…H9), a hold released (HR-T5), a status
// laid (HR-T1).

import type { HitView, RollView } from '../events.js';
import * as state from './state.js';
import { HRRules } from './rules.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { SH_ALWAYS, SH_AUTO, STATUS_NAMES, ST_BLIND, S_AGI, S_CUN, S_MIGHT } = state;

export abstract class HRRolls extends HRRules {
  // ───────────── rolls ─────────────
  /** Help is spent by the next roll (HR-A6). */
  protected takeHelp(i: number): number {
    const h = this.help[i];
    this.help[i] = 0;
    return h;
  }
  /**
   * Levels on i's attack roll against t (−1: none) with Help h, but for the stance's own status (HR-C4, T2–T5, S3):
   * the one place of this rule, read by the rolls, the roll keys and the kept stance rows (each subtracts
   * st[i * 4 + s] for its stance s). Pure: spending the Help (HR-A6) is the roll's.
   */
  protected attackLevel(i: number, t: number, h: number): number {
    let l = h - this.st[i * 4 + ST_BLIND] - this.prone[i] - this.grappleLvl(i);
    if (t >= 0) {
      if (this.rangedNow[i] === 1) l -= this.cover[t];
      if (this.climbers > 0) l += this.climbLvl(i, t);
    }
    return l;
  }
  /** Levels on t's defense with Help h (ranged: the attack is ranged), but for the stance's own status; pure. */
  protected defenseLevel(t: number, ranged: boolean, h: number): number {
    // a prone one's level without a branch: its add, met first after the callers were optimized, threw their code
    // away in every worker (issue 32 item 5)
    return h - this.st[t * 4 + ST_BLIND] - this.grappleLvl(t) + this.prone[t] * (ranged ? 1 : -1);
  }

  protected view(flat: { label: string; value: number }[], total: number, halved = false): RollView {
    const d = this.dice;
    const dice = [];
    for (let j = 0; j < d.n; j++)
      dice.push({ size: d.sizes[j], face: d.faces[j], kept: d.kept[j] === 1, extra: j >= d.k });
    return { dice, level: d.level, flat, total, halved: halved || undefined };
  }

  /** Attack roll of i in stance s against a target in stance ts (HR-D2, C5): the total; its view in `rv`. Leaves the pool in dice. */
  protected rollAttack(i: number, s: number, ts: number, t: number): number {
    const d = this.dice;
    const w = this.weapon(i);
    d.sizes[0] = this.heart[i];
    d.sizes[1] = this.abil[i * 3 + s];
    d.sizes[2] = this.wDie[w];
    let k = 3,
      flat = 0;
    const mb = s === S_MIGHT && ts === S_CUN; // HR-E9
    if (mb) {
      if (Number.isNaN(this.wMB[w])) d.sizes[k++] = this.wDie[w];
      else flat = this.wMB[w];
    }
    const h = this.help[i];
    this.help[i] = 0; // HR-A6: the Help is spent on this roll
    const level = this.attackLevel(i, t, h) - this.st[i * 4 + s];
    const total = d.pool(i, k, this.abil[i * 3 + s], level) + flat;
    this.rv = this.sink ? this.view(mb && flat !== 0 ? [{ label: 'might bonus', value: flat }] : [], total) : null;
    // HR-C5: `might-bonus +0` switches the bonus off, so the log does not cite it
    this.rmb = mb && (k > 3 || flat !== 0);
    return total;
  }
  protected rollDefense(t: number, s: number, ranged: boolean): number {
    const d = this.dice;
    d.sizes[0] = this.heart[t];
    d.sizes[1] = this.abil[t * 3 + s];
    const h = this.help[t];
    this.help[t] = 0; // HR-A6
    const level = this.defenseLevel(t, ranged, h) - this.st[t * 4 + s];
    const total = d.pool(t, 2, this.abil[t * 3 + s], level) + this.armor[t];
    this.rv = this.sink
      ? this.view(this.armor[t] ? [{ label: this.armorName[t] || 'armor', value: this.armor[t] }] : [], total)
      : null;
    return total;
  }
  /** Ability check (HR-D2 ruling): heart + ability die; `adv` extra levels (size, HR-M2). */
  protected rollCheck(i: number, ab: number, adv: number, halveIt: boolean): number {
    const d = this.dice;
    d.sizes[0] = this.heart[i];
    d.sizes[1] = this.abil[i * 3 + ab];
    let total = d.pool(i, 2, this.abil[i * 3 + ab], this.takeHelp(i) - this.st[i * 4 + ab] + adv);
    if (halveIt) total = Math.ceil(total / 2);
    this.rv = this.sink ? this.view([], total, halveIt) : null;
    return total;
  }

  // ───────────── damage (HR-H9) ─────────────
  /** Applies `dmg` (after halving) to t from `src`; returns the view when logging. */
  protected applyDamage(t: number, src: number, raw: number, halved: boolean): HitView | null {
    let dmg = halved ? (raw + 1) >> 1 : raw;
    let shrug: { from: number; to: number } | null = null;
    const hpBefore = this.hp[t];
    // HRS-29: shrugging off is a dodge the combatant chooses (HR-H1); a helpless body (HR-S2) makes none
    if (dmg > 0 && this.heart[t] > 4 && !this.down[t]) {
      const rule = this.shrugRule[t];
      if (rule === SH_ALWAYS || (rule === SH_AUTO && (dmg >= 10 || hpBefore - dmg <= 0))) {
        const from = this.heart[t];
        this.heart[t] = from - 2; // one size down the ladder (HR-D1)
        dmg = (dmg + 1) >> 1;
        if (this.sink) shrug = { from, to: this.heart[t] };
      }
    }
    this.hp[t] -= dmg;
    this.dmgTaken[t] += dmg;
    if (src >= 0 && this.side[src] !== this.side[t]) this.dmgDealt[src] += dmg;
    let wound = 0;
    if (dmg >= 10) {
      wound = dmg; // HR-H3
      this.wounds[t] += dmg;
    }
    let died = false,
      fell = false;
    if (!this.dead[t] && this.hp[t] <= -this.hpMax[t]) {
      this.dead[t] = 1; // HR-H8
      died = true;
      this.everDown[t] = 1;
    }
    if (!this.down[t] && this.hp[t] <= 0 && !this.fightsOn[t]) {
      this.down[t] = 1; // HR-H7
      fell = true;
      this.everDown[t] = 1;
    }
    if ((died || fell) && this.live[t] === 1) {
      this.live[t] = 0;
      this.meleeR[t] = -1;
      this.upCount[this.side[t]]--;
    }
    if (!this.up(t)) {
      this.release(t);
      if (this.climbing[t] >= 0) this.dismount(t, true); // a downed climber falls off
      if (this.climbers > 0) for (let j = 0; j < this.n; j++) if (this.climbing[j] === t) this.dismount(j, false); // a downed host drops its riders
    }
    if (!this.sink) return null;
    return { raw, halved, shrug, taken: dmg, hpBefore, hpAfter: this.hp[t], wound, unconscious: fell, dead: died };
  }

  /** Ends any grapple i is in (HR-T5). */
  protected release(i: number): void {
    const g = this.grappledBy[i];
    if (g >= 0) {
      this.grappling[g] = -1;
      this.grappledBy[i] = -1;
      this.grapples--;
    }
    const h = this.grappling[i];
    if (h >= 0) {
      this.grappledBy[h] = -1;
      this.grappling[i] = -1;
      this.grapples--;
    }
  }

  protected addStatus(t: number, k: number, levels: number, reason: string): void {
    const v = Math.min(5, this.st[t * 4 + k] + levels); // HR-T1 cap
    this.st[t * 4 + k] = v;
    // it fades by one at each later round's start, to 0 at round + v's
    if (this.round + v > this.stUntil) this.stUntil = this.round + v;
    if (this.sink)
      this.emit({ type: 'status', round: this.round, who: this.names[t], status: STATUS_NAMES[k], level: v, reason });
  }

  // ───────────── break free (HR-T5, M2) ─────────────
  protected bestContestAbility(i: number): number {
    // higher mean check (ties might): means differ only by the ability die
    return this.abil[i * 3 + S_AGI] > this.abil[i * 3 + S_MIGHT] ? S_AGI : S_MIGHT;
  }
}
