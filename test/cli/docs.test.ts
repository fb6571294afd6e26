// `aces docs`: each system's language reference, generated from its schema; the
// committed docs/systems/*.md are current (`npm run docs` rewrites them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { languageReference } from '../../cli/docs.js';
import { main } from '../../cli/main.js';
import { REGISTRY } from '../../systems/index.js';

describe('cli: aces docs', () => {
  for (const s of REGISTRY.systems) {
    it(`docs/systems/${s.id}.md is generated from ${s.name}'s schema and up to date (npm run docs)`, () => {
      assert.equal(readFileSync(`docs/systems/${s.id}.md`, 'utf8'), languageReference(s));
    });
  }

  it('names every block and attribute of a system and every rule id, and refuses an unknown system with a did-you-mean', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (x: string) => out.push(x), err: (x: string) => err.push(x), cwd: process.cwd() };
    assert.equal(await main(['docs', 'heart-rush'], io), 0);
    const text = out.join('\n');
    const hr = REGISTRY.byId('heart-rush')!;
    for (const b of Object.values(hr.schema.blocks)) {
      assert.match(text, new RegExp(`### \`${b.kind}\``));
      for (const a of b.attributes) assert.ok(text.includes(`| \`${a.name}\` |`), `${b.kind}.${a.name}`);
    }
    for (const id of Object.keys(hr.ruleText)) assert.ok(text.includes(`| ${id} |`), id);
    assert.equal(await main(['docs', 'hart-rush'], io), 1);
    assert.match(err.join('\n'), /no rule system 'hart-rush'\. Did you mean 'heart-rush'\?/);
  });
});
