// `aces odds --vary` (issue 14, sweep): one batch per value, the same combats
// for every value (common random numbers), any system.
import assert from 'node:assert/strict';
import { cli } from './in-process.js';
import { parseVary, parseVaryNumber, rangeAround, SWEEP_AROUND } from '../../balance/vary.js';

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('cli: aces odds --vary (sweep)', function () {
  this.timeout(120000);
  it('reads ranges, steps, lists and quoted names, and says what to write otherwise', () => {
    assert.deepEqual(parseVary('Boss.vitality=40..70 step 10'), {
      block: 'Boss',
      attr: 'vitality',
      values: [40, 50, 60, 70],
    });
    assert.deepEqual(parseVary('"Dire Wolf".hp=20,25'), { block: 'Dire Wolf', attr: 'hp', values: [20, 25] });
    assert.deepEqual(parseVary('X.body=3..1'), { block: 'X', attr: 'body', values: [3, 2, 1] });
    assert.match((parseVary('Boss=40') as { error: string }).error, /Block\.attribute=FROM\.\.TO/);
    assert.match((parseVary('Boss.hp=1..1000') as { error: string }).error, /at most 40 values/);
  });

  it('just the number (`Boss.vitality`): half to twice a positive number written, five either side of zero or below', () => {
    assert.deepEqual(parseVaryNumber('"Warlord Vask".vitality'), { block: 'Warlord Vask', attr: 'vitality' });
    assert.deepEqual(parseVaryNumber(' Troll.hp '), { block: 'Troll', attr: 'hp' });
    assert.equal(parseVaryNumber('Troll.hp=10..20'), undefined);
    assert.equal(parseVaryNumber('Troll'), undefined);
    assert.deepEqual(rangeAround(40), { from: 20, to: 80 });
    assert.deepEqual(rangeAround(3), { from: 1, to: 6 });
    assert.deepEqual(rangeAround(1), { from: 1, to: 3 }, 'at least two values above it');
    assert.deepEqual(rangeAround(0), { from: -5, to: 5 });
    assert.deepEqual(rangeAround(-2), { from: -7, to: 3 });
  });

  it('a sweep of just the number steps evenly through the value written, within its range, at most SWEEP_AROUND values', async () => {
    const r = JSON.parse(
      (await cli('odds', 'samples/boss-warlord.aces', '-n', '200', '--json', '--vary', '"Warlord Vask".vitality')).out,
    );
    const values: number[] = r.vary.values;
    assert.equal(r.vary.written, 40);
    assert.deepEqual(values, [24, 32, 40, 48, 56, 64, 72, 80]);
    assert.ok(values.length <= SWEEP_AROUND);
    assert.deepEqual(
      r.rows.map((x: { value: number }) => x.value),
      values,
    );
    const text = await cli('odds', 'samples/heart-rush/troll-bridge.aces', '-n', '100', '--vary', 'Troll.hp');
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /values stepped through the \d+ written, between half and twice it/);
  });

  it('each value runs the very combats a plain run of that value would: the 40 row equals aces odds of the file as written (Vitality 40)', async () => {
    const sweep = JSON.parse(
      (
        await cli(
          'odds',
          'samples/boss-warlord.aces',
          '-n',
          '400',
          '--threads',
          '1',
          '--json',
          '--vary',
          '"Warlord Vask".vitality=30..40 step 10',
        )
      ).out,
    );
    const plain = JSON.parse(
      (await cli('odds', 'samples/boss-warlord.aces', '-n', '400', '--threads', '1', '--json')).out,
    );
    assert.deepEqual(
      sweep.rows.map((r: { value: number }) => r.value),
      [30, 40],
    );
    assert.deepEqual(sweep.rows[1].result, plain);
    assert.ok(sweep.rows[0].result.sides[0].p > sweep.rows[1].result.sides[0].p, 'a weaker boss loses more often');
  });

  it('when no value checks, nothing is fought: exit 1 and the first rule broken (the JSON still lists every row)', async () => {
    const r = await cli('odds', 'samples/heart-rush/goblin-ambush.aces', '-n', '100', '--vary', 'Aldric.hp=-3..0');
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /^aces odds --vary: samples\/heart-rush\/bestiary\.aces:\d+:\d+: no value of Aldric\.hp from -3 to 0 checks, so none was fought; the first: HR-N3: /,
    );
    const j = await cli(
      'odds',
      'samples/heart-rush/goblin-ambush.aces',
      '-n',
      '100',
      '--json',
      '--vary',
      'Aldric.hp=-3..0',
    );
    assert.equal(j.code, 1);
    assert.equal(JSON.parse(j.out).rows.length, 4);
  });

  it('a value that breaks a rule is reported on its row and not run (HA-N4: Vitality 0)', async () => {
    const r = JSON.parse(
      (await cli('odds', 'samples/boss-warlord.aces', '-n', '100', '--json', '--vary', '"Warlord Vask".vitality=0,10'))
        .out,
    );
    assert.match(r.rows[0].error, /^HA-N4: /);
    assert.equal(r.rows[1].result.runs, 100);
  });

  it("works for any system (Heart Rush: the troll's hp, declared in the bestiary the encounter uses), with a table and a bar chart", async () => {
    const r = await cli(
      'odds',
      'samples/heart-rush/troll-bridge.aces',
      '-n',
      '200',
      '--vary',
      'Troll.hp=80..120 step 40',
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Troll\.hp\s+party wins\s+bridge wins\s+stalemate/);
    assert.match(r.out, /^80\s+\d+\.\d% \(/m);
    assert.match(r.out, /party wins, by Troll\.hp \(each █ is 2\.5%\):\n80\s+█*·*/);
  });

  it('an unknown block or attribute says so, with a did-you-mean', async () => {
    const a = await cli('odds', 'samples/boss-warlord.aces', '--vary', 'Warlord.vitality=30..40');
    assert.equal(a.code, 1);
    assert.match(a.err, /no block named 'Warlord'.*Did you mean 'Warlord Vask'\?/);
    const b = await cli('odds', 'samples/boss-warlord.aces', '--vary', '"Warlord Vask".guard=10..12');
    assert.match(b.err, /Warlord Vask has no whole-number 'guard' written to vary/);
    assert.match(b.err, /samples\/boss-warlord\.aces:\d+:\d+: /, 'says where the block is');
  });

  it('a number that is not whole (a Heart Rush die) or not an attribute says which numbers can vary, never to write something the checker rejects', async () => {
    const die = await cli('odds', 'samples/heart-rush/goblin-ambush.aces', '--vary', 'Goblin.heart');
    assert.equal(die.code, 1);
    assert.match(
      die.err,
      /Goblin's 'heart d6' is not a whole number; only whole numbers can be varied\. Whole numbers a character has, which can be varied: hp, hands, rush\./,
    );
    assert.doesNotMatch(die.err, /heart 10/);
    const typo = await cli('odds', 'samples/heart-rush/goblin-ambush.aces', '--vary', 'Goblin.hpp');
    assert.match(typo.err, /'hpp' is not a whole-number attribute of a character\. Did you mean 'hp'\?/);
  });
});

