// Varied Tactical Grid encounters for invariant, determinism, golden and fast-path tests:
// the spec's "Raid on the Mill Road", a hex skirmish, an ability-heavy brawl and a three-sided melee.
import {
  character,
  encounter,
  gridMap,
  openMap,
  placement,
  tag,
  type Encounter,
} from '../../../systems/tactical-grid/model.js';

export const ryn = character('Ryn', {
  agi: 3,
  per: 1,
  com: 4,
  tou: 2,
  pro: 2,
  special: 2,
  wis: 1,
  int: 1,
  cha: 2,
  stress: 6,
  drive: 2,
  tags: [tag('Twin Blades', 3, 'offensive'), tag('Quick Feet', 2, 'defensive')],
  abilities: ['knockback'],
  melee: true,
});
export const tamsin = character('Tamsin', {
  agi: 2,
  per: 4,
  com: 3,
  tou: 2,
  pro: 1,
  special: 1,
  wis: 3,
  int: 2,
  cha: 2,
  drive: 1,
  tags: [tag('Longbow', 3, 'offensive')],
  abilities: ['deadeye'],
  ai: 'healer',
});
export const blade = character('Hired Blade', {
  difficulty: 12,
  health: 3,
  speed: 5,
  range: 1,
  tags: [tag('Spear', 2)],
  melee: true,
});
export const raider = character('Raider', {
  difficulty: 13,
  health: 3,
  speed: 5,
  range: 1,
  tags: [tag('Rusty Axe', 2)],
  ai: 'nearest',
});
export const chief = character('Raider Chief', {
  difficulty: 15,
  health: 5,
  speed: 4,
  range: 3,
  tags: [tag('Crossbow', 3), tag('Scarred Hide', 2)],
  atZero: 'dies',
});

/** The spec's sample encounter ("In the language"). */
export function millRoad(): Encounter {
  const map = gridMap(
    ['..........~~', '.##.......~~', '.#..^....111', '..x......111', '....##......', '............'],
    'square',
    { x: { obstacle: false, enterable: false, difficult: true, hazard: true, height: 0 } },
  );
  return encounter(
    'Raid on the Mill Road',
    [
      {
        name: 'heroes',
        placements: [
          placement(ryn, 'c3', { facing: 'east' }),
          placement(tamsin, 'b5', { facing: 'east' }),
          placement(blade, 'c6', { facing: 'east' }),
        ],
      },
      {
        name: 'raiders',
        placements: [
          placement(raider, 'h2', { name: 'Raider 1', facing: 'west' }),
          placement(raider, 'h5', { name: 'Raider 2', facing: 'west' }),
          placement(chief, 'k3', { facing: 'west' }),
        ],
      },
    ],
    map,
    { seed: 7, rounds: 60, first: 'heroes', rules: { fumble: 1, crit: 20 } },
  );
}

const medic = character('Medic', {
  agi: 2,
  per: 2,
  com: 2,
  tou: 3,
  pro: 1,
  special: 1,
  wis: 3,
  int: 1,
  cha: 3,
  abilities: ['miracle-worker', 'combat-gurney'],
  ai: 'healer',
});
const rogue = character('Rogue', {
  agi: 4,
  per: 4,
  com: 4,
  tou: 2,
  pro: 3,
  special: 2,
  wis: 1,
  int: 2,
  cha: 1,
  drive: 2,
  tags: [tag('Pistol', 3, 'offensive')],
  abilities: ['deadeye', 'into-the-shadows'],
  ai: 'focus-weakest',
});
const barb = character('Barbarian', {
  agi: 2,
  per: 1,
  com: 4,
  tou: 4,
  pro: 2,
  special: 2,
  wis: 1,
  int: 1,
  cha: 1,
  tags: [tag('Greataxe', 3, 'offensive'), tag('Thick Skin', 2, 'defensive')],
  abilities: ['rage', 'knockback'],
  melee: true,
  ai: 'guard',
});
const witch = character('Witch', {
  agi: 1,
  per: 3,
  com: 3,
  tou: 2,
  pro: 1,
  special: 3,
  wis: 2,
  int: 3,
  cha: 2,
  tags: [tag('Hex Bag', 2)],
  abilities: ['potion-seller', 'vengeful-hex', 'runic-tattoo'],
});
const artist = character('Artist', {
  agi: 2,
  per: 3,
  com: 3,
  tou: 1,
  pro: 2,
  special: 2,
  wis: 1,
  int: 2,
  cha: 2,
  abilities: ['still-life', 'runic-tattoo'],
});
const ogre = character('Ogre', { difficulty: 16, health: 6, speed: 4, range: 1, tags: [tag('Club', 3)], melee: true });
const archer = character('Goblin Archer', {
  difficulty: 11,
  health: 2,
  speed: 5,
  range: 4,
  tags: [tag('Shortbow', 2)],
  ai: 'focus-weakest',
});
const wolf = character('Wolf', {
  difficulty: 12,
  health: 2,
  speed: 7,
  range: 1,
  tags: [tag('Bite', 2)],
  melee: true,
  ai: 'nearest',
});

