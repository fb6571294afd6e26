// A GM's priority rules at a decision point (issue 33): after the policy chooses, a combatant with rules (its
// placement's, character's or side's `tactics { … }`, check-tactics.ts) has the legal options' facts and the fight
// read through Heart Rush's words (tactics-words.ts) handed to model/priority-run.ts `decideByRules`, and takes the
// option it answers; then a control (play, issue 32) may still override. On the fast path, the event path and
// `play` alike: it is the same code (sim.ts). Rules draw no random numbers. A combatant without rules does none
// of this: its decision points build no options unless a control is attached, exactly as before.

import { citeRule, decideByRules, probeRuleKey, type RuleWorld } from '../../../../model/priority-run.js';
import { HRQueries } from './queries.js';

/** The fight as Heart Rush's rule words read it (tactics-words.ts): the simulator's own state, read live. */
class HRRuleWorld implements RuleWorld {
  constructor(private readonly s: HRRules) {}
  get round(): number {
    return this.s.round;
  }
  get count(): number {
    return this.s.n;
  }
  side(c: number): number {
    return this.s.side[c];
  }
  able(c: number): boolean {
    return this.s.live[c] === 1;
  }
  measure(c: number, m: string): number {
    return this.s.ruleMeasure(c, m, false);
  }
  maximum(c: number, m: string): number {
    return this.s.ruleMeasure(c, m, true);
  }
  is(c: number, state: string): boolean {
    return this.s.ruleState(c, state);
  }
  at(actor: number, other: number, place: string): boolean {
    return this.s.rulePlace(actor, other, place);
  }
  distance(actor: number, other: number): number {
    return this.s.dist(actor, other);
  }
  name(c: number): string {
    return this.s.names[c];
  }
}

export abstract class HRRules extends HRQueries {
  /** Empties the options of the next decision (with a control attached, or for a combatant with rules). */
  protected options(): void {
    this.optLabels.length = 0;
    this.optCodes.length = 0;
    this.optFacts.length = 0;
  }
  /** One option: its words, its code, and what rules see of it (the action word, a weapon's name, its target). */
  protected opt(label: string, code: number, action: string | undefined, target = -1, name?: string): void {
    this.optLabels.push(label);
    this.optCodes.push(code);
    this.optFacts.push(name === undefined ? { action, target } : { action, target, name });
  }

  /**
   * i's decision of `kind` over the options listed since `options()`, the policy's choice being the option of code
   * `chosen`: i's rules decide first (when it has some), then the control (play) may override. Returns the code
   * taken. A point of fewer than two options, or whose policy choice is not among them, is no decision.
   */
  protected decide(i: number, kind: string, chosen: number): number {
    const codes = this.optCodes;
    const at = codes.indexOf(chosen);
    if (codes.length < 2 || at < 0) return chosen;
    const t = this.rules[i];
    if (t === null) return this.control !== null ? this.offer(i, kind, chosen) : chosen;
    const world = (this.ruleWorld ??= new HRRuleWorld(this));
    let r = decideByRules(t, i, this.optFacts, at, world);
    // a `target` rule with one candidate aims nothing (Heart Rush's reading): the rules after it are asked
    for (let rest = t; r !== undefined && r.rule.form === 'target' && this.aimedLike(r.option) < 2;) {
      const skip = r.rule;
      rest = { ...rest, rules: rest.rules.filter((x) => x !== skip) };
      r = decideByRules(rest, i, this.optFacts, at, world);
    }
    if (r === undefined) return this.control !== null ? this.offer(i, kind, chosen) : chosen;
    const code = codes[r.option];
    if (this.sink) {
      this.ruleNotes.push(i);
      this.ruleCites.push(citeRule(t, r.rule, this.rulesOwn[i] === 1));
    }
    return this.control !== null ? this.offer(i, kind, code, probeRuleKey(t, r.rule)) : code;
  }

