// GM priority rules (issue 33): `tactics { … }` in a character, a side or after a placement, an ordered list of
// rules the simulator follows before its preset. One grammar for every system; the words come from the system's
// schema (`SystemSchema.tactics`, a TacticsVocabulary): Heart Rush speaks of stances and reach, the grid of tags and
// squares, Arcana of cheats and maneuvers. This file reads a block's lines into plain rules (data that crosses to
// worker threads as it is) and reports what it cannot read, with a did-you-mean; it also answers the editor
// (completion after the words so far, a rule said in words for hover). What a rule *does* in a fight is
// model/priority-run.ts, which the engines import (it imports nothing).
//
//   rule      := 'when' cond ('and' cond)* ':' action [at selector]      the first rule that holds and is legal decides
//              | 'open' 'with' action [at selector]                      = when round is 1: …
//              | 'target' selector ['when' cond ('and' cond)*]            aim the action the combatant takes
//              | 'never' action ['when' cond ('and' cond)*]               never take it (while the conditions hold)
//              | 'otherwise' preset                                       the preset for every other decision
//              | ['always'] action [at selector]                          take it whenever it is legal
//   cond      := ['not'] subject …:  self|ally|foe MEASURE CMP N[%] · self|ally|foe [is] STATE [PLACE] · ally|foe PLACE
//              · allies|foes [PLACE] CMP N (able ones; allies without self) · round CMP N
//   CMP       := below | above | at least | at most | is
//   action    := ACTION [NAME] [it]          (`it`: the ally or foe the first condition found)
//   selector  := lowest MEASURE | highest MEASURE | nearest | farthest | STATE | "Name" | it

import type { Range, Statement, Term } from '../grammar/ast.js';
import type { Diagnostic } from './diagnostics.js';
import type { BlockSpec, TacticsVocabulary, VocabularyWord } from './schema.js';
import { didYouMean, suggest } from './suggest.js';
import type { Condition, PriorityRule, RuleAction, Selector, Tactics } from './priority-run.js';

export type { Condition, PriorityRule, RuleAction, Selector, Tactics } from './priority-run.js';
export type { TacticsVocabulary, VocabularyWord } from './schema.js';

const SUBJECTS: Readonly<Record<string, Condition['subject']>> = {
  self: 'self',
  ally: 'ally',
  'an ally': 'ally',
  'any ally': 'ally',
  foe: 'foe',
  'a foe': 'foe',
  'any foe': 'foe',
  enemy: 'foe',
  'an enemy': 'foe',
  allies: 'allies',
  foes: 'foes',
  enemies: 'foes',
  round: 'round',
};
const COMPARATORS: Readonly<Record<string, Condition['cmp']>> = {
  below: 'below',
  under: 'below',
  above: 'above',
  over: 'above',
  'at least': 'at least',
  'at most': 'at most',
  is: 'is',
};
const STARTS = ['when', 'open with', 'target', 'never', 'otherwise', 'always'];

/** Docs of the grammar's own words, for hover and completion. */
export const RULE_WORDS: Readonly<Record<string, string>> = {
  when: '`when CONDITION: ACTION`: the action, whenever the condition holds and the action is legal.',
  'open with': '`open with ACTION`: the action in round 1 (when it is legal).',
  target: '`target SELECTOR [when …]`: whoever the combatant attacks or aims at, chosen this way.',
  never: '`never ACTION [when …]`: the combatant never takes this action (while the condition holds).',
  otherwise: '`otherwise PRESET`: every decision no rule makes follows this preset.',
  always: '`always ACTION`: the action whenever it is legal.',
  and: 'Both conditions must hold.',
  not: 'The condition after it must not hold.',
  at: '`ACTION at SELECTOR`: whom the action is aimed at.',
  it: 'The ally or foe the first condition found (`when an ally is broken in reach: stabilize it`).',
  self: 'The combatant deciding.',
  ally: 'Any able ally (not the combatant itself): the condition holds when one of them matches.',
  foe: 'Any able foe: the condition holds when one of them matches.',
  allies: 'The number of able allies (not counting the combatant itself).',
  foes: 'The number of able foes.',
  round: 'The round number (1 is the first).',
  below: 'Less than.',
  above: 'More than.',
  'at least': 'This many or more.',
  'at most': 'This many or fewer.',
  is: 'Exactly (before a state: is in that state).',
  lowest: '`lowest MEASURE`: the one with the least.',
  highest: '`highest MEASURE`: the one with the most.',
  nearest: 'The closest one.',
  farthest: 'The one farthest away.',
};

