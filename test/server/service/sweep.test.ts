// "Sweep a number of this encounter…" (server/service/sweep.ts; issue 14 item 2 in the editor): `aces/sweep` answers
// each side's chance per value, every value on the same seeds, exactly the figures of that value's own odds.
import assert from 'node:assert/strict';
import { serviceWith } from '../cursor.js';
import { MAIN, OTHERS } from '../fixtures.js';

describe('server/service aces/sweep', function () {
  this.timeout(120_000);

  it('one row per value, each the very figures of that value written in; a tougher thug never helps the heroes beyond the interval', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const heard: string[] = [];
    const r = await ls.sweep(
      { uri, encounter: 'Ambush', vary: 'Thug.vitality=4..16 step 6', runs: 600 },
      undefined,
      (v, k, n) => heard.push(`${v} ${k + 1}/${n}`),
    );
    assert.ok(!('error' in r), JSON.stringify(r));
    assert.deepEqual(
      r.rows.map((x) => x.value),
      [4, 10, 16],
    );
    assert.deepEqual(heard, ['4 1/3', '10 2/3', '16 3/3']);
    assert.equal(r.block, 'Thug');
    assert.equal(r.written, undefined);
    const heroes = r.rows.map((x) => x.sides![0]);
    for (let k = 1; k < heroes.length; k++)
      assert.ok(
        heroes[k].p <= heroes[k - 1].ci95[1],
        `${r.rows[k].value}: ${heroes[k].p} vs ${JSON.stringify(heroes[k - 1])}`,
      );
    // the 10 row is the file as written (Thug vitality 10): the same combats as its own odds
    const own = (await ls.encounterOdds({ uri, encounter: 'Ambush', runs: 600 }))!;
    assert.equal(r.rows[1].sides![0].p, own.sides[0].p);
    assert.deepEqual(r.rows[1].sides![0].ci95, own.sides[0].ci95);
  });

  it('just the number: values stepped through the one written; a value that breaks a rule is a row that says so', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const r = await ls.sweep({ uri, encounter: 'Ambush', vary: 'Thug.vitality', runs: 200 });
    assert.ok(!('error' in r), JSON.stringify(r));
    assert.equal(r.written, 10);
    assert.ok(r.rows.some((x) => x.value === 10) && r.rows.length >= 3, JSON.stringify(r.rows.map((x) => x.value)));
    const bad = await ls.sweep({ uri, encounter: 'Ambush', vary: 'Thug.vitality=0,10', runs: 200 });
    assert.ok(!('error' in bad), JSON.stringify(bad));
    assert.match(bad.rows[0].error ?? '', /^HA-N4: /);
    assert.ok(bad.rows[1].sides);
  });

  it('an unknown block or a bad range is an error reply, not a throw', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const a = await ls.sweep({ uri, encounter: 'Ambush', vary: 'Thugg.vitality=2..20', runs: 100 });
    assert.match('error' in a ? a.error : '', /no block named 'Thugg'.*Thug/);
    const b = await ls.sweep({ uri, encounter: 'Ambush', vary: 'Thug.vitality=oops', runs: 100 });
    assert.match('error' in b ? b.error : '', /not a range/);
    const c = await ls.sweep({ uri, encounter: 'Nowhere', vary: 'Thug.vitality', runs: 100 });
    assert.match('error' in c ? c.error : '', /no encounter "Nowhere"/);
  });
});
