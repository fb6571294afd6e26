// Halcyon Aces's FightWatch (model/system.ts): each combatant's zone,
// Vitality, deck and fatigue pile, Guard, Failing Draws and statuses as a
// stepped fight goes, from the events alone. The piles follow every card the
// log shows played (HA-C4: to fatigue, a crit's to the deck bottom, HA-S3),
// recovered (HA-A9) or reshuffled (HA-C5); deck = size − fatigue (HA-C6: no
// hand is held between actions). Each round's end carries the engine's own
// counts and resets them, so a slip could never outlive a round.

import type { CombatantState as View, FightSnapshot, FightWatch } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import type { CheckDraw, CombatEvent } from './events.js';

interface Ace {
  id: string;
  side: string;
  zone?: string;
  vitality?: number;
  max?: number;
  guard?: number;
  /** HA-A5 Active Guard, until its next turn. */
  activeGuard?: number;
  resolve?: number;
  size?: number;
  fatigue: number;
  failing: number;
  broken: boolean;
  defeated: boolean;
  statuses: Set<string>;
}

/** The combat's start: each ace's zone, Vitality, Guard, Resolve and deck size, as the engine set them. */
function seat(by: ReadonlyMap<string, Ace>, e: Extract<CombatEvent, { type: 'combat-start' }>): void {
  for (const c of e.combatants) {
    const a = by.get(c.id);
    if (!a) continue;
    Object.assign(a, {
      zone: c.zone,
      vitality: c.vitality,
      max: c.vitality,
      guard: c.guard,
      resolve: c.resolve,
      size: c.deckSize,
    });
  }
}

/** HA-B2/B4: back at 1 Vitality, Failing Draws cleared. */
function stabilized(a: Ace): void {
  a.broken = false;
  a.vitality = 1;
  a.failing = 0;
}

/** An ace as the stepped fight shows it: Vitality and deck, statuses, fatigue, Guard, Failing Draws. */
function aceView(a: Ace): View {
  const meters: View['meters'] = [];
  if (a.vitality !== undefined) meters.push({ label: 'Vitality', value: a.vitality, max: a.max });
  if (a.size !== undefined) meters.push({ label: 'deck', value: a.size - a.fatigue, max: a.size });
  const statuses: string[] = [];
  if (a.defeated) statuses.push('Defeated');
  else if (a.broken) statuses.push('Broken');
  for (const s of a.statuses) statuses.push(s);
  const details: string[] = [];
  if (a.size !== undefined) details.push(`fatigue ${a.fatigue}`);
  if (a.guard !== undefined)
    details.push(
      `Guard ${a.guard}${a.activeGuard !== undefined ? ` (Active Guard ${a.activeGuard})` : ''}, Resolve ${a.resolve}`,
    );
  if (a.broken && !a.defeated) details.push(`Failing Draws ${a.failing}/3`);
  return {
    name: a.id,
    side: a.side,
    where: a.zone === undefined ? undefined : `zone ${a.zone}`,
    meters,
    statuses,
    details,
    out: a.defeated,
  };
}

