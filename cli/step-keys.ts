// `aces run --step` on a terminal: one key moves on, no Enter needed.
// space / n / Enter: next turn · r: next round · e: run to the end · q / Esc / Ctrl-C: stop.
// The terminal is in raw mode only while waiting for a key, so Ctrl-C is read
// as a key there (raw mode turns off SIGINT) and means stop.

export type StepAnswer = 'turn' | 'round' | 'end' | 'quit';

/** What a keypress (or a typed line, for scripted `ask`) means; undefined: not a step key, wait for another. */
export function stepAnswer(key: string): StepAnswer | undefined {
  const k = key.trim().toLowerCase();
  if (k === '' || k === 'n') return 'turn';
  if (k === 'r') return 'round';
  if (k === 'e') return 'end';
  if (k === 'q' || key === '\u0003' || key === '\u0004' || key === '\u001b') return 'quit';
  return undefined;
}

/** The prompt between steps, in the system's own units (Halcyon Aces: turn, round). */
export function stepPrompt(small = 'turn', large = 'round'): string {
  return `— space: next ${small} · r: next ${large} · e: to the end · q: stop — `;
}

export const STEP_PROMPT = stepPrompt();

/** Waits for one step key on a TTY stdin (raw mode), echoing a newline so the log continues below the prompt. */
export function readStepKey(input: NodeJS.ReadStream, output: NodeJS.WriteStream, prompt: string): Promise<string> {
  output.write(prompt);
  return new Promise((resolve) => {
    const onData = (buf: Buffer): void => {
      const key = buf.toString('utf8');
      if (stepAnswer(key) === undefined) return;
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
