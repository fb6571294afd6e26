// docs/PROTOCOL.md documents protocol/lsp-ext.ts; a change to the protocol must
// come with the page (rust-analyzer's lsp-extensions guard): the page records
// the file's hash, and every request method and command id appears in it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Commands, EncounterOddsRequest, RunEncounterRequest } from '../protocol/lsp-ext.js';

describe('protocol: docs/PROTOCOL.md is current', () => {
  const page = readFileSync('docs/PROTOCOL.md', 'utf8');
  it('records the hash of protocol/lsp-ext.ts (update the page, then the hash, when the protocol changes)', () => {
    const hash = createHash('sha256')
      .update(readFileSync('protocol/lsp-ext.ts', 'utf8').replace(/\r\n/g, '\n'))
      .digest('hex')
      .slice(0, 16);
    assert.match(
      page,
      new RegExp(`lsp-ext\\.ts sha256: ${hash}`),
      `protocol/lsp-ext.ts changed (now ${hash}): document it in docs/PROTOCOL.md and put the new hash there`,
    );
  });
  it('names every custom request and every command id', () => {
    for (const m of [EncounterOddsRequest.method, RunEncounterRequest.method]) assert.ok(page.includes(`\`${m}\``), m);
    for (const id of Object.values(Commands)) assert.ok(page.includes(`\`${id}\``), id);
  });
});
