// Single mechanics of the simulator as small scenes (ids in the titles).
import assert from 'node:assert/strict';
import { weapon } from '../../../systems/heart-rush/model.js';
import { exchange } from '../../../systems/heart-rush/engine/exchange.js';
import { fracNum } from '../../../systems/heart-rush/engine/odds.js';
import { HRSim } from '../../../systems/heart-rush/engine/sim.js';
import { ScriptError } from '../../../systems/heart-rush/engine/dice.js';
import type { HREvent } from '../../../systems/heart-rush/engine/events.js';
import { at, events, log, scene, who } from './scene.js';

type Ev<T extends HREvent['type']> = Extract<HREvent, { type: T }>;
const of = <T extends HREvent['type']>(evs: HREvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);
const bow = weapon('Bow', { kind: 'ranged', die: 8, reach: 60, hands: 2 });

describe('Heart Rush mechanics', () => {
  it('HR-O1 HR-O2: dashing out of a melee reach provokes one opportunity attack, paid with the action (a)', () => {
    const guard = who('Guard', { tactics: 'default', weapons: [weapon('Spear', { die: 8, reach: 10, hands: 2 })] });
    // the archer dashes to its ally (support); a kiter no longer dashes into the attack (HRS-32)
    const archer = who('Archer', { tactics: 'support', agility: 10, weapons: [bow] });
    const evs = events(
      scene([at(guard, 0, 0, ['defensive'])], [at(archer, 5, 0, ['defensive']), at(who('Ally'), 45, 0, ['defensive'])]),
      3,
      1,
    );
    const oa = of(evs, 'attack').filter((a) => a.kind === 'opportunity');
    assert.equal(oa.length, 1);
    assert.deepEqual(
      [oa[0].who, oa[0].target, oa[0].reason, oa[0].cost, oa[0].targetStance],
      ['Guard', 'Archer', 'leaves its reach', 'action', 'none'],
    );
  });

  it('HR-O2 HR-O3: a dash more than 5 ft inside a reach provokes (b), with no stance effects', () => {
    const guard = who('Guard', {
      tactics: 'default',
      speed: 0,
      weapons: [weapon('Pike', { die: 8, reach: 15, hands: 2 })],
    });
    const wolf = who('Wolf', { tactics: 'default' });
    const evs = events(scene([at(guard, 0, 0, ['defensive'])], [at(wolf, 40, 0, ['defensive'])]), 3, 1);
    const oa = of(evs, 'attack').filter((a) => a.kind === 'opportunity');
    assert.equal(oa.length, 1);
    assert.equal(oa[0].reason, 'more than 5 ft inside its reach');
    assert.ok(!oa[0].hit || !oa[0].hit.halved, 'no halving on a stance-less target (HR-O3)');
    const first = of(evs, 'move').find((m) => m.who === 'Wolf')!;
    assert.deepEqual(first.to, [5, 0], 'the dash is logged up to the square where the attack interrupts it');
  });

  it('HR-S1 HR-R5 HR-O2: the surprised lose round 1 — no steps, stance none — and prepared enemies in reach attack first', () => {
    const scout = who('Scout', { tactics: 'default' });
    const sleeper = who('Sleeper', { tactics: 'default', hp: 40 });
    const evs = events(scene([at(scout, 0, 0)], [at(sleeper, 5, 0, [], [], { surprised: true })]), 2, 1);
    const oa = of(evs, 'attack').filter((a) => a.kind === 'opportunity');
    assert.deepEqual(
      oa.map((a) => [a.who, a.target, a.reason]),
      [['Scout', 'Sleeper', 'surprised (HR-S1)']],
    );
    assert.equal(of(evs, 'move').filter((m) => m.who === 'Sleeper').length, 0);
    const picks = of(evs, 'stances')[0].picks;
    assert.deepEqual(
      picks.find((p) => p.who === 'Sleeper'),
      { who: 'Sleeper', stance: 'none', reason: 'surprised' },
    );
  });

  it('HR-O2 HR-R5: a hidden combatant makes one attack at the start of round 1, then is revealed', () => {
    const lurker = who('Lurker', { tactics: 'default' });
    const victim = who('Victim', { tactics: 'default', hp: 40 });
    const enc = scene([at(lurker, 0, 0, [], [], { hidden: true })], [at(victim, 5, 0)]);
    const evs = events(enc, 2, 1);
    const oa = of(evs, 'attack').filter((a) => a.kind === 'opportunity');
    assert.deepEqual(
      oa.map((a) => [a.who, a.reason]),
      [['Lurker', 'cannot see the attacker (hidden)']],
    );
    const sim = new HRSim(enc);
    sim.begin(2);
    sim.playRound();
    assert.equal(sim.hidden[0], 0);
  });

  it('HR-O2 HR-R5 HRS-7 (issue 34 item 8): a hidden `hold` combatant makes no opening strike, as it makes no other opportunity attack', () => {
    const lurker = who('Lurker'); // `hold` (the scene default): a test-scene dummy
    const victim = who('Victim', { hp: 40 });
    const enc = scene([at(lurker, 0, 0, ['might'], [], { hidden: true })], [at(victim, 5, 0, ['defensive'])]);
    for (let seed = 1; seed <= 5; seed++) {
      const oa = of(events(enc, seed, 1), 'attack').filter((a) => a.kind === 'opportunity');
      assert.deepEqual(
        oa.map((a) => [a.who, a.reason]),
        [],
        `seed ${seed}`,
      );
    }
    // the same lurker with a tactic strikes once (the rule above): the scene reaches
    const striker = scene(
      [at(who('Lurker', { tactics: 'default' }), 0, 0, ['might'], [], { hidden: true })],
      [at(victim, 5, 0, ['defensive'])],
    );
    assert.equal(of(events(striker, 1, 1), 'attack').filter((a) => a.kind === 'opportunity').length, 1);
  });

  it('HR-C2 HR-P2 (issue 34 item 14): a same-stance target out of its reach of the attacker rolls the contest, but winning only foils the attack', () => {
    // the archer shoots from 50 ft; the swordsman (reach 5 ft) holds still: he contests every arrow, and hurts no one
    const archer = who('Archer', { hp: 30, agility: 6, weapons: [bow] });
    const swordsman = who('Swordsman', { hp: 200, heart: 10, agility: 12, weapons: [weapon('Sword', { die: 10 })] });
    const enc = scene(
      [at(archer, 0, 0, ['agility', 'agility', 'agility'])],
      [at(swordsman, 50, 0, ['agility', 'agility', 'agility'])],
      3,
    );
    let contests = 0,
      foiled = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const evs = events(enc, seed);
      for (const a of of(evs, 'attack')) {
        assert.equal(a.who, 'Archer', `seed ${seed}: only the archer reaches`);
        assert.ok(a.contest, `seed ${seed}: same stance, a contest`);
        contests++;
        const line = log([a]);
        if (a.defense.total > a.attack.total) {
          foiled++;
          assert.equal(a.hit, null, `seed ${seed}: ${line}`);
          assert.equal(a.foiled, true);
          assert.match(line, /→ foiled: Swordsman cannot reach Archer, no damage \(HR-C2\)$/);
        } else if (a.defense.total === a.attack.total) assert.match(line, /tie, no damage \(HR-D4\)$/);
        else assert.equal(a.hitOn, 'Swordsman');
      }
      const end = of(evs, 'round-end').at(-1)!;
      assert.equal(end.line.find((l) => l.who === 'Archer')!.hp, 30, `seed ${seed}: the archer takes nothing`);
    }
    assert.ok(contests >= 100 && foiled >= 30, `${contests} contests, ${foiled} foiled`);
    // within the swordsman's reach the loser of the contest still takes the difference
    const close = scene([at(archer, 0, 0, ['agility'])], [at(swordsman, 5, 0, ['agility'])], 1);
    let hurt = 0;
    for (let seed = 1; seed <= 40; seed++)
      for (const a of of(events(close, seed), 'attack')) if (a.hitOn === 'Archer' && a.hit) hurt++;
    assert.ok(hurt > 10, `the archer hurt in ${hurt} contests at 5 ft`);
  });

  it("HR-C2 HR-E2 (issue 34 item 14): the stance tactic counts a contest out of the target's reach as damage dealt only", () => {
    const archer = who('Archer', { hp: 30, agility: 6, weapons: [bow] });
    const swordsman = who('Swordsman', { hp: 200, heart: 10, agility: 12, weapons: [weapon('Sword', { die: 10 })] });
    const cell = exchange(archer, swordsman, 'agility', 'agility');
    if (cell.kind !== 'contest') assert.fail(cell.kind);
    const dealt = fracNum(cell.odds.meanToTarget),
      taken = fracNum(cell.odds.meanToAttacker);
    type Probe = {
      eh: Float64Array;
      stance: Int8Array | Int32Array | number[];
      expectedHit(i: number, t: number, s: number, ts: number): void;
      expectedHitKept(i: number, t: number, s: number, ts: number): void;
    };
    for (const [x, want] of [
      [50, dealt],
      [5, dealt - taken],
    ] as const) {
      const sim = new HRSim(scene([at(archer, 0, 0, ['agility'])], [at(swordsman, x, 0, ['agility'])], 1));
      sim.begin(1);
      const p = sim as unknown as Probe;
      p.expectedHit(0, 1, 1, 1); // agility (1) on agility
      assert.ok(Math.abs(p.eh[0] - want) < 1e-9, `at ${x} ft: ${p.eh[0]} vs ${want}`);
      p.expectedHitKept(0, 1, 1, 1);
      assert.ok(Math.abs(p.eh[0] - want) < 1e-9, `kept, at ${x} ft: ${p.eh[0]} vs ${want}`);
    }
  });

  it('HR-S3: cover gives levels of disadvantage to ranged attacks; total cover cannot be targeted', () => {
    const archer = who('Archer', { agility: 10, weapons: [bow] });
    const target = who('Target', { hp: 200 });
    const heavy = events(
      scene([at(archer, 0, 0, ['agility'])], [at(target, 30, 0, ['might'], [], { cover: 'heavy' })]),
      1,
      1,
    );
    assert.equal(of(heavy, 'attack')[0].attack.level, -2);
    const total = events(
      scene([at(archer, 0, 0, ['agility'])], [at(target, 30, 0, ['might'], [], { cover: 'total' })]),
      1,
      1,
    );
    assert.equal(of(total, 'attack').length, 0);
    assert.ok(of(total, 'no-target').some((e) => e.who === 'Archer'));
  });

  it('HR-A6 HR-C4 HR-E9 HR-C5: Helps from two allies stack; a might attack on a cunning target adds a weapon die', () => {
    const helper = who('Helper', { player: true, tactics: 'support' });
    const fighter = who('Fighter', { player: true, hp: 10, weapons: [weapon('Mace', { die: 8 })] });
    const enemy = who('Enemy', { hp: 200 });
    const enc = scene(
      [
        at(helper, 0, 0, ['defensive'], [], { name: 'Helper A' }),
        at(fighter, 0, 5, ['might']),
        at(helper, 0, 10, ['defensive'], [], { name: 'Helper B' }),
      ],
      [at(enemy, 5, 5, ['cunning'])],
    );
    const evs = events(enc, 4, 1);
    assert.deepEqual(
      of(evs, 'help')
        .map((h) => [h.who, h.ally])
        .sort(),
      [
        ['Helper A', 'Fighter'],
        ['Helper B', 'Fighter'],
      ],
    );
    const a = of(evs, 'attack').find((x) => x.who === 'Fighter')!;
    assert.equal(a.attack.level, 2);
    assert.equal(
      a.attack.dice.filter((d) => !d.extra).length,
      4,
      'heart + might + weapon + the might-bonus weapon die',
    );
    assert.equal(a.attack.dice.filter((d) => d.extra).length, 2);
    assert.ok(a.notes.includes('might bonus (HR-E9)'));
  });

  it('HR-M4 HR-T4: a Trip maneuver drops the target prone; it stands up next round with a sidestep paid by a rush point', () => {
    const tripper = who('Tripper', { maneuver: 'trip' });
    const target = who('Target', { tactics: 'default' });
    // the target's agility attack on the squire comes after the cunning trip (HR-E4), so the trip tells (HRS-40)
    const enc = scene(
      [at(tripper, 0, 0, ['cunning', 'defensive'], [8, 6]), at(who('Squire'), 5, 5, ['might', 'defensive'])],
      [at(target, 5, 0, ['agility', 'defensive'], [1, 1])],
    );
    const evs = events(enc, 1, 2);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.success, m.effect], ['trip', true, 'falls prone (HR-T4)']);
    const stand = of(evs, 'move').find((e) => e.who === 'Target' && e.round === 2)!;
    assert.deepEqual([stand.kind, stand.cost], ['stand', 'rush']);
  });

  it("HR-M4 HR-H1: a Dirty Strike deals a d4 without a defense roll and 2 levels of the attacker's inflicts", () => {
    const striker = who('Striker', { maneuver: 'dirty-strike', inflicts: 'weakened' });
    const target = who('Target');
    const evs = events(scene([at(striker, 0, 0, ['agility'], [6, 6, 3])], [at(target, 5, 0, ['might'], [1, 1])]), 1, 1);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.success, m.hit!.taken, m.hit!.hpAfter], ['dirty strike', true, 3, 17]);
    assert.deepEqual(
      of(evs, 'status').map((s) => [s.who, s.status, s.level]),
      [['Target', 'weakened', 2]],
    );
  });

  it('HR-T5 HR-M2 HR-D4: a grappled combatant spends its action trying to break free; the grappler wins ties', () => {
    const bram = who('Bram', { player: true, heart: 10, might: 8, maneuver: 'grapple' });
    const wolf = who('Wolf', { heart: 6, might: 6, agility: 8, tactics: 'default' });
    // round 1: grapple 9+7 vs 5+7; round 2: wolf's break-free agility 4+4 vs Bram's might 5+3 — a tie: held
    const enc = scene(
      [at(bram, 5, 0, ['cunning', 'defensive'], [9, 7, 5, 3])],
      [at(wolf, 10, 0, ['agility', 'defensive'], [5, 7, 4, 4])],
    );
    const evs = events(enc, 1, 2);
    const b = of(evs, 'break-free')[0];
    assert.deepEqual([b.who, b.from, b.mine.total, b.theirs.total, b.success], ['Wolf', 'Bram', 8, 8, false]);
  });

  it('HR-H7 HR-H8: fights-on stays conscious at 0 HP or below until dead', () => {
    const club = weapon('Club', { die: 6 });
    const gorm = who('Gorm', { hp: 4, heart: 6, might: 6, weapons: [club] });
    const hask = who('Hask', { hp: 6, heart: 6, might: 6, weapons: [club], fightsOn: true });
    const enc = scene([at(gorm, 0, 0, ['might'], [6, 6, 4, 3, 3, 3])], [at(hask, 5, 0, ['might'], [2, 3, 3, 1, 1, 1])]);
    const evs = events(enc, 1, 1);
    const [c1, c2] = of(evs, 'attack');
    assert.deepEqual([c1.hit!.hpAfter, c1.hit!.unconscious, c1.hit!.dead], [-2, false, false]);
    assert.equal(c2.who, 'Hask', 'still fighting');
  });

  it('HR-A7: an off-balanced mover entering a square within 5 ft of an enemy is tripped, its move ends', () => {
    const mover = who('Mover', { tactics: 'default' });
    const post = who('Post', { tactics: 'default', speed: 0 });
    const sim = new HRSim(scene([at(mover, 30, 0, ['defensive'])], [at(post, 0, 0, ['defensive'])]));
    const evs: HREvent[] = [];
    sim.sink = evs;
    sim.begin(1);
    sim.st[0 * 4 + 1] = 2; // off-balanced 2
    sim.playRound();
    assert.deepEqual(
      of(evs, 'trip').map((t) => [t.who, t.target]),
      [['Post', 'Mover']],
    );
    assert.deepEqual([sim.x[0], sim.y[0]], [5, 0]);
    assert.equal(of(evs, 'move')[0].stopped, 'tripped');
    // prone, it stands up in its next step of the action phase (HR-T4)
    assert.deepEqual(
      of(evs, 'move')
        .slice(1)
        .map((m) => [m.who, m.kind]),
      [['Mover', 'stand']],
    );
  });

  it('HR-X2: reaching the round cap is a stalemate', () => {
    const evs = events(scene([at(who('A'), 0, 0)], [at(who('B'), 50, 0)], 3));
    const end = of(evs, 'end')[0];
    assert.deepEqual([end.outcome, end.round], ['stalemate', 3]);
  });

  it('HR-D5: a scripted roll larger than its die aborts the run with an HR-D5 error naming the combatant', () => {
    const enc = scene(
      [at(who('Ann', { weapons: [weapon('Club', { die: 6 })] }), 0, 0, ['might'], [9])],
      [at(who('Bo'), 5, 0, ['might'])],
    );
    assert.throws(
      () => events(enc),
      (e: unknown) =>
        e instanceof ScriptError && /HR-D5: Ann's scripted roll #1 is 9, but it lands on a d8/.test(e.message),
    );
  });

  it('HR-E2: unscripted stances come from the tactic, each with its reason; scripted ones say so', () => {
    const evs = events(
      scene([at(who('A', { tactics: 'default' }), 0, 0, ['might'])], [at(who('B', { tactics: 'default' }), 5, 0)]),
      1,
      2,
    );
    const [r1, r2] = of(evs, 'stances');
    assert.equal(r1.picks[0].reason, 'scripted');
    // HRS-15: the mix against the focus, and what the game is worth
    assert.match(
      r1.picks[1].reason,
      /^against A: might \d+% · agility \d+% · cunning \d+% · defensive \d+% \(worth [+-]\d+\.\d\d\)$/,
    );
    assert.match(r2.picks[0].reason, /^against B: might \d+% · /);
  });

  it('HR-A5: a free interaction readies the carried weapon that reaches the focus', () => {
    const rogue = who('Rogue', { tactics: 'default', speed: 0, weapons: [weapon('Sword', { die: 8 }), bow] });
    const evs = events(scene([at(rogue, 0, 0, ['defensive'])], [at(who('Far'), 40, 0, ['defensive'])]), 1, 1);
    assert.deepEqual(
      of(evs, 'ready').map((r) => [r.who, r.weapon]),
      [['Rogue', 'Bow']],
    );
  });

  it('HR-S2: a relentless combatant attacks a helpless enemy in melee reach (action or rush), never an instant kill', () => {
    const killer = who('Killer', { tactics: 'default', relentless: true });
    const enc = scene([at(killer, 0, 0, ['defensive'])], [at(who('Down', { hp: 30 }), 5, 0), at(who('Other'), 100, 0)]);
    const sim = new HRSim(enc);
    const evs: HREvent[] = [];
    sim.sink = evs;
    sim.begin(1);
    sim.down[1] = 1;
    sim.live[1] = 0; // what applyDamage keeps beside `down`
    sim.hp[1] = 0;
    sim.playRound();
    const oa = of(evs, 'attack').filter((a) => a.kind === 'opportunity');
    assert.ok(oa.length >= 1);
    assert.deepEqual([oa[0].target, oa[0].reason], ['Down', 'helpless (HR-S2, relentless)']);
    assert.equal(sim.dead[1], 0);
  });

  it('HR-E1 HR-H9: an unconscious combatant takes no stance and no step in later rounds', () => {
    const club = weapon('Club', { die: 6 });
    const gorm = who('Gorm', { hp: 40, heart: 6, might: 6, weapons: [club] });
    const hask = who('Hask', { hp: 8, heart: 6, might: 6, weapons: [club] });
    const enc = scene(
      [at(gorm, 0, 0, ['might'], [6, 6, 4, 3, 3, 3])],
      [at(hask, 5, 0, ['might'], [2, 3, 3, 1, 1, 1]), at(who('Far'), 100, 0, [], [], {})],
      2,
    );
    const evs = events(enc, 1, 2);
    const r2 = of(evs, 'stances').find((e) => e.round === 2)!;
    assert.ok(!r2.picks.some((p) => p.who === 'Hask'));
    assert.ok(!of(evs, 'move').some((m) => m.who === 'Hask'));
  });

  it('HR-M5 HR-P5: a shove stops at the field edge; a larger target is not moved but still off-balanced', () => {
    const kira = who('Kira', { agility: 10, maneuver: 'shove' });
    const edge = scene([at(kira, 5, 0, ['agility'], [6, 6])], [at(who('Brute'), 0, 0, ['might'], [1, 1])]);
    const e1 = events({ ...edge, field: { w: 50, h: 50 } }, 1, 1);
    assert.equal(of(e1, 'maneuver')[0].effect, 'shoved 0 ft to 0,0');
    const big = scene(
      [at(kira, 0, 0, ['agility'], [6, 6])],
      [at(who('Ogre', { size: 'large' }), 5, 0, ['might'], [1, 1])],
    );
    const e2 = events(big, 1, 1);
    assert.equal(of(e2, 'maneuver')[0].effect, 'shoved 0 ft to 5,0');
    assert.deepEqual(
      of(e2, 'status').map((s) => [s.who, s.status, s.level]),
      [['Ogre', 'off-balanced', 2]],
    );
  });

  it("HR-M3 HR-T6: a climber rides a host two sizes larger (3 levels either way); the host's action shakes it off, prone", () => {
    // as strong as the giant (a long-shot climb is not tried, HRS-34)
    const climber = who('Climber', { maneuver: 'climb', might: 10 });
    const giant = who('Giant', { might: 10, size: 'huge', tactics: 'default', hp: 60 });
    const enc = scene(
      [at(climber, 0, 0, ['might', 'defensive'], [8, 6, 1, 1])],
      [at(giant, 5, 0, ['cunning', 'defensive'], [1, 1, 8, 10])],
    );
    const sim = new HRSim(enc);
    const evs: HREvent[] = [];
    sim.sink = evs;
    sim.begin(1);
    sim.playRound();
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.mine.total, m.theirs.total, m.success], ['climb', 14, 2, true]);
    assert.equal(sim.climbing[0], 1);
    assert.deepEqual([sim.x[0], sim.y[0]], [5, 0]);
    sim.playRound();
    const shake = of(evs, 'break-free')[0];
    assert.deepEqual(
      [shake.who, shake.from, shake.shake, shake.success, shake.mine.total, shake.theirs.total],
      ['Giant', 'Climber', true, true, 18, 2],
    );
    assert.equal(sim.climbing[0], -1);
    assert.notDeepEqual([sim.x[0], sim.y[0]], [5, 0]);
  });

  it('HR-O2 HR-T4: standing up out of a dash (no sidestep payable) provokes (c)', () => {
    const sim = new HRSim(
      scene(
        [at(who('Faller', { tactics: 'default', rush: 0 }), 0, 0)],
        [at(who('Guard', { tactics: 'default' }), 5, 0)],
      ),
    );
    const evs: HREvent[] = [];
    sim.sink = evs;
    sim.begin(1);
    sim.round = 1;
    sim.prone[0] = 1;
    sim.actionUsed[0] = 1; // its action is already spent and it has no rush: it must spend a dash to stand
    assert.ok((sim as unknown as { standUp(i: number): boolean }).standUp(0));
    const stand = of(evs, 'move')[0];
    assert.deepEqual([stand.kind, stand.cost], ['stand', 'free']);
    const oa = of(evs, 'attack');
    assert.deepEqual(
      oa.map((a) => [a.who, a.kind, a.reason]),
      [['Guard', 'opportunity', 'stands up without sidestepping']],
    );
    assert.equal(sim.prone[0], 0);
  });
});
