// The action codes the tactics choose and the simulator performs: one place,
// imported by both (tactics.ts needs the values; sim.ts needs tactics), so the
// two modules do not import each other's values.

export const A_PASS = 0;
export const A_STAND = 1;
export const A_INTERACT = 2;
export const A_STRIKE = 3;
export const A_SCATTER = 4;
export const A_TECHNIQUE = 5;
export const A_MOVE = 6;
export const A_GUARD = 7;
export const A_ASSIST = 8;
export const A_RECOVER = 9;
export const A_STABILIZE = 10;
export const A_LINK = 11;
export const A_ULTIMATE = 12;

// How a combat ended (CombatSim.run, the Monte Carlo tally).
export const R_VICTORY = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;
