// The policy's small choices (TACTICAL-GRID.md "The simulator"): a turn's fallback attack from where it stands (TG-V6,
// TGS-24), the tag to use (TG-V6), the effect of a success and the knockback (TG-V6), the reactor (TG-V8), the facing (TG-V9), who to revive (TG-B5).

import * as path from '../path.js';
import * as unit from '../unit.js';
import type { TagState, Unit } from '../unit.js';
import * as plan from '../plan.js';
import type { Plan } from '../plan.js';
import * as tactics from '../tactics.js';
import type { ChosenEffect } from '../sim/common.js';
import * as common from '../sim/common.js';
import { TGPlanner } from './planner.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  EFFECT_SPLASH,
  EFFECT_STUN,
  EFFECT_HINDER_SPEED,
  EFFECT_HINDER_RANGE,
  effectMove,
  FACING_SPREAD,
  SPLASH_ENEMIES_ONLY,
  hasStar,
  EFFECT_WEAKEN,
} = common;
const { INF } = path;
const { EMPTY_PREV, planCells } = plan;
const { X_HIGH } = tactics;
const { AB_DEADEYE, AB_POTION, able, harmLeft, P_EFFECTS, P_REACTIONS, P_SUPPORT } = unit;

/** No plan (attackHere's ranking lists none). */
const NO_PLANS: Plan[] = [];

/** TGS-44: a plan this likely (× 20) to put its target OUT is taken however alone it stands. */
const LONE_OUT = 10;

