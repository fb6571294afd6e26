// The spec's invariants ("The simulator" → Invariants), checked after every
// event of many seeded fights; determinism (same seed, same bytes); runChunk
// equals the event path; log goldens.
import assert from 'node:assert/strict';
import { combatSeed } from '../../../engine/rng.js';
import { turnProblem } from '../../../systems/arcana/engine/actions.js';
import { deckLayout, NO_CARD } from '../../../systems/arcana/engine/deck.js';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { ArSim, combatEvents, combatLog, combatSteps, renderEvent } from '../../../systems/arcana/engine/index.js';
import { AR_COUNTERS, fastPath, runChunk, tallyCombat } from '../../../systems/arcana/engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import type { Encounter } from '../../../systems/arcana/model.js';
import { ALL } from './gen.js';
import { fastPathIsEventPath, logGoldens, sameSeedSameLog, type EngineUnderTest } from '../engine-contract.js';
import { fightCount } from '../../deep.js';

const FIGHTS = fightCount('AR_FIGHTS', 1000, 10000);
const GM_FIGHTS = fightCount('AR_GM_FIGHTS', 300, 2000);

const ENGINE: EngineUnderTest<Encounter, ArSim> = {
  gens: ALL,
  combatLog,
  runChunk,
  newSim: (enc) => new ArSim(enc),
  combatEvents,
  emptyTally: (enc) => emptyTally(fastPath(enc).shape, AR_COUNTERS.length),
  tallyCombat,
};

