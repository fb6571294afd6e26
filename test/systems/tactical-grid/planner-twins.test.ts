// The planner's best plan is scored three ways (policy/planner.ts): considerPair/considerAt over every plan (the
// plain rule, TG-V5 TG-V6, which plans(u, avoid, true) sorts), and two best-only fast scans on boards with distance
// tables, scanBoxes (a box around each target) and scanReached (every reached square against every target), each a
// copy of considerPair's scoring written inline. Each fast scan is held equal to the plain rule here: whole fights
// with only one scan, and with the plain rule's sorted list in place of both, end as the planner's own, combat by
// combat (issue 36 item 4).
import assert from 'node:assert/strict';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { planCells } from '../../../systems/tactical-grid/engine/plan.js';
import type { Plan } from '../../../systems/tactical-grid/engine/sim.js';
import type { Unit } from '../../../systems/tactical-grid/engine/unit.js';
import { tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { combatSeed } from '../../../engine/rng.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { encounter, gridMap, placement } from '../../../systems/tactical-grid/model.js';
import { Board, colName } from '../../../systems/tactical-grid/engine/grid.js';
import { INF, onesAsBits, Pathfinder } from '../../../systems/tactical-grid/engine/path.js';
import { ALL, blade, chief, raider, randomEncounter, ryn, tamsin } from './gen.js';
import { readFileSync } from 'node:fs';
import { bigMapText } from '../../../bench/tactical-grid-big.bench.js';
import { check } from './lang.js';
import { fightCount } from '../../deep.js';

interface Scans {
  scanBoxes: (u: Unit, gen: number, nt: number, R: number, budget: number, cost: Int32Array) => void;
  scanReached: (u: Unit, gen: number, nt: number, cost: Int32Array) => void;
  plans: (u: Unit, avoid?: boolean, all?: boolean) => Plan[];
  moveUsedBy: (u: Unit) => number;
  pReach: number;
  pDeadeye: boolean;
}
const proto = TGSim.prototype as unknown as Scans;

/** A simulator whose planner takes one way only: 'boxes', 'reached', or 'plain' (the sorted list of every plan). */
function twin(enc: Encounter, way: 'boxes' | 'reached' | 'plain', calls: Record<string, number>): TGSim {
  const sim = new TGSim(enc);
  const s = sim as unknown as Scans;
  if (way === 'boxes')
    s.scanReached = function (this: Scans, u, gen, nt, cost) {
      calls.boxes++;
      const budget = u.ai === 'hold' ? 0 : Math.max(0, u.speed - this.moveUsedBy(u));
      const R = this.pReach + (this.pDeadeye ? 2 : 0);
      proto.scanBoxes.call(this, u, gen, nt, R, budget, cost);
    };
  else if (way === 'reached')
    s.scanBoxes = function (this: Scans, u, gen, nt, _R, _budget, cost) {
      calls.reached++;
      proto.scanReached.call(this, u, gen, nt, cost);
    };
  else
    s.plans = function (this: Scans, u, avoid = true, all = true) {
      if (all) return proto.plans.call(this, u, avoid, true);
      calls.plain++;
      const every = proto.plans.call(this, u, avoid, true);
      return every.length ? [every[0]] : [];
    };
  return sim;
}

function end(sim: TGSim, seed: number): string {
  sim.run(seed);
  const t = emptyTally(fileOrderShape(sim.enc), TG_COUNTERS.length);
  tallyCombat(sim, t, 0);
  return JSON.stringify(t);
}

/** Combats of each encounter the attack-square scans are compared on: 30 in the unit suite, 60 deep. */
const SCANS = fightCount('TG_SCAN_TWINS', 30, 60);

describe('tactical-grid planner: the fast scans of attack squares equal the plain rule (TG-V5 TG-V6, issue 36 item 4)', function () {
  this.timeout(240_000);
  const calls: Record<string, number> = { boxes: 0, reached: 0, plain: 0 };
  const encounters = [...ALL.map((g) => g()), ...Array.from({ length: 8 }, (_, s) => randomEncounter(2000 + s))];
  for (const enc of encounters) {
    it(`TG-V5 TG-V6 ${enc.name}: ${SCANS} combats with scanBoxes only, scanReached only and considerPair's sorted plans end alike`, () => {
      const own = new TGSim(enc),
        boxes = twin(enc, 'boxes', calls),
        reached = twin(enc, 'reached', calls),
        plain = twin(enc, 'plain', calls);
      for (let i = 0; i < SCANS; i++) {
        const seed = combatSeed(31, i);
        const want = end(own, seed);
        assert.equal(end(boxes, seed), want, `combat ${i}: scanBoxes in place of scanReached`);
        assert.equal(end(reached, seed), want, `combat ${i}: scanReached in place of scanBoxes`);
        assert.equal(end(plain, seed), want, `combat ${i}: considerPair's sorted plans in place of both scans`);
      }
    });
  }
  it('TG-V5 each way was taken (so the comparisons above test it)', () => {
    for (const [way, n] of Object.entries(calls)) assert.ok(n > 100, `${way}: ${n} scans`);
  });
});

/** A big open field (w × h, walls on a fixed pattern) with the generator's heroes at the top and raiders at the bottom. */
/**
 * Plays `n` combats (seeds combatSeed(base, i)) on both simulators and asserts each one's events are the same, in
 * order; each combat has more than `minEvents` events (0: any), so an empty fight cannot pass for an equal one.
 */
function sameFights(fast: TGSim, plain: TGSim, base: number, n: number, label: string, minEvents = 0): void {
  for (let i = 0; i < n; i++) {
    const seed = combatSeed(base, i);
    const a: string[] = [],
      b: string[] = [];
    fast.sink = { push: (e) => a.push(JSON.stringify(e)) };
    plain.sink = { push: (e) => b.push(JSON.stringify(e)) };
    fast.run(seed);
    plain.run(seed);
    if (minEvents > 0) assert.ok(a.length > minEvents, `${label}combat ${i}: ${a.length} events`);
    assert.deepEqual(a, b, `${label}combat ${i}`);
  }
}

function bigField(w: number, h: number): Encounter {
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let r = '';
    for (let x = 0; x < w; x++)
      r += y > 3 && y < h - 4 && (x * 7 + y * 13) % 23 === 0 ? '#' : (x + 3 * y) % 29 === 0 ? '~' : '.';
    rows.push(r);
  }
  const sq = (x: number, y: number): string => `${colName(x)}${y + 1}`;
  const mid = w >> 1;
  return encounter(
    'Big field',
    [
      {
        name: 'heroes',
        placements: [
          placement(ryn, sq(mid - 2, 1)),
          placement(tamsin, sq(mid, 0)),
          placement(blade, sq(mid + 2, 1), { name: 'Hired Blade' }),
        ],
      },
      {
        name: 'raiders',
        placements: [
          placement(raider, sq(mid - 4, h - 2), { name: 'Raider 1' }),
          placement(raider, sq(mid + 4, h - 2), { name: 'Raider 2' }),
          placement(chief, sq(mid, h - 1)),
        ],
      },
    ],
    gridMap(rows),
    { seed: 5, rounds: 60 },
  );
}

