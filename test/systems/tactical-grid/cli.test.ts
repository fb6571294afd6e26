// The generic CLI on Tactical Grid files: `aces check` finds the samples clean,
// `aces run` prints the engine's log (the same bytes twice), `aces odds` prints
// the system's counters and the same JSON on 1 and 2 threads, `aces explain`
// knows the TG ids, and `aces systems` lists the system.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cli } from '../../cli/in-process.js';
import { RULE_TEXT } from '../../../systems/tactical-grid/rules.js';
import { combatLog } from '../../../systems/tactical-grid/engine/index.js';
import { check } from './lang.js';

describe('cli on Tactical Grid files', function () {
  this.timeout(120000);

  it('aces check samples/tactical-grid: clean', async () => {
    const r = await cli('check', 'samples/tactical-grid');
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /no problems/);
  });

  it("TG-V1: aces run prints the engine's log, the same bytes twice", async () => {
    const a = await cli('run', 'samples/tactical-grid/mill-road.aces', '--seed', '3', '--map', 'off');
    const b = await cli('run', 'samples/tactical-grid/mill-road.aces', '--seed', '3', '--map', 'off');
    assert.equal(a.code, 0, a.err);
    assert.equal(a.out, b.out);
    const r = check(
      readFileSync('samples/tactical-grid/mill-road.aces', 'utf8'),
      { 'bestiary.aces': readFileSync('samples/tactical-grid/bestiary.aces', 'utf8') },
      true,
    );
    assert.ok(a.out.includes(combatLog(r.model.encounters[0].encounter, 3).trimEnd()));
    assert.match(a.out, /^start "Raid on the Mill Road" seed 3 grid square 12x6 first raiders$/m);
  });

  it('TG-O1: aces odds prints OUT, Dead and harm, the same JSON on 1 and 2 threads', async () => {
    const table = await cli('odds', 'samples/tactical-grid/wolf-pack.aces', '-n', '400');
    assert.equal(table.code, 0, table.err);
    assert.match(table.out, /OUT\s+Dead\s+harm dealt/);
    const one = await cli('odds', 'samples/tactical-grid/wolf-pack.aces', '-n', '400', '--json', '--threads', '1');
    const two = await cli('odds', 'samples/tactical-grid/wolf-pack.aces', '-n', '400', '--json', '--threads', '2');
    assert.equal(one.out, two.out);
  });

  it('errors block aces run: a placement off the map (TG-G1)', async () => {
    const r = await cli('run', 'test/fixtures/tactical-grid/off-map.aces');
    assert.notEqual(r.code, 0);
    assert.match(r.out + r.err, /TG-G1/);
  });

  it('aces explain TG-X2 and aces systems', async () => {
    assert.deepEqual(await cli('explain', 'tg-x2'), {
      code: 0,
      out: `TG-X2 (Tactical Grid): ${RULE_TEXT['TG-X2']}`,
      err: '',
    });
    assert.match((await cli('systems')).out, /^tactical-grid — Tactical Grid: /m);
  });
});
