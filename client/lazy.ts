// What the commands need but activation does not: the checker (Chevrotain builds
// its parser when loaded), the engine and the webview page. esbuild keeps a
// dynamically imported module's top-level code in a lazy initializer, so none of
// it runs until the first Run / Step / Odds — activation stays cheap.
export { resolveTarget } from './documents.js';
export { CombatSession, runHeader, streamRun } from './core/session.js';
export { chooseSeed, parseSeedInput } from './core/encounters.js';
export { monteCarlo, shutdownWorkers } from '../systems/index.js';
export { makeNonce, oddsHtml } from './core/oddsHtml.js';
export { battleBody, battleHtml } from './core/battleHtml.js';
