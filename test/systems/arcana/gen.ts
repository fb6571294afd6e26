// Varied Arcana encounters for the invariant, determinism and fast-path tests
// and the bench: every tactic, every opposition-card mode, both concession
// rules, groups, hands past the limit, a tiny homebrew deck that runs dry
// (AR-F4), edges, a declared toughness, players on the second side.
import {
  character,
  copies,
  deck,
  encounter,
  maneuver,
  placement,
  weapon,
  type Encounter,
} from '../../../systems/arcana/model.js';
import { bruno, cards, deckhand, dust, lantern, raid, silas, vale } from './scene.js';

const rope = maneuver('Grab the Rope', { target: 'self', stat: 'agility', tn: 10, aspect: 'Swinging on the Rope' });
const feint = maneuver('Feint', { stat: 'finesse', against: 'agility', aspect: 'Wrong Foot' });
const rally = maneuver('Rally the Crowd', {
  target: 'scene',
  stat: 'alertness',
  against: 'alertness',
  aspect: 'Crowd on Our Side',
});
const taunt = maneuver('Taunt', { target: 'scene', stat: 'strength', tn: 9 });

const duelist = character('Duelist', {
  player: true,
  strength: 2,
  finesse: 5,
  agility: 4,
  alertness: 3,
  health: 11,
  armor: 1,
  toughnessEdge: 1,
  damageEdge: 1,
  wields: weapon('Smallsword', { finesse: true, bonus: 1 }),
  maneuvers: [feint, rope],
  hand: 5,
  tactics: 'default',
});
const brute = character('Brute', {
  strength: 6,
  finesse: 1,
  agility: 1,
  alertness: 2,
  health: 16,
  armor: 2,
  toughness: 1,
  defenseEdge: 1,
  wields: weapon('Maul', { bonus: 3 }),
  maneuvers: [taunt],
  aspects: ['Huge'],
  tactics: 'cunning',
});
const archer = character('Archer', {
  strength: 1,
  finesse: 4,
  agility: 3,
  alertness: 4,
  health: 8,
  wields: weapon('Bow', { kind: 'ranged', bonus: 2 }),
  tactics: 'default',
  maneuvers: [rally],
});
const thug = character('Thug', {
  strength: 3,
  finesse: 2,
  agility: 2,
  alertness: 2,
  health: 7,
  wields: weapon('Club', { bonus: -1 }),
  tactics: 'aggressive',
});
const scout = character('Scout', {
  player: true,
  strength: 2,
  finesse: 3,
  agility: 4,
  alertness: 5,
  health: 9,
  wields: weapon('Sling', { kind: 'ranged', bonus: 1 }),
  maneuvers: [rope, rally],
  hand: 2,
  tactics: 'cunning',
});

/** The example file as written (default tactics, 3-card Hand of Fate, a scene aspect). */
export { raid };

/** A duel with the opposition card on everything, hands at the limit (AR-H3 discards). */
export function duel(): Encounter {
  return encounter(
    'duel',
    [
      { name: 'heroes', placements: [placement(duelist)] },
      { name: 'foes', placements: [placement({ ...silas, tactics: 'default', maneuvers: [dust] })] },
    ],
    { oppositionCard: 'all', handLimit: 5, handOfFate: 5, rounds: 40 },
  );
}

/** A tiny homebrew deck (14 cards) that empties into hands: reshuffles and flips worth 0 (AR-F4). */
export function dry(): Encounter {
  const small = deck('small', 'homebrew', cards('2♣ 3♦ 5♠ 7♥ 8♣ 9♦ 10♠ J♥ Q♣ K♦ A♠ 4♥ 6♣ 10♦'));
  return encounter(
    'dry',
    [
      {
        name: 'heroes',
        placements: [placement({ ...bruno, tactics: 'default', maneuvers: [dust, lantern] }), placement(scout)],
      },
      { name: 'foes', placements: [placement(brute), placement(archer)] },
    ],
    { deck: small, handOfFate: 3, handLimit: 5, rounds: 20 },
  );
}

/** A melee with groups, no opposition card, `concede all`, players on the second side. */
export function brawl(): Encounter {
  return encounter(
    'brawl',
    [
      { name: 'gang', placements: [placement(brute), ...copies(thug, 4, 'Thugs'), ...copies(deckhand, 3)] },
      {
        name: 'crew',
        placements: [
          placement(vale),
          placement({ ...bruno, tactics: 'cunning' }),
          placement(duelist),
          placement(scout),
        ],
      },
    ],
    { oppositionCard: 'off', concede: 'all', handOfFate: 2, aspects: ['Slick Cobbles'], tn: 11, rounds: 25 },
  );
}

/** No `player` anywhere: the first side is the players' side (AR-O1); a stacked (not `only`) deck. */
export function nameless(): Encounter {
  return encounter(
    'nameless',
    [
      { name: 'left', placements: [placement({ ...archer, tactics: 'cunning' }, 'Left Archer'), placement(thug)] },
      { name: 'right', placements: [placement(archer, 'Right Archer'), ...copies(deckhand, 2, true)] },
    ],
    { deck: deck('stack', 'stacked', cards('A♠ K♠ Q♠')), handOfFate: 1, rounds: 15 },
  );
}

export const ALL = [raid, duel, dry, brawl, nameless];
