// The GM's priority rules in a Halcyon Aces fight (issue 33): at each decision point of a combatant with rules
// (decisions.ts: action, seize, reaction), after its policy has chosen, the legal options as the rules see them
// (OptionFacts: the vocabulary's action word, a weapon/technique/zone name, a target) and the fight as they read
// it (HaRuleWorld: the schema's measures, states and places, systems/halcyon-aces/schema.ts HA_TACTICS) go to
// model/priority-run.ts decideByRules; when a rule decides, its option is written into the decision record as the
// policy's would have been (decisions.ts apply).
//
// The fast path, the event path and `play` all run through here (sim.ts step(), startRound; sim/movement.ts
// brace), so the odds, the log and the regret probe see the same fight. A combatant without rules never gets
// here: the compiled encounter's `gm` is null when nobody has rules, and sim.ts tests that one field. The plain
// twin of `ruleAction` is decisions.ts offerAction (the same legal options, the same apply). Rules draw no
// random numbers.

import type { OptionFacts, RuleChoice, RuleWorld, Tactics } from '../../../model/priority-run.js';
import * as run from '../../../model/priority-run.js';
import * as codes from './codes.js';
import * as compiled from './compile.js';
import type { CombatEvent } from './events.js';
import { apply, legalActions, moveEnd, policyOption, type ActionOption } from './decisions.js';
import type { CombatQueries } from './sim/queries.js';
import type { EventSink } from './sim/state.js';

const { citeRule, decideByRules } = run;
const {
  A_ASSIST,
  A_GUARD,
  A_INTERACT,
  A_LINK,
  A_MOVE,
  A_RECOVER,
  A_SCATTER,
  A_STABILIZE,
  A_STAND,
  A_STRIKE,
  A_TECHNIQUE,
  A_ULTIMATE,
} = codes;
const { INF, SLOTS, inBand } = compiled;

/** The fight as c's rules read it now: HA_TACTICS' measures, states and places. */
export class HaRuleWorld implements RuleWorld {
  constructor(readonly s: CombatQueries) {}
  get round(): number {
    return this.s.round;
  }
  get count(): number {
    return this.s.k.n;
  }
  side(c: number): number {
    return this.s.k.side[c];
  }
  able(c: number): boolean {
    return this.s.able(c);
  }
  measure(c: number, m: string): number {
    const s = this.s;
    switch (m) {
      case 'vitality':
        return s.vit[c]; // HA-N4
      case 'guard':
        return s.guardOf(c); // HA-N2, HA-A5
      case 'resolve':
        return s.k.resolve[c]; // HA-N3
      case 'actions':
        return c === s.cur ? s.actions : 0; // HA-T1
      case 'initiative':
        return s.roundValue[c]; // HA-I1, HA-I5
      case 'deck':
        return s.cnt[c]; // HA-C3
      case 'fatigue':
        return s.fatN[c]; // HA-C4
      case 'failing draws':
        return s.failing[c]; // HA-B2
      default:
        return 0;
    }
  }
  maximum(c: number, m: string): number {
    const k = this.s.k;
    return m === 'vitality' ? k.vitMax[c] : m === 'deck' ? k.deckSize[c] : m === 'actions' ? 3 : 0;
  }
  is(c: number, state: string): boolean {
    const s = this.s;
    switch (state) {
      case 'broken':
        return s.broken[c] === 1 && s.defeated[c] === 0; // HA-B1
      case 'prone':
        return s.prone[c] === 1; // HA-T2
      case 'stunned':
        return s.stunned[c] === 1; // HA-T1
      case 'weakened':
        return s.weakTurns[c] > 0; // HA-T3
      case 'guarding':
        return s.activeGuard[c] >= 0; // HA-A5
      case 'disarmed':
        return s.lost[c * SLOTS] !== 0 || s.lost[c * SLOTS + 1] !== 0; // HA-W2, HA-W4
      case 'assisted':
        return s.assist[c] !== 0; // HA-A7
      case 'player':
        return s.k.player[c] === 1; // HA-U1
      default:
        return false;
    }
  }
  at(actor: number, other: number, place: string): boolean {
    const s = this.s;
    const d = s.dist(actor, other);
    switch (place) {
      case 'engaged':
        return d === 0; // HA-Z2
      case 'near':
        return d === 1;
      case 'far':
        return d >= 2 && d < INF;
      case 'in reach':
        return inBand(d, s.k.wReach[actor * SLOTS + s.mainSlot(actor)]); // HA-Z3
      case 'within a stride':
        return this.distance(actor, other) <= 1; // HA-A1
      default:
        return false;
    }
  }
  distance(actor: number, other: number): number {
    const s = this.s;
    const k = s.k;
    return k.moveDist[s.zone[actor] * k.nz + s.zone[other]];
  }
  name(c: number): string {
    return this.s.k.ids[c];
  }
}

