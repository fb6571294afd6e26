// Decisions as data (issue 32; model/system.ts DecisionPoint): the points where a combatant chooses, offered to a
// DecisionControl with their legal options, and the option chosen applied. The policy (policy/tactics.ts) decides
// first, as in every fight; the engine then lists the legal options, finds the policy's among them and asks the
// control, which may take another option and may reseed every deck's generator for the rest of the fight.
//
// Reached only when a control is attached (SystemEngine.play with a control: the regret probe, tests): the fast
// path and the event path test `control !== null` and go on, so their fights are the ones they always were.
//
// The decision points:
//   action    each action of a turn: Stand (HA-T2), Interact (HA-A6), Strike (HA-A3, the off-hand on the 2nd:
//             HA-S6), Scatter (HA-W3), a technique at a target (HA-A4, HA-M1/M2), Stride (HA-A1) to an adjacent zone,
//             Dash (HA-A2) to a zone two moves away, Active Guard (HA-A5), Assist (HA-A7) an ally acting later this
//             round, Recover (HA-A9), stabilize a Broken ally here (HA-B4/A10), a Link Strike (HA-L1) with the ally
//             acting next, the Team Ultimate (HA-U1) as the policy aimed it, or end the turn.
//   seize     at a round's start (2+), Seize Initiative or keep the card (HA-I5).
//   reaction  an enemy moves into the zone: Brace (a free Strike, HA-R2) or keep the Reaction.

import type { DecisionOverride } from '../../../model/system.js';
import * as random from '../../../engine/rng.js';
import * as codes from './codes.js';
import * as compiled from './compile.js';
import type { CombatQueries } from './sim/queries.js';
import * as T from './policy/tactics.js';

const { combatSeedMix, combatantSeedFrom, reseedRng } = random;
const {
  A_ASSIST,
  A_GUARD,
  A_INTERACT,
  A_LINK,
  A_MOVE,
  A_PASS,
  A_RECOVER,
  A_SCATTER,
  A_STABILIZE,
  A_STAND,
  A_STRIKE,
  A_TECHNIQUE,
  A_ULTIMATE,
} = codes;
const { INF, SLOTS, SLOT_MAIN, SLOT_OFF, W_SCATTER, inBand } = compiled;
const { chosenSecond, linkPartner, secondTarget } = T;

/** One legal action: the decision record's fields (CombatState dAct, dTarget, …) and its words. */
export interface ActionOption {
  act: number;
  target: number;
  slot: number;
  tech: number;
  zone: number;
  steps: number;
  goal: number;
  band: number;
  label: string;
}

const option = (s: CombatQueries, act: number, o: Partial<ActionOption> = {}): ActionOption => {
  const full: ActionOption = {
    act,
    target: o.target ?? -1,
    slot: o.slot ?? SLOT_MAIN,
    tech: o.tech ?? -1,
    zone: o.zone ?? -1,
    steps: o.steps ?? 1,
    goal: o.goal ?? -1,
    band: o.band ?? 0,
    label: '',
  };
  full.label = labelOf(s, full);
  return full;
};

/** Where a move ends: its first zone, then (a Dash) the next toward its goal, as sim/movement.ts steps it. */
export const moveEnd = (s: CombatQueries, o: ActionOption): number => {
  if (o.steps !== 2 || o.goal < 0) return o.zone;
  const k = s.k;
  const i = (o.band * k.nz + o.zone) * k.nz + o.goal;
  if (k.approachDist[i] <= 0 || k.approachDist[i] >= INF || k.approachNext[i] < 0) return o.zone;
  return k.approachNext[i];
};

/** The option's words; two options with the same words do the same thing (the policy's is found by them). */
export const labelOf = (s: CombatQueries, o: ActionOption): string => {
  const k = s.k;
  const id = (i: number) => (i >= 0 ? k.ids[i] : '?');
  switch (o.act) {
    case A_STAND:
      return 'Stand';
    case A_INTERACT:
      return `Interact: pick up ${k.wName[s.cur * SLOTS + o.slot]}`;
    case A_STRIKE:
      return `Strike ${id(o.target)} with ${k.wName[s.cur * SLOTS + o.slot]}`;
    case A_SCATTER:
      return `Scatter at ${k.zoneNames[s.zone[o.target]]}`;
    case A_TECHNIQUE:
      return k.tTargets[o.tech] === 2
        ? `${k.tName[o.tech]} at ${k.zoneNames[s.zone[o.target]]}`
        : `${k.tName[o.tech]} on ${id(o.target)}`;
    case A_MOVE:
      return (
        `${o.steps === 2 ? 'Dash' : 'Stride'} to ${k.zoneNames[moveEnd(s, o)]}` +
        (o.steps === 2 ? ` via ${k.zoneNames[o.zone]}` : '')
      );
    case A_GUARD:
      return 'Active Guard';
    case A_ASSIST:
      return `Assist ${id(o.target)}`;
    case A_RECOVER:
      return 'Recover';
    case A_STABILIZE:
      return `Stabilize ${id(o.target)}`;
    case A_LINK:
      return `Link Strike on ${id(o.target)}`;
    case A_ULTIMATE:
      return o.zone >= 0 ? `Team Ultimate at ${k.zoneNames[o.zone]}` : `Team Ultimate on ${id(o.target)}`;
    default:
      return 'end the turn';
  }
};

