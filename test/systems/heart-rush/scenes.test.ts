// Issue 32 item 3: the bad plays a GM saw, each a small scene that failed before the fix. A scene's checks count what
// a table would not do (an opportunity attack eaten for nothing, rush points burnt, a hopeless contest, a kill
// passed up, a better weapon left on the ground, a stance that ignores a surprised foe) over many seeds.

import assert from 'node:assert/strict';
import { combatEvents, type HREvent } from '../../../systems/heart-rush/engine/index.js';
import { character, encounter, weapon, type Character, type Encounter } from '../../../systems/heart-rush/model.js';
import { at, events, log, scene } from './scene.js';
import { ALL } from './gen.js';
import { resolve } from 'node:path';
import { checkFiles } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';

const spear = weapon('Spear', { die: 8, reach: 10, hands: 2 });
const bow = weapon('Longbow', { kind: 'ranged', die: 8, reach: 80, hands: 2, mightBonus: 0 });
const sword = weapon('Sword', { die: 8 });
const dagger = weapon('Dagger', { die: 4 });
const greatsword = weapon('Greatsword', { die: 12, hands: 2 });
const javelin = weapon('Javelin', { kind: 'ranged', die: 6, reach: 30, hands: 1, mightBonus: 0 });
const club = weapon('Club', { die: 10, hands: 2 });
const shortbow = weapon('Shortbow', { kind: 'ranged', die: 6, reach: 80, hands: 2, mightBonus: 0 });
const knife = weapon('Knife', { die: 4 });
const mace = weapon('Mace', { die: 6 });
const pike = weapon('Pike', { die: 8, reach: 15, hands: 2 });

function all(enc: Encounter, seed: number): HREvent[] {
  return [...combatEvents(enc, seed)];
}
function wins(enc: Encounter, side: number, seeds: number): number {
  let w = 0;
  for (let s = 1; s <= seeds; s++) {
    const g = combatEvents(enc, s);
    let x = g.next();
    while (!x.done) x = g.next();
    if (x.value.outcome === 'victory' && x.value.winner === side) w++;
  }
  return w;
}

