// See the battlefield (issue 14 item 7): Halcyon Aces zones as text, with
// adjacency, one-way drops and who stands where — in the hover on `encounter`
// and, on request, in `aces run --map` (kept up to date from the events).
import assert from 'node:assert/strict';
import { main } from '../../../../cli/main.js';
import { hoverText } from '../../../server/cursor.js';
import { readFileSync } from 'node:fs';

async function run(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  await main(['run', 'samples/archer-ambush.aces', '--seed', '42', ...argv], {
    out: (s) => out.push(...s.split('\n')),
    err: () => undefined,
    cwd: process.cwd(),
  });
  return out;
}

describe('Halcyon Aces: the zone map', () => {
  it('HA-Z1 HA-F2: the hover on an encounter lists each zone, its adjacent zones, its one-way drops and who starts there', () => {
    const text = readFileSync('samples/archer-ambush.aces', 'utf8');
    const others = {
      'party.aces': readFileSync('samples/party.aces', 'utf8'),
      'bestiary.aces': readFileSync('samples/bestiary.aces', 'utf8'),
    };
    const h = hoverText(text.replace('encounter "Ambush', 'encounter "Am<|>bush'), others);
    assert.match(h, /ridge — east trees ⇣ road 30ft · Archer, Sharpshooter/);
    assert.match(h, /road — east trees, west trees\s+· Kael, Sable, Wren, Bram/);
  });

  it('HA-A1 HA-B1: aces run --map rounds draws the zones before each round and at the end, following moves and Broken; by default Halcyon Aces logs have no map', async () => {
    const plain = await run();
    assert.ok(!plain.some((l) => /· \(empty\)$/.test(l)), 'no map by default');
    const mapped = await run('--map', 'rounds');
    const rounds = mapped.filter((l) => /^— Round \d+ —/.test(l)).length;
    const maps = mapped.filter((l) => /^\s+road — /.test(l)).length;
    assert.equal(maps, rounds + 1);
    const lastAt = mapped
      .map((l, i) => (/^\s+road — /.test(l) ? i : -1))
      .filter((i) => i >= 0)
      .pop()!;
    const last = mapped.slice(lastAt);
    assert.ok(
      last.some((l) => /\((Broken|Defeated)\)/.test(l)),
      last.join('\n'),
    );
    assert.deepEqual(
      mapped.filter((l) => !/^\s+(road|east trees|west trees|ridge) /.test(l)),
      plain,
    );
  });
});

describe('Halcyon Aces: the drawn zone map (the step-through view)', () => {
  it("HA-Z1 HA-F2 HA-B1: zones as nodes, adjacency once per pair, drops one way with their height, every combatant in its zone with its Vitality, the turn's attacks as arrows", async () => {
    const { CombatSession } = await import('../../../../model/session.js');
    const { HA_ENGINE } = await import('../../../../systems/halcyon-aces/engine/seam.js');
    const { checkFiles } = await import('../../../helpers.js');
    const { diskHost } = await import('../../../../cli/files.js');
    const { resolve } = await import('node:path');
    const file = resolve('samples/archer-ambush.aces');
    const enc = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0];
    const s = new CombatSession(HA_ENGINE, enc, 42);
    s.start();
    const p = s.boardPicture()!;
    assert.equal(p.kind, 'zones');
    if (p.kind !== 'zones') return;
    assert.deepEqual(p.zones, [
      { name: 'road' },
      { name: 'east trees' },
      { name: 'west trees' },
      { name: 'ridge', note: 'height 30ft' },
    ]);
    assert.deepEqual(p.edges, [
      { from: 'road', to: 'east trees' },
      { from: 'road', to: 'west trees' },
      { from: 'east trees', to: 'ridge' },
      { from: 'ridge', to: 'road', oneWay: true, height: 30 },
    ]);
    assert.deepEqual(
      p.tokens.map((t) => `${t.name}@${t.zone}`),
      [
        'Kael@road',
        'Sable@road',
        'Wren@road',
        'Bram@road',
        'Archer@ridge',
        'Sharpshooter@ridge',
        'Cutpurse@west trees',
      ],
    );
    assert.match(p.tokens[0].note!, /^Vitality (\d+)\/\1$/);
    let attacks = 0;
    while (!s.done) {
      s.step('turn');
      const q = s.boardPicture()!;
      if (q.kind !== 'zones') break;
      for (const a of q.arrows.filter((x) => x.kind === 'attack')) {
        attacks++;
        // where the target stood when struck: its zone now, or one it moved through this turn (a Brace on a mover who
        // then strode on, HA-R2)
        const at = new Set([q.tokens.find((t) => t.name === a.target)!.zone]);
        for (const m of q.arrows) if (m.kind === 'move' && m.by === a.target) at.add(m.from).add(m.to);
        assert.ok(at.has(a.to), `${a.by} → ${a.target} drawn at ${a.to}, not where it stood (${[...at].join(', ')})`);
      }
    }
    assert.ok(attacks > 0);
    const end = s.boardPicture()!;
    assert.ok(
      end.tokens.some((t) => t.out || /Broken/.test(t.note ?? '')),
      'someone fell',
    );
    // issue 34 item 12: a Broken (or Defeated) combatant is drawn apart, as out of the fight (HA-B1)
    if (end.kind === 'zones')
      for (const t of end.tokens)
        assert.equal(!!t.out, /Broken|Defeated/.test(t.note ?? ''), `${t.name}: ${t.note} out=${t.out}`);
  });
});
