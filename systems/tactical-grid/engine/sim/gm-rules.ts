// The GM's priority rules in a grid fight (issue 33): the fight as a rule reads it (model/priority-run.ts
// RuleWorld: schema.ts TG_TACTICS's measures, states and places answered from the board and the combatants),
// one call that decides by a combatant's rules, and the log line and probe key of a rule that decided. The
// decisions themselves (who acts, the action, the tag, the effect) build their options where they are taken
// (sim.ts, sim/attack.ts) and ask here only for a combatant with rules (`u.tactics !== null`): an unscripted
// combatant does no rule work at all. Read-only, no dice: the same fight, the same answers.

import {
  citeRule,
  decideByRules,
  probeRuleKey,
  type OptionFacts,
  type RuleChoice,
  type RuleWorld,
} from '../../../../model/priority-run.js';
import type { TGEvent } from '../events.js';
import * as path from '../path.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import { TGBoard } from './board.js';

const { INF } = path;
const { able, harmLeft, P_TACTICS, P_EFFECTS, P_SUPPORT, P_REACTIONS } = unit;

/** The pool a measure word reads (TG-N5 … N9), or −1. */
function poolOf(m: string): number {
  return m === 'tactics pool'
    ? P_TACTICS
    : m === 'effects pool'
      ? P_EFFECTS
      : m === 'support pool'
        ? P_SUPPORT
        : m === 'reactions pool'
          ? P_REACTIONS
          : -1;
}

/** The actor decision's two options as a combatant's rules see them (TG-V2): take this side turn, or leave it. */
export const ACT_FACTS: readonly OptionFacts[] = [
  { action: 'act', target: -1 },
  { action: 'wait', target: -1 },
];

export abstract class TGGmRules extends TGBoard {
  /** A measure of TG_TACTICS for combatant c (schema.ts: each word's meaning and rule). */
  ruleMeasure(c: number, m: string): number {
    const u = this.units[c];
    switch (m) {
      case 'harm left':
        return harmLeft(u);
      case 'harm taken':
        return u.npc === true ? u.health0 - u.health : u.stress;
      case 'drive':
        return u.drive;
      case 'ready tags': {
        let n = 0;
        for (const g of u.tags) if (g.exhausted !== true) n++;
        return n;
      }
      case 'difficulty':
        return u.difficulty;
      case 'threats':
        return able(u) && u.cell >= 0 ? this.threats(u, u.cell) : 0;
      case 'distance': {
        const a = this.ruleActor >= 0 ? this.units[this.ruleActor] : u;
        return this.ruleDistance(a, u);
      }
      default: {
        const p = poolOf(m);
        return p >= 0 ? u.pools[p] : 0;
      }
    }
  }
  /** A measure's maximum, for `N%`: stress boxes or starting health, a pool or drive at the start, every tag. */
  ruleMaximum(c: number, m: string): number {
    const u = this.units[c];
    switch (m) {
      case 'harm left':
      case 'harm taken':
        return u.npc === true ? u.health0 : u.cap;
      case 'drive':
        return u.drive0;
      case 'ready tags':
        return u.tags.length;
      case 'difficulty':
        return u.difficulty0;
      default: {
        const p = poolOf(m);
        return p >= 0 ? u.pools0[p] : 0;
      }
    }
  }
  /** A state of TG_TACTICS. */
  ruleIs(c: number, state: string): boolean {
    const u = this.units[c];
    switch (state) {
      case 'out':
        return u.out === true;
      case 'wounded':
        return (u.npc === true ? u.health0 - u.health : u.stress) > 0;
      case 'exhausted':
        return able(u) && u.exhausted === true;
      case 'fresh':
        return able(u) && u.exhausted !== true;
      case 'stunned':
        return u.stunned === true;
      case 'hindered':
        return u.hinder !== null;
      case 'hidden':
        return u.stealth === true;
      case 'readying':
        return u.readying === true;
      case 'npc':
        return u.npc === true;
      case 'acting':
        return this.actor === c;
      default:
        return false;
    }
  }
  /** A place of TG_TACTICS: where `other` stands from `actor`. */
  ruleAt(actor: number, other: number, place: string): boolean {
    const a = this.units[actor],
      o = this.units[other];
    if (a.cell < 0 || o.cell < 0) return false;
    const d = this.board.dist(a.cell, o.cell);
    switch (place) {
      case 'adjacent':
        return d === 1;
      case 'in reach':
        return d <= this.reach(a) && this.los(a.cell, o.cell);
      case 'in range':
        return d <= a.range;
      case 'in sight':
        return this.los(a.cell, o.cell);
      case 'facing away':
        return this.board.inBack(o.cell, o.facing, a.cell);
      default:
        return false;
    }
  }
  protected ruleDistance(a: Unit, o: Unit): number {
    return a.cell < 0 || o.cell < 0 ? INF : this.board.dist(a.cell, o.cell);
  }
  /** The RuleWorld over this fight (one per simulator, made at the first scripted decision). */
  protected world(): RuleWorld {
    if (this.ruleWorld !== null) return this.ruleWorld;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sim = this;
    const w: RuleWorld = {
      get round() {
        return sim.round;
      },
      count: this.n,
      side: (c) => sim.units[c].side,
      able: (c) => able(sim.units[c]),
      measure: (c, m) => sim.ruleMeasure(c, m),
      maximum: (c, m) => sim.ruleMaximum(c, m),
      is: (c, s) => sim.ruleIs(c, s),
      at: (a, o, p) => sim.ruleAt(a, o, p),
      distance: (a, o) => sim.ruleDistance(sim.units[a], sim.units[o]),
      name: (c) => sim.units[c].name,
    };
    this.ruleWorld = w;
    return w;
  }
  /**
   * What u's GM rules take among `options` where its policy chose `chosen` (undefined: no rule decides, the policy's
   * choice stands). Only for a combatant with rules.
   */
  protected byRules(u: Unit, options: readonly OptionFacts[], chosen: number): RuleChoice | undefined {
    const prev = this.ruleActor;
    this.ruleActor = u.idx;
    try {
      return decideByRules(u.tactics!, u.idx, options, chosen, this.world());
    } finally {
      this.ruleActor = prev;
    }
  }
  /**
   * The log line under a decision a rule of u's made (`↳ Vasha follows your rule 1: …`), an event of its own: at
   * once (`now`: who acts, under the turn line), else right after the next line, the first of what it decided.
   */
  protected ruleLine(u: Unit, c: RuleChoice, now = false): void {
    if (this.sink === null) return;
    this.flushRule(); // (an earlier rule's line still waiting: its decision showed nothing yet)
    const e: TGEvent = { type: 'rule', round: this.round, who: u.name, cite: citeRule(u.tactics!, c.rule, u.ownRules) };
    if (now) this.emit(e);
    else this.pendingRule = e;
  }
  /** DecisionPoint.rule of a decision a rule of u's made (the regret probe groups by it). */
  protected ruleKey(u: Unit, c: RuleChoice | undefined): string | undefined {
    return c === undefined ? undefined : probeRuleKey(u.tactics!, c.rule);
  }
}
