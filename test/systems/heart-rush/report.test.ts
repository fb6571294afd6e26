// `aces odds --exact` for Heart Rush: the stance matrix of every attacker/target
// pair, exact fractions (HEART-RUSH.md "Exact odds", worked figures 1 and 2).
import assert from 'node:assert/strict';
import { armor, character, encounter, placement, weapon } from '../../../systems/heart-rush/model.js';
import { exactReport } from '../../../systems/heart-rush/engine/report.js';
import { main } from '../../../cli/main.js';

const vessa = character('Vessa', { heart: 6, agility: 8, hp: 20, weapons: [weapon('Shortsword', { die: 6 })] });
const brute = character('Brute', { heart: 6, agility: 4, hp: 30, armor: armor('Hide', 1) });
const enc = encounter('Figures', [
  { name: 'a', placements: [placement(vessa, 0, 0)] },
  { name: 'b', placements: [placement(brute, 5, 0)] },
]);

describe('Heart Rush exact report (aces odds --exact)', () => {
  it("HR-C1, HR-E10: the agility row against a might and a defensive target gives the spec's fractions exactly", () => {
    const json = exactReport(enc).json as { attacker: string; target: string; cells: Record<string, string>[][] }[];
    const row = json.find((p) => p.attacker === 'Vessa' && p.target === 'Brute')!;
    const agility = row.cells[1];
    assert.deepEqual([agility[0].pHit, agility[0].mean, agility[0].pWound], ['5815/6912', '3635/768', '359/3456']);
    assert.deepEqual([agility[3].pHit, agility[3].mean, agility[3].pWound], ['5815/6912', '1985/768', '0/1']);
    assert.equal(agility[2].kind, 'none', 'HR-E3: agility may not attack a cunning target');
    assert.equal(agility[1].kind, 'contest', 'HR-C2: same stance is a contest');
  });

  it('the CLI prints it under the Monte Carlo table, and --json carries it; --strikes is refused with a reason', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s), cwd: process.cwd() };
    assert.equal(
      await main(['odds', 'samples/heart-rush/wolves-at-the-ford.aces', '-n', '200', '--exact', '--threads', '1'], io),
      0,
    );
    assert.match(out.join('\n'), /exact odds of one exchange per stance pairing \(HR-E3\)\n.*→ Wolf/);
    assert.equal(await main(['odds', 'samples/heart-rush/wolves-at-the-ford.aces', '--strikes'], io), 2);
    assert.match(err.join('\n'), /--strikes is a Halcyon Aces table/);
  });
});