  /** How many options are aimed like option k (its action and name, at someone): what a `target` rule picks among. */
  private aimedLike(k: number): number {
    const f = this.optFacts,
      o = f[k];
    let n = 0;
    for (const x of f) if (x.target >= 0 && x.action === o.action && (x.name ?? '') === (o.name ?? '')) n++;
    return n;
  }

  /**
   * Logs the rule lines waiting for i (i < 0: everyone's) just after the action they decided was logged:
   * "  ↳ Troll follows your rule 2: …".
   */
  protected flushRules(i: number): void {
    this.emitRules(i, false);
  }
  /** As flushRules, for a decision that logged nothing of its own (a stay, a weapon kept): once a round per rule. */
  protected flushRulesOnce(i: number): void {
    this.emitRules(i, true);
  }
  /** Drops the rule lines waiting for i: its decision changed nothing the log shows. */
  protected dropRules(i: number): void {
    const who = this.ruleNotes,
      cites = this.ruleCites;
    let k = 0;
    for (let q = 0; q < who.length; q++) {
      if (who[q] === i) continue;
      who[k] = who[q];
      cites[k++] = cites[q];
    }
    who.length = k;
    cites.length = k;
  }
  private emitRules(i: number, once: boolean): void {
    const who = this.ruleNotes,
      cites = this.ruleCites;
    if (who.length === 0) return;
    let k = 0;
    for (let q = 0; q < who.length; q++) {
      const c = who[q];
      if (c !== i && i >= 0) {
        who[k] = c;
        cites[k++] = cites[q];
        continue;
      }
      const key = `${this.round}|${cites[q]}`;
      if (once && this.ruleLast[c] === key) continue;
      this.ruleLast[c] = key;
      this.emit({ type: 'rule', round: this.round, who: this.names[c], cite: cites[q] });
    }
    who.length = k;
    cites.length = k;
  }

  /** A measure of tactics-words.ts for combatant c, or its maximum (for `30%`). */
  ruleMeasure(c: number, m: string, max: boolean): number {
    switch (m) {
      case 'hp':
        return max ? this.hpMax[c] : this.hp[c];
      case 'heart':
        return max ? this.heart0[c] : this.heart[c];
      case 'rush':
        return max ? this.rush0[c] : this.rush[c];
      case 'wounds':
        return max ? 0 : this.wounds[c];
    }
    return 0;
  }
  /** A state of tactics-words.ts. */
  ruleState(c: number, s: string): boolean {
    switch (s) {
      case 'unconscious':
        return this.down[c] === 1 && this.dead[c] === 0;
      case 'dead':
        return this.dead[c] === 1;
      case 'prone':
        return this.prone[c] === 1;
      case 'grappled':
        return this.grappledBy[c] >= 0;
      case 'grappling':
        return this.grappling[c] >= 0;
      case 'climbing':
        return this.climbing[c] >= 0;
      case 'weakened':
        return this.st[c * 4] > 0;
      case 'off-balanced':
        return this.st[c * 4 + 1] > 0;
      case 'dazed':
        return this.st[c * 4 + 2] > 0;
      case 'blinded':
        return this.st[c * 4 + 3] > 0;
      case 'helped':
        return this.help[c] > 0;
      case 'wounded':
        return this.wounds[c] > 0;
      case 'surprised':
        return this.round === 1 && this.surprised[c] === 1;
      case 'ranged':
        return this.rangedNow[c] === 1;
      case 'in cover':
        return this.cover[c] > 0;
    }
    return false;
  }
  /** A place of tactics-words.ts: where `other` is from `actor`. */
  rulePlace(actor: number, other: number, p: string): boolean {
    switch (p) {
      case 'in reach':
        return this.inReach(actor, other);
      case 'adjacent':
        return this.dist(actor, other) <= 5;
      case 'threatening':
        return this.meleeR[other] >= 0 && this.dist(actor, other) <= this.meleeR[other];
    }
    return false;
  }
}
