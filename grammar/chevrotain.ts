// Chevrotain's values, taken from the one-file build its package ships (lib/chevrotain.mjs). The package's
// entry (lib/src/api.js) is some six hundred ES modules (lodash-es) that take about 0.3 s to load in every
// fresh process — each `aces` command, each test that spawns one — while the one file loads in about 0.02 s.
// The package's `exports` do not name that file, so it is required by path (Node ≥ 20.19 loads an ES module
// with require). The bundles (esbuild.mjs) carry Chevrotain inside and swap this module for
// chevrotain-package.ts; test/grammar/chevrotain.test.ts holds both to one version.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Chevrotain from 'chevrotain';

const require = createRequire(import.meta.url);
const lib = require(join(dirname(require.resolve('chevrotain')), '..', 'chevrotain.mjs')) as typeof Chevrotain;

export const createToken = lib.createToken;
export const Lexer = lib.Lexer;
export const EmbeddedActionsParser = lib.EmbeddedActionsParser;
export const VERSION = lib.VERSION;
