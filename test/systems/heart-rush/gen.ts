// A few varied Heart Rush encounters for invariant, determinism and fast-path tests.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkFiles, checkText } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { hrModel } from '../../../systems/heart-rush/index.js';
import { armor, character, encounter, placement, weapon, type Encounter } from '../../../systems/heart-rush/model.js';

const spear = weapon('Spear', { die: 8, reach: 10, hands: 2 });
const bow = weapon('Longbow', { kind: 'ranged', die: 8, reach: 80, hands: 2, mightBonus: 0 });
const bite = weapon('Bite', { die: 6, hands: 0, mightBonus: 2 });
const sword = weapon('Sword', { die: 8 });
const axe = weapon('Greataxe', { die: 12, hands: 2 });
const mail = armor('Mail', 2, -10);
const hide = armor('Hide', 1);

export const edda = character('Edda', { player: true, heart: 10, might: 8, hp: 36, armor: mail, weapons: [spear] });
export const fen = character('Fen', {
  player: true,
  might: 4,
  agility: 10,
  cunning: 8,
  hp: 28,
  weapons: [bow],
  tactics: 'kite',
  inflicts: 'dazed',
});
export const wolf = character('Wolf', {
  heart: 6,
  agility: 8,
  cunning: 8,
  hp: 18,
  armor: hide,
  weapons: [bite],
  tactics: 'focus-weakest',
  maneuver: 'trip',
});
export const dire = character('Dire Wolf', {
  heart: 8,
  might: 10,
  agility: 8,
  hp: 34,
  armor: hide,
  weapons: [bite],
  size: 'large',
  fightsOn: true,
  relentless: true,
});
const knight = character('Knight', {
  player: true,
  heart: 10,
  might: 10,
  agility: 6,
  hp: 30,
  armor: mail,
  weapons: [sword],
  maneuver: 'shove',
  shrug: 'always',
});
const rogue = character('Rogue', {
  player: true,
  heart: 8,
  agility: 10,
  cunning: 10,
  hp: 22,
  weapons: [sword, bow],
  maneuver: 'dirty-strike',
  inflicts: 'weakened',
});
const priest = character('Priest', { player: true, hp: 20, tactics: 'support', maneuver: 'blind' });
const orc = character('Orc', {
  heart: 10,
  might: 10,
  agility: 4,
  hp: 32,
  armor: hide,
  weapons: [axe],
  maneuver: 'grapple',
  hands: 3,
  shrug: 'never',
});
const goblin = character('Goblin', {
  heart: 6,
  agility: 8,
  hp: 10,
  weapons: [weapon('Knife', { die: 4 }), bow],
  size: 'small',
  maneuver: 'blind',
  rush: 3,
});

export function ford(): Encounter {
  return encounter(
    'Wolves at the Ford',
    [
      { name: 'heroes', placements: [placement(edda, 50, 30), placement(fen, 20, 30, { cover: 'light' })] },
      {
        name: 'pack',
        placements: [
          placement(wolf, 100, 10, { name: 'Wolf 1' }),
          placement(wolf, 105, 10, { name: 'Wolf 2' }),
          placement(dire, 110, 40, { surprised: true }),
        ],
      },
    ],
    { seed: 7, rounds: 30, field: { w: 120, h: 60 } },
  );
}
export function duel2v2(): Encounter {
  return encounter(
    '2v2',
    [
      { name: 'heroes', placements: [placement(knight, 0, 0), placement(rogue, 0, 10)] },
      {
        name: 'orcs',
        placements: [placement(orc, 30, 0, { name: 'Orc 1' }), placement(orc, 30, 10, { name: 'Orc 2' })],
      },
    ],
    { seed: 3 },
  );
}
export function brawl4v4(): Encounter {
  return encounter(
    '4v4',
    [
      {
        name: 'heroes',
        placements: [
          placement(knight, 10, 10),
          placement(rogue, 10, 20, { hidden: true }),
          placement(priest, 5, 15),
          placement(fen, 0, 30, { cover: 'heavy' }),
        ],
      },
      {
        name: 'raiders',
        placements: [
          placement(orc, 50, 10, { name: 'Orc 1' }),
          placement(orc, 50, 20, { name: 'Orc 2' }),
          placement(goblin, 60, 0, { name: 'Goblin 1' }),
          placement(goblin, 60, 30, { name: 'Goblin 2', surprised: true }),
        ],
      },
    ],
    { seed: 11, field: { w: 100, h: 50 }, rounds: 40 },
  );
}
export function threeSides(): Encounter {
  return encounter(
    'melee',
    [
      { name: 'a', placements: [placement(edda, 0, 0), placement(wolf, 5, 0, { name: 'Tame Wolf' })] },
      { name: 'b', placements: [placement(dire, 20, 20)] },
      { name: 'c', placements: [placement(goblin, 40, 0, { name: 'Goblin' }), placement(orc, 40, 5, { name: 'Orc' })] },
    ],
    { rounds: 25 },
  );
}
const giant = character('Giant', {
  heart: 12,
  might: 12,
  agility: 4,
  hp: 60,
  weapons: [weapon('Club', { die: 10, hands: 2 })],
  size: 'huge',
  tactics: 'default',
});
const climber = character('Climber', {
  heart: 8,
  might: 8,
  agility: 8,
  hp: 20,
  weapons: [weapon('Dagger', { die: 4 })],
  maneuver: 'climb',
});
export function giantHunt(): Encounter {
  return encounter(
    'giant hunt',
    [
      {
        name: 'hunters',
        placements: [
          placement(climber, 0, 0, { name: 'Climber 1' }),
          placement(climber, 0, 10, { name: 'Climber 2' }),
          placement(fen, 0, 20),
        ],
      },
      { name: 'giant', placements: [placement(giant, 30, 10)] },
    ],
    { rounds: 30 },
  );
}
/** samples/heart-rush/scripted-boss.aces as the checker builds it: a boss and a side with GM priority rules (issue 33). */
export function scriptedBoss(): Encounter {
  return (scripted ??= readScripted());
}
let scripted: Encounter | undefined;
function readScripted(): Encounter {
  const dir = 'samples/heart-rush/';
  const r = checkText(readFileSync(`${dir}scripted-boss.aces`, 'utf8'), `${dir}scripted-boss.aces`, {
    [`${dir}bestiary.aces`]: readFileSync(`${dir}bestiary.aces`, 'utf8'),
  });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(errors.map((d) => d.message).join('\n'));
  return hrModel(r).encounters[0].encounter;
}
export const ALL = [ford, duel2v2, brawl4v4, threeSides, giantHunt, scriptedBoss];

/** The encounters of samples/heart-rush/<name>.aces for each name (as the checker builds them from disk), then every one of ALL. */
export function samplesAndAll(names: readonly string[]): Encounter[] {
  const files = names.map((f) => resolve(`samples/heart-rush/${f}.aces`));
  const r = checkFiles(files, diskHost(process.cwd()));
  const encs: Encounter[] = files.flatMap((f) =>
    (r.encountersByFile.get(f) ?? []).map((e) => (e as unknown as { encounter: Encounter }).encounter),
  );
  encs.push(...ALL.map((g) => g()));
  return encs;
}
