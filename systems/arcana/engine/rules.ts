// A GM's priority rules at Arcana's decision points (issue 33; model/priority-run.ts decides): the legal options
// of a scripted combatant's decision as the rules see them (OptionFacts), and the fight as they read it (a
// RuleWorld over the simulator). The simulator (sim.ts) asks only for combatants with rules, after its policy has
// chosen, on every path alike (Monte Carlo, the log, `play`): a combatant without rules costs nothing here.
//
// Decisions and their options (decisions.ts):
//   a turn's target and action, decided together: `attack` on each able foe (AR-A1, AR-T6: no map, any foe), and
//     `maneuver NAME` for each maneuver it knows (Press the Advantage last, AR-M6) on each able foe — or once,
//     aimed at nobody, when it goes on itself or on the scene unopposed (AR-M4). The policy's target comes first
//     among the foes, so a rule that names an action but no target keeps the policy's aim (then file order).
//   'cheat': no cheat (no action word), or `cheat` with each distinct card value of the hand (AR-C1, AR-C6).
//   'answer-cheat': no cheat, or `cheat-defense` with each card value (AR-C4).
// Rules draw no card and no number: the same file and seed give the same fight.

import {
  decideByRules,
  type OptionFacts,
  type PriorityRule,
  type RuleWorld,
  type Tactics,
} from '../../../model/priority-run.js';
import {
  MT_SCENE,
  MT_SELF,
  actionOptions,
  cheatOptions,
  defenseBase,
  targetOptions,
  type CManeuver,
  type FightView,
} from './decisions.js';
import { value } from './deck.js';

/** Whether a rules block decides anything (`otherwise` alone only names the preset): else nothing is asked. */
export function decides(t: Tactics): boolean {
  return t.rules.some((r) => r.form !== 'otherwise');
}

/** What the rules read of a fight beyond the policy's view (sim.ts keeps it). */
export interface RuleView extends FightView {
  readonly round: number;
  readonly names: readonly string[];
  /** The round of each combatant's last turn (0: none yet). */
  readonly actedIn: Int32Array;
  /** Whom each combatant's last turn was aimed at (an attack, a maneuver resisted), −1: nobody. */
  readonly aimedAt: Int32Array;
  /** Whether c bears an unspent temporary aspect the other side placed (AR-S2). */
  marked(c: number): boolean;
}

/** The Arcana answers to the vocabulary's words (tactics-words.ts), over the simulator's state. */
class ArRuleWorld implements RuleWorld {
  constructor(private readonly v: RuleView) {}
  get round(): number {
    return this.v.round;
  }
  get count(): number {
    return this.v.n;
  }
  side(c: number): number {
    return this.v.side[c];
  }
  able(c: number): boolean {
    return this.v.out[c] === 0;
  }
  measure(c: number, m: string): number {
    const v = this.v;
    switch (m) {
      case 'health':
        return v.hp[c];
      case 'hand':
        return v.hands[v.handOf(c)].length;
      case 'attack':
        return v.stat(c, v.atkStat[c]) + v.wBonus[c] + v.atkEdge[c];
      case 'defense':
        return defenseBase(v, c);
      case 'toughness':
        return v.toughness[c];
      default:
        return 0;
    }
  }
  maximum(c: number, m: string): number {
    return m === 'health' ? this.v.hpMax[c] : m === 'hand' ? this.v.limit : this.measure(c, m);
  }
  is(c: number, state: string): boolean {
    const v = this.v;
    switch (state) {
      case 'wounded':
        return v.hp[c] < v.hpMax[c];
      case 'marked':
        return v.marked(c);
      case 'ranged':
        return v.wRanged[c] === 1;
      case 'acted':
        return v.actedIn[c] === v.round;
      case 'taken-out':
        return v.out[c] !== 0;
      default:
        return false;
    }
  }
  at(actor: number, other: number, place: string): boolean {
    return place === 'targeting me' && this.v.aimedAt[other] === actor;
  }
  /** No map (AR-T6): everyone is as near as anyone. */
  distance(): number {
    return 0;
  }
  name(c: number): string {
    return this.v.names[c];
  }
}

/** A turn's options as rules see them, with the action and target of each. */
interface TurnOptions {
  readonly facts: readonly OptionFacts[];
  readonly ms: readonly (CManeuver | null)[];
  readonly ts: readonly number[];
}

/** i's turn options where the policy aims at t0 (first among the foes), or only at `only` (≥ 0: a control chose it). */
function turnOptionsOf(v: RuleView, i: number, t0: number, only: number): TurnOptions {
  const foes = only >= 0 ? [only] : [t0, ...targetOptions(v, i).filter((j) => j !== t0)];
  const facts: OptionFacts[] = [];
  const ms: (CManeuver | null)[] = [];
  const ts: number[] = [];
  for (const m of actionOptions(v, i)) {
    if (m !== null && unaimed(m)) {
      facts.push({ action: 'maneuver', name: m.name, target: -1 });
      ms.push(m);
      ts.push(foes[0]);
      continue;
    }
    for (const j of foes) {
      facts.push(m === null ? { action: 'attack', target: j } : { action: 'maneuver', name: m.name, target: j });
      ms.push(m);
      ts.push(j);
    }
  }
  return { facts, ms, ts };
}

