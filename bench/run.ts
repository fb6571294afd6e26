// `npm run bench`: runs every bench/*.bench.ts module in turn. Each prints one
// JSON line per figure ({"bench": name, ...}). Not part of `npm test`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm run bench | head -3`: a closed pipe ends the run quietly, as in the CLI (cli/index.ts), not with a stack trace
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const f of readdirSync(here)
  .filter((n) => n.endsWith('.bench.js'))
  .sort()) {
  if (only && !f.includes(only)) continue;
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: () => Promise<void> | void };
  await mod.default();
}
