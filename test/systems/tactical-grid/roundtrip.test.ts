// The language covers the engine's model: encounters built in code (gen.ts, the
// varied scenes and 300 seeded random ones of every terrain, grid, ability, ai
// and rules knob) are printed as `.aces` text, checked, and come back as the
// very same Encounter, with no errors; their logs are then byte for byte the
// logs of the hand-built encounters.
import assert from 'node:assert/strict';
import type { Character, Encounter, Rules } from '../../../systems/tactical-grid/model.js';
import { DEFAULT_RULES } from '../../../systems/tactical-grid/model.js';
import { combatLog } from '../../../systems/tactical-grid/engine/index.js';
import { ALL, randomEncounter } from './gen.js';
import { check } from './lang.js';

const q = (s: string): string => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s) ? s : JSON.stringify(s));

function printCharacter(c: Character): string {
  const out: string[] = [];
  const num = (k: string, v: number | null): void => {
    if (v !== null) out.push(`${k} ${v}`);
  };
  for (const k of ['agi', 'per', 'com', 'tou', 'pro', 'special', 'wis', 'int', 'cha'] as const) num(k, c[k]);
  if (c.specialName !== null) out.push(`special-name ${JSON.stringify(c.specialName)}`);
  num('stress', c.stress);
  if (c.drive) out.push(`drive ${c.drive}`);
  for (const k of [
    'speed',
    'range',
    'attack',
    'defense',
    'tactics',
    'effects',
    'support',
    'analysis',
    'reactions',
    'difficulty',
    'health',
  ] as const)
    num(k, c[k]);
  if (c.difficulty !== null) out.push(`at-zero ${c.atZero}`);
  for (const w of c.weakness) out.push(`weakness ${JSON.stringify(w)}`);
  for (const t of c.tags) out.push(`tag ${JSON.stringify(t.name)} ${t.stars}${t.kind ? ` ${t.kind}` : ''}`);
  if (c.abilities.length) out.push(`abilities ${c.abilities.join(', ')}`);
  if (c.melee) out.push('melee');
  out.push(`ai ${c.ai}`);
  if (c.dice.length) out.push(`dice ${c.dice.join(' ')}`);
  return `character ${q(c.name)} {\n  ${out.join('\n  ')}\n}\n`;
}

function printRules(r: Rules): string {
  const parts = (['range', 'speed', 'crit', 'fumble', 'banes', 'stress'] as const)
    .filter((k) => r[k] !== DEFAULT_RULES[k])
    .map((k) => `${k} ${r[k]}`);
  return parts.length ? `  rules { ${parts.join('  ')} }\n` : '';
}

/** The encounter as a file; undefined when a placement's display name is not what the language would give it. */
function printEncounter(e: Encounter): string | undefined {
  const chars = new Map<string, Character>();
  const total = new Map<string, number>();
  for (const s of e.sides)
    for (const p of s.placements) {
      chars.set(p.character.name, p.character);
      total.set(p.character.name, (total.get(p.character.name) ?? 0) + 1);
    }
  const seen = new Map<string, number>();
  let text = `system tactical-grid\nencounter ${q(e.name)} {\n  seed ${e.seed}\n  rounds ${e.rounds}\n`;
  if (e.first) text += `  first ${q(e.first)}\n`;
  text += printRules(e.rules);
  text += `  map {\n    grid ${e.map.grid}\n${e.map.rows.map((r) => `    row ${JSON.stringify(r)}\n`).join('')}`;
  for (const [ch, t] of Object.entries(e.map.legend)) {
    const flags = [
      t.obstacle && !t.enterable ? 'obstacle' : '',
      t.enterable ? 'enterable' : '',
      t.difficult ? 'difficult' : '',
      t.hazard ? 'hazard' : '',
      t.height ? `height ${t.height}` : '',
    ].filter(Boolean);
    text += `    legend ${JSON.stringify(ch)} { ${flags.join(' ')} }\n`;
  }
  text += '  }\n';
  for (const s of e.sides) {
    text += `  side ${q(s.name)} {\n`;
    for (const p of s.placements) {
      const n = (seen.get(p.character.name) ?? 0) + 1;
      seen.set(p.character.name, n);
      const want = total.get(p.character.name)! > 1 ? `${p.character.name} ${n}` : p.character.name;
      if (p.name !== want) return undefined;
      text += `    ${q(p.character.name)} at ${p.at}${p.facing ? ` facing ${p.facing}` : ''}${p.dice.length ? ` dice ${p.dice.join(' ')}` : ''}\n`;
    }
    text += '  }\n';
  }
  text += '}\n';
  for (const c of chars.values()) text += printCharacter(c);
  return text;
}

describe('Tactical Grid language round trip: printed encounters check back to the same model', () => {
  it('TG-G2 TG-K5 TG-B0 TG-V5: the varied scenes of gen.ts (square and hex maps, legends, rules, abilities, ai) check back equal, same logs', () => {
    let n = 0;
    for (const make of ALL) {
      const want = make();
      const text = printEncounter(want);
      if (!text) continue; // a display name the language does not give (threeSides' "Goblin")
      n++;
      const r = check(text, {}, true);
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`),
        [],
        want.name,
      );
      const got = r.model.encounters[0].encounter;
      assert.deepEqual(got, want, want.name);
      assert.equal(combatLog(got, 5), combatLog(want, 5), want.name);
    }
    assert.ok(n >= 3);
  });

  it('TG-V1: 300 seeded random encounters check back equal with no errors, and play the same logs', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const want = randomEncounter(seed);
      const text = printEncounter(want)!;
      const r = check(text, {}, true);
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`),
        [],
        `seed ${seed}\n${text}`,
      );
      const got = r.model.encounters[0].encounter;
      assert.deepEqual(got, want, `seed ${seed}`);
      if (seed % 30 === 0) assert.equal(combatLog(got, seed), combatLog(want, seed));
    }
  });
});