/** The decision the policy just wrote into s (dAct, dTarget, …) as an option. */
export const policyOption = (s: CombatQueries): ActionOption =>
  option(s, s.dAct === A_PASS || s.dAct <= 0 ? A_PASS : s.dAct, {
    target: s.dTarget,
    slot: s.dSlot,
    tech: s.dTech,
    zone: s.dZone,
    steps: s.dSteps,
    goal: s.mGoal,
    band: s.mBand,
  });

/** Every legal action of c now (the rules: HA-A*, HA-T2, HA-S6, HA-W3, HA-B4, HA-L1), the policy's choice among them. */
export const legalActions = (s: CombatQueries, c: number): ActionOption[] => {
  const k = s.k;
  const out: ActionOption[] = [];
  const a = s.actions;
  if (s.prone[c]) return [option(s, A_STAND)]; // HA-T2: standing comes before any other action
  const myZ = s.zone[c];
  for (let sl = 0; sl < 2; sl++)
    if (s.lost[c * SLOTS + sl] === 1 && s.dropZone[c * SLOTS + sl] === myZ)
      out.push(option(s, A_INTERACT, { slot: sl }));
  const foes: number[] = [];
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) if (s.able(k.foes[j])) foes.push(k.foes[j]);
  const ms = s.mainSlot(c);
  const wm = c * SLOTS + ms;
  const scatterZones = new Set<number>();
  for (const e of foes) {
    const d = s.dist(c, e);
    if (inBand(d, k.wReach[wm])) {
      out.push(option(s, A_STRIKE, { target: e, slot: ms }));
      if (k.wFlags[wm] & W_SCATTER && !scatterZones.has(s.zone[e])) {
        scatterZones.add(s.zone[e]);
        out.push(option(s, A_SCATTER, { target: e, slot: ms }));
      }
    }
    // HA-S6: the off-hand on the 2nd Strike
    if (s.strikes === 1 && s.dualWield(c) && ms === SLOT_MAIN && inBand(d, k.wReach[c * SLOTS + SLOT_OFF]))
      out.push(option(s, A_STRIKE, { target: e, slot: SLOT_OFF }));
  }
  for (let t = k.tStart[c]; t < k.tStart[c + 1]; t++) {
    if (k.tCost[t] > a) continue;
    const zones = new Set<number>();
    for (const e of foes) {
      if (!inBand(s.dist(c, e), k.tReach[t])) continue;
      if (k.tTargets[t] === 2) {
        if (zones.has(s.zone[e])) continue;
        zones.add(s.zone[e]);
      }
      out.push(option(s, A_TECHNIQUE, { target: e, tech: t }));
    }
  }
  const nz = k.nz;
  for (let y = 0; y < nz; y++) if (k.moveDist[myZ * nz + y] === 1) out.push(option(s, A_MOVE, { zone: y }));
  if (a >= 2)
    for (let y = 0; y < nz; y++) {
      if (k.moveDist[myZ * nz + y] !== 2) continue;
      const next = k.approachNext[myZ * nz + y]; // band 0 (Engaged): the first hop toward zone y
      // a drop ends the move (HA-F2), so a Dash never crosses one
      if (next < 0 || k.stepDrop[myZ * nz + next] >= 0 || k.stepDrop[next * nz + y] >= 0) continue;
      out.push(option(s, A_MOVE, { zone: next, steps: 2, goal: y, band: 0 }));
    }
  if (a >= 2 && !s.guarded) out.push(option(s, A_GUARD));
  for (let j = s.turnIdx + 1; j < k.n; j++) {
    const al = s.roundOrder[j];
    if (al !== c && k.side[al] === k.side[c] && s.able(al) && s.zone[al] === myZ && !s.assist[al])
      out.push(option(s, A_ASSIST, { target: al }));
  }
  if (a >= 2 && s.fatN[c] > 0) out.push(option(s, A_RECOVER));
  for (let j = k.allyStart[c]; j < k.allyStart[c + 1]; j++) {
    const al = k.allies[j];
    if (s.broken[al] && !s.defeated[al] && s.zone[al] === myZ) out.push(option(s, A_STABILIZE, { target: al }));
  }
  if (k.linkStrikes && a === 1) {
    const p = linkPartner(s, c);
    if (p >= 0)
      for (const e of foes)
        if (inBand(s.dist(p, e), k.wReach[p * SLOTS + s.mainSlot(p)]) && inBand(s.dist(c, e), k.wReach[wm]))
          out.push(option(s, A_LINK, { target: e }));
  }
  out.push(option(s, A_PASS));
  return out;
};

