// The rules' range of a number (AttributeSpec.usual, issue 34 item 3) is one fact in two places — the schema, which
// tune, Balance and a sweep of just the number read, and the checker, which warns outside it — held equal here for
// every attribute with a `usual` written on a character placed in a bundled sample of every system.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { offeredRange, rangeAround, variantMaker } from '../../balance/vary.js';
import { diskHost } from '../../cli/files.js';
import { checkFiles, REGISTRY } from '../../systems/index.js';
import { samples } from '../../bench/samples.js';

describe("balance: the rules' range of a number (issue 34 item 3)", function () {
  this.timeout(120_000);
  it('offers half to twice the number written, inside the rules’ range when the number is inside it', () => {
    assert.deepEqual(offeredRange(4, { min: 1, max: 6 }), { from: 2, to: 6 });
    assert.deepEqual(offeredRange(1, { min: 1, max: 6 }), { from: 1, to: 3 });
    assert.deepEqual(offeredRange(40), rangeAround(40));
    // a number already homebrew: the GM has left the range, so the wider one stays
    assert.deepEqual(offeredRange(9, { min: 1, max: 6 }), rangeAround(9));
  });

  it('HA-N1 AR-N1 TG-N10: each `usual` agrees with the checker: its ends check clean, one past them is homebrew or an error', () => {
    const host = diskHost(process.cwd());
    let tried = 0;
    const systems = new Set<string>();
    /** Each system's attribute once (the checker's rule is per attribute, not per character). */
    const done = new Set<string>();
    for (const f of samples().map((x) => resolve(x))) {
      const r = checkFiles([f], host);
      if (r.diagnostics.some((d) => d.severity === 'error')) continue;
      const system = r.systemOf(f)!;
      const enc = r.encountersByFile.get(f)?.[0];
      if (!enc) continue;
      const seen = new Set<string>();
      for (const file of r.files.values())
        for (const b of file.read?.blocks ?? []) {
          if (b.kind !== 'character' || seen.has(b.name)) continue;
          seen.add(b.name);
          for (const a of b.attrs) {
            const usual = a.spec.usual;
            if (!usual || a.int === undefined || a.int < usual.min || a.int > usual.max) continue;
            if (done.has(`${system.id}:${a.spec.name}`)) continue;
            let maker;
            try {
              maker = variantMaker(f, enc.name, { block: b.name, attr: a.spec.name }, host);
            } catch {
              continue; // not placed in this encounter's closure as a number the tune can write
            }
            const at = `${system.id} ${b.name}.${a.spec.name}`;
            for (const v of [usual.min, usual.max]) {
              const x = maker.make(v);
              assert.ok(x.encounter && !x.homebrew, `${at}=${v} should check clean: ${x.error ?? x.homebrew}`);
            }
            for (const v of [usual.min - 1, usual.max + 1]) {
              const x = maker.make(v);
              assert.ok(x.homebrew || x.error, `${at}=${v} should warn (homebrew) or be an error`);
            }
            tried++;
            done.add(`${system.id}:${a.spec.name}`);
            systems.add(system.id);
          }
        }
    }
    assert.deepEqual([...systems].sort(), ['arcana', 'halcyon-aces', 'tactical-grid']);
    assert.ok(tried >= 12, `${tried} attributes: ${[...done].join(', ')}`);
    // every system whose schema has a usual range is covered
    const withUsual = REGISTRY.systems
      .filter((s) => Object.values(s.schema.blocks).some((b) => b.attributes.some((a) => a.usual)))
      .map((s) => s.id)
      .sort();
    assert.deepEqual([...systems].sort(), withUsual);
  });
});
