// The action phase's turns (HR-A1…A7, HR-R3…R5, HR-T5): round 1's opening
// strikes on surprised foes, each combatant's action step (stand, break free,
// finish a foe, shake off a climber, move) and its last pass (ready a weapon,
// Help an ally).

import * as state from './state.js';
import { HREngagement } from './engagement.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { S_MIGHT, T_DEFAULT, T_HOLD, T_KITE, T_SUPPORT, T_WEAKEST } = state;

export abstract class HRActions extends HREngagement {
  // ───────────── round 1 openers (HR-R5, O2 d–e, S1) ─────────────
  /** Returns true when the combat ended. */
  protected openingAttacks(): boolean {
    // indexed loops over the timing order, not for-of: TurboFan compiles a for-of as a try block (iterator closing)
    const ord = this.order,
      no = ord.length;
    for (let q = 0; q < no; q++) {
      const i = ord[q];
      // HRS-7: `hold`, the test-scene dummy, makes no opportunity attack, its opening strike included
      if (!this.hidden[i] || !this.up(i) || this.tactic[i] === T_HOLD) continue;
      this.hidden[i] = 0; // revealed after its one attack (HR-O2 d)
      const t = this.oaTarget(i, false);
      if (t >= 0 && this.canPay(i)) {
        this.opportunityAttack(i, t, 'cannot see the attacker (hidden)');
        if (this.checkEnd()) return true;
      }
    }
    for (let u = 0; u < no; u++) {
      const t = ord[u];
      if (!this.surprised[t]) continue;
      for (let q = 0; q < no; q++) {
        const i = ord[q];
        if (
          this.side[i] === this.side[t] ||
          this.surprised[i] ||
          !this.up(i) ||
          !this.up(t) ||
          this.tactic[i] === T_HOLD
        )
          continue;
        if (this.inReach(i, t) && this.canPay(i)) {
          this.opportunityAttack(i, t, 'surprised (HR-S1)');
          if (this.checkEnd()) return true;
        }
      }
    }
    return false;
  }
  // ───────────── action phase ─────────────
  /** One step of i in a pass (HR-R3); true when a step was taken. */
  protected actionStep(i: number): boolean {
    const tac = this.tactic[i];
    if (tac === T_HOLD) return false;
    // HR-T4: always stand before moving
    if (this.prone[i]) return this.standUp(i);
    // HR-T5: a grappled combatant's action tries to break free
    if (this.grapples > 0 && this.grappledBy[i] >= 0) {
      if (this.actionUsed[i]) return false;
      this.breakFree(i);
      return true;
    }
    // HR-S2: relentless attacks a helpless enemy in melee reach
    if (this.relentless[i] && this.canPay(i) && !this.isRanged(i)) {
      const foes = this.foes,
        s = this.side[i];
      for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
        const j = foes[q];
        if (this.down[j] && !this.dead[j] && this.inReach(i, j)) {
          this.opportunityAttack(i, j, 'helpless (HR-S2, relentless)');
          return true;
        }
      }
    }
    // HR-T6: a host's action may shake off a climber
    if (this.actionUsed[i] === 0 && this.climbers > 0) {
      for (let j = 0; j < this.n; j++) {
        if (this.climbing[j] === i) {
          this.shakeOff(i, j);
          return true;
        }
      }
    }
    if (this.grapples > 0 && this.grappling[i] >= 0) return false; // keeps its hold: a grappler cannot dash (HR-T5)
    if (this.climbers > 0 && this.climbing[i] >= 0) return false; // rides its host (HR-T6)
    if (tac === T_SUPPORT) return this.supportMove(i);
    if (this.control !== null || this.scripted[i] === 1) return this.offerMove(i, tac);
    // kite (issue 32): only with a ranged weapon in hand; one holding a melee weapon fights as `default` does
    if (tac === T_KITE && this.rangedNow[i] === 1 && this.inEnemyReach(i, this.x[i], this.y[i]))
      return this.kiteAway(i);
    const f = this.focus[i];
    if (f < 0 || !this.up(f)) return false;
    const d = this.dist(i, f);
    const want = this.closeFor(i, tac);
    if (want >= 0 && d > want) return this.closeIn(i, f, d, want) || this.refocus(i, f);
    if (this.inReachAt(i, f, d)) return false;
    // HRS-38: the round i last let f come, stored at every call (the same value when it did not): a store of its own,
    // met first after actionStep was optimized, threw that code away in every worker (issue 32 item 5)
    const come = this.letsCome(i, f, d),
      waited = this.waitedAt,
      r = this.round;
    waited[i] = come ? r : waited[i];
    if (come) return false;
    return this.approach(i, f, d) || this.refocus(i, f);
  }

  /**
   * HRS-38 (issue 32): i, out of its focus f's reach, stays where it stands and lets f come, when f (twice i's HP or
   * more) is coming for i (f's focus is i, f approaches: `default` or `focus-weakest`, a melee weapon in hand) and can still reach i this
   * round (its dashes left cover the way), and f is not itself waiting for i: the fight comes to i and its allies,
   * and i keeps its dash and its action (for a Help, an opportunity attack). Once f has no dash left to come, i goes.
   */
  protected letsCome(i: number, f: number, d: number): boolean {
    const tf = this.tactic[f];
    if (this.focus[f] !== i || (tf !== T_DEFAULT && tf !== T_WEAKEST) || this.rangedNow[f] === 1) return false;
    // only against a foe of twice i's HP or more: a weak one is met, not waited for
    if (this.isRanged(i) || this.scripted[f] === 1 || this.hp[f] < 2 * this.hp[i]) return false;
    if (this.grapples > 0 && (this.grappling[f] >= 0 || this.grappledBy[f] >= 0)) return false;
    if (this.climbers > 0 && this.climbing[f] >= 0) return false;
    if (this.prone[f] === 1 || this.speed[f] < 5) return false;
    if (this.waitedAt[f] === this.round) return false;
    const dashes = 2 - this.dashes[f] - (this.freeDashUsed[f] !== 0 && this.actionUsed[f] !== 0 ? 1 : 0);
    if (dashes <= 0 || d - this.reachOf(f) > dashes * this.speed[f]) return false;
    return true;
  }

  /**
   * HRS-36 (issue 32): i could not step toward its focus f because no way leads there (every square round f taken:
   * its allies, i's own, the field's edge): rather than stand idle while others shoot it, i goes for the nearest enemy
   * it can reach (then the lower HP, then file order), its focus for the rest of the round; true when i stepped. No
   * change when i simply has no dash left, or when a way to f exists (i chose not to take it: HRS-37).
   */
  protected refocus(i: number, f: number): boolean {
    if (this.dashes[i] >= 2 || this.speed[i] < 5 || (this.freeDashUsed[i] !== 0 && this.actionUsed[i] !== 0))
      return false;
    const foes = this.foes,
      s = this.side[i];
    if (this.bestStep(i, this.x[f], this.y[f], false) >= 0) {
      // a way exists and i would not take it (HRS-37: it stopped short of a second opportunity attack): it fights the
      // nearest enemy it already reaches, if any, its focus for the rest of the round (the stance is chosen against it)
      let near = -1;
      for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
        const j = foes[q];
        if (j === f || this.live[j] !== 1 || !this.inReach(i, j)) continue;
        if (
          near < 0 ||
          this.dist(i, j) < this.dist(i, near) ||
          (this.dist(i, j) === this.dist(i, near) && this.hp[j] < this.hp[near])
        )
          near = j;
      }
      if (near >= 0) {
        this.focus[i] = near;
        if (this.sink)
          this.emit({
            type: 'focus',
            round: this.round,
            who: this.names[i],
            target: this.names[near],
            reason: `in reach; ${this.names[f]} only past two opportunity attacks (HRS-37)`,
          });
      }
      return false;
    }
    const cands: number[] = [];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (j !== f && this.live[j] === 1) cands.push(j);
    }
    cands.sort((a, b) => this.dist(i, a) - this.dist(i, b) || this.hp[a] - this.hp[b] || a - b);
    for (const j of cands) {
      const d = this.dist(i, j);
      const reaches = this.inReachAt(i, j, d);
      if (!reaches && this.bestStep(i, this.x[j], this.y[j], false) < 0) continue;
      this.focus[i] = j;
      if (this.sink)
        this.emit({
          type: 'focus',
          round: this.round,
          who: this.names[i],
          target: this.names[j],
          reason: `${this.names[f]} is walled off: the nearest it can reach (HRS-36)`,
        });
      return !reaches && this.approach(i, j, d);
    }
    return false;
  }

  /**
   * Issue 32: the reach i closes to for its better weapon (a fighter who threw a javelin goes back to its
   * greatsword): the reach of its largest-die weapon when that is not the one in hand and is melee, else −1. Not for
   * the kite, which keeps its distance.
   */
  protected closeFor(i: number, tac: number): number {
    if (tac === T_KITE) return this.kiteCloseFor(i);
    const b = this.wBest[i];
    if (b === this.wIn[i]) return -1;
    const g = this.wStart[i] + b;
    return this.wRanged[g] === 1 || this.wDie[g] <= this.wDie[this.wStart[i] + this.wIn[i]] ? -1 : this.wReach[g];
  }
  /**
   * HRS-43: the kite keeps its distance, but not from a focus its ranged weapon hardly hurts: against a focus in
   * cover (HR-S3: disadvantage on ranged attacks only), when a melee weapon i carries outdoes the ranged one in hand
   * by HRS-42's measure (its die against the ranged die two sizes less a cover level), i closes to that weapon's reach
   * (HRS-33's move), and the last pass readies it there (HRS-42) — but only while the focus's own weapon reaches i
   * where it stands: standing off then keeps i from nothing. The reach of the largest such die, else −1.
   */
  private kiteCloseFor(i: number): number {
    const f = this.focus[i];
    if (f < 0 || this.rangedNow[i] !== 1 || this.cover[f] <= 0 || !this.up(f)) return -1;
    // only while the focus reaches i where it stands: a slinger whose 30 ft fall short keeps i safe at 35 ft
    if (this.dist(i, f) > this.reachNow[f]) return -1;
    const cov = this.cover[f] > 5 ? 5 : this.cover[f];
    let die = this.weaponWorth(this.wStart[i] + this.wIn[i], cov),
      reach = -1;
    for (let w = 0; w < this.wCount[i]; w++) {
      const g = this.wStart[i] + w;
      if (this.wRanged[g] === 1 || this.wHands[g] > this.hands[i] || this.wDie[g] <= die) continue;
      die = this.wDie[g];
      reach = this.wReach[g];
    }
    return reach;
  }
  /** i moves to within `want` feet of its focus f, d away (as `approach`, to the better weapon's reach). */
  protected closeIn(i: number, f: number, d: number, want: number): boolean {
    if (d - 5 <= want && this.canPay(i) && this.inEnemyReach(i, this.x[i], this.y[i])) {
      const k = this.bestStep(i, this.x[f], this.y[f], false);
      if (k >= 0 && this.stepReaches(i, k, f, want)) {
        this.sidestep(i, k, this.sink ? `toward ${this.names[f]}` : '');
        return true;
      }
    }
    return this.dash(i, f, false, this.sink ? `toward ${this.names[f]} (for a better weapon)` : '', want);
  }

  /**
   * actionStep's move, offered to a control (issue 32): stay (0), approach the focus (1: a sidestep or a dash, as
   * `approach` goes), or step away from the nearest threat (2: as the kite does); the policy's choice as above.
   */
  protected offerMove(i: number, tac: number): boolean {
    const threatened = this.inEnemyReach(i, this.x[i], this.y[i]);
    const f = this.focus[i];
    const d = f >= 0 && this.up(f) ? this.dist(i, f) : -1;
    const want = d >= 0 ? this.closeFor(i, tac) : -1;
    const canApproach = d >= 0 && (!this.inReachAt(i, f, d) || (want >= 0 && d > want));
    // HRS-38: the approach the plain path would take, unless i lets f come (asked exactly where actionStep asks it)
    const waits =
      canApproach &&
      !(want >= 0 && d > want) &&
      !(tac === T_KITE && this.rangedNow[i] === 1 && threatened) &&
      this.letsCome(i, f, d);
    const policy = tac === T_KITE && this.rangedNow[i] === 1 && threatened ? 2 : canApproach && !waits ? 1 : 0;
    this.options();
    this.opt('stay', 0, 'stay');
    if (canApproach) this.opt(`approach ${this.names[f]}`, 1, 'approach'); // toward the focus: no aim of its own
    if (threatened) this.opt('step away', 2, 'step away');
    const c = this.decide(i, 'move', policy);
    if (c === 0 && waits) this.waitedAt[i] = this.round;
    const stepped =
      c === 2
        ? this.kiteAway(i)
        : c === 1 &&
          ((want >= 0 && d > want ? this.closeIn(i, f, d, want) : this.approach(i, f, d)) || this.refocus(i, f));
    // a rule's step is logged after the step; a rule's stay (no step to log) once a round
    if (this.sink) {
      if (stepped) this.flushRules(i);
      else this.flushRulesOnce(i);
    }
    return stepped;
  }

  /** HRS-42: weapon g's die against a focus behind `cov` levels of cover (HR-S3): a ranged one two sizes less a level. */
  private weaponWorth(g: number, cov: number): number {
    return this.wRanged[g] === 1 ? this.wDie[g] - 2 * cov : this.wDie[g];
  }

  protected lastPass(i: number): void {
    const tac = this.tactic[i];
    if (tac === T_HOLD) return;
    // ready the best weapon against the focus (free object interaction, HR-A5)
    const f = this.focus[i];
    if (this.wCount[i] > 1 && this.freeInteractUsed[i] === 0 && f >= 0 && this.up(f)) {
      const d = Math.max(Math.abs(this.x[i] - this.x[f]), Math.abs(this.y[i] - this.y[f])); // dist, not inlined here
      // the first weapon that reaches when the one in hand does not; else (issue 32) one of a larger die that reaches
      const reaches = this.inReach(i, f);
      // HRS-42: against a focus in cover a ranged weapon's die counts two sizes less per level (HR-S3 puts a level of
      // disadvantage on ranged attacks only), so a sabre beats a crossbow on an archer in heavy cover
      const cov = this.cover[f] > 5 ? 5 : this.cover[f];
      let pick = -1,
        die = reaches ? this.weaponWorth(this.wStart[i] + this.wIn[i], cov) : 0;
      for (let w = 0; w < this.wCount[i]; w++) {
        const g = this.wStart[i] + w;
        if (w !== this.wIn[i] && d <= this.wReach[g] && this.wHands[g] <= this.hands[i] && (pick < 0 || reaches)) {
          const worth = this.weaponWorth(g, cov);
          if (reaches ? worth > die : pick < 0) {
            pick = w;
            die = worth;
          }
        }
      }
      if (this.control !== null || this.scripted[i] === 1) {
        this.options();
        this.opt(`keep ${this.wName[this.wStart[i] + this.wIn[i]]}`, -1, undefined);
        for (let w = 0; w < this.wCount[i]; w++) {
          const g = this.wStart[i] + w;
          if (w !== this.wIn[i] && this.wHands[g] <= this.hands[i])
            this.opt(`ready ${this.wName[g]}`, w, 'ready', -1, this.wName[g]);
        }
        pick = this.decide(i, 'weapon', pick);
      }
      if (pick >= 0) {
        const g = this.wStart[i] + pick;
        this.hold(i, pick);
        this.freeInteractUsed[i] = 1;
        const held = this.grappling[i];
        const lets = held >= 0 && this.hands[i] - this.wHands[g] < 1;
        if (lets) this.release(i);
        if (this.sink)
          this.emit({
            type: 'ready',
            round: this.round,
            who: this.names[i],
            weapon: this.wName[g],
            reason: `reaches ${this.names[f]}`,
            ...(lets ? { released: this.names[held] } : {}),
          });
      }
      if (this.sink) this.flushRulesOnce(i);
    }
    // HR-A6 Help: the adjacent ally with the lowest HP
    if (this.actionUsed[i] === 0) {
      let a = -1;
      const mates = this.mates,
        s = this.side[i],
        live = this.live,
        x = this.x,
        y = this.y,
        hp = this.hp;
      const xi = x[i],
        yi = y[i];
      for (let q = this.mateAt[s], e = this.mateAt[s + 1]; q < e; q++) {
        const j = mates[q];
        // adjacent: within 5 ft on both axes (dist ≤ 5)
        const dx = x[j] - xi,
          dy = y[j] - yi;
        if (dx > 5 || dx < -5 || dy > 5 || dy < -5 || j === i || live[j] !== 1) continue;
        if (a < 0 || hp[j] < hp[a]) a = j;
      }
      if ((this.control !== null || this.scripted[i] === 1) && a >= 0) {
        this.options();
        this.opt('no Help', -1, undefined);
        for (let q = this.mateAt[s], e = this.mateAt[s + 1]; q < e; q++) {
          const j = mates[q];
          const dx = x[j] - xi,
            dy = y[j] - yi;
          if (dx > 5 || dx < -5 || dy > 5 || dy < -5 || j === i || live[j] !== 1) continue;
          this.opt(`Help ${this.names[j]}`, j, 'help', j);
        }
        a = this.decide(i, 'help', a);
      }
      if (a >= 0) {
        this.actionUsed[i] = 1;
        this.help[a]++;
        if (this.sink) this.emit({ type: 'help', round: this.round, who: this.names[i], ally: this.names[a] });
      }
      if (this.sink) this.flushRulesOnce(i);
    }
  }

  protected breakFree(i: number): void {
    const g = this.grappledBy[i];
    this.actionUsed[i] = 1;
    const sizeDiff = this.size[i] - this.size[g];
    const mine = this.rollCheck(i, this.bestContestAbility(i), Math.max(0, sizeDiff), false);
    const mineV = this.rv;
    const theirs = this.rollCheck(g, S_MIGHT, Math.max(0, -sizeDiff), false);
    const theirsV = this.rv;
    const success = mine > theirs; // the resisting side wins ties (HR-D4)
    if (success) this.release(i);
    if (this.sink)
      this.emit({
        type: 'break-free',
        round: this.round,
        who: this.names[i],
        from: this.names[g],
        mine: mineV!,
        theirs: theirsV!,
        success,
      });
  }
}
