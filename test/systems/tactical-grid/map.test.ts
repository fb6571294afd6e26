// A map you can see (issue 13 item 8): `aces run` draws the battle map at the
// start of each round and at the end (`--map every-turn` before every side
// turn, `--map off` never), from the events alone.
import assert from 'node:assert/strict';
import { main } from '../../../cli/main.js';

async function run(...extra: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['run', 'samples/tactical-grid/mill-road.aces', '--seed', '3', ...extra], {
    out: (s) => out.push(...s.split('\n')),
    err: (s) => err.push(s),
    cwd: process.cwd(),
  });
  return { code, out, err: err.join('\n') };
}

const header = (l: string) => /^\s+a b c d e f g h i j k l$/.test(l);

describe('tactical grid: the battle map in aces run', () => {
  it('TG-G1: a map before each round and one at the end, every placed combatant on its square with its facing in the key', async () => {
    const r = await run();
    assert.equal(r.code, 0, r.err);
    const rounds = r.out.filter((l) => /^round \d+$/.test(l)).length;
    const maps = r.out.filter(header).length;
    assert.equal(maps, rounds + 1);
    const first = r.out.findIndex(header);
    assert.match(r.out[first + 3], /^\s+3 \. # A /, 'Ryn (A, first side) stands on c3');
    assert.match(r.out[first + 7], /A Ryn c3 → · B Tamsin b5 →.* · a Raider 1 h2 ←/);
    // after Ryn's turn (TGS-44: he waits at c3, Readied, rather than charge the Raiders alone) and his facing at its
    // end, the next map shows him where the log left him, facing that way
    const second = r.out.findIndex((l, i) => i > first && header(l));
    const round1 = r.out.slice(first, second);
    const to = round1.map((l) => /^move Ryn \S+→(\S+)/.exec(l)?.[1]).find((x) => x !== undefined) ?? 'c3';
    const facing = /^face Ryn (\w+)/.exec(round1.find((l) => l.startsWith('face Ryn'))!)![1];
    const arrow = { north: '↑', east: '→', south: '↓', west: '←' }[facing];
    const col = to.charCodeAt(0) - 97,
      row = Number(to.slice(1));
    assert.equal(r.out[second + row].trim().split(/\s+/)[col + 1], 'A', `Ryn (A) on ${to}`);
    assert.ok(r.out[second + 7].includes(`A Ryn ${to} ${arrow}`), r.out[second + 7]);
  });

  it('--map every-turn draws more maps; --map off none; a wrong value is refused', async () => {
    const every = (await run('--map', 'every-turn')).out.filter(header).length;
    assert.ok(every > (await run()).out.filter(header).length);
    assert.equal((await run('--map', 'off')).out.filter(header).length, 0);
    const bad = await run('--map', 'sometimes');
    assert.equal(bad.code, 2);
    assert.match(bad.err, /use rounds, every-turn or off/);
  });
});

describe("tactical grid: the battle map in the editor's Run and Step", () => {
  it('TG-G1: a session with the board shows exactly what aces run prints (maps included), step by step or at once', async () => {
    const { CombatSession } = await import('../../../model/session.js');
    const { checkFiles } = await import('../../../systems/index.js');
    const { diskHost } = await import('../../../cli/files.js');
    const { resolve } = await import('node:path');
    const file = resolve('samples/tactical-grid/mill-road.aces');
    const r = checkFiles([file], diskHost(process.cwd()));
    const enc = r.encountersByFile.get(file)![0];
    const engine = await r.systemOf(file)!.loadEngine();
    const cli = (await run()).out.filter((l) => !l.startsWith('#')).map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
    for (const plan of [['turn'], ['round'], ['end']] as const) {
      const s = new CombatSession(engine, enc, 3, { board: true });
      const lines = [...s.start().lines];
      let i = 0;
      while (!s.done) lines.push(...s.step(plan[i++ % plan.length]).lines);
      assert.deepEqual(lines.join('\n').split('\n'), cli);
    }
  });
});

describe('tactical grid: the drawn battle map (the step-through view)', () => {
  it("TG-G1 TG-K1 TG-F1: the picture puts each token where the text map does, with its facing in degrees, the terrain of the legend, stress or health, and the side turn's moves and attacks", async () => {
    const { CombatSession } = await import('../../../model/session.js');
    const { checkFiles } = await import('../../../systems/index.js');
    const { diskHost } = await import('../../../cli/files.js');
    const { resolve } = await import('node:path');
    const file = resolve('samples/tactical-grid/mill-road.aces');
    const r = checkFiles([file], diskHost(process.cwd()));
    const enc = r.encountersByFile.get(file)![0];
    const engine = await r.systemOf(file)!.loadEngine();
    const s = new CombatSession(engine, enc, 3);
    s.start();
    const p0 = s.boardPicture()!;
    assert.equal(p0.kind, 'grid');
    if (p0.kind !== 'grid') return;
    assert.deepEqual([p0.shape, p0.width, p0.height], ['square', 12, 6]);
    const ryn = p0.tokens.find((t) => t.name === 'Ryn')!;
    assert.deepEqual([ryn.x, ryn.y, ryn.facing, ryn.side, ryn.note, ryn.initials], [2, 2, 90, 0, 'stress 0/6', 'Ry']);
    assert.deepEqual(p0.tokens.find((t) => t.name === 'Raider 1')!.facing, 270);
    assert.equal(p0.tokens.find((t) => t.name === 'Raider 1')!.note, 'health 3/3');
    // the map's rows: # a wall, ~ a ford, ^ a burning cart, 1 the mill floor, x brambles (difficult and hazard)
    const at = (x: number, y: number) => p0.terrain.filter((t) => t.x === x && t.y === y).map((t) => t.kind);
    assert.deepEqual(
      [at(1, 1), at(10, 0), at(4, 2), at(9, 2), at(2, 3), at(0, 0)],
      [['obstacle'], ['difficult'], ['hazard'], ['height 1'], ['difficult', 'hazard'], []],
    );
    assert.deepEqual(p0.arrows, []);
    // step until Ryn moves: the arrow goes from his old square to the one the text map puts him on
    let was: [number, number] = [ryn.x, ryn.y];
    for (let i = 0; i < 20 && !s.done; i++) {
      s.step('turn');
      const p = s.boardPicture()!;
      if (p.kind !== 'grid') break;
      // (his own: a move from where he stood, then a Dash on from its end, ends where the token stands; a foe his
      // knockback pushes is an arrow of his too, from the foe's square)
      let mv: (typeof p.arrows)[number] | undefined;
      for (const a of p.arrows) {
        const from = mv ? mv.to : was;
        if (a.kind === 'move' && a.by === 'Ryn' && a.from[0] === from[0] && a.from[1] === from[1]) mv = a;
      }
      const t = p.tokens.find((x) => x.name === 'Ryn')!;
      was = [t.x, t.y];
      if (!mv) continue;
      assert.deepEqual(mv.to, [t.x, t.y]);
      return;
    }
    assert.fail('Ryn never moved');
  });
});
