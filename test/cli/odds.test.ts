import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../temp-dir.js';
import { cliStreams } from './in-process.js';

// in this process (test/cli/in-process.ts): no node start-up and no cold worker threads per command
const aces = (args: string[]) => cliStreams(...args);

// the commands' worker threads stay warm from test to test; stopped after the file

interface P {
  count: number;
  p: number;
  ci95: [number, number];
}
interface Result {
  runs: number;
  sides: (P & { side: string })[];
  stalemate: P;
  draw: P;
  combatants: { id: string; broken: P }[];
  strikes?: { attacker: string; strikes: { pHit: number }[] }[];
}

describe('CLI: aces odds', () => {
  it('prints win chances with 95% intervals, rounds and per-combatant fates', async () => {
    const r = await aces(['odds', 'samples/tavern-brawl.aces', '-n', '2000']);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /^# samples\/tavern-brawl\.aces — encounter "Brawl at the Rusty Flagon" — 2,000 combats, seed 1207$/m,
    );
    assert.match(r.out, /^regulars win +\d+\.\d% +\d+\.\d% – \d+\.\d%$/m);
    assert.match(r.out, /^rounds: mean \d+\.\d\d, sd/m);
    assert.match(r.out, /^Old Hob +regulars +\d+\.\d% +\d+\.\d% +\d+\.\d ± \d+\.\d +(\d+\.\d ± \d+\.\d|—)$/m);
  });

  it('says what ± is, what Broken and Defeated mean, and why a boss whose fall ends the fight is never Defeated', async () => {
    const r = await aces(['odds', 'samples/boss-warlord.aces', '-n', '1500']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /damage dealt \(mean ± sd\) +Vitality left in wins \(mean ± sd\)$/m);
    assert.match(r.out, /^sd: the standard deviation over the combats/m);
    assert.match(r.out, /^Broken: fell to 0 Vitality at least once \(HA-B1\)\. Defeated: .*\(HA-B3\)\.$/m);
    assert.match(r.out, /^Warlord Vask +warband +\d+\.\d% +0\.0% /m);
    assert.match(
      r.out,
      /^(?:[^\n:]+, )?Warlord Vask: Broken in some combats, never Defeated: the fight ends as soon as a side has nobody able to act \(HA-I6\)/m,
    );
  });

  it('--json: an outcome that never happened has the interval [0, …] exactly, not 1.7e-18', async () => {
    const r = await aces(['odds', 'samples/boss-warlord.aces', '-n', '300', '--json']);
    const j = JSON.parse(r.out) as Result;
    assert.equal(j.stalemate.count, 0);
    assert.equal(j.stalemate.ci95[0], 0);
    assert.ok(/"ci95": \[\s*0,/.test(r.out));
  });

  it('--json: outcomes sum to 1, each interval holds its estimate, and the result does not depend on threads', async () => {
    const one = await aces(['odds', 'samples/boss-warlord.aces', '-n', '800', '--threads', '1', '--json', '--strikes']);
    const two = await aces(['odds', 'samples/boss-warlord.aces', '-n', '800', '--threads', '2', '--json', '--strikes']);
    assert.equal(one.code, 0, one.err);
    assert.equal(one.out, two.out);
    const j = JSON.parse(one.out) as Result;
    assert.equal(j.runs, 800);
    const total = j.sides.reduce((s, x) => s + x.count, 0) + j.stalemate.count + j.draw.count;
    assert.equal(total, 800);
    for (const p of [...j.sides, j.stalemate, ...j.combatants.map((c) => c.broken)]) {
      assert.ok(p.ci95[0] <= p.p && p.p <= p.ci95[1], JSON.stringify(p));
    }
    assert.ok(j.strikes && j.strikes.length > 0);
    for (const row of j.strikes)
      assert.ok(
        row.strikes[0].pHit >= row.strikes[2].pHit,
        'HA-S4: the 3rd Strike is never likelier to hit than the 1st',
      );
  });

  it("--strikes: HA-C3 each attacker's own deck, HA-W3 a row per Scatter mode (single at full bonus, Scatter at −1)", async () => {
    const dir = tempDir('aces-strikes-');
    const file = join(dir, 'gun.aces');
    writeFileSync(
      file,
      `weapon Shotgun { firearm +1 scatter }
deck Lucky { homebrew cards A♦ K♦ Q♦ 9♦ 7♥ 5♠ 3♣ 2♦ }
character Gunner { heart 1 body 2 mind 3 spirit 1 vitality 12 wields Shotgun deck Lucky }
character Thug { heart 1 body 2 mind 1 spirit 1 vitality 10 }
encounter Alley {
  side a { Gunner }
  side b { Thug x2 }
}
`,
    );
    const r = await aces(['odds', file, '-n', '100', '--json', '--strikes']);
    assert.equal(r.code, 0, r.err);
    const rows = (
      JSON.parse(r.out) as {
        strikes: { attacker: string; deck: string; mode: string; strikes: { expectedDamage: number }[] }[];
      }
    ).strikes.filter((x) => x.attacker === 'Gunner');
    assert.deepEqual(
      rows.map((x) => x.mode),
      ['single', 'scatter'],
    );
    assert.equal(rows[0].deck, "homebrew deck 'Lucky' (8 cards)");
    assert.ok(rows[0].strikes[0].expectedDamage > rows[1].strikes[0].expectedDamage, 'Scatter pays −1 damage');
    const text = (await aces(['odds', file, '-n', '100', '--strikes'])).out;
    assert.match(text, /^Gunner \(Shotgun, Scatter −1\) → Thug \[Guard 7\]/m);
    assert.match(
      text,
      /decks \(HA-C3\): Gunner: homebrew deck 'Lucky' \(8 cards\); everyone else a standard 52-card deck/,
    );
  });

  it('a bad -n is a usage error', async () => {
    const r = await aces(['odds', 'samples/tavern-brawl.aces', '-n', '0']);
    assert.equal(r.code, 2);
    assert.match(r.err, /whole number from 1/);
  });
});