describe('tactical-grid approach field: fieldToward equals the whole field where the mover reads it (TG-V3 TG-V7, issue 32)', function () {
  this.timeout(240_000);
  it("TG-V3 on random passes and sources: every square fieldToward settles has the whole field's value, the rest no less", () => {
    let settledNear = 0;
    for (let k = 0; k < 60; k++) {
      const w = 12 + (k % 7) * 5,
        h = 10 + (k % 5) * 6;
      const rows = Array.from({ length: h }, (_, y) =>
        Array.from({ length: w }, (_, x) =>
          (x * 31 + y * 17 + k * 7) % 11 === 0 ? '#' : (x * 5 + y * 3 + k) % 13 === 0 ? '~' : '.',
        ).join(''),
      );
      const board = new Board(gridMap(rows, k % 3 === 2 ? 'hex' : 'square'));
      const pf = new Pathfinder(board);
      const n = board.size;
      const wall = new Uint8Array(n),
        pass = new Uint8Array(n);
      for (let c = 0; c < n; c++) {
        wall[c] = board.obstacle[c] ? 1 : 0;
        pass[c] = wall[c] === 1 || (c * 2654435761 + k) % 9 === 0 ? 0 : 1;
      }
      const sources = [((k * 97) % n) | 0, ((k * 131 + 7) % n) | 0].filter((c) => pass[c] === 1);
      const goal = (k * 53 + 11) % n;
      const slack = 4 * (1 + (k % 8)) + 2;
      const whole = new Int32Array(n),
        toward = new Int32Array(n);
      pf.field(sources, pass, wall, whole);
      pf.fieldToward(sources, pass, wall, toward, goal, slack);
      for (let c = 0; c < n; c++) {
        assert.ok(
          toward[c] >= whole[c],
          `board ${k}: ${board.name(c)} ${toward[c]} below the whole field's ${whole[c]}`,
        );
        if (whole[goal] < INF && whole[c] + board.dist(c, goal) <= whole[goal] + slack) {
          assert.equal(toward[c], whole[c], `board ${k}: ${board.name(c)} not settled`);
          if (board.dist(c, goal) <= slack / 2) settledNear++;
        }
      }
      if (whole[goal] >= INF) assert.equal(toward[goal], INF, `board ${k}: the goal is out of reach of both`);
    }
    assert.ok(settledNear > 500, `${settledNear} squares near the goals compared`);
  });

  it("TG-V7 whole fights on the generator's and random encounters (hazards, hexes, Hinder) end alike with fieldToward and the whole field", () => {
    const encounters = [...ALL.map((g) => g()), ...Array.from({ length: 24 }, (_, s) => randomEncounter(3000 + s))];
    for (const enc of encounters) {
      const fast = new TGSim(enc),
        plain = new TGSim(enc);
      plain.plainFields = true;
      sameFights(fast, plain, 23, fightCount('TG_GEN_TWINS', 10, 20), `${enc.name} `);
    }
  });

  it('TG-V7 whole fights on a 40 × 40 field end alike with fieldToward and with the whole field (plainFields)', () => {
    const enc = bigField(40, 40);
    const fast = new TGSim(enc),
      plain = new TGSim(enc);
    plain.plainFields = true;
    sameFights(fast, plain, 17, 12, '', 50);
  });

  it("TG-V7 the big map's fights (bench/tactical-grid-big) end alike with fieldToward (its slack one move, fieldCovers searching again where the Dash leaves it) and with the whole field", () => {
    const r = check(
      bigMapText(),
      { 'bestiary.aces': readFileSync('samples/tactical-grid/bestiary.aces', 'utf8') },
      true,
    );
    const enc = (r.model.encounters as unknown as { encounter: Encounter }[])[0].encounter;
    const fast = new TGSim(enc, { keepSearches: true }),
      plain = new TGSim(enc);
    plain.plainFields = true;
    // the searches fieldCovers makes again (a square the first search left inexact): counted, so the test sees them
    type Covers = { fieldCovers(c: number, left: number): void; fieldToward(goal: number, slack: number): void };
    const proto = TGSim.prototype as unknown as Covers,
      f = fast as unknown as Covers;
    let inCovers = false,
      again = 0;
    f.fieldCovers = function (this: Covers, c, left) {
      inCovers = true;
      proto.fieldCovers.call(this, c, left);
      inCovers = false;
    };
    f.fieldToward = function (this: Covers, goal, slack) {
      if (inCovers) again++;
      proto.fieldToward.call(this, goal, slack);
    };
    // 20 fights in the unit suite (its dearest test), 40 deep
    sameFights(fast, plain, 41, fightCount('TG_BIG_TWINS', 10, 40), '', 100);
    assert.ok(again > 0, `${again} fields searched again by fieldCovers`);
  });

  it('TG-V3 TG-V7 whole fights on a 48 × 48 field end alike with the approach fields and path searches kept across combats (FieldMemo, RunMemo two words a cell) and without', () => {
    const enc = bigField(48, 48);
    const kept = new TGSim(enc, { keepSearches: true }),
      plain = new TGSim(enc);
    sameFights(kept, plain, 29, 12, '', 50);
    assert.ok(kept.pf.fieldHits > 50, `${kept.pf.fieldHits} fields answered from the kept ones`);
    assert.equal(plain.pf.fieldHits, 0);
    assert.ok(kept.pf.keptHits > 500, `${kept.pf.keptHits} searches answered from the kept ones`);
    assert.equal(plain.pf.keptHits, 0);
  });

  it("onesAsBits (FieldMemo's key): the squares holding exactly 1, four at a time and one at a time alike", () => {
    let s = 7;
    for (const n of [31, 32, 64, 96, 100, 2304]) {
      const a = Uint8Array.from({ length: n }, () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) % 4);
      a[0] = 1;
      a[n - 1] = 255;
      const fast = new Int32Array((n + 31) >> 5),
        plain = new Int32Array((n + 31) >> 5);
      onesAsBits(a, fast, 0);
      for (let c = 0; c < n; c++) if (a[c] === 1) plain[c >> 5] |= 1 << (c & 31);
      assert.deepEqual([...fast], [...plain], `n = ${n}`);
    }
  });
});