describe('cli: aces odds --vary over copies (issue 34 item 5)', function () {
  this.timeout(120000);
  it('"Thug.count=1..4" sweeps the copies of a placement; each row shows rounds and the verdict', async () => {
    const r = await cli('odds', 'samples/tavern-brawl.aces', '--vary', 'Thug.count=1..4', '-n', '300');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Thug\.count from 1 to 4/);
    assert.match(r.out, /stalemate\s+rounds\s+verdict/);
    const rows = r.out.split('\n').filter((l) => /^[1-4] /.test(l) && l.includes('('));
    assert.equal(rows.length, 4);
    for (const row of rows) assert.match(row, /\d+\.\d%\s+\d+\.\d\s+(trivial|easy|medium|hard|deadly|stalemate)/);
    const j = JSON.parse(
      (await cli('odds', 'samples/tavern-brawl.aces', '--vary', 'Thug.count=1..4', '-n', '300', '--json')).out,
    );
    // more thugs, more rowdies: the count reaches the fight (4 thugs are 4 combatants)
    const counts = j.rows.map(
      (x: { result: { combatants: { id: string }[] } }) =>
        x.result.combatants.filter((c) => c.id.startsWith('Thug')).length,
    );
    assert.deepEqual(counts, [1, 2, 3, 4]);
  });

  it('a placement without xN (one copy) is swept too: " xN" is written after its name', async () => {
    const j = JSON.parse(
      (await cli('odds', 'samples/tavern-brawl.aces', '--vary', 'Tess.count=1..3', '-n', '200', '--json')).out,
    );
    const counts = j.rows.map(
      (x: { result: { combatants: { id: string }[] } }) =>
        x.result.combatants.filter((c) => c.id.startsWith('Tess')).length,
    );
    assert.deepEqual(counts, [1, 2, 3]);
  });

  it('a name no encounter places says so, with a did-you-mean', async () => {
    const r = await cli('odds', 'samples/tavern-brawl.aces', '--vary', 'Thugg.count=1..3', '-n', '100');
    assert.notEqual(r.code, 0);
    assert.match(r.err, /places 'Thugg'.*Thug/);
  });
});

