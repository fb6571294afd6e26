// `aces odds --exact` for Tactical Grid (TACTICAL-GRID.md "Exact odds", TG-O1):
// one attack per attacker/target pair as placed. The spec's worked figures 1
// and 2 come out exactly, and every figure of every sample encounter equals a
// count of the 20 faces done here from the rules' words alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { exactReport, MAX_REPORT_PAIRS } from '../../../systems/tactical-grid/engine/report.js';
import { isNpc, sheet, type Encounter } from '../../../systems/tactical-grid/model.js';
import { main } from '../../../cli/main.js';
import { check, fight } from './lang.js';
import { checkText } from '../../helpers.js';
import { tgModel } from '../../../systems/tactical-grid/index.js';

interface Row {
  attacker: string;
  target: string;
  distance: number;
  inReach: boolean;
  los: boolean;
  roll: 'offense' | 'defense' | 'clash';
  modifier: number;
  difficulty: number;
  tactics: string[];
  tacticsCounted: number;
  split?: Record<string, string>;
  harm: Record<string, string>;
  meanHarm: string;
  pOut: string;
  rollerStress?: Record<string, string>;
}

function rows(text: string, others: Record<string, string> = {}): { rows: Row[]; enc: Encounter } {
  // a sample already says `system tactical-grid`; the scenes here get it from the kit
  const checked = text.startsWith('system') ? checkText(text, 'test.aces', others) : check(text, others);
  const r = { diagnostics: checked.diagnostics, model: tgModel(checked) };
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    [],
  );
  const enc = r.model.encounters.filter((e) => e.file === 'test.aces')[0].encounter;
  return { rows: exactReport(enc).json as Row[], enc };
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
/** count/20 in lowest terms, as the report writes a fraction ("3/4", "0", "1"). */
function of20(count: number, total = 20): string {
  if (count === 0) return '0';
  const g = gcd(count, total);
  return total / g === 1 ? String(count / g) : `${count / g}/${total / g}`;
}

