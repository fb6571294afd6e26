// Scenes of issue 32's grid failures in the NPCs' own play (and the side turns around them): each a small encounter
// where the policy (engine/policy/, TG-V*) made a move no table would. Each fails on the policy before its fix (the
// commit that added it says which). (Apart from play-well.test.ts, which is near the files' 800 lines.)
import assert from 'node:assert/strict';
import { character, tag } from '../../../systems/tactical-grid/model.js';
import { at, of, raider, ryn, scene, start } from './scene.js';

describe('tactical-grid policy: issue 32 scenes of NPC play', () => {
  it("TG-V7 TG-V2 TGS-40 TGS-56 issue 32: an NPC at the back of its side with no attack does not Dash past its front to stand before the heroes (Bridge Toll's Bone Priest)", () => {
    // the priest (speed 4, range 3) has no attack this turn and is the side's laggard (TGS-40), already inside Ryn's
    // reach: its move takes it up to the Raider's line; a Dash past it would leave it alone before Ryn, its action spent
    const priest = character('Priest', {
      difficulty: 15,
      health: 4,
      speed: 4,
      range: 3,
      tags: [tag('Grave Chant', 3)],
    });
    const enc = scene(
      [at(ryn({ ai: 'default' }), 'a1', 'east')],
      [at(raider({ ai: 'hold' }), 'f2', 'west'), at(priest, 'i1', 'west')],
      Array(3).fill('..........'),
      { first: 'foes', rounds: 3 },
    );
    const { sim, evs, u } = start(enc, 3);
    const front = sim.board.dist(u('Raider').cell, u('Ryn').cell);
    sim.stepTurn();
    const turn = of(evs, 'turn')[0];
    assert.equal(turn.who, 'Priest', "the priest, the side's laggard, takes its first turn (the scene's premise)");
    assert.ok(sim.board.dist(sim.board.index('i1'), u('Ryn').cell) <= 8, "it starts inside Ryn's reach (premise)");
    const dashes = of(evs, 'move').filter((e) => e.who === 'Priest' && e.kind === 'dash');
    assert.deepEqual(
      dashes.map((e) => `${e.from}→${e.to}`),
      [],
      `no Dash past the Raider's line (${front} squares from Ryn)`,
    );
    assert.ok(
      sim.board.dist(u('Priest').cell, u('Ryn').cell) >= front,
      'the priest ends no nearer Ryn than the Raider',
    );
    assert.ok(u('Priest').readying, 'it waits there, Readied');
  });
});
