// What a GM's priority rules do in a fight (issue 33): plain data (model/priority.ts reads it from the file) and
// one pure function that picks an option at a decision point. Every engine calls `decideByRules` for a scripted
// combatant, on its fast path, its event path and `play` alike, so the odds, the log and the regret probe all see
// the fight the GM wrote. Imports nothing at run time (a type only): the worker threads load it with the engines.
//
// How rules decide (docs/LANGUAGE.md, "Tactics"):
//  1. `never` rules whose conditions hold take their action's options out (unless that would leave none).
//  2. The other rules, in order: the first whose conditions hold and whose action is legal here decides. A `when`
//     or `always` rule takes an option of its action (aimed by `it` or `at …`, else the policy's aim when it is
//     one of them, else the first); a `target` rule keeps the action the policy chose and aims it by its selector.
//  3. No rule decides: the policy's choice (its preset is the rules' `otherwise`), or, if a `never` rule took it
//     out, the first option left.

import type { Range } from '../grammar/ast.js';

export interface Condition {
  subject: 'self' | 'ally' | 'foe' | 'allies' | 'foes' | 'round';
  negated?: boolean;
  measure?: string;
  cmp?: 'below' | 'above' | 'at least' | 'at most' | 'is';
  value?: number;
  percent?: boolean;
  state?: string;
  place?: string;
}

export type Selector =
  | { by: 'lowest' | 'highest'; measure: string }
  | { by: 'nearest' | 'farthest' | 'it' }
  | { by: 'state'; state: string }
  | {
      by: 'name';
      name: string;
      /** Where the name is written (a system's checker reports a name that names nobody). */
      range?: Range;
    };

export interface RuleAction {
  word: string;
  name?: string;
  it?: boolean;
  at?: Selector;
}

export interface PriorityRule {
  /** 1-based, as a GM counts the lines of the block. */
  n: number;
  form: 'when' | 'always' | 'target' | 'never' | 'otherwise';
  conditions: Condition[];
  action?: RuleAction;
  selector?: Selector;
  preset?: string;
  /** The rule as written, for logs and the probe ("when self vitality below 30%: active-guard"). */
  text: string;
  /** Its line in the file (1-based). */
  line: number;
  /** The rule's whole line, and its action's name (`maneuver "Dust"`), where a system's checker reports on them. */
  range?: Range;
  nameRange?: Range;
}

/** A combatant's rules, and the preset `otherwise` names. */
export interface Tactics {
  rules: PriorityRule[];
  preset?: string;
  /** The block's line in the file (1-based). */
  line: number;
  /** Whose rules these are, for the log: "Queen Maud", "side monsters". Set by the system's checker. */
  owner?: string;
}

/** An option at a decision point as rules see it: its action word (the system's vocabulary), a name, a target. */
export interface OptionFacts {
  /** The vocabulary's action word this option is (undefined: no rule's action matches it). */
  readonly action: string | undefined;
  /** The name it carries (a technique, a weapon, a maneuver), compared without case. */
  readonly name?: string;
  /** The combatant it is aimed at (an index into the encounter's combatants), or -1. */
  readonly target: number;
}

/** The fight as the rules read it, at one decision: the system's answers for its words. */
export interface RuleWorld {
  readonly round: number;
  /** Combatants in the encounter. */
  readonly count: number;
  side(c: number): number;
  /** Still in the fight (not out, dead, taken out). */
  able(c: number): boolean;
  /** A measure of the vocabulary (`vitality`) for combatant c; its maximum for percentages. */
  measure(c: number, m: string): number;
  maximum(c: number, m: string): number;
  /** Whether c is in a state of the vocabulary (`broken`). A state may hold of a combatant not able (broken). */
  is(c: number, state: string): boolean;
  /** Whether `other` is at a place of the vocabulary (`in reach`) from `actor`. */
  at(actor: number, other: number, place: string): boolean;
  /** How far `other` is from `actor`, in the system's units (nearest/farthest). */
  distance(actor: number, other: number): number;
  /** The combatant's name as the log writes it (a `"Name"` selector matches it, or its name before a copy number). */
  name(c: number): string;
}

