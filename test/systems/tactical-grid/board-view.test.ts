// The battle map `aces run` draws each round (engine/board-view.ts): its key names each combatant's square, or
// what became of it.
import assert from 'node:assert/strict';
import { boardView } from '../../../systems/tactical-grid/engine/board-view.js';
import { at, events, raider, ryn, scene } from './scene.js';

describe('Tactical Grid battle map', () => {
  it('TG-D2: the key says "(dead)" for an NPC that dies at zero health, "(out)" for one that is only OUT', () => {
    const key = (atZero: 'out' | 'dies'): string => {
      // Ryn (scripted 20: a critical hit) fells a 1-health Raider beside him
      const enc = scene(
        [at(ryn({ ai: 'default' }), 'a1', 'east', [20])],
        [at(raider({ health: 1, atZero }), 'b1', 'west'), at(raider({}, 'Reserve'), 'h8', 'west')],
      );
      const view = boardView(enc);
      for (const e of events(enc)) {
        view.apply(e);
        if (e.type === 'out') break;
      }
      return view.lines().at(-1)!;
    };
    assert.match(key('dies'), /Raider \(dead\)/);
    assert.match(key('out'), /Raider \(out\)/);
  });
});
