// `aces tune` (issue 14, tune): bisection over one number toward a target chance,
// on common random numbers, and --write puts the value into the file.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './in-process.js';
import { outcomeOf, parseTarget } from '../../balance/tune.js';
import type { MonteCarloResult } from '../../systems/index.js';

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('cli: aces tune', function () {
  this.timeout(120000);
  it('reads "SIDE wins N%" targets and refuses others', () => {
    assert.deepEqual(parseTarget('party wins 50%'), { outcome: 'party wins', p: 0.5 });
    assert.deepEqual(parseTarget('stalemate 2.5 %'), { outcome: 'stalemate', p: 0.025 });
    assert.match((parseTarget('half') as { error: string }).error, /SIDE wins 50%/);
  });

  it('a target names a side as the odds print it or in the other form ("goblins win", "goblins wins", "goblins")', () => {
    const side = (p: number) => ({ p, ci95: [p, p] as [number, number] });
    const r = {
      sides: [
        { side: 'party', ...side(0.2) },
        { side: 'goblins', ...side(0.7) },
      ],
      stalemate: side(0.1),
    } as unknown as MonteCarloResult;
    for (const t of ['goblins win', 'goblins wins', 'goblins']) assert.equal(outcomeOf(r, t)?.p, 0.7, t);
    for (const t of ['party wins', 'party win']) assert.equal(outcomeOf(r, t)?.p, 0.2, t);
    assert.equal(outcomeOf(r, 'stalemate')?.p, 0.1);
    assert.equal(outcomeOf(r, 'orcs win'), undefined);
  });

  it('finds the value closest to the target in a handful of tries (bisection over 30..80: at most 8)', async () => {
    const r = JSON.parse(
      (
        await cli(
          'tune',
          'samples/boss-warlord.aces',
          '--target',
          'party wins 50%',
          '--vary',
          '"Warlord Vask".vitality=30..80',
          '-n',
          '600',
          '--json',
        )
      ).out,
    );
    assert.ok(r.evaluations.length <= 8, `${r.evaluations.length} tries`);
    const ps = r.evaluations.filter((e: { p: number | null }) => e.p !== null);
    const best = Math.min(...ps.map((e: { p: number }) => Math.abs(e.p - 0.5)));
    assert.equal(Math.abs(r.p - 0.5), best);
    assert.ok(r.value > 30 && r.value < 80);
    assert.ok(r.ci95[0] <= r.p && r.p <= r.ci95[1]);
    // 50% lies within the answer's interval: reached
    assert.equal(r.reached, true);
    assert.ok(r.ci95[0] <= 0.5 && 0.5 <= r.ci95[1], JSON.stringify(r.ci95));
  });

  it("a target no value of the range reaches is said so, not only the closest value (Heart Rush, the ford: the pack wins over 60% whatever Sable's hp), an end of the range or not", async () => {
    const j = JSON.parse(
      (
        await cli(
          'tune',
          'samples/heart-rush/wolves-at-the-ford.aces',
          '--target',
          'pack wins 50%',
          '--vary',
          'Sable.hp',
          '-n',
          '600',
          '--json',
        )
      ).out,
    );
    assert.equal(j.reached, false);
    assert.ok(
      j.evaluations.every((e: { p: number }) => e.p > 0.6),
      JSON.stringify(j.evaluations),
    );
    // both ends on one side of the target: no value between is tried (a curve that only rises or falls)
    assert.deepEqual(
      j.evaluations.map((e: { value: number }) => e.value),
      [14, 56],
    );
    assert.ok(j.ci95[0] > 0.5);
    const text = await cli(
      'tune',
      'samples/heart-rush/wolves-at-the-ford.aces',
      '--target',
      'pack wins 50%',
      '--vary',
      'Sable.hp',
      '-n',
      '600',
    );
    assert.match(
      text.out,
      /no value of 14\.\.56 brings pack wins to 50\.0%: the values tried give \d+\.\d%–\d+\.\d%; this is the closest/,
    );
    // the closest at an end of the range says where else to look
    if (j.value === 14 || j.value === 56)
      assert.match(text.out, /this is the closest\. It is an end of the range: widen it if the target lies beyond\./);
  });

  it('just the number, as a GM types it (`--vary "Warlord Vask".vitality`): half to twice the 40 written', async () => {
    const r = await cli(
      'tune',
      'samples/boss-warlord.aces',
      '--target',
      'party wins 50%',
      '--vary',
      '"Warlord Vask".vitality',
      '-n',
      '600',
      '--json',
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(j.range, [20, 80]);
    assert.equal(j.written, 40);
    assert.ok(j.evaluations.every((e: { value: number }) => e.value >= 20 && e.value <= 80));
    assert.ok(
      j.evaluations.some((e: { value: number }) => e.value === 20) &&
        j.evaluations.some((e: { value: number }) => e.value === 80),
      'both ends tried',
    );
    const text = await cli(
      'tune',
      'samples/boss-warlord.aces',
      '--target',
      'party wins 50%',
      '--vary',
      '"Warlord Vask".vitality',
      '-n',
      '300',
    );
    assert.match(text.out, /searching Warlord Vask\.vitality from 20 to 80: half to twice the 40 written/);
  });

  it('an end that breaks a rule is narrowed to the nearest value that checks, and says which rule (HR-N3: hp above 0)', async () => {
    const r = await cli(
      'tune',
      'samples/heart-rush/goblin-ambush.aces',
      '--target',
      'party wins 50%',
      '--vary',
      'Aldric.hp=-5..60',
      '-n',
      '400',
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /searched 1\.\.60: the values beyond break a rule \(HR-N3: /);
    const tried = [...r.out.matchAll(/^Aldric\.hp\s+(-?\d+):/gm)].map((m) => Number(m[1]));
    assert.ok(tried.length > 0 && tried.every((v) => v >= 1 && v <= 60), tried.join(','));
    assert.ok(tried.includes(1), 'the narrowed end is fought');
  });

  it('a range whose ends both break a rule, the number written outside it, says where the number is written (file:line:col) and which rule', async () => {
    const r = await cli(
      'tune',
      'samples/heart-rush/goblin-ambush.aces',
      '--target',
      'party wins 50%',
      '--vary',
      'Aldric.hp=-10..-5',
      '-n',
      '300',
    );
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /^aces tune: samples\/heart-rush\/bestiary\.aces:(\d+):(\d+): Aldric\.hp -10 breaks a rule: HR-N3: .*; search values that check$/m,
    );
    const bestiaryLines = readFileSync('samples/heart-rush/bestiary.aces', 'utf8').split('\n');
    const [, line, col] = /bestiary\.aces:(\d+):(\d+)/.exec(r.err)!.map(Number);
    assert.match(bestiaryLines[line - 1].slice(col - 1), /^40\b/, "the column is Aldric's hp 40");
  });

  it('an unknown number given without a range says so, exit 1', async () => {
    const r = await cli(
      'tune',
      'samples/boss-warlord.aces',
      '--target',
      'party wins 50%',
      '--vary',
      '"Warlord Vask".guard',
    );
    assert.equal(r.code, 1);
    assert.match(r.err, /aces tune --vary: .*Warlord Vask has no whole-number 'guard'/);
  });

  it('--write puts the value into the file that declares the block (here the encounter file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aces-tune-'));
    try {
      cpSync('samples', dir, { recursive: true });
      const file = join(dir, 'boss-warlord.aces');
      const r = await cli(
        'tune',
        file,
        '--target',
        'party wins 50%',
        '--vary',
        '"Warlord Vask".vitality=30..70',
        '-n',
        '300',
        '--write',
      );
      assert.equal(r.code, 0, r.err);
      const value = /best: Warlord Vask\.vitality (\d+)/.exec(r.out)![1];
      assert.match(readFileSync(file, 'utf8'), new RegExp(`vitality ${value}  armor 2`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('issue 34 item 3: inside the rules, honest about the fights it buys', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'aces-tune34-'));
      cpSync('samples', dir, { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("HA-N1: Body is searched within the rules' 1–6 unless --homebrew; an end that misses the target is not written", async () => {
      const file = join(dir, 'boss-warlord.aces');
      const party = readFileSync(join(dir, 'party.aces'), 'utf8');
      const args = ['tune', file, '--target', 'party wins 99%', '--vary', 'Kael.body=2..10', '-n', '300'];
      const r = await cli(...args, '--write', '--json');
      assert.equal(r.code, 1, 'the edge value that missed the target is refused');
      assert.match(r.err, /not written: Kael\.body 6 is an end of the range 2\.\.6 and does not reach party wins 99%/);
      assert.equal(readFileSync(join(dir, 'party.aces'), 'utf8'), party, 'nothing written');
      const j = JSON.parse(r.out);
      assert.deepEqual(j.range, [2, 6]);
      assert.equal(j.homebrewBeyond, true);
      assert.ok(
        j.evaluations.every((e: { value: number }) => e.value <= 6),
        'no homebrew value fought',
      );
      const text = await cli(...args);
      assert.match(text.out, /searched 2\.\.6, the rules' range: the values beyond are homebrew \(HA-N1/);
      assert.match(text.out, /--write would not write it/);
      // widened by the GM: homebrew values are searched, and the one chosen is called homebrew
      const wide = JSON.parse((await cli(...args, '--homebrew', '--json')).out);
      assert.deepEqual(wide.range, [2, 10]);
      assert.ok(wide.value > 6, `a homebrew Body reaches further: ${wide.value}`);
      assert.match(wide.homebrew, /^HA-N1: .*homebrew/);
      const said = await cli(...args, '--homebrew');
      assert.match(said.out, new RegExp(`warning: Kael\\.body ${wide.value} is a homebrew value`));
    });

    it("the chosen value's stalemate share, mean rounds and verdict are its own fights' (the odds of the written file)", async () => {
      const file = join(dir, 'boss-warlord.aces');
      const t = await cli(
        'tune',
        file,
        '--target',
        'party wins 50%',
        '--vary',
        '"Warlord Vask".vitality=30..70',
        '-n',
        '300',
        '--write',
        '--json',
      );
      assert.equal(t.code, 0, t.err);
      const j = JSON.parse(t.out);
      const odds = JSON.parse((await cli('odds', file, '-n', '300', '--json')).out);
      assert.equal(j.stalemate, odds.stalemate.p);
      assert.equal(j.meanRounds, odds.rounds.mean);
      assert.match(j.verdict, new RegExp(`^${odds.verdict.label}\\b`));
      const text = await cli(
        'tune',
        file,
        '--target',
        'party wins 50%',
        '--vary',
        '"Warlord Vask".vitality=30..70',
        '-n',
        '300',
      );
      assert.match(text.out, /\n  its fights: stalemate \d+\.\d%, \d+\.\d rounds on average; verdict \w+/);
    });

    it('a target may name a length: "about 4 rounds", alone or with a chance', async () => {
      assert.deepEqual(parseTarget('about 4 rounds'), { outcome: '', p: NaN, rounds: 4 });
      assert.deepEqual(parseTarget('party wins 50%, about 4 rounds'), { outcome: 'party wins', p: 0.5, rounds: 4 });
      assert.deepEqual(parseTarget('party wins 50% and 3.5 rounds'), { outcome: 'party wins', p: 0.5, rounds: 3.5 });
      assert.ok('error' in parseTarget('about 0 rounds'));
      const file = join(dir, 'boss-warlord.aces');
      const r = await cli(
        'tune',
        file,
        '--target',
        'about 4 rounds',
        '--vary',
        '"Warlord Vask".vitality=20..120',
        '-n',
        '400',
        '--json',
      );
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out);
      assert.equal(j.measure, 'mean rounds');
      assert.equal(j.p, j.meanRounds, 'the value measured is the mean length');
      assert.ok(Math.abs(j.meanRounds - 4) <= 0.5 || !j.reached, JSON.stringify(j));
      const lens = j.evaluations.filter((e: { meanRounds?: number }) => e.meanRounds !== undefined);
      const closest = Math.min(...lens.map((e: { meanRounds: number }) => Math.abs(e.meanRounds - 4)));
      assert.ok(Math.abs(j.meanRounds - 4) <= closest + 1e-9, 'the closest length of the values fought');
    });
  });
});
