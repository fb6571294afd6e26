// Tactical Grid's editor contributions through the language service: inlay
// hints of derived numbers (TG-N, TG-R4, TG-P2), quick fixes and stubs for the
// diagnostics that spell out their edit, and grid-aware completion values.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serviceWith } from '../../server/cursor.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

function hints(text: string): { line: number; character: number; label: string; tooltip: string }[] {
  const { ls, uri } = serviceWith(text);
  return ls.inlayHints(uri, ALL).map((h) => ({
    line: h.position.line,
    character: h.position.character,
    label: String(h.label),
    tooltip: typeof h.tooltip === 'object' ? h.tooltip.value : String(h.tooltip ?? ''),
  }));
}

describe('Tactical Grid editor: inlay hints', () => {
  it('TG-N1 TG-N2 TG-N3 TG-N4: each sheet of the sample bestiary shows the speed, range, Attack and Defense its comment writes by hand', () => {
    const text = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
    const lines = text.split('\n');
    const all = hints(text);
    let compared = 0;
    lines.forEach((l, i) => {
      const m = /^character ("[^"]+"|\w+) \{\s+# (.*)$/.exec(l);
      if (!m) return;
      const h = all.find((x) => x.line === i);
      assert.ok(h, `a hint on line ${i + 1}`);
      // placed like Heart Rush's: right after the name
      assert.equal(h.character, l.indexOf(m[1]) + m[1].length);
      for (const [, word, n] of m[2].matchAll(/(speed|range|attack|defense) (\d+)/g)) {
        const label = { speed: 'speed ', range: 'range ', attack: 'Attack \\+', defense: 'Defense \\+' }[word]!;
        assert.match(h.label, new RegExp(`${label}${n}\\b`), `${m[1]}: ${word} ${n} in "${h.label}"`);
        compared++;
      }
    });
    assert.ok(compared >= 14, `compared ${compared} numbers`);
  });

  it('TG-N10 TG-N11: the tooltip says how each number came about, assumed stats and homebrew overrides included', () => {
    const [h] = hints('system tactical-grid\ncharacter X { agi 3 per 2 com 4 speed 9 }\n');
    assert.equal(h.label, 'speed 9 · range 2 · Attack +5 · Defense +2');
    assert.match(h.tooltip, /Speed 9, declared \(TG-N11 homebrew\)/);
    assert.match(h.tooltip, /Attack \+COM 4 \+ 1 = 5/);
    assert.match(h.tooltip, /Defense \+TOU 1 \(assumed, TG-N10\) \+ 1 = 2/);
    assert.match(h.tooltip, /tactics 1, effects 1, support 1, analysis 1, reactions 1/);
  });

  it('TG-R4 TG-P2: an NPC shows the banes a failed roll against its difficulty brings, and its pools (none unless declared)', () => {
    const [raider, chief, brute] = hints(
      'system tactical-grid\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\ncharacter Chief { difficulty 19 health 5 speed 4 range 3 }\ncharacter Brute { difficulty 10 health 5 speed 4 range 1 tactics 2 }\n',
    );
    assert.equal(raider.label, '2 banes per failed roll · no pools');
    assert.match(raider.tooltip, /4 on a critical failure/);
    assert.equal(chief.label, '4 banes per failed roll · no pools');
    assert.equal(brute.label, '1 bane per failed roll · tactics 2');
    assert.match(brute.tooltip, /homebrew/);
  });

  it('hints only the characters of the file asked about', () => {
    const lib = 'system tactical-grid\ncharacter Ryn { agi 3 per 1 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2 }\n';
    const { ls, uri } = serviceWith('system tactical-grid\nuse "lib.aces"\ncharacter Tam { agi 2 per 4 com 3 tou 2 pro 1 special 1 wis 3 int 2 cha 2 }\n', { 'lib.aces': lib });
    assert.deepEqual(ls.inlayHints(uri, ALL).map((h) => [h.position.line, String(h.label)]), [[2, 'speed 5 · range 4 · Attack +4 · Defense +3']]);
  });
});
