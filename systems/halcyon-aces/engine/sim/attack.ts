// Attack resolution: a weapon Strike or a technique (HA-S1..S6, HA-A4,
// HA-M1/M2, HA-W*) gathers its targets, then resolveAttack serves every attack
// of the game (Brace, Link and Team Ultimate too): one draw, one compare per
// target, damage, one 'attack' event, then the side effects of hits and crits.
// Without events, a one-target Strike or Brace (most attacks) takes strikeOne,
// the same steps for one target without the per-target arrays: a fast-only
// copy of resolveAttack (the event path never runs it), held equal to it by
// test/systems/halcyon-aces/engine/rules.test.ts "the fast path is the same
// machine". A change to resolveAttack's steps is a change to strikeOne too.

import type { AttackKind, CheckDraw, Damage, TargetResult } from '../events.js';
import * as compiled from '../compile.js';
import * as T from '../policy/tactics.js';
import { CombatConditions } from './conditions.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { chosenSecond, explain, splashTarget } = T;
const {
  SLOTS,
  SLOT_OFF,
  SLOT_UNARMED,
  W_BRUTAL,
  W_DISARMING,
  W_IMPROVISED,
  W_KEEN,
  W_STAGGERING,
  W_SWEEPING,
  W_UNARMED,
} = compiled;

/** "2nd Strike", "3rd Strike", "4th Strike": the label of a multi-Strike penalty (HA-S4; event text only). */
export function strikeLabel(no: number): string {
  return `${no}${no === 2 ? 'nd' : no === 3 ? 'rd' : 'th'} Strike`;
}

/** HA-S3, HA-W2: the margin over the defense that crits — 6, or 5 with a keen weapon. */
const critAt = (f: number): number => (f & W_KEEN ? 5 : 6);
/** HA-S3, HA-W2: what a crit adds to the damage — the stat, twice it with a brutal weapon. */
const critAdd = (f: number, stat: number): number => (f & W_BRUTAL ? 2 * stat : stat);

export class CombatAttacks extends CombatConditions {
  /**
   * HA-S1..S6, HA-W*, HA-R2: one weapon Strike. kind 'scatter' compares one draw against every able
   * enemy in the target's zone at −1 bonus damage (HA-W3).
   */
  protected strike(c: number, slot: number, target: number, kind: AttackKind): void {
    const k = this.k;
    const w = c * SLOTS + slot;
    const st = k.wStat[w];
    const f = k.wFlags[w];
    let penalty = 0;
    let penaltyLabel = '';
    if (kind !== 'brace') {
      penalty = this.strikePenalty(c, slot);
      if (penalty !== 0 && this.sink) penaltyLabel = strikeLabel(this.strikes + 1); // event text only
      if (slot === SLOT_OFF && this.strikes + 1 === 2 && this.dualWield(c)) kind = 'offhand';
      this.strikes++;
      this.lastStrikeSlot = slot;
    }
    const brawler = k.brawler[c] && f & (W_UNARMED | W_IMPROVISED) ? 2 : 0; // HA-W5
    const m = penalty + brawler + this.checkMod(c);
    if (kind !== 'scatter' && this.sink === null) {
      this.strikeOne(c, w, st, k.draws[c * 4 + st], m, slot, target);
      return;
    }
    let nt: number;
    if (kind === 'scatter') nt = this.enemiesInZone(c, this.zone[target], this.tgt);
    else {
      this.tgt[0] = target;
      nt = 1;
    }
    this.resolveAttack(c, kind, st, k.draws[c * 4 + st], m, penalty, penaltyLabel, brawler, nt, slot, -1, 0, 0, 1);
  }

  /**
   * The fast path (no events) of a one-target weapon Strike, off-hand Strike or Brace: resolveAttack's work
   * for one target, no technique and no Team Ultimate, in the same order (draw, play, damage, hand settled,
   * then the side effects), without the per-target arrays and with the side effects of a plain hit inlined.
   * 18 of a 3v3 combat's 19 attacks come here; bench/README.md.
   */
  protected strikeOne(c: number, w: number, st: number, draws: number, m: number, slot: number, t: number): void {
    const k = this.k;
    const f = k.wFlags[w];
    const got = this.drawHand(c, draws);
    const pi = got ? this.pickBest(c, st) : -1;
    this.assist[c] = 0;
    let hit = false,
      crit = false,
      dmg = 0;
    if (pi >= 0) {
      const margin = this.cardEv(c, this.hand[c * this.H + pi], st) + m - this.guardNow[t];
      if (margin >= 0) {
        hit = true;
        crit = margin >= critAt(f);
        dmg = margin + k.wBonus[w] + (crit ? critAdd(f, k.stats[c * 4 + st]) : 0);
        if (dmg < 0) dmg = 0;
        this.hurt(t, dmg, c);
      }
    }
    this.settleHand(c, pi, crit); // HA-S3: a crit sends the played card to the deck bottom
    if (crit) {
      // staggering, disarming, sweeping, breaking: the general code, which reads the attack from the arrays
      this.tgt[0] = t;
      this.resHit[0] = 1;
      this.resCrit[0] = 1;
      this.resDmg[0] = dmg;
      this.sideEffects(c, 1, f, slot);
    } else if (hit) this.breakIfZero(t, c);
  }