describe('Heart Rush scenes: plays a good table makes (issue 32)', () => {
  it('HR-O1 HR-A4: a kite archer in a spear’s 10-ft reach does not dash out of it and eat the opportunity attack', () => {
    const archer = (tactics: Character['tactics']): Character =>
      character('Archer', { hp: 20, agility: 8, weapons: [bow], tactics });
    const spearman = character('Spearman', { hp: 20, might: 8, weapons: [spear] });
    const kite = scene([at(archer('kite'), 100, 100)], [at(spearman, 105, 100)]);
    let eaten = 0;
    for (let s = 1; s <= 60; s++)
      for (const e of all(kite, s))
        if (e.type === 'attack' && e.kind === 'opportunity' && e.target === 'Archer') eaten++;
    assert.equal(eaten, 0, 'opportunity attacks on the kiting archer');
    // and the kite plays as well as standing and shooting (issue 32: 52.0% against 71.5% before)
    const stand = scene([at(archer('default'), 100, 100)], [at(spearman, 105, 100)]);
    assert.ok(wins(kite, 0, 300) >= wins(stand, 0, 300) - 15, 'the kite wins as often as the default, within 5 points');
  });

  it('HR-A4 HR-R3: a kiter whose first weapon is melee does not burn both rush points in round 1', () => {
    const kiter = character('Kiter', { hp: 24, agility: 8, weapons: [sword, bow], tactics: 'kite' });
    const brute = character('Brute', { hp: 24, might: 8, weapons: [sword] });
    const enc = scene([at(kiter, 100, 100)], [at(brute, 105, 100)]);
    for (let s = 1; s <= 30; s++) {
      const spent = all(enc, s).filter(
        (e) => e.type === 'move' && e.round === 1 && e.who === 'Kiter' && e.cost === 'rush',
      ).length;
      assert.ok(spent < 2, `seed ${s}: ${spent} rush points spent moving in round 1`);
    }
  });

  it('HR-M1 HR-M2 HR-A6: a 3-HP fighter does not start a might contest against a helped ogre', () => {
    const fighter = character('Fighter', { hp: 3, might: 4, weapons: [dagger], maneuver: 'grapple' });
    const ogre = character('Ogre', { hp: 60, heart: 10, might: 12, size: 'large', weapons: [club], tactics: 'hold' });
    const goblin = character('Goblin', { hp: 8, weapons: [dagger], tactics: 'support' });
    const enc = scene(
      [at(fighter, 0, 0, ['might', 'might'])],
      [at(ogre, 5, 0, ['cunning', 'cunning']), at(goblin, 15, 0, ['defensive', 'defensive'])],
    );
    for (let s = 1; s <= 30; s++) {
      const tried = all(enc, s).filter((e) => e.type === 'maneuver' && e.who === 'Fighter');
      assert.equal(tried.length, 0, `seed ${s}: ${tried.map((e) => e.type === 'maneuver' && e.effect).join(', ')}`);
    }
  });

  it('HR-M1 HR-M4: the maneuver does not replace an attack expected to finish the foe', () => {
    const tripper = character('Tripper', { hp: 30, might: 10, weapons: [greatsword], maneuver: 'trip' });
    const foe = character('Foe', { hp: 2, shrug: 'never', weapons: [dagger], tactics: 'hold' });
    const enc = scene([at(tripper, 0, 0, ['might'])], [at(foe, 5, 0, ['cunning'])]);
    for (let s = 1; s <= 30; s++) {
      const first = all(enc, s).find((e) => (e.type === 'attack' || e.type === 'maneuver') && e.who === 'Tripper');
      assert.equal(first?.type, 'attack', `seed ${s}`);
    }
  });

  it('HR-A5 HR-C1: a fighter who threw a javelin goes back to its greatsword', () => {
    // the javelin in hand, thrown from 20 ft: the greatsword (d12) is the better weapon once in its reach
    const fighter = character('Fighter', { hp: 40, might: 10, weapons: [javelin, greatsword] });
    const target = character('Dummy', { hp: 80, shrug: 'never', weapons: [dagger], tactics: 'hold' });
    const enc = scene([at(fighter, 100, 100)], [at(target, 120, 100)], 8);
    for (let s = 1; s <= 20; s++) {
      const readied = all(enc, s).filter((e) => e.type === 'ready' && e.who === 'Fighter');
      const names = readied.map((e) => (e.type === 'ready' ? e.weapon : ''));
      assert.equal(names[names.length - 1], 'Greatsword', `seed ${s}: ${names.join(', ')}`);
    }
  });

  it('HR-S1 HR-E2: the stance against a surprised focus is the best answer to no stance', () => {
    // the ogre outclasses the hunter in every stance, but a surprised ogre stands in none and strikes back not at all
    const hunter = character('Hunter', { hp: 20, might: 4, agility: 10, cunning: 4, weapons: [dagger] });
    const maul = weapon('Maul', { die: 12, hands: 2 });
    const ogre = character('Ogre', { hp: 60, heart: 12, might: 12, agility: 12, cunning: 12, weapons: [maul] });
    const enc = scene([at(hunter, 0, 0)], [at(ogre, 5, 0, [], [], { surprised: true })]);
    for (let s = 1; s <= 10; s++) {
      const st = all(enc, s).find((e) => e.type === 'stances' && e.round === 1);
      const pick = st?.type === 'stances' ? st.picks.find((p) => p.who === 'Hunter') : undefined;
      assert.equal(pick?.stance, 'agility', `seed ${s}: ${JSON.stringify(pick)}`);
    }
  });

  it('HR-P3 HR-R4 HRS-36 (issue 32): goblins whose nearest enemy is walled off go for the archer that shoots them', () => {
    // the knight in a corner, three goblins on the three squares round it: the other two cannot reach it, and the
    // archer 35 ft away shoots them every round; before, they stood by the knight (helping) and never struck once
    const knight = character('Knight', { hp: 60, heart: 10, might: 10, weapons: [sword] });
    const archer = character('Archer', { hp: 20, agility: 10, weapons: [shortbow] });
    const gob = (name: string): Character => character(name, { hp: 12, weapons: [knife] });
    const enc = encounter(
      'walled off',
      [
        { name: 'party', placements: [at(knight, 0, 0), at(archer, 50, 15)] },
        {
          name: 'goblins',
          placements: [
            at(gob('Goblin 1'), 5, 0),
            at(gob('Goblin 2'), 0, 5),
            at(gob('Goblin 3'), 5, 5),
            at(gob('Goblin 4'), 15, 15),
            at(gob('Goblin 5'), 20, 10),
          ],
        },
      ],
      { field: { w: 60, h: 60 }, rounds: 30 },
    );
    let struck = 0,
      idle = 0;
    for (let s = 1; s <= 20; s++) {
      const evs = all(enc, s);
      for (const g of ['Goblin 4', 'Goblin 5']) {
        if (evs.some((e) => e.type === 'attack' && e.who === g && e.target === 'Archer' && e.round <= 2)) struck++;
        // rounds 1–6 it began up, the archer too, and ended with no enemy within 5 ft, without having moved (the "idle")
        for (let r = 1; r <= 6; r++) {
          const before = evs.find((e) => e.type === 'round-end' && e.round === r - 1);
          const end = evs.find((e) => e.type === 'round-end' && e.round === r);
          if (end?.type !== 'round-end') break;
          const up = (who: string): boolean =>
            before?.type !== 'round-end' || before.line.some((l) => l.who === who && l.hp > 0);
          if (!up(g) || !up('Archer')) continue; // while the archer stands (then nothing is left to reach)
          const me = end.line.find((l) => l.who === g)!.at!;
          const engaged = end.line.some(
            (l) =>
              (l.who === 'Knight' || l.who === 'Archer') &&
              Math.max(Math.abs(l.at![0] - me[0]), Math.abs(l.at![1] - me[1])) <= 5,
          );
          const moved = evs.some((e) => e.type === 'move' && e.round === r && e.who === g);
          if (!engaged && !moved) idle++;
        }
      }
    }
    assert.ok(struck >= 30, `${struck} of 40 walled-off goblins struck the archer in rounds 1–2`);
    assert.ok(idle <= 20, `${idle} idle goblin-rounds of 240`);
  });

  it('HR-O2 HR-P3 HRS-37 (issue 32): `support` movement goes round two enemies’ reach, not through it', () => {
    // the priest's ally stands 40 ft off, two guards flank the straight way: through them, the second step inside
    // both reaches draws both attacks (HR-O2 b); the way round (y 35) is no longer and draws none
    const priest = character('Priest', { hp: 16, agility: 10, weapons: [mace], tactics: 'support' });
    const fighter = character('Fighter', { hp: 40, weapons: [sword], tactics: 'hold' });
    const guard = (name: string): Character => character(name, { hp: 30, speed: 0, weapons: [knife] });
    const enc = scene(
      [at(priest, 0, 20), at(fighter, 40, 20)],
      [at(guard('Guard 1'), 20, 25), at(guard('Guard 2'), 20, 15)],
    );
    for (let s = 1; s <= 20; s++) {
      const evs = events(enc, s, 1);
      const oas = evs.filter((e) => e.type === 'attack' && e.kind === 'opportunity' && e.target === 'Priest');
      assert.equal(oas.length, 0, `seed ${s}: ${oas.length} opportunity attacks on the priest`);
      assert.ok(
        evs.some((e) => e.type === 'help' && e.who === 'Priest'),
        `seed ${s}: the priest reached its ally and Helped`,
      );
    }
  });

  it('HR-O2 HR-A4 HRS-37 (issue 32): `default` movement does not run through two enemies’ reach to its focus', () => {
    // two 15-ft pikes flank the wizard: no way round; the fighter stops short of the second step inside both reaches
    // and takes the last one as a sidestep (HR-A4), never drawing both attacks in one dash
    const fighter = character('Fighter', { hp: 40, agility: 10, weapons: [sword] });
    const wizard = character('Wizard', { hp: 6, speed: 0, weapons: [knife] });
    const guard = (name: string): Character => character(name, { hp: 30, speed: 0, weapons: [pike] });
    const enc = scene(
      [at(fighter, 0, 20)],
      [at(wizard, 35, 20), at(guard('Guard 1'), 35, 35), at(guard('Guard 2'), 35, 5)],
      10,
    );
    let struck = 0;
    for (let s = 1; s <= 20; s++) {
      const evs = events(enc, s, 2);
      for (const r of [1, 2]) {
        const oas = evs.filter(
          (e) => e.type === 'attack' && e.kind === 'opportunity' && e.target === 'Fighter' && e.round === r,
        );
        assert.ok(oas.length <= 1, `seed ${s} round ${r}: ${oas.length} opportunity attacks on the fighter`);
      }
      if (
        evs.some((e) => e.type === 'attack' && e.kind === 'engagement' && e.who === 'Fighter' && e.target === 'Wizard')
      )
        struck++;
    }
    assert.ok(struck >= 15, `the fighter still reaches its focus: struck the wizard in rounds 1–2 in ${struck} of 20`);
  });

  it('HR-O2 HRS-37 (issue 32): no dash toward a foe or an ally draws two opportunity attacks, in six encounters × 60 seeds', () => {
    // the plan reads the way's attacks (movement.ts `provocations`) before the dash; the dash resolves them itself
    // (HR-O2 a, b): if the two disagreed, a dash would draw the two the plan stopped short of. Before HRS-37: 100 of
    // 2,861 such dashes drew two or more
    let dashes = 0,
      twice = 0;
    const seen: string[] = [];
    for (const make of ALL) {
      const enc = make();
      for (let s = 1; s <= 60; s++) {
        let open = new Map<string, { n: number; away: boolean }>();
        for (const e of combatEvents(enc, s)) {
          if (e.type === 'move' && e.kind === 'dash' && !e.cont) {
            dashes++;
            open.set(e.who, { n: 0, away: e.reason.endsWith('(kite)') || e.reason.startsWith('away') });
          } else if (
            e.type === 'attack' &&
            e.kind === 'opportunity' &&
            /leaves its reach|more than 5 ft inside/.test(e.reason)
          ) {
            const d = open.get(e.target);
            if (d && !d.away && ++d.n === 2) {
              twice++;
              seen.push(`${enc.name} seed ${s} round ${e.round}: ${e.target}`);
            }
          } else if (e.type === 'move' && !e.cont) open.delete(e.who);
          else if (e.type === 'phase' || e.type === 'stances') open = new Map();
        }
      }
    }
    assert.ok(dashes > 2000, `${dashes} dashes`);
    assert.equal(twice, 0, seen.slice(0, 5).join('; '));
  });

  it('HR-R3 HR-A3 HRS-38 (issue 32): a rogue lets the troll coming for it come, rather than charge it alone', () => {
    // the Troll Bridge's round 1: Pip dashed 45 ft to the troll and fought it (and the ogre behind) alone, a charge
    // the regret probe put at 30–45 points of the party's win chance; the troll, coming for Pip, arrives anyway
    const rogue = character('Rogue', { hp: 24, agility: 10, weapons: [dagger] });
    const knight = character('Knight', { hp: 40, might: 10, weapons: [greatsword] });
    const troll = character('Troll', { hp: 120, heart: 10, might: 10, size: 'large', weapons: [spear] });
    const enc = scene([at(rogue, 10, 10), at(knight, 10, 0)], [at(troll, 60, 5)], 20);
    for (let s = 1; s <= 20; s++) {
      const r1 = events(enc, s, 1);
      const first = r1.findIndex((e) => e.type === 'move' && e.who === 'Troll');
      const charged = r1.findIndex((e) => e.type === 'move' && e.who === 'Rogue');
      assert.ok(first >= 0 && (charged < 0 || charged > first), `seed ${s}: the rogue moved before the troll came`);
    }
  });

  it('HR-D4 HR-M1 (issue 34 item 8): a resisted maneuver cites the tie rule only on a tie', () => {
    const tripper = character('Tripper', { hp: 30, weapons: [dagger], maneuver: 'trip' });
    const foe = character('Foe', { hp: 30, weapons: [dagger], tactics: 'hold' });
    // cunning beats agility: the trip's cunning checks, the tripper's [1, 1] against the foe's [4, 4], then a tie; the
    // foe's agility attack on the squire comes after the fall (HR-E4: cunning, agility, might), so the trip tells (HRS-40)
    const squire = character('Squire', { hp: 30, weapons: [dagger], tactics: 'hold' });
    const lost = scene(
      [at(tripper, 0, 0, ['cunning'], [1, 1]), at(squire, 5, 5, ['might'])],
      [at(foe, 5, 0, ['agility'], [4, 4])],
    );
    const tie = scene(
      [at(tripper, 0, 0, ['cunning'], [2, 2]), at(squire, 5, 5, ['might'])],
      [at(foe, 5, 0, ['agility'], [2, 2])],
    );
    const line = (enc: Encounter): string =>
      log(events(enc, 1, 1))
        .split('\n')
        .find((l) => l.includes('trip (HR-M1)'))!;
    assert.match(line(lost), /→ resisted$/);
    assert.match(line(tie), /→ resisted \(tie: HR-D4\)$/);
  });

  it('HR-M1 HR-M4 HR-A6 HRS-39 (issue 32): a wolf Helped three times bites rather than trips (the Ford, 200 seeds)', () => {
    const file = resolve('samples/heart-rush/wolves-at-the-ford.aces');
    const info = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0];
    const ford = (info as unknown as { encounter: Encounter }).encounter;
    let trips = 0,
      bites = 0;
    for (let s = 1; s <= 200; s++) {
      const helps = new Map<string, number>();
      for (const e of combatEvents(ford, s)) {
        if (e.type === 'phase' && e.phase === 'action') helps.clear();
        if (e.type === 'help') helps.set(e.ally, (helps.get(e.ally) ?? 0) + 1);
        if ((helps.get('who' in e ? e.who : '') ?? 0) < 3) continue;
        if (e.type === 'maneuver') trips++;
        if (e.type === 'attack' && e.kind !== 'opportunity') bites++;
      }
    }
    // before HRS-39: 60 trips to 176 bites (25%) and the party won 23.9% of 4,000 fights; after: 8 to 281, the party 13.2%
    assert.ok(bites > 100, `${bites} thrice-Helped bites`);
    assert.ok(trips * 10 < trips + bites, `${trips} thrice-Helped trips to ${bites} bites`);
  });

  it('HR-M1 HR-M4 HR-T4 HRS-40 (issue 32): a tripper does not give up its attack for a fall that meets no attack in the engagement', () => {
    // one on one, the stance a trip beats can never strike back at the tripper (HR-E3), and the tripped foe stands
    // with a sidestep before it next moves (HR-T4): the fall tells nothing, the attack is lost. Before HRS-40 the
    // fresh "Captain Duel"'s Ysolde tripped the captain (her side 47% of 6,000 fights); after, she strikes (72%)
    const tripper = character('Tripper', { hp: 34, might: 8, agility: 8, weapons: [sword], maneuver: 'trip' });
    const captain = character('Captain', { hp: 30, might: 8, agility: 10, cunning: 8, weapons: [sword] });
    const duel = scene([at(tripper, 15, 20)], [at(captain, 20, 20)]);
    let trips = 0,
      strikes = 0;
    for (let s = 1; s <= 40; s++)
      for (const e of all(duel, s)) {
        if (e.type === 'maneuver' && e.who === 'Tripper') trips++;
        if (e.type === 'attack' && e.who === 'Tripper' && e.kind !== 'opportunity') strikes++;
      }
    assert.equal(trips, 0, `${trips} trips to ${strikes} attacks`);
    assert.ok(strikes > 100, `${strikes} attacks`);
    // with an ally the foe strikes at after the fall, the trip is still made (the fall tells there)
    const squire = character('Squire', { hp: 30, might: 6, weapons: [sword] });
    const pair = scene([at(tripper, 15, 20), at(squire, 20, 25)], [at(captain, 20, 20)]);
    let told = 0;
    for (let s = 1; s <= 40; s++)
      for (const e of all(pair, s)) if (e.type === 'maneuver' && e.who === 'Tripper') told++;
    assert.ok(told > 0, 'no trip where the fall tells');
  });

  it('HR-S3 HR-A5 HRS-42 (issue 32): next to an archer in heavy cover a crossbowman readies its sword (cover hinders ranged attacks only)', () => {
    const crossbow = weapon('Crossbow', { kind: 'ranged', die: 10, reach: 60, hands: 2, mightBonus: 0 });
    const hollis = character('Hollis', { hp: 24, agility: 10, weapons: [crossbow, sword] });
    const archer = character('Archer', { hp: 20, agility: 8, weapons: [shortbow, knife] });
    const enc = scene([at(hollis, 10, 10)], [at(archer, 15, 10, [], [], { cover: 'heavy' })]);
    for (let s = 1; s <= 20; s++) {
      const ready = all(enc, s).find((e) => e.type === 'ready' && e.who === 'Hollis');
      assert.equal(ready?.type === 'ready' ? ready.weapon : undefined, 'Sword', `seed ${s}`);
    }
    // before HRS-42 the d10 crossbow stayed in hand against two levels of disadvantage: 56.7% of 4,000 fights won, now 89.0%
    assert.ok(wins(enc, 0, 300) >= 240, 'Hollis wins at least 80% of 300 fights');
  });

  it('HR-S3 HRS-42 HRS-43 (issue 32): a kiter does not stand off shooting an archer in heavy cover 25 ft away: it closes in and readies its sword, unless the foe cannot reach it where it stands', () => {
    const crossbow = weapon('Crossbow', { kind: 'ranged', die: 10, reach: 60, hands: 2, mightBonus: 0 });
    const hollis = character('Hollis', { hp: 24, agility: 10, weapons: [crossbow, sword], tactics: 'kite' });
    const archer = character('Archer', { hp: 20, agility: 8, weapons: [shortbow, knife], tactics: 'kite' });
    const enc = scene([at(hollis, 10, 10)], [at(archer, 35, 10, [], [], { cover: 'heavy' })]);
    for (let s = 1; s <= 20; s++) {
      const ready = all(enc, s).find((e) => e.type === 'ready' && e.who === 'Hollis');
      assert.ok(
        ready?.type === 'ready' && ready.weapon === 'Sword' && ready.round <= 2,
        `seed ${s}: ${JSON.stringify(ready)}`,
      );
    }
    // before HRS-43 the kite kept the crossbow at 25 ft, two levels of disadvantage on every shot, and never readied
    // the sword: 42.4% of 2,000 fights won, now 87.8%
    assert.ok(wins(enc, 0, 300) >= 210, 'Hollis wins at least 70% of 300 fights');
    // but not out of the foe's own range: a slinger (30 ft) in superior cover 35 ft away cannot hit Hollis where he
    // stands, so he stays and shoots (the fresh Wall of Slings: closing in there cost its party 98.4% → 80.9%)
    const sling = weapon('Sling', { kind: 'ranged', die: 4, reach: 30, hands: 1, mightBonus: 0 });
    const slinger = character('Slinger', { hp: 20, agility: 8, weapons: [sling, knife], tactics: 'kite' });
    const far = scene([at(hollis, 10, 10)], [at(slinger, 45, 10, [], [], { cover: 'superior' })]);
    for (let s = 1; s <= 20; s++) {
      const moved = all(far, s).find(
        (e) => (e.type === 'ready' || e.type === 'move') && e.round === 1 && e.who === 'Hollis',
      );
      assert.equal(moved, undefined, `seed ${s}: ${JSON.stringify(moved)}`);
    }
  });
});
