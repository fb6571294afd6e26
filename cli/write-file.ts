// The one way the CLI writes a file a user owns (issue 35, item 3): never in place. The new text goes to a
// temporary file in the same folder (so the rename stays on one file system), is flushed to the disk (fsync),
// takes the original's mode bits, and only then replaces the original by a rename, which is atomic: a full
// disk, a failed write or a kill at any moment leaves either the old file byte for byte or the new one, never a
// truncated mix. A symlink is written through (its target is replaced, the link stays). A failure removes the
// temporary file and says that the original is unchanged.

import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** The file-system calls the writer makes, one object so a test can inject a failure (a full disk, ENOSPC). */
export const writeOps = {
  openSync: fs.openSync,
  writeSync: fs.writeSync as (fd: number, data: Uint8Array, offset: number, length: number) => number,
  fsyncSync: fs.fsyncSync,
  closeSync: fs.closeSync,
  fchmodSync: fs.fchmodSync,
  renameSync: fs.renameSync,
  unlinkSync: fs.unlinkSync,
  statSync: fs.statSync,
  realpathSync: fs.realpathSync.native,
};

/** A write that failed, with a message a user can act on; the original file is unchanged. */
export class WriteFailed extends Error {}

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOSPC':
      return 'the disk is full (ENOSPC)';
    case 'EDQUOT':
      return 'the disk quota is used up (EDQUOT)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code}): the folder must be writable`;
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'ENOENT':
      return 'the file or its folder no longer exists (ENOENT)';
    default:
      return code ? `the system refused (${code})` : `the system refused (${(e as Error)?.message ?? String(e)})`;
  }
}

/**
 * Replaces `path`'s content with `data` atomically (see the header). Throws WriteFailed with a message naming
 * `shown` (the path as the user knows it) when it cannot; the original is then byte-identical.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, shown = path): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let target = path;
  let mode: number | undefined;
  try {
    target = writeOps.realpathSync(path);
    mode = writeOps.statSync(target).mode & 0o7777;
  } catch {
    /* a new file: written where named, with the default mode */
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    // a new file takes the default mode (0o666 less the umask); an existing one keeps its own
    fd = writeOps.openSync(tmp, 'wx', mode === undefined ? 0o666 : 0o600);
    for (let off = 0; off < bytes.length;) off += writeOps.writeSync(fd, bytes, off, bytes.length - off);
    if (mode !== undefined) writeOps.fchmodSync(fd, mode);
    writeOps.fsyncSync(fd);
    writeOps.closeSync(fd);
    fd = undefined;
    writeOps.renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined)
      try {
        writeOps.closeSync(fd);
      } catch {
        /* already failing */
      }
    try {
      writeOps.unlinkSync(tmp);
    } catch {
      /* never made, or already gone */
    }
    throw new WriteFailed(`could not write ${shown}: ${reason(e)}; the file is unchanged.`, { cause: e });
  }
  // the rename itself reaches the disk with the folder's entry: best effort (not every system can open a folder)
  try {
    const dfd = fs.openSync(dirname(target), 'r');
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    /* the file is written; only the folder's flush is skipped */
  }
}