export function hexSkirmish(): Encounter {
  const map = gridMap(
    ['.........', '..#......', '..#..~~..', '.....~...', '...^...#.', '.........', '.....1...'],
    'hex',
  );
  return encounter(
    'Hex skirmish',
    [
      { name: 'party', placements: [placement(barb, 'b3'), placement(rogue, 'a5'), placement(medic, 'a4')] },
      {
        name: 'goblins',
        placements: [
          placement(archer, 'h2', { name: 'Goblin Archer 1' }),
          placement(archer, 'i6', { name: 'Goblin Archer 2' }),
          placement(wolf, 'g4', { name: 'Wolf 1' }),
          placement(wolf, 'i5', { name: 'Wolf 2' }),
        ],
      },
    ],
    map,
    { seed: 3, rounds: 40 },
  );
}

export function abilityBrawl(): Encounter {
  const map = gridMap([
    '..........',
    '...#......',
    '...#..^...',
    '..........',
    '......##..',
    '....2.....',
    '..........',
  ]);
  return encounter(
    'Ability brawl',
    [
      {
        name: 'coven',
        placements: [placement(witch, 'b2'), placement(artist, 'b6'), placement(barb, 'c4'), placement(medic, 'a4')],
      },
      {
        name: 'brutes',
        placements: [
          placement(ogre, 'i3'),
          placement(wolf, 'j5', { name: 'Wolf 1' }),
          placement(wolf, 'j6', { name: 'Wolf 2' }),
          placement(raider, 'i7', { name: 'Raider' }),
        ],
      },
    ],
    map,
    { seed: 11, rounds: 50, rules: { stress: 5 } },
  );
}

export function threeSides(): Encounter {
  return encounter(
    'Three-way melee',
    [
      { name: 'a', placements: [placement(ryn, 'a1'), placement(blade, 'b1')] },
      { name: 'b', placements: [placement(ogre, 'h4')] },
      { name: 'c', placements: [placement(archer, 'a8', { name: 'Goblin' }), placement(rogue, 'h8')] },
    ],
    openMap(8, 8),
    { rounds: 30, rules: { range: -1 } },
  );
}

export const ALL = [millRoad, hexSkirmish, abilityBrawl, threeSides];

// ── random encounters (seeded) for the invariant fuzz ──
import { makeRng, randBelow } from '../../../engine/rng.js';
import {
  ABILITIES,
  AIS,
  HEX_FACINGS,
  SQUARE_FACINGS,
  type Character,
  type Placement,
} from '../../../systems/tactical-grid/model.js';
import { colName } from '../../../systems/tactical-grid/engine/grid.js';

/** A random but valid encounter: map 5–12 × 4–9 of every terrain, 2–3 sides of 1–4 sheets or NPCs with random abilities and ai. */
export function randomEncounter(seed: number): Encounter {
  const rng = makeRng(seed);
  const r = (n: number): number => randBelow(rng, n);
  const hex = r(3) === 0;
  const w = 5 + r(8),
    h = 4 + r(6);
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) row += '.......#~^12E'[r(13)];
    rows.push(row);
  }
  const legend = { E: { obstacle: true, enterable: true, difficult: false, hazard: false, height: 0 } };
  const free: string[] = [];
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch !== '#') free.push(colName(x) + String(y + 1));
    }),
  );
  const nSides = 2 + (r(4) === 0 ? 1 : 0);
  const sides: { name: string; placements: Placement[] }[] = [];
  const facings = hex ? HEX_FACINGS : SQUARE_FACINGS;
  for (let s = 0; s < nSides; s++) {
    const placements: Placement[] = [];
    const n = 1 + r(4);
    for (let k = 0; k < n && free.length; k++) {
      const at = free.splice(r(free.length), 1)[0];
      const name = `S${s}U${k}`;
      const abilities = ABILITIES.filter(() => r(5) === 0);
      const ai = AIS[r(AIS.length)];
      const tags = Array.from({ length: r(3) }, (_, i) =>
        tag(`T${i}`, r(6), ([null, 'offensive', 'defensive'] as const)[r(3)]),
      );
      let c: Character;
      if (r(2) === 0) {
        c = character(name, {
          agi: 1 + r(5),
          per: 1 + r(5),
          com: 1 + r(5),
          tou: 1 + r(5),
          pro: r(4),
          special: r(4),
          wis: r(4),
          int: r(3),
          cha: r(4),
          drive: r(4),
          stress: 3 + r(5),
          tags,
          abilities,
          ai,
          melee: r(3) === 0,
        });
      } else {
        c = character(name, {
          difficulty: 9 + r(10),
          health: 1 + r(6),
          speed: r(8),
          range: 1 + r(5),
          tags,
          abilities,
          ai,
          melee: r(3) === 0,
          atZero: r(2) ? 'out' : 'dies',
          reactions: r(4) === 0 ? 1 : null,
          support: r(4) === 0 ? 1 : null,
        });
      }
      placements.push(placement(c, at, { facing: r(2) ? facings[r(facings.length)] : null }));
    }
    sides.push({ name: `side${s}`, placements });
  }
  return encounter(`random ${seed}`, sides, gridMap(rows, hex ? 'hex' : 'square', legend), {
    seed,
    rounds: 10 + r(30),
    rules: {
      range: r(3) - 1,
      speed: r(3) - 1,
      crit: 18 + r(3),
      fumble: r(3),
      banes: r(4) === 0 ? 1 + r(3) : null,
      stress: null,
    },
  });
}
