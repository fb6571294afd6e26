// `aces odds --against` (issue 14, compare): two versions of an encounter on the
// same combats, each outcome's change with a paired interval, against another
// file or the committed version (HEAD).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliIn as cli } from './in-process.js';

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('cli: aces odds --against (compare two versions)', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'aces-compare-'));
    cpSync('samples', dir, { recursive: true });
    const file = join(dir, 'boss-warlord.aces');
    writeFileSync(
      join(dir, 'tougher.aces'),
      readFileSync(file, 'utf8').replace('vitality 40  armor 2', 'vitality 55  armor 2'),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the same version against itself changes nothing, to the last combat (interval 0)', async () => {
    const r = JSON.parse(
      (await cli(dir, 'odds', 'boss-warlord.aces', '--against', 'boss-warlord.aces', '-n', '500', '--json')).out,
    );
    for (const o of r.outcomes) assert.deepEqual([o.change, o.halfWidth], [0, 0], o.outcome);
  });

  it("a tougher boss: the party's chance moves, with a paired interval tighter than two independent batches would give", async () => {
    const r = JSON.parse(
      (await cli(dir, 'odds', 'boss-warlord.aces', '--against', 'tougher.aces', '-n', '1500', '--json')).out,
    );
    const party = r.outcomes.find((o: { outcome: string }) => o.outcome === 'party wins');
    assert.ok(party.change > 0, 'the file (Vitality 40) beats the tougher boss (55) more often than the other version');
    const unpaired = 1.96 * Math.sqrt((party.before * (1 - party.before) + party.after * (1 - party.after)) / 1500);
    assert.ok(party.halfWidth < unpaired, `paired ±${party.halfWidth} vs unpaired ±${unpaired}`);
    assert.ok(Math.abs(party.change - (party.after - party.before)) < 1e-12);
  });

  it('--against HEAD compares with the committed version of the same file', async () => {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, stdio: 'ignore' });
    git('init', '-q');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'x');
    writeFileSync(join(dir, 'boss-warlord.aces'), readFileSync(join(dir, 'tougher.aces'), 'utf8'));
    const r = await cli(dir, 'odds', 'boss-warlord.aces', '--against', 'HEAD', '-n', '800');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^# HEAD → boss-warlord\.aces/);
    assert.match(r.out, /party wins\s+\d+\.\d%\s+\d+\.\d%\s+−\d+\.\d ± \d+\.\d/);
  });

  it('--against REV runs the revision\'s whole closure of `use`d files on the "before" side (issue 34 item 2)', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'aces-closure-'));
    try {
      cpSync('samples', repo, { recursive: true });
      const git = (...a: string[]) =>
        execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...a], { cwd: repo, stdio: 'ignore' });
      git('init', '-q');
      git('add', '.');
      git('commit', '-qm', 'x');
      const party = () => readFileSync(join(repo, 'party.aces'), 'utf8');
      const committed = JSON.parse((await cli(repo, 'odds', 'boss-warlord.aces', '-n', '600', '--json')).out);
      // only the used party file changes: Kael's Vitality 24 → 4
      writeFileSync(join(repo, 'party.aces'), party().replace('vitality 24', 'vitality 4'));
      const edited = JSON.parse((await cli(repo, 'odds', 'boss-warlord.aces', '-n', '600', '--json')).out);
      const chance = (r: { sides: { side: string; p: number }[] }) => r.sides.find((x) => x.side === 'party')!.p;
      assert.notEqual(chance(committed), chance(edited), 'the edit changes the fight');
      {
        const rev = 'HEAD';
        const r = JSON.parse(
          (await cli(repo, 'odds', 'boss-warlord.aces', '--against', rev, '-n', '600', '--json')).out,
        );
        const p = r.outcomes.find((o: { outcome: string }) => o.outcome === 'party wins');
        assert.equal(p.before, chance(committed), 'before: the committed boss file AND the committed party file');
        assert.equal(p.after, chance(edited));
      }
      // another revision by its name: HEAD~0 is HEAD
      const t = await cli(repo, 'odds', 'boss-warlord.aces', '--against', 'HEAD~0', '-n', '300');
      assert.equal(t.code, 0, t.err);
      assert.match(t.out, /^# HEAD~0 \([0-9a-f]{7}\) → boss-warlord\.aces/);
      const bad = await cli(repo, 'odds', 'boss-warlord.aces', '--against', 'no-such-rev', '-n', '100');
      assert.equal(bad.code, 1);
      assert.match(bad.err, /'no-such-rev' is neither a file nor a git revision/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('a hostile -n is refused with the bound, before any combat runs', async () => {
    const r = await cli(dir, 'odds', 'boss-warlord.aces', '--against', 'tougher.aces', '-n', '5000000');
    assert.equal(r.code, 2);
    assert.match(r.err, /at most 1,000,000 combats per version/);
  });

  it('a file outside git has no HEAD: said plainly', async () => {
    const lone = mkdtempSync(join(tmpdir(), 'aces-nogit-'));
    try {
      cpSync('samples', lone, { recursive: true });
      const r = await cli(lone, 'odds', 'boss-warlord.aces', '--against', 'HEAD', '-n', '100');
      assert.equal(r.code, 1);
      assert.match(r.err, /has no committed version to compare against/);
    } finally {
      rmSync(lone, { recursive: true, force: true });
    }
  });
});
