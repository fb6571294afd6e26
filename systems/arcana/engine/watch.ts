// Arcana's FightWatch (model/system.ts): each character's Health, the hand it
// cheats from (its own, or the GM's Hand of Fate for the opposition: AR-H1,
// AR-H2), the temporary aspects on it (AR-S2) and whether it is Taken Out,
// from the events alone; and the hover of issue 12 item 8 (inspect): the hand
// and the exact chance its next attack hits with and without a cheat (AR-C6).

import { cardName } from '../../../engine/cards.js';
import type { CombatantState, FightSnapshot, FightWatch } from '../../../model/system.js';
import { playersSide, type Card, type Character, type Encounter } from '../model.js';
import type { ArEvent } from './events.js';
import { attackOddsFor, deckCards, initiativeHolders, initiativeOddsFor } from './exact.js';
import { fracNum, fracStr, type AttackOdds } from './odds.js';
import { pickTarget } from './policy/target.js';
import { ArSim } from './sim.js';

/** The GM's hand, as the deal names it (AR-H2). */
const FATE = 'Hand of Fate';

interface Fighter {
  name: string;
  side: string;
  character: Character;
  /** On the players' side (holds its own hand) or the opposition (the Hand of Fate). */
  players: boolean;
  hp: number;
  out: boolean;
  /** Temporary aspects on it: id → name (AR-S2). */
  aspects: Map<number, { name: string; placerSide: number }>;
}

/** The fight as its events show it, and the hover's exact odds (see the header). */
class ArWatch implements FightWatch {
  private readonly ps: number;
  private readonly all: Fighter[];
  private readonly by: Map<string, Fighter>;
  /** Hands by holder: a players'-side character's name, or FATE. */
  private readonly hands = new Map<string, Card[]>();
  /** Temporary aspects on the scene (AR-S2). */
  private readonly scene = new Map<number, { name: string; placerSide: number }>();
  private round = 0;
  /** AR-O2: the round's face-up opposition card (NO_CARD −1 when the deck ran dry, AR-F4); null between rounds or `off`. */
  private oppCard: Card | null = null;
  /** AR-F1: the encounter's Fate deck, homebrew or stacked (the hover knows no draw order). */
  private readonly deck: readonly Card[];
  /** AR-I1: the initiative order once flipped (holder label, score), null before. */
  private order: readonly { holder: string; score: number }[] | null = null;
  private readonly holders: ReturnType<typeof initiativeHolders>;
  /**
   * AR-F3, AR-F4: the cards face up on the table in the current action (its flips and cheats; to the discard pile
   * when the next action, round end or end comes), and the discard pile since the last reshuffle — the cards
   * everyone has seen that the deck can no longer flip, as the simulator keeps them (sim.ts flip, endAction).
   */
  private readonly table: Card[] = [];
  private discard: Card[] = [];
  /** The simulator as the policy reads it (stats, Health, who is out), for the target pickTarget would choose now (ARS-7). */
  private view: ArSim | undefined;

  constructor(private readonly enc: Encounter) {
    const ps = (this.ps = playersSide(enc));
    this.all = enc.sides.flatMap((s, si) =>
      s.placements.map((p) => ({
        name: p.name,
        side: s.name,
        character: p.character,
        players: si === ps,
        hp: p.character.health,
        out: false,
        aspects: new Map(),
      })),
    );
    this.by = new Map(this.all.map((f) => [f.name, f]));
    this.deck = deckCards(enc);
    this.holders = initiativeHolders(enc);
  }

  private sideIndex(f: Fighter): number {
    return f.players ? this.ps : 1 - this.ps;
  }

  private handOf(f: Fighter): Card[] {
    return this.hands.get(f.players ? f.name : FATE) ?? [];
  }

  private drop(holder: string, c: number): void {
    const h = this.hands.get(holder);
    const i = h ? h.indexOf(c) : -1;
    if (h && i >= 0) h.splice(i, 1);
  }

  private seen(c: Card | null | undefined): void {
    if (c !== null && c !== undefined && c >= 0) this.table.push(c);
  }

  private endAction(): void {
    this.discard.push(...this.table);
    this.table.length = 0;
  }

