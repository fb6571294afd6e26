// Charge (TG-X4) and Line Up (TG-X5) as the fight is placed: what a placement's
// hover says of the two tactics that need a move or a shot. Neither is a fact of
// a square (unlike Backstab, Corner, High Ground): each is a fact of a turn. So
// the question asked is "if this combatant's turn came now", and the answer is
// the simulator's own: its plans (TG-V5) for that turn, with this turn's speed
// and range set as its actor choice sets them (TG-N12), list every square it can
// attack from, the Charge runs among them, and the tactics met there — the same
// code that decides the fight, no second copy of the rules. Only the sentences
// explaining a "no" are written here.

import type { TGSim } from './sim.js';
import { able, type Unit } from './unit.js';
import { X_LINEUP } from './tactics.js';
import type { Plan } from './plan.js';

export type Verdict = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly text: string };

export interface OpeningTactics {
  /** This turn's speed and range (TG-N12) as its turn would start now. */
  readonly speed: number;
  readonly range: number;
  /** Per enemy (placement order): Charge and Line Up on it this turn. */
  readonly foes: readonly { readonly name: string; readonly charge: Verdict; readonly lineUp: Verdict }[];
}

/**
 * TG-X4 and TG-X5 for `u` against each enemy, if u's turn started with the fight as `sim` holds it (after
 * `begin`: as placed). Leaves u's speed and range as they were.
 */
export function openingTactics(sim: TGSim, u: Unit): OpeningTactics {
  const b = sim.board;
  const sp = u.speed,
    rg = u.range,
    act = sim.actor;
  // as the actor choice scores a member (pickActor): no actor yet, this turn's speed and range
  sim.actor = -1;
  u.speed = sim.turnSpeed(u, u.turns + 1);
  u.range = sim.turnRange(u, u.turns + 1);
  const speed = u.speed,
    range = u.range;
  let plans: Plan[];
  try {
    // hazards allowed: the rule does not forbid running through fire (the simulator's own choice avoids it, TG-V3)
    plans = sim.plans(u, false, true);
  } finally {
    u.speed = sp;
    u.range = rg;
    sim.actor = act;
  }
  const reach = sim.reach(u);
  const deadeye = !u.melee && u.abilities.has('deadeye');
  const foes: { name: string; charge: Verdict; lineUp: Verdict }[] = [];
  for (const t of sim.units) {
    if (!sim.enemies(u, t) || !able(t) || t.cell < 0) continue;
    const mine = plans.filter((p) => p.target === t.idx);
    const d0 = b.dist(u.cell, t.cell);
    // TG-X4
    let charge: Verdict;
    const run = mine.find((p) => p.charge);
    if (run && run.run) {
      const through = run.run.some((c) => b.hazard[c] === 1)
        ? ' (through a hazard: 1 harm per entry, TG-K3; the simulator runs it only when it has no other attack, TG-V3)'
        : '';
      charge = {
        ok: true,
        text: `available — a straight run of ${run.run.length} square${run.run.length === 1 ? '' : 's'} ${sim.sq(u.cell)}→${sim.sq(run.s)}, costing its whole speed ${speed}, ends adjacent to ${t.name}${through}`,
      };
    } else if (u.ai === 'hold') charge = { ok: false, text: 'no — it holds (no movement)' };
    else if (speed === 0) charge = { ok: false, text: 'no — speed 0 (immobile)' };
    else if (d0 <= 1) charge = { ok: false, text: `no — it starts adjacent to ${t.name} (TG-X4 ruling)` };
    else if (!sim.targetable(u, t)) charge = { ok: false, text: `no — ${t.name} cannot be targeted` };
    else
      charge = {
        ok: false,
        text: `no — no straight run costing exactly ${speed}${speed !== u.speed0 ? ` (speed ${speed} this turn, TG-N1)` : ''} ends adjacent to ${t.name}`,
      };
    // TG-X5
    let lineUp: Verdict;
    const shot = mine.find((p) => (p.conds & X_LINEUP) !== 0);
    if (shot) {
      const from = shot.s === u.cell ? 'from where it stands' : `from ${sim.sq(shot.s)}`;
      lineUp = {
        ok: true,
        text: `available — ${d0} square${d0 === 1 ? '' : 's'} away at the turn's start = its ${u.melee ? 'melee reach' : 'range'} ${reach + shot.deadeye}${shot.deadeye ? ` with Deadeye +${shot.deadeye}` : ''}; it can attack ${from}`,
      };
    } else {
      const fits = d0 === reach || (deadeye && d0 >= 2 && d0 - reach >= 1 && d0 - reach <= 2);
      const want = deadeye ? `${reach}–${reach + 2} with Deadeye` : `${reach}`;
      lineUp = fits
        ? {
            ok: false,
            text: `no — ${d0} squares away = its reach, but no square it can reach this turn has ${t.name} in reach and sight`,
          }
        : {
            ok: false,
            text: `no — ${d0} square${d0 === 1 ? '' : 's'} away at the turn's start, its ${u.melee ? 'melee reach' : 'range'} is ${want}`,
          };
    }
    foes.push({ name: t.name, charge, lineUp });
  }
  return { speed, range, foes };
}