type Report = (range: Range, message: string, severity?: 'error' | 'warning', suggestions?: string[]) => void;

/** How a system's checker reports what it finds in a combatant's rules (its own warnings and errors). */
export type TacticsReport = (
  file: string,
  range: Range,
  severity: 'error' | 'warning',
  message: string,
  suggestions?: string[],
) => void;

/** A statement's terms as a cursor over words, multi-word phrases matched longest first. */
class Line {
  i = 0;
  /** The range of the action's name, once read. */
  nameRange: Range | undefined;
  constructor(readonly terms: readonly Term[]) {}
  get done(): boolean {
    return this.i >= this.terms.length;
  }
  peek(): Term | undefined {
    return this.terms[this.i];
  }
  /** The longest phrase of `keys` (words joined by spaces) starting here; consumed when found. */
  phrase(keys: Iterable<string>): string | undefined {
    let best: string | undefined;
    for (const k of keys) {
      const words = k.split(' ');
      if (best && words.length <= best.split(' ').length) continue;
      let ok = true;
      for (let j = 0; j < words.length && ok; j++) {
        const t = this.terms[this.i + j];
        ok = t?.kind === 'word' && t.text.toLowerCase() === words[j];
      }
      if (ok) best = k;
    }
    if (best) this.i += best.split(' ').length;
    return best;
  }
  word(w: string): boolean {
    return this.phrase([w]) !== undefined;
  }
  rangeFrom(start: number): Range {
    const a = this.terms[Math.min(start, this.terms.length - 1)];
    const b = this.terms[Math.max(start, Math.min(this.i, this.terms.length) - 1)];
    return { start: a.range.start, end: b.range.end };
  }
}

class RuleError extends Error {
  constructor(
    readonly range: Range,
    message: string,
    readonly suggestions: string[] = [],
  ) {
    super(message);
  }
}

const termWord = (t: Term | undefined): string =>
  !t
    ? ''
    : t.kind === 'word' || t.kind === 'punct'
      ? t.text
      : t.kind === 'string'
        ? `"${t.value}"`
        : t.kind === 'number'
          ? t.text
          : t.kind === 'dimension'
            ? `${t.value}ft`
            : t.kind === 'copies'
              ? `x${t.count}`
              : t.text;

/** Reads one rule line against a vocabulary; throws a RuleError at the first term it cannot read. */
function readRule(st: Statement, vocab: TacticsVocabulary, n: number): PriorityRule {
  const line = new Line(st.terms);
  const last = st.terms[st.terms.length - 1];
  const endRange: Range = { start: last.range.end, end: last.range.end };
  const expect = (what: string, options: readonly string[]): never => {
    const t = line.peek();
    if (!t) throw new RuleError(endRange, `This rule ends too early: expected ${what}.`);
    const w = termWord(t);
    const sugg = t.kind === 'word' ? suggest(w, options) : [];
    throw new RuleError(
      t.range,
      `'${w}' is not ${what} here.${didYouMean(sugg)}${sugg.length ? '' : ` Expected ${listOf(options)}.`}`,
      sugg,
    );
  };
  const rule: PriorityRule = {
    n,
    form: 'always',
    conditions: [],
    text: st.terms.map(termWord).join(' ').replace(/ :/g, ':'),
    line: st.range.start.line + 1,
    range: st.range,
  };
  const start = line.phrase(STARTS);
  const conditions = (): void => {
    do rule.conditions.push(condition(line, vocab, expect));
    while (line.word('and'));
  };
  switch (start) {
    case 'when':
      conditions();
      if (line.peek()?.kind !== 'punct') expect("':' before the action (or 'and' and another condition)", [':', 'and']);
      line.i++;
      rule.form = 'when';
      rule.action = action(line, vocab, expect);
      break;
    case 'open with':
      rule.form = 'when';
      rule.conditions.push({ subject: 'round', cmp: 'is', value: 1 });
      rule.action = action(line, vocab, expect);
      break;
    case 'target':
      rule.form = 'target';
      rule.selector = selector(line, vocab, expect);
      if (line.word('when')) conditions();
      break;
    case 'never':
      rule.form = 'never';
      rule.action = action(line, vocab, expect, false);
      if (line.word('when')) conditions();
      break;
    case 'otherwise': {
      rule.form = 'otherwise';
      const p = line.phrase(Object.keys(vocab.presets));
      if (!p) expect('a preset', Object.keys(vocab.presets));
      rule.preset = p;
      break;
    }
    default: {
      // `always ACTION` or a bare action
      // (an action of several words, `hold still`, is looked up whole, and the line left where it was)
      const at = line.i;
      const bare = !start && line.phrase(Object.keys(vocab.actions)) !== undefined;
      line.i = at;
      if (!start && !bare) {
        const words = [...STARTS, ...Object.keys(vocab.actions)];
        expect('how a rule starts (when, open with, target, never, otherwise, always, or an action)', words);
      }
      rule.action = action(line, vocab, expect);
    }
  }
  if (rule.action?.name !== undefined) rule.nameRange = line.nameRange;
  if (!line.done) {
    const t = line.peek()!;
    throw new RuleError(
      t.range,
      `Unexpected '${termWord(t)}' at the end of this rule: one rule per line${rule.form === 'when' ? '' : "; a condition goes after 'when'"}.`,
    );
  }
  return rule;
}

