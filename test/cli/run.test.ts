import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cliStreams } from './in-process.js';

const ACES = join(process.cwd(), 'bin', 'aces.js');
// in this process (test/cli/in-process.ts): no node start-up per command; the stepping tests below spawn the CLI
const aces = (args: string[]) => cliStreams(...args);

describe('CLI: aces run', () => {
  it('prints a log headed by file, encounter, seed and a replay command', async () => {
    const r = await aces(['run', 'samples/archer-ambush.aces']);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.equal(lines[0], '# samples/archer-ambush.aces — encounter "Ambush on the King\'s Road" — seed 42');
    assert.match(lines[1], /^# replay: aces run samples\/archer-ambush\.aces --encounter .+ --seed 42$/);
    assert.match(r.out, /initiative/);
    assert.match(r.out, /(Victory for \w+|Stalemate)/);
  });

  it('same file and seed give the same log, byte for byte; another seed another log', async () => {
    const a = await aces(['run', 'samples/boss-warlord.aces', '--seed', '9']);
    const b = await aces(['run', 'samples/boss-warlord.aces', '--seed', '9']);
    const c = await aces(['run', 'samples/boss-warlord.aces', '--seed', '10']);
    assert.equal(a.code, 0, a.err);
    assert.equal(a.out, b.out);
    assert.notEqual(a.out, c.out);
  });

  it("HA-S3 worked example: Kael's 10♣ against Guard 7 does 13 damage", async () => {
    const r = await aces(['run', 'samples/worked-examples.aces', '--encounter', "Kael's Crit"]);
    assert.match(
      r.out,
      /plays 10♣ — 10 \+ Body 4 \(resonance\) = 14 vs Guard 7: CRIT, 7 \+ 2 \+ 4 = 13 damage; 10♣ back to deck bottom/,
    );
  });

  it('--json prints one event per line, starting and ending the combat', async () => {
    const r = await aces(['run', 'samples/tavern-brawl.aces', '--json']);
    const events = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    assert.equal(events[0].type, 'combat-start');
    assert.equal(events.at(-1)!.type, 'combat-end');
  });

  it('refuses a file with errors, listing them on stderr (stdout stays the product: empty), exit 1', async () => {
    const r = await aces(['run', 'test/fixtures/broken/zones.aces']);
    assert.equal(r.code, 1);
    assert.match(r.err, /zones\.aces:8:31 error \[HA-Z1\]/);
    assert.match(r.err, /has 4 errors; fix them first/);
    assert.equal(r.out, '');
    const j = await aces(['odds', '--json', 'test/fixtures/broken/zones.aces']);
    assert.equal(j.code, 1);
    assert.equal(j.out, '', 'a script reading --json gets no text it cannot parse');
  });

  it('an unknown encounter name lists the encounters', async () => {
    const r = await aces(['run', 'samples/worked-examples.aces', '--encounter', 'Nope']);
    assert.equal(r.code, 1);
    assert.match(r.err, /no encounter named "Nope".*"Kael's Crit", "Mira's Soul Lance", "Quick Volley"/);
  });

  it('a bad seed is a usage error, exit 2', async () => {
    const r = await aces(['run', 'samples/tavern-brawl.aces', '--seed', 'abc']);
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

  async function stepped(
    answers: string[],
    file = 'samples/tavern-brawl.aces',
  ): Promise<{ text: string; asked: number; log: string[] }> {
    const { runEncounter } = await import('../../cli/run.js');
    const { PLAIN } = await import('../../cli/style.js');
    const out: string[] = [];
    let asked = 0;
    await runEncounter(
      file,
      { step: true, ask: async () => answers[asked++] ?? 'q' },
      { out: (s) => out.push(s), err: (s) => out.push(s), cwd: process.cwd(), setCode: () => undefined, style: PLAIN },
    );
    return { text: out.join('\n'), asked, log: out.filter((l) => !l.startsWith('#')) };
  }

  it('r runs to the end of the round, with a state line of every combatant; e runs to the end, where b and g still work until q', async () => {
    const round = await stepped(['', 'r', 'q']);
    assert.equal(round.asked, 3);
    assert.match(
      round.text,
      /^End of round 1: [^]*\n# round 1 · Old Hob Vitality \d+\/20.* · Tess Vitality \d+\/16.*\n# stopped\.$/m,
    );
    assert.doesNotMatch(round.text, /Round 2/);
    const end = await stepped(['e']);
    assert.equal(end.asked, 2, 'asked once to run, then once at the end (q)');
    assert.match(end.text, /Victory for|stalemate/i);
    assert.match(end.text, /# the fight is over: b back/);
  });

  it('b steps back: the same fight (one record of its seed), and the next steps print the same lines as the first time', async () => {
    const plain = await stepped(['', '', '', 'q']);
    const back = await stepped(['', '', 'b', '', '', 'q']);
    const i = back.text.split('\n').findIndex((l) => l.startsWith('# back one turn'));
    assert.ok(i > 0, back.text);
    const before = back.text
      .split('\n')
      .slice(0, i)
      .filter((l) => !l.startsWith('#'));
    const after = back.text
      .split('\n')
      .slice(i)
      .filter((l) => !l.startsWith('#'));
    // two turns, back to the end of the first, then two turns again: the first pass's turns 2 and 3
    const turn1 = plain.log
      .slice(0, before.length)
      .map((l) => /'s turn:/.test(l))
      .lastIndexOf(true);
    assert.deepEqual(before, plain.log.slice(0, before.length));
    assert.deepEqual(after, plain.log.slice(turn1));
  });

  it('g goes to a round (forward or back) and m runs to the next mark of the system (Halcyon Aces: a crit, a Broken…)', async () => {
    const full = await stepped(['e']);
    const go = await stepped(['g', '2', 'q']);
    const r2 = full.log.findIndex((l) => /^— Round 2 —/.test(l));
    assert.deepEqual(go.log, full.log.slice(0, r2), 'stops just before round 2');
    assert.match(go.text, /# at the start of round 2\./);
    const back = await stepped(['g', '2', 'g', '1', '', 'q']);
    assert.match(back.text, /# back to the start of round 1/);
    const broken = await stepped(['m', '2', 'q']);
    const firstBroken = full.log.findIndex((l) => /is Broken/.test(l));
    assert.deepEqual(broken.log, full.log.slice(0, firstBroken + 1), 'runs just past the first Broken');
    const help = await stepped(['?', 'q']);
    assert.match(help.text, /m {16}run to the next mark: 1 crit, 2 Broken/);
  });

  it('`--step --map rounds` prints the zone map of Halcyon Aces too, with Broken combatants marked; without --map none (issue 34 item 12)', () => {
    const step = (map: string[]) =>
      spawnSync(process.execPath, [ACES, 'run', 'samples/boss-warlord.aces', '--step', ...map], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 60_000,
        input: 'r\nr\nq\n',
      });
    const withMap = step(['--map', 'rounds']);
    assert.equal(withMap.status, 0, withMap.stderr);
    assert.match(withMap.stdout, /^ {2}gate — hall +· Kael, Mira, Bram, Sable$/m);
    assert.match(withMap.stdout, /^ {2}\w+ — .*· .*\(Broken\)/m);
    assert.doesNotMatch(step([]).stdout, /^ {2}gate — hall/m);
  });

  it('through a pipe (stdin not a terminal) the commands come one per line, and the end of input stops', async () => {
    const r = spawnSync(process.execPath, [ACES, 'run', 'samples/heart-rush/goblin-ambush.aces', '--step'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
      input: 'n\nr\nm\n3\n',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^# start · Aldric HP 40\/40 · /m);
    assert.match(r.stdout, /falls unconscious \(HR-H7\)\n# round \d+ · /);
    assert.match(r.stdout, /# end of input: stopped\.\n$/);
  });

  it('single keys: space, n and Enter step; r, b, g, m, e, ?, q, Esc and Ctrl-C are understood; other keys are ignored', async () => {
    const { stepAnswer, readStepKey } = await import('../../cli/step-keys.js');
    assert.deepEqual([' ', 'n', '\r', 'r', 'b', 'g', 'm', 'E', '?', 'q', '\u001b', '\u0003', 'x'].map(stepAnswer), [
      'turn',
      'turn',
      'turn',
      'round',
      'back',
      'goto',
      'mark',
      'end',
      'help',
      'quit',
      'quit',
      'quit',
      undefined,
    ]);
    // a fake TTY: raw mode on while waiting, off after the first step key
    const { PassThrough } = await import('node:stream');
    const input = new PassThrough() as unknown as NodeJS.ReadStream & { raw: boolean[] };
    input.raw = [];
    input.setRawMode = (on: boolean) => {
      input.raw.push(on);
      return input;
    };
    const written: string[] = [];
    const output = { write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const key = readStepKey(input, output, 'prompt ');
    input.write('x');
    input.write('r');
    assert.equal(await key, 'r');
    assert.deepEqual(input.raw, [true, false]);
    assert.deepEqual(written, ['prompt ', '\n']);
  });

  it('after g on a terminal: digits echo, Backspace erases, Enter ends (raw mode)', async () => {
    const { readDigits } = await import('../../cli/step-keys.js');
    const { PassThrough } = await import('node:stream');
    const input = new PassThrough() as unknown as NodeJS.ReadStream & { raw: boolean[] };
    input.raw = [];
    input.setRawMode = (on: boolean) => {
      input.raw.push(on);
      return input;
    };
    const written: string[] = [];
    const output = { write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const got = readDigits(input, output, 'round? ');
    input.write('1x2\u007f3\r');
    assert.equal(await got, '13');
    assert.deepEqual(input.raw, [true, false]);
  });
});

describe('CLI: aces run limits', () => {
  it('a log stops at its line limit with a last line that says so, exit 1', async () => {
    const { runEncounter } = await import('../../cli/run.js');
    const { PLAIN } = await import('../../cli/style.js');
    const out: string[] = [];
    const code = await runEncounter(
      'samples/tavern-brawl.aces',
      { maxLines: 12 },
      { out: (s) => out.push(s), err: (s) => out.push(s), cwd: process.cwd(), setCode: () => undefined, style: PLAIN },
    );
    assert.equal(code, 1);
    assert.equal(out.length, 2 + 12 + 1);
    assert.match(out[out.length - 1], /^# log stopped at 12 lines \(the limit of one log\)/);
  });
});
