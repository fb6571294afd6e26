// Attacks (TACTICAL-GRID.md "Attacks", "Rolls", "Effects"): the roll with its tag, drive and Help (TG-R1..R6),
// the attack and its outcome (TG-A1..A6), banes (TG-R5, TG-R6), effects (TG-E1..E6), reactions spent
// (TG-Y1). Where the attacker chooses (an effect, a tag, a helper), it asks the policy (policy/choices.ts).

import * as model from '../../model.js';
import type { ModView } from '../events.js';
import * as rolls from '../rolls.js';
import * as tactics from '../tactics.js';
import * as unit from '../unit.js';
import type { TagState, Unit } from '../unit.js';
import type { EffectName, AttackOpts, RollResult, ChosenEffect } from './common.js';
import * as common from './common.js';
import { TGMovement } from './movement.js';
import type { OptionFacts, RuleChoice } from '../../../../model/priority-run.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  NO_MODS,
  NO_NAMES,
  readyTag,
  condNamesOf,
  SPLASH_ENEMIES_ONLY,
  SPLASH_ALLIES,
  EFFECT_STUN,
  EFFECT_HINDER_SPEED,
  EFFECT_HINDER_RANGE,
  EFFECT_WEAKEN,
} = common;
const { DIE, MAX_DRIVE_SPENT } = model;
const { banes, baseDamage, CRIT_FAIL, isSuccess, OUTCOME_NAMES, outcome, successFaces } = rolls;
const { TACTIC_NAMES } = tactics;

/** Issue 33: the tag and effect decisions' options without a tag or an effect, as GM rules see them. */
const NO_TAG_FACT: OptionFacts = { action: 'no tag', target: -1 };
const NO_EFFECT_FACT: OptionFacts = { action: 'no effect', target: -1 };
/** An effect as GM rules name it (schema.ts TG_TACTICS): Hinder by what it takes. */
function effectWord(e: ChosenEffect): string {
  return e.name === 'hinder' ? (e.kind === 'range' ? 'hinder range' : 'hinder speed') : e.name;
}
const { AB_KNOCKBACK, able, H_RANGE, H_SPEED, harmLeft, P_EFFECTS, P_REACTIONS, P_TACTICS } = unit;