type Expect = (what: string, options: readonly string[]) => never;

function condition(line: Line, vocab: TacticsVocabulary, expect: Expect): Condition {
  const negated = line.word('not');
  const subjectWord = line.phrase(Object.keys(SUBJECTS));
  if (!subjectWord) return expect('a condition (self, an ally, a foe, allies, foes, round)', Object.keys(SUBJECTS));
  const subject = SUBJECTS[subjectWord];
  const c: Condition = { subject, ...(negated ? { negated: true } : {}) };
  const number = (): void => {
    const t = line.peek();
    if (t?.kind !== 'number') expect('a number', []);
    const n = t as Extract<Term, { kind: 'number' }>;
    c.value = n.value;
    if (n.percent) {
      if (!c.measure || !vocab.measures[c.measure]?.percent)
        throw new RuleError(
          n.range,
          `A percentage needs a measure with a maximum (${listOf(percentMeasures(vocab))}); write a plain number here.`,
        );
      c.percent = true;
    }
    line.i++;
  };
  const cmp = (): void => {
    const w = line.phrase(Object.keys(COMPARATORS));
    if (!w) expect('a comparison', Object.keys(COMPARATORS));
    c.cmp = COMPARATORS[w!];
    number();
  };
  if (subject === 'round') {
    cmp();
    return c;
  }
  if (subject === 'allies' || subject === 'foes') {
    const p = line.phrase(Object.keys(vocab.places));
    if (p) c.place = p;
    cmp();
    return c;
  }
  const m = line.phrase(Object.keys(vocab.measures));
  if (m) {
    c.measure = m;
    cmp();
    return c;
  }
  line.word('is');
  if (line.word('not')) c.negated = !c.negated;
  const s = line.phrase(Object.keys(vocab.states));
  if (s) c.state = s;
  const p = subject !== 'self' ? line.phrase(Object.keys(vocab.places)) : undefined;
  if (p) c.place = p;
  if (!s && !p)
    expect(`a measure, a state${subject === 'self' ? '' : ' or a place'} of ${subject}`, [
      ...Object.keys(vocab.measures),
      ...Object.keys(vocab.states),
      ...(subject === 'self' ? [] : Object.keys(vocab.places)),
    ]);
  return c;
}

function action(line: Line, vocab: TacticsVocabulary, expect: Expect, aimable = true): RuleAction {
  const w = line.phrase(Object.keys(vocab.actions));
  if (!w) return expect('an action', Object.keys(vocab.actions));
  const spec = vocab.actions[w];
  const a: RuleAction = { word: w };
  const t = line.peek();
  if (spec.name && (t?.kind === 'string' || (t?.kind === 'word' && !isRuleWord(t.text, vocab)))) {
    a.name = t.kind === 'string' ? t.value : t.text;
    line.nameRange = t.range;
    line.i++;
  }
  if (aimable && spec.aimed) {
    if (line.word('it')) a.it = true;
    else if (line.word('at')) a.at = selector(line, vocab, expect);
  }
  return a;
}

