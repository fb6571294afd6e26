// No odds from a broken file (issue 34 item 1): a typo in a stat block the encounter places (outside the
// encounter's block) or in a file it uses made the boss fight unarmed, and the lens, the inlay, the sweep and
// Balance showed that fight's figures. Every odds surface refuses such an encounter and says why in one line.
import assert from 'node:assert/strict';
import { memoryHost } from '../../../model/workspace.js';
import { createLanguageService } from '../../../server/service/index.js';
import { ARMOURY, MAIN } from '../fixtures.js';

function service(files: Record<string, string>) {
  const host = {
    read: (p: string, used?: boolean) => memoryHost(files).read(p, used),
    resolve: (from: string, rel: string) => memoryHost(files).resolve(from, rel),
    listFiles: () => Object.keys(files),
  };
  const ls = createLanguageService(host);
  ls.validate();
  return ls;
}

const TYPO = MAIN.replace('wields Longsword', 'wields "Queens Saber"');
const BROKEN_USE = {
  'armoury.aces': ARMOURY.replace(
    'weapon Dagger { melee light +1 quick }',
    'weapon Dagger { melee light +1 quick sharp }',
  ),
};
const whole = { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } };
const signal = () => new AbortController().signal;
const encLine = MAIN.split('\n').findIndex((l) => l.startsWith('encounter Ambush'));

describe('server/service: no odds from a broken file (issue 34 item 1)', function () {
  this.timeout(120_000);

  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'a typo in a stat block the encounter places (HA-N2)',
      { 'armoury.aces': ARMOURY, 'main.aces': TYPO },
      /main\.aces:7:\d+: .*Queens Saber/,
    ],
    ['an error in a file it uses', { ...BROKEN_USE, 'main.aces': MAIN }, /armoury\.aces:2:\d+ \(a file it uses\)/],
  ];
  for (const [what, files, where] of cases) {
    it(`${what}: live odds skip it, the lens and the inlay say why in one line`, async () => {
      const ls = service(files);
      // odds from before the error must not show either: the lens reads the encounter's state now
      assert.equal(await ls.liveOdds('main.aces', 300, signal(), true), 0);
      const lens = ls.codeLenses('main.aces')[2].command!.title;
      assert.match(lens, /^Odds: none — an error at /);
      assert.match(lens, where);
      assert.ok(!lens.includes('\n'));
      const hint = ls.inlayHints('main.aces', whole).find((h) => h.position.line === encLine);
      assert.equal(hint?.label, 'no odds: errors');
      assert.match(String(hint?.tooltip), where);
    });

    it(`${what}: Preview Odds, the sweep and Balance refuse up front, and no Balance action is offered`, async () => {
      const ls = service(files);
      assert.equal(await ls.encounterOdds({ uri: 'main.aces', encounter: 'Ambush', runs: 200 }), null);
      const sweep = await ls.sweep({ uri: 'main.aces', encounter: 'Ambush', vary: 'Thug.vitality=5..15', runs: 100 });
      assert.ok('error' in sweep, 'the sweep is refused before any value is fought');
      assert.match(sweep.error, /^"Ambush" cannot be simulated: an error at /);
      assert.match(sweep.error, where);
      const tune = await ls.tune({
        uri: 'main.aces',
        encounter: 'Ambush',
        target: 'heroes win 50%',
        vary: 'Thug.vitality=5..15',
        runs: 100,
      });
      assert.ok('error' in tune);
      assert.match(tune.error, where);
      const inside = { start: { line: encLine + 1, character: 2 }, end: { line: encLine + 1, character: 2 } };
      assert.deepEqual(
        ls.codeActions('main.aces', inside).filter((a) => a.title.startsWith('Balance')),
        [],
      );
    });

    it(`${what}: a hover on a placement inside the encounter shows no encounter tables, and says why`, () => {
      const ls = service(files);
      const line = MAIN.split('\n').findIndex((l) => l.includes('Thug x2 at bar'));
      const h = ls.hover('main.aces', { line, character: MAIN.split('\n')[line].indexOf('Thug') + 1 });
      const text = (h?.contents as { value: string }).value;
      assert.match(text, /No odds: an error at /);
    });
  }

  it('the same file without the error: the lens and the sweep give figures (the refusal is not a blanket one)', async () => {
    const ls = service({ 'armoury.aces': ARMOURY, 'main.aces': MAIN });
    assert.equal(await ls.liveOdds('main.aces', 300, signal(), true), 1);
    // the lens carries the server's verdict: label, any PC taken out, mean length (issue 34 item 4)
    assert.match(
      ls.codeLenses('main.aces')[2].command!.title,
      /^Odds: heroes \d+% · thugs \d+%.* · (trivial|easy|medium|hard|deadly|stalemate) · PC down \d+% · \d+\.\d rounds/,
    );
    const full = await ls.encounterOdds({ uri: 'main.aces', encounter: 'Ambush', runs: 200, detail: true });
    assert.match(
      full!.detail!.verdict!.text!,
      / — heroes win \d+\.\d%; a player character Broken in \d+\.\d% of fights; \d+\.\d rounds on average$/,
    );
    const sweep = await ls.sweep({ uri: 'main.aces', encounter: 'Ambush', vary: 'Thug.vitality=8..10', runs: 100 });
    assert.ok(!('error' in sweep));
    // each row's length and verdict (issue 34 item 5)
    for (const row of sweep.rows) {
      assert.ok(row.meanRounds! > 0);
      assert.match(row.verdict!, /^(trivial|easy|medium|hard|deadly|stalemate)$/);
    }
    const count = await ls.sweep({ uri: 'main.aces', encounter: 'Ambush', vary: 'Thug.count=1..3', runs: 100 });
    assert.ok(!('error' in count), JSON.stringify(count));
  });

  it('an error inside another encounter of the file does not withhold this one', async () => {
    const other = `${MAIN}\nencounter Other {\n  side a { Kael }\n  side b { Nobody }\n}\n`;
    const ls = service({ 'armoury.aces': ARMOURY, 'main.aces': other });
    assert.ok(ls.diagnostics('main.aces').some((d) => d.severity === 1));
    assert.equal(await ls.liveOdds('main.aces', 200, signal(), true), 1);
    assert.match(ls.codeLenses('main.aces')[2].command!.title, /^Odds: heroes \d+%/);
  });
});
