// The battle map `aces run` draws each round (engine/board-view.ts): its key names each combatant's square, or
// what became of it.
import assert from 'node:assert/strict';
import { battleSvg } from '../../../client/core/battle-svg.js';
import { boardView } from '../../../systems/tactical-grid/engine/board-view.js';
import { at, events, pc, raider, ryn, scene, start } from './scene.js';

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

  it('issue 34 item 9: TG-B8 a Still Life obstacle is drawn (%) from its placing to its removal, on the map and in the picture', () => {
    const enc = scene(
      [at(pc('Sculptor', { abilities: ['still-life'], ai: 'hold' }), 'a1'), at(pc('Helper'), 'c3')],
      [at(raider(), 'h8')],
    );
    const { sim, u, evs } = start(enc);
    const view = boardView(enc);
    const b2 = sim.board.index('b2');
    const terrain = () => {
      const p = view.picture!();
      return p.kind === 'grid' ? p.terrain : null;
    };
    assert.equal(sim.stillLife(u('Sculptor'), b2), true);
    for (const e of evs.splice(0)) view.apply(e);
    assert.equal(view.lines()[2].trim(), '2 . % . . . . . .', view.lines().join('\n'));
    assert.match(view.lines().at(-1)!, /% Still Life/);
    assert.deepEqual(terrain(), [{ x: 1, y: 1, kind: 'still life' }]);
    assert.match(battleSvg(view.picture!()), /<g class="t-still-life"><title>b2: still life<\/title>/); // the webview's map
    assert.equal(sim.removeStillLife(u('Helper'), b2), true); // c3 is beside b2
    for (const e of evs.splice(0)) view.apply(e);
    assert.equal(view.lines()[2].trim(), '2 . . . . . . . .');
    assert.doesNotMatch(view.lines().at(-1)!, /Still Life/);
    assert.deepEqual(terrain(), []);
  });

  it('issue 34 item 9: TG-D3 an OUT combatant leaves its marker (+) on its square; TG-D2 the dead leave none', () => {
    const draw = (atZero: 'out' | 'dies'): string[] => {
      const enc = scene(
        [at(ryn({ ai: 'default' }), 'a1', 'east', [20])],
        [at(raider({ health: 1, atZero }), 'b1', 'west'), at(raider({}, 'Reserve'), 'h8', 'west')],
      );
      const view = boardView(enc);
      for (const e of events(enc)) {
        view.apply(e);
        if (e.type === 'out') break;
      }
      return view.lines();
    };
    const out = draw('out');
    assert.equal(out[1].trim(), '1 A + . . . . . .', out.join('\n'));
    assert.match(out.at(-1)!, /Raider \(out\) b1 · .*\+ OUT marker/);
    const dead = draw('dies');
    assert.equal(dead[1].trim(), '1 A . . . . . . .', dead.join('\n'));
    assert.doesNotMatch(dead.at(-1)!, /OUT marker/);
  });

  it('issue 34 item 9: TG-D2/TG-D3 in the webview too: the dead NPC is drawn on no square (listed "off the map"), the OUT keeps its token', async () => {
    const { battleBody } = await import('../../../client/core/battleHtml.js');
    const picture = (atZero: 'out' | 'dies') => {
      const enc = scene(
        [at(ryn({ ai: 'default' }), 'a1', 'east', [20])],
        [at(raider({ health: 1, atZero }), 'b1', 'west'), at(raider({}, 'Reserve'), 'h8', 'west')],
      );
      const view = boardView(enc);
      for (const e of events(enc)) {
        view.apply(e);
        if (e.type === 'out') break;
      }
      return view.picture!();
    };
    const out = picture('out');
    assert.match(battleSvg(out), /<g class="token side-1 out" data-name="Raider">/);
    const dead = picture('dies');
    assert.equal(dead.tokens.find((t) => t.name === 'Raider')?.offMap, true);
    const svg = battleSvg(dead);
    assert.doesNotMatch(svg, /data-name="Raider"/);
    assert.match(svg, /data-name="Reserve"/);
    const body = battleBody({ encounter: 'E', round: 1, sides: ['heroes', 'foes'], picture: dead } as never);
    assert.match(body, /<th scope="row">Raider<\/th><td>.*?<\/td><td>off the map<\/td>/);
  });
});