  apply(event: { type: string }): void {
    const e = event as ArEvent;
    switch (e.type) {
      case 'deal':
        for (const h of e.hands) this.hands.set(h.who, h.cards.slice());
        break;
      case 'initiative':
        // AR-I1: each flip is discarded at once
        if (e.card >= 0) this.discard.push(e.card);
        break;
      case 'reshuffle':
        // AR-F4: the discard pile is the draw pile again; the current action's cards stay on the table
        this.discard = [];
        break;
      case 'declare':
        this.endAction();
        break;
      case 'aim':
        this.seen(e.card);
        break;
      case 'attack':
        if (!e.opposition) this.seen(e.flip);
        if (!e.defense.opposition) this.seen(e.defense.card);
        break;
      case 'maneuver':
        if (!e.opposition) this.seen(e.card);
        if (e.vs.kind === 'opposed' && !e.vs.opposition) this.seen(e.vs.card);
        break;
      case 'order':
        this.order = e.order;
        break;
      case 'round':
        this.round = e.round;
        this.oppCard = e.card;
        break;
      case 'cheat': {
        // AR-C5: a permanent cheat makes the hand card the round's opposition card, the one it replaces discarded at
        // once; a temporary one plays the hand card for this action only. Else the flip it replaces goes to the
        // discard pile at once and the hand card lies on the table (AR-F3)
        if (e.oppositionCard === 'permanent') {
          if (e.replaces >= 0) this.discard.push(e.replaces);
          this.oppCard = e.card;
        } else if (e.oppositionCard === 'temporary') this.seen(e.card);
        else {
          const k = this.table.indexOf(e.replaces);
          if (k >= 0) this.table.splice(k, 1);
          if (e.replaces >= 0) this.discard.push(e.replaces);
          this.seen(e.card);
        }
        this.drop(e.who === 'The GM' ? FATE : e.who, e.card);
        // a temporary aspect serves one invocation (AR-S2)
        if (e.aspect.kind === 'temporary' && e.aspect.id !== undefined) {
          this.scene.delete(e.aspect.id);
          for (const g of this.all) g.aspects.delete(e.aspect.id);
        }
        break;
      }
      case 'hit': {
        const t = this.by.get(e.target);
        if (t && e.hit) t.hp = e.after;
        break;
      }
      case 'maneuver-result': {
        const f = this.by.get(e.who);
        if (!f || !e.success) break;
        if (e.aspect !== null && e.aspectId !== null) {
          const on = e.on === null ? undefined : this.by.get(e.on);
          const a = { name: e.aspect, placerSide: this.sideIndex(f) };
          if (on) on.aspects.set(e.aspectId, a);
          else this.scene.set(e.aspectId, a);
        }
        const holder = f.players ? f.name : FATE;
        if (e.drew !== null) {
          const h = this.hands.get(holder) ?? [];
          h.push(e.drew);
          this.hands.set(holder, h);
        }
        if (e.overflow !== null) {
          this.drop(holder, e.overflow);
          this.discard.push(e.overflow); // AR-H3: the lowest card past the limit is discarded
        }
        break;
      }
      case 'taken-out': {
        const f = this.by.get(e.who);
        if (!f) break;
        f.out = true;
        f.hp = 0;
        f.aspects.clear();
        // AR-H5: its hand goes to the discard pile
        if (f.players) this.hands.set(f.name, []);
        this.discard.push(...e.hand);
        break;
      }
      case 'end':
        this.endAction();
        if (this.oppCard !== null && this.oppCard >= 0) this.discard.push(this.oppCard);
        this.oppCard = null;
        break;
      case 'round-end':
        // AR-R1 step 5: the last action is over, and the opposition card goes to the discard pile
        this.endAction();
        if (e.card !== null && e.card >= 0) this.discard.push(e.card);
        this.oppCard = null;
        for (const h of e.health) {
          const f = this.by.get(h.who);
          if (f) f.hp = h.hp;
        }
        break;
    }
  }

  snapshot(): FightSnapshot {
    return { round: this.round, combatants: this.all.map((f) => this.state(f)) };
  }

  private state(f: Fighter): CombatantState {
    const statuses: string[] = [];
    if (f.out) statuses.push('Taken Out');
    for (const a of f.aspects.values()) statuses.push(a.name);
    const details: string[] = [];
    if (f.players) details.push(`hand ${cards(this.handOf(f))}`);
    else details.push(`${FATE} (the GM's) ${cards(this.handOf(f))}`);
    return {
      name: f.name,
      side: f.side,
      meters: [{ label: 'Health', value: f.hp, max: f.character.health }],
      statuses,
      details,
      out: f.out,
    };
  }

  /** AR-S3: an aspect applies to f's attack flip on t: a declared scene aspect, f's own, or a temporary one its side placed on the scene, f or t. */
  private canInvoke(f: Fighter, t: Fighter): boolean {
    if (this.enc.aspects.length || f.character.aspects.length) return true;
    const mine = (a: { placerSide: number }): boolean => a.placerSide === this.sideIndex(f);
    return [...this.scene.values(), ...f.aspects.values(), ...t.aspects.values()].some(mine);
  }

  /** The target pickTarget would choose now (ARS-7), on the simulator as the policy reads it. */
  private nextTarget(f: Fighter): Fighter | undefined {
    const view = (this.view ??= new ArSim(this.enc));
    this.all.forEach((g, k) => {
      view.hp[k] = g.hp;
      view.out[k] = g.out ? 1 : 0;
    });
    view.stamps[0] = view.stamps[1] = view.outStamps[0] = view.outStamps[1] = ++view.stamp; // Health, Taken Out anew
    const t = pickTarget(view, this.all.indexOf(f));
    return t < 0 ? undefined : this.all[t];
  }

