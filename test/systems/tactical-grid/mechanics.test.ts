// Single mechanics the worked examples do not pin: turn end and harm order, rolls and their choices
// (TG-R, TG-V6), movement legality (TG-M, TG-V3), reactions the simulator offers (TG-V8), facing (TG-V9).
import assert from 'node:assert/strict';
import { tag } from '../../../systems/tactical-grid/model.js';
import { INF, Pathfinder } from '../../../systems/tactical-grid/engine/path.js';
import { Board } from '../../../systems/tactical-grid/engine/grid.js';
import { gridMap } from '../../../systems/tactical-grid/model.js';
import { P_REACTIONS, type Unit } from '../../../systems/tactical-grid/engine/unit.js';
import { Dice, tgStreamSeed } from '../../../systems/tactical-grid/engine/dice.js';
import { makeRng, randBelowFast } from '../../../engine/rng.js';
import { at, log, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';

const E = 2;

describe('Tactical Grid mechanics', () => {
  it('TG-T7: the end test runs after each harm (a collision into the attacker ends it at the first OUT); the cap is a stalemate', () => {
    const { sim, u, evs } = start(scene([at(ryn({ special: 2 }), 'c1')], [at(raider({ health: 1 }), 'b1', 'east')]));
    u('Ryn').stress = 5;
    sim.turnStart(u('Ryn'));
    assert.throws(() => sim.applyEffect(u('Ryn'), u('Raider'), 'move', 1, E));
    assert.deepEqual(
      of(evs, 'end').map((e) => [e.outcome, e.winner]),
      [['win', 'heroes']],
    );
    assert.equal(u('Ryn').stress, 5); // the second damage never happened
    const s2 = start(scene([at(pc('A'), 'a1')], [at(raider(), 'h8')], undefined, { rounds: 3 }));
    while (s2.sim.result < 0) s2.sim.playRound();
    assert.deepEqual(
      of(s2.evs, 'end').map((e) => [e.outcome, e.round]),
      [['stalemate', 3]],
    );
  });

  it('TG-T7: the end test, kept while both sides stay able, still ends the combat at the next OUT', () => {
    const { sim, u, evs } = start(scene([at(ryn(), 'a1')], [at(raider({ health: 2 }), 'h8')]));
    sim.damage(u('Raider'), 1, null, 'test'); // both sides able: the answer is kept (checkEnd, posVersion)
    assert.equal(sim.result, -1);
    assert.throws(() => sim.damage(u('Raider'), 1, null, 'test')); // OUT: the kept answer is stale, the combat ends
    assert.deepEqual(
      of(evs, 'end').map((e) => [e.outcome, e.winner]),
      [['win', 'heroes']],
    );
  });

  it("TG-T8: an actor put OUT by a hazard at its turn start ends its side's turn", () => {
    const { sim, u, evs } = start(
      scene([at(ryn(), 'a1'), at(pc('B'), 'a8')], [at(raider(), 'h8')], ['^.......', ...Array(7).fill('........')]),
    );
    u('Ryn').stress = 5;
    u('B').exhausted = true;
    sim.playRound();
    const i = evs.findIndex((e) => e.type === 'out' && e.who === 'Ryn');
    assert.ok(i > 0);
    assert.equal(evs[i + 1].type, 'refresh'); // no move, attack or facing of Ryn's
  });

  it('TG-A5 TG-A6 TG-R7: sheet → sheet is against 10 + Defense; a critical success deals 2; a critical defense is a plain success', () => {
    const foe = pc('Duelist', { tou: 2 });
    const { sim, u, evs } = start(
      scene([at(ryn(), 'a1', 'east', [20])], [at(foe, 'b1', 'west', [20]), at(raider(), 'h8')]),
    );
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Duelist'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null, knockback: null });
    assert.equal(of(evs, 'attack')[0].vs, 13);
    assert.equal(u('Duelist').stress, 2);
    sim.attack(u('Raider'), u('Duelist'), { tag: null, drive: 0, help: -1 });
    assert.equal(of(evs, 'attack')[1].outcome, 'critical success');
    assert.equal(u('Raider').health, 3);
    assert.equal(u('Duelist').stress, 2);
  });

  it('TG-R5: bane source: the NPC opponent if the roller is in its range, else the nearest enemy with it in range, else none', () => {
    const chief = raider({ range: 3 }, 'Chief');
    const { sim, u, evs } = start(
      scene(
        [at(tamsin({ per: 4 }), 'a1', 'east', [2, 2])],
        [at(raider(), 'e1', 'west'), at(chief, 'c3', 'west'), at(raider({}, 'Far'), 'h8')],
      ),
    );
    sim.turnStart(u('Tamsin'));
    sim.attack(u('Tamsin'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null });
    assert.equal(of(evs, 'stress')[0].source, 'Chief');
    if (u('Chief').range0 === 3) sim.damage(u('Chief'), 3, null, 'test');
    sim.attack(u('Tamsin'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null });
    assert.equal(of(evs, 'stress')[1].source, null);
  });

  it('TG-R3: a tag gives its stars, 1✦ less on the other kind of roll, and is exhausted', () => {
    const r = ryn({ tags: [tag('Quick Feet', 2, 'defensive')] });
    const { sim, u, evs } = start(scene([at(r, 'a1', 'east', [15])], [at(raider({ health: 5 }), 'b1', 'west')]));
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Raider'), {
      tag: 'Quick Feet',
      drive: 0,
      help: -1,
      tactics: 0,
      effect: null,
      knockback: null,
    });
    assert.deepEqual(
      of(evs, 'attack')[0].mods.map((m) => [m.label, m.value]),
      [
        ['attack', 5],
        ['"Quick Feet"', 1],
      ],
    );
    assert.equal(u('Ryn').tags[0].exhausted, true);
    assert.equal(sim.bestTag(u('Ryn'), 'defensive'), null);
  });

  it('TG-V6: a tag only when decisive or under 1/2; drive only when decisive, the least reaching the best chance; Help when decisive', () => {
    const choose = (com: number, diff: number, health: number) => {
      const r = pc('Hero', { com, drive: 3, tactics: 0, tags: [tag('Blade', 3, 'offensive')] });
      const { sim, u, evs } = start(
        scene(
          [at(r, 'a1', 'east', [19]), at(pc('Friend', { per: 3, cha: 2 }), 'a3')],
          [at(raider({ difficulty: diff, health }), 'b1', 'west'), at(raider({}, 'Other'), 'h8')],
        ),
      );
      sim.turnStart(u('Hero'));
      try {
        sim.attack(u('Hero'), u('Raider'), { effect: null, knockback: null });
      } catch {
        /* the combat may end */
      }
      return evs
        .filter((e) => e.type === 'tag' || e.type === 'drive' || e.type === 'react')
        .map((e) => (e.type === 'drive' ? `drive ${e.spent}` : e.type));
    };
    assert.deepEqual(choose(1, 13, 3), []); // +2 vs 13: 1/2, not decisive
    assert.deepEqual(choose(1, 14, 3), ['tag']); // 9/20 < 1/2
    assert.deepEqual(choose(4, 13, 1), ['tag', 'drive 3', 'react']); // decisive: +8 → faces ≥ 5; all 3 drive → every face but a fumble (Help is decided after drive)
    assert.deepEqual(choose(4, 9, 1), ['tag', 'react']); // +8 vs 9: every face but a fumble already
  });

  it('TG-M3 TG-M4 TG-K1 TG-V3: steps avoid walls and cutting a corner between two; allies crossed, not ended on; enemies block', () => {
    const b = new Board(gridMap(['.#..', '#...', '....']));
    const pf = new Pathfinder(b);
    const pass = Uint8Array.from(b.obstacle, (o) => (o ? 0 : 1));
    pf.run(b.index('a1'), 6, pass, b.obstacle);
    assert.equal(pf.cost[b.index('b2')], INF);
    const b2 = new Board(gridMap(['.#..', '....', '....']));
    const pf2 = new Pathfinder(b2);
    pf2.run(
      b2.index('a1'),
      6,
      Uint8Array.from(b2.obstacle, (o) => (o ? 0 : 1)),
      b2.obstacle,
    );
    assert.equal(pf2.cost[b2.index('b2')], 1);
    assert.deepEqual(
      pf2.path(b2.index('c1')).map((c) => b2.name(c)),
      ['b2', 'c1'],
    );
    // allies and enemies in a one-row corridor
    for (const [ally, want] of [
      [true, 2],
      [false, INF],
    ] as const) {
      const blocker = ally ? at(pc('Friend'), 'b1') : at(raider({}, 'Wall'), 'b1');
      const { sim, u } = start(
        scene(
          [at(ryn(), 'a1'), ...(ally ? [blocker] : [])],
          [...(ally ? [] : [blocker]), at(raider(), 'd1')],
          ['....'],
        ),
      );
      const r = u('Ryn');
      sim.pf.run(r.cell, 6, sim.fillPass(r, true), sim.wall);
      assert.equal(sim.pf.cost[sim.board.index('c1')], want);
      assert.equal(sim.canEnd(r, sim.board.index('b1')), false);
    }
  });

  it('TG-V1 TGS-2: Dice.reset reseeds each stream in place, rolling exactly what makeRng(tgStreamSeed(seed, id)) would', () => {
    const ids = ['Ryn', 'Raider 1', '"Sister Ilse"'];
    const dice = new Dice(
      ids,
      ids.map(() => []),
    );
    const gens = dice.rng.slice();
    for (const seed of [0, 7, -3, 2 ** 40 + 5]) {
      dice.reset(seed);
      assert.ok(
        dice.rng.every((g, i) => g === gens[i]),
        'the same generator objects',
      );
      ids.forEach((id, i) => {
        const ref = makeRng(tgStreamSeed(seed, id) | 0);
        for (let k = 0; k < 30; k++) assert.equal(dice.d20(i), randBelowFast(ref, 20) + 1);
      });
    }
  });

  it('TG-V3: the path search (budget cut-off, step table) gives the costs, diagonals and first-found paths of a plain Dijkstra', () => {
    const rows = ['..#.~...', '.#..~.#.', '...##...', '~..#..~.', '........'];
    const b = new Board(gridMap(rows));
    const pass = Uint8Array.from(b.obstacle, (o) => (o ? 0 : 1));
    const pf = new Pathfinder(b);
    for (const from of ['a1', 'e5', 'h1', 'c4']) {
      for (const budget of [0, 1, 2, 3, 5, 8, INF]) {
        pf.run(b.index(from), budget, pass, b.obstacle, 1, 1);
        // reference: key (cost, diagonals), ties by cell index, neighbours in TG-V3 order, first found wins
        const cost = new Array<number>(b.size).fill(INF),
          diag = new Array<number>(b.size).fill(INF),
          prev = new Array<number>(b.size).fill(-1);
        const done = new Array<boolean>(b.size).fill(false);
        cost[b.index(from)] = 0;
        diag[b.index(from)] = 0;
        for (;;) {
          let u = -1;
          for (let c = 0; c < b.size; c++)
            if (!done[c] && cost[c] < INF && (u < 0 || cost[c] < cost[u] || (cost[c] === cost[u] && diag[c] < diag[u])))
              u = c;
          if (u < 0) break;
          done[u] = true;
          for (let d = 0; d < 8; d++) {
            const v = b.nb[u * 8 + d];
            if (v < 0 || !pass[v] || pf.cornerBlocked(u, d, b.obstacle)) continue;
            const c = cost[u] + pf.enterCost(v),
              dg = diag[u] + (d & 1);
            if (c <= budget && (c < cost[v] || (c === cost[v] && dg < diag[v]))) {
              cost[v] = c;
              diag[v] = dg;
              prev[v] = u;
            }
          }
        }
        assert.deepEqual([...pf.cost], cost, `${from} budget ${budget}: costs`);
        assert.deepEqual([...pf.prev], prev, `${from} budget ${budget}: paths`);
        const reached = [...pf.touched.subarray(0, pf.nTouched)].sort((x, y) => x - y);
        assert.deepEqual(
          reached,
          cost.flatMap((c, i) => (c < INF ? [i] : [])),
          `${from} budget ${budget}: the reached list`,
        );
      }
    }
  });

  it('TG-V3: chosen moves avoid hazards when they can', () => {
    const { sim, evs } = start(
      scene(
        [at(ryn({ ai: 'default' }), 'a1', 'east', [15])],
        [at(raider({ health: 9 }), 'g1', 'west')],
        ['..^.....', '........'],
      ),
    );
    sim.playRound();
    const mv = of(evs, 'move').filter((m) => m.who === 'Ryn');
    assert.ok(mv.length > 0);
    assert.ok(
      mv.every((m) => !m.via.includes('c1')),
      JSON.stringify(mv),
    );
  });

  it('TGS-34 (TG-V3, TG-V7): a fire line across the whole map is crossed by the move itself, not left for the Dash after a short move', () => {
    const rows = ['...^............', '...^............', '...^............'];
    const { sim, evs } = start(scene([at(ryn({ ai: 'default' }), 'a2', 'east')], [at(raider(), 'p2', 'west')], rows));
    sim.playRound();
    const mine = of(evs, 'move').filter((m) => m.who === 'Ryn');
    const moved = mine.filter((m) => m.kind === 'move').reduce((n, m) => n + m.cost, 0);
    assert.equal(moved, 6, `the whole move is used: ${log(evs)}`);
    assert.ok(
      mine.some((m) => m.kind === 'move' && m.via.some((c) => c.startsWith('d'))),
      'the move crosses the fire',
    );
    // with a gap in the line, neither the move nor the Dash enters the fire: both follow the way round
    const gap = start(
      scene(
        [at(ryn({ ai: 'default' }), 'a2', 'east')],
        [at(raider(), 'p2', 'west')],
        ['...^............', '...^............', '................'],
      ),
    );
    gap.sim.playRound();
    const steps = of(gap.evs, 'move')
      .filter((m) => m.who === 'Ryn')
      .flatMap((m) => m.via);
    assert.ok(steps.length > 6 && !steps.some((c) => c === 'd1' || c === 'd2'), log(gap.evs));
  });

  it('TGS-35 (TG-B8, TG-V6): Still Life is placed for Corner only when a tactic is left for it after Backstab', () => {
    // the Sculptor stands in the Raider's back sector (Backstab met) beside it; the Raider's behind square d5 is empty
    const placed = (tactics: number): boolean => {
      const { sim, evs } = start(
        scene(
          [
            at(
              pc('Sculptor', { agi: 3, com: 4, pro: 2, special: 2, tactics, abilities: ['still-life'] }),
              'c5',
              'east',
              [15],
            ),
          ],
          [at(raider({ health: 9 }), 'd4', 'north')],
        ),
      );
      sim.playRound();
      const first = of(evs, 'attack').find((e) => e.who === 'Sculptor');
      assert.ok(first, log(evs));
      return of(evs, 'ability').some((e) => e.who === 'Sculptor' && e.ability === 'still life');
    };
    assert.equal(placed(1), false, 'one tactic: Backstab takes it, so no obstacle for a Corner it could not pay');
    assert.equal(placed(2), true, 'two tactics: Backstab, then Corner on the new obstacle');
  });

  it('TG-Z2: a collision once per turn per source, Move and Knockback apart; TG-Z1 a push into a hazard harms', () => {
    const rows = ['..#.....', '........', '........'];
    const { sim, u } = start(
      scene(
        [at(ryn({ special: 3, abilities: ['knockback'] }), 'a1')],
        [at(raider({ health: 9 }), 'b1', 'west'), at(raider({ health: 9 }, 'Other'), 'h3')],
        rows,
      ),
    );
    const r = u('Ryn'),
      t = u('Raider');
    sim.turnStart(r);
    sim.push(r, t, E, 1, 'move');
    sim.push(r, t, E, 2, 'knockback');
    sim.push(r, t, E, 1, 'move');
    assert.equal(t.health, 7);
    const h = start(
      scene(
        [at(ryn(), 'a1')],
        [at(raider(), 'b1', 'west'), at(raider({}, 'Other'), 'h3')],
        ['..^.....', '........', '........'],
      ),
    );
    h.sim.turnStart(h.u('Ryn'));
    h.sim.push(h.u('Ryn'), h.u('Raider'), E, 1, 'move');
    assert.deepEqual([h.sim.sq(h.u('Raider').cell), h.u('Raider').health], ['c1', 2]);
  });

  it('issue 34 item 14: TG-B4 TG-D3: Vengeful Hex also fires on the stress that takes its owner OUT; once, and only against an enemy source', () => {
    const hexer = pc('Hexer', { abilities: ['vengeful-hex'] });
    const { sim, u, evs } = start(
      scene([at(hexer, 'a1'), at(pc('B'), 'h1')], [at(raider(), 'b1', 'west'), at(raider({}, 'R2'), 'h8')]),
    );
    const h = u('Hexer');
    h.stress = h.cap - 1;
    sim.stressOn(h, 2, u('Raider'), 'test');
    assert.equal(h.out, true);
    assert.deepEqual(
      of(evs, 'ability').map((e) => [e.who, e.ability, e.detail]),
      [['Hexer', 'vengeful hex', 'hexes Raider (TG-B4)']],
    );
    assert.equal(u('Raider').health, 2); // 1 damage, at any distance
    // OUT, it is hexed no more: the once is spent
    const {
      sim: s2,
      u: u2,
      evs: e2,
    } = start(
      scene(
        [at(pc('Hexer', { abilities: ['vengeful-hex'] }), 'a1'), at(pc('B'), 'h1')],
        [at(raider(), 'b1', 'west'), at(raider({}, 'R2'), 'h8')],
      ),
    );
    s2.stressOn(u2('Hexer'), 1, u2('Raider'), 'test');
    s2.stressOn(u2('Hexer'), 1, u2('R2'), 'test');
    assert.deepEqual(
      of(e2, 'ability').map((e) => e.detail),
      ['hexes Raider (TG-B4)'],
    );
  });

  it('TG-Y4 TG-V8: Protect is offered when an adjacent ally would go OUT: the reactor takes the least amount that keeps it in', () => {
    const { sim, u, evs } = start(scene([at(ryn(), 'a1'), at(tamsin({ cha: 1 }), 'b1')], [at(raider(), 'h8')]));
    u('Ryn').stress = 5;
    sim.stressOn(u('Ryn'), 2, u('Raider'), 'test');
    assert.deepEqual([u('Ryn').stress, u('Tamsin').stress, u('Tamsin').pools[P_REACTIONS]], [5, 2, 0]);
    assert.equal(of(evs, 'react')[0].reaction, 'protect');
  });

  it("TG-Y5 TG-V8: a guard taunts at an enemy's turn start when it could attack both the guard and a weaker ally", () => {
    const guard = pc('Guard', { tou: 4, cha: 1, ai: 'guard' });
    const { sim, u } = start(scene([at(guard, 'b2'), at(pc('Weak'), 'b1')], [at(raider({ ai: 'default' }), 'd2')]));
    u('Weak').stress = 4;
    const r = u('Raider');
    sim.turnStart(r);
    assert.equal(r.taunter, u('Guard').idx);
    assert.ok(sim.plans(r).every((p) => p.target === u('Guard').idx));
  });

  it('TG-Y6 TG-V8: Command picks an exhausted ally that can attack when no fresh one can', () => {
    const { sim, u, evs } = start(
      scene(
        [at(pc('Far'), 'a8'), at(ryn({ ai: 'default' }), 'e4'), at(pc('Chief', { per: 5, cha: 1, melee: true }), 'a1')],
        [at(raider(), 'f4')],
      ),
    );
    u('Ryn').exhausted = true;
    const p = sim.pickActor(0)!;
    assert.equal(p.u.name, 'Ryn');
    assert.equal(of(evs, 'react')[0].reaction, 'command');
  });

  it("TG-T6: a Ready lapses when the readier's next turn starts", () => {
    const { sim, u } = start(scene([at(pc('Archer', { per: 5 }), 'a1')], [at(raider(), 'h8')]));
    sim.playRound();
    assert.equal(u('Archer').readying, true);
    sim.turnStart(u('Archer'));
    assert.equal(u('Archer').readying, false);
  });

  it('TG-E5 TG-N12 TG-K5: Hinder picks range for a ranged target; rules speed +1; speed 0 stays 0', () => {
    const { sim, u } = start(
      scene(
        [at(ryn(), 'a1')],
        [at(raider({ range: 3 }, 'Archer'), 'h8'), at(raider({ speed: 0 }, 'Post'), 'h1')],
        undefined,
        { rules: { speed: 1 } },
      ),
    );
    sim.applyEffect(u('Ryn'), u('Archer'), 'hinder', 1);
    assert.deepEqual([u('Archer').hinder, u('Archer').range], ['range', 1]);
    assert.equal(sim.turnRange(u('Archer'), u('Archer').turns + 1), 1);
    assert.equal(sim.turnSpeed(u('Archer'), 1), 6);
    assert.equal(sim.turnSpeed(u('Post'), 1), 0);
  });

  it('TG-B2: stealth lapses when its next turn starts; TG-B7: a tattooed NPC gains 1 difficulty; TG-S2: an NPC heals 1 up to its start', () => {
    const { sim, u } = start(
      scene(
        [
          at(pc('Rogue', { abilities: ['into-the-shadows'] }), 'a1'),
          at(pc('Artist', { per: 3, wis: 2, abilities: ['runic-tattoo'] }), 'b1'),
          at(raider({}, 'Ally'), 'c1'),
        ],
        [at(raider(), 'h8')],
      ),
    );
    sim.shadows(u('Rogue'));
    assert.equal(u('Rogue').stealth, true);
    sim.turnStart(u('Rogue'));
    assert.equal(u('Rogue').stealth, false);
    sim.tattoo(u('Artist'), u('Ally'));
    assert.equal(u('Ally').difficulty, 14);
    u('Ally').health = 2;
    sim.heal(u('Artist'), u('Ally'), 'test');
    sim.heal(u('Artist'), u('Ally'), 'test');
    assert.equal(u('Ally').health, 3);
  });

  it('TG-V9 TG-F3: end-of-turn facing turns toward the nearest enemy with none behind (squares and hexes); placement facing when omitted', () => {
    const { u, sim } = start(scene([at(ryn(), 'a4')], [at(raider(), 'h4')]));
    assert.equal(sim.facingName(u('Ryn')), 'east');
    assert.equal(sim.facingName(u('Raider')), 'west');
    const h = start(scene([at(ryn(), 'd4')], [at(raider(), 'c2')], Array(6).fill('......'), {}, 'hex'));
    assert.equal(h.sim.facingName(h.u('Ryn')), 'north-west');
  });

  it("TG-M3 TG-E5 TGS-5: a move cut short on an ally's square goes back to the last square it may end on; Hinder from now stops a mover", () => {
    const { sim, u, evs } = start(scene([at(ryn(), 'a1'), at(pc('Friend'), 'b1')], [at(raider(), 'h1')], ['........']));
    const r = u('Ryn');
    sim.turnStart(r);
    sim.walk(r, [sim.board.index('b1')], 'move', 'test');
    assert.equal(sim.sq(r.cell), 'a1');
    assert.equal(sim.sq(u('Friend').cell), 'b1');
    assert.ok(of(evs, 'push').some((e) => e.cause.includes('TGS-5')));
    // Hinder (speed) during its own move: it has moved 1 already, so it stops there
    const h = start(scene([at(ryn({ special: 2 }), 'a1')], [at(raider(), 'h1')], ['........']));
    const m = h.u('Ryn');
    h.sim.turnStart(m);
    h.sim.walk(m, [h.sim.board.index('b1')], 'move', 'test');
    h.sim.applyEffect(h.u('Ryn'), m, 'hinder', 0, undefined, 'speed');
    h.sim.walk(m, [h.sim.board.index('c1'), h.sim.board.index('d1')], 'move', 'test');
    assert.equal(h.sim.sq(m.cell), 'b1');
  });
});

