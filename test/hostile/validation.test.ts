// Hostile inputs, issue 35 item 13: seeds and numbers are checked everywhere they come in, and the small
// things a hostile user trips over answer with a message. Before the fix: Heart Rush, Arcana and the grid's
// `events()` took the seed '7', NaN, −1 and 2^64; `-n 0x10`, `1e6`, `1_000` were accepted; `--vary` near 1e20
// said "at most 40 values"; a one-card Halcyon Aces deck "discards 4♦, draws 4♦" on Seize and its step view
// showed −1/1 cards; a UTF-16 file was called binary.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFiles, REGISTRY } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';
import { cli } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';
import { parseVary } from '../../balance/vary.js';
import { checkText } from '../../systems/index.js';

const SAMPLE: Record<string, string> = {
  'halcyon-aces': 'samples/boss-warlord.aces',
  'heart-rush': 'samples/heart-rush/wolves-at-the-ford.aces',
  arcana: 'samples/arcana/cellar-rite.aces',
  'tactical-grid': 'samples/tactical-grid/crypt.aces',
};

function firstEncounter(path: string) {
  const abs = join(process.cwd(), path);
  const r = checkFiles([abs], diskHost(process.cwd(), undefined, [join(process.cwd(), 'samples')]));
  return r.encountersByFile.get(abs)![0];
}

// the commands' worker threads stay warm from test to test (test/cli/in-process.ts); stopped after the file

describe('hostile: seeds and numbers are checked (issue 35, item 13)', function () {
  this.timeout(120_000);

  for (const system of REGISTRY.systems) {
    it(`${system.id}: events() refuses the seeds '7', NaN, −1, 1.5 and 2^64 with a message (as HA-I1's Halcyon Aces does)`, async () => {
      const engine = await system.loadEngine();
      const enc = firstEncounter(SAMPLE[system.id]);
      assert.ok(enc, SAMPLE[system.id]);
      for (const seed of ['7', NaN, -1, 1.5, 2 ** 64] as unknown[]) {
        assert.throws(
          () => [...engine.events(enc, seed as number)],
          /seed must be (a number|a whole number from 0 to 4294967295)/,
          `${system.id}: seed ${String(seed)}`,
        );
      }
      // a good seed still runs
      assert.ok([...engine.events(enc, 7)].length > 0);
    });
  }

  it('`-n` takes digits only, as `--seed` does: 0x10, 1e6, 1_000 and " 12abc" are refused with the rule', async () => {
    for (const n of ['0x10', '1e6', '1_000', '12abc', '-5']) {
      const r = await cli('odds', 'samples/boss-warlord.aces', '-n', n);
      assert.equal(r.code, 2, `-n ${n}`);
      assert.match(r.err, /use a whole number from 1 to [\d]+, in digits/);
    }
    const ok = await cli('odds', 'samples/boss-warlord.aces', '-n', '200', '--json');
    assert.equal(ok.code, 0, ok.err);
  });

  it('`--vary` near 1e20 says the value is too large (not "at most 40 values"), and a huge range is refused before it is listed', () => {
    const big = parseVary('Boss.vitality=100000000000000000000..100000000000000000010');
    assert.ok('error' in big);
    assert.match(
      big.error,
      /100000000000000000000 is too large: the values varied are whole numbers from -1,000,000,000 to 1,000,000,000/,
    );
    const list = parseVary('Boss.vitality=5,99999999999');
    assert.ok('error' in list);
    assert.match(list.error, /99999999999 is too large/);
    const t = performance.now();
    const wide = parseVary('Boss.vitality=1..900000000', 100_000);
    assert.ok('error' in wide && /at most 100000 values/.test(wide.error));
    assert.ok(performance.now() - t < 50, 'refused before listing the values');
  });

  it('a UTF-16 file is called UTF-16 with what to do, not binary (both byte orders, with or without a BOM)', async () => {
    const dir = tempDir('aces-hostile-utf16-');
    const text = 'weapon Club { melee +1 }\n';
    const files = {
      'le-bom.aces': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      'be-bom.aces': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      'le.aces': Buffer.from(text, 'utf16le'),
    };
    for (const [name, bytes] of Object.entries(files)) {
      writeFileSync(join(dir, name), bytes);
      const r = await cli('check', join(dir, name));
      assert.equal(r.code, 1, name);
      assert.match(r.out + r.err, /is UTF-16 text; save it as UTF-8/, name);
      assert.doesNotMatch(r.out + r.err, /binary/, name);
    }
  });

  it('HA-I5 with a one-card deck (`stacked only`, HA-C3): no Seize that "discards 4♦, draws 4♦"', async () => {
    const text = [
      'weapon Club { melee +1 }',
      'character Grunt { heart 1 body 2 mind 1 spirit 1 vitality 30 wields Club }',
      'character Brute { heart 1 body 2 mind 1 spirit 1 vitality 30 wields Club }',
      'deck "One" { stacked only cards 4♦ }',
      'encounter Duel {',
      '  seed 1  rounds 4',
      '  side a { Grunt deck "One" }',
      '  side b { Brute }',
      '}',
    ].join('\n');
    const r = checkText(text);
    assert.deepEqual(
      r.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const enc = r.encountersByFile.get('input.aces')![0];
    const engine = await REGISTRY.fallback.loadEngine();
    for (let seed = 1; seed <= 30; seed++) {
      const seizes = [...engine.events(enc, seed)]
        .map((e) => engine.render(e))
        .filter((l): l is string => typeof l === 'string' && /^Grunt seizes the initiative/.test(l));
      assert.deepEqual(seizes, [], `seed ${seed}`);
    }
  });

  it('HA-C5, HA-C6 in the step view: over small stacked decks (2–3 cards) and 300 seeds, the deck meter stays within 0..size and matches the engine at every round end', async () => {
    const engine = await REGISTRY.fallback.loadEngine();
    for (const cards of ['4♦ 3♦', '4♦ 3♦ 2♣']) {
      const text = [
        'weapon Club { melee +1 }',
        'character Grunt { heart 1 body 2 mind 1 spirit 1 vitality 30 wields Club }',
        'character Brute { heart 1 body 2 mind 1 spirit 1 vitality 30 wields Club }',
        `deck "Few" { stacked only cards ${cards} }`,
        'encounter Duel {',
        '  seed 1  rounds 6',
        '  side a { Grunt deck "Few" }',
        '  side b { Brute deck "Few" }',
        '}',
      ].join('\n');
      const r = checkText(text);
      assert.deepEqual(
        r.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      const enc = r.encountersByFile.get('input.aces')![0];
      for (let seed = 1; seed <= 300; seed++) {
        const watch = engine.watch!(enc);
        for (const e of engine.events(enc, seed)) {
          const ev = e as { type: string; vitality?: { id: string; fatigue?: number }[] };
          if (ev.type === 'round-end') {
            // before the round's end: the watch's own count, which the engine's figures are about to reset
            for (const v of ev.vitality ?? []) {
              if (v.fatigue === undefined) continue;
              const deck = watch
                .snapshot()
                .combatants.find((c) => c.name === v.id)!
                .meters.find((m) => m.label === 'deck')!;
              assert.equal(deck.max! - deck.value, v.fatigue, `${cards}, seed ${seed}: ${v.id}'s fatigue`);
            }
          }
          watch.apply(e);
          for (const c of watch.snapshot().combatants)
            for (const m of c.meters)
              assert.ok(
                m.value >= 0 && (m.max === undefined || m.value <= m.max),
                `${cards}, seed ${seed}: ${c.name} ${m.label} ${m.value}/${m.max}`,
              );
        }
      }
    }
  });
});
