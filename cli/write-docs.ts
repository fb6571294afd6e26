// `npm run docs`: writes docs/systems/<id>.md for every registered system (cli/docs.ts), and docs/TACTICS.md
// (`aces tactics`, the regret probe: cli/tactics.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../systems/index.js';
import { languageReference } from './docs.js';
import { tacticsGuide } from './tactics.js';

const dir = new URL('../../docs/systems/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const s of REGISTRY.systems) {
  const file = new URL(`${s.id}.md`, dir);
  writeFileSync(file, languageReference(s));
  console.log(`wrote ${fileURLToPath(file)}`);
}
const tactics = new URL('../../docs/TACTICS.md', import.meta.url);
writeFileSync(tactics, tacticsGuide());
console.log(`wrote ${fileURLToPath(tactics)}`);
