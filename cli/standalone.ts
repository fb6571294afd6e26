// Entry of the bundled CLI (dist/aces.mjs, built by esbuild.mjs).
import { runCli } from './index.js';

process.exitCode = await runCli(process.argv.slice(2));