export function haWatch(enc: Encounter): FightWatch {
  const all: Ace[] = enc.combatants.map((c) => ({
    id: c.id,
    side: c.side,
    fatigue: 0,
    failing: 0,
    broken: false,
    defeated: false,
    statuses: new Set(),
  }));
  const by = new Map(all.map((a) => [a.id, a]));
  let round = 0;
  const played = (who: string, c: CheckDraw | null | undefined): void => {
    const a = by.get(who);
    if (a && c && c.played !== null) a.fatigue++;
  };
  const vit = (who: string | null, v: number): void => {
    const a = who === null ? undefined : by.get(who);
    if (a) a.vitality = v;
  };

  /**
   * HA-C5 inside a Seize (HA-I5): the reshuffle event comes before the seize's. When the deck held exactly one
   * card, the discard emptied it and the draw reshuffled fatigue, the discard included: one card to fatigue in all.
   */
  let reshuffledWithOne: string | undefined;
  const apply = (e: CombatEvent): void => {
    const afterReshuffle = reshuffledWithOne;
    reshuffledWithOne = undefined;
    switch (e.type) {
      case 'combat-start':
        seat(by, e);
        break;
      case 'initiative': {
        const a = by.get(e.actor);
        if (a && e.kept !== null && e.kept >= 0) a.fatigue++;
        break;
      }
      case 'seize': {
        const a = by.get(e.actor);
        if (a && afterReshuffle === e.actor) a.fatigue += e.drawn !== null ? 1 : 0;
        else if (a) a.fatigue += (e.discarded !== null ? 1 : 0) + (e.drawn !== null ? 1 : 0);
        break;
      }
      case 'round-start':
        round = e.round;
        break;
      case 'turn-start': {
        const a = by.get(e.actor);
        if (a) a.activeGuard = undefined;
        break;
      }
      case 'move':
        if (e.path.length) {
          const a = by.get(e.actor);
          if (a) a.zone = e.path[e.path.length - 1];
        }
        break;
      case 'fall': {
        const a = by.get(e.actor);
        if (a) a.zone = e.into;
        played(e.actor, e.check);
        vit(e.actor, e.vitalityAfter);
        const under = e.landedOn === null ? undefined : by.get(e.landedOn);
        // falling onto a creature: it takes the landed damage, down to 0, unless already Broken (HA-F2)
        if (under && !under.broken && !under.defeated && under.vitality !== undefined)
          under.vitality = Math.max(0, under.vitality - e.landedDamage);
        break;
      }
      case 'attack':
        if (e.cardTo === 'fatigue') played(e.actor, e.check);
        for (const p of e.partners ?? []) played(p.id, p.check);
        for (const r of e.results) vit(r.target, r.vitalityAfter);
        break;
      case 'active-guard': {
        played(e.actor, e.check);
        const a = by.get(e.actor);
        if (a) a.activeGuard = e.guard;
        break;
      }
      case 'stabilize-ally':
        played(e.actor, e.check);
        break;
      case 'recover': {
        const a = by.get(e.actor);
        if (a) a.fatigue -= e.cards.length;
        break;
      }
      case 'reshuffle': {
        const a = by.get(e.owner);
        if (a && e.cause === 'empty-deck') {
          if (a.size !== undefined && a.size - a.fatigue === 1) reshuffledWithOne = e.owner;
          a.fatigue = 0;
        }
        break;
      }
      case 'stabilization-draw': {
        const a = by.get(e.actor);
        if (!a) break;
        if (e.card !== null) a.fatigue++;
        a.failing = e.failingDraws;
        if (e.result === 'stabilized') stabilized(a);
        break;
      }
      case 'status': {
        const a = by.get(e.target);
        if (a) {
          if (e.on) a.statuses.add(e.status);
          else a.statuses.delete(e.status);
        }
        break;
      }
      case 'splash':
        vit(e.target, e.vitalityAfter);
        break;
      case 'broken': {
        const a = by.get(e.target);
        // HA-B1: Broken clears stunned, prone, weakened and an Active Guard (as the simulator does)
        if (a) {
          a.broken = true;
          a.vitality = 0;
          a.failing = 0;
          a.statuses.clear();
          a.activeGuard = undefined;
        }
        break;
      }
      case 'defeated': {
        const a = by.get(e.target);
        if (a) a.defeated = true;
        break;
      }
      case 'round-end':
        for (const v of e.vitality) {
          const a = by.get(v.id);
          if (!a) continue;
          a.vitality = v.vitality;
          a.broken = v.state === 'broken';
          a.defeated = v.state === 'defeated';
          if (v.fatigue !== undefined) a.fatigue = v.fatigue;
        }
        break;
    }
    // HA-B4: a successful Heart check stabilizes a Broken ally (the status events follow)
    if (e.type === 'stabilize-ally' && e.success) {
      const a = by.get(e.ally);
      if (a && a.broken && !a.defeated) stabilized(a);
    }
  };

  return {
    apply: (e) => apply(e as CombatEvent),
    snapshot: (): FightSnapshot => ({ round, combatants: all.map(aceView) }),
  };
}
