// The example file of HEART-RUSH.md ("In the language"): it checks clean and
// builds the model the spec describes (defaults, armor speed, copies).
import assert from 'node:assert/strict';
import { BASE_SPEED, effectiveSpeed } from '../../../systems/heart-rush/model.js';
import { combatLog } from '../../../systems/heart-rush/engine/index.js';
import { check } from './lang.js';

export const FORD = `system heart-rush
# Wolves at the Ford: a knight and a hunter hold the crossing.

weapon Spear   { melee d8 reach 10ft hands 2 }
weapon Longbow { ranged d8 range 80ft hands 2 might-bonus +0 }
weapon Bite    { melee d6 hands 0 might-bonus +2 }
armor  Mail    { bonus +2 speed -10ft }
armor  Hide    { +1 }

character Edda {
  player
  heart d10  might d8  agility d6  cunning d6
  hp 36  wears Mail  wields Spear        # speed 60 − 10 = 50 ft
  rush 2  shrug auto
}
character Fen {
  player
  heart d8  might d4  agility d10  cunning d8
  hp 28  wields Longbow, Unarmed
  tactics kite  inflicts dazed
}
character Wolf {
  heart d6  agility d8  cunning d8       # might assumed d6
  hp 18  wears Hide  wields Bite
  tactics focus-weakest  maneuver trip
}
character "Dire Wolf" {
  heart d8  might d10  agility d8  cunning d6
  hp 34  wears Hide  wields Bite  size large  fights-on
}

encounter "Wolves at the Ford" {
  seed 7  rounds 30
  field 120ft 60ft
  side heroes {
    Edda at 50ft 30ft
    Fen  at 20ft 30ft cover light
  }
  side pack {
    Wolf x2 at 100ft 10ft                # Wolf 1 at 100ft 10ft, Wolf 2 at 105ft 10ft
    "Dire Wolf" at 110ft 40ft surprised
  }
}
`;

describe("Heart Rush: the spec's example file (Wolves at the Ford)", () => {
  const r = check(FORD, {}, true);
  const info = r.model.encounters[0];
  const enc = info.encounter;
  const byName = new Map(enc.sides.flatMap((s) => s.placements).map((p) => [p.name, p]));

  it('checks clean', () => {
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    assert.equal(r.systemOf('test.aces')?.id, 'heart-rush');
  });
  it('EncounterInfo: name, seed, rounds, sides, combatants (copies numbered), range and file', () => {
    assert.deepEqual([info.name, info.seed, info.rounds], ['Wolves at the Ford', 7, 30]);
    assert.deepEqual(info.sides, ['heroes', 'pack']);
    assert.deepEqual(
      info.combatants.map((c) => [c.id, c.side]),
      [
        ['Edda', 'heroes'],
        ['Fen', 'heroes'],
        ['Wolf 1', 'pack'],
        ['Wolf 2', 'pack'],
        ['Dire Wolf', 'pack'],
      ],
    );
    assert.equal(info.file, 'test.aces');
    assert.equal(FORD.slice(info.range.start.offset, info.range.end.offset), '"Wolves at the Ford"');
    assert.deepEqual(r.encountersByFile.get('test.aces'), [info]);
  });
  it('the plain Encounter: seed, rounds, field, sides in order', () => {
    assert.deepEqual([enc.name, enc.seed, enc.rounds, enc.field], ['Wolves at the Ford', 7, 30, { w: 120, h: 60 }]);
    assert.deepEqual(
      enc.sides.map((s) => [s.name, s.placements.map((p) => p.name)]),
      [
        ['heroes', ['Edda', 'Fen']],
        ['pack', ['Wolf 1', 'Wolf 2', 'Dire Wolf']],
      ],
    );
  });
  it('HR-P1: copies stand 5 ft apart eastward; placement flags', () => {
    assert.deepEqual(
      ['Edda', 'Fen', 'Wolf 1', 'Wolf 2', 'Dire Wolf'].map((n) => [byName.get(n)!.x, byName.get(n)!.y]),
      [
        [50, 30],
        [20, 30],
        [100, 10],
        [105, 10],
        [110, 40],
      ],
    );
    assert.equal(byName.get('Fen')!.cover, 'light');
    assert.equal(byName.get('Dire Wolf')!.surprised, true);
    assert.equal(byName.get('Wolf 1')!.character, byName.get('Wolf 2')!.character, 'copies share one stat block');
  });
  it('HR-N5: Edda speed 60 − 10 = 50 ft; the others the assumed 60 ft', () => {
    assert.equal(effectiveSpeed(byName.get('Edda')!.character), 50);
    for (const n of ['Fen', 'Wolf 1', 'Dire Wolf']) assert.equal(effectiveSpeed(byName.get(n)!.character), BASE_SPEED);
  });
  it('HR-N1 HR-N2 HR-N4 HR-N6 HR-N8 HR-N10 HR-C5: declared values and the assumed defaults', () => {
    const edda = byName.get('Edda')!.character;
    assert.deepEqual(
      [edda.player, edda.heart, edda.might, edda.agility, edda.cunning, edda.hp, edda.rush, edda.shrug],
      [true, 10, 8, 6, 6, 36, 2, 'auto'],
    );
    assert.deepEqual(edda.armor, { name: 'Mail', bonus: 2, speed: -10 });
    assert.deepEqual(edda.weapons, [{ name: 'Spear', kind: 'melee', die: 8, reach: 10, hands: 2, mightBonus: null }]);
    const fen = byName.get('Fen')!.character;
    assert.deepEqual(
      fen.weapons.map((w) => [w.name, w.kind, w.die, w.reach, w.hands, w.mightBonus]),
      [
        ['Longbow', 'ranged', 8, 80, 2, 0],
        ['Unarmed', 'melee', 4, 5, 0, null],
      ],
    );
    assert.deepEqual([fen.tactics, fen.inflicts, fen.armor, fen.size, fen.hands], ['kite', 'dazed', null, 'medium', 2]);
    const wolf = byName.get('Wolf 1')!.character;
    assert.deepEqual(
      [wolf.heart, wolf.might, wolf.agility, wolf.cunning, wolf.player],
      [6, 6, 8, 8, false],
      'might assumed d6',
    );
    assert.deepEqual(
      [wolf.tactics, wolf.maneuver, wolf.inflicts, wolf.shrug, wolf.rush],
      ['focus-weakest', 'trip', 'off-balanced', 'auto', 2],
    );
    assert.deepEqual(wolf.armor, { name: 'Hide', bonus: 1, speed: 0 }, 'a bare number is the bonus');
    assert.deepEqual(wolf.weapons, [{ name: 'Bite', kind: 'melee', die: 6, reach: 5, hands: 0, mightBonus: 2 }]);
    const dire = byName.get('Dire Wolf')!.character;
    assert.deepEqual([dire.size, dire.fightsOn, dire.relentless, dire.might], ['large', true, false, 10]);
  });
  it('the engine runs the checked encounter, deterministically', () => {
    const a = combatLog(enc);
    assert.equal(combatLog(enc), a);
    assert.match(a, /Round 1/);
  });
});