/** An action option as the rules see it: HA_TACTICS' action word, the name it carries, its target. */
export const factsOf = (s: CombatQueries, c: number, o: ActionOption): OptionFacts => {
  const k = s.k;
  switch (o.act) {
    case A_STAND:
      return { action: 'stand', target: -1 };
    case A_INTERACT:
      return { action: 'interact', name: k.wName[c * SLOTS + o.slot], target: -1 };
    case A_STRIKE:
      return { action: 'strike', name: k.wName[c * SLOTS + o.slot], target: o.target };
    case A_SCATTER:
      return { action: 'scatter', name: k.wName[c * SLOTS + o.slot], target: o.target };
    case A_TECHNIQUE:
      return { action: 'technique', name: k.tName[o.tech], target: o.target };
    case A_MOVE:
      return { action: o.steps === 2 ? 'dash' : 'stride', name: k.zoneNames[moveEnd(s, o)], target: -1 };
    case A_GUARD:
      return { action: 'active-guard', target: -1 };
    case A_ASSIST:
      return { action: 'assist', target: o.target };
    case A_RECOVER:
      return { action: 'recover', target: -1 };
    case A_STABILIZE:
      return { action: 'stabilize', target: o.target };
    case A_LINK:
      return { action: 'link-strike', target: o.target };
    case A_ULTIMATE:
      return { action: 'team-ultimate', target: o.target };
    default:
      return { action: 'end-turn', target: -1 };
  }
};

/**
 * The action point of a combatant with rules: the policy has written its choice into s; the rules may take
 * another legal action (written in its place). Returns the rule that decided, else undefined (the policy's stands).
 */
export const ruleAction = (s: CombatQueries, c: number, kiteMovedBefore: number): RuleChoice | undefined => {
  const t = s.k.gm![c];
  if (t === null) return undefined;
  const opts = legalActions(s, c);
  const mine = policyOption(s);
  let chosen = opts.findIndex((o) => o.label === mine.label);
  if (chosen < 0) {
    opts.push(mine); // as decisions.ts offerAction: a choice the list spells otherwise (a Dash toward a band)
    chosen = opts.length - 1;
  }
  const facts = opts.map((o) => factsOf(s, c, o));
  const r = decideByRules(t, c, facts, chosen, new HaRuleWorld(s));
  if (r !== undefined && r.option !== chosen) {
    s.kiteMoved = kiteMovedBefore; // the policy's memory of a kite step it did not take
    apply(s, c, opts[r.option]);
  }
  return r;
};

/** HA-I5's two options as the rules see them: keep the card, or `seize-initiative`. */
const SEIZE: readonly OptionFacts[] = [
  { action: undefined, target: -1 },
  { action: 'seize-initiative', target: -1 },
];

/** HA-I5 at a round's start for a combatant with rules: the policy's wish, the rule that decided (else undefined). */
export const ruleSeize = (s: CombatQueries, c: number, wants: boolean): RuleChoice | undefined => {
  const t = s.k.gm![c];
  return t === null ? undefined : decideByRules(t, c, SEIZE, wants ? 1 : 0, new HaRuleWorld(s));
};

/** HA-R2 for a combatant with rules: `brace` at the mover, or keep the Reaction. Option 0 is the Brace. */
export const ruleBrace = (s: CombatQueries, r: number, mover: number, wants: boolean): RuleChoice | undefined => {
  const t = s.k.gm![r];
  if (t === null) return undefined;
  const facts: OptionFacts[] = [
    { action: 'brace', target: mover },
    { action: undefined, target: -1 },
  ];
  const got = decideByRules(t, r, facts, wants ? 0 : 1, new HaRuleWorld(s));
  // a Brace has one target, the mover: a `target` rule has nothing to aim here, so it decides nothing
  return got !== undefined && got.rule.form === 'target' ? undefined : got;
};

const rulesOf = (s: CombatQueries, c: number): Tactics => s.k.gm![c]!;

/** The log's line under a decision rule `r` made: "↳ Queen Maud follows your rule 1: …" (of its owner when not its own). */
export const ruleEvent = (s: CombatQueries, c: number, r: RuleChoice): CombatEvent => ({
  type: 'rule',
  actor: s.k.ids[c],
  cite: citeRule(rulesOf(s, c), r.rule, s.k.enc.combatants[c].ownTactics === true),
});

/** DecisionPoint.rule for `play` (the regret probe groups regret by it). */
export const ruleKey = (s: CombatQueries, c: number, r: RuleChoice | undefined): string | undefined =>
  r === undefined ? undefined : run.probeRuleKey(rulesOf(s, c), r.rule);

/**
 * A sink that puts the rule's line right after the first line of the action it decided (a card reshuffle the
 * action's draw caused comes before that line, and is not it); `flush` adds it when the action logged nothing.
 */
export class RuleLineSink implements EventSink {
  private done = false;
  constructor(
    readonly real: EventSink,
    private readonly line: CombatEvent,
  ) {}
  push(e: CombatEvent): unknown {
    const out = this.real.push(e);
    if (!this.done && e.type !== 'reshuffle') this.flush();
    return out;
  }
  flush(): void {
    if (this.done) return;
    this.done = true;
    this.real.push(this.line);
  }
}
