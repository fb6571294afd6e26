import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ACES = join(process.cwd(), 'bin', 'aces.js');
function aces(args: string[]) {
  const r = spawnSync(process.execPath, [ACES, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('CLI: aces run', () => {
  it('prints a log headed by file, encounter, seed and a replay command', () => {
    const r = aces(['run', 'samples/archer-ambush.aces']);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.equal(lines[0], '# samples/archer-ambush.aces — encounter "Ambush on the King\'s Road" — seed 42');
    assert.match(lines[1], /^# replay: aces run samples\/archer-ambush\.aces --encounter .+ --seed 42$/);
    assert.match(r.out, /initiative/);
    assert.match(r.out, /(Victory for \w+|Stalemate)/);
  });

  it('same file and seed give the same log, byte for byte; another seed another log', () => {
    const a = aces(['run', 'samples/boss-warlord.aces', '--seed', '9']);
    const b = aces(['run', 'samples/boss-warlord.aces', '--seed', '9']);
    const c = aces(['run', 'samples/boss-warlord.aces', '--seed', '10']);
    assert.equal(a.code, 0, a.err);
    assert.equal(a.out, b.out);
    assert.notEqual(a.out, c.out);
  });

  it('HA-S3 worked example: Kael\'s 10♣ against Guard 7 does 13 damage', () => {
    const r = aces(['run', 'samples/worked-examples.aces', '--encounter', "Kael's Crit"]);
    assert.match(r.out, /plays 10♣ — 10 \+ Body 4 \(resonance\) = 14 vs Guard 7: CRIT, 7 \+ 2 \+ 4 = 13 damage; 10♣ back to deck bottom/);
  });

  it('--json prints one event per line, starting and ending the combat', () => {
    const r = aces(['run', 'samples/tavern-brawl.aces', '--json']);
    const events = r.out.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    assert.equal(events[0].type, 'combat-start');
    assert.equal(events.at(-1)!.type, 'combat-end');
  });

  it('refuses a file with errors, listing them, exit 1', () => {
    const r = aces(['run', 'test/fixtures/broken/zones.aces']);
    assert.equal(r.code, 1);
    assert.match(r.out, /zones\.aces:8:31 error \[HA-Z1\]/);
    assert.match(r.err, /has 4 errors; fix them first/);
  });

  it('an unknown encounter name lists the encounters', () => {
    const r = aces(['run', 'samples/worked-examples.aces', '--encounter', 'Nope']);
    assert.equal(r.code, 1);
    assert.match(r.err, /no encounter named "Nope".*"Kael's Crit", "Mira's Soul Lance", "Quick Volley"/);
  });

  it('a bad seed is a usage error, exit 2', () => {
    const r = aces(['run', 'samples/tavern-brawl.aces', '--seed', 'abc']);
    assert.equal(r.code, 2);
    assert.match(r.err, /whole number/);
  });
});

describe('CLI: aces run --step', () => {
  it('asks before each turn and stops on q', async () => {
    const { runEncounter } = await import('../../cli/run.js');
    const { PLAIN } = await import('../../cli/style.js');
    const out: string[] = [];
    let asked = 0;
    const code = await runEncounter(
      'samples/worked-examples.aces',
      { step: true, encounter: "Kael's Crit", ask: async () => (++asked === 2 ? 'q' : '') },
      { out: (s) => out.push(s), err: (s) => out.push(s), cwd: process.cwd(), setCode: () => undefined, style: PLAIN },
    );
    assert.equal(code, 0);
    assert.equal(asked, 2);
    const text = out.join('\n');
    assert.match(text, /Kael's turn/);
    assert.doesNotMatch(text, /Training Dummy's turn/);
    assert.match(text, /# stopped\.$/);
  });

  async function stepped(answers: string[]): Promise<{ text: string; asked: number }> {
    const { runEncounter } = await import('../../cli/run.js');
    const { PLAIN } = await import('../../cli/style.js');
    const out: string[] = [];
    let asked = 0;
    await runEncounter('samples/tavern-brawl.aces', { step: true, ask: async () => answers[asked++] ?? 'q' },
      { out: (s) => out.push(s), err: (s) => out.push(s), cwd: process.cwd(), setCode: () => undefined, style: PLAIN });
    return { text: out.join('\n'), asked };
  }

  it('r runs on to the first turn of the next round; e runs to the end without asking again', async () => {
    const round = await stepped(['', 'r', 'q']);
    // asked at turn 1 (next turn), turn 2 (next round), then at round 2's first turn (stop)
    assert.equal(round.asked, 3);
    assert.match(round.text, /Round 2/);
    assert.doesNotMatch(round.text, /Round 3/);
    const lines = round.text.split('\n');
    const r2 = lines.findIndex((l) => /Round 2/.test(l));
    assert.ok(lines.slice(r2 + 1).every((l) => !/'s turn/.test(l)), 'stops before round 2\'s first turn is shown');
    const end = await stepped(['e']);
    assert.equal(end.asked, 1);
    assert.match(end.text, /Victory for|stalemate/i);
  });

  it('single keys: space, n and Enter step a turn; r, e, q, Esc and Ctrl-C are understood; other keys are ignored', async () => {
    const { stepAnswer, readStepKey } = await import('../../cli/step-keys.js');
    assert.deepEqual([' ', 'n', '\r', 'r', 'E', 'q', '\u001b', '\u0003', 'x'].map(stepAnswer), ['turn', 'turn', 'turn', 'round', 'end', 'quit', 'quit', 'quit', undefined]);
    // a fake TTY: raw mode on while waiting, off after the first step key
    const { PassThrough } = await import('node:stream');
    const input = new PassThrough() as unknown as NodeJS.ReadStream & { raw: boolean[] };
    input.raw = [];
    input.setRawMode = (on: boolean) => { input.raw.push(on); return input; };
    const written: string[] = [];
    const output = { write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const key = readStepKey(input, output, 'prompt ');
    input.write('x');
    input.write('r');
    assert.equal(await key, 'r');
    assert.deepEqual(input.raw, [true, false]);
    assert.deepEqual(written, ['prompt ', '\n']);
  });
});

describe('CLI: aces run limits', () => {
  it('a log stops at its line limit with a last line that says so, exit 1', async () => {
    const { runEncounter } = await import('../../cli/run.js');
    const { PLAIN } = await import('../../cli/style.js');
    const out: string[] = [];
    const code = await runEncounter('samples/tavern-brawl.aces', { maxLines: 12 },
      { out: (s) => out.push(s), err: (s) => out.push(s), cwd: process.cwd(), setCode: () => undefined, style: PLAIN });
    assert.equal(code, 1);
    assert.equal(out.length, 2 + 12 + 1);
    assert.match(out[out.length - 1], /^# log stopped at 12 lines \(the limit of one log\)/);
  });
});