/** A turn as a rule decided it: the action (null: attack), its target, and the rule. */
export interface RuledTurn {
  readonly m: CManeuver | null;
  readonly t: number;
  /** Whether the rule chose the target: it says whom (`it`, `at …`, `target …`) and the option is aimed. */
  readonly aimed: boolean;
  readonly rule: PriorityRule;
}

/** A maneuver aimed at nobody: on itself, or on the scene unopposed (AR-M4). */
export const unaimed = (m: CManeuver): boolean => m.target === MT_SELF || (m.target === MT_SCENE && m.against < 0);

/** The action words (`cheat`, `cheat-defense`…) a block's `when`/`always` rules act with, and its `never` rules ban, kept per block. */
const CHEAT_WORDS = new WeakMap<Tactics, { decides: Set<string>; bans: Set<string> }>();
function cheatWords(tac: Tactics): { decides: Set<string>; bans: Set<string> } {
  let w = CHEAT_WORDS.get(tac);
  if (w === undefined) {
    w = { decides: new Set(), bans: new Set() };
    for (const r of tac.rules)
      if ((r.form === 'when' || r.form === 'always') && r.action !== undefined) w.decides.add(r.action.word);
      else if (r.form === 'never' && r.action !== undefined) w.bans.add(r.action.word);
    CHEAT_WORDS.set(tac, w);
  }
  return w;
}

export class ArRules {
  /**
   * Whether a cheat skips decideByRules when no rule of the block can decide it (the fast path; its plain
   * twin asks decideByRules every time, and a test holds the two equal: test/systems/arcana/rules-run.test.ts).
   */
  static shortcut = true;
  private readonly world: ArRuleWorld;
  constructor(private readonly v: RuleView) {
    this.world = new ArRuleWorld(v);
  }

  /**
   * i's turn by its rules, where its policy chose m0 against t0; `only` ≥ 0 fixes the target (a control chose
   * it, `play`). Undefined: no rule decides, the policy's choice stands.
   */
  turn(i: number, tac: Tactics, t0: number, m0: CManeuver | null, only = -1): RuledTurn | undefined {
    const o = this.turnOptions(i, t0, only);
    const { facts, ms, ts } = o;
    let chosen = 0;
    for (let k = 0; k < ms.length; k++)
      if (ms[k] === m0 && (ts[k] === ts[0] || facts[k].target < 0)) {
        chosen = k;
        break;
      }
    const r = decideByRules(tac, i, facts, chosen, this.world);
    if (r === undefined) return undefined;
    // the rule chose the target when it says whom (`it`, `at …`, a `target` rule); else it kept the policy's
    const a = r.rule.action;
    const says = r.rule.form === 'target' || a?.it === true || a?.at !== undefined;
    return { m: ms[r.option], t: ts[r.option], aimed: says && facts[r.option].target >= 0, rule: r.rule };
  }

  /**
   * A turn's options as the rules see them (the header's list; the policy's target t0 first among the foes, or
   * `only`), kept per actor, first foe and set of able foes (`ArRules.shortcut`; `turnOptionsOf` is its plain
   * twin, the test of the shortcut holds every log byte equal).
   */
  private turnOptions(i: number, t0: number, only: number): TurnOptions {
    const v = this.v;
    if (!ArRules.shortcut || v.n > 24 || i > 63 || t0 > 63) return turnOptionsOf(v, i, t0, only);
    let mask = 0;
    for (let j = 0; j < v.n; j++) if (v.side[j] !== v.side[i] && v.out[j] === 0) mask |= 1 << j;
    const key = ((i * 64 + (only >= 0 ? only : t0)) * 2 + (only >= 0 ? 1 : 0)) * 16777216 + mask;
    let o = this.kept.get(key);
    if (o === undefined) this.kept.set(key, (o = turnOptionsOf(v, i, t0, only)));
    return o;
  }
  private readonly kept = new Map<number, TurnOptions>();

  /**
   * A cheat by f's rules ('cheat' or 'answer-cheat'), where its policy picked hand position `pick` (−1: none):
   * the hand position the rules take (−1: no cheat) and the rule, or undefined when no rule decides.
   */
  cheat(
    f: number,
    tac: Tactics,
    kind: 'cheat' | 'answer-cheat',
    hand: readonly number[],
    pick: number,
  ): { pick: number; rule: PriorityRule } | undefined {
    const word = kind === 'cheat' ? 'cheat' : 'cheat-defense';
    // only a `when`, `always` or `never` rule whose action is this cheat word can decide a cheat (every option is
    // aimed at nobody, so a `target` rule never does), and a `never` rule only when the policy would cheat (it bans
    // the cheat options, never "no cheat"): else decideByRules returns undefined, unasked
    if (ArRules.shortcut) {
      const w = cheatWords(tac);
      if (!w.decides.has(word) && (pick < 0 || !w.bans.has(word))) return undefined;
    }
    const opts = cheatOptions(hand, value, true);
    const facts: OptionFacts[] = opts.map((k) => ({ action: k < 0 ? undefined : word, target: -1 }));
    // the policy's card, or the option of its value (the card held longest of that value), as `play` offers it
    const chosen = pick < 0 ? 0 : opts.findIndex((k) => k >= 0 && value(hand[k]) === value(hand[pick]));
    const r = decideByRules(tac, f, facts, chosen, this.world);
    return r === undefined ? undefined : { pick: opts[r.option], rule: r.rule };
  }
}
