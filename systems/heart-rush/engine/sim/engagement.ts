// The engagement (HR-E1…E10): secret stances, the phases cunning → agility →
// might, targets, the agility sidestep, the attack and its damage.

import type { HitView, StanceName } from '../events.js';
import * as state from './state.js';
import { HRManeuvers } from './maneuvers.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  ABILITY,
  DIRS_X,
  DIRS_Y,
  MANEUVER_NAME,
  MANEUVER_WORD,
  M_NONE,
  NB_BIT,
  PHASES,
  STANCE_NAMES,
  S_AGI,
  S_CUN,
  S_DEF,
  S_NONE,
  canAttack,
} = state;

export abstract class HREngagement extends HRManeuvers {
  // ───────────── the engagement (HR-E1…E10) ─────────────
  /** Returns true when the combat ended. */
  protected engagement(): boolean {
    const r = this.round;
    this.engagements++;
    const picks: { who: string; stance: StanceName; reason: string }[] | null = this.sink ? [] : null;
    // who acts in each phase, listed in timing order as the stances are chosen (they hold until the round ends)
    const pl = this.phaseList,
      pn = this.phaseN,
      n = this.n;
    pn[0] = pn[1] = pn[2] = 0;
    // HR-E2: every choice is made from the state before anyone's choice this round
    const ord = this.order;
    let redrawn = false;
    for (let q = 0, no = ord.length; q < no; q++) {
      const i = ord[q];
      if (!this.up(i)) continue;
      let s: number,
        why = '';
      const script = this.stances[i];
      if (r === 1 && this.surprised[i]) {
        s = S_NONE;
        why = 'surprised';
      } else if (r - 1 < script.length) {
        s = STANCE_NAMES.indexOf(script[r - 1] as StanceName);
        why = 'scripted';
      } else {
        s = this.chooseStance(i);
        if (picks) why = this.stanceWhy;
        if (this.control !== null || this.scripted[i] === 1) {
          this.options();
          for (let k = 0; k < 4; k++) this.opt(`stance ${STANCE_NAMES[k]}`, k, STANCE_NAMES[k]);
          const notes = this.ruleNotes.length,
            seeds = this.reseeds;
          s = this.decide(i, 'stance', s);
          if (picks && this.ruleNotes.length > notes) why = `your rule, over the mix ${why}`;
          if (this.reseeds !== seeds && this.redrawStances(q, picks)) redrawn = true;
        }
      }
      this.stance[i] = s;
      if (s >= 0 && s < 3) pl[s * n + pn[s]++] = i;
      if (picks) picks.push({ who: this.names[i], stance: STANCE_NAMES[s], reason: why });
    }
    if (redrawn) {
      // HRS-41: the phase lists again, in timing order, from the stances as they now stand
      pn[0] = pn[1] = pn[2] = 0;
      for (let q = 0, no = ord.length; q < no; q++) {
        const i = ord[q],
          s = this.stance[i];
        if (this.up(i) && s >= 0 && s < 3) pl[s * n + pn[s]++] = i;
      }
    }
    if (picks) {
      this.emit({ type: 'stances', round: r, picks });
      this.flushRules(-1);
    }
    // by index, not for-of: TurboFan compiles a for-of as a try block (iterator closing), in every worker
    for (let k = 0; k < PHASES.length; k++) {
      if (this.resolvePhase(PHASES[k])) return true;
      if (this.checkEnd()) return true;
    }
    return false;
  }

  /**
   * HRS-41 (issue 32, item 4): stances are chosen at once and in secret (HR-E2), but the simulator draws them one by
   * one in timing order. When a control overrides the stance of the q-th combatant of the order with a reseed (the
   * regret probe trying each option on fresh dice), the stances drawn before it this round from the mixed strategy
   * are drawn again from the reseeded streams, so no option is tried against a drawn stance its chooser could not
   * have seen. Scripted, surprised and GM-ruled stances stand. Returns whether any was drawn again. Never called
   * without a control: the fights `aces run` and `aces odds` play are unchanged.
   */
  private redrawStances(q: number, picks: { who: string; stance: StanceName; reason: string }[] | null): boolean {
    const ord = this.order,
      r = this.round;
    let any = false;
    for (let k = 0; k < q; k++) {
      const j = ord[k];
      if (!this.up(j) || (r === 1 && this.surprised[j]) || r - 1 < this.stances[j].length) continue;
      if (this.rules[j] !== null || this.scripted[j] === 1) continue;
      const s = this.chooseStance(j);
      this.stance[j] = s;
      any = true;
      if (picks) {
        const at = picks.findIndex((x) => x.who === this.names[j]);
        if (at >= 0)
          picks[at] = {
            who: this.names[j],
            stance: STANCE_NAMES[s],
            reason: `${this.stanceWhy} (drawn again, HRS-41)`,
          };
      }
    }
    return any;
  }