  /** HA-A4 + HA-M1/M2: a technique; targets: the primary, a second (Dual) or the whole zone (Sweep). */
  protected technique(c: number, t: number, target: number): void {
    const k = this.k;
    const st = k.tStat[t];
    const m = this.checkMod(c);
    // HA-M1: a Dual technique's second target is the one the decision chose with it (tactics' chooseOption, on the
    // same state), stored in tgt[1] whatever the technique: a Dual's branch then has no call, compare or store of its
    // own. Reached only by the first Dual technique, long after technique() is optimized, those had no type feedback
    // and deoptimized it, which a cold process then compiled again (bench/README.md, "The first Monte Carlo of a process").
    const second = chosenSecond[0];
    const withSecond = second >= 0 ? 2 : 1;
    const tgt = this.tgt;
    tgt[0] = target;
    tgt[1] = second;
    let nt = 1;
    if (k.tTargets[t] === 2) nt = this.enemiesInZone(c, this.zone[target], tgt);
    else if (k.tTargets[t] === 1) nt = withSecond;
    this.resolveAttack(c, 'technique', st, k.draws[c * 4 + st], m, 0, '', 0, nt, this.mainSlot(c), t, 0, 0, k.tCost[t]);
  }

  /**
   * Draws for c, plays the best card, compares once against each of nt targets in this.tgt
   * (HA-S1, HA-S2, HA-S3, HA-M1/M2, HA-W2/W3/W4), applies damage, emits one 'attack' event, then side effects.
   * extraEv: Team Ultimate EV bonus (matches + 3), extraDmg: +2 per Support.
   */
  protected resolveAttack(
    c: number,
    kind: AttackKind,
    st: number,
    draws: number,
    m: number,
    penalty: number,
    penaltyLabel: string,
    brawler: number,
    nt: number,
    slot: number,
    tech: number,
    extraEv: number,
    extraDmg: number,
    cost: number,
  ): void {
    const k = this.k;
    const w = c * SLOTS + slot;
    const f = tech >= 0 ? 0 : k.wFlags[w];
    const sv = k.stats[c * 4 + st];
    const got = this.drawHand(c, draws);
    const pi = got ? this.pickBest(c, st) : -1;
    const card = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const ev = card >= 0 ? this.cardEv(c, card, st) + m + extraEv : -99;
    let chk: CheckDraw | null = null;
    if (this.sink) {
      const mods = this.mods(c, penalty, penaltyLabel, brawler);
      if (extraEv) mods.push({ label: `Team Ultimate (+3, ${extraEv - 3} matching)`, value: extraEv });
      chk = this.snap(c, st, pi, mods);
      if (card < 0) chk.ev = 0;
    }
    this.assist[c] = 0;
    const critFrom = critAt(f);
    const critPlus = critAdd(f, sv);
    const wBonus = k.wBonus[w];
    const tBonus = tech >= 0 ? k.tBonus[tech] : 0;
    const scatter = kind === 'scatter' ? -1 : 0;
    const againstResolve = tech >= 0 && k.tResolve[tech] === 1;
    let anyCrit = false;
    // the arrays in locals: loaded once per attack, not once per target
    const tgt = this.tgt,
      resHit = this.resHit,
      resCrit = this.resCrit,
      resDmg = this.resDmg,
      vit = this.vit;
    const sink = this.sink;
    for (let i = 0; i < nt; i++) {
      const t = tgt[i];
      const dc = againstResolve ? k.resolve[t] : this.guardOf(t);
      const hit = card >= 0 && ev >= dc;
      const margin = ev - dc;
      const crit = hit && margin >= critFrom;
      resHit[i] = hit ? 1 : 0;
      resCrit[i] = crit ? 1 : 0;
      let dmg = 0;
      if (hit) {
        dmg = margin + wBonus + tBonus + scatter + extraDmg + (crit ? critPlus : 0);
        if (dmg < 0) dmg = 0;
      }
      if (crit) anyCrit = true;
      resDmg[i] = dmg;
      if (sink) {
        // for the event only
        this.resDef[i] = againstResolve ? 2 : this.activeGuard[t] >= 0 ? 1 : 0;
        this.resDc[i] = dc;
        this.resVb[i] = vit[t];
      }
      if (hit) this.hurt(t, dmg, c);
      this.resVa[i] = vit[t];
    }
    this.settleHand(c, pi, anyCrit); // HA-S3: a crit sends the played card to the deck bottom
    if (this.sink && chk) {
      const results: TargetResult[] = [];
      for (let i = 0; i < nt; i++) {
        const t = this.tgt[i];
        const r: TargetResult = {
          target: k.ids[t],
          defense: this.resDef[i] === 2 ? 'resolve' : this.resDef[i] === 1 ? 'active guard' : 'guard',
          dc: this.resDc[i],
          hit: this.resHit[i] === 1,
          crit: this.resCrit[i] === 1,
          vitalityBefore: this.resVb[i],
          vitalityAfter: this.resVa[i],
        };
        if (r.hit) {
          const d: Damage = {
            margin: chk.ev - this.resDc[i],
            weapon: wBonus,
            technique: tBonus,
            crit: r.crit ? critPlus : 0,
            scatter,
            link: kind === 'link' ? extraDmg : 0,
            ultimate: kind === 'ultimate' ? extraDmg : 0,
            total: this.resDmg[i],
          };
          r.damage = d;
        }
        results.push(r);
      }
      this.sink.push({
        type: 'attack',
        kind,
        actor: k.ids[c],
        using: tech >= 0 ? k.tName[tech] : k.wName[w],
        technique: tech >= 0 ? k.tName[tech] : null,
        cost,
        check: chk,
        results,
        cardTo: card < 0 ? 'none' : anyCrit ? 'bottom' : 'fatigue',
        ...(this.partners ? { partners: this.partners } : {}),
        reason: kind === 'brace' ? `Brace: ${k.ids[this.tgt[0]]} moved into its zone` : explain(this),
      });
      this.partners = undefined;
    }
    this.sideEffects(c, nt, f, tech >= 0 ? -1 : slot);
  }

