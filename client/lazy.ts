// What the commands need but activation does not: the step-through navigator
// and the webview pages. esbuild keeps a dynamically imported module's
// top-level code in a lazy initializer, so none of it runs until the first
// Run / Step / Odds — activation stays cheap. No engine here: the language
// server fights (protocol/lsp-ext.ts).
export { resolveTarget } from './documents.js';
export { RecordedSession, limitLine } from '../model/recorded-session.js';
export { chooseSeed, parseSeedInput, runHeader } from './core/encounters.js';
export { oddsHtml } from './core/oddsHtml.js';
export { sweepHtml } from './core/sweepHtml.js';
export { battleBody, battleHtml } from './core/battleHtml.js';