class Checker {
  readonly size: number;
  readonly multiset = new Int32Array(52);
  readonly seen = new Int32Array(52);
  hp: number[];
  hands: number[][];
  round = 0;
  initiatives = 0;
  order: number[] | null = null;
  oppExpected: number | null = null;
  rounds = new Set<number>();
  /** The current turn: who, declared actions, what happened. */
  turn: { who: string; actions: string[]; done: string[] } | null = null;
  cheatsThisAction = [0, 0];
  temps = new Map<number, { name: string; bearer: string | null; side: number }>();
  spent = new Set<number>();
  ended = false;
  /** `sim`, at the start of the combat seeded `seed` (the simulator keeps no seed: the log's messages say it). */
  constructor(
    readonly sim: ArSim,
    readonly seed: number,
  ) {
    const l = deckLayout(sim.enc.deck);
    for (const c of [...l.top, ...l.shuffled]) this.multiset[c]++;
    this.size = sim.deck.size;
    this.hp = Array.from(sim.hp);
    this.hands = sim.hands.map((h) => h.slice());
  }
  idx(name: string): number {
    return this.sim.names.indexOf(name);
  }
  closeTurn(where: string): void {
    const t = this.turn;
    if (!t) return;
    assert.equal(turnProblem(t.actions as never), null, `${where}: AR-T2`);
    assert.deepEqual(t.done, t.actions, `${where}: the declared actions resolve, in the declared order (AR-T1)`);
    this.turn = null;
  }
  check(e: ArEvent): void {
    const s = this.sim;
    const where = `${s.enc.name} seed ${this.seed} round ${s.round}: ${renderEvent(e)}`;
    assert.ok(!this.ended, `${where}: an event after the end`);
    switch (e.type) {
      case 'initiative':
        this.initiatives++;
        break;
      case 'order':
        assert.equal(this.initiatives, s.holders.length, `${where}: one initiative flip per holder (AR-I1)`);
        this.order = s.order.slice();
        break;
      case 'round':
        this.closeTurn(where);
        assert.ok(!this.rounds.has(e.round), `${where}: a second opposition card in a round (AR-O2)`);
        this.rounds.add(e.round);
        this.round = e.round;
        this.oppExpected = e.card;
        assert.equal(e.card === null, s.enc.oppositionCard === 'off', where);
        break;
      case 'declare': {
        this.closeTurn(where);
        const i = this.idx(e.who),
          t = this.idx(e.target);
        assert.ok(s.able(i), `${where}: a Taken Out character acts (AR-D4)`);
        assert.ok(s.able(t), `${where}: a Taken Out character is targeted (AR-D4)`);
        assert.notEqual(s.side[i], s.side[t], `${where}: targets an ally`);
        this.turn = { who: e.who, actions: e.actions.slice(), done: [] };
        break;
      }
      case 'aim':
        assert.equal(this.turn?.who, e.who, where);
        this.turn!.done.push('aim');
        break;
      case 'attack':
        assert.equal(this.turn?.who, e.who, where);
        assert.ok(s.able(this.idx(e.target)), `${where}: attacks a Taken Out character`);
        this.turn!.done.push('attack');
        this.cheatsThisAction = [0, 0];
        break;
      case 'maneuver':
        assert.equal(this.turn?.who, e.who, where);
        this.turn!.done.push('maneuver');
        this.cheatsThisAction = [0, 0];
        break;
      case 'cheat': {
        // AR-C4: at most once per side per action
        assert.equal(++this.cheatsThisAction[e.side], 1, `${where}: a second cheat by one side in an action (AR-C4)`);
        // AR-C1: the card came from that side's hand
        const f = this.idx(e.flipFor);
        assert.equal(s.side[f], e.side, where);
        const h = s.handOf(f);
        assert.ok(this.hands[h].includes(e.card), `${where}: the card was not in the side's hand (AR-C1)`);
        // AR-C2, AR-S3: the aspect applies to this flip
        const a = e.aspect;
        if (a.kind === 'scene') assert.ok(s.enc.aspects.includes(a.name), where);
        else if (a.kind === 'own') assert.ok(s.ownAspects[f].includes(a.name), where);
        else {
          const t = this.temps.get(a.id!);
          assert.ok(t, `${where}: a temporary aspect that is not on the table (AR-S2)`);
          assert.ok(!this.spent.has(a.id!), `${where}: a temporary aspect invoked twice (AR-S2)`);
          assert.equal(t.side, e.side, `${where}: invokes the other side's temporary aspect (AR-S3)`);
          assert.ok(
            t.bearer === null || t.bearer === e.flipFor || t.bearer === e.opposes,
            `${where}: the aspect lies elsewhere (AR-S3)`,
          );
          this.spent.add(a.id!);
          this.temps.delete(a.id!);
        }
        if (e.oppositionCard === 'permanent') this.oppExpected = e.card;
        break;
      }
      case 'hit':
        if (e.hit) {
          assert.ok(e.damage >= 1, `${where}: a hit deals at least 1 (AR-D1)`);
          assert.equal(e.damage, Math.max(1, e.attack - e.defense + e.bonus + e.edge - e.toughness), where);
          assert.ok(e.attack > e.defense, where);
        } else assert.ok(e.attack <= e.defense && e.damage === 0, `${where}: AR-A5`);
        assert.equal(e.after, Math.max(0, e.before - e.damage), where);
        break;
      case 'maneuver-result':
        if (e.success) {
          const who = this.idx(e.who);
          this.temps.set(e.aspectId!, {
            name: e.aspect!,
            bearer: e.on === 'the scene' ? null : e.on,
            side: s.side[who],
          });
        }
        break;
      case 'taken-out':
        for (const [id, t] of this.temps) if (t.bearer === e.who) this.temps.delete(id);
        assert.equal(s.hp[this.idx(e.who)], 0, where);
        break;
      case 'round-end':
        this.closeTurn(where);
        assert.equal(e.card, this.oppExpected, `${where}: the round's opposition card is discarded at its end (AR-O2)`);
        assert.equal(s.oppCard, NO_CARD, where);
        break;
      case 'end': {
        this.closeTurn(where);
        this.ended = true;
        const meets = (k: number): boolean =>
          s.enc.concede === 'all' ? s.outCount[k] === s.sideSize[k] : 2 * s.outCount[k] > s.sideSize[k];
        if (e.outcome === 'victory') {
          const loser = s.sideNames.indexOf(e.loser!);
          assert.ok(meets(loser), `${where}: victory without a concession (AR-E1)`);
        } else {
          assert.equal(e.round, s.cap, `${where}: a stalemate before the cap (AR-E2)`);
          assert.ok(!meets(0) && !meets(1), where);
        }
        assert.equal(s.oppCard, NO_CARD, `${where}: the opposition card goes when combat ends (AR-O2)`);
        assert.equal(s.temps.length, 0, `${where}: temporary aspects go at the end of combat (AR-S2)`);
        break;
      }
    }
    // ── state after every event ──
    // AR-F6: every card in exactly one place
    this.seen.fill(0);
    let count = 0;
    const put = (c: number): void => {
      if (c < 0) return;
      this.seen[c]++;
      count++;
    };
    for (const c of s.deck.drawPile()) put(c);
    for (const c of s.deck.discardPile()) put(c);
    for (const h of s.hands) for (const c of h) put(c);
    put(s.oppCard);
    put(s.setAside);
    for (const c of s.table) put(c);
    assert.equal(count, this.size, `${where}: ${count} cards, not ${this.size} (AR-F6)`);
    for (let c = 0; c < 52; c++)
      if (this.seen[c] !== this.multiset[c]) assert.fail(`${where}: card ${c} is in ${this.seen[c]} places (AR-F6)`);
    // AR-H3: hands within the limit; AR-H2: opposition characters hold none
    for (let i = 0; i <= s.n; i++) {
      assert.ok(s.hands[i].length <= s.limit, `${where}: a hand above the limit (AR-H3)`);
      if (i < s.n && s.opp[i]) assert.equal(s.hands[i].length, 0, where);
      if (i < s.n && !s.able(i))
        assert.equal(s.hands[i].length, 0, `${where}: a Taken Out character keeps its hand (AR-H5)`);
    }
    // AR-D4: Health within [0, start], never rising; AR-I1: the order holds
    for (let i = 0; i < s.n; i++) {
      assert.ok(
        s.hp[i] >= 0 && s.hp[i] <= s.hpMax[i] && s.hp[i] <= this.hp[i],
        `${where}: Health of ${s.names[i]} (AR-D4)`,
      );
      if (e.type !== 'hit')
        assert.equal(s.out[i] === 1, s.hp[i] === 0, `${where}: Taken Out exactly at 0 Health (AR-D4)`);
      this.hp[i] = s.hp[i];
    }
    for (const t of s.temps)
      assert.ok(t.bearer < 0 || s.able(t.bearer), `${where}: an aspect on a Taken Out character (AR-S2)`);
    if (this.order) assert.deepEqual(s.order, this.order, `${where}: the initiative order changed (AR-I1)`);
    this.hands = s.hands.map((h) => h.slice());
  }
}

