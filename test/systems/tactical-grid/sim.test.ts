// Simulated turns the worked examples leave open: the healer (TG-V4), Recover as a main action (TG-V7),
// per-combat resets (TG-B0), the current difficulty (TG-A2), abilities on NPCs (TG-P3).
import assert from 'node:assert/strict';
import { tag } from '../../../systems/tactical-grid/model.js';
import { P_SUPPORT } from '../../../systems/tactical-grid/engine/unit.js';
import { at, of, pc, raider, ryn, scene, start, tamsin } from './scene.js';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { combatLog, renderEvent, type TGEvent } from '../../../systems/tactical-grid/engine/index.js';
import { ALL } from './gen.js';

describe('Tactical Grid simulated turns', () => {
  it('TG-V4 TG-S2 TG-S4: a healer heals the most stressed ally in range (placement order on ties) while its pool lasts', () => {
    const healer = tamsin({ wis: 4, ai: 'healer', melee: true });
    const { sim, u, evs } = start(
      scene([at(healer, 'a1'), at(ryn(), 'b1'), at(pc('Other'), 'a2')], [at(raider(), 'h8')]),
    );
    u('Ryn').stress = 3;
    u('Other').stress = 1;
    sim.playRound();
    const sup = of(evs, 'support').map((e) => `${e.kind} ${e.target}`);
    assert.deepEqual(sup.slice(0, 4), ['heal Ryn', 'heal Ryn', 'heal Ryn', 'heal Other']);
    assert.equal(u('Tamsin').pools[P_SUPPORT], 0);
  });

  it('TG-V7 TG-T5: with no plan, an exhausted tag and an enemy threatening its square, it moves toward its target and Recovers', () => {
    const r = ryn({ ai: 'default', melee: true, tags: [tag('Twin Blades', 3)] });
    const rows = Array(8).fill('............');
    const { sim, u, evs } = start(scene([at(r, 'a1')], [at(raider({ range: 6 }, 'Archer'), 'l8')], rows));
    u('Ryn').tags[0].exhausted = true;
    sim.playRound();
    assert.equal(u('Ryn').tags[0].exhausted, false);
    assert.equal(of(evs, 'tag')[0].change, 'recovered');
  });

  it('TG-B0 TG-N11: pools and once-per-combat abilities reset with each combat', () => {
    const { sim, u } = start(scene([at(ryn({ abilities: ['rage'] }), 'a1')], [at(raider(), 'h8')]));
    sim.stressOn(u('Ryn'), 1, u('Raider'), 'test');
    sim.analyse(u('Ryn'));
    assert.equal(sim.attackMod(u('Ryn')), 7);
    sim.begin(2);
    assert.deepEqual(
      [sim.attackMod(u('Ryn')), u('Ryn').usedRage, u('Ryn').stress, u('Ryn').pools[3]],
      [5, false, 0, 1],
    );
  });

  it("TG-A2 TG-E4: a sheet rolls against the NPC's current difficulty (after Weaken)", () => {
    const { sim, u, evs } = start(
      scene([at(ryn({ special: 2 }), 'a1', 'east', [10])], [at(raider({ health: 5 }), 'b1', 'west')]),
    );
    sim.turnStart(u('Ryn'));
    sim.applyEffect(u('Ryn'), u('Raider'), 'weaken', 0);
    sim.attack(u('Ryn'), u('Raider'), { tag: null, drive: 0, help: -1, tactics: 0, effect: null });
    assert.equal(of(evs, 'attack')[0].vs, 12);
  });

  it('TG-P3 TG-B7: an NPC may have abilities: a Raider shaman tattoos an NPC ally (+1 difficulty)', () => {
    const shaman = raider({ range: 3, abilities: ['runic-tattoo'] }, 'Shaman');
    const { sim, u } = start(scene([at(ryn(), 'a1')], [at(shaman, 'f5'), at(raider(), 'g5')]));
    assert.ok(sim.tattoo(u('Shaman'), u('Raider')));
    assert.equal(u('Raider').difficulty, 14);
  });

  it('TG-V2 TG-T7: stepping side turn by side turn gives the same log as whole rounds, one turn per step', () => {
    for (const g of ALL) {
      const enc = g();
      const sim = new TGSim(enc);
      const evs: TGEvent[] = [];
      sim.sink = evs;
      sim.begin(9);
      let steps = 0;
      while (sim.result < 0) {
        const before = evs.filter((e) => e.type === 'turn').length;
        sim.stepTurn();
        steps++;
        assert.ok(evs.filter((e) => e.type === 'turn').length - before <= 1);
      }
      assert.equal(evs.map(renderEvent).join('\n') + '\n', combatLog(enc, 9));
      assert.ok(steps >= sim.endRound);
    }
  });
});
