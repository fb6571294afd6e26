// Arcana's simulator, part 2 of 5 (sim.ts has the map): Cheating Fate (AR-C1…C6) — a side replaces a flip made for
// one of its characters with a card of its hand, naming an applicable aspect; which card is the policy's
// (policy/cheat.ts, ARS-19, ARS-21) or a GM rule's (issue 33), and a control may choose (issue 32).

import { probeRuleKey } from '../../../../model/priority-run.js';
import { value } from '../deck.js';
import { attackClass, damageOf } from '../odds.js';
import { attackCheatCard, defenseCheatCard, lowestCardAtLeast } from '../policy/index.js';
import { ArState } from './state.js';

/** Whose cheat `cheat` asks the policy for: the attacker's (ARS-21), the defender's (ARS-19), a maneuver's or its resisting side's (AR-C6). */
export const PICK_ATTACK = 0,
  PICK_DEFENSE = 1,
  PICK_MANEUVER = 2,
  PICK_RESIST = 3;

/** AR-C6 outcome classes of an attack, as the cheat reasons name them. */
const ATTACK_OUTCOME = ['a miss', 'a hit', 'a take-out'];

/** An attack's numbers (odds.ts AttackSpec), rewritten in place at every attack. */
interface ScratchSpec {
  attack: number;
  defense: number;
  damageBonus: number;
  toughness: number;
  health: number;
  /** Always false here (an aimed attack's aim card is the cheat's `cAim`): held so the scratch has the same fields, in
   * the same order, as the policy's table specs (value.ts `table`), and `damageOf` meets one shape of spec — with five
   * fields it met two, and its optimized code was thrown away once a run (`node --trace-deopt`, "wrong map"). */
  aim: boolean;
}

/**
 * The scratch spec, its numbers written a second time at once. Issue 32 item 5: the spec shares its map with the
 * policy's table specs, which are never written after they are made, so V8 tracked the fields as constant; `damageOf`,
 * optimized on the tables a side weighs before the first attack resolves, relied on that, and the first attack's writes
 * threw its code away ("code dependencies", once a worker). Written here, the fields are mutable before anything is
 * optimized.
 */
function scratchSpec(): ScratchSpec {
  const s: ScratchSpec = { attack: -1, defense: -1, damageBonus: -1, toughness: -1, health: -1, aim: false };
  s.attack = s.defense = s.damageBonus = s.toughness = s.health = 0;
  return s;
}

export abstract class ArCheats extends ArState {
  /** The attack being resolved (attack.ts): one object for every attack of this simulator, never kept by the policy. */
  protected readonly spec: ScratchSpec = scratchSpec();
  // what the cheat asked next reads (set by attack.ts and maneuver.ts just before `cheat`): the outcome class now,
  // the aim card's value, the attack's and the defense's card values; a maneuver's least card that changes it
  private cClass = 0;
  private cAim = 0;
  private cA = 0;
  private cD = 0;
  protected cNeed = 0;

  /** An attack's cheat to come: its outcome class now (AR-C6), aim card, attack and defense card values. */
  protected setCheat(cls: number, aimV: number, a: number, d: number): void {
    this.cClass = cls;
    this.cAim = aimV;
    this.cA = a;
    this.cD = d;
  }

  /** The policy's card for the cheat `pick` (PICK_*) of f's side from `hand`: a hand position, −1 none. */
  private pickCard(pick: number, f: number, o: number, hand: readonly number[], usesOpp: boolean): number {
    if (pick === PICK_ATTACK) return attackCheatCard(this, f, o, this.spec, this.cAim, this.cA, this.cD, hand);
    // AR-C5: the simulator's GM replaces the opposition card for the rest of the round (ARS-25 weighs that)
    if (pick === PICK_DEFENSE)
      return defenseCheatCard(this, f, this.spec, this.cA, this.cD, hand, usesOpp && !this.gmTemporary);
    // AR-C6 on a maneuver: the lowest card that changes the outcome (policy/cheat.ts cheatCard's threshold form)
    return lowestCardAtLeast(hand, this.cNeed);
  }