describe('Tactical Grid simulator: when a Stun is chosen (TGS-32)', () => {
  /** Ryn misses Raider 1 (no Splash, no push: open ground all round) and the simulator picks his effect. */
  function effectOn(prepare: (u: (name: string) => Unit) => void): string[] {
    const enc = scene(
      [at(ryn({ special: 2 }), 'c4', 'east', [2])],
      [at(raider({ health: 9 }), 'd4', 'west', [], 'Raider 1'), at(raider(), 'h8', 'west', [], 'Raider 2')],
    );
    const { sim, evs, u } = start(enc);
    prepare(u);
    sim.actor = u('Ryn').idx;
    sim.attack(u('Ryn'), u('Raider 1'), { tag: null, drive: 0, help: -1, tactics: 0, knockback: null });
    return of(evs, 'effect').map((e) => e.effect);
  }

  it("TGS-32 TG-V6 TG-E6: Stun when another member of the target's side is fresh and not stunned; else Weaken on a target next to its foe (Hinder would take nothing, issue 32), Hinder when it has no star", () => {
    assert.deepEqual(
      effectOn(() => {}),
      ['stun'],
    );
    // the only other member is exhausted, stunned, or OUT: the target would act anyway (TG-E6)
    assert.deepEqual(
      effectOn((u) => (u('Raider 2').exhausted = true)),
      ['weaken'],
    );
    assert.deepEqual(
      effectOn((u) => (u('Raider 2').stunned = true)),
      ['weaken'],
    );
    assert.deepEqual(
      effectOn((u) => (u('Raider 2').out = true)),
      ['weaken'],
    );
    assert.deepEqual(
      effectOn((u) => {
        u('Raider 2').out = true;
        for (const g of u('Raider 1').tags) g.stars = 0;
      }),
      ['hinder'],
    );
  });
});