export abstract class TGChoices extends TGPlanner {
  /** attackHere takes its plain twin (plans(u), the first of cost 0): the twins' test. */
  plainHere = false;
  /**
   * A turn's fallback attack (executePlan, noPlan): the first plan of plans(u) that moves no square (cost 0), or null.
   * Issue 32 item 5: the same search and state as plans(u), but only u's own square is scanned, not every square it
   * could reach: its pairs come target by target there as in both of scanWide's orders, and planOrder's sort is
   * stable, so the first of them by planOrder (the best-only ranking's pick) is the same plan. Taunted (TG-Y5: plans(u) keeps the taunter's plans when
   * there are any, at any square) or under `plainHere`: the plain twin, plans(u) and the first of cost 0
   * (test/systems/tactical-grid/planner-twins.test.ts holds them equal).
   */
  attackHere(u: Unit): Plan | null {
    if (u.taunter >= 0 || this.plainHere === true) {
      const every = this.plans(u);
      for (let i = 0; i < every.length; i++) if (every[i].cost === 0) return every[i];
      return null;
    }
    const nt = this.planStart(u, true);
    if (nt === 0) return null;
    const budget = this.pBudget;
    this.searchFrom(this.pf, u, budget, true);
    this.hazardLimited = this.hazardReachable(u, budget);
    this.bestSlot.set = false;
    this.tauntSlot.set = false;
    this.pReach = this.reach(u);
    this.pDeadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0;
    if (!this.canEnd(u, u.cell)) return null;
    // ranked as plans() ranks in best-only mode (beats: planOrder, the first found on ties), not listed: the listing
    // branch, first reached after considerPair was optimized, sent it back to be compiled again in every worker
    this.considerAt(u, this.valueGen, nt, u.cell, 0, -1, NO_PLANS, null);
    const p = this.bestSlot;
    if (p.set !== true) return null;
    const threats = p.threats >= 0 ? p.threats : this.threatsAt(u, p.s);
    return {
      s: p.s,
      target: p.target,
      cost: p.cost,
      charge: p.charge === true,
      deadeye: p.deadeye,
      conds: p.conds,
      pOut: p.pOut,
      eHarm: p.eHarm,
      faced: p.faced,
      threats,
      key1: p.key1,
      score: p.score,
      run: null,
      prev: EMPTY_PREV,
    };
  }
  /**
   * TGS-44 (issue 32): whether u's plan p is a lone charge it should not make (a sheet's: an NPC charges): a move of 3 squares or more to a square
   * 2 enemies or more could attack next turn, no ally of u within 2 squares of it nor yet in reach of an enemy (its
   * side has not come to blows), and less than an even chance to put the target OUT. There it would trade blows alone
   * with the whole enemy side while its allies are still coming (TG-T2: one of them acts per side turn); waiting,
   * Readied, it strikes the first enemy to come (TG-T6). Measured on the samples, side by side, with and without it:
   * never worse for a side beyond noise, and a side that waits wins far more on the Mill Road. Not against sheets
   * whose side has itself waited a turn per member in a row (TGS-53, `comes`).
   */
  loneCharge(u: Unit, p: Plan): boolean {
    return this.loneShape(u, p) && this.foesCome(u);
  }
  /**
   * TGS-44's test but whether an enemy comes (foesCome): what it reads of the fight is the squares, OUT states and
   * Taunts and the plan (TGS-58: pickActor's memo key holds these, so its choice may depend on them; not on foesCome).
   */
  protected loneShape(u: Unit, p: Plan): boolean {
    // (Taunted: it must attack the taunter, TG-Y5)
    // (an NPC charges: issue 32, measured in docs/TACTICS.md — its waits stood both lines still to the round cap)
    if (u.npc === true || u.taunter >= 0 || p.pOut >= LONE_OUT || p.cost < 3 || p.threats < 2) return false;
    const members = this.sideMembers[u.side],
      foes = this.sideFoes[u.side],
      b = this.board;
    // TGS-59 (issue 32): an enemy already OUT: the fight is on, and nobody is still coming to join it
    for (let j = 0; j < foes.length; j++) if (foes[j].out === true) return false;
    let allies = 0;
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (v === u || !able(v) || v.cell < 0) continue;
      allies++;
      if (b.dist(v.cell, p.s) <= 2) return false;
      // an ally already in reach of an enemy: the fight is on, and u joins it
      const reach = v.melee === true ? 1 : v.range0;
      for (let j = 0; j < foes.length; j++) {
        const e = foes[j];
        if (able(e) && e.cell >= 0 && b.dist(v.cell, e.cell) <= reach) return false;
      }
    }
    return allies > 0; // (alone on its side: nobody is coming to wait for)
  }
  /** TGS-44: whether an enemy of u's side may come (comes): not a side that only holds, nor sheets that only wait (TGS-53). */
  protected foesCome(u: Unit): boolean {
    const foes = this.sideFoes[u.side];
    for (let j = 0; j < foes.length; j++) if (this.comes(foes[j])) return true;
    return false;
  }
  /**
   * TGS-44, TGS-48, TGS-53 (issue 32): whether enemy e may come to those waiting for it: able, on the board, not `hold`,
   * with speed, and not a sheet whose side has waited a turn per member in a row (TGS-40's count). Every other wait is
   * bounded by its own side's run (TGS-40, TGS-46, TGS-48: the side then goes in), but a sheet's lone-charge wait
   * (TGS-44) has no bound of its own: such a side waits for us, and a wait for it would last for ever (crypt seed
   * 1269095580: Ryn and Brakka waited, Readied, for Skeleton 5, which waited for them, to the round cap).
   */
  protected comes(e: Unit): boolean {
    return (
      able(e) &&
      e.cell >= 0 &&
      e.ai !== 'hold' &&
      e.speed0 > 0 &&
      (e.npc === true || this.waitRun[e.side] < this.sideMembers[e.side].length) &&
      !this.fightsFromHere(e)
    );
  }
  /**
   * TGS-57 (issue 32): whether enemy e can already attack one of its foes from where it stands (in its reach and sight,
   * no move: canHit). Such an enemy need not come to those waiting for it, and does not: it fights from there, and a
   * wait for it brings nobody but its blows (crypt seed 101309: Ryn waited, Readied, by TGS-44 for four turns under the
   * Bone Priest's fire from the dais, out of his own reach).
   */
  protected fightsFromHere(e: Unit): boolean {
    const foes = this.sideFoes[e.side];
    for (let i = 0; i < foes.length; i++) {
      const v = foes[i];
      if (able(v) && v.cell >= 0 && this.canHit(e, v, v.cell)) return true;
    }
    return false;
  }
  /**
   * TGS-48 (issue 32): whether u's plan p runs a gauntlet it should not: its path steps into the reach and sight of
   * Readied enemies (each fires once, TG-T6, before u's blow), and the harm their attacks are expected to deal u, counted
   * exactly over the die as the planner counts a blow (attackValue, High Ground included), weighed by what u's side has
   * left, is more than the plan is worth (planScore). Then u waits where it stands, Readied, as for a lone charge: the
   * readied enemies must come to it or stand. Not against a side that only holds, nor sheets that only wait (TGS-53),
   * nor once its side has waited a turn per member (TGS-40): waiting would bring nobody (Mill Road: Ryn running past two
   * raiders and the Chief, all Readied, to finish a hurt raider).
   */
  gauntlet(u: Unit, p: Plan): boolean {
    if (u.taunter >= 0) return false;
    const b = this.board,
      foes = this.sideFoes[u.side],
      cells = planCells(p),
      k = this.n * 32; // attackValue's scratch slot
    let taken = 0;
    for (let j = 0; j < foes.length; j++) {
      const r = foes[j];
      if (r.readying !== true || !able(r) || r.cell < 0 || this.canHit(r, u, u.cell)) continue;
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i];
        if (!this.canHit(r, u, c)) continue;
        this.attackValue(r, u, b.height[r.cell] >= b.height[c] + 1 ? X_HIGH : 0, k);
        taken += this.valueHarm[k];
        break;
      }
    }
    if (taken === 0) return false;
    // not where waiting brings nobody: an enemy side that only holds (`hold`, or no speed), or a side that has already
    // waited a turn per member in a row (TGS-40's count)
    if (this.waitRun[u.side] >= this.sideMembers[u.side].length) return false;
    let comes = false;
    for (let j = 0; j < foes.length && !comes; j++) comes = this.comes(foes[j]);
    if (!comes) return false;
    this.dangers();
    return p.score - Math.min(taken, 20 * harmLeft(u)) / this.dgLeft[u.side] < 0;
  }
  /** TG-V9: fewest able enemies in the back sector, then closest in angle to the nearest enemy, then TG-V3 order. */
  bestFacing(u: Unit): { f: number; reason: string } {
    const f = this.bestFacingIndex(u);
    if (this.sink === null) return { f, reason: '' };
    const near = this.facingNear >= 0 ? this.units[this.facingNear] : null;
    const back = this.facingBack;
    return { f, reason: `${back} enem${back === 1 ? 'y' : 'ies'} behind${near ? `, toward ${near.name}` : ''}` };
  }
  /** bestFacing's choice without an object: the able enemies' squares gathered once, then each facing's back count. */
  protected bestFacingIndex(u: Unit): number {
    const b = this.board,
      units = this.units,
      uc = u.cell;
    // the tables' rows of u's square read directly (boards with tables), as the loop would reload them per enemy
    const tables = b.tables === true,
      distT = b.distT,
      backMask = b.backMask,
      row = uc * b.size;
    // the enemies behind per facing, one mask of facings per enemy (at most 8 facings), added as 4-bit counts a facing
    // into one word (fewer than 16 combatants: no count carries into the next), else counted one by one
    const backs = this.facingBacks,
      nf = b.facings.length,
      few = units.length < 16,
      spread = FACING_SPREAD;
    if (!few) for (let f = 0; f < nf; f++) backs[f] = 0; // (a loop: fill() is a builtin call for four numbers)
    // over u's foes only (placement order, as the nearest's ties need)
    let near = -1,
      nearD = INF,
      packed = 0;
    const foes = this.sideFoes[u.side];
    for (let i = 0; i < foes.length; i++) {
      const v = foes[i],
        vc = v.cell;
      if (!able(v) || vc < 0) continue;
      const d = tables ? distT[row + vc] : b.dist(uc, vc);
      if (d < nearD) {
        near = v.idx;
        nearD = d;
      }
      const mask = tables ? backMask[row + vc] : b.backFacings(uc, vc);
      if (few) packed = (packed + spread[mask]) | 0;
      else for (let m = mask; m !== 0; m &= m - 1) backs[31 - Math.clz32(m & -m)]++;
    }
    let best = 0,
      bestBack = INF;
    for (let f = 0; f < nf; f++) {
      const back = few ? (packed >>> (4 * f)) & 15 : backs[f];
      if (back < bestBack || (back === bestBack && near >= 0 && b.angleCmp(u.cell, f, best, units[near].cell) > 0)) {
        best = f;
        bestBack = back;
      }
    }
    this.facingNear = near;
    this.facingBack = bestBack;
    return best;
  }
  // ── rolls (TG-R3, TG-V6) ──
  /**
   * Best ready tag for a roll kind: most stars for it (1✦ less for the other kind); on ties the one worth least on the
   * other kind of roll (TGS-36, issue 32: a "Tower Shield" is kept for defence when a weapon tag gives the attack as much),
   * then first declared.
   */
  bestTag(u: Unit, kind: 'offensive' | 'defensive'): TagState | null {
    let best: TagState | null = null,
      bv = 0;
    for (let tAt = 0, tList = u.tags; tAt < tList.length; tAt++) {
      const t = tList[tAt];
      if (t.exhausted === true) continue;
      const v = Math.max(0, t.stars - (t.kind !== null && t.kind !== kind ? 1 : 0));
      if (
        v > bv ||
        (v === bv && best !== null && v > 0 && best.kind !== null && best.kind !== kind && t.kind !== best.kind)
      ) {
        best = t;
        bv = v;
      }
    }
    return best;
  }
  tagValue(t: TagState, kind: 'offensive' | 'defensive'): number {
    return Math.max(0, t.stars - (t.kind !== null && t.kind !== kind ? 1 : 0));
  }
  /** TG-V8: the reactor with the most reactions left, then placement order. */
  pickReactor(cands: Unit[]): Unit | null {
    let best: Unit | null = null;
    for (let vAt = 0, vList = cands; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (able(v) && v.pools[P_REACTIONS] > 0 && (best === null || v.pools[P_REACTIONS] > best.pools[P_REACTIONS]))
        best = v;
    }
    return best;
  }
  /** TG-V6 TGS-14: the first effect that applies: Splash, Move, Stun, Hinder, Weaken. */
  protected chooseEffect(a: Unit, t: Unit, base: number): ChosenEffect | null {
    if (a.pools[P_EFFECTS] <= 0 || !able(t) || t.cell < 0) return null;
    if (base >= 1 && this.splashSides(a, t) === SPLASH_ENEMIES_ONLY) return EFFECT_SPLASH;
    const b = this.board;
    const canCollide = !this.hasCollided(a, 'move');
    for (let d = 0; d < b.nDirs; d++) {
      const c = b.nb[t.cell * b.nDirs + d];
      const o = c >= 0 ? this.occ[c] : -1;
      if (c < 0 || this.solid[c]) {
        if (canCollide) return effectMove(d);
      } else if (o >= 0) {
        if (canCollide && this.enemies(a, this.units[o])) return effectMove(d);
      } else if (b.hazard[c]) return effectMove(d);
    }
    // TGS-32: a Stun only bites when someone else of t's side can take that side's next turn instead (TG-E6 lets a
    // lone able member act anyway), so it needs another able member there that is fresh and not stunned itself
    // TGS-49 (issue 32): not when a stronger member would act instead: then no effect, the pool kept for a Stun that bites
    if (t.exhausted !== true && this.otherFresh(t)) return this.stunBites(t) ? EFFECT_STUN : null;
    // TGS-37 (issue 32): Hinder takes nothing from an enemy that need not move (one next to a foe attacks it at speed 1 and range
    // 1) or that holds its square: Weaken takes a star off its strongest tag then, if it has one
    if ((t.ai === 'hold' || this.adjacentEnemy(t)) && hasStar(t)) return EFFECT_WEAKEN;
    return this.reach(t) === 1 ? EFFECT_HINDER_SPEED : EFFECT_HINDER_RANGE;
  }
  /**
   * TGS-49 (issue 32): a Stun of t hands its side's next turn to another fresh member (TG-E6): worth it only when none
   * of those is more dangerous than t (dangers(): the most harm one attack of each could deal). Stunning a weak raider
   * or wolf makes its Chief or Dire Wolf act instead.
   */
  protected stunBites(t: Unit): boolean {
    this.dangers();
    const dt = this.dgOf[t.idx],
      members = this.sideMembers[t.side];
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (v !== t && able(v) && v.exhausted !== true && v.stunned !== true && this.dgOf[v.idx] > dt) return false;
    }
    return true;
  }
  /**
   * TG-R6 TGS-42 (issue 32): the simulated GM spends one of a failure's `n` banes moving the roller into an empty
   * hazard square beside it (TG-V3 order), when the rest do not put it OUT anyway: the hazard's harm on entry (TG-K3,
   * TG-Z1) equals the bane's stress, and the roller then starts its turn in the fire (1 more) or spends movement
   * leaving it. Else none: every bane is stress.
   */
  protected chooseBaneMove(roller: Unit, n: number): { who: number; dir: number } | null {
    const b = this.board;
    if (b.hazardCells.length === 0 || n < 1 || !able(roller) || roller.cell < 0 || n - 1 >= harmLeft(roller))
      return null;
    if (b.hazard[roller.cell]) return null;
    for (let d = 0; d < b.nDirs; d++) {
      const c = b.nb[roller.cell * b.nDirs + d];
      if (c >= 0 && b.hazard[c] && this.occ[c] < 0 && this.canEnd(roller, c)) return { who: roller.idx, dir: d };
    }
    return null;
  }
  /**
   * TG-B6 TGS-26 (issue 32): the ally Combat Gurney u drags into `left`, the square its step just left: a wounded
   * ally (2 harm or less from OUT) whom it takes out of some enemy's reach (fewer enemies could attack it there), or
   * an ally not engaged (no enemy beside it, not readying, not `hold`) whom it carries nearer the enemy without bringing
   * it into more enemies' reach. Never onto a hazard. The first such ally in placement order; null: none.
   */
  protected gurneyPick(u: Unit, left: number): Unit | null {
    const b = this.board;
    if (b.hazard[left] || this.solid[left] || this.occ[left] >= 0) return null;
    let prepared = false;
    let dl = 0;
    const members = this.sideMembers[u.side];
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (v === u || !able(v) || v.cell < 0 || v.cell === u.cell || b.dist(v.cell, left) !== 1) continue;
      if (!prepared) {
        this.dangerFrom(u);
        dl = this.dangerAt(left);
        prepared = true;
      }
      const dv = this.dangerAt(v.cell);
      if (harmLeft(v) <= 2 && dl < dv) return v;
      if (
        v.readying !== true &&
        v.ai !== 'hold' &&
        dl <= dv &&
        !this.adjacentEnemy(v) &&
        !this.adjacentEnemy(v, left) &&
        this.nearestFoeDist(v, left) < this.nearestFoeDist(v, v.cell)
      )
        return v;
    }
    return null;
  }
  /** TG-B9 TG-V6: knockback only for a collision, a hazard, or 2 squares when its reach ≥ 2. */
  protected chooseKnockback(a: Unit, t: Unit): { dir: number; n: number } | null {
    const d = this.awayDir(a, t);
    const b = this.board;
    let c = t.cell;
    for (let k = 1; k <= 2; k++) {
      const nx = b.nb[c * b.nDirs + d];
      if (nx < 0 || this.solid[nx] || this.occ[nx] >= 0)
        return this.hasCollided(a, 'knockback') ? null : { dir: d, n: k };
      if (b.hazard[nx]) return { dir: d, n: k };
      c = nx;
    }
    return this.reach(a) >= 2 ? { dir: d, n: 2 } : null;
  }
  /**
   * TG-B3 TGS-41 (issue 32): who pays a support of u on ally t costing `cost`: a Potion Seller spends the ally's pool
   * first when it can pay and is not itself a healer (a non-healer's pool only ever heals an ally one harm from OUT:
   * it would mostly lie unspent), else its own, and the ally's when its own is short; anyone else pays itself.
   */
  payerFor(u: Unit, t: Unit, cost: number): Unit {
    if ((u.abil & AB_POTION) === 0 || t === u || t.pools[P_SUPPORT] < cost) return u;
    return t.ai !== 'healer' || u.pools[P_SUPPORT] < cost ? t : u;
  }
  /** TG-V4 TGS-19: the simulated support of u's turn. */
  /** TG-B5: the first OUT, not dead ally beside u on a square free to stand up on (apart from support: its closure would give every call a context). */
  protected revivable(u: Unit, allies: readonly Unit[]): Unit | undefined {
    return allies.find(
      (v) => v.out === true && v.dead !== true && this.board.dist(u.cell, v.cell) === 1 && this.occ[v.cell] < 0,
    );
  }
}
