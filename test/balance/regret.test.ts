// The regret probe (balance/regret.ts, issue 32 item 2) on the toy system (test/systems/toy.ts), whose policies are
// known: `idle` never flips (a deliberately bad policy), `weakest` focuses the weakest foe (the best play), and
// `shouts` offers three options equal in worth that meet different dice (the winner's-curse case).
import assert from 'node:assert/strict';
import { combatSeed } from '../../engine/rng.js';
import { chooseBest, probeRegret, ProbeError, recordPoints, type RegretReport } from '../../balance/regret.js';
import type { SystemEngine } from '../../model/system.js';
import { TOY_ENGINE, type ToyEncounter, type ToyPolicy } from '../systems/toy.js';

const engine = TOY_ENGINE as unknown as SystemEngine;

function duel(
  reds: [string, number, ToyPolicy?, string?][],
  blues: [string, number, ToyPolicy?][],
  decisions?: ToyEncounter['decisions'],
): ToyEncounter {
  return {
    name: 'Duel',
    seed: 3,
    rounds: 30,
    sides: ['reds', 'blues'],
    combatants: [
      ...reds.map(([id, hp, policy, rule]) => ({ id, side: 'reds', hp, policy, ...(rule ? { rule } : {}) })),
      ...blues.map(([id, hp, policy]) => ({ id, side: 'blues', hp, policy })),
    ],
    file: 'duel.aces',
    ...(decisions ? { decisions } : {}),
  };
}