describe('Arcana simulator invariants', function () {
  this.timeout(120000);
  it(`AR-F4 AR-F6 AR-H2 AR-H3 AR-H5 AR-O2 AR-I1 AR-T1 AR-T2 AR-C1 AR-C2 AR-C4 AR-S2 AR-S3 AR-D1 AR-D4 AR-E1 AR-E2: hold on every event of ${FIGHTS} seeded fights over ${ALL.length} encounters`, () => {
    const outcomes = new Map<string, number>();
    let cheats = 0,
      reshuffles = 0,
      placed = 0;
    const sims = ALL.map((g) => new ArSim(g()));
    for (let f = 0; f < FIGHTS; f++) {
      const sim = sims[f % sims.length];
      let checker: Checker | null = null;
      sim.sink = { push: (e: ArEvent) => checker?.check(e) };
      sim.begin(combatSeed(99, f));
      checker = new Checker(sim, combatSeed(99, f));
      while (sim.result < 0) sim.playTurn();
      assert.ok(checker.ended);
      const k = `${sim.enc.name}:${sim.result}:${sim.winner}`;
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
      for (let i = 0; i < sim.n; i++) {
        cheats += sim.cheats[i];
        placed += sim.placed[i];
      }
      reshuffles += sim.deck.reshuffles;
    }
    // the generator exercises the rules: several outcomes per encounter, cheats, maneuvers, reshuffles
    assert.ok(outcomes.size >= ALL.length * 2, JSON.stringify([...outcomes]));
    assert.ok(
      cheats > FIGHTS && placed > FIGHTS / 4 && reshuffles > 0,
      `cheats ${cheats}, aspects ${placed}, reshuffles ${reshuffles}`,
    );
  });

  it(`AR-C5 AR-F6 AR-O2: the same invariants with the GM's temporary opposition-card cheats (ARS-11), ${GM_FIGHTS} fights`, () => {
    const sims = ALL.map((g) => new ArSim(g(), { gmCheats: 'temporary' }));
    let temporary = 0;
    for (let f = 0; f < GM_FIGHTS; f++) {
      const sim = sims[f % sims.length];
      let checker: Checker | null = null;
      sim.sink = {
        push: (e: ArEvent) => {
          if (e.type === 'cheat' && e.oppositionCard === 'temporary') temporary++;
          checker?.check(e);
        },
      };
      sim.begin(combatSeed(77, f));
      checker = new Checker(sim, combatSeed(77, f));
      while (sim.result < 0) sim.playTurn();
    }
    assert.ok(temporary > GM_FIGHTS / 20, `${temporary} temporary cheats`);
  });

  sameSeedSameLog('AR-F1', ENGINE);

  it('AR-R1: stepping by turn or by round gives the same events as the whole combat', () => {
    for (const g of ALL) {
      const whole = [...combatEvents(g(), 8)];
      const byTurn = [...combatSteps(g(), 8, 'turn')].flat();
      const byRound = [...combatSteps(g(), 8, 'round')].flat();
      assert.deepEqual(byTurn, whole);
      assert.deepEqual(byRound, whole);
      // a round step ends at a round's end (or the combat's)
      for (const step of [...combatSteps(g(), 8, 'round')].slice(1))
        assert.ok(['round-end', 'end'].includes(step[step.length - 1].type));
    }
  });

  fastPathIsEventPath('runChunk tallies equal running the event generator per combat; chunks add up', ENGINE);
});

describe('Arcana log goldens', () => {
  logGoldens('AR-F1', 'test/systems/arcana/golden', 'AR_UPDATE_GOLDEN', combatLog, [
    ['raid-13.log', ALL[0], 13],
    ['dry-7.log', ALL[2], 7],
    ['brawl-3.log', ALL[3], 3],
  ]);
});