function isRuleWord(w: string, vocab: TacticsVocabulary): boolean {
  const l = w.toLowerCase();
  return l === 'it' || l === 'at' || l === 'when' || Object.hasOwn(vocab.actions, l);
}

function selector(line: Line, vocab: TacticsVocabulary, expect: Expect): Selector {
  const t = line.peek();
  if (t?.kind === 'string') {
    line.i++;
    return { by: 'name', name: t.value, range: t.range };
  }
  const w = line.phrase(['lowest', 'highest', 'nearest', 'farthest', 'it', ...Object.keys(vocab.states)]);
  if (w === 'lowest' || w === 'highest') {
    const m = line.phrase(Object.keys(vocab.measures));
    if (!m) return expect(`a measure after '${w}'`, Object.keys(vocab.measures));
    return { by: w, measure: m };
  }
  if (w === 'nearest' || w === 'farthest' || w === 'it') return { by: w };
  if (w) return { by: 'state', state: w };
  return expect('whom to aim at (lowest MEASURE, highest MEASURE, nearest, farthest, a state, a "Name")', [
    'lowest',
    'highest',
    'nearest',
    'farthest',
    ...Object.keys(vocab.states),
  ]);
}

function percentMeasures(vocab: TacticsVocabulary): string[] {
  return Object.keys(vocab.measures).filter((m) => vocab.measures[m].percent);
}

function listOf(words: readonly string[]): string {
  const shown = words.slice(0, 12).map((w) => `'${w}'`);
  return shown.join(', ') + (words.length > 12 ? `, … (${words.length - 12} more)` : '');
}

/**
 * Whether an aim always finds someone among the options: a ranking does; a "Name", a state or `it` may find
 * nobody (the one named is down, nobody is in the state), and then the rule passes to the next.
 */
const alwaysFinds = (s: Selector | undefined): boolean =>
  s === undefined || (s.by !== 'name' && s.by !== 'state' && s.by !== 'it');

/**
 * A `tactics { … }` block's lines read into rules; problems reported through `report` (file, range, message).
 * Warnings: a rule an earlier unconditional one shadows (the same action, or a second `target`), a second
 * `otherwise`. What only the system knows (an action this combatant can never take) its checker adds.
 */
export function readTactics(
  statements: readonly Statement[],
  vocab: TacticsVocabulary,
  report: Report,
  range: Range,
): Tactics {
  const rules: PriorityRule[] = [];
  const shadows: Shadows = new Map();
  let preset: string | undefined;
  for (const st of statements) {
    if (st.block) {
      report(st.block.range, 'A tactics rule has no block of its own: one rule per line, no braces.');
      continue;
    }
    if (!st.terms.length) continue;
    let rule: PriorityRule;
    try {
      rule = readRule(st, vocab, rules.length + 1);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      report(e.range, e.message, 'error', e.suggestions);
      continue;
    }
    const shadow = shadowOf(rule, shadows);
    if (shadow)
      report(
        st.range,
        `This rule can never decide: rule ${shadow.n} (\`${shadow.text}\`) comes first and always applies. Move this one above it, or give rule ${shadow.n} a condition.`,
        'warning',
      );
    if (rule.form === 'otherwise') {
      if (preset !== undefined)
        report(st.range, `A second \`otherwise\`: the first (${preset}) already names the preset; keep one.`);
      else preset = rule.preset;
    }
    rules.push(rule);
    keepShadow(rule, shadows);
  }
  return { rules, ...(preset !== undefined ? { preset } : {}), line: range.start.line + 1 };
}

/**
 * The first unconditional rule of each kind that pre-empts later ones, by what it pre-empts: an `always` rule
 * (not aimed at someone it may not find) the same action's later rules, a `never` rule every later rule of its
 * action, a `target` rule that always finds someone every later `target` rule. Keyed, so a block of n rules is
 * checked in n steps, not n² (a hostile 50,000-line block).
 */
type Shadows = Map<string, PriorityRule>;
const actionKey = (a: RuleAction | undefined): string => (a ? `${a.word}\0${a.name ?? ''}` : '');

function keepShadow(r: PriorityRule, shadows: Shadows): void {
  if (r.conditions.length) return;
  const key =
    r.form === 'always' && !r.action!.it && alwaysFinds(r.action!.at)
      ? `always ${actionKey(r.action)}`
      : r.form === 'target' && alwaysFinds(r.selector)
        ? 'target'
        : r.form === 'never'
          ? `never ${actionKey(r.action)}`
          : undefined;
  if (key && !shadows.has(key)) shadows.set(key, r);
}

