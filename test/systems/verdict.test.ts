// The verdict (issue 14 item 5, docs/BALANCE.md): thresholds, and for every
// system a chance of "at least one player character defeated" that agrees with
// the per-combatant counters (between the largest single chance and their sum).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { verdictLabel, chanceOf } from '../../engine/tally.js';
import { checkFiles, monteCarlo, REGISTRY, shutdownWorkers } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';

describe('the verdict a GM reads at a glance', function () {
  this.timeout(120000);
  after(() => shutdownWorkers());

  it('thresholds of docs/BALANCE.md: trivial, easy, medium, hard, deadly', () => {
    assert.equal(verdictLabel(0.97, 0.01), 'trivial');
    assert.equal(verdictLabel(0.97, 0.05), 'easy');
    assert.equal(verdictLabel(0.9, 0.2), 'medium');
    assert.equal(verdictLabel(0.7, 0.5), 'hard');
    assert.equal(verdictLabel(0.35, 0.9), 'hard');
    assert.equal(verdictLabel(0.3, 0), 'deadly');
  });

  const files = (readdirSync('samples', { recursive: true }) as string[])
    .filter((f) => f.endsWith('.aces') && !f.includes('worked'))
    .map((f) => resolve('samples', f));
  const r = checkFiles(files, diskHost(process.cwd()));
  for (const system of REGISTRY.systems) {
    it(`${system.id}: P(at least one player character defeated) lies between the largest single chance and their sum`, async () => {
      const engine = await system.loadEngine();
      let checked = 0;
      for (const f of files.filter((x) => r.systemOf(x)?.id === system.id)) {
        for (const enc of r.encountersByFile.get(f) ?? []) {
          const odds = await monteCarlo(enc, { system: system.id, runs: 400, seed: 3, threads: 1 });
          if (!odds.verdict) continue;
          checked++;
          const players = engine.verdict!.players(enc);
          const each = players.map((c) => chanceOf(odds.combatants[c], engine.verdict!.counter).count);
          const any = odds.verdict.anyDefeated.count;
          assert.ok(
            any >= Math.max(0, ...each) && any <= each.reduce((a, b) => a + b, 0),
            `${enc.name}: any ${any}, each ${each}`,
          );
          assert.equal(odds.verdict.label, verdictLabel(odds.verdict.win.p, odds.verdict.anyDefeated.p));
          // each player character's chance is its own counter's, in the encounter's order
          assert.deepEqual(
            odds.verdict.each.map((e) => e.defeated.count),
            each,
          );
          assert.deepEqual(
            odds.verdict.each.map((e) => e.id),
            players.map((c) => odds.combatants[c].id),
          );
          assert.equal(odds.verdict.win.count, odds.sides.find((s) => s.side === odds.verdict!.playerSide)!.count);
        }
      }
      assert.ok(checked > 0, `no ${system.id} sample gave a verdict`);
    });
  }
});
