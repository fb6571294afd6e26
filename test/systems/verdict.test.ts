// The verdict (issue 14 item 5, docs/BALANCE.md): thresholds, and for every
// system a chance of "at least one player character defeated" that agrees with
// the per-combatant counters (between the largest single chance and their sum).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { verdictLabel, verdictCallouts, chanceOf, GRIND_ROUNDS } from '../../engine/tally.js';
import { verdictShort, verdictText } from '../../common/outcome-words.js';
import { checkFiles, monteCarlo, REGISTRY } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';
import { fightCount } from '../deep.js';

describe('the verdict a GM reads at a glance', function () {
  this.timeout(120000);

  it('thresholds of docs/BALANCE.md: trivial, easy, medium, hard, deadly', () => {
    assert.equal(verdictLabel(0.97, 0.01), 'trivial');
    assert.equal(verdictLabel(0.97, 0.05), 'easy');
    assert.equal(verdictLabel(0.9, 0.2), 'medium');
    assert.equal(verdictLabel(0.7, 0.5), 'hard');
    assert.equal(verdictLabel(0.35, 0.9), 'hard');
    assert.equal(verdictLabel(0.3, 0), 'deadly');
  });

  it('issue 34 item 4: a fight that mostly stalls is "stalemate", not "deadly"; grinds and stalls are called out', () => {
    // 100% stalemate: nobody wins, nobody falls; before, "deadly"
    assert.equal(verdictLabel(0, 0, 1), 'stalemate');
    assert.equal(verdictLabel(0.498, 0.17, 0.469), 'hard');
    assert.deepEqual(verdictCallouts(0.469, 18), ['a grind: 18.0 rounds on average', 'stalls in 46.9% of fights']);
    assert.deepEqual(verdictCallouts(0.02, GRIND_ROUNDS), []);
    const v = {
      label: 'hard',
      playerSide: 'party',
      win: { p: 0.498 },
      anyDefeated: { p: 0.17 },
      meaning: 'unconscious or dead (HR-H7, HR-H8)',
      meanRounds: 18,
      callouts: verdictCallouts(0.469, 18),
    };
    assert.equal(
      verdictText(v),
      'hard (a grind: 18.0 rounds on average; stalls in 46.9% of fights) — party wins 49.8%; a player character unconscious or dead in 17.0% of fights; 18.0 rounds on average',
    );
    assert.equal(verdictShort(v), 'hard · PC down 17% · 18.0 rounds · a grind · stalls in 46.9%');
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
          const odds = await monteCarlo(enc, {
            system: system.id,
            runs: fightCount('VERDICT_RUNS', 200, 400),
            seed: 3,
            threads: 1,
          });
          if (!odds.verdict) continue;
          checked++;
          const players = engine.verdict!.players(enc);
          // taken out of the fight, in the system's sense (issue 34 item 4): HR counts unconscious and dead
          const keys = system.takenOut?.counters ?? [engine.verdict!.counter];
          const each = players.map((c) => keys.reduce((s, k) => s + chanceOf(odds.combatants[c], k).count, 0));
          const any = odds.verdict.anyDefeated.count;
          assert.ok(
            any >= Math.max(0, ...each) && any <= each.reduce((a, b) => a + b, 0),
            `${enc.name}: any ${any}, each ${each}`,
          );
          assert.equal(
            odds.verdict.label,
            verdictLabel(odds.verdict.win.p, odds.verdict.anyDefeated.p, odds.stalemate.p),
          );
          assert.equal(odds.verdict.meanRounds, odds.rounds.mean);
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

  it('HR-H7: a Heart Rush player character knocked out counts as taken out, not only one killed (issue 34 item 4)', async () => {
    const hr = REGISTRY.byId('heart-rush')!;
    assert.deepEqual(hr.takenOut?.counters, ['unconscious', 'dead']);
    assert.deepEqual(REGISTRY.byId('halcyon-aces')!.takenOut?.counters, ['broken']);
    let seen = 0;
    for (const f of files.filter((x) => r.systemOf(x)?.id === 'heart-rush')) {
      for (const enc of r.encountersByFile.get(f) ?? []) {
        const odds = await monteCarlo(enc, { system: 'heart-rush', runs: 400, seed: 5, threads: 1 });
        if (!odds.verdict) continue;
        const ids = new Set(odds.verdict.each.map((e) => e.id));
        const ko = Math.max(
          0,
          ...odds.combatants.filter((c) => ids.has(c.id)).map((c) => chanceOf(c, 'unconscious').count),
        );
        if (ko > 0) seen++;
        assert.ok(
          odds.verdict.anyDefeated.count >= ko,
          `${enc.name}: knocked out ${ko} > any down ${odds.verdict.anyDefeated.count}`,
        );
      }
    }
    assert.ok(seen > 0, 'some Heart Rush sample knocks a player character out');
  });
});

describe('verdict: a grind is a long fight of its own game (issue 34 item 4)', () => {
  it("each game's threshold: a 15-round Heart Rush fight is ordinary, a 15-round Halcyon Aces one a grind", async () => {
    const { REGISTRY } = await import('../../systems/index.js');
    const hr = REGISTRY.byId('heart-rush')!.grindRounds!;
    const tg = REGISTRY.byId('tactical-grid')!.grindRounds!;
    assert.ok(hr > 15 && tg > 12, `${hr}, ${tg}`);
    assert.deepEqual(verdictCallouts(0, 15, hr), []);
    assert.deepEqual(verdictCallouts(0, 15), ['a grind: 15.0 rounds on average']);
    assert.deepEqual(verdictCallouts(0, hr + 1, hr), [`a grind: ${(hr + 1).toFixed(1)} rounds on average`]);
    // the Monte Carlo reads it: the Heart Rush samples' ordinary fights are no grind, the troll's bridge is
    const { checkFiles, monteCarlo } = await import('../../systems/index.js');
    const { diskHost } = await import('../../cli/files.js');
    const { resolve } = await import('node:path');
    const file = resolve('samples/heart-rush/goblin-ambush.aces');
    const enc = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0];
    const r = await monteCarlo(enc, { system: 'heart-rush', runs: 300, seed: 1, threads: 1 });
    assert.ok(
      r.verdict && r.verdict.meanRounds > GRIND_ROUNDS && r.verdict.meanRounds <= hr,
      String(r.verdict?.meanRounds),
    );
    assert.ok(!r.verdict.callouts.some((c) => c.startsWith('a grind')), r.verdict.callouts.join('; '));
  });
});
