// The decisions a Tactical Grid turn offers (issue 32: the seam's `play`, a control steering it; issue 33: a GM's
// rules choosing): who acts (TG-V2) and what it does (TG-V5 … V7, holding still). Split from sim.ts by concern; the
// turn itself (sideTurn, turnBody) is sim.ts's, which calls these only when a control or a GM rule is listening.

import type { OptionFacts, RuleChoice } from '../../../model/priority-run.js';
import * as plan from './plan.js';
import type { Plan } from './plan.js';
import * as unit from './unit.js';
import type { Unit } from './unit.js';
import { TGRunner } from './runner.js';
import { ACT_FACTS } from './sim/gm-rules.js';

/** Issue 33: the action decision's options without an attack, as GM rules see them (TG-V7, holding still). */
const APPROACH_FACT: OptionFacts = { action: 'approach', target: -1 };
const HOLD_FACT: OptionFacts = { action: 'hold still', target: -1 };

// Module constants, not live imported bindings: see "Imports" in sim.ts.
const { WAIT_HERE } = plan;
const { able } = unit;

export abstract class TGOffers extends TGRunner {
  /**
   * Issue 32: the actor decision offered (TG-V2: any fresh able member, a Stunned one only where every fresh member is,
   * TG-E6), the policy's `u` chosen.
   */
  protected decideActor(s: number, u: Unit, rule?: string): Unit {
    const fresh = this.freshMembers(s);
    if (fresh.length < 2 || !fresh.includes(u)) return u;
    return fresh[
      this.offer(
        u.idx,
        'actor',
        fresh.map((v) => `${v.name} acts`),
        fresh.indexOf(u),
        rule,
      )
    ];
  }
  /** TG-V2 TG-E6: the members of side s that may take its turn: fresh and able, the Stunned only where all are. */
  protected freshMembers(s: number): Unit[] {
    const fresh = this.sideMembers[s].filter((v) => able(v) && v.exhausted !== true);
    return fresh.some((v) => v.stunned !== true) ? fresh.filter((v) => v.stunned !== true) : fresh;
  }
  /**
   * Issue 33: who acts, by the GM rules of side s's fresh members (TG-V2's choices: `act`, `wait`). The policy's pick
   * first, then placement order: the first whose rules take `act` acts. Else, if the pick's rules take `wait` (or
   * `never act`), the first other member whose own rules do not refuse too. Null: no rule decides. `by`: whose rule.
   */
  protected actorByRules(s: number, pick: Unit): { u: Unit; by: Unit; choice: RuleChoice } | null {
    const fresh = this.freshMembers(s);
    if (fresh.length < 2 || !fresh.includes(pick)) return null;
    const order = [pick, ...fresh.filter((v) => v !== pick)];
    for (const v of order) {
      if (v.tactics === null) continue;
      const c = this.byRules(v, ACT_FACTS, v === pick ? 0 : 1);
      if (c !== undefined && c.option === 0 && c.rule.form !== 'never') return { u: v, by: v, choice: c };
    }
    if (pick.tactics === null) return null;
    const refused = this.byRules(pick, ACT_FACTS, 0);
    if (refused === undefined || refused.option !== 1) return null;
    for (const v of order) {
      if (v === pick) continue;
      if (v.tactics !== null && this.byRules(v, ACT_FACTS, 0)?.option === 1) continue;
      return { u: v, by: pick, choice: refused };
    }
    return null;
  }
  /**
   * Issue 32: the action decision offered: the policy's plan (TG-V5, or none: TG-V7's approach or Ready) first, then
   * the other attack plans by TG-V5's order (one per target and the best squares, at most 6), then TG-V7, then
   * holding still. Returns the plan taken, null for TG-V7, undefined to hold.
   */
  protected decideAction(u: Unit, plan: Plan | null, lone = false): Plan | null | undefined {
    const limited = this.hazardLimited,
      record = this.recordTargets;
    this.recordTargets = false;
    const every = this.plans(u, true, true);
    this.hazardLimited = limited;
    this.recordTargets = record;
    // issue 33: a combatant with GM rules is offered every target it has a plan on (not only the first six
    // options), and, when Taunted with a plan on its taunter, only those (TG-Y5: it must attack the reactor)
    const scripted = u.tactics !== null;
    const taunted = scripted && u.taunter >= 0 && every.some((p) => p.target === u.taunter);
    const opts: (Plan | null | undefined)[] = [plan];
    const same = (a: Plan, b: Plan): boolean => a.s === b.s && a.target === b.target && a.charge === b.charge;
    const perTarget = new Map<number, number>();
    for (const p of every) {
      if (opts.length >= 7 && !scripted) break;
      if (plan !== null && same(p, plan)) continue;
      const k = perTarget.get(p.target) ?? 0;
      if (k >= 2) continue;
      perTarget.set(p.target, k + 1);
      opts.push(p);
    }
    if (!taunted) {
      if (plan !== null) opts.push(null);
      if (lone) opts.push(WAIT_HERE);
      opts.push(undefined);
    }
    // the policy's option: its plan, or waiting where it stands over a lone charge (TGS-44)
    let chosen = lone && !taunted ? opts.indexOf(WAIT_HERE) : 0;
    let ruled: RuleChoice | undefined;
    if (scripted) {
      const facts: OptionFacts[] = opts.map((p) =>
        p === undefined || p === WAIT_HERE
          ? HOLD_FACT
          : p === null
            ? APPROACH_FACT
            : { action: 'attack', target: p.target },
      );
      ruled = this.byRules(u, facts, chosen);
      if (ruled !== undefined) {
        chosen = ruled.option;
        this.ruleLine(u, ruled);
      }
    }
    if (this.control === null) return opts[chosen];
    const names = opts.map((p) =>
      p === undefined
        ? 'hold still'
        : p === WAIT_HERE
          ? 'wait where it stands (Ready)'
          : p === null
            ? 'no attack: approach or Ready (TG-V7)'
            : `attack ${this.units[p.target].name} from ${this.sq(p.s)}${p.charge ? ' (Charge)' : ''}`,
    );
    return opts[this.offer(u.idx, 'action', names, chosen, this.ruleKey(u, ruled))];
  }
}
