// The engagement's choices a GM reads in the log: whom an attacker picks (HR-E6), which maneuvers can still
// take hold when they resolve (HR-M1, HR-M2, HR-M4), and who may take the agility sidestep (HR-E8).
import assert from 'node:assert/strict';
import { weapon } from '../../../systems/heart-rush/model.js';
import type { HREvent } from '../../../systems/heart-rush/engine/index.js';
import { at, events, log, scene, who } from './scene.js';

type Attack = Extract<HREvent, { type: 'attack' }>;

describe('Heart Rush: engagement choices', () => {
  it('HR-E6: with its focus out of reach of its stance, an attacker takes the valid enemy in reach even in a contest it expects to lose', () => {
    // Pip (might) faces his focus Fen (agility: might cannot attack it) and the Brute (might) beside him. The
    // contest with the Brute is a bad bet (expected dealt − taken far below −1), but it is the only valid target.
    const pip = who('Pip', { might: 4, heart: 4, weapons: [weapon('Dagger', { die: 4 })] });
    const fen = who('Fen', { hp: 5 });
    const brute = who('Brute', { might: 12, heart: 12, hp: 40, weapons: [weapon('Greataxe', { die: 12 })] });
    const evs = events(
      scene([at(pip, 0, 0, ['might'])], [at(fen, 5, 0, ['agility']), at(brute, 0, 5, ['might'])], 1),
      1,
      1,
    );
    const mine = evs.filter((e): e is Attack => e.type === 'attack' && e.who === 'Pip');
    assert.deepEqual(
      mine.map((e) => [e.target, e.contest]),
      [['Brute', true]],
      log(evs),
    );
    assert.ok(!evs.some((e) => e.type === 'no-target' && e.who === 'Pip'), log(evs));
  });

  type Maneuver = Extract<HREvent, { type: 'maneuver' }>;
  const round1 = (evs: HREvent[]) => evs.filter((e) => 'round' in e && e.round === 1);

  it('HRS-27 (HR-M2): no one is grappled by two: a second grappler in the phase attacks instead of queuing a grapple on the held one', () => {
    const g = who('Grappler', { heart: 10, might: 12, hp: 60, maneuver: 'grapple' });
    const victim = who('Victim', { hp: 200 });
    const evs = round1(
      events(
        scene(
          [at(g, 50, 50, ['might']), at({ ...g, name: 'Grappler B' }, 55, 50, ['might'])],
          [at(victim, 55, 55, ['cunning'])],
          1,
        ),
        1,
        1,
      ),
    );
    const grapples = evs.filter((e): e is Maneuver => e.type === 'maneuver' && e.target === 'Victim');
    assert.equal(grapples.length, 1, log(evs));
    const other = grapples[0].who === 'Grappler' ? 'Grappler B' : 'Grappler';
    assert.ok(
      evs.some((e) => e.type === 'attack' && e.who === other && e.target === 'Victim'),
      log(evs),
    );
  });

  it('HRS-27 (HR-M4): one trip per target in a phase; the other trippers attack the one going down', () => {
    const wolf = (name: string) => who(name, { heart: 10, cunning: 12, hp: 30, maneuver: 'trip' });
    const sable = who('Sable', { hp: 200 });
    const evs = round1(
      events(
        scene(
          [
            at(wolf('Wolf 1'), 0, 0, ['cunning']),
            at(wolf('Wolf 2'), 10, 0, ['cunning']),
            at(wolf('Wolf 3'), 0, 10, ['cunning']),
            // an ally who strikes the fallen Sable in the agility phase: the trip tells (HRS-40)
            at(who('Squire', { hp: 200 }), 10, 10, ['agility']),
          ],
          [at(sable, 5, 5, ['agility'])],
          1,
        ),
        1,
        1,
      ),
    );
    const trips = evs.filter((e): e is Maneuver => e.type === 'maneuver' && e.target === 'Sable');
    assert.equal(trips.length, 1, log(evs));
    assert.equal(
      evs.filter((e) => e.type === 'attack' && e.target === 'Sable' && e.who.startsWith('Wolf')).length,
      2,
      log(evs),
    );
  });

  it('HRS-28 (HR-E8, HR-A4): a fighter tripped earlier in the round takes no free agility sidestep, so does not move while prone', () => {
    const tripper = who('Tripper', { heart: 10, cunning: 12, hp: 60, maneuver: 'trip' });
    const brute = who('Brute', { hp: 60 });
    const dancer = who('Dancer', { player: true, agility: 4, hp: 60 });
    const squire = who('Squire', { hp: 60, weapons: [weapon('Spear', { die: 8, reach: 10, hands: 2 })] });
    // seeds where the trip lands: the Dancer then must not sidestep toward the Brute, 10 ft away
    let tripped = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const evs = events(
        // the Squire's spear reaches the Dancer in the agility phase, the Dancer's dagger not the Squire: the trip
        // tells (HRS-40), and the Dancer still has nobody in reach to strike
        scene(
          [at(tripper, 0, 0, ['cunning']), at(brute, 15, 0, ['might']), at(squire, 5, 10, ['agility'])],
          [at(dancer, 5, 0, ['agility'])],
          1,
        ),
        seed,
        1,
      );
      if (!evs.some((e) => e.type === 'maneuver' && e.success && e.target === 'Dancer')) continue;
      tripped++;
      assert.ok(!evs.some((e) => e.type === 'move' && e.who === 'Dancer'), log(evs));
    }
    assert.ok(tripped >= 5, `the trip landed in ${tripped} of 40 seeds`);
  });

  it('HR-C5: a weapon with might-bonus +0 adds nothing, and the log does not cite the might bonus (HR-E9)', () => {
    const archer = who('Archer', {
      might: 8,
      weapons: [weapon('Longbow', { kind: 'ranged', die: 8, reach: 60, mightBonus: 0 })],
    });
    const club = who('Clubber', { might: 8, weapons: [weapon('Club', { die: 8 })] });
    const evs = events(
      scene(
        [at(archer, 0, 0, ['might']), at(club, 5, 5, ['might'])],
        [at(who('Target', { hp: 200 }), 5, 0, ['cunning'])],
        1,
      ),
      1,
      1,
    );
    const by = (w: string) => evs.find((e): e is Attack => e.type === 'attack' && e.who === w)!;
    assert.ok(!by('Archer').notes.some((n) => n.includes('might bonus')), log(evs));
    assert.ok(
      by('Clubber').notes.some((n) => n.includes('might bonus')),
      log(evs),
    );
  });

  it("HRS-29 (HR-H1, HR-S2): an unconscious combatant does not shrug off a relentless foe's blow", () => {
    // the Butcher (relentless) downs Wren, then strikes the body while the Ally holds out far off
    const butcher = who('Butcher', {
      tactics: 'default',
      might: 12,
      heart: 12,
      hp: 200,
      relentless: true,
      weapons: [weapon('Cleaver', { die: 12 })],
    });
    const wren = who('Wren', { player: true, hp: 12, heart: 12, shrug: 'always' });
    const enc = scene(
      [at(butcher, 0, 0)],
      [
        at(wren, 5, 0),
        at(who('Ally', { hp: 500 }), 200, 200, [
          'defensive',
          'defensive',
          'defensive',
          'defensive',
          'defensive',
          'defensive',
        ]),
      ],
      6,
    );
    let onBodies = 0;
    for (let seed = 1; seed <= 30; seed++) {
      for (const e of events(enc, seed)) {
        if (e.type !== 'attack' || e.target !== 'Wren' || !e.hit || e.hit.hpBefore > 0) continue;
        onBodies++;
        assert.equal(e.hit.shrug, null, `seed ${seed}: ${JSON.stringify(e.hit)}`);
      }
    }
    assert.ok(onBodies >= 5, `blows on the body: ${onBodies}`);
  });

  it('HRS-30 (HR-O1, HR-O2 a): an opportunity attack for leaving reach comes before the step, the mover still inside the reach', () => {
    // Rook dashes away from Pip's 10-ft spear to its ally (support): its first step stays inside the reach, the
    // second would leave it (a kiter no longer dashes into that attack, HRS-32)
    const pip = who('Pip', { tactics: 'default', weapons: [weapon('Spear', { die: 6, reach: 10 })] });
    const rook = who('Rook', { tactics: 'support', agility: 12, hp: 80 });
    let seen = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const evs = events(scene([at(pip, 0, 0)], [at(rook, 5, 0), at(who('Ally'), 45, 0)], 1), seed, 1);
      const k = evs.findIndex((e) => e.type === 'attack' && e.kind === 'opportunity' && e.target === 'Rook');
      if (k < 0) continue;
      seen++;
      const before = evs
        .slice(0, k)
        .reverse()
        .find((e): e is Extract<HREvent, { type: 'move' }> => e.type === 'move' && e.who === 'Rook');
      assert.ok(before, log(evs));
      assert.ok(
        Math.max(Math.abs(before.to[0]), Math.abs(before.to[1])) <= 10,
        `attacked at ${before.to.join(',')}, beyond the spear's 10 ft:\n${log(evs)}`,
      );
    }
    assert.ok(seen > 0, 'Pip attacks the leaving Rook');
  });

  it("HR-P1 (HRS-25): a dash never ends on the target's own square (an archer behind total cover is never in a bow's reach)", () => {
    const sable = who('Sable', {
      tactics: 'default',
      weapons: [weapon('Longbow', { kind: 'ranged', die: 8, reach: 60, hands: 2 }), weapon('Dagger', { die: 4 })],
    });
    const archer = who('Archer', { hp: 9 });
    const enc = scene(
      [at(sable, 0, 0)],
      [
        at(archer, 40, 0, [], [], { cover: 'total' }),
        at({ ...archer, name: 'Archer B' }, 45, 0, [], [], { cover: 'total' }),
      ],
      2,
    );
    for (let seed = 1; seed <= 10; seed++) {
      const evs = events(enc, seed);
      for (const e of evs)
        if (e.type === 'move' && e.who === 'Sable')
          assert.notDeepEqual(e.to, [40, 0], `seed ${seed}: onto the Archer:\n${log(evs)}`);
    }
  });
});
