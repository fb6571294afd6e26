// What a Halcyon Aces block is when it does not say (Unarmed, the standard
// deck, an encounter's seed, rounds and zone) and the limits that keep a
// hostile file cheap to check and to simulate. Read by the checks and the
// hovers, so each value is written once.

import type { DeckSpec, Weapon } from '../model.js';
import { MAX_ZONES } from '../engine/reach.js';

/** HA-W6: unarmed is a weapon of +0 bonus, Body, melee. */
export const UNARMED: Weapon = Object.freeze({
  name: 'Unarmed',
  kind: 'melee',
  stat: 'body',
  reach: 'engaged',
  bonus: 0,
  properties: [],
  unarmed: true,
}) as Weapon;

export const STANDARD_DECK: DeckSpec = Object.freeze({
  name: 'standard',
  kind: 'standard',
  cards: [],
  only: false,
}) as DeckSpec;

export const DEFAULT_ROUNDS = 50;
export const DEFAULT_SEED = 1;
export { MAX_ZONES };
/** The zone everyone stands in when an encounter declares none. */
export const DEFAULT_ZONE = 'field';
