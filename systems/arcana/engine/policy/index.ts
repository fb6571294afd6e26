// Arcana's policy (issue 32): how a combatant chooses at each decision point the
// simulator offers (decisions.ts). Every function here reads the fight and
// returns a choice; none mutates rule state (test/systems/arcana/play.test.ts).
export { peerOf, pickTarget, pickTargetOf, priority, sideSums, sideSumsOf, targetReason, toConcede } from './target.js';
export { aggressiveAttacks, choose, pmaxOf, surelyAttacks } from './action.js';
export { attackTable, attackTableOf, threat, threatOf } from './tables.js';
export { attackCheatCard, cheatCard, defenseCheatCard, lowestCardAtLeast, weighKeepInFull } from './cheat.js';
export {
  TAKE_OUT,
  WorthMemo,
  attackWorth,
  defenseWorth,
  handMask,
  keepOutWorth,
  keepWorth,
  worthAtDefense,
  worthOf,
} from './value.js';