  /** The log's reason for the cheat `pick` with a card of value v. */
  private cheatReason(pick: number, v: number): string {
    const s = this.spec;
    if (pick === PICK_ATTACK) {
      const now = this.cClass,
        a0 = this.cA,
        d = this.cD,
        after = attackClass(s, Math.max(this.cAim, v), d);
      return after !== now
        ? `ARS-21: ${ATTACK_OUTCOME[now]} becomes ${ATTACK_OUTCOME[after]}, worth more than the card kept`
        : `ARS-21: a hit of ${damageOf(s, a0, d)} becomes a hit of ${damageOf(s, Math.max(this.cAim, v), d)}, worth more than the card kept`;
    }
    if (pick === PICK_DEFENSE) {
      const mid = this.cClass,
        a = this.cA,
        d0 = this.cD,
        after = attackClass(s, a, v);
      return after !== mid
        ? `ARS-19: ${ATTACK_OUTCOME[mid]} becomes ${ATTACK_OUTCOME[after]}, worth more than the card kept`
        : `ARS-19: a hit of ${damageOf(s, a, d0)} becomes a hit of ${damageOf(s, a, v)}, worth more than the card kept`;
    }
    return pick === PICK_MANEUVER
      ? 'AR-C6: a failure becomes a success with the lowest card that changes the outcome'
      : 'AR-C6: a success becomes a failure with the lowest card that changes the outcome';
  }

  /**
   * AR-C1…C6: side of `f` cheats the flip it made for f (opposing o) with the card the policy picks (`pick`, one of
   * PICK_*, reading what `setCheat` or `cNeed` set) and an applicable aspect (ARS-3). `usesOpp`: the flip is the
   * opposition card (AR-C5). Returns the card that now stands in, or −2 when no cheat happened.
   */
  protected cheat(
    f: number,
    o: number,
    usesOpp: boolean,
    flipped: number,
    which: number,
    kind: 'cheat' | 'answer-cheat',
  ): number {
    const h = this.handOf(f);
    const hand = this.hands[h];
    if (hand.length === 0) return -2;
    // AR-C2: an applicable aspect, read without building its reference until a card is played
    if (!this.canInvoke(f, o)) return -2;
    let pick = this.pickCard(which, f, o, hand, usesOpp);
    const tac = this.rules[f];
    if (this.control === null && tac === null && pick < 0) return -2;
    // issue 33: f's GM rules after its policy (rules.ts)
    const ruled = tac === null ? undefined : this.ruled!.cheat(f, tac, kind, hand, pick);
    if (ruled !== undefined) pick = ruled.pick;
    if (this.control !== null)
      pick = this.decideCheat(f, kind, hand, pick, ruled !== undefined ? probeRuleKey(tac!, ruled.rule) : undefined);
    if (pick < 0) {
      // a rule that kept the cards (`never cheat`) says so where the cheat would have been
      if (ruled !== undefined && this.sink) this.ruleLine(f, tac!, ruled.rule);
      return -2;
    }
    const asp = this.applicable(f, o)!;
    // the card leaves the hand, the others keep their order (as splice, without its array)
    const card = hand[pick];
    for (let k = pick + 1; k < hand.length; k++) hand[k - 1] = hand[k];
    hand.pop();
    let replaces = flipped;
    let oppKind: 'permanent' | 'temporary' | null = null;
    if (usesOpp) {
      replaces = this.oppCard;
      if (this.gmTemporary) {
        // ARS-11: tests only; the simulator's GM replaces permanently (AR-C6)
        this.setAside = this.oppCard; // back after the action (endAction)
        this.setAsideNow = true;
        oppKind = 'temporary';
      } else {
        this.deck.toDiscard(this.oppCard); // AR-C5 permanent: the replaced card is discarded at once
        oppKind = 'permanent';
      }
      this.oppCard = card;
    } else {
      const table = this.table;
      const k = table.indexOf(flipped);
      if (k >= 0) {
        for (let j = k + 1; j < table.length; j++) table[j - 1] = table[j];
        table.pop();
      }
      this.deck.toDiscard(flipped);
      this.table.push(card);
    }
    if (asp.kind === 'temporary' && asp.id !== undefined) this.dropTemps(asp.id, -1, null); // AR-S2: serves one invocation
    this.cheats[f]++;
    if (this.sink) {
      this.emit({
        type: 'cheat',
        round: this.round,
        side: this.side[f],
        who: this.opp[f] ? 'The GM' : this.names[f],
        flipFor: this.names[f],
        opposes: o >= 0 ? this.names[o] : null,
        aspect: asp,
        card,
        replaces,
        oppositionCard: oppKind,
        reason: ruled !== undefined ? `your rule ${ruled.rule.n}` : this.cheatReason(which, value(card)),
      });
      if (ruled !== undefined) this.ruleLine(f, tac!, ruled.rule);
    }
    return card;
  }
}
