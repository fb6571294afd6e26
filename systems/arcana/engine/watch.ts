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

export function arWatch(enc: Encounter): FightWatch {
  const ps = playersSide(enc);
  const all: Fighter[] = enc.sides.flatMap((s, si) =>
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
  const by = new Map(all.map((f) => [f.name, f]));
  const sideIndex = (f: Fighter): number => (f.players ? ps : 1 - ps);
  /** Hands by holder: a players'-side character's name, or FATE. */
  const hands = new Map<string, Card[]>();
  /** Temporary aspects on the scene (AR-S2). */
  const scene = new Map<number, { name: string; placerSide: number }>();
  let round = 0;
  /** AR-O2: the round's face-up opposition card (NO_CARD −1 when the deck ran dry, AR-F4); null between rounds or `off`. */
  let oppCard: Card | null = null;
  /** AR-F1: the encounter's Fate deck, homebrew or stacked (the hover knows no draw order). */
  const deck = deckCards(enc);
  /** AR-I1: the initiative order once flipped (holder label, score), null before. */
  let order: readonly { holder: string; score: number }[] | null = null;
  const holders = initiativeHolders(enc);

  const handOf = (f: Fighter): Card[] => hands.get(f.players ? f.name : FATE) ?? [];
  const drop = (holder: string, c: number): void => {
    const h = hands.get(holder);
    const i = h ? h.indexOf(c) : -1;
    if (h && i >= 0) h.splice(i, 1);
  };

  /**
   * AR-F3, AR-F4: the cards face up on the table in the current action (its flips and cheats; to the discard pile
   * when the next action, round end or end comes), and the discard pile since the last reshuffle — the cards
   * everyone has seen that the deck can no longer flip, as the simulator keeps them (sim.ts flip, endAction).
   */
  const table: Card[] = [];
  let discard: Card[] = [];
  const seen = (c: Card | null | undefined): void => {
    if (c !== null && c !== undefined && c >= 0) table.push(c);
  };
  const endAction = (): void => {
    discard.push(...table);
    table.length = 0;
  };

  const apply = (e: ArEvent): void => {
    switch (e.type) {
      case 'deal':
        for (const h of e.hands) hands.set(h.who, h.cards.slice());
        break;
      case 'initiative':
        // AR-I1: each flip is discarded at once
        if (e.card >= 0) discard.push(e.card);
        break;
      case 'reshuffle':
        // AR-F4: the discard pile is the draw pile again; the current action's cards stay on the table
        discard = [];
        break;
      case 'declare':
        endAction();
        break;
      case 'aim':
        seen(e.card);
        break;
      case 'attack':
        if (!e.opposition) seen(e.flip);
        if (!e.defense.opposition) seen(e.defense.card);
        break;
      case 'maneuver':
        if (!e.opposition) seen(e.card);
        if (e.vs.kind === 'opposed' && !e.vs.opposition) seen(e.vs.card);
        break;
      case 'order':
        order = e.order;
        break;
      case 'round':
        round = e.round;
        oppCard = e.card;
        break;
      case 'cheat': {
        // AR-C5: a permanent cheat makes the hand card the round's opposition card, the one it replaces discarded at
        // once; a temporary one plays the hand card for this action only. Else the flip it replaces goes to the
        // discard pile at once and the hand card lies on the table (AR-F3)
        if (e.oppositionCard === 'permanent') {
          if (e.replaces >= 0) discard.push(e.replaces);
          oppCard = e.card;
        } else if (e.oppositionCard === 'temporary') seen(e.card);
        else {
          const k = table.indexOf(e.replaces);
          if (k >= 0) table.splice(k, 1);
          if (e.replaces >= 0) discard.push(e.replaces);
          seen(e.card);
        }
        drop(e.who === 'The GM' ? FATE : e.who, e.card);
        // a temporary aspect serves one invocation (AR-S2)
        if (e.aspect.kind === 'temporary' && e.aspect.id !== undefined) {
          scene.delete(e.aspect.id);
          for (const g of all) g.aspects.delete(e.aspect.id);
        }
        break;
      }
      case 'hit': {
        const t = by.get(e.target);
        if (t && e.hit) t.hp = e.after;
        break;
      }
      case 'maneuver-result': {
        const f = by.get(e.who);
        if (!f || !e.success) break;
        if (e.aspect !== null && e.aspectId !== null) {
          const on = e.on === null ? undefined : by.get(e.on);
          const a = { name: e.aspect, placerSide: sideIndex(f) };
          if (on) on.aspects.set(e.aspectId, a);
          else scene.set(e.aspectId, a);
        }
        const holder = f.players ? f.name : FATE;
        if (e.drew !== null) {
          const h = hands.get(holder) ?? [];
          h.push(e.drew);
          hands.set(holder, h);
        }
        if (e.overflow !== null) {
          drop(holder, e.overflow);
          discard.push(e.overflow); // AR-H3: the lowest card past the limit is discarded
        }
        break;
      }
      case 'taken-out': {
        const f = by.get(e.who);
        if (!f) break;
        f.out = true;
        f.hp = 0;
        f.aspects.clear();
        // AR-H5: its hand goes to the discard pile
        if (f.players) hands.set(f.name, []);
        discard.push(...e.hand);
        break;
      }
      case 'end':
        endAction();
        if (oppCard !== null && oppCard >= 0) discard.push(oppCard);
        oppCard = null;
        break;
      case 'round-end':
        // AR-R1 step 5: the last action is over, and the opposition card goes to the discard pile
        endAction();
        if (e.card !== null && e.card >= 0) discard.push(e.card);
        oppCard = null;
        for (const h of e.health) {
          const f = by.get(h.who);
          if (f) f.hp = h.hp;
        }
        break;
    }
  };

  /** AR-F4: an opposition card flipped from an empty deck and discard pile is worth 0. */
  const faceName = (c: Card): string => (c < 0 ? 'none (worth 0, AR-F4)' : cardName(c));
  const cards = (h: readonly Card[]): string => (h.length ? h.map(cardName).join(' ') : '(empty)');

  const state = (f: Fighter): CombatantState => {
    const statuses: string[] = [];
    if (f.out) statuses.push('Taken Out');
    for (const a of f.aspects.values()) statuses.push(a.name);
    const details: string[] = [];
    if (f.players) details.push(`hand ${cards(handOf(f))}`);
    else details.push(`${FATE} (the GM's) ${cards(handOf(f))}`);
    return {
      name: f.name,
      side: f.side,
      meters: [{ label: 'Health', value: f.hp, max: f.character.health }],
      statuses,
      details,
      out: f.out,
    };
  };

  /** AR-S3: an aspect applies to f's attack flip on t: a declared scene aspect, f's own, or a temporary one its side placed on the scene, f or t. */
  const canInvoke = (f: Fighter, t: Fighter): boolean => {
    if (enc.aspects.length || f.character.aspects.length) return true;
    const mine = (a: { placerSide: number }): boolean => a.placerSide === sideIndex(f);
    return [...scene.values(), ...f.aspects.values(), ...t.aspects.values()].some(mine);
  };

  /** The simulator as the policy reads it (stats, Health, who is out), for the target pickTarget would choose now (ARS-7). */
  let view: ArSim | undefined;
  const nextTarget = (f: Fighter): Fighter | undefined => {
    view ??= new ArSim(enc);
    all.forEach((g, k) => {
      view!.hp[k] = g.hp;
      view!.out[k] = g.out ? 1 : 0;
    });
    view.stamps[0] = view.stamps[1] = view.outStamps[0] = view.outStamps[1] = ++view.stamp; // Health, Taken Out anew
    const t = pickTarget(view, all.indexOf(f));
    return t < 0 ? undefined : all[t];
  };

  const pct = (o: AttackOdds): string => `**${fracStr(o.pHit)}** (${(100 * fracNum(o.pHit)).toFixed(1)}%)`;

  /** AR-I1…I3: before the flips, the exact chance of acting before each foe holder; after, the score and place. */
  const initiativeLines = (f: Fighter, hand: readonly Card[]): string[] => {
    const own = holders.find((h) => h.names.includes(f.name));
    if (!own) return [];
    if (order) {
      const k = order.findIndex((o) => o.holder === own.label);
      return k < 0 ? [] : ['', `Initiative: ${own.label} ${order[k].score}, acts ${k + 1} of ${order.length} (AR-I1)`];
    }
    const rows = holders
      .filter((h) => h.side !== own.side)
      .map((h) => {
        const p = initiativeOddsFor(enc, own.first, h.first, hand);
        return `- before ${h.label}: **${fracStr(p)}** (${(100 * fracNum(p)).toFixed(1)}%)`;
      });
    return ['', `Initiative (not flipped yet; AR-I1…I3, ties AR-I3): ${own.label} acts…`, ...rows];
  };

  return {
    apply: (e) => apply(e as ArEvent),
    snapshot: (): FightSnapshot => ({ round, combatants: all.map(state) }),
    inspect(name) {
      const f = by.get(name);
      if (!f) return undefined;
      const hand = handOf(f);
      const lines = [`**${f.name}** — Health ${f.hp}/${f.character.health}${f.out ? ' — Taken Out' : ''}`, ''];
      lines.push(
        f.players ? `Hand: ${cards(hand)}` : `${FATE} (the GM's, for every opposition character): ${cards(hand)}`,
      );
      lines.push(...initiativeLines(f, hand));
      const t = f.out ? undefined : nextTarget(f);
      if (!t) return lines.join('\n');
      // every card the attacker knows is out of the deck (a cheat's hand leaves it through `cheat`, not `known`): its
      // hand (AR-H5), the face-up opposition card, which is the defender's flip when the defender is of the
      // opposition, and the attacker's own with `all` (AR-O3), and every card face up on the table or in the discard
      // pile since the last reshuffle (AR-F3, AR-F4): only the cards it has not seen can be flipped
      const face = oppCard !== null && enc.oppositionCard !== 'off' ? oppCard : null;
      const gone = [...table, ...discard];
      const known = [...hand, ...(face === null ? [] : [face]), ...gone];
      const defenseCard = face !== null && !t.players ? face : undefined;
      const attackCard = face !== null && !f.players && enc.oppositionCard === 'all' ? face : undefined;
      const situation = { health: t.hp, known, deck, attackCard, defenseCard };
      const plain = attackOddsFor(f.character, t.character, situation);
      lines.push('', `Next attack, on ${t.name} (Health ${t.hp}; the foe it takes most threat from, ARS-7):`);
      if (defenseCard !== undefined)
        lines.push(`- ${t.name}'s defense flip is the opposition card ${faceName(face!)}, face up (AR-O3)`);
      if (attackCard !== undefined)
        lines.push(`- ${f.name}'s attack flip is the opposition card ${faceName(face!)}, face up (AR-O3)`);
      lines.push(`- hits without a cheat: ${pct(plain)}`);
      if (!hand.length) lines.push('- with a cheat: no card in hand (AR-C1)');
      else if (!canInvoke(f, t)) lines.push('- with a cheat: no aspect applies to the flip (AR-C2, AR-S3)');
      else
        lines.push(
          `- hits with a cheat from this hand (the lowest card that turns the outcome, AR-C6): ${pct(attackOddsFor(f.character, t.character, { ...situation, known: face === null ? gone : [face, ...gone], cheat: hand }))}`,
        );
      const less = [`the ${hand.length} card${hand.length === 1 ? '' : 's'} in hand`];
      if (face !== null) less.push(`the opposition card ${faceName(face)}`);
      if (gone.length)
        less.push(`the ${gone.length} card${gone.length === 1 ? '' : 's'} seen since the last reshuffle`);
      lines.push(
        '',
        `Exact over the encounter's Fate deck (${deck.length} cards) less ${less.join(' and ')}; the defender does not cheat (its hand is hidden).`,
      );
      return lines.join('\n');
    },
  };
}