describe('Tactical Grid exact report (aces odds --exact, TG-O1)', () => {
  it("TG-O1 TG-X2 TG-A6 TG-R4: worked figure 1, Ryn (+8) from a Raider's back sector with 1 tactic: the split, the damage and Ryn's stress", () => {
    const text =
      'character Ryn { agi 3 per 1 com 4 tou 2 pro 1 special 2 wis 1 int 1 cha 2 attack 8 melee }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\n' +
      fight('Ryn at a1', 'Raider at b1 facing east', { rows: ['....', '....'] });
    const row = rows(text).rows.find((x) => x.attacker === 'Ryn')!;
    assert.deepEqual(row.tactics, ['backstab']);
    assert.deepEqual(row.split, { criticalSuccess: '1/20', success: '3/4', failure: '3/20', criticalFailure: '1/20' });
    assert.deepEqual(row.harm, { 1: '1/5', 2: '3/4', 3: '1/20' });
    assert.equal(row.meanHarm, '37/20');
    assert.deepEqual(row.rollerStress, { 0: '4/5', 2: '3/20', 4: '1/20' });
    assert.equal(row.pOut, '1/20');
  });

  it('TG-O1 TG-A3 TG-X3: worked figure 2, a Raider attacks Tamsin from her back sector with a wall behind her (15), and facing her (13)', () => {
    const chars =
      'character Tamsin { agi 2 per 4 com 3 tou 2 pro 1 special 1 wis 3 int 2 cha 2 }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\n';
    const behind = rows(
      chars + fight('Tamsin at b1 facing east', 'Raider at a2', { rows: ['#...', '....'] }),
    ).rows.find((x) => x.attacker === 'Raider')!;
    assert.deepEqual(
      [behind.roll, behind.modifier, behind.difficulty, behind.tactics],
      ['defense', 3, 15, ['backstab', 'corner']],
    );
    assert.deepEqual(behind.harm, { 0: '9/20', 2: '1/2', 4: '1/20' });
    assert.equal(behind.meanHarm, '6/5');
    const facing = rows(chars + fight('Tamsin at b1 facing west', 'Raider at a1', { rows: ['....'] })).rows.find(
      (x) => x.attacker === 'Raider',
    )!;
    assert.equal(facing.difficulty, 13);
    assert.deepEqual(facing.harm, { 0: '11/20', 2: '2/5', 4: '1/20' });
    assert.equal(facing.meanHarm, '1');
  });

  it("TG-O1 TG-A2 TG-A3 TG-A4 TG-A5: every pair of every sample encounter equals counting the 20 faces by the rules' words", () => {
    const lib = { 'bestiary.aces': readFileSync('samples/tactical-grid/bestiary.aces', 'utf8') };
    let pairs = 0;
    for (const sample of ['mill-road', 'crypt', 'wolf-pack']) {
      const text = readFileSync(`samples/tactical-grid/${sample}.aces`, 'utf8');
      const { rows: all, enc } = rows(text, lib);
      const placed = enc.sides.flatMap((s) => s.placements.map((p) => ({ p, side: s.name })));
      const r = enc.rules;
      assert.equal(
        all.length,
        placed.reduce((n, a) => n + placed.filter((b) => b.side !== a.side).length, 0),
        'every ordered pair of enemies',
      );
      for (const row of all) {
        const a = placed.find((x) => x.p.name === row.attacker)!.p.character;
        const t = placed.find((x) => x.p.name === row.target)!.p.character;
        const left = isNpc(t) ? t.health! : sheet(t, r).stress;
        const banes = (d: number, crit: boolean): number =>
          (r.banes ?? Math.min(6, Math.max(1, Math.floor((d - 10) / 3) + 1))) * (crit ? 2 : 1);
        if (isNpc(a) && isNpc(t)) {
          // a clash: the attacker's difficulty plus its tactics against the target's; the higher deals 1
          assert.equal(row.roll, 'clash');
          assert.deepEqual(row.harm, a.difficulty! + row.tactics.length > t.difficulty! ? { 1: '1' } : { 0: '1' });
          continue;
        }
        // who rolls what against what (TG-A2, TG-A3, TG-A5), from the characters, not from the report
        const offense = !isNpc(a);
        const mod = offense ? sheet(a, r).attack : sheet(t, r).defense;
        const diff = offense
          ? isNpc(t)
            ? t.difficulty!
            : 10 + sheet(t, r).defense
          : a.difficulty! + row.tactics.length;
        const counted = offense ? Math.min(row.tactics.length, sheet(a, r).tactics) : row.tactics.length;
        assert.deepEqual(
          [row.roll, row.modifier, row.difficulty, row.tacticsCounted],
          [offense ? 'offense' : 'defense', mod, diff, counted],
          `${row.attacker} → ${row.target}`,
        );
        const n = { cs: 0, s: 0, f: 0, cf: 0 };
        const harm = new Map<number, number>(),
          stress = new Map<number, number>();
        for (let face = 1; face <= 20; face++) {
          const kind = face >= r.crit ? 'cs' : face <= r.fumble ? 'cf' : face + mod >= diff ? 's' : 'f';
          n[kind]++;
          const st = kind === 'f' ? banes(diff, false) : kind === 'cf' ? banes(diff, true) : 0;
          // offense: the target loses 2 / 1 / 0 plus the tactics paid; defense: the defender's own banes are its harm
          const h = offense ? (kind === 'cs' ? 2 : kind === 's' ? 1 : 0) + counted : st;
          harm.set(h, (harm.get(h) ?? 0) + 1);
          if (offense) stress.set(st, (stress.get(st) ?? 0) + 1);
        }
        const dist = (m: Map<number, number>) =>
          Object.fromEntries([...m].sort((x, y) => x[0] - y[0]).map(([v, c]) => [String(v), of20(c)]));
        assert.deepEqual(
          row.split,
          { criticalSuccess: of20(n.cs), success: of20(n.s), failure: of20(n.f), criticalFailure: of20(n.cf) },
          `${row.attacker} → ${row.target}`,
        );
        assert.deepEqual(row.harm, dist(harm));
        if (offense) assert.deepEqual(row.rollerStress, dist(stress));
        assert.equal(row.pOut, of20([...harm].filter(([v]) => v >= left).reduce((s, [, c]) => s + c, 0)));
        const sum = [...harm].reduce((s, [v, c]) => s + v * c, 0);
        assert.equal(row.meanHarm, of20(sum));
        pairs++;
      }
    }
    assert.ok(pairs > 50, `${pairs} rolled pairs`);
  });

  it('TG-O1: a big encounter lists at most MAX_REPORT_PAIRS pairs and says how many there are', () => {
    // 30 raiders against 30 heroes: 1,800 ordered pairs
    const rows30 = Array.from({ length: 6 }, () => '..........');
    const sq = (i: number) => `${String.fromCharCode(97 + (i % 10))}${1 + Math.floor(i / 10)}`;
    const heroes = Array.from({ length: 30 }, (_, i) => sq(i)).join(', ');
    const raiders = Array.from({ length: 30 }, (_, i) => sq(30 + i)).join(', ');
    const text =
      'character Ryn { agi 3 per 1 com 4 tou 2 pro 1 special 2 cha 2 }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\n' +
      fight(`Ryn x30 at ${heroes}`, `Raider x30 at ${raiders}`, { rows: rows30 });
    const { enc } = rows(text);
    const report = exactReport(enc);
    assert.equal((report.json as Row[]).length, MAX_REPORT_PAIRS);
    assert.ok(
      report.notes!.some((n) => n.startsWith(`Only the first ${MAX_REPORT_PAIRS} of 1800 pairs`)),
      JSON.stringify(report.notes),
    );
    // a small one is listed whole, with no such note
    const small = exactReport(
      rows(
        'character Ryn { agi 3 per 1 com 4 tou 2 pro 1 special 2 cha 2 }\ncharacter Raider { difficulty 13 health 3 speed 5 range 1 }\n' +
          fight('Ryn at a1', 'Raider at d4'),
      ).enc,
    );
    assert.equal((small.json as Row[]).length, 2);
    assert.ok(!small.notes!.some((n) => n.startsWith('Only the first')));
  });

  it('the CLI prints it under the Monte Carlo table instead of "no exact report yet"', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s), cwd: process.cwd() };
    assert.equal(
      await main(['odds', 'samples/tactical-grid/crypt.aces', '-n', '100', '--exact', '--threads', '1'], io),
      0,
    );
    assert.doesNotMatch(err.join('\n'), /no exact report/);
    assert.match(
      out.join('\n'),
      /exact odds of one attack per attacker and target, as placed \(TG-O1\)\nBrakka → Skeleton 1 \(dist \d+[^\n]*\n {2}Brakka rolls offense \+4 vs 13: /,
    );
  });
});