  /** Broken checks, HA-W2 staggering/disarming/sweeping, HA-W4 breaking, for the last resolved attack. */
  protected sideEffects(c: number, nt: number, f: number, slot: number): void {
    const k = this.k;
    let anyCrit = false;
    for (let i = 0; i < nt; i++) {
      const t = this.tgt[i];
      if (!this.resHit[i]) continue;
      this.breakIfZero(t, c);
      if (!this.resCrit[i]) continue;
      anyCrit = true;
      if (this.able(t)) {
        if (f & W_STAGGERING) {
          this.stunned[t] = 1;
          if (this.sink)
            this.sink.push({
              type: 'status',
              target: k.ids[t],
              status: 'stunned',
              on: true,
              cause: `${k.wName[c * SLOTS + slot]} (staggering crit)`,
            });
        }
        if (f & W_DISARMING) {
          const ts = this.mainSlot(t);
          if (ts !== SLOT_UNARMED) {
            this.lost[t * SLOTS + ts] = 1;
            this.dropZone[t * SLOTS + ts] = this.zone[t];
            if (this.sink)
              this.sink.push({
                type: 'disarm',
                target: k.ids[t],
                weapon: k.wName[t * SLOTS + ts],
                zone: k.zoneNames[this.zone[t]],
                by: k.ids[c],
              });
          }
        }
      }
      if (f & W_SWEEPING) {
        const o = splashTarget(this, c, t);
        if (o >= 0) {
          const d = this.resDmg[i] >> 1;
          const vb = this.vit[o];
          this.hurt(o, d, c);
          if (this.sink)
            this.sink.push({
              type: 'splash',
              actor: k.ids[c],
              target: k.ids[o],
              damage: d,
              vitalityBefore: vb,
              vitalityAfter: this.vit[o],
            });
          this.breakIfZero(o, c);
        }
      }
    }
    if (anyCrit && slot >= 0 && f & W_IMPROVISED) {
      // HA-W4: the improvised weapon breaks after dealing the crit damage.
      this.lost[c * SLOTS + slot] = 2;
      if (this.sink) this.sink.push({ type: 'weapon-break', actor: k.ids[c], weapon: k.wName[c * SLOTS + slot] });
    }
  }
}