/** The rule that decided and the option it took. */
export interface RuleChoice {
  readonly option: number;
  readonly rule: PriorityRule;
}

const compare = (x: number, cmp: Condition['cmp'], v: number): boolean =>
  cmp === 'below'
    ? x < v
    : cmp === 'above'
      ? x > v
      : cmp === 'at least'
        ? x >= v
        : cmp === 'at most'
          ? x <= v
          : x === v;

/** Whether a state or a place names a combatant who need not be able (a broken ally is not able but is "broken"). */
const countsDown = (c: Condition): boolean => c.state !== undefined;

function valueOf(w: RuleWorld, c: number, cond: Condition): number {
  const x = w.measure(c, cond.measure!);
  if (!cond.percent) return x;
  const max = w.maximum(c, cond.measure!);
  return max > 0 ? (100 * x) / max : 0;
}

function holdsOf(w: RuleWorld, actor: number, c: number, cond: Condition): boolean {
  if (cond.measure !== undefined) return compare(valueOf(w, c, cond), cond.cmp, cond.value!);
  if (cond.state !== undefined && !w.is(c, cond.state)) return false;
  if (cond.place !== undefined && !w.at(actor, c, cond.place)) return false;
  return true;
}

/**
 * Whether a condition holds; for `ally`/`foe` subjects the combatants it holds of are added to `found` (the first
 * such condition's set is what `it` names).
 */
function holds(w: RuleWorld, actor: number, cond: Condition, found: number[] | undefined): boolean {
  let r: boolean;
  switch (cond.subject) {
    case 'round':
      r = compare(w.round, cond.cmp, cond.value!);
      break;
    case 'self':
      r = holdsOf(w, actor, actor, cond);
      break;
    case 'allies':
    case 'foes': {
      let n = 0;
      const mine = w.side(actor);
      for (let c = 0; c < w.count; c++) {
        if (c === actor || !w.able(c) || (w.side(c) === mine) !== (cond.subject === 'allies')) continue;
        if (cond.place === undefined || w.at(actor, c, cond.place)) n++;
      }
      r = compare(n, cond.cmp, cond.value!);
      break;
    }
    default: {
      // an ally/foe condition holds when one of them matches; `not`: when none does
      const mine = w.side(actor);
      r = false;
      for (let c = 0; c < w.count; c++) {
        if (c === actor || (w.side(c) === mine) !== (cond.subject === 'ally')) continue;
        if (!countsDown(cond) && !w.able(c)) continue;
        if (holdsOf(w, actor, c, cond)) {
          r = true;
          if (!found || cond.negated) break;
          found.push(c);
        }
      }
      break;
    }
  }
  return r !== !!cond.negated;
}

/** The conditions of a rule hold; `it` gets the combatants the first ally/foe condition found. */
function allHold(w: RuleWorld, actor: number, rule: PriorityRule, it: number[]): boolean {
  let first = true;
  for (const cond of rule.conditions) {
    const person = cond.subject === 'ally' || cond.subject === 'foe';
    if (!holds(w, actor, cond, person && first ? it : undefined)) return false;
    if (person) first = false;
  }
  return true;
}

const sameName = (a: string | undefined, b: string | undefined): boolean =>
  a === undefined || (b !== undefined && a.toLowerCase() === b.toLowerCase());

/** Whether an option is the rule's action (its word, and its name when the rule names one). */
export function optionMatches(o: OptionFacts, a: RuleAction): boolean {
  return o.action === a.word && sameName(a.name, o.name);
}

function nameMatches(w: RuleWorld, c: number, name: string): boolean {
  const n = w.name(c).toLowerCase();
  const want = name.toLowerCase();
  return n === want || (n.startsWith(want + ' ') && /^\d+$/.test(n.slice(want.length + 1)));
}