describe("cli: aces odds --vary over a side's size (issue 34 item 5)", function () {
  this.timeout(120000);
  it('"party.size=1..4" fights the party with its first 1..4 members as written; rows show rounds and verdict', async () => {
    const j = JSON.parse(
      (await cli('odds', 'samples/boss-warlord.aces', '--vary', 'party.size=1..4', '-n', '300', '--json')).out,
    );
    const members = j.rows.map((x: { result: { combatants: { id: string; side: string }[] } }) =>
      x.result.combatants.filter((c) => c.side === 'party').map((c) => c.id),
    );
    assert.deepEqual(members, [
      ['Kael'],
      ['Kael', 'Mira'],
      ['Kael', 'Mira', 'Bram'],
      ['Kael', 'Mira', 'Bram', 'Sable'],
    ]);
    // the warband is the same in every row
    const warband = new Set(
      j.rows.map(
        (x: { result: { combatants: { side: string }[] } }) =>
          x.result.combatants.filter((c) => c.side === 'warband').length,
      ),
    );
    assert.equal(warband.size, 1);
    const r = await cli('odds', 'samples/boss-warlord.aces', '--vary', 'party.size', '-n', '200');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /party\.size from 1 to 4/);
    const rows = r.out.split('\n').filter((l) => /^[1-4] /.test(l) && l.includes('('));
    assert.equal(rows.length, 4);
    for (const row of rows) assert.match(row, /\d+\.\d%\s+\d+\.\d\s+(trivial|easy|medium|hard|deadly|stalemate)/);
  });

  it('a size above the side as written is a row that says why, not a guess; tune refuses a size', async () => {
    const r = await cli('odds', 'samples/boss-warlord.aces', '--vary', 'party.size=3..5', '-n', '100');
    assert.match(r.out, /^5\s+not run: side 'party' has 4 members as written; write the others into the side/m);
    const t = await cli('tune', 'samples/boss-warlord.aces', '--vary', 'party.size=1..4', '--target', 'party wins 50%');
    assert.notEqual(t.code, 0);
    assert.match(t.err, /the size of side 'party' can be swept .* not tuned/);
  });

  it('cuts copies and one-line sides as written (copies counted one by one, `;` and emptied lines go)', async () => {
    const { cutSide } = await import('../../balance/vary.js');
    const original = 'side a {\n  Kael at x\n  Thug x3 at y\n  Mira\n}\nside b { P; Q x2; R }\n';
    const site = (side: string, text: string) => {
      // the members' ranges as the reader gives them: found here by their text
      const names = side === 'a' ? ['Kael at x', 'Thug x3 at y', 'Mira'] : ['P', 'Q x2', 'R'];
      let from = text.indexOf(`side ${side}`);
      const members = names.map((n) => {
        from = text.indexOf(n, from);
        const m = { from, to: from + n.length, copies: Number(/x(\d)/.exec(n)?.[1] ?? 1) } as {
          from: number;
          to: number;
          copies: number;
          copiesRange?: { from: number; to: number };
        };
        const x = /x\d/.exec(n);
        if (x) m.copiesRange = { from: from + x.index + 1, to: from + x.index + 2 };
        from += n.length;
        return m;
      });
      return { side, original: text, members, total: members.reduce((s, m) => s + m.copies, 0) };
    };
    assert.equal(cutSide(site('a', original), 5), original);
    assert.equal(cutSide(site('a', original), 3), 'side a {\n  Kael at x\n  Thug x2 at y\n}\nside b { P; Q x2; R }\n');
    assert.equal(cutSide(site('a', original), 1), 'side a {\n  Kael at x\n}\nside b { P; Q x2; R }\n');
    assert.equal(
      cutSide(site('b', original), 2),
      'side a {\n  Kael at x\n  Thug x3 at y\n  Mira\n}\nside b { P; Q x1 }\n',
    );
    assert.equal(cutSide(site('b', original), 1), 'side a {\n  Kael at x\n  Thug x3 at y\n  Mira\n}\nside b { P }\n');
  });
});