/** Writes option o into the decision record, as the policy would have (a GM rule's choice too: gm-rules.ts). */
export const apply = (s: CombatQueries, c: number, o: ActionOption): void => {
  s.dAct = o.act;
  s.dTarget = o.target;
  s.dSlot = o.slot;
  s.dTech = o.tech;
  s.dZone = o.zone;
  s.dSteps = o.steps;
  s.mGoal = o.goal;
  s.mBand = o.band;
  s.dWhy = 0;
  if (o.act === A_TECHNIQUE) chosenSecond[0] = s.k.tTargets[o.tech] === 1 ? secondTarget(s, c, o.tech, o.target) : -1;
};

/** HA-C3: every deck's generator re-derived from `seed`, as a combat seeded `seed` seeds them (engine/rng.ts). */
export const reseedDecks = (s: CombatQueries, seed: number): void => {
  const mix = combatSeedMix(seed);
  for (let i = 0; i < s.k.n; i++) reseedRng(s.rng[i], combatantSeedFrom(mix, s.k.idHash[i]));
};

/**
 * Asks the control at a point with these options; returns the option index to take. `rule`: the GM rule that
 * chose `chosen` (issue 33; DecisionPoint.rule, which the regret probe groups by).
 */
const ask = (
  s: CombatQueries,
  actor: number,
  kind: string,
  options: readonly string[],
  chosen: number,
  rule: string | undefined,
): number => {
  const control = s.control;
  if (control === null || options.length < 2) return chosen;
  const o: DecisionOverride | undefined = control.decide(
    { actor, kind, round: s.round, options, chosen, ...(rule !== undefined ? { rule } : {}) },
    s.decisionIndex++,
  );
  if (o === undefined) return chosen;
  if (o.reseed !== undefined) reseedDecks(s, o.reseed);
  if (o.option === undefined) return chosen;
  if (!Number.isInteger(o.option) || o.option < 0 || o.option >= options.length)
    throw new RangeError(
      `decision ${kind} of ${s.k.ids[actor]}: option ${o.option} is not one of 0..${options.length - 1}`,
    );
  return o.option;
};

/**
 * The action point: the policy (or a GM rule, `rule`) has decided (s.dAct …); the control may take another legal
 * action. Returns true when it did.
 */
export const offerAction = (s: CombatQueries, c: number, kiteMovedBefore: number, rule?: string): boolean => {
  const opts = legalActions(s, c);
  const mine = policyOption(s);
  let chosen = opts.findIndex((o) => o.label === mine.label);
  if (chosen < 0) {
    opts.push(mine); // a choice the list spells otherwise (a Dash toward a band, the Team Ultimate): offered as it is
    chosen = opts.length - 1;
  }
  const pick = ask(
    s,
    c,
    'action',
    opts.map((o) => o.label),
    chosen,
    rule,
  );
  if (pick === chosen) return false;
  s.kiteMoved = kiteMovedBefore; // the policy's memory of a kite step it did not take
  apply(s, c, opts[pick]);
  return true;
};

/** HA-I5 at a round's start: the policy's wish, the control's answer. */
export const offerSeize = (s: CombatQueries, c: number, wants: boolean, rule?: string): boolean =>
  ask(s, c, 'seize', [`keep initiative ${s.initValue[c]}`, 'Seize Initiative'], wants ? 1 : 0, rule) === 1;

/** HA-R2: an enemy moved into r's zone; Brace or keep the Reaction. */
export const offerBrace = (s: CombatQueries, r: number, mover: number, wants: boolean, rule?: string): boolean =>
  ask(s, r, 'reaction', [`Brace: Strike ${s.k.ids[mover]}`, 'keep the Reaction'], wants ? 0 : 1, rule) === 0;
