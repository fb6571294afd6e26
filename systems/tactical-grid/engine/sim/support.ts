// Support and abilities (TACTICAL-GRID.md "Support", "Abilities", "Reactions"): heal, recover, Buff (TG-S1..S4),
// the abilities (TG-B1..B9), Bolster, Taunt and Command (TG-Y3, TG-Y5, TG-Y6).

import * as model from '../../model.js';
import * as unit from '../unit.js';
import type { TagState, Unit } from '../unit.js';
import * as common from './common.js';
import { TGAttack } from './attack.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { firstExhausted } = common;
const { STILL_LIFE_USES, COST_BUFF, COST_HEAL, COST_RECOVER } = model;
const {
  AB_SHADOWS,
  AB_POTION,
  AB_MIRACLE,
  AB_GURNEY,
  AB_TATTOO,
  AB_STILL_LIFE,
  able,
  P_REACTIONS,
  P_SUPPORT,
  P_ANALYSIS,
} = unit;

export abstract class TGSupport extends TGAttack {
  /** TG-B2: Into the Shadows, once: enemies cannot target it until its next turn starts. */
  shadows(u: Unit): boolean {
    if ((u.abil & AB_SHADOWS) === 0 || u.usedShadows === true || !able(u)) return false;
    u.usedShadows = true;
    u.stealth = true;
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'into the shadows',
        detail: 'hidden from enemies until its next turn (TG-B2)',
      });
    return true;
  }
  /** TG-Y3: Bolster, +1 speed or range for the ally's turn. */
  bolster(r: Unit, u: Unit, kind: 'speed' | 'range', reason: string): boolean {
    if (r.pools[P_REACTIONS] <= 0 || !able(r) || this.enemies(r, u)) return false;
    if (kind === 'speed') u.speed++;
    else u.range++;
    this.spendReaction(r, 'bolster', u, reason, `+1 ${kind}`);
    return true;
  }
  /** TG-Y5: Taunt at an enemy's turn start: it must attack the reactor this turn if it can (TG-V5 keeps only such plans). */
  taunt(g: Unit, u: Unit, reason: string): boolean {
    if (g.pools[P_REACTIONS] <= 0 || !able(g) || !this.enemies(g, u)) return false;
    const kept = this.scoredStands(u);
    this.spendReaction(g, 'taunt', u, reason);
    u.taunter = g.idx;
    // a scored plan already on the guard (or none at all) is what TG-V5 keeps under the Taunt too
    const p0 = this.scored[u.idx];
    if (kept && (p0 === null || p0.target === g.idx)) this.scoredAt[u.idx] = this.version;
    return true;
  }
  /** TG-Y6: Command: an exhausted ally stops being exhausted and may be picked. */
  command(r: Unit, j: Unit, reason: string): boolean {
    if (r.pools[P_REACTIONS] <= 0 || !able(r) || this.enemies(r, j) || r === j) return false;
    this.spendReaction(r, 'command', j, reason);
    j.exhausted = false;
    return true;
  }
  // ── support (TG-S, TG-V4) and abilities (TG-B) ──
  /** Pays `cost` support for `who`, from `payer` (TG-B3: an ally's pool if Potion Seller). */
  protected paySupport(who: Unit, payer: Unit, cost: number): boolean {
    if (payer !== who && (who.abil & AB_POTION) === 0) return false;
    if (payer.pools[P_SUPPORT] < cost) return false;
    payer.pools[P_SUPPORT] -= cost;
    return true;
  }
  /** TG-S1: a support target: itself or an ally in range and LOS, not OUT. */
  supportable(u: Unit, t: Unit): boolean {
    return (
      able(t) &&
      !this.enemies(u, t) &&
      (t === u || (this.board.dist(u.cell, t.cell) <= u.range && this.los(u.cell, t.cell)))
    );
  }
  /** TG-S2: Heal 1 (sheet: −1 stress; NPC: +1 health up to its start). */
  heal(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    if (!this.supportable(u, t) || !this.paySupport(u, payer, COST_HEAL)) return false;
    let detail: string;
    if (t.npc === true) {
      const f = t.health;
      t.health = Math.min(t.health0, t.health + 1);
      this.harmVersion++;
      detail = this.sink !== null ? `health ${f}→${t.health}` : '';
    } else {
      const f = t.stress;
      t.stress = Math.max(0, t.stress - 1);
      this.harmVersion++;
      detail = this.sink !== null ? `stress ${f}→${t.stress}/${t.cap}` : '';
    }
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'heal',
        target: t.name,
        detail,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-S3: Recover (2) one exhausted tag of a sheet. */
  recoverSupport(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    const g = firstExhausted(t);
    if (t.npc === true || !g || !this.supportable(u, t) || !this.paySupport(u, payer, COST_RECOVER)) return false;
    g.exhausted = false;
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'recover',
        target: t.name,
        detail: `"${g.name}" ready`,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-S4: Buff (2): +1 drive to a sheet. */
  buff(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    if (t.npc === true || !this.supportable(u, t) || !this.paySupport(u, payer, COST_BUFF)) return false;
    t.drive++;
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'buff',
        target: t.name,
        detail: `drive ${t.drive}`,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-T5: the main action Recover: one of its own exhausted tags. */
  recoverTag(u: Unit, _by: Unit, g: TagState, reason: string): void {
    g.exhausted = false;
    if (this.note())
      this.emit({
        type: 'tag',
        round: this.round,
        who: u.name,
        tag: g.name,
        stars: g.stars,
        change: 'recovered',
        reason,
      });
  }
  /** TG-Q1: one question from the analysis pool (the simulator never asks). */
  analyse(u: Unit): boolean {
    if (u.pools[P_ANALYSIS] <= 0) return false;
    u.pools[P_ANALYSIS]--;
    return true;
  }
  /** TG-B5 TGS-25: Miracle Worker: an adjacent OUT ally loses 1 stress and is back, exhausted. */
  miracle(u: Unit, t: Unit): boolean {
    if (
      (u.abil & AB_MIRACLE) === 0 ||
      u.usedMiracle === true ||
      t.out !== true ||
      t.dead === true ||
      this.enemies(u, t) ||
      this.board.dist(u.cell, t.cell) !== 1 ||
      this.occ[t.cell] >= 0
    )
      return false;
    u.usedMiracle = true;
    if (t.npc === true) t.health = Math.min(t.health0, t.health + 1);
    else t.stress = Math.max(0, t.stress - 1);
    t.out = false;
    this.harmVersion++;
    this.moved();
    t.exhausted = true;
    this.markers[t.cell]--;
    this.occ[t.cell] = t.idx;
    if (this.note()) this.emit({ type: 'back', round: this.round, who: t.name, at: this.sq(t.cell) });
    if (this.note())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'miracle',
        target: t.name,
        detail: t.npc === true ? `health ${t.health}` : `stress ${t.stress}/${t.cap}, back and exhausted`,
        left: u.pools[P_SUPPORT],
        reason: 'adjacent OUT ally (TG-B5)',
      });
    return true;
  }
  /** TG-B7: Runic Tattoo: +1 Attack and Defense for the combat (NPC: +1 difficulty). */
  tattoo(u: Unit, t: Unit): boolean {
    if (
      (u.abil & AB_TATTOO) === 0 ||
      u.usedTattoo === true ||
      this.enemies(u, t) ||
      !able(t) ||
      this.board.dist(u.cell, t.cell) > u.range
    )
      return false;
    u.usedTattoo = true;
    if (t.npc === true) {
      t.difficulty++;
      this.harmVersion++; // (the side dangers read difficulties)
    } else {
      t.attackBonus++;
      t.defenseBonus++;
    }
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'runic tattoo',
        detail:
          t.npc === true
            ? `${t.name} difficulty ${t.difficulty}`
            : `${t.name} attack ${this.attackMod(t)}, defense ${this.defenseMod(t)} (TG-B7)`,
      });
    return true;
  }
  /** TG-B8: Still Life on an empty square in range and LOS, twice per combat. */
  stillLife(u: Unit, c: number): boolean {
    if (
      (u.abil & AB_STILL_LIFE) === 0 ||
      u.stillLife >= STILL_LIFE_USES ||
      c < 0 ||
      this.wall[c] ||
      this.occ[c] >= 0 ||
      this.markers[c] > 0
    )
      return false;
    if (this.board.dist(u.cell, c) > u.range || !this.los(u.cell, c)) return false;
    u.stillLife++;
    this.wall[c] = 1;
    this.solid[c] = 1;
    this.stillOwner[c] = u.idx;
    this.wallsAsMap = false;
    this.losCache?.fill(0);
    this.losDirty = true;
    this.wallVersion++;
    this.moved(); // the walls changed (fillPass)
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'still life',
        detail: `obstacle at ${this.sq(c)} (TG-B8)`,
        obstacle: this.sq(c),
      });
    return true;
  }
  /** TG-B8: a main action removes an adjacent Still Life obstacle. */
  removeStillLife(u: Unit, c: number): boolean {
    if (c < 0 || this.stillOwner[c] < 0 || this.board.dist(u.cell, c) !== 1) return false;
    this.stillOwner[c] = -1;
    this.wallsAsMap = false;
    this.losCache?.fill(0);
    this.losDirty = true;
    this.wallVersion++;
    this.moved(); // the walls changed (fillPass)
    this.wall[c] = this.board.obstacle[c];
    this.solid[c] = this.board.obstacle[c] && !this.board.enterable[c] ? 1 : 0;
    this.mainUsed = true;
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'still life',
        detail: `removes the obstacle at ${this.sq(c)} (TG-B8)`,
        obstacle: this.sq(c),
        removed: true,
      });
    return true;
  }
  /** TG-B6: after a step from `left`, drag an ally adjacent to `left` into it (TG-Z1); the simulator never does (TGS-26). */
  gurney(u: Unit, ally: Unit, left: number): boolean {
    if (
      (u.abil & AB_GURNEY) === 0 ||
      this.enemies(u, ally) ||
      !able(ally) ||
      this.board.dist(ally.cell, left) !== 1 ||
      this.occ[left] >= 0 ||
      this.solid[left]
    )
      return false;
    const from = ally.cell;
    if (this.occ[from] === ally.idx) this.occ[from] = -1;
    ally.cell = left;
    this.moved();
    this.occ[left] = ally.idx;
    if (this.note())
      this.emit({
        type: 'push',
        round: this.round,
        who: ally.name,
        by: u.name,
        from: this.sq(from),
        to: this.sq(left),
        cause: 'gurney',
      });
    if (this.board.hazard[left]) this.damage(ally, 1, null, `dragged into hazard ${this.sq(left)} (TG-Z1)`);
    return true;
  }
}
