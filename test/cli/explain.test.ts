// `aces explain` and `aces systems`: rule texts from every registered system.
import assert from 'node:assert/strict';
import { cli } from './in-process.js';
import { REGISTRY } from '../../systems/index.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRulings, parseRulings } from '../../cli/rulings.js';

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('cli: aces explain / aces systems', () => {
  it('explains a rule id of any system, whatever its case, with the system named', async () => {
    assert.deepEqual(await cli('explain', 'HA-N2'), {
      code: 0,
      out: `HA-N2 (Halcyon Aces): ${REGISTRY.byId('halcyon-aces')!.ruleText['HA-N2']}`,
      err: '',
    });
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

  it("explains the team's rulings a log or a diagnostic cites (TGS-32, HRS-25), from each system's RULINGS.md", async () => {
    const tg = await cli('explain', 'tgs-32');
    assert.equal(tg.code, 0);
    assert.match(
      tg.out,
      /^TGS-32 \(Tactical Grid, a ruling beyond the rules: systems\/tactical-grid\/docs\/RULINGS\.md\): When the simulator Stuns \(TG-V6, TG-E6\)\. /,
    );
    assert.match((await cli('explain', 'E-C1')).out, /^E-C1 \(Halcyon Aces, .*\): Settling a hand \(HA-C4\)/);
    assert.match((await cli('explain', 'TGS-99')).err, /Did you mean .*'TGS-\d+'/); // a ruling id near it (TGS-9, TGS-39…)
  });

  it('every ruling of every RULINGS.md is read, and every ruling id the product cites exists', () => {
    const all = loadRulings(REGISTRY.systems.map((x) => x.id));
    for (const sys of REGISTRY.systems) {
      const md = readFileSync(join('systems', sys.id, 'docs', 'RULINGS.md'), 'utf8');
      const entries = md.split('\n').filter((l) => /^- \*\*[A-Z]+-[A-Z]*\d+/.test(l)).length;
      assert.equal(parseRulings(md, sys.id).size, entries, sys.id);
    }
    // cited in the simulators, checkers and editor texts, and in every golden output
    const cited = new Set<string>();
    const scan = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) scan(p);
        else if (/\.(ts|log|json|txt)$/.test(e.name))
          for (const m of readFileSync(p, 'utf8').matchAll(/\b(?:HRS|TGS|ARS)-\d+\b/g)) cited.add(m[0]);
      }
    };
    scan('systems');
    scan(join('test', 'golden', 'expected'));
    assert.ok(cited.size > 10);
    assert.deepEqual(
      [...cited].filter((id) => !all.has(id)),
      [],
    );
  });
});