/** Among candidate options (each with a target), the one a selector picks; -1 when none fits. */
function bySelector(
  w: RuleWorld,
  actor: number,
  options: readonly OptionFacts[],
  candidates: readonly number[],
  s: Selector,
  it: readonly number[],
): number {
  let best = -1;
  let bestKey = 0;
  for (const i of candidates) {
    const t = options[i].target;
    if (t < 0) continue;
    let key: number;
    switch (s.by) {
      case 'lowest':
        key = -w.measure(t, s.measure);
        break;
      case 'highest':
        key = w.measure(t, s.measure);
        break;
      case 'nearest':
        key = -w.distance(actor, t);
        break;
      case 'farthest':
        key = w.distance(actor, t);
        break;
      case 'it':
        if (!it.includes(t)) continue;
        key = 0;
        break;
      case 'state':
        if (!w.is(t, s.state)) continue;
        key = 0;
        break;
      case 'name':
        if (!nameMatches(w, t, s.name)) continue;
        key = 0;
        break;
    }
    if (best < 0 || key > bestKey) {
      best = i;
      bestKey = key;
    }
  }
  return best;
}

/**
 * The option the rules take at a decision with `options` (at least one) where the policy chose `chosen`, or
 * undefined when no rule decides and the policy's choice stands. Pure: the same world, the same answer.
 */
export function decideByRules(
  tactics: Tactics,
  actor: number,
  options: readonly OptionFacts[],
  chosen: number,
  w: RuleWorld,
): RuleChoice | undefined {
  const rules = tactics.rules;
  let banned: boolean[] | undefined;
  let banRule: PriorityRule | undefined;
  for (const r of rules) {
    if (r.form !== 'never' || !allHold(w, actor, r, [])) continue;
    for (let i = 0; i < options.length; i++)
      if (optionMatches(options[i], r.action!)) {
        banned ??= new Array<boolean>(options.length).fill(false);
        if (!banned[i] && i === chosen) banRule = r;
        banned[i] = true;
      }
  }
  if (banned && banned.every(Boolean)) {
    banned = undefined;
    banRule = undefined;
  }
  const open = (i: number): boolean => !banned || !banned[i];
  const it: number[] = [];
  for (const r of rules) {
    if (r.form === 'never' || r.form === 'otherwise') continue;
    it.length = 0;
    if (!allHold(w, actor, r, it)) continue;
    if (r.form === 'target') {
      const mine = options[chosen];
      if (!mine || mine.target < 0) continue;
      const same: number[] = [];
      for (let i = 0; i < options.length; i++) {
        const o = options[i];
        if (open(i) && o.target >= 0 && o.action === mine.action && (o.name ?? '') === (mine.name ?? '')) same.push(i);
      }
      const pick = bySelector(w, actor, options, same, r.selector!, it);
      if (pick >= 0) return { option: pick, rule: r };
      continue;
    }
    const a = r.action!;
    const matching: number[] = [];
    for (let i = 0; i < options.length; i++) if (open(i) && optionMatches(options[i], a)) matching.push(i);
    if (!matching.length) continue;
    let pick: number;
    if (a.it) pick = bySelector(w, actor, options, matching, { by: 'it' }, it);
    else if (a.at) pick = bySelector(w, actor, options, matching, a.at, it);
    else pick = matching.includes(chosen) ? chosen : matching[0];
    if (pick >= 0) return { option: pick, rule: r };
  }
  if (banned && banned[chosen]) {
    const left = banned.indexOf(false);
    return { option: left, rule: banRule! };
  }
  return undefined;
}

/**
 * How logs, DecisionPoint.rule and the probe cite a rule: "rule 1: when self vitality below 30%: active-guard";
 * with the owner when the rules are not the combatant's own ("rule 2 of side monsters: never dash").
 */
export function citeRule(t: Tactics, r: PriorityRule, own = true): string {
  return `rule ${r.n}${!own && t.owner ? ` of ${t.owner}` : ''}: ${r.text}`;
}

/**
 * DecisionPoint.rule for the probe, which groups regret by it: the rules' owner and the cite ("Queen Maud, rule 1:
 * when self vitality below 30%: active-guard"), so two bosses' rule 1 are two rows.
 */
export function probeRuleKey(t: Tactics, r: PriorityRule): string {
  return `${t.owner ?? 'tactics'}, ${citeRule(t, r)}`;
}

/** The log line under a decision a GM rule made: "  ↳ Queen Maud follows your rule 1: when …: active-guard". */
export function ruleLogLine(name: string, cite: string): string {
  return `  ↳ ${name} follows your ${cite}`;
}