  protected resolvePhase(p: number): boolean {
    // who of this phase's takers is up as it opens (HR-E4): only they read it (their attacks, their queued maneuvers)
    const pl = this.phaseList,
      live = this.live,
      uap = this.upAtPhase;
    for (let q = p * this.n, e = q + this.phaseN[p]; q < e; q++) uap[pl[q]] = live[pl[q]];
    let nm = 0;
    for (let q = p * this.n, e = q + this.phaseN[p]; q < e; q++) {
      const i = pl[q];
      if (!this.upAtPhase[i]) continue;
      if (this.sink) this.phaseName = ABILITY[p];
      // HR-M1: a maneuver against a strictly beaten target within 5 ft, instead of the attack
      if (this.maneuver[i] !== M_NONE) {
        let t = this.maneuverTarget(i, p, nm);
        if (this.control !== null || this.scripted[i] === 1) t = this.offerManeuver(i, p, nm, t);
        if (t >= 0) {
          this.mq[nm * 2] = i;
          this.mq[nm * 2 + 1] = t;
          nm++;
          this.attacked[i] = 1;
          continue;
        }
      }
      let t = this.pickTarget(i, p);
      if ((this.control !== null || this.scripted[i] === 1) && t >= 0) {
        this.options();
        const foes = this.foes,
          si = this.side[i];
        for (let q = this.foeAt[si], e = this.foeAt[si + 1]; q < e; q++) {
          const u = foes[q];
          if (this.up(u) && canAttack(p, this.stance[u]) && this.inReach(i, u))
            this.opt(`attack ${this.names[u]}`, u, 'attack', u);
        }
        t = this.decide(i, 'target', t);
      }
      // one downed earlier in this phase still attacks (HR-E4) but no longer moves (ruling)
      // a prone one's sidestep would only stand it up (HR-A4), which brings no one into reach (HRS-28)
      if (t < 0 && p === S_AGI && this.up(i) && !this.prone[i] && this.agiExtra(i) > 0) t = this.agilitySidestep(i);
      if (t < 0) {
        if (this.sink)
          this.emit({
            type: 'no-target',
            round: this.round,
            who: this.names[i],
            stance: STANCE_NAMES[p],
            reason: 'no valid enemy in reach',
          });
        if (this.sink) this.flushRules(i);
        continue;
      }
      this.engagementAttack(i, t, p);
      if (this.sink) this.flushRules(i);
    }
    for (let m = 0; m < nm; m++) {
      const i = this.mq[m * 2],
        t = this.mq[m * 2 + 1];
      if (this.up(t) && (this.up(i) || this.upAtPhase[i])) this.resolveManeuver(i, t, p);
      if (this.sink) this.flushRules(i);
    }
    return false;
  }
  /** The maneuver decision (HR-M1) offered to a control: the attack (−1), or the maneuver on each allowed target. */
  protected offerManeuver(i: number, p: number, nm: number, t: number): number {
    this.options();
    this.opt('attack', -1, 'attack');
    const foes = this.foes,
      si = this.side[i];
    for (let q = this.foeAt[si], e = this.foeAt[si + 1]; q < e; q++) {
      const u = foes[q];
      if (this.maneuverOk(i, u, p, nm))
        this.opt(`${MANEUVER_NAME[this.maneuver[i]]} ${this.names[u]}`, u, MANEUVER_WORD[this.maneuver[i]], u);
    }
    return this.decide(i, 'maneuver', t);
  }
  /** HR-E8: the free agility sidestep, only when it brings a valid target into reach (focus preferred). */
  protected agilitySidestep(i: number): number {
    // one 5-ft step shortens a distance by 5 at most: only a valid target within reach + 5 can come into reach
    // (every target pickTarget may return from a square is one of these)
    const reach = this.reachOf(i),
      ranged = this.isRanged(i),
      near = this.nearT,
      x = this.x,
      y = this.y;
    let nn = 0;
    // validTarget(i, t, S_AGI), the cover and the distance on locals (the loop stores into `near`)
    const side = this.side,
      si = side[i],
      live = this.live,
      stance = this.stance,
      cover = this.cover,
      xi = x[i],
      yi = y[i];
    for (let t = 0; t < this.n; t++) {
      if (
        side[t] !== si &&
        live[t] === 1 &&
        canAttack(S_AGI, stance[t]) &&
        !(ranged && cover[t] >= 99) &&
        Math.max(Math.abs(xi - x[t]), Math.abs(yi - y[t])) <= reach + 5
      )
        near[nn++] = t;
    }
    if (nn === 0) return -1;
    const ox = this.x[i],
      oy = this.y[i];
    const occ = this.neighbours(i); // nobody else moves while i tries each square
    let bestK = -1,
      bestT = -1,
      bestE = 0,
      bestX = 0,
      bestY = 0;
    for (let k = 0; k < 8; k++) {
      const nx = ox + DIRS_X[k] * 5,
        ny = oy + DIRS_Y[k] * 5;
      if (!this.inField(nx, ny) || (occ & NB_BIT[k]) !== 0) continue;
      // none of them in reach from this square: pickTarget would find no target here
      let any = false;
      for (let q = 0; q < nn && !any; q++) {
        const t = near[q];
        any = Math.max(Math.abs(x[t] - nx), Math.abs(y[t] - ny)) <= reach;
      }
      if (!any) continue;
      this.x[i] = nx;
      this.y[i] = ny;
      const t = this.pickTarget(i, S_AGI);
      this.x[i] = ox;
      this.y[i] = oy;
      if (t < 0) continue;
      // focus first, then the square nearest the target in a straight line, then lowest y, lowest x
      const e = (nx - this.x[t]) ** 2 + (ny - this.y[t]) ** 2;
      const f = this.focus[i];
      // (e, ny, nx) against the best's, in that order, as one number's sign, read at every square: the ties' own
      // compares, met first after this was optimized, threw that code away in every worker (issue 32 item 5)
      const order = Math.sign(e - bestE) * 4 + Math.sign(ny - bestY) * 2 + Math.sign(nx - bestX);
      const better = bestT < 0 || (t === f && bestT !== f) || ((t === f) === (bestT === f) && order < 0);
      if (better) {
        bestK = k;
        bestT = t;
        bestE = e;
        bestX = nx;
        bestY = ny;
      }
    }
    if (bestK < 0) return -1;
    this.moveStep(i, bestK);
    this.carry(i);
    this.cover[i] = 0;
    if (this.sink)
      this.emit({
        type: 'move',
        round: this.round,
        who: this.names[i],
        kind: 'sidestep',
        cost: 'free',
        from: [ox, oy],
        to: [this.x[i], this.y[i]],
        feet: 5,
        reason: `agility stance (HR-E8), brings ${this.names[bestT]} into reach`,
      });
    return bestT;
  }

