// Every numbered rule of RULES.md (../shared/RULES.md; the ids are copied here
// so a clone without the shared folder still checks them) is cited by at least
// one test title: the engine's for the fight, the checker's for the text.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RULE_IDS = `HA-A1 HA-A2 HA-A3 HA-A4 HA-A5 HA-A6 HA-A7 HA-A8 HA-A9 HA-A10 HA-B1 HA-B2 HA-B3 HA-B4 HA-B5
HA-C1 HA-C2 HA-C3 HA-C4 HA-C5 HA-C6 HA-F1 HA-F2 HA-I1 HA-I2 HA-I3 HA-I4 HA-I5 HA-I6 HA-K1 HA-K2 HA-K3 HA-K4
HA-L1 HA-M1 HA-M2 HA-N1 HA-N2 HA-N3 HA-N4 HA-R1 HA-R2 HA-R3 HA-S1 HA-S2 HA-S3 HA-S4 HA-S5 HA-S6 HA-T1 HA-T2
HA-T3 HA-U1 HA-W1 HA-W2 HA-W3 HA-W4 HA-W5 HA-W6 HA-Z1 HA-Z2 HA-Z3`.split(/\s+/);

function titles(folder: string): string {
  const out: string[] = [];
  for (const f of readdirSync(folder, { recursive: true }) as string[]) {
    if (!f.endsWith('.test.ts')) continue;
    const text = readFileSync(join(folder, f), 'utf8');
    for (const m of text.matchAll(/\bit\(\s*(['"`])((?:(?!\1).)*)\1/g)) out.push(m[2]);
  }
  return out.join('\n');
}

describe('rule coverage', () => {
  it('every HA rule that applies in a fight is cited by an engine test title', () => {
    const t = titles('test/systems/halcyon-aces/engine');
    assert.ok(t.length > 1000, 'no engine test titles found');
    assert.deepEqual(
      RULE_IDS.filter((id) => !new RegExp(`${id}(?!\\d)`).test(t)),
      [],
    );
  });
});