export abstract class TGAttack extends TGMovement {
  /** A helper for `roller` (TG-Y2 TG-V6 TGS-18): an able ally with the roller in its sheet range, most reactions. */
  protected helper(roller: Unit): Unit | null {
    // pickReactor over the able allies with the roller in range: the first with the most reactions left
    let best: Unit | null = null;
    for (let vAt = 0, vList = this.units; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (v === roller || !able(v) || this.enemies(v, roller) || this.board.dist(v.cell, roller.cell) > v.range0)
        continue;
      if (v.pools[P_REACTIONS] > 0 && (best === null || v.pools[P_REACTIONS] > best.pools[P_REACTIONS])) best = v;
    }
    return best;
  }
  spendReaction(r: Unit, reaction: string, target: Unit, reason: string, detail = ''): void {
    r.pools[P_REACTIONS]--;
    if (this.note())
      this.emit({
        type: 'react',
        round: this.round,
        who: r.name,
        reaction,
        target: target.name,
        detail,
        left: r.pools[P_REACTIONS],
        reason,
      });
  }
  /** Issue 32: the tag decision offered (no tag, or one of the roller's ready tags), the policy's `tag` chosen. */
  protected decideTag(roller: Unit, kind: 'offensive' | 'defensive', tag: TagState | null): TagState | null {
    const ready: (TagState | null)[] = [null],
      names = ['no tag'];
    for (const g of roller.tags)
      if (g.exhausted !== true) {
        ready.push(g);
        names.push(`"${g.name}" (+${this.tagValue(g, kind)} ${kind === 'offensive' ? 'attack' : 'defense'})`);
      }
    let chosen = ready.indexOf(tag);
    // issue 33: a roller with GM rules (`tag "Tower Shield"`, `no tag`, `never tag … when self is acting`)
    let ruled: RuleChoice | undefined;
    if (roller.tactics !== null) {
      const facts: OptionFacts[] = ready.map((g) =>
        g === null ? NO_TAG_FACT : { action: 'tag', name: g.name, target: -1 },
      );
      ruled = this.byRules(roller, facts, chosen);
      if (ruled !== undefined) {
        chosen = ruled.option;
        this.ruleLine(roller, ruled);
      }
    }
    if (this.control === null) return ready[chosen];
    const k = kind === 'offensive' ? 'tag on attack' : 'tag on defence';
    return ready[this.offer(roller.idx, k, names, chosen, this.ruleKey(roller, ruled))];
  }
  /** TG-R3 TG-V6: builds a roller's modifier (tag, drive, Help) and rolls; returns [face, total, outcome, mods]. */
  protected roll(
    roller: Unit,
    kind: 'offensive' | 'defensive',
    D: number,
    decisive: boolean,
    o: AttackOpts,
  ): RollResult {
    const mods: ModView[] = this.sink !== null ? [] : NO_MODS; // the modifiers' labels only for a listener
    const base = kind === 'offensive' ? this.attackMod(roller) : this.defenseMod(roller);
    if (this.sink !== null) mods.push({ label: kind === 'offensive' ? 'attack' : 'defense', value: base });
    let mod = base;
    let tag: TagState | null = null;
    let ruledTag = false;
    if (o.tag !== undefined) tag = o.tag === null ? null : readyTag(roller, o.tag);
    else {
      const bt = this.bestTag(roller, kind);
      if (bt !== null && (decisive === true || successFaces(mod, D, this.rr) < DIE / 2)) tag = bt;
      if (bt !== null && (this.control !== null || roller.tactics !== null)) {
        const policy = tag;
        tag = this.decideTag(roller, kind, tag);
        ruledTag = tag !== policy;
      }
    }
    if (tag !== null) {
      const v = this.tagValue(tag, kind);
      tag.exhausted = true;
      mod += v;
      if (this.sink !== null) mods.push({ label: `"${tag.name}"`, value: v });
      if (this.note())
        this.emit({
          type: 'tag',
          round: this.round,
          who: roller.name,
          tag: tag.name,
          stars: tag.stars,
          change: 'exhausted',
          reason: ruledTag
            ? 'by a GM rule'
            : decisive
              ? 'decisive roll (TG-V6)'
              : 'chance under 1/2 without it (TG-V6)',
        });
    }
    let drive = 0;
    const maxD = Math.min(MAX_DRIVE_SPENT, roller.drive);
    if (o.drive !== undefined) drive = Math.min(o.drive, maxD);
    else if (decisive === true && maxD > 0) {
      const top = successFaces(mod + maxD, D, this.rr);
      while (drive < maxD && successFaces(mod + drive, D, this.rr) < top) drive++;
    }
    if (drive > 0) {
      roller.drive -= drive;
      mod += drive;
      if (this.sink !== null) mods.push({ label: 'drive', value: drive });
      if (this.note())
        this.emit({
          type: 'drive',
          round: this.round,
          who: roller.name,
          spent: drive,
          left: roller.drive,
          reason: 'decisive roll: the least drive reaching the best chance (TG-V6)',
        });
    }
    // at most one helper (a scene's, or TG-V6's for a decisive roll)
    const h =
      o.help !== undefined ? (o.help >= 0 ? this.units[o.help] : null) : decisive === true ? this.helper(roller) : null;
    if (h && h.pools[P_REACTIONS] > 0) {
      this.spendReaction(h, 'help', roller, 'decisive roll (TG-V6)');
      mod += 1;
      if (this.sink !== null) mods.push({ label: 'help', value: 1 });
    }
    const face = this.dice.d20(roller.idx);
    // one result object per simulator, read by the caller at once (a readied attack later in its turn rolls again)
    const r = this.rollResult;
    r.face = face;
    r.total = face + mod;
    r.out = outcome(face, mod, D, this.rr);
    r.mods = mods;
    return r;
  }
  // ── attacks (TG-A) ──
  /** One attack of a on t (TG-A1 … A6, TG-X, TG-E, TG-B9), then banes (TG-R4, TG-R5). */
  attack(a: Unit, t: Unit, o: AttackOpts = {}): void {
    const b = this.board;
    const ready = !!o.ready;
    const de = o.deadeye ?? 0;
    const charge = !ready && this.chargeMet(a, t);
    const lineUp = !ready && this.actor === a.idx && this.startDist[t.idx] === this.reach(a, de); // TGS-11
    const conds = this.conditions(a, t, a.cell, charge, lineUp);
    const condNames = this.sink !== null ? condNamesOf(conds) : NO_NAMES; // names only for a listener (no list per fast-path attack)
    const dist = b.dist(a.cell, t.cell);
    const reach = this.reach(a, de);
    const reason = o.reason ?? 'scene';
    if (a.npc === true && t.npc === true) {
      // TG-A4: a clash, no roll; the GM's tag is logged only
      let nc = 0;
      for (let m = conds; m; m &= m - 1) nc++;
      const ad = a.difficulty + nc,
        td = t.difficulty;
      const res = ad > td ? 'attacker' : ad < td ? 'target' : 'tie';
      const strongest = a.tags.reduce<TagState | null>((x, y) => (!x || y.stars > x.stars ? y : x), null);
      if (this.note())
        this.emit({
          type: 'clash',
          round: this.round,
          who: a.name,
          whoDiff: ad,
          target: t.name,
          targetDiff: td,
          tag: strongest ? strongest.name : null,
          result: res,
          conditions: condNames,
          ready,
          reason,
        });
      if (res === 'attacker') this.damage(t, 1, a, 'clash (TG-A4)');
      else if (res === 'target') this.damage(a, 1, t, 'clash (TG-A4)');
      return;
    }
    if (a.npc === true) {
      // TG-A3: the sheet target defends against the attacker's difficulty + 1 per tactic condition
      let nc = 0;
      for (let m = conds; m; m &= m - 1) nc++;
      const D = a.difficulty + nc;
      const B = banes(D, false, this.rr);
      const decisive = B >= harmLeft(t); // TGS-27
      const { face, total, out, mods } = this.roll(t, 'defensive', D, decisive, o);
      const vsMods: ModView[] =
        this.sink !== null
          ? [{ label: 'difficulty', value: a.difficulty }, ...condNames.map((c) => ({ label: c, value: 1 }))]
          : NO_MODS;
      if (this.note())
        this.emit({
          type: 'attack',
          round: this.round,
          who: a.name,
          target: t.name,
          at: this.sq(t.cell),
          dist,
          reach,
          roller: t.name,
          face,
          mods,
          total,
          vs: D,
          vsMods,
          outcome: OUTCOME_NAMES[out],
          ready,
          reason,
        });
      if (!isSuccess(out)) this.banesFor(t, D, out === CRIT_FAIL, a, o.baneMove);
      return;
    }
    // TG-A2 / TG-A5: the sheet attacker rolls offense
    const D = this.difficultyOf(t);
    let nc = 0;
    for (let m = conds; m; m &= m - 1) nc++;
    const tac = Math.min(a.pools[P_TACTICS], nc);
    const left = harmLeft(t);
    const decisive = (1 + tac >= left && tac < left) || banes(D, false, this.rr) >= harmLeft(a);
    const { face, total: rollTotal, out, mods } = this.roll(a, 'offensive', D, decisive, o);
    const vsMods: ModView[] =
      this.sink === null
        ? NO_MODS
        : t.npc === true
          ? [{ label: 'difficulty', value: t.difficulty }]
          : [{ label: '10 + defense', value: D }];
    if (this.note())
      this.emit({
        type: 'attack',
        round: this.round,
        who: a.name,
        target: t.name,
        at: this.sq(t.cell),
        dist,
        reach,
        roller: a.name,
        face,
        mods,
        total: rollTotal,
        vs: D,
        vsMods,
        outcome: OUTCOME_NAMES[out],
        ready,
        reason,
      });
    const base = baseDamage(out);
    // TG-X1 TG-V6 TGS-13: tactics in order while the pool lasts and the target would not already be OUT
    let total = base;
    const want = o.tactics ?? conds;
    for (let k = 0; k < TACTIC_NAMES.length; k++) {
      const bit = 1 << k;
      if (!(conds & bit) || !(want & bit) || a.pools[P_TACTICS] <= 0) continue;
      if (o.tactics === undefined && total >= left) break;
      a.pools[P_TACTICS]--;
      total++;
      if (this.note())
        this.emit({
          type: 'tactic',
          round: this.round,
          who: a.name,
          tactic: TACTIC_NAMES[k],
          left: a.pools[P_TACTICS],
        });
    }
    if (total > 0) this.damage(t, total, a, this.sink !== null ? `${a.name}'s attack` : '');
    // TG-E1 TG-V6 TGS-12: at most one effect (scenes name theirs); readied attacks none
    let eff = o.effect !== undefined ? o.effect : this.actor === a.idx && !ready ? this.chooseEffect(a, t, base) : null;
    if ((this.control !== null || a.tactics !== null) && o.effect === undefined && this.actor === a.idx && !ready)
      eff = this.decideEffect(a, t, eff);
    if (eff !== null && a.pools[P_EFFECTS] > 0) this.applyEffect(a, t, eff.name, base, eff.dir, eff.kind);
    // TG-B9: Knockback when it damages an enemy
    if ((a.abil & AB_KNOCKBACK) !== 0 && total > 0 && able(t) && t.cell >= 0) {
      const kb = o.knockback !== undefined ? o.knockback : this.chooseKnockback(a, t);
      if (kb !== null) this.push(a, t, kb.dir, kb.n, 'knockback');
    }
    if (!isSuccess(out)) this.banesFor(a, D, out === CRIT_FAIL, t.npc === true ? t : null, o.baneMove);
  }
  /**
   * Issue 32: the effect decision offered (TG-E1: none, or one that applies: Stun, Hinder speed or range, Weaken,
   * and the policy's own when it is a Move or Splash), the policy's `eff` chosen.
   */
  protected decideEffect(a: Unit, t: Unit, eff: ChosenEffect | null): ChosenEffect | null {
    if (a.pools[P_EFFECTS] <= 0 || !able(t) || t.cell < 0) return eff;
    const opts: (ChosenEffect | null)[] = [null];
    if (eff !== null) opts.push(eff);
    for (const e of [EFFECT_STUN, EFFECT_HINDER_SPEED, EFFECT_HINDER_RANGE, EFFECT_WEAKEN])
      if (
        e !== eff &&
        (e !== EFFECT_STUN || t.exhausted !== true) &&
        (e !== EFFECT_WEAKEN || t.tags.some((g) => g.stars > 0))
      )
        opts.push(e);
    let chosen = eff === null ? 0 : 1;
    // issue 33: an attacker with GM rules (`stun`, `hinder speed`, `weaken`, `no effect`…)
    let ruled: RuleChoice | undefined;
    if (a.tactics !== null) {
      const facts: OptionFacts[] = opts.map((e) =>
        e === null ? NO_EFFECT_FACT : { action: effectWord(e), target: -1 },
      );
      ruled = this.byRules(a, facts, chosen);
      if (ruled !== undefined) {
        chosen = ruled.option;
        this.ruleLine(a, ruled);
      }
    }
    if (this.control === null) return opts[chosen];
    const names = opts.map((e) =>
      e === null
        ? 'no effect'
        : e.name === 'move'
          ? `Move ${t.name} ${this.dirName(e.dir ?? 0)}`
          : e.name === 'hinder'
            ? `Hinder ${t.name}'s ${e.kind}`
            : `${e.name[0].toUpperCase()}${e.name.slice(1)} ${t.name}`,
    );
    return opts[this.offer(a.idx, 'effect', names, chosen, this.ruleKey(a, ruled))];
  }
  /** TG-R4 TG-R5 TGS-16: the roller's banes as stress, from its source. */
  protected banesFor(
    roller: Unit,
    D: number,
    crit: boolean,
    npcOpponent: Unit | null,
    move?: { who: number; dir: number },
  ): void {
    if (!able(roller)) return;
    let n = banes(D, crit, this.rr);
    // TG-R6 TGS-42 (issue 32): one bane as a move, where the scene gives one or the simulated GM's policy takes one
    const m = move ?? this.chooseBaneMove(roller, n);
    if (m && this.baneMove(roller, this.units[m.who], m.dir)) n--;
    if (n <= 0) return;
    let src: Unit | null = null;
    if (
      npcOpponent !== null &&
      able(npcOpponent) &&
      this.board.dist(npcOpponent.cell, roller.cell) <= npcOpponent.range0
    )
      src = npcOpponent;
    else {
      for (let vAt = 0, vList = this.units; vAt < vList.length; vAt++) {
        const v = vList[vAt];
        if (!able(v) || !this.enemies(v, roller) || this.board.dist(v.cell, roller.cell) > v.range0) continue;
        if (src === null || this.board.dist(v.cell, roller.cell) < this.board.dist(src.cell, roller.cell)) src = v;
      }
    }
    this.stressOn(
      roller,
      n,
      src,
      this.sink !== null ? `${n} bane${n === 1 ? '' : 's'} of a ${crit ? 'critical ' : ''}failure vs ${D} (TG-R4)` : '',
    );
  }
  /** TG-R6: one bane moves any combatant one square, only into an empty enterable square (ruling). */
  baneMove(roller: Unit, t: Unit, dir: number): boolean {
    if (!able(t) || t.cell < 0) return false;
    const c = this.board.nb[t.cell * this.board.nDirs + dir];
    if (c < 0 || !this.canEnd(t, c)) return false;
    this.push(roller, t, dir, 1, 'bane');
    return true;
  }
  /**
   * Which sides splashTargets(a, t) holds, without the list: bit 1 some of another side than a's, bit 2 some of a's
   * (chooseEffect's Splash test, every attack with an effect left).
   */
  protected splashSides(a: Unit, t: Unit): number {
    const units = this.units,
      b = this.board;
    let m = 0;
    for (let i = 0; i < units.length; i++) {
      const v = units[i];
      if (
        v === a ||
        v === t ||
        !able(v) ||
        v.cell < 0 ||
        b.dist(v.cell, t.cell) !== 1 ||
        (v.stealth === true && this.enemies(a, v))
      )
        continue;
      m |= v.side === a.side ? SPLASH_ALLIES : SPLASH_ENEMIES_ONLY;
    }
    return m;
  }
  /** Another able member of t's side, fresh and not stunned (TGS-32). */
  protected otherFresh(t: Unit): boolean {
    const members = this.sideMembers[t.side];
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (v !== t && able(v) && v.exhausted !== true && v.stunned !== true) return true;
    }
    return false;
  }
  /** TG-Z3: every able combatant adjacent to t except the source and anyone stealthed against it. */
  splashTargets(a: Unit, t: Unit): Unit[] {
    return this.units.filter(
      (v) =>
        v !== a &&
        v !== t &&
        able(v) &&
        v.cell >= 0 &&
        this.board.dist(v.cell, t.cell) === 1 &&
        !(v.stealth === true && this.enemies(a, v)),
    );
  }
  /** TG-E2 … E6: one effect, paid from a's effects pool. */
  applyEffect(a: Unit, t: Unit, name: EffectName, base: number, dir?: number, kind?: 'speed' | 'range'): boolean {
    if (a.pools[P_EFFECTS] <= 0) return false;
    a.pools[P_EFFECTS]--;
    const left = a.pools[P_EFFECTS];
    const ev = (detail: string, reason: string): void => {
      if (this.note())
        this.emit({
          type: 'effect',
          round: this.round,
          who: a.name,
          effect: name,
          target: t.name,
          detail,
          left,
          reason,
        });
    };
    switch (name) {
      case 'splash': {
        const hit = this.splashTargets(a, t);
        // (the line's words only for a listener: their map and join, first reached after this was optimized, sent it
        // back to be compiled again in every worker; issue 32 item 5)
        ev(
          this.sink !== null ? `${base} to ${hit.map((v) => v.name).join(', ') || 'nobody'}` : '',
          'hits enemies and no ally (TG-V6)',
        );
        if (base > 0) for (const v of hit) if (able(v)) this.damage(v, base, a, 'splash (TG-E3)');
        return true;
      }
      case 'move':
        ev(this.sink !== null ? `push ${this.dirName(dir ?? 0)}` : '', 'a collision or a hazard (TG-V6)');
        this.push(a, t, dir ?? 0, 1, 'move');
        return true;
      case 'stun':
        t.stunned = true;
        ev(
          "may not act at its side's next turn while another can (TG-E6)",
          'target not exhausted, and another of its side could act (TG-V6, TGS-32)',
        );
        return true;
      case 'hinder': {
        const k = kind ?? (this.reach(t) === 1 ? 'speed' : 'range');
        t.hinder = k;
        t.hinderKind = k === 'speed' ? H_SPEED : H_RANGE;
        t.hinderUntil = t.turns + 1;
        if (k === 'speed') t.speed = Math.min(t.speed, 1);
        else t.range = 1;
        ev(
          this.sink !== null ? `${k} 1 until its next turn is over (TG-E5)` : '',
          k === 'speed' ? 'its reach is 1' : 'its reach is over 1',
        );
        return true;
      }
      case 'weaken': {
        const g = this.weaken(t);
        ev(
          this.sink === null
            ? ''
            : g
              ? `"${g.name}" ${g.stars}✦${t.npc === true ? `, difficulty ${t.difficulty}` : ''}`
              : 'no tag',
          'it has a star (TG-V6)',
        );
        return true;
      }
    }
  }
  /** TG-E4: the strongest tag (first declared on ties) loses 1✦; an NPC's difficulty with it. */
  weaken(t: Unit): TagState | null {
    let g: TagState | null = null;
    for (let xAt = 0, xList = t.tags; xAt < xList.length; xAt++) {
      const x = xList[xAt];
      if (!g || x.stars > g.stars) g = x;
    }
    if (!g || g.stars <= 0) return g;
    g.stars--;
    if (t.npc === true) {
      t.difficulty--;
      this.harmVersion++; // (the side dangers read difficulties)
    }
    if (this.note())
      this.emit({
        type: 'tag',
        round: this.round,
        who: t.name,
        tag: g.name,
        stars: g.stars,
        change: 'weakened',
        reason: 'Weaken (TG-E4)',
      });
    return g;
  }

  // ── asked of the layers above ──
  abstract bestTag(u: Unit, kind: 'offensive' | 'defensive'): TagState | null;
  abstract tagValue(t: TagState, kind: 'offensive' | 'defensive'): number;
  protected abstract chooseEffect(a: Unit, t: Unit, base: number): ChosenEffect | null;
  protected abstract chooseKnockback(a: Unit, t: Unit): { dir: number; n: number } | null;
  protected abstract chooseBaneMove(roller: Unit, n: number): { who: number; dir: number } | null;
}
