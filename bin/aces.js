#!/usr/bin/env node
// The `aces` command. Loads the compiled CLI; never shows a stack trace to a user.
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

const entry = new URL('../out/cli/index.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('aces: the CLI is not built yet. Run `npm run build` (or `npm start`) first.\n');
  process.exit(2);
}
const { runCli } = await import(entry.href);
process.exitCode = await runCli(process.argv.slice(2));
