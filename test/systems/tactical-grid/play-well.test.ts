// Scenes of issue 32's grid failures: each a small encounter where the policy (engine/policy/, TG-V*) made a move
// no table would. Each fails on the policy before its fix (the commit that added it says which).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import { checkFiles } from '../../../systems/index.js';
import { tgModel } from '../../../systems/tactical-grid/index.js';
import { tag, type Encounter } from '../../../systems/tactical-grid/model.js';
import type { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import type { Unit } from '../../../systems/tactical-grid/engine/unit.js';
import { at, events, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';

/** Whether enemy v could attack square c at its next turn (sheet speed + reach; `hold`: reach), terrain ignored. */
function canStrike(sim: TGSim, v: Unit, c: number): boolean {
  const reach = v.melee ? 1 : v.range0;
  return sim.board.dist(c, v.cell) <= (v.ai === 'hold' ? reach : v.speed0 + reach);
}
/**
 * Plays the fight side turn by side turn and lists the turns of `side`'s members that ended, with no attack of their own,
 * on a square an able enemy could attack next, though they started it out of every enemy's reach: "who round N at sq".
 */
function fedTurns(enc: Encounter, seed: number, side: number): { fed: string[]; attacks: number } {
  const { sim, evs } = start(enc, seed);
  const fed: string[] = [];
  let attacks = 0;
  for (let k = 0; k < 400 && sim.result < 0; k++) {
    const from = evs.length;
    const before = new Map(sim.units.map((v) => [v.name, v.cell]));
    sim.stepTurn();
    const turn = evs.slice(from).find((e) => e.type === 'turn');
    if (!turn) continue;
    const u = sim.units.find((v) => v.name === turn.who)!;
    if (u.side !== side) continue;
    const struck = of(evs.slice(from), 'attack').some((e) => e.who === u.name);
    if (struck) attacks++;
    if (struck || u.out || u.cell < 0) continue;
    const foes = sim.units.filter((v) => v.side !== side && !v.out && v.cell >= 0);
    const startCell = before.get(u.name)!;
    const wasSafe = foes.every((v) => !canStrike(sim, v, startCell));
    if (wasSafe && foes.some((v) => canStrike(sim, v, u.cell)))
      fed.push(`${u.name} round ${sim.round} at ${sim.sq(u.cell)}`);
  }
  return { fed, attacks };
}

describe('tactical-grid policy: issue 32 scenes (plays a table would make)', () => {
  it('TG-V6 TG-R3 a tag for defence is kept on a tie: the attack exhausts the offensive tag of equal value (crypt: "Tower Shield")', () => {
    // Tower Shield 3 defensive is worth 2 on attack, as Warhammer 2 offensive: the tie goes to the tag made for it
    const bruiser = pc('Bruiser', {
      com: 1,
      tags: [tag('Tower Shield', 3, 'defensive'), tag('Warhammer', 2, 'offensive')],
    });
    const { sim, u, evs } = start(
      scene([at(bruiser, 'a1', 'east', [5])], [at(raider({ health: 9, difficulty: 18 }), 'b1', 'west')]),
    );
    sim.turnStart(u('Bruiser'));
    sim.attack(u('Bruiser'), u('Raider'), { drive: 0, help: -1, tactics: 0, effect: null, knockback: null });
    const used = of(evs, 'tag').filter((e) => e.change === 'exhausted');
    assert.deepEqual(
      used.map((e) => e.tag),
      ['Warhammer'],
    );
    assert.equal(u('Bruiser').tags.find((g) => g.name === 'Tower Shield')!.exhausted, false);
  });

  it('TG-V6 TG-E4 TG-E5 Weaken, not a useless Hinder, on an enemy already in reach of its foe (it need not move)', () => {
    // the Raider stands next to Ryn: Hinder's speed 1 takes nothing from it; Weaken takes a star off its Rusty Axe
    const { sim, u, evs } = start(
      scene([at(ryn({ effects: 2 }), 'd4', 'east', [15])], [at(raider({ health: 9, ai: 'default' }), 'e4', 'west')]),
    );
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, knockback: null });
    const effects = of(evs, 'effect').map((e) => e.effect);
    assert.deepEqual(effects, ['weaken']);
  });

  it('TG-V6 TG-E6 TGS-49 issue 32: no Stun on a weak raider when its stronger Chief would act instead: the effects pool is kept', () => {
    // Ryn hits the Raider (9 health, not felled) beside him; a Stun makes its side's next turn another fresh member's
    // (TG-E6): the Chief (difficulty 16, "Crossbow" 3) deals more than the Raider, so the Stun hands the turn to it
    const effectsOn = (chiefDifficulty: number): string[] => {
      const chief = raider({ difficulty: chiefDifficulty, range: 3, tags: [tag('Crossbow', 3)] }, 'Chief');
      const { sim, u, evs } = start(
        scene(
          [at(ryn({ effects: 2 }), 'd4', 'east', [15])],
          [at(raider({ health: 9, ai: 'default' }), 'e4', 'west'), at(chief, 'h8', 'west')],
        ),
      );
      sim.turnStart(u('Ryn'));
      sim.attack(u('Ryn'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, knockback: null });
      return of(evs, 'effect').map((e) => e.effect);
    };
    assert.deepEqual(effectsOn(16), []);
    assert.deepEqual(effectsOn(12), ['stun'], 'a weaker Chief: the Stun bites');
  });

  it('TG-V4 TG-S4 a healer with no drive does not Buff itself: its support pool is kept for Heals', () => {
    const medic = pc('Medic', { wis: 3, support: 4, drive: 0, ai: 'healer' });
    const evs = events(
      scene([at(medic, 'a1', 'east')], [at(raider({ ai: 'hold' }), 'h8', 'west')], undefined, { rounds: 3 }),
    );
    const buffs = of(evs, 'support').filter((e) => e.kind === 'buff');
    assert.equal(
      buffs.filter((e) => e.target === 'Medic').length,
      0,
      buffs.map((e) => `${e.who} → ${e.target}`).join(', '),
    );
    assert.ok(
      of(evs, 'turn').some((e) => e.who === 'Medic'),
      'the medic took turns',
    );
  });

  it('TG-V7 TG-T6 no Dash ends next to an enemy with no attack possible: it waits for the enemy instead', () => {
    // Ryn (speed 3) is 7 squares from a Raider that holds: move 3, Dash 3 would leave him adjacent with his main
    // action spent, for the Raider to hit first
    const enc = scene(
      [at(ryn({ agi: 1, ai: 'default' }), 'a1', 'east')],
      [at(raider({ ai: 'hold' }), 'h1', 'west')],
      undefined,
      {
        rounds: 4,
      },
    );
    const evs = events(enc);
    const { board } = start(enc).sim;
    const adjacentEnd = of(evs, 'move').filter(
      (e) => e.kind === 'dash' && board.dist(board.index(e.to), board.index('h1')) === 1,
    );
    assert.deepEqual(
      adjacentEnd.map((e) => `${e.who} ${e.from}→${e.to}`),
      [],
    );
    assert.ok(of(evs, 'move').length > 0, 'Ryn moved toward the Raider');
  });

  it('TG-V7 TGS-40 issue 32: a `focus-weakest` rogue does not sprint alone into the enemy line: it waits at the edge of their reach for its side', () => {
    // Vex (speed 7) is two squares ahead of Brakka and Ryn; the Raiders' line (speed 5, reach 1) stands between it and
    // the weakest foe. Before: move + Dash to n2, behind the line, alone, before any ally had moved
    const vex = pc('Vex', {
      agi: 4,
      com: 4,
      pro: 3,
      drive: 1,
      tags: [tag('Daggers', 3, 'offensive')],
      melee: true,
      ai: 'focus-weakest',
    });
    const brakka = pc('Brakka', {
      agi: 2,
      com: 3,
      tou: 4,
      cha: 3,
      tags: [tag('Warhammer', 2, 'offensive')],
      melee: true,
      ai: 'default',
    });
    const rynD = ryn({ melee: true, ai: 'default' });
    const cut = raider({ difficulty: 12, health: 1, range: 3, melee: false }, 'Cutthroat');
    const enc = scene(
      [at(vex, 'b4', 'east'), at(brakka, 'a3', 'east'), at(rynD, 'a5', 'east')],
      [
        at(raider({ ai: 'default', melee: true }, 'Raider 1'), 'l3', 'west'),
        at(raider({ ai: 'default', melee: true }, 'Raider 2'), 'l4', 'west'),
        at(raider({ ai: 'default', melee: true }, 'Raider 3'), 'l5', 'west'),
        at(cut, 'o4', 'west'),
      ],
      Array(8).fill('................'),
      { rounds: 30 },
    );
    for (const seed of [1, 2, 3, 4, 5]) {
      const { fed } = fedTurns(enc, seed, 0);
      assert.deepEqual(fed, [], `seed ${seed}: heroes who walked into the raiders' reach with no attack`);
    }
  });

  it("TG-V7 TGS-40 issue 32: goblins do not trickle into archers' range one per turn: they close up out of range, then attack", () => {
    // two archers hold (range 4, Ready); four goblins (speed 5, melee) start 18 squares away. Before: each goblin in
    // turn walked into the archers' range with no attack left, was shot by both readied bows, and the next followed
    const archer = (name: string, stars: number): ReturnType<typeof pc> =>
      pc(name, {
        agi: 2,
        per: 4,
        com: 3,
        tou: 2,
        int: 2,
        cha: 2,
        drive: 1,
        tags: [tag('Bow', stars, 'offensive')],
        ai: 'hold',
      });
    const goblin = raider(
      { difficulty: 12, health: 2, speed: 5, range: 1, melee: true, ai: 'default', tags: [tag('Knife', 1)] },
      'Goblin',
    );
    const enc = scene(
      [at(archer('Tamsin', 3), 'b2', 'east'), at(archer('Oriel', 2), 'b5', 'east')],
      [
        at(goblin, 't1', 'west', [], 'Goblin 1'),
        at(goblin, 't3', 'west', [], 'Goblin 2'),
        at(goblin, 't4', 'west', [], 'Goblin 3'),
        at(goblin, 't6', 'west', [], 'Goblin 4'),
      ],
      Array(6).fill('....................'),
      { rounds: 30 },
    );
    let attacks = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = fedTurns(enc, seed, 1);
      assert.deepEqual(r.fed, [], `seed ${seed}: goblins who walked into the archers' range with no attack`);
      attacks += r.attacks;
    }
    assert.ok(attacks >= 5, `the goblins attacked ${attacks} times in five fights`);
  });

  it("TG-B3 TG-V4 TGS-41 issue 32: a Potion Seller spends an ally's support pool on it, not only its own", () => {
    // the healer's own pool is 2 (WIS 1 + Potion Seller); Brakka's 3 lies unspent unless the seller draws on it
    const seller = pc('Mirela', { wis: 1, support: 2, abilities: ['potion-seller'], ai: 'healer' });
    const brakka = pc('Brakka', { wis: 3, support: 3, stress: 8, ai: 'hold' });
    const { sim, u, evs } = start(
      scene(
        [at(seller, 'a1', 'east'), at(brakka, 'b1', 'east')],
        [at(raider({ ai: 'hold' }), 'h8', 'west')],
        undefined,
        {
          rounds: 4,
        },
      ),
    );
    u('Brakka').stress = 5;
    sim.turnStart(u('Mirela'));
    sim.support(u('Mirela'));
    const heals = of(evs, 'support').filter((e) => e.kind === 'heal' && e.target === 'Brakka');
    assert.ok(
      heals.some((e) => e.payer === 'Brakka'),
      heals.map((e) => `${e.who} → ${e.target} paid by ${e.payer ?? e.who}`).join(', '),
    );
    assert.equal(heals.length, 5, "both pools heal: 3 of Brakka's and 2 of its own");
    assert.equal(u('Brakka').stress, 0);
  });

  it("TG-B6 TGS-26 issue 32: a Combat Gurney drags the ally beside it along as it closes in (never into more enemies' reach)", () => {
    // Ilse (Combat Gurney) moves toward the Raider with Brakka beside her; before, the drag was never used
    const ilse = pc('Ilse', { agi: 3, com: 3, abilities: ['combat-gurney'], melee: true, ai: 'default' });
    const brakka = pc('Brakka', { agi: 1, com: 3, tou: 4, melee: true, ai: 'default' });
    const enc = scene(
      [at(ilse, 'b2', 'east'), at(brakka, 'a2', 'east')],
      [at(raider({ ai: 'hold' }), 'n2', 'west')],
      Array(4).fill('..............'),
      { rounds: 6 },
    );
    const { sim, evs } = start(enc);
    let drags = 0;
    for (let k = 0; k < 12 && sim.result < 0; k++) {
      const from = evs.length;
      sim.stepTurn();
      for (const e of of(evs.slice(from), 'push').filter((x) => x.cause === 'gurney')) {
        drags++;
        const to = sim.board.index(e.to);
        assert.ok(sim.board.dist(to, sim.board.index('n2')) > 1, `${e.who} dragged next to the Raider at ${e.to}`);
      }
    }
    assert.ok(drags > 0, 'Ilse dragged Brakka along');
  });

  it('TG-R6 TGS-42 issue 32: the GM spends a bane moving a failed roller into the fire beside it', () => {
    // Ryn fails against the Raider (2 banes) beside a burning square: one bane moves him into it (1 harm on entry)
    const { sim, u, evs } = start(
      scene(
        [at(ryn({ stress: 8 }), 'b2', 'east', [3])],
        [at(raider({ health: 9 }), 'c2', 'west')],
        ['.^..', '....', '....'],
        { rounds: 3 },
      ),
    );
    sim.turnStart(u('Ryn'));
    sim.attack(u('Ryn'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null, knockback: null });
    const moves = of(evs, 'push').filter((e) => e.cause === 'bane');
    assert.deepEqual(
      moves.map((e) => `${e.who} ${e.from}→${e.to}`),
      ['Ryn b2→b1'],
    );
  });

  it('TG-V2 TG-T2 TGS-43 issue 32: with no likely OUT, the member at risk (least harm left, threatened) acts before a stronger one', () => {
    // both stand beside a 9-health Raider (no attack puts it OUT): the Bruiser deals more, but the Scout has one stress
    // left and the Raider could take it OUT before its next turn; the Bruiser's attack keeps for the side's next turn
    const { sim, u } = start(
      scene(
        [
          at(pc('Bruiser', { com: 4, ai: 'default' }), 'd4', 'east'),
          at(pc('Scout', { com: 3, ai: 'default' }), 'd5', 'east'),
        ],
        [at(raider({ health: 9 }), 'e4', 'west')],
      ),
    );
    u('Scout').stress = 5;
    assert.equal(sim.pickActor(0)?.u.name, 'Scout');
    u('Scout').stress = 0;
    assert.equal(sim.pickActor(0)?.u.name, 'Bruiser', 'unharmed, the stronger attack goes first');
  });

  it('TG-V2 TG-T3 TG-V4 TGS-52 issue 32: a healer whose heals would land on no one acts after a member with a plan (the wolf pack: Tamsin before Ryn in round 2)', () => {
    // the Healer's bow has the likelier blow (a 1-health raider in reach) and the Fighter's sword a poorer one; each
    // acts once before the side recovers (TG-T3), so the order only says when: with nobody hurt the Healer's turn
    // heals nothing now, and later its heals land on what the raiders deal meanwhile. Before: the Healer acted first
    const { sim, u } = start(
      scene(
        [
          at(pc('Fighter', { com: 1, ai: 'default', stress: 9 }), 'b2', 'east'),
          at(tamsin({ ai: 'healer' }), 'b6', 'east', [], 'Healer'),
        ],
        [at(raider({ health: 1 }, 'Scout'), 'f6', 'west'), at(raider({ health: 5 }), 'e2', 'west')],
      ),
    );
    assert.equal(sim.pickActor(0)?.u.name, 'Fighter');
    u('Fighter').stress = 1;
    assert.equal(sim.pickActor(0)?.u.name, 'Healer', 'an ally hurt: its heals land now, and its blow is the best');
    u('Fighter').stress = 0;
    u('Fighter').exhausted = true;
    assert.equal(sim.pickActor(0)?.u.name, 'Healer', 'the only fresh member');
    // the fresh Bridge Toll (two healers and a fighter against skeletons): nobody is hurt at the start, but Ryn's
    // opening blow is a lone charge he would decline (TGS-44), no plan for the pick (TGS-58): Tamsin opens, her likely
    // kill the side's only blow
    const r = checkFiles([resolve('test/systems/tactical-grid/fresh/bridge-toll.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    for (const seed of [1, 2, 3]) {
      const evs = events(enc, seed);
      const first = of(evs, 'turn')[0];
      assert.equal(first.who, 'Tamsin', `seed ${seed}: ${first.reason}`);
      assert.equal(of(evs, 'attack')[0]?.who, 'Tamsin', `seed ${seed}`);
    }
  });

  it("TG-V2 TG-T3 TGS-43 TGS-45 issue 32: a fourth hero who cannot harm a raider takes its side's turn only with a blow that can, or when no other is fresh (Mill Road's Hired Blade)", function () {
    // TG-T3: every member acts once before the side recovers, so the Blade's turn is one its side spends; since TGS-45 it
    // starts no clash it cannot win (TG-A4: 12 against the raiders' 13), so that turn must come after the heroes' blows,
    // never instead of one (the heroes win 62.6% without it and 52.9% with it, 2,000 fights each: docs/TACTICS.md)
    this.timeout(60000);
    const r = checkFiles([resolve('samples/tactical-grid/mill-road.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    let turns = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const evs = events(enc, seed);
      for (const e of of(evs, 'turn')) {
        if (e.who !== 'Hired Blade') continue;
        turns++;
        // picked while others were fresh: only for a blow that can harm (a tactic met makes its clash a win)
        assert.match(
          e.reason,
          /only fresh member|no member has (a plan|an attack it would make)|commanded|expected harm [1-9]\d*\/20/,
          `seed ${seed} round ${e.round}: ${e.reason}`,
        );
      }
    }
    assert.ok(turns > 10, `the Blade took ${turns} turns`);
  });

  it("TG-V5 TG-T6 TGS-44 issue 32: a fighter does not charge alone into two enemies' reach for a blow unlikely to put one OUT: it waits, Readied", () => {
    // Ryn (speed 6) could run 5 squares to hit a Raider (3 health) standing beside another; his friends are far
    // behind and nobody has come to blows. Before: he ran in and traded blows with both alone
    const enc = scene(
      [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'a1', 'east')],
      [
        at(raider({ ai: 'default' }, 'Raider 1'), 'h4', 'west'),
        at(raider({ ai: 'default' }, 'Raider 2'), 'h5', 'west'),
      ],
      Array(8).fill('..........'),
      { rounds: 2 },
    );
    const { sim, evs, u } = start(enc);
    u('Archer').exhausted = true; // (Ryn's turn: with the Archer fresh, the side's turn is hers since TGS-58)
    sim.stepTurn(); // round 1, the heroes' turn
    const turn = of(evs, 'turn')[0];
    assert.equal(turn.who, 'Ryn');
    assert.deepEqual(
      of(evs, 'attack').map((e) => e.who),
      [],
    );
    assert.match(of(evs, 'ready')[0]?.reason ?? '', /TGS-44/);
    // with a friend beside the Raiders, the same blow is no lone charge
    const withFriend = scene(
      [at(ryn({ ai: 'default' }), 'c4', 'east'), at(pc('Archer', { per: 2, ai: 'default' }), 'g6', 'east')],
      [
        at(raider({ ai: 'default' }, 'Raider 1'), 'h4', 'west'),
        at(raider({ ai: 'default' }, 'Raider 2'), 'h5', 'west'),
      ],
      Array(8).fill('..........'),
      { rounds: 2 },
    );
    const b = start(withFriend);
    b.sim.stepTurn();
    assert.ok(of(b.evs, 'attack').length > 0, 'an attack this turn');
  });

  it('TG-V5 TG-T3 TGS-45 issue 32: of two foes one blow from OUT, it strikes the one whose fall ends the most harm, not the first placed', () => {
    // both sheets stand beside the Brute with one stress left and the same defence: the same P(OUT). The Medic's blows
    // hurt little, the Bruiser's much; a side acts once a turn, each member once before all recover (TG-T2, TG-T3), so
    // the Medic's fall hands its turns to the Bruiser, while the Bruiser's takes the side's strong blows away
    const brute = (medicCom: number, bruiserCom: number) => {
      const { sim, u } = start(
        scene(
          [
            at(pc('Medic', { com: medicCom, tou: 2 }), 'c4', 'east'),
            at(pc('Bruiser', { com: bruiserCom, tou: 2 }), 'e4', 'west'),
          ],
          [at(raider({ difficulty: 14, health: 4 }, 'Brute'), 'd4', 'north')],
        ),
      );
      u('Medic').stress = 5;
      u('Bruiser').stress = 5;
      sim.turnStart(u('Brute'));
      const [best] = sim.plans(u('Brute'));
      return sim.units[best.target].name;
    };
    assert.equal(brute(1, 5), 'Bruiser');
    assert.equal(brute(5, 1), 'Medic', 'the stronger one, wherever it stands');
  });

  it('TG-V7 TG-X6 TGS-46 issue 32: a shooter on high ground with no attack keeps it and waits for the foe to come (Mill Road: the Raider Chief)', () => {
    // the Chief (range 3) stands on the mill floor; the heroes are out of its reach. Before: it walked off the floor
    // toward them (and Dashed on), giving up High Ground for nothing
    const mill = ['............', '............', '.........111', '.........111', '............', '............'];
    const flat = mill.map((r) => r.replace(/1/g, '.'));
    const chiefTurn = (rows: string[]) => {
      const enc = scene(
        [at(ryn({ ai: 'default' }), 'a3', 'east'), at(tamsin(), 'a5', 'east')],
        [at(raider({ difficulty: 15, health: 5, speed: 4, range: 3, ai: 'default' }, 'Chief'), 'k3', 'west')],
        rows,
        { rounds: 2 },
      );
      const { sim, u, evs } = start(enc);
      sim.stepTurn(); // round 1, the heroes
      const from = evs.length;
      sim.stepTurn(); // the Chief
      return { at: sim.sq(u('Chief').cell), evs: evs.slice(from) };
    };
    const high = chiefTurn(mill);
    assert.equal(high.at, 'k3');
    assert.match(of(high.evs, 'ready')[0]?.reason ?? '', /TGS-46/);
    // on flat ground there is no height to keep: it closes in (TGS-40)
    assert.notEqual(chiefTurn(flat).at, 'k3');
  });

  it('TG-A4 TGS-45 issue 32: an NPC starts no clash it cannot win (the Hired Blade, difficulty 12, beside a Raider, 13)', () => {
    // TG-A4: no roll between NPCs, the higher difficulty deals 1 and a tie none; Line Up makes the Blade's 13 a tie at
    // best, so its blow can harm the Raider in no way (before: it attacked, for nothing)
    const blade = (foe: number) => {
      const { sim, u } = start(
        scene(
          [at(raider({ difficulty: 12, ai: 'default', melee: true }, 'Blade'), 'c4', 'east')],
          [at(raider({ difficulty: foe }), 'd4', 'west')],
        ),
      );
      sim.turnStart(u('Blade'));
      return sim.plans(u('Blade')).map((p) => sim.units[p.target].name);
    };
    assert.deepEqual(blade(13), []);
    assert.ok(blade(11).length > 0, 'a Raider it outclasses it attacks');
  });

  it('TG-V7 TGS-47 issue 32: with no attack, a move does not end next to an enemy it could not harm there', () => {
    // the Blade cannot harm the Raider (TG-A4); before, it walked up beside it and stood there to be struck
    const enc = scene(
      [at(raider({ difficulty: 12, ai: 'default', melee: true }, 'Blade'), 'a4', 'east')],
      [at(raider({ difficulty: 13, ai: 'default', melee: true }), 'g4', 'west')],
    );
    const { sim, u } = start(enc);
    sim.stepTurn();
    const d = sim.board.dist(u('Blade').cell, u('Raider').cell);
    assert.ok(d > 1, `the Blade ends at ${sim.sq(u('Blade').cell)}, ${d} from the Raider`);
    assert.notEqual(sim.sq(u('Blade').cell), 'a4', 'it still closes in');
  });
  it('TG-V5 TG-T6 TGS-48 issue 32: a fighter does not run past Readied enemies for a blow worth less than their attacks: it waits, Readied (Mill Road: Ryn and the hurt raider)', () => {
    // Ryn (speed 6) could finish a Raider one harm from OUT, but every way to it steps into the reach of a Readied
    // crossbow (range 3) and of a Readied guard, each firing once before his blow (TG-T6). Before: he ran the gauntlet (on the Mill Road, past two
    // raiders and the Chief, and was OUT before the fight was on)
    const ryns = (ready: boolean) => {
      const enc = scene(
        [at(ryn({ ai: 'default' }), 'a4', 'east'), at(tamsin(), 'a8', 'east')],
        [
          at(raider({ health: 1, ai: 'default' }, 'Mark'), 'h4', 'west'),
          at(raider({ difficulty: 15, health: 5, range: 3, ai: 'default' }, 'Chief'), 'j4', 'west'),
          at(raider({ ai: 'default' }, 'Guard 1'), 'f3', 'west'),
          at(raider({ ai: 'default' }, 'Guard 2'), 'f5', 'west'),
        ],
        Array(8).fill('..........'),
        { rounds: 2 },
      );
      const { sim, u, evs } = start(enc);
      for (const g of ['Chief', 'Guard 1', 'Guard 2']) u(g).readying = ready;
      sim.stepTurn(); // round 1, the heroes' turn
      return evs;
    };
    const guarded = ryns(true);
    assert.equal(of(guarded, 'turn')[0].who, 'Ryn');
    assert.deepEqual(
      of(guarded, 'attack').map((e) => e.who),
      [],
    );
    assert.match(of(guarded, 'ready')[0]?.reason ?? '', /TGS-48/);
    // the same foes not Readied fire nothing on the way: he runs in and strikes
    assert.deepEqual(
      of(ryns(false), 'attack').map((e) => e.who),
      ['Ryn'],
    );
  });
  it("TG-V5 TGS-44 issue 32: an NPC charges alone where a hero would wait: its waits stood both lines still (Mill Road's Raider 2)", () => {
    // the same lone charge as TGS-44's scene, made by a Raider (an NPC) at two sheets. Before: it waited, Readied, as a
    // hero would; with the heroes waiting for it in turn, the Mill Road ended at the round cap 4.6% of the time
    const enc = scene(
      [
        at(raider({ ai: 'default' }, 'Raider 1'), 'c4', 'east'),
        at(raider({ ai: 'default' }, 'Raider 2'), 'a1', 'east'),
      ],
      [at(ryn({ ai: 'default' }), 'h4', 'west'), at(tamsin(), 'h5', 'west')],
      Array(8).fill('..........'),
      { rounds: 2 },
    );
    const { sim, evs } = start(enc);
    sim.stepTurn(); // round 1, the raiders' turn
    assert.equal(of(evs, 'turn')[0].who, 'Raider 1');
    assert.deepEqual(
      of(evs, 'attack').map((e) => `${e.who} → ${e.target}`),
      ['Raider 1 → Ryn'],
    );
    assert.deepEqual(
      of(evs, 'ready').map((e) => e.reason),
      [],
    );
  });
  it("TG-V5 TG-T6 TGS-48 TGS-50 issue 32: a wait against Readied enemies is one of its side's waiting turns: after a turn per member, it goes", () => {
    // Ryn, alone on his side, could finish the Mark (1 health) only past the Readied Chief and guards (TGS-48: he
    // waits). The raiders only hold but one, walled in, could come, so waiting is not pointless by itself. Before: the
    // wait did not count as one of his side's waiting turns (TGS-40's count), so TGS-48's "not once its side has
    // waited a turn per member" never came, and he waited to the round cap; now he waits once, then goes
    const enc = scene(
      [at(ryn({ ai: 'default' }), 'a4', 'east')],
      [
        at(raider({ health: 1 }, 'Mark'), 'h4', 'west'),
        at(raider({ difficulty: 15, health: 5, range: 3 }, 'Chief'), 'j4', 'west'),
        at(raider({}, 'Guard 1'), 'f3', 'west'),
        at(raider({}, 'Guard 2'), 'f5', 'west'),
        at(raider({ ai: 'default' }, 'Pent'), 'j8', 'west'),
      ],
      ['..........', '..........', '..........', '..........', '..........', '..........', '........##', '........#.'],
      { rounds: 6 },
    );
    const { sim, u, evs } = start(enc);
    for (const g of ['Chief', 'Guard 1', 'Guard 2']) u(g).readying = true;
    for (let k = 0; k < 30 && sim.result < 0; k++) sim.stepTurn();
    const waits = of(evs, 'ready').filter((e) => e.who === 'Ryn');
    assert.deepEqual(
      waits.map((e) => /TGS-48/.test(e.reason)),
      [true],
    );
    assert.ok(
      of(evs, 'attack').some((e) => e.who === 'Ryn'),
      'Ryn strikes',
    );
  });
  it('TG-V2 TG-T3 TGS-45 TGS-51 issue 32: of the members the actor choice scores, the one whose blow is worth most to the side acts (Ford Ambush: no healer charging a wolf)', () => {
    // the fresh Ford Ambush's opening: Sister Ilse's Charge with her mace at Wolf 1 has the best chance of an OUT
    // (11/20), but a wolf's fall is worth little while the Dire Wolves stand (TGS-45); Brakka's and Ryn's blows at a
    // Dire Wolf are worth more. Before: Sister Ilse, the healer, ran into the pack first
    const r = checkFiles([resolve('test/systems/tactical-grid/fresh/ford-ambush.aces')], diskHost(process.cwd()));
    const enc = tgModel(r).encounters[0].encounter;
    for (const seed of [1, 2, 3]) {
      const first = of(events(enc, seed), 'turn')[0];
      assert.notEqual(first.who, 'Sister Ilse', `seed ${seed}: ${first.reason}`);
      assert.match(first.reason, /on Dire Wolf/, `seed ${seed}`);
    }
  });
});
