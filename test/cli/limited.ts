// Runs the CLI in a child process the way a CI box would meet a hostile file: a 512 MB heap and a timeout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ACES = join(process.cwd(), 'bin', 'aces.js');
const TIMEOUT_MS = 30_000;

export function acesLimited(
  args: string[],
  cwd = process.cwd(),
): { code: number | null; signal: NodeJS.Signals | null; out: string; err: string; ms: number } {
  const t = Date.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', ACES, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, signal: r.signal, out: r.stdout ?? '', err: r.stderr ?? '', ms: Date.now() - t };
}