  /** AR-I1…I3: before the flips, the exact chance of acting before each foe holder; after, the score and place. */
  private initiativeLines(f: Fighter, hand: readonly Card[]): string[] {
    const own = this.holders.find((h) => h.names.includes(f.name));
    if (!own) return [];
    if (this.order) {
      const k = this.order.findIndex((o) => o.holder === own.label);
      return k < 0
        ? []
        : ['', `Initiative: ${own.label} ${this.order[k].score}, acts ${k + 1} of ${this.order.length} (AR-I1)`];
    }
    const rows = this.holders
      .filter((h) => h.side !== own.side)
      .map((h) => {
        const p = initiativeOddsFor(this.enc, own.first, h.first, hand);
        return `- before ${h.label}: **${fracStr(p)}** (${(100 * fracNum(p)).toFixed(1)}%)`;
      });
    return ['', `Initiative (not flipped yet; AR-I1…I3, ties AR-I3): ${own.label} acts…`, ...rows];
  }

  inspect(name: string): string | undefined {
    const f = this.by.get(name);
    if (!f) return undefined;
    const hand = this.handOf(f);
    const lines = [`**${f.name}** — Health ${f.hp}/${f.character.health}${f.out ? ' — Taken Out' : ''}`, ''];
    lines.push(
      f.players ? `Hand: ${cards(hand)}` : `${FATE} (the GM's, for every opposition character): ${cards(hand)}`,
    );
    lines.push(...this.initiativeLines(f, hand));
    const t = f.out ? undefined : this.nextTarget(f);
    if (!t) return lines.join('\n');
    // every card the attacker knows is out of the deck (a cheat's hand leaves it through `cheat`, not `known`): its
    // hand (AR-H5), the face-up opposition card, which is the defender's flip when the defender is of the
    // opposition, and the attacker's own with `all` (AR-O3), and every card face up on the table or in the discard
    // pile since the last reshuffle (AR-F3, AR-F4): only the cards it has not seen can be flipped
    const face = this.oppCard !== null && this.enc.oppositionCard !== 'off' ? this.oppCard : null;
    const gone = [...this.table, ...this.discard];
    const known = [...hand, ...(face === null ? [] : [face]), ...gone];
    const defenseCard = face !== null && !t.players ? face : undefined;
    const attackCard = face !== null && !f.players && this.enc.oppositionCard === 'all' ? face : undefined;
    const situation = { health: t.hp, known, deck: this.deck, attackCard, defenseCard };
    const plain = attackOddsFor(f.character, t.character, situation);
    lines.push('', `Next attack, on ${t.name} (Health ${t.hp}; the foe it takes most threat from, ARS-7):`);
    if (defenseCard !== undefined)
      lines.push(`- ${t.name}'s defense flip is the opposition card ${faceName(face!)}, face up (AR-O3)`);
    if (attackCard !== undefined)
      lines.push(`- ${f.name}'s attack flip is the opposition card ${faceName(face!)}, face up (AR-O3)`);
    lines.push(`- hits without a cheat: ${pct(plain)}`);
    if (!hand.length) lines.push('- with a cheat: no card in hand (AR-C1)');
    else if (!this.canInvoke(f, t)) lines.push('- with a cheat: no aspect applies to the flip (AR-C2, AR-S3)');
    else
      lines.push(
        `- hits with a cheat from this hand (the lowest card that turns the outcome, AR-C6): ${pct(attackOddsFor(f.character, t.character, { ...situation, known: face === null ? gone : [face, ...gone], cheat: hand }))}`,
      );
    const less = [`the ${hand.length} card${hand.length === 1 ? '' : 's'} in hand`];
    if (face !== null) less.push(`the opposition card ${faceName(face)}`);
    if (gone.length) less.push(`the ${gone.length} card${gone.length === 1 ? '' : 's'} seen since the last reshuffle`);
    lines.push(
      '',
      `Exact over the encounter's Fate deck (${this.deck.length} cards) less ${less.join(' and ')}; the defender does not cheat (its hand is hidden).`,
    );
    return lines.join('\n');
  }
}

/** AR-F4: an opposition card flipped from an empty deck and discard pile is worth 0. */
const faceName = (c: Card): string => (c < 0 ? 'none (worth 0, AR-F4)' : cardName(c));
const cards = (h: readonly Card[]): string => (h.length ? h.map(cardName).join(' ') : '(empty)');
const pct = (o: AttackOdds): string => `**${fracStr(o.pHit)}** (${(100 * fracNum(o.pHit)).toFixed(1)}%)`;

export function arWatch(enc: Encounter): FightWatch {
  return new ArWatch(enc);
}
