// "Balance this encounter…" (server/service/balance.ts; issue 14 item 3): the code action offers the numbers the
// encounter's stat blocks write, and `aces/tune` answers with the value closest to the target and its edit.
import assert from 'node:assert/strict';
import { serviceWith, applyEdits } from '../cursor.js';
import { MAIN, OTHERS } from '../fixtures.js';
import { BALANCE_RUNS, type BalanceArgs } from '../../../protocol/lsp-ext.js';
import { balanceRuns } from '../../../server/service/balance.js';

const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 2 } });
const AMBUSH_LINE = MAIN.split('\n').findIndex((l) => l.startsWith('encounter Ambush'));

describe('server/service "Balance this encounter…"', function () {
  this.timeout(120_000);

  it("a request's combats per try or value: BALANCE_RUNS when it names none or no number, else within 100…100,000", () => {
    assert.deepEqual(
      [undefined, NaN, Infinity].map((r) => balanceRuns(r)),
      [BALANCE_RUNS, BALANCE_RUNS, BALANCE_RUNS],
    );
    assert.deepEqual(
      [5, 600.7, 1e9].map((r) => balanceRuns(r)),
      [100, 600, 100_000],
    );
  });

  it('inside an encounter: one refactor action whose argument lists the numbers of the blocks it places', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const actions = ls.codeActions(uri, at(AMBUSH_LINE + 2)).filter((a) => a.title === 'Balance this encounter…');
    assert.equal(actions.length, 1);
    // its sweep sibling offers the same numbers
    const sweep = ls
      .codeActions(uri, at(AMBUSH_LINE + 2))
      .filter((a) => a.title === 'Sweep a number of this encounter…');
    assert.equal(sweep.length, 1);
    assert.equal(sweep[0].command!.command, 'aces.sweepEncounter');
    assert.deepEqual(sweep[0].command!.arguments, actions[0].command!.arguments);
    assert.equal(actions[0].kind, 'refactor.rewrite');
    const args = actions[0].command!.arguments![0] as BalanceArgs;
    assert.equal(args.encounter, 'Ambush');
    assert.deepEqual(args.sides, ['heroes', 'thugs']);
    const thugVit = args.candidates.find((c) => c.block === 'Thug' && c.attr === 'vitality');
    // the range offered first is the one `aces tune --vary Thug.vitality` searches: half to twice the 10 written
    assert.deepEqual(thugVit, { block: 'Thug', attr: 'vitality', value: 10, file: uri, range: { from: 5, to: 20 } });
    assert.ok(args.candidates.some((c) => c.block === 'Kael' && c.attr === 'vitality' && c.value === 24));
    // issue 34 item 3 (HA-N1): a stat is offered inside the rules' 1–6, not half to twice (Body 4: 2..6, not 2..8)
    const body = args.candidates.find((c) => c.block === 'Kael' && c.attr === 'body')!;
    assert.equal(body.value, 4);
    assert.deepEqual(body.range, { from: 2, to: 6 });
    assert.ok(!args.candidates.some((c) => c.attr === 'player'), 'a flag is no number');
  });

  it('not offered outside an encounter, nor when only quick fixes are asked for', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    assert.equal(ls.codeActions(uri, at(3)).filter((a) => a.title.startsWith('Balance')).length, 0);
    assert.equal(
      ls.codeActions(uri, at(AMBUSH_LINE + 2), ['quickfix']).filter((a) => a.title.startsWith('Balance')).length,
      0,
    );
  });

  it('aces/tune finds the value closest to the target; written in, the encounter has exactly that chance', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const tries: number[] = [];
    const r = await ls.tune(
      { uri, encounter: 'Ambush', vary: 'Thug.vitality=2..60', target: 'heroes win 50%', runs: 800 },
      undefined,
      (v) => tries.push(v),
    );
    assert.ok('edit' in r, JSON.stringify(r));
    assert.ok(r.value >= 2 && r.value <= 60);
    assert.ok(r.tries.length <= 8, `${r.tries.length} tries`);
    assert.deepEqual(
      tries,
      r.tries.map((t) => t.value),
    );
    // the best of the tries, by distance to 50%
    for (const t of r.tries) if (t.p !== undefined) assert.ok(Math.abs(r.p - 0.5) <= Math.abs(t.p - 0.5));
    const edited = applyEdits(MAIN, [r.edit]);
    assert.match(edited.split('\n')[r.edit.range.start.line], new RegExp(`vitality ${r.value}\\b`));
    const { ls: ls2, uri: uri2 } = serviceWith(edited, OTHERS);
    const odds = (await ls2.encounterOdds({ uri: uri2, encounter: 'Ambush', runs: 800 }))!;
    assert.equal(odds.sides[0].p, r.p);
  });

  it('an outcome the encounter lacks, or a block it does not know, is an error reply, not a throw', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const a = await ls.tune({
      uri,
      encounter: 'Ambush',
      vary: 'Thug.vitality=2..20',
      target: 'villains wins 50%',
      runs: 100,
    });
    assert.match('error' in a ? a.error : '', /no outcome "villains wins"/);
    const b = await ls.tune({
      uri,
      encounter: 'Ambush',
      vary: 'Thugg.vitality=2..20',
      target: 'heroes wins 50%',
      runs: 100,
    });
    assert.match('error' in b ? b.error : '', /no block named 'Thugg'.*Thug/);
  });
});