describe('tactical-grid policy: the no-attack turn and the actor choice read no more than they need (issue 32 item 5)', function () {
  this.timeout(240_000);
  /** The grid samples' fighting encounters (the Mill Road's Raider Chief keeps its mill floor, TGS-46) and generated ones. */
  function encountersForTwins(): Encounter[] {
    const bestiary = { 'bestiary.aces': readFileSync('samples/tactical-grid/bestiary.aces', 'utf8') };
    const out: Encounter[] = [];
    for (const f of ['crypt', 'mill-road', 'wolf-pack', 'scripted-boss']) {
      const r = check(readFileSync(`samples/tactical-grid/${f}.aces`, 'utf8'), bestiary, true);
      for (const e of r.model.encounters as unknown as { encounter: Encounter }[]) out.push(e.encounter);
    }
    return [...out, ...ALL.map((g) => g()), ...Array.from({ length: 12 }, (_, s) => randomEncounter(4000 + s))];
  }
  type Twins = {
    reachesAttack(u: Unit, t: Unit): boolean;
    buildField(u: Unit, t: Unit): boolean;
    scoreNext(u: Unit): Plan | null;
    plainRisk: boolean;
  };
  const proto = TGSim.prototype as unknown as Twins;
  /** Counts into `count.n` each member's plan that `sim` scores (scoreNext). */
  const countScores = (sim: TGSim, count: { n: number }): void => {
    (sim as unknown as Twins).scoreNext = function (this: Twins, u) {
      count.n++;
      return proto.scoreNext.call(this, u);
    };
  };

  it('TGS-45 the side dangers kept while no harm, difficulty or OUT state changes (harmVersion) equal a count afresh at every call', () => {
    // at every call, not only at a new `version`: harm and OUT states change without one, and a value kept by the
    // version was stale as earlier combats' kept choices had spared the scoring (the same fight differed on a warm
    // simulator); this test, checking only at new versions, had the same blind spot
    type Dangers = {
      dangers(): void;
      dgOf: Float64Array;
      dgSum: Float64Array;
      dgAble: Int32Array;
      dgLeft: Float64Array;
      dgSig: Int32Array;
      dgPair: Float64Array;
      dgHarmAt: number;
      harmVersion: number;
    };
    const dproto = TGSim.prototype as unknown as Dangers;
    let kept = 0,
      counted = 0;
    for (const enc of encountersForTwins()) {
      const sim = new TGSim(enc, { keepSearches: true });
      (sim as unknown as Dangers).dangers = function (this: Dangers) {
        if (this.dgHarmAt === this.harmVersion) kept++;
        dproto.dangers.call(this);
        const mine = [this.dgOf, this.dgSum, this.dgAble, this.dgLeft].map((a) => [...a]);
        // the plain count: every input taken as new, every pair's value counted again
        this.dgHarmAt = -1;
        this.dgSig.fill(-1);
        this.dgPair = new Float64Array(0);
        dproto.dangers.call(this);
        assert.equal(this.dgHarmAt, this.harmVersion);
        assert.deepEqual(
          [this.dgOf, this.dgSum, this.dgAble, this.dgLeft].map((a) => [...a]),
          mine,
          enc.name,
        );
        counted++;
      };
      for (let i = 0, n = fightCount('TG_DANGER_TWINS', 15, 30); i < n; i++) sim.run(combatSeed(53, i));
    }
    assert.ok(kept > 1000 && counted > kept, `${kept} of ${counted} answered by harmVersion`);
  });

  it('TGS-46 TG-V7 reachesAttack (a turn keeping its high ground) answers as buildField, its plain twin, wherever noPlan asks it', () => {
    let asked = 0;
    for (const enc of encountersForTwins()) {
      const sim = new TGSim(enc);
      const s = sim as unknown as Twins;
      s.reachesAttack = function (this: Twins, u, t) {
        const fast = proto.reachesAttack.call(this, u, t);
        // (buildField writes the field, which a turn that keeps its height never reads)
        assert.equal(fast, proto.buildField.call(this, u, t), `${enc.name}: ${u.name} toward ${t.name}`);
        asked++;
        return fast;
      };
      for (let i = 0, n = fightCount('TG_REACH_TWINS', 20, 40); i < n; i++) sim.run(combatSeed(43, i));
    }
    // (a floor of how often the path runs: 94 at the quick count since TGS-51 changed who acts, over 100 before)
    assert.ok(asked > 60, `${asked} turns keeping the height asked`);
  });

  it('TG-V2 TG-Y3 issue 32: a plan scored early (the turn after a Bolster) equals the plan afresh wherever its turn reads it', () => {
    // support changes harm, which TGS-45's worth reads, with no new `version`: an early plan must not outlive it
    type Early = {
      currentPlan(u: Unit): Plan | null;
      bestPlans(u: Unit): Plan[];
      scoredStands(u: Unit): boolean;
      early: Uint8Array;
    };
    const eproto = TGSim.prototype as unknown as Early;
    const strip = (p: Plan | null): unknown => (p === null ? null : { ...p, prev: null, run: p.run && [...p.run] });
    let read = 0,
      dropped = 0;
    for (const enc of encountersForTwins()) {
      const sim = new TGSim(enc, { keepSearches: true });
      sim.sink = null;
      (sim as unknown as Early).currentPlan = function (this: Early, u) {
        if (this.early[u.idx] === 1) {
          if (this.scoredStands(u)) {
            const fresh = this.bestPlans(u);
            assert.deepEqual(
              strip(eproto.currentPlan.call(this, u)),
              strip(fresh[0] ?? null),
              `${enc.name}: ${u.name}`,
            );
            read++;
          } else dropped++;
        }
        return eproto.currentPlan.call(this, u);
      };
      for (let i = 0, n = fightCount('TG_EARLY_TWINS', 30, 60); i < n; i++) sim.run(combatSeed(61, i));
    }
    assert.ok(read > 20 && dropped > 0, `${read} early plans read, ${dropped} dropped after an event`);
  });

  it("TG-Y3 issue 32: whole fights end alike keeping Bolster's test plan for the turn and planning the turn afresh (plainBolster)", () => {
    type Bolster = { bolster(r: Unit, u: Unit, kind: 'speed' | 'range', reason: string): boolean };
    const bproto = TGSim.prototype as unknown as Bolster;
    let given = 0;
    const n = fightCount('TG_BOLSTER_TWINS', 12, 25);
    for (const enc of encountersForTwins()) {
      const fast = new TGSim(enc),
        plain = new TGSim(enc);
      plain.plainBolster = true;
      (fast as unknown as Bolster).bolster = function (this: Bolster, r, u, kind, reason) {
        const ok = bproto.bolster.call(this, r, u, kind, reason);
        if (ok) given++;
        return ok;
      };
      sameFights(fast, plain, 59, n, `${enc.name} `);
    }
    assert.ok(
      // (more than one a fight an encounter: 1.3 a fight at 12, 25 and 40 fights since TGS-50 ends the stand-offs
      // where a Bolster was given turn after turn; over two before)
      given > n,
      `${given} Bolsters given in ${n} fights an encounter (each turn after one took the test's plan)`,
    );
  });

  it("TG-V6 TGS-24 issue 32: a turn's fallback attack from u's square alone (attackHere) is plans(u)'s first of cost 0 (plainHere), at every turn's start and in whole fights", () => {
    type Here = { attackHere(u: Unit): Plan | null; takeTurn(u: Unit): void; plainHere: boolean };
    const hproto = TGSim.prototype as unknown as Here;
    let found = 0,
      none = 0;
    const n = fightCount('TG_HERE_TWINS', 1, 20);
    for (const enc of encountersForTwins()) {
      const fast = new TGSim(enc),
        plain = new TGSim(enc);
      plain.plainHere = true;
      // at each turn's start (where an attack from the actor's square is common), both ways asked of the same state
      (fast as unknown as Here).takeTurn = function (this: Here, u) {
        if (u.taunter < 0) {
          this.plainHere = true;
          const want = hproto.attackHere.call(this, u);
          this.plainHere = false;
          const got = hproto.attackHere.call(this, u);
          // (the same plan; its `prev` is the search's only where it moves, as a plan of cost 0 reads none: planCells)
          const same = (p: Plan | null) => (p === null ? null : { ...p, prev: null, cells: planCells(p) });
          assert.deepEqual(same(got), same(want), `${enc.name}: ${u.name}'s attack from its square`);
          if (got !== null) found++;
          else none++;
        }
        hproto.takeTurn.call(this, u);
      };
      (plain as unknown as Here).takeTurn = function (this: Here, u) {
        if (u.taunter < 0) hproto.attackHere.call(this, u); // (the same planning as the fast one's, twice)
        if (u.taunter < 0) hproto.attackHere.call(this, u);
        hproto.takeTurn.call(this, u);
      };
      sameFights(fast, plain, 61, n, `${enc.name} `);
    }
    // both outcomes were met (so the comparisons above test them)
    assert.ok(
      found > 100 && none > 100,
      `${found} attacks found from the actor's square at its turn's start, ${none} none`,
    );
  });

  it('TGS-43 … 46 whole fights end alike with the fast paths and with their plain twins (plainFields: every field built; plainRisk: every threatened member scored; plainDangers: the dangers checked at every change)', () => {
    const fastScores = { n: 0 },
      plainScores = { n: 0 };
    for (const enc of encountersForTwins()) {
      const fast = new TGSim(enc),
        plain = new TGSim(enc);
      plain.plainFields = true;
      (plain as unknown as Twins).plainRisk = true;
      (plain as unknown as { plainDangers: boolean }).plainDangers = true;
      countScores(fast, fastScores);
      countScores(plain, plainScores);
      sameFights(fast, plain, 47, fightCount('TG_TGS_TWINS', 12, 25), `${enc.name} `);
    }
    // atRisk's harm bound spares scorings (the members whose every plan deals under half the best's harm)
    assert.ok(fastScores.n < plainScores.n, `${fastScores.n} members scored with the bound, ${plainScores.n} without`);
  });

  it('TG-Y6 TGS-70 issue 32 item 5: whole fights end alike asking the Command test after the actor scan and before it (plainCommand)', () => {
    const fastScores = { n: 0 },
      plainScores = { n: 0 };
    let commands = 0;
    type Cmd = { commandPick(s: number, memo: unknown, serial: number): Unit | null };
    const cproto = TGSim.prototype as unknown as Cmd;
    for (const enc of encountersForTwins()) {
      const fast = new TGSim(enc),
        plain = new TGSim(enc);
      (plain as unknown as { plainCommand: boolean }).plainCommand = true;
      countScores(fast, fastScores);
      countScores(plain, plainScores);
      (fast as unknown as Cmd).commandPick = function (this: Cmd, s, memo, serial) {
        const j = cproto.commandPick.call(this, s, memo, serial);
        if (j !== null) commands++;
        return j;
      };
      sameFights(fast, plain, 53, fightCount('TG_TGS_TWINS', 6, 25), `${enc.name} `);
    }
    // the scan answers the Command's test: commandFirst's placement-order plans are spared
    assert.ok(commands > 0, `${commands} Commands given`);
    assert.ok(
      fastScores.n < plainScores.n,
      `${fastScores.n} members scored after the scan, ${plainScores.n} before it`,
    );
  });
});
