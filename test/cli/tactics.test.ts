// `aces tactics` (issue 32): the regret probe on the command line. Each registered system's first sample is probed
// through the registry when its engine has `play`, and refused in one line while it has not (covered automatically
// when it lands); the table's layout is checked on the toy system's report (test/systems/toy.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cli } from './in-process.js';
import { formatRegret, tacticsGuide } from '../../cli/tactics.js';
import { PLAIN } from '../../cli/style.js';
import { probeRegret } from '../../balance/regret.js';
import type { SystemEngine } from '../../model/system.js';
import { REGISTRY, checkFiles } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';
import { TOY_ENGINE, type ToyEncounter } from '../systems/toy.js';

const FIRST_SAMPLE: Record<string, string> = {
  'halcyon-aces': 'samples/tavern-brawl.aces',
  'heart-rush': 'samples/heart-rush/goblin-ambush.aces',
  arcana: 'samples/arcana/fog-lane-ambush.aces',
  'tactical-grid': 'samples/tactical-grid/wolf-pack.aces',
};

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('cli: aces tactics (issue 32)', function () {
  this.timeout(120000);

  for (const system of REGISTRY.systems) {
    it(`issue 32: ${system.id}: probes a sample through the registry when its engine has play (JSON for tools), else says so in one line, exit 1`, async () => {
      const file = FIRST_SAMPLE[system.id] ?? '';
      assert.ok(file, `a sample of ${system.id} for this test`);
      const r0 = checkFiles([resolve(file)], diskHost(process.cwd()));
      assert.equal(r0.systemOf(resolve(file))?.id, system.id);
      const engine = await system.loadEngine();
      const r = await cli('tactics', file, '--fights', '2', '--points', '1', '--rollouts', '4', '--json');
      if (!engine.play) {
        assert.equal(r.code, 1);
        assert.equal(r.out, '');
        assert.equal(r.err.split('\n').length, 1, r.err);
        assert.match(r.err, /^aces tactics: .+ does not offer its decisions yet \(no `play`, issue 32\)/);
        console.log(`      (${system.id} has no play yet: refused as it should be)`);
        return;
      }
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out) as { system: string; fights: number; probed: number; points: { seed: number }[] };
      assert.equal(j.system, system.id);
      assert.equal(j.fights, 2);
      assert.ok(j.probed <= 2);
      const again = await cli('tactics', file, '--fights', '2', '--points', '1', '--rollouts', '4', '--json');
      assert.equal(again.out, r.out, 'same arguments, same bytes');
      const human = await cli('tactics', file, '--fights', '2', '--points', '1', '--rollouts', '4');
      assert.equal(human.code, 0);
      assert.match(human.out, /regret probe: 2 fights from seed \d+/);
    });
  }

  it('issue 32: a file with errors is refused as `aces odds` refuses it (stderr, exit 1, nothing on stdout); bad options are usage errors', async () => {
    const r = await cli('tactics', 'test/fixtures/broken/zones.aces', '--json');
    assert.equal(r.code, 1);
    assert.match(r.err, /has 4 errors; fix them first/);
    assert.equal(r.out, '');
    assert.equal((await cli('tactics', 'samples/tavern-brawl.aces', '--rollouts', '0')).code, 2);
    assert.equal((await cli('tactics', 'samples/tavern-brawl.aces', '--time', 'soon')).code, 2);
    const missing = await cli('tactics', 'samples/tavern-brawl.aces', '--encounter', 'Nowhere');
    assert.equal(missing.code, 1);
    assert.match(missing.err, /no encounter named "Nowhere"/);
  });

  it('issue 32: aces --help lists tactics, and docs/TACTICS.md is generated from the command (npm run docs)', async () => {
    const r = await cli('--help');
    assert.match(r.out, /^ {2}tactics \[options\] <file>/m);
    assert.equal(readFileSync('docs/TACTICS.md', 'utf8'), tacticsGuide());
    for (const flag of ['--fights', '--points', '--rollouts', '--seed', '--encounter', '--json', '--time'])
      assert.ok(tacticsGuide().includes(flag), flag);
  });

  it('issue 32: the table: figures overall, by decision, by combatant and by GM rule, the goals, and the worst decisions with the command that replays each', async () => {
    const enc: ToyEncounter = {
      name: 'Duel',
      seed: 3,
      rounds: 30,
      sides: ['reds', 'blues'],
      combatants: [
        { id: 'Bob', side: 'reds', hp: 3, policy: 'idle', rule: 'rule 1: never flip' },
        { id: 'Ann', side: 'blues', hp: 1, policy: 'random' },
      ],
      file: 'duel.aces',
    };
    const report = await probeRegret(TOY_ENGINE as unknown as SystemEngine, enc, {
      fights: 4,
      points: 2,
      rollouts: 40,
      replay: (s) => `aces run duel.aces --seed ${s}`,
    });
    const text = formatRegret(report, { file: 'duel.aces', system: 'Toy Duels' }, PLAIN).join('\n');
    assert.match(text, /^# duel\.aces — encounter "Duel" \(Toy Duels\) — regret probe: 4 fights from seed 3/);
    assert.match(text, /^overall +8 +\d+\.\d +−?\d+\.\d – \d+\.\d +\d+\.\d$/m);
    assert.match(text, /^by decision\n {2}target +8 /m);
    assert.match(text, /^by combatant\n {2}Bob +\d+ /m);
    assert.match(text, /^by GM rule\n {2}rule 1: never flip +\d+ /m);
    assert.match(text, /goals \(issue 32\): mean ≤ 1 point, p95 ≤ 3 points — not met here/);
    const cut = formatRegret(
      { ...report, stopped: 'time budget' },
      { file: 'duel.aces', system: 'Toy Duels', seconds: 60 },
      PLAIN,
    );
    assert.match(
      cut[2],
      /^stopped by the time budget \(60 s\) after 8 decisions: the figures cover those; raise --time or lower --rollouts/,
    );
    const none = formatRegret(
      { ...report, probed: 0, decisions: 0, points: [] },
      { file: 'duel.aces', system: 'Toy Duels' },
      PLAIN,
    );
    assert.equal(none.at(-1), 'no combatant had a choice to make in these fights.');
    const w = report.worst[0];
    assert.ok(
      text.includes(
        ` 1. ${w.regret.toFixed(1)} points (${w.ci95[0].toFixed(1).replace('-', '−')} – ${w.ci95[1].toFixed(1)}): round ${w.round}, Bob, target: "wait" wins ${(100 * w.policy.win).toFixed(1)}%, "flip at Ann" ${(100 * w.better.win).toFixed(1)}% — rule 1: never flip\n    aces run duel.aces --seed ${w.seed}`,
      ),
      text,
    );
  });
});