/** The earliest rule before `rule` that always applies first (see keepShadow), if any. */
function shadowOf(rule: PriorityRule, shadows: Shadows): PriorityRule | undefined {
  const found = [
    rule.form !== 'never' && rule.form !== 'target' && rule.action
      ? shadows.get(`always ${actionKey(rule.action)}`)
      : undefined,
    rule.form === 'target' ? shadows.get('target') : undefined,
    rule.action ? shadows.get(`never ${actionKey(rule.action)}`) : undefined,
  ].filter((r): r is PriorityRule => r !== undefined);
  return found.length ? found.reduce((x, y) => (y.n < x.n ? y : x)) : undefined;
}

/** Diagnostics for a tactics block, in the reader's shape (code `tactics-rule`). */
export function tacticsReporter(file: string, diags: Diagnostic[], max = Infinity): Report {
  // past `max` (the reader's MAX_READER_DIAGNOSTICS) the problems are not kept: the reader counts what it drops
  return (range, message, severity = 'error', suggestions) =>
    diags.length < max &&
    diags.push({
      file,
      range,
      severity,
      code: 'tactics-rule',
      message,
      ...(suggestions?.length ? { suggestions } : {}),
    });
}

// ── The editor: completion after the words so far, and a rule in words ───────────────────────────────────────

/** A word the editor may offer next, with what it means. */
export interface RuleWordItem {
  readonly word: string;
  readonly doc: string;
  readonly kind: 'keyword' | 'measure' | 'state' | 'place' | 'action' | 'preset';
}

const items = (kind: RuleWordItem['kind'], words: Readonly<Record<string, VocabularyWord>>): RuleWordItem[] =>
  Object.entries(words).map(([word, w]) => ({ word, doc: w.doc, kind }));
const keywords = (...ws: string[]): RuleWordItem[] =>
  ws.map((word) => ({ word, doc: RULE_WORDS[word] ?? '', kind: 'keyword' as const }));

/**
 * What may come next on a rule line whose terms before the cursor are `before` (the word being typed excluded):
 * found by reading the line so far and seeing where it stops. Every word a rule may hold is offered somewhere.
 */
export function ruleCompletions(before: readonly Term[], vocab: TacticsVocabulary): RuleWordItem[] {
  const words = before.map(termWord);
  const l = words.map((w) => w.toLowerCase());
  const actions = items('action', vocab.actions);
  const measures = items('measure', vocab.measures);
  const states = items('state', vocab.states);
  const places = items('place', vocab.places);
  const subjects = keywords('self', 'an ally', 'a foe', 'allies', 'foes', 'round', 'not');
  const comparators = keywords('below', 'above', 'at least', 'at most', 'is');
  if (l.length === 0) return [...keywords('when', 'open with', 'target', 'never', 'otherwise', 'always'), ...actions];
  const lastW = l[l.length - 1];
  if (l[0] === 'otherwise') return l.length === 1 ? items('preset', vocab.presets) : [];
  if (lastW === 'open') return keywords('with');
  // where the current part starts: after the last `when`/`and`/`:`/`with`/`never`/`at`/`target`
  let k = l.length - 1;
  while (k >= 0 && !['when', 'and', ':', 'with', 'never', 'at', 'target', 'always'].includes(l[k])) k--;
  const part = l.slice(k + 1);
  const head = k >= 0 ? l[k] : '';
  if (head === ':' || head === 'with' || head === 'always' || (head === 'never' && part.length === 0)) {
    if (part.length === 0) return actions;
    const a = vocab.actions[part[0]];
    if (!a) return [];
    return head === 'never' ? keywords('when') : a.aimed ? keywords('it', 'at') : [];
  }
  if (head === 'never') return keywords('when');
  if (head === 'at' || head === 'target') {
    if (part.length === 0) return [...keywords('lowest', 'highest', 'nearest', 'farthest', 'it'), ...states];
    if (part.length === 1 && (part[0] === 'lowest' || part[0] === 'highest')) return measures;
    return head === 'target' ? keywords('when') : [];
  }
  if (head === 'when' || head === 'and') {
    const p = part.filter((w) => w !== 'not');
    if (p.length === 0 || (p.length === 1 && (p[0] === 'an' || p[0] === 'a' || p[0] === 'any'))) return subjects;
    const subj = SUBJECTS[p.slice(0, 2).join(' ')] ?? SUBJECTS[p[0]];
    const rest = SUBJECTS[p.slice(0, 2).join(' ')] ? p.slice(2) : p.slice(1);
    const nextAfterCond = keywords('and', ':');
    if (subj === 'round') return rest.length === 0 ? comparators : rest.length >= 2 ? nextAfterCond : [];
    if (subj === 'allies' || subj === 'foes')
      return rest.length === 0
        ? [...places, ...comparators]
        : /\d/.test(rest[rest.length - 1])
          ? nextAfterCond
          : comparators;
    if (rest.length === 0)
      return [...measures, ...keywords('is', 'not'), ...states, ...(subj === 'self' ? [] : places)];
    if (Object.hasOwn(vocab.measures, rest[0]))
      return rest.length === 1
        ? comparators
        : rest.length >= 2 && /\d/.test(rest[rest.length - 1])
          ? nextAfterCond
          : [];
    if (Object.hasOwn(vocab.states, rest[rest.length - 1]))
      return [...(subj === 'self' ? [] : places), ...nextAfterCond];
    if (rest[rest.length - 1] === 'is' || rest[rest.length - 1] === 'not') return states;
    return nextAfterCond;
  }
  return [];
}