  protected engagementAttack(i: number, t: number, p: number): void {
    this.attacked[i] = 1;
    const ts = this.stance[t];
    if (ts === p) {
      // HR-C2: a contest of attack rolls, no armor; the loser takes the difference
      const a = this.rollAttack(i, p, ts, t);
      const aV = this.rv;
      const b = this.rollAttack(t, p, p, -1);
      const bV = this.rv;
      let hit: HitView | null = null,
        on: string | null = null,
        foiled = false;
      if (a > b) {
        hit = this.applyDamage(t, i, a - b, false);
        on = this.names[t];
      } else if (b > a) {
        // HR-C2 ruling (2026-11-28): a target that cannot reach the attacker with the weapon it holds only foils
        if (this.inReach(t, i)) {
          hit = this.applyDamage(i, t, b - a, false);
          on = this.names[i];
        } else foiled = true;
      }
      if (this.sink) {
        const notes = ['contest (HR-C2)'];
        this.emit({
          type: 'attack',
          round: this.round,
          kind: 'engagement',
          who: this.names[i],
          target: this.names[t],
          stance: STANCE_NAMES[p],
          targetStance: STANCE_NAMES[ts],
          reason: '',
          attack: aV!,
          defense: bV!,
          contest: true,
          hit,
          hitOn: on,
          notes,
          ...(foiled ? { foiled: true } : {}),
        });
      }
      return;
    }
    const a = this.rollAttack(i, p, ts, t);
    const aV = this.rv,
      aMb = this.rmb;
    const d = this.rollDefense(t, p, this.isRanged(i));
    const dV = this.rv;
    const raw = Math.max(0, a - d);
    const halved = ts === S_DEF;
    const hit = this.applyDamage(t, i, raw, halved);
    if (this.sink) {
      const notes: string[] = [];
      if (aMb) notes.push('might bonus (HR-E9)');
      if (halved) notes.push('halved (HR-E10)');
      this.emit({
        type: 'attack',
        round: this.round,
        kind: 'engagement',
        who: this.names[i],
        target: this.names[t],
        stance: STANCE_NAMES[p],
        targetStance: STANCE_NAMES[ts],
        reason: '',
        attack: aV!,
        defense: dV!,
        contest: false,
        hit,
        hitOn: this.names[t],
        notes,
      });
    }
    // HR-E7: a cunning hit on an agility-stance target inflicts 2 levels of the attacker's choice
    if (p === S_CUN && ts === S_AGI && raw >= 1) this.addStatus(t, this.inflicts[i], 2, 'HR-E7');
  }
}
