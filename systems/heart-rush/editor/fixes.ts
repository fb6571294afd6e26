// Heart Rush quick fixes (EditorContributions.fixes) and the stub an unknown
// name's fix writes (EditorContributions.stubs). Every stub is a block that
// checks clean on its own: a character needs its hit points (HR-N3), a weapon
// its die (HR-N10, else a warning), a dice script its rolls (HR-D5).

/**
 * The block written at the end of the file for an unknown weapon, armor, character or dice script. The
 * numbers are the middle of the ladder (HR-D1) so the new block is an ordinary foe, not a tuned one; the
 * scripted rolls are all at most 4 so they fit any die they land on (HR-D5), whatever rolls them.
 */
export const HR_STUBS: Readonly<Record<string, (name: string) => string>> = {
  weapon: (n) => `weapon ${n} { melee d8 }`,
  armor: (n) => `armor ${n} { bonus +1 }`,
  character: (n) => `character ${n} {\n  heart d8  might d6  agility d6  cunning d6\n  hp 20\n}`,
  dice: (n) => `dice ${n} { rolls 3 2 1 }`,
};
