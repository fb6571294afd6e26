// `npm run docs`: writes docs/systems/<id>.md for every registered system (cli/docs.ts).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../systems/index.js';
import { languageReference } from './docs.js';
import { writeFileAtomic } from './write-file.js';

const dir = new URL('../../docs/systems/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const s of REGISTRY.systems) {
  const file = new URL(`${s.id}.md`, dir);
  writeFileAtomic(fileURLToPath(file), languageReference(s));
  console.log(`wrote ${fileURLToPath(file)}`);
}
