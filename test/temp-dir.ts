// Scratch folders for tests that write files. Each is removed when the test process exits, whether its test
// passed or not, so a run leaves nothing behind in the system's temp folder (the CLI tests left ~20 MB a run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temp folder, named `prefix` + six random characters. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
