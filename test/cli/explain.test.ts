// `aces explain` and `aces systems`: rule texts from every registered system.
import assert from 'node:assert/strict';
import { cli } from './in-process.js';
import { REGISTRY } from '../../systems/index.js';


describe('cli: aces explain / aces systems', () => {
  it('explains a rule id of any system, whatever its case, with the system named', async () => {
    assert.deepEqual(await cli('explain', 'HA-N2'), { code: 0, out: `HA-N2 (Halcyon Aces): ${REGISTRY.byId('halcyon-aces')!.ruleText['HA-N2']}`, err: '' });
    const hr = await cli('explain', 'hr-d1');
    assert.equal(hr.code, 0);
    assert.match(hr.out, /^HR-D1 \(Heart Rush\): /);
  });

  it('explains language codes, and suggests for an unknown one', async () => {
    assert.match((await cli('explain', 'use-system')).out, /^use-system: A `use` of a file of another rule system/);
    const bad = await cli('explain', 'HA-N9');
    assert.equal(bad.code, 1);
    assert.match(bad.err, /no rule or code 'HA-N9'\. Did you mean .*'HA-N1'/);
  });

  it('lists every registered system, the default marked', async () => {
    const r = await cli('systems');
    assert.equal(r.code, 0);
    assert.equal(r.out.split('\n').length, REGISTRY.systems.length);
    assert.match(r.out, /^halcyon-aces \(default\) — Halcyon Aces: /m);
    assert.match(r.out, /^heart-rush — Heart Rush: /m);
  });
});
