// Odds as you type (server/service/odds.ts; issues 14 item 4 and 15 item 3): after an edit the lens reads how
// the win chance moved since the saved version, both versions fought on the same seeds, with a paired interval.
import assert from 'node:assert/strict';
import { memoryHost } from '../../../model/workspace.js';
import { createLanguageService } from '../../../server/service/index.js';
import { changeSummary } from '../../../server/service/actions.js';
import { LIVE_ESTIMATE_MIN_RUNS, LIVE_MAX_ENCOUNTERS } from '../../../server/service/odds.js';
import { MAIN, OTHERS } from '../fixtures.js';

/** A service over files that the test edits in place. */
function editable(main: string) {
  const files: Record<string, string> = { ...OTHERS, 'main.aces': main };
  const host = {
    read: (p: string, used?: boolean) => memoryHost(files).read(p, used),
    resolve: (from: string, rel: string) => memoryHost(files).resolve(from, rel),
    listFiles: () => Object.keys(files),
  };
  const ls = createLanguageService(host);
  const edit = (text: string) => {
    files['main.aces'] = text;
    ls.didChange('main.aces');
    ls.validate();
  };
  ls.validate();
  return { ls, edit };
}

const lens = (ls: ReturnType<typeof createLanguageService>) => ls.codeLenses('main.aces')[2].command!.title;
const signal = () => new AbortController().signal;

describe('server/service odds as you type, against the saved version', function () {
  this.timeout(120_000);

  it('the version opened is the baseline: its own odds show no change', async () => {
    const { ls } = editable(MAIN);
    ls.liveSaved('main.aces');
    assert.equal(await ls.liveOdds('main.aces', 400, signal(), true), 1);
    const o = ls.lastOdds('main.aces', 'Ambush')!;
    assert.equal(o.runs, 400);
    assert.equal(o.change, undefined);
    assert.match(lens(ls), /^Odds: heroes \d+% · thugs \d+%/);
  });

  it('a tougher foe after an edit: "heroes win A% → B% (−d ± h)", before and after the two versions\' own odds', async () => {
    const { ls, edit } = editable(MAIN);
    ls.liveSaved('main.aces');
    await ls.liveOdds('main.aces', 600, signal(), true);
    const before = ls.lastOdds('main.aces', 'Ambush')!.sides[0].p;
    edit(MAIN.replace('vitality 10', 'vitality 30'));
    await ls.liveOdds('main.aces', 600, signal(), true);
    const o = ls.lastOdds('main.aces', 'Ambush')!;
    const c = o.change!;
    assert.ok(c, 'a change is reported');
    assert.equal(c.versus, 'saved');
    assert.equal(c.side, 'heroes');
    assert.equal(c.before, before);
    assert.equal(c.after, o.sides[0].p);
    assert.ok(Math.abs(c.change - (c.after - c.before)) < 1e-12);
    assert.ok(c.change < 0 && c.halfWidth > 0);
    assert.match(lens(ls), /^Odds: heroes win \d+% → \d+% \(−[\d.]+ ± [\d.]+\) · \w+ · PC down \d+% · [\d.]+ rounds/);
  });

  it('an edit that changes no combat (a comment) shows no change; saving makes the edited version the baseline', async () => {
    const { ls, edit } = editable(MAIN);
    ls.liveSaved('main.aces');
    await ls.liveOdds('main.aces', 300, signal(), true);
    edit(`# a note\n${MAIN}`);
    await ls.liveOdds('main.aces', 300, signal(), true);
    assert.equal(ls.lastOdds('main.aces', 'Ambush')!.change, undefined);
    edit(MAIN.replace('vitality 10', 'vitality 30'));
    ls.liveSaved('main.aces');
    await ls.liveOdds('main.aces', 300, signal(), true);
    assert.equal(ls.lastOdds('main.aces', 'Ambush')!.change, undefined, 'the saved version is its own baseline');
  });

  it('an encounter with an error inside is not simulated; an aborted run stores nothing', async () => {
    const { ls, edit } = editable(MAIN);
    edit(MAIN.replace('Thug x2 at bar', 'Thug x2 at nowhere'));
    assert.equal(await ls.liveOdds('main.aces', 300, signal(), true), 0);
    const { ls: ls2 } = editable(MAIN);
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(ls2.liveOdds('main.aces', 300, abort.signal, true), { name: 'AbortError' });
    assert.equal(ls2.lastOdds('main.aces', 'Ambush'), undefined);
  });

  it('a file of many encounters: only the first LIVE_MAX_ENCOUNTERS are fought again after an edit', async () => {
    const many =
      MAIN +
      Array.from({ length: LIVE_MAX_ENCOUNTERS + 3 }, (_, i) =>
        MAIN.slice(MAIN.indexOf('encounter Ambush')).replace('encounter Ambush', `encounter Copy${i}`),
      ).join('\n');
    const { ls } = editable(many);
    assert.equal(await ls.liveOdds('main.aces', 50, signal(), true), LIVE_MAX_ENCOUNTERS);
    assert.ok(ls.lastOdds('main.aces', 'Ambush'));
    assert.equal(ls.lastOdds('main.aces', `Copy${LIVE_MAX_ENCOUNTERS + 2}`), undefined);
  });

  it('the first estimate within a time budget: a spent budget still fights LIVE_ESTIMATE_MIN_RUNS of each encounter, compared on those; an ample one every fight asked for', async () => {
    const two = MAIN + MAIN.slice(MAIN.indexOf('encounter Ambush')).replace('encounter Ambush', 'encounter Again');
    const { ls, edit } = editable(two);
    ls.liveSaved('main.aces');
    await ls.liveOdds('main.aces', 2000, signal(), true);
    edit(two.replace('vitality 10', 'vitality 30'));
    assert.equal(await ls.liveOdds('main.aces', 2000, signal(), false, 0), 2);
    for (const name of ['Ambush', 'Again']) {
      const o = ls.lastOdds('main.aces', name)!;
      assert.equal(o.runs, LIVE_ESTIMATE_MIN_RUNS, name);
      assert.equal(o.change?.runs, LIVE_ESTIMATE_MIN_RUNS, `${name}: paired on the fights both versions had`);
    }
    await ls.liveOdds('main.aces', 2000, signal(), false, 60_000);
    assert.equal(ls.lastOdds('main.aces', 'Again')!.runs, 2000);
  });

  it('the change reads in whole points, or tenths when its interval is under a point', () => {
    const base = { versus: 'saved', side: 'party', runs: 2000 };
    assert.equal(
      changeSummary({ ...base, before: 0.62, after: 0.48, change: -0.14, halfWidth: 0.011 }),
      'party wins 62% → 48% (−14 ± 1)',
    );
    assert.equal(
      changeSummary({ ...base, before: 0.5, after: 0.512, change: 0.012, halfWidth: 0.004 }),
      'party wins 50% → 51% (+1.2 ± 0.4)',
    );
    assert.equal(
      changeSummary({ ...base, before: 0.5, after: 0.5, change: 0.0001, halfWidth: 0.02 }),
      'party wins 50% → 50% (0 ± 2)',
    );
  });
});
