// Code lens titles: plain words from the server (any LSP editor), a codicon per command in VS Code.
import assert from 'node:assert/strict';
import { withLensIcon } from '../../client/core/lens-icons.js';
import { Commands } from '../../protocol/lsp-ext.js';

describe('client: code lens icons', () => {
  it('prefixes each encounter command with a codicon, not a font glyph', () => {
    assert.equal(withLensIcon('Run', Commands.runEncounter), '$(play) Run');
    assert.equal(withLensIcon('Step', Commands.stepEncounter), '$(debug-step-over) Step');
    assert.equal(withLensIcon('Odds: party 62%', Commands.previewOdds), '$(graph) Odds: party 62%');
  });
  it('leaves other commands and already-iconed titles alone', () => {
    assert.equal(withLensIcon('Odds', 'some.other'), 'Odds');
    assert.equal(withLensIcon('$(graph) Odds', Commands.previewOdds), '$(graph) Odds');
  });
});
