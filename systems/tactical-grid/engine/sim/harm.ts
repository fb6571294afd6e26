// Harm (TACTICAL-GRID.md "Damage"): health and stress (TG-D1..D4), Protect (TG-Y4), going OUT and its marker
// (TG-D3), and the end test (TG-T7) that unwinds the turn with `Ended`.

import * as model from '../../model.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import * as common from './common.js';
import { TGPasses } from './passes.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { WIN, ENDED, DRAW, OUTCOME_WORD } = common;
const { RAGE_BONUS } = model;
const { AB_HEX, AB_RAGE, able, P_REACTIONS } = unit;

export abstract class TGHarm extends TGPasses {
  protected skipEmptySides(): void {
    while (this.cursor < this.nSides && !this.sideAble(this.sideOrder[this.cursor])) this.cursor++;
  }
  /** Side s has an able member. */
  protected sideAble(s: number): boolean {
    const members = this.sideMembers[s];
    for (let i = 0; i < members.length; i++) if (members[i].out !== true) return true;
    return false;
  }
  /** TG-T7: at most one side with able combatants ends the combat. Throws Ended when `unwind`. */
  checkEnd(unwind = true): void {
    if (this.result >= 0) return;
    // asked after every harm: with no one OUT or back since it last found two sides able (an OUT change bumps
    // posVersion, as the threat counts need), the answer stands
    if (this.endCheckedAt === this.posVersion) return;
    let alive = -1,
      count = 0;
    for (let s = 0; s < this.nSides; s++) {
      if (this.sideAble(s)) {
        alive = s;
        count++;
      }
    }
    if (count > 1) {
      this.endCheckedAt = this.posVersion;
      return;
    }
    if (count === 1) this.finish(WIN, alive);
    else this.finish(DRAW, -1);
    if (unwind) throw ENDED;
  }
  protected finish(r: number, w: number): void {
    this.result = r;
    this.winner = w;
    this.endRound = this.round;
    if (this.sink !== null)
      this.emit({
        type: 'end',
        round: this.round,
        outcome: OUTCOME_WORD[r],
        winner: w >= 0 ? this.sideNames[w] : null,
      });
  }
  // ── harm (TG-D) ──
  /** TG-D4: damage to a sheet is stress, to an NPC health. */
  damage(t: Unit, n: number, src: Unit | null, cause: string): void {
    if (!able(t) || n <= 0) return;
    if (t.npc !== true) {
      this.stressOn(t, n, src, cause);
      return;
    }
    const from = t.health;
    t.health = Math.max(0, t.health - n);
    this.harmVersion++;
    const took = from - t.health;
    t.taken += took;
    if (src !== null) src.dealt += took;
    if (this.note())
      this.emit({
        type: 'harm',
        round: this.round,
        who: t.name,
        from,
        to: t.health,
        source: src ? src.name : null,
        cause,
      });
    if (t.health === 0) this.goOut(t);
    this.checkEnd();
  }
  /**
   * TG-V8 TGS-17: t's protector for `need` stress: of the allies adjacent to t who could take it and stay in (able, not
   * NPCs), pickReactor's choice (the first with the most reactions left), found without building the list.
   */
  protected protector(t: Unit, need: number): Unit | null {
    const allies = this.sideMembers[t.side],
      b = this.board;
    let best: Unit | null = null,
      most = 0;
    for (let i = 0; i < allies.length; i++) {
      const v = allies[i],
        left = v.pools[P_REACTIONS];
      if (
        left <= most ||
        v === t ||
        v.out === true ||
        v.npc === true ||
        v.cell < 0 ||
        b.dist(v.cell, t.cell) !== 1 ||
        v.stress + need >= v.cap
      )
        continue;
      best = v;
      most = left;
    }
    return best;
  }
  /** TG-D1 TG-Y4 TG-B4 TG-B10: stress on a sheet (NPCs: health), with Protect, Vengeful Hex and Rage. */
  stressOn(t: Unit, n: number, src: Unit | null, cause: string, protect?: { by: Unit; amount: number }): void {
    if (!able(t) || n <= 0) return;
    if (t.npc === true) {
      this.damage(t, n, src, cause);
      return;
    }
    let p = protect;
    if (p === undefined && t.stress + n >= t.cap) {
      // TG-V8 TGS-17: an adjacent ally takes the least amount that keeps t in, if it stays in itself
      const need = t.stress + n - (t.cap - 1);
      const r = this.protector(t, need);
      if (r !== null) p = { by: r, amount: need };
    }
    if (
      p !== undefined &&
      p.amount > 0 &&
      p.by.pools[P_REACTIONS] > 0 &&
      able(p.by) &&
      this.board.dist(p.by.cell, t.cell) === 1
    ) {
      const k = Math.min(p.amount, n);
      this.spendReaction(p.by, 'protect', t, 'it would go OUT (TG-V8)', `takes ${k} of ${n}`);
      this.stressOn(p.by, k, src, `protecting ${t.name} (TG-Y4)`, { by: p.by, amount: 0 });
      n -= k;
      if (n <= 0 || !able(t)) return;
    }
    const from = t.stress;
    t.stress = Math.min(t.cap, t.stress + n);
    this.harmVersion++;
    const took = t.stress - from;
    t.taken += took;
    if (src !== null) src.dealt += took;
    if (this.note())
      this.emit({
        type: 'stress',
        round: this.round,
        who: t.name,
        amount: took,
        from,
        to: t.stress,
        cap: t.cap,
        source: src ? src.name : null,
        cause,
      });
    if (t.stress >= t.cap) this.goOut(t);
    else {
      if ((t.abil & AB_RAGE) !== 0 && t.usedRage !== true && took > 0) {
        t.usedRage = true;
        t.attackBonus += RAGE_BONUS;
        if (this.note())
          this.emit({
            type: 'ability',
            round: this.round,
            who: t.name,
            ability: 'rage',
            detail: `attack ${this.attackMod(t)} for the combat (TG-B10)`,
          });
      }
    }
    if (
      src !== null &&
      this.enemies(src, t) &&
      (t.abil & AB_HEX) !== 0 &&
      t.usedHex !== true &&
      took > 0 && // TG-B4 ruling (issue 34 item 14): also the stress that takes t OUT (an exception to TG-D3)
      able(src)
    ) {
      t.usedHex = true;
      if (this.note())
        this.emit({
          type: 'ability',
          round: this.round,
          who: t.name,
          ability: 'vengeful hex',
          detail: `hexes ${src.name} (TG-B4)`,
        });
      this.damage(src, 1, t, 'vengeful hex (TG-B4)');
    }
    this.checkEnd();
  }
  /** TG-D2 TG-D3: OUT with a marker, or dead and off the map. */
  protected goOut(t: Unit): void {
    t.out = true;
    this.harmVersion++;
    this.moved();
    t.readying = false;
    t.stealth = false;
    t.stunned = false;
    const at = t.cell;
    if (this.occ[at] === t.idx) this.occ[at] = -1;
    t.dead = t.npc === true && t.c.atZero === 'dies';
    if (t.dead === true) t.cell = -1;
    else this.markers[at]++;
    if (this.note()) this.emit({ type: 'out', round: this.round, who: t.name, at: this.sq(at), dead: t.dead === true });
    // TG-T3: a fresh member going OUT may leave only exhausted ones (not mid-turn for the actor's side: it exhausts at its end)
    if (this.actor < 0 || this.units[this.actor].side !== t.side) this.refreshIfAllExhausted(t.side);
  }

  // ── asked of the layers above ──
  abstract refreshIfAllExhausted(s: number): void;
  abstract spendReaction(r: Unit, reaction: string, target: Unit, reason: string, detail?: string): void;
}