describe('balance: the regret probe (issue 32)', function () {
  this.timeout(120000);

  it('issue 32: a deliberately bad policy (a fighter that always waits) shows a clear positive regret, and the probe names the point with its replay command', async () => {
    // one flip at Ann (1 hp) wins half the time, where waiting loses: each of Bob's decisions costs ≈ 50 points
    const enc = duel([['Bob', 3, 'idle']], [['Ann', 1, 'random']]);
    const r = await probeRegret(engine, enc, { fights: 6, points: 2, rollouts: 60, seed: 11 });
    assert.equal(r.probed, 12);
    assert.ok(r.overall.mean > 10, `mean regret ${r.overall.mean}`);
    const bob = r.byCombatant.find((g) => g.key === 'Bob');
    const ann = r.byCombatant.find((g) => g.key === 'Ann');
    assert.ok(bob && bob.mean > 20 && bob.ci95[0] > 0, `Bob ${bob?.mean} (${bob?.ci95.join('..')})`);
    // Ann's policy flips at her only foe: nothing to regret
    if (ann) assert.ok(Math.abs(ann.mean) < 2, `Ann ${ann.mean}`);
    const [w] = r.worst;
    assert.equal(w.actor, 'Bob');
    assert.equal(w.kind, 'target');
    assert.equal(w.policy.option, 'wait');
    assert.equal(w.better.option, 'flip at Ann');
    assert.ok(w.better.win > w.policy.win);
    assert.ok(w.ci95[0] > 0);
    // the fight's seed is the one `aces run` replays: fight i of the probe is combatSeed(seed, i)
    assert.ok(Array.from({ length: 6 }, (_, i) => combatSeed(11, i)).includes(w.seed), `seed ${w.seed}`);
    assert.equal(w.replay, `aces run duel.aces --encounter "Duel" --seed ${w.seed}`);
  });

  it('issue 32: a policy that plays the best option (focus the weakest foe) shows a regret of about 0', async () => {
    const enc = duel(
      [
        ['Bob', 3, 'weakest'],
        ['Cy', 2, 'weakest'],
      ],
      [
        ['Ann', 3, 'random'],
        ['Dee', 2, 'random'],
      ],
    );
    const r = await probeRegret(engine, enc, { fights: 10, points: 3, rollouts: 150, seed: 5 });
    const reds = r.points.filter((p) => p.side === 'reds');
    assert.ok(reds.length >= 5, `${reds.length} red points`);
    const mean = reds.reduce((a, p) => a + p.regret, 0) / reds.length;
    assert.ok(Math.abs(mean) < 2, `the best play's mean regret ${mean}`);
    // the blues' random targets (and a chance to wait) are worse: the probe sees the difference
    const bad = await probeRegret(engine, duel([['Bob', 3, 'idle']], [['Ann', 1, 'weakest']]), {
      fights: 10,
      points: 3,
      rollouts: 150,
      seed: 5,
    });
    assert.ok(bad.overall.mean > mean + 10, `${bad.overall.mean} against ${mean}`);
  });

  it('issue 32: when every option is equal in worth, the mean regret is about 0, not positive (no winner’s curse)', async () => {
    const enc = duel(
      [
        ['Bob', 3],
        ['Cy', 2],
      ],
      [
        ['Ann', 3],
        ['Dee', 2],
      ],
      'shouts',
    );
    const r = await probeRegret(engine, enc, { fights: 20, points: 3, rollouts: 50, seed: 9 });
    assert.equal(r.probed, 60);
    assert.ok(Math.abs(r.overall.mean) < 2, `mean ${r.overall.mean}`);
    assert.ok(r.overall.ci95[0] <= 0 && r.overall.ci95[1] >= 0, `interval ${r.overall.ci95.join('..')}`);
    // the biased figure — the best of three noisy means on the batch that chose it — reads a clear positive regret
    const naive =
      r.points.reduce((a, p) => {
        const chosen = p.tried.find((t) => t.index === p.policy.index)!.choose;
        return a + 100 * (Math.max(...p.tried.map((t) => t.choose)) - chosen);
      }, 0) / r.points.length;
    assert.ok(naive > 3 && naive > r.overall.ci95[1], `the naive estimate ${naive} is biased upward`);
    assert.ok(r.points.every((p) => p.kind === 'shout' && p.tried.length === 3));
    // equal options are not read as regret at all where the choosing batch shows no clear winner: the 95th
    // percentile is the play's, not the measuring batch's noise (±1.96·σ/√50 ≈ 14 points for one coin-flip fight)
    assert.ok(r.overall.p95 < 3, `p95 ${r.overall.p95}`);
    assert.ok(r.points.filter((p) => p.regret === 0).length >= 50, 'most points keep the policy’s option');
  });

  it('issue 32: the choosing batch keeps the policy’s option unless a challenger beats it clearly (its paired 95% interval above 0)', () => {
    const N = 100;
    const batch = (wins: number, from = 0): Uint8Array => {
      const w = new Uint8Array(2 * N);
      for (let j = from; j < from + wins; j++) w[j % N] = 1;
      return w;
    };
    // the policy (0) wins rollouts 0–49; a challenger winning 30–83 (4 more, on other seeds) is not clear;
    // one winning 20–89 (20 more) is
    assert.equal(chooseBest([batch(50), batch(54, 30)], 0, N), 0);
    assert.equal(chooseBest([batch(50), batch(70, 20)], 0, N), 1);
    // of two clear challengers, the better; a worse one never
    assert.equal(chooseBest([batch(50), batch(70, 20), batch(90, 5), batch(10)], 0, N), 2);
    assert.equal(chooseBest([batch(90), batch(50), batch(70, 20)], 0, N), 0);
    // the same wins as the policy's plus 10 on the same seeds: a paired difference with little spread is clear
    assert.equal(chooseBest([batch(50), batch(60)], 0, N), 1);
  });

  it('issue 32: the same arguments give the same report, byte for byte; another seed another report', async () => {
    const enc = duel([['Bob', 3, 'random']], [['Ann', 2, 'random']]);
    const a = JSON.stringify(await probeRegret(engine, enc, { fights: 4, points: 2, rollouts: 30, seed: 2 }));
    const b = JSON.stringify(await probeRegret(engine, enc, { fights: 4, points: 2, rollouts: 30, seed: 2 }));
    assert.equal(a, b);
    assert.notEqual(a, JSON.stringify(await probeRegret(engine, enc, { fights: 4, points: 2, rollouts: 30, seed: 3 })));
  });

  it('issue 32: the JSON shape: figures overall, per kind, per combatant and per GM rule (issue 33), the worst decisions and every point', async () => {
    const enc = duel([['Bob', 3, 'idle', 'rule 2: never flip']], [['Ann', 1, 'random']]);
    const r: RegretReport = await probeRegret(engine, enc, { fights: 3, points: 2, rollouts: 20, seed: 4 });
    assert.deepEqual(Object.keys(r), [
      'encounter',
      'seed',
      'fights',
      'pointsPerFight',
      'rollouts',
      'decisions',
      'probed',
      'overall',
      'byKind',
      'byCombatant',
      'byRule',
      'worst',
      'points',
    ]);
    assert.deepEqual(Object.keys(r.overall), ['points', 'mean', 'ci95', 'p95']);
    assert.deepEqual(
      r.byKind.map((g) => g.key),
      ['target'],
    );
    assert.deepEqual(
      r.byRule.map((g) => g.key),
      ['rule 2: never flip'],
    );
    assert.equal(r.byRule[0].points, r.points.filter((p) => p.actor === 'Bob').length);
    const p = r.points[0];
    assert.deepEqual(
      Object.keys(p).sort(),
      [
        'actor',
        'best',
        'ci95',
        'fight',
        'index',
        'kind',
        'legal',
        'policy',
        'regret',
        'round',
        'seed',
        'side',
        'tried',
        ...(p.rule ? ['rule'] : []),
      ].sort(),
    );
    assert.deepEqual(Object.keys(r.worst[0]), [
      'replay',
      'seed',
      'round',
      'actor',
      'kind',
      'rule',
      'policy',
      'better',
      'regret',
      'ci95',
    ]);
    assert.equal(r.points.length, r.probed);
    assert.ok(r.decisions >= r.probed);
  });

  it('issue 32: a point with many options plays the policy’s choice and a seeded random few; the recorded points are the fight’s own, in order', async () => {
    const foes: [string, number, ToyPolicy?][] = Array.from({ length: 7 }, (_, i) => [`G${i + 1}`, 1, 'idle']);
    const enc = duel([['Bob', 9, 'weakest']], foes);
    const rec = recordPoints(engine, enc, 77);
    assert.deepEqual(
      rec.map((x) => x.index),
      rec.map((_, i) => i),
    );
    assert.equal(rec[0].point.options.length, 8);
    const r = await probeRegret(engine, enc, { fights: 1, points: 1000, rollouts: 10, seed: 1 });
    assert.equal(r.probed, r.decisions, 'every point of the fight');
    const big = r.points.filter((p) => p.legal > 6);
    assert.ok(big.length > 0);
    for (const p of big) {
      assert.equal(p.tried.length, 4);
      assert.ok(p.tried.some((t) => t.index === p.policy.index));
      assert.equal(new Set(p.tried.map((t) => t.index)).size, 4);
    }
  });

  it('issue 32: a time budget stops before the next point and says so; a cancel rejects with AbortError; an engine without play is refused', async () => {
    const enc = duel([['Bob', 3]], [['Ann', 3]]);
    let t = 0;
    const r = await probeRegret(engine, enc, { fights: 4, points: 2, rollouts: 5, budgetMs: 25, now: () => (t += 10) });
    assert.equal(r.stopped, 'time budget');
    assert.ok(r.probed < 8, `${r.probed} points`);
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(probeRegret(engine, enc, { signal: abort.signal }), { name: 'AbortError' });
    const { play: _play, ...noPlay } = TOY_ENGINE;
    await assert.rejects(probeRegret(noPlay as unknown as SystemEngine, enc), ProbeError);
  });
});
