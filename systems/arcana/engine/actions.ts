// The action economy (AR-T2…T4): the chapter's twelve-entry action table
// sorted by effort, and whether a declared turn is legal. The simulator only
// ever declares aim, attack and maneuver, but the table is data the checker's
// hovers and the worked example W2 use.

export type Effort = 'free' | 'simple' | 'complex';

/** AR-T3: the twelve actions of the table, by effort. */
export const ACTION_TABLE = {
  'drop-item': 'free',
  'shout-warning': 'free',
  'quick-glance': 'free',
  'flip-switch': 'free',
  'draw-weapon': 'simple',
  walk: 'simple', // walking or running
  aim: 'simple', // aiming or channeling: turns a card that resolves nothing (AR-T4)
  'open-door': 'simple',
  attack: 'complex',
  maneuver: 'complex',
  'cast-spell': 'complex',
  'use-device': 'complex',
} as const satisfies Record<string, Effort>;

export type ActionKind = keyof typeof ACTION_TABLE;

export function effort(a: ActionKind): Effort {
  return ACTION_TABLE[a];
}

/**
 * AR-T2: one simple + one complex, or two simple, plus any number of free
 * actions; never two complex actions nor three non-free ones. Returns the
 * reason a turn is illegal, or null when it is legal.
 */
export function turnProblem(actions: readonly ActionKind[]): string | null {
  let complex = 0,
    nonFree = 0;
  for (const a of actions) {
    const e = ACTION_TABLE[a];
    if (e === 'complex') complex++;
    if (e !== 'free') nonFree++;
  }
  if (complex > 1) return `${complex} complex actions (at most one, AR-T2)`;
  if (nonFree > 2) return `${nonFree} simple or complex actions (at most two, AR-T2)`;
  return null;
}