const CMP_WORDS: Readonly<Record<string, string>> = {
  below: 'is below',
  above: 'is above',
  'at least': 'is at least',
  'at most': 'is at most',
  is: 'is',
};

/** A condition in words: "its own vitality is below 30% of its maximum". */
export function conditionInWords(c: Condition): string {
  const not = c.negated ? 'not ' : '';
  const num = `${c.value}${c.percent ? '% of its maximum' : ''}`;
  switch (c.subject) {
    case 'round':
      return `${not}the round ${CMP_WORDS[c.cmp!]} ${c.value}`;
    case 'allies':
    case 'foes':
      return `${not}the number of able ${c.subject === 'allies' ? 'allies (itself not counted)' : 'foes'}${c.place ? ` ${c.place}` : ''} ${CMP_WORDS[c.cmp!]} ${num}`;
    default: {
      if (c.subject === 'self') {
        if (c.measure) return `${c.negated ? 'not ' : ''}its own ${c.measure} ${CMP_WORDS[c.cmp!]} ${num}`;
        return `it is ${not}${c.state}`;
      }
      const who = c.negated ? `no able ${c.subject}` : `an able ${c.subject}`;
      if (c.measure) return `${who}'s ${c.measure} ${CMP_WORDS[c.cmp!]} ${num}`;
      return `${who} is ${[c.state, c.place].filter(Boolean).join(' ')}`;
    }
  }
}

function selectorInWords(s: Selector): string {
  switch (s.by) {
    case 'lowest':
    case 'highest':
      return `the one with the ${s.by} ${s.measure}`;
    case 'nearest':
      return 'the nearest one';
    case 'farthest':
      return 'the farthest one';
    case 'it':
      return 'the one the condition found';
    case 'state':
      return `one that is ${s.state}`;
    case 'name':
      return `"${s.name}"`;
  }
}

function actionInWords(a: RuleAction): string {
  return `${a.word}${a.name !== undefined ? ` "${a.name}"` : ''}${a.it ? ' at the one the condition found' : a.at ? ` at ${selectorInWords(a.at)}` : ''}`;
}

/** What each term of a rule line is, for semantic tokens and hover: a part of the vocabulary or of the grammar. */
export type RuleTermKind = RuleWordItem['kind'] | 'name' | 'number' | 'punct' | 'unknown';

/** The grammar's own words (built once: semantic tokens ask for every rule line on every edit). */
const GRAMMAR_WORDS = [
  ...new Set([...Object.keys(RULE_WORDS), ...Object.keys(SUBJECTS), ...Object.keys(COMPARATORS)]),
  'with',
  'an',
  'a',
  'any',
];

