// `npm run docs`: writes docs/systems/<id>.md for every registered system (cli/docs.ts), and docs/TACTICS.md
// (`aces tactics`, the regret probe: cli/tactics.ts).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../systems/index.js';
import { languageReference } from './docs.js';
import { tacticsGuide } from './tactics.js';
import { writeFileAtomic } from './write-file.js';

const dir = new URL('../../docs/systems/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const s of REGISTRY.systems) {
  const file = new URL(`${s.id}.md`, dir);
  writeFileAtomic(fileURLToPath(file), languageReference(s));
  console.log(`wrote ${fileURLToPath(file)}`);
}
const tactics = new URL('../../docs/TACTICS.md', import.meta.url);
writeFileAtomic(fileURLToPath(tactics), tacticsGuide());
console.log(`wrote ${fileURLToPath(tactics)}`);
