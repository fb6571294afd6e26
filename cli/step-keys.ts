// `aces run --step`'s commands: one key each on a terminal, no Enter needed.
// space / n / Enter: next small step · r: next round · b: back one step · g: go to a round (digits, Enter)
// m: next mark (a number picks which) · e: to the end · q / Esc / Ctrl-C: stop · ?: help.
// The terminal is in raw mode only while waiting, so Ctrl-C is read as a key there
// (raw mode turns off SIGINT) and means stop. Off a terminal (a pipe, a test), the
// same commands come one per line.

export type StepAnswer = 'turn' | 'round' | 'end' | 'quit' | 'back' | 'goto' | 'mark' | 'help';

/** What a keypress (or a typed line) means; undefined: not a step key, wait for another. */
export function stepAnswer(key: string): StepAnswer | undefined {
  const k = key.trim().toLowerCase();
  if (k === '' || k === 'n') return 'turn';
  if (k === 'r') return 'round';
  if (k === 'e') return 'end';
  if (k === 'b') return 'back';
  if (k === 'g') return 'goto';
  if (k === 'm') return 'mark';
  if (k === '?' || k === 'h') return 'help';
  if (k === 'q' || key === '\u0003' || key === '\u0004' || key === '\u001b') return 'quit';
  return undefined;
}

/** The prompt between steps, in the system's own units (Halcyon Aces: turn, round). */
export function stepPrompt(small = 'turn', large = 'round'): string {
  return `— n: next ${small} · r: next ${large} · b: back · g: go to ${large} · m: next mark · e: to the end · q: stop · ?: help — `;
}

export const STEP_PROMPT = stepPrompt();

/** The help `?` prints: every command, and the system's marks by number. */
export function stepHelp(small: string, large: string, marks: readonly string[]): string[] {
  return [
    `  n, space, Enter  next ${small}`,
    `  r                the rest of this ${large} (at a ${large}'s start: the whole ${large})`,
    '  b                back one step (the fight re-runs from its seed: the same lines)',
    `  g                go to ${large} N (type the number, then Enter)`,
    `  m                run to the next mark: ${marks.length ? marks.map((m, i) => `${i + 1} ${m}`).join(', ') : '(this system names none)'}`,
    '  e                run to the end',
    '  q, Esc, Ctrl-C   stop',
  ];
}

/** Waits for one step key on a TTY stdin (raw mode), echoing a newline so the log continues below the prompt. */
export function readStepKey(
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
  prompt: string,
  accept: (key: string) => boolean = (k) => stepAnswer(k) !== undefined,
): Promise<string> {
  output.write(prompt);
  return new Promise((resolve) => {
    const onData = (buf: Buffer): void => {
      const key = buf.toString('utf8');
      if (!accept(key)) return;
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      resolve(key);
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** Reads digits up to Enter on a TTY stdin in raw mode, echoing them (Backspace erases; Esc or Ctrl-C gives ''). */
export function readDigits(input: NodeJS.ReadStream, output: NodeJS.WriteStream, prompt: string): Promise<string> {
  output.write(prompt);
  return new Promise((resolve) => {
    let typed = '';
    const done = (v: string): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      resolve(v);
    };
    const onData = (buf: Buffer): void => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(typed);
        if (ch === '\u0003' || ch === '\u001b') return done('');
        if ((ch === '\u007f' || ch === '\b') && typed) {
          typed = typed.slice(0, -1);
          output.write('\b \b');
        } else if (/\d/.test(ch) && typed.length < 6) {
          typed += ch;
          output.write(ch);
        }
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** Commands one per line from a stream that is not a terminal (a pipe): undefined at its end. */
export function lineCommands(input: NodeJS.ReadableStream): () => Promise<string | undefined> {
  let buffered = '';
  let ended = false;
  const lines: string[] = [];
  const waiting: ((v: string | undefined) => void)[] = [];
  const flush = (): void => {
    while (waiting.length && (lines.length || ended)) waiting.shift()!(lines.shift());
  };
  input.on('data', (d: Buffer | string) => {
    buffered += d.toString();
    let i: number;
    while ((i = buffered.indexOf('\n')) >= 0) {
      lines.push(buffered.slice(0, i).replace(/\r$/, ''));
      buffered = buffered.slice(i + 1);
    }
    flush();
  });
  input.on('end', () => {
    if (buffered) lines.push(buffered);
    buffered = '';
    ended = true;
    flush();
  });
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      flush();
    });
}
