// The child process of `acesMany` (test/cli/limited.ts): runs several `aces` commands one after another in this
// process, each exactly as bin/aces.js runs one (cli/index.ts `runCli`: the same output escaping, the same internal
// error line), and prints one JSON line per command as it ends: { code, out, err, ms }, its stdout and stderr as
// written. Its argument is the JSON list of commands. One node start-up for a hostile file's check, run and odds
// instead of three.
import { runCli } from '../../cli/index.js';

const commands = JSON.parse(process.argv[2] ?? '[]') as string[][];
const write = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
for (const argv of commands) {
  const out: string[] = [];
  const err: string[] = [];
  const capture =
    (into: string[]) =>
    (chunk: string | Uint8Array): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
  process.stdout.write = capture(out) as typeof process.stdout.write;
  process.stderr.write = capture(err) as typeof process.stderr.write;
  const t = Date.now();
  let code: number;
  try {
    code = await runCli(argv);
  } finally {
    process.stdout.write = write.out as typeof process.stdout.write;
    process.stderr.write = write.err as typeof process.stderr.write;
  }
  write.out(`${JSON.stringify({ code, out: out.join(''), err: err.join(''), ms: Date.now() - t })}\n`);
}
