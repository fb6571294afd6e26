// What the bundles (esbuild.mjs) use in place of grammar/chevrotain.ts: Chevrotain through its package entry,
// which esbuild bundles into one file anyway (see grammar/chevrotain.ts for why the tsc build does not).
export { createToken, Lexer, EmbeddedActionsParser, VERSION } from 'chevrotain';
