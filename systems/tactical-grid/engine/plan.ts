// Attack plans (TG-V5): the record the simulator ranks, the spec's eight-key
// order, and the path a plan moves along. Pure data and functions.

import { TACTIC_NAMES } from './tactics.js';

/** One attack plan (TG-V5). */
export interface Plan {
  readonly s: number;
  readonly target: number;
  readonly cost: number;
  readonly charge: boolean;
  /** TG-B1 Deadeye range added. */
  readonly deadeye: number;
  readonly conds: number;
  /** P(target OUT) and expected harm, both × 20 (exact over the d20's faces). */
  readonly pOut: number;
  readonly eHarm: number;
  readonly faced: number;
  readonly threats: number;
  readonly key1: number;
  /** TGS-45: what the plan is worth to the attacker's side, × 20 (planScore). */
  readonly score: number;
  /** The movement's cells (the Charge run, or the path of a best-only plan), or null: the Dijkstra path is rebuilt from `prev` (see planPath). */
  readonly run: readonly number[] | null;
  readonly prev: Int32Array;
}

/** TG-V5's order: (1) ai key, TGS-45's score, (2) P(OUT), (3) expected harm, (4) difficulty faced, (5) threats, (6) cost, (7) target, (8) square. */
export function planOrder(a: Plan, b: Plan): number {
  return (
    a.key1 - b.key1 ||
    b.score - a.score ||
    b.pOut - a.pOut ||
    b.eHarm - a.eHarm ||
    a.faced - b.faced ||
    a.threats - b.threats ||
    a.cost - b.cost ||
    a.target - b.target ||
    a.s - b.s ||
    Number(b.charge) - Number(a.charge)
  );
}

export const EMPTY_PREV = new Int32Array(0);

/** TGS-44: the action option "wait where it stands (Ready)" a lone charge is refused for (not a plan: never executed). */
export const WAIT_HERE: Plan = {
  s: -1,
  target: -1,
  cost: 0,
  charge: false,
  deadeye: 0,
  conds: 0,
  pOut: 0,
  eHarm: 0,
  faced: 0,
  threats: 0,
  key1: 0,
  score: 0,
  run: null,
  prev: EMPTY_PREV,
};

/** The cells a plan moves through (excluding the start), a list of the caller's own. */
export function planPath(p: Plan): number[] {
  return p.run ? p.run.slice() : prevPath(p);
}
/** planPath to read only: a plan's run itself when it has one (no copy per turn). */
export function planCells(p: Plan): readonly number[] {
  return p.run ?? prevPath(p);
}
/** The Dijkstra path to the plan's square, from `prev`. */
function prevPath(p: Plan): number[] {
  const out: number[] = [];
  for (let c = p.s; c >= 0 && p.prev[c] >= 0; c = p.prev[c]) out.push(c);
  return out.reverse();
}

export function planReason(sq: (c: number) => string, p: Plan): string {
  const conds = TACTIC_NAMES.filter((_, k) => p.conds & (1 << k));
  return `best plan (TG-V5): P(OUT) ${p.pOut}/20, expected harm ${p.eHarm}/20${conds.length ? `, ${conds.join(' + ')}` : ''}${p.deadeye ? `, deadeye +${p.deadeye}` : ''}, ${p.threats} threat${p.threats === 1 ? '' : 's'} at ${sq(p.s)}`;
}

/** A plan being ranked (plans() in best-only mode) without allocating one per candidate: TG-V5's keys and where it moves from. */
export class PlanSlot {
  set = false;
  s = 0;
  target = 0;
  cost = 0;
  /** The Charge run's direction when the square was reached by one (its run is the movement), else −1 (the Dijkstra path). */
  runDir = -1;
  charge = false;
  deadeye = 0;
  conds = 0;
  pOut = 0;
  eHarm = 0;
  faced = 0;
  key1 = 0;
  score = 0;
  /** threats(s) (TG-V5 (5)) once a comparison has counted them, else −1: the held square's count is read once, not once per rival. */
  threats = -1;
  hold(
    s: number,
    target: number,
    cost: number,
    runDir: number,
    charge: boolean,
    deadeye: number,
    conds: number,
    pOut: number,
    eHarm: number,
    faced: number,
    key1: number,
    threats: number,
    score: number,
  ): void {
    this.set = true;
    this.score = score;
    this.threats = threats;
    this.s = s;
    this.target = target;
    this.cost = cost;
    this.runDir = runDir;
    this.charge = charge;
    this.deadeye = deadeye;
    this.conds = conds;
    this.pOut = pOut;
    this.eHarm = eHarm;
    this.faced = faced;
    this.key1 = key1;
  }
}
