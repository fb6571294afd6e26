// Runs the CLI in a child process the way a CI box would meet a hostile file: a 512 MB heap and a timeout.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ACES = join(process.cwd(), 'bin', 'aces.js');
const DRIVER = join(process.cwd(), 'out', 'test', 'cli', 'limited-driver.js');
const TIMEOUT_MS = 30_000;

export function acesLimited(
  args: string[],
  cwd = process.cwd(),
): { code: number | null; signal: NodeJS.Signals | null; out: string; err: string; ms: number; cpuMs?: number } {
  const t = Date.now();
  const cpu0 = childrenCpuMs();
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', ACES, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Date.now() - t;
  const cpu1 = childrenCpuMs();
  const cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
  return { code: r.status, signal: r.signal, out: r.stdout ?? '', err: r.stderr ?? '', ms, cpuMs };
}

/**
 * CPU milliseconds (user + system) used by this process's children that have ended and been reaped, from
 * /proc/self/stat (Linux: fields 16 and 17, cutime and cstime, in clock ticks of 1/100 s); undefined where
 * unreadable. The difference across one child's life is that child's CPU time, all its threads: a speed check that
 * reads it holds on a loaded host, where the clock counts the time the child waited for a core.
 */
export function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[13]) + Number(f[14]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

export type LimitedResult = ReturnType<typeof acesLimited>;

/**
 * Runs `commands` (each an `aces` argv) one after another in one child process with the same 512 MB heap, each
 * command within the same 30 s (the child's whole timeout is 30 s per command). The results are the commands' own,
 * in order; if the child dies (out of memory, a signal, the timeout), the command it was running and every later
 * one report its signal and exit code, with its stderr. Use it where several commands read one file: the node
 * start-up (≈ 0.4 s of CPU) is paid once.
 */
export function acesMany(commands: string[][], cwd = process.cwd()): LimitedResult[] {
  const t = Date.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', DRIVER, JSON.stringify(commands)], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: TIMEOUT_MS * commands.length,
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.startsWith('{'));
  return commands.map((_, i): LimitedResult => {
    if (i < lines.length) {
      const x = JSON.parse(lines[i]) as { code: number; out: string; err: string; ms: number };
      return { code: x.code, signal: null, out: x.out, err: x.err, ms: x.ms };
    }
    return { code: r.status, signal: r.signal, out: '', err: r.stderr ?? '', ms: Date.now() - t };
  });
}