/** Each term's kind on a rule line (multi-word phrases, `in reach`, give each of their words the phrase's kind). */
export function ruleTermKinds(terms: readonly Term[], vocab: TacticsVocabulary): RuleTermKind[] {
  const out: RuleTermKind[] = terms.map(() => 'unknown');
  const tables: [RuleTermKind, Iterable<string>][] = [
    ['action', Object.keys(vocab.actions)],
    ['measure', Object.keys(vocab.measures)],
    ['state', Object.keys(vocab.states)],
    ['place', Object.keys(vocab.places)],
    ['preset', Object.keys(vocab.presets)],
    ['keyword', GRAMMAR_WORDS],
  ];
  const line = new Line(terms);
  while (!line.done) {
    const t = line.peek()!;
    if (t.kind === 'punct') out[line.i++] = 'punct';
    else if (t.kind === 'number') out[line.i++] = 'number';
    else if (t.kind === 'string') out[line.i++] = 'name';
    else {
      const at = line.i;
      let kind: RuleTermKind = 'unknown';
      for (const [k, words] of tables) {
        if (line.phrase(words) !== undefined) {
          kind = k;
          break;
        }
      }
      if (line.i === at) {
        // a bare word after an action that takes a name (`technique Cut`) is that name
        out[line.i++] = at > 0 && out[at - 1] === 'action' ? 'name' : 'unknown';
      } else for (let j = at; j < line.i; j++) out[j] = kind;
    }
  }
  return out;
}

/** The doc of a word of a rule line (its vocabulary's or the grammar's), for hover. */
export function ruleWordDoc(word: string, kind: RuleTermKind, vocab: TacticsVocabulary): string | undefined {
  const w = word.toLowerCase();
  const table: Readonly<Record<string, VocabularyWord>> | undefined =
    kind === 'action'
      ? vocab.actions
      : kind === 'measure'
        ? vocab.measures
        : kind === 'state'
          ? vocab.states
          : kind === 'place'
            ? vocab.places
            : kind === 'preset'
              ? vocab.presets
              : undefined;
  if (table) {
    const key = Object.keys(table).find((k) => k === w || k.split(' ').includes(w));
    return key ? `\`${key}\`: ${table[key].doc}` : undefined;
  }
  if (kind === 'keyword') {
    const key = Object.keys(RULE_WORDS).find((k) => k === w || k.split(' ').includes(w));
    if (key) return RULE_WORDS[key].startsWith('`') ? RULE_WORDS[key] : `\`${key}\`: ${RULE_WORDS[key]}`;
  }
  return undefined;
}

/** One rule line read on its own (for hover): the rule, or undefined when it does not read. */
export function readRuleLine(st: Statement, vocab: TacticsVocabulary, n: number): PriorityRule | undefined {
  try {
    return st.terms.length ? readRule(st, vocab, n) : undefined;
  } catch (e) {
    if (e instanceof RuleError) return undefined;
    throw e;
  }
}

/** A rule said in words for hover: what it does and when. */
export function ruleInWords(r: PriorityRule): string {
  const when = r.conditions.length ? ` when ${r.conditions.map(conditionInWords).join(' and ')}` : '';
  switch (r.form) {
    case 'when':
    case 'always':
      return `Rule ${r.n}: takes ${actionInWords(r.action!)}${when || ' whenever it is legal'} — the first rule that holds and is legal decides.`;
    case 'target':
      return `Rule ${r.n}: aims at ${selectorInWords(r.selector!)}${when}, whatever it does.`;
    case 'never':
      return `Rule ${r.n}: never takes ${actionInWords(r.action!)}${when} (unless nothing else is legal).`;
    case 'otherwise':
      return `Rule ${r.n}: every decision no rule makes follows the preset \`${r.preset}\`.`;
  }
}

/**
 * The `tactics { … }` block a system adds to its schema beside its `tactics PRESET` attribute: under a character
 * (its own rules), a side (every member's) and, written after a placement, those copies' (`Goblin x3 at gate
 * tactics { … }`).
 */
export function tacticsBlock(parents: readonly string[], example: string): BlockSpec {
  return {
    kind: 'tactics',
    parents,
    unnamed: true,
    rules: true,
    attributes: [],
    doc: 'How the GM plays this combatant: priority rules, one per line; the first that holds and is legal decides (`when self MEASURE below 30%: ACTION`, `open with ACTION`, `target lowest MEASURE`, `never ACTION`, `otherwise PRESET`, in this game\'s words: completion offers them). docs/LANGUAGE.md, "Tactics".',
    example,
    snippet: 'tactics {\n\t${1:when self vitality below 30%: }$0\n}',
  };
}
