// Reading one .aces file from disk, with the limits a user meets as messages
// rather than crashes: size, binary content, encoding. Shared by the CLI and
// the language server (which reads open documents first).

import { readFileSync, statSync } from 'node:fs';

export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} bytes`;
}

/** Reads one file as .aces text, or says plainly why it cannot. */
export function readAcesFile(path: string, maxBytes = MAX_FILE_BYTES): { text: string } | { error: string } {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) return { error: 'is a folder, not a file' };
    if (!st.isFile()) return { error: 'is not a regular file' };
    size = st.size;
  } catch (e) {
    return { error: describeFsError(e) };
  }
  if (size > maxBytes) {
    return { error: `is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}. Split it into smaller files joined with \`use\`.` };
  }
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    return { error: describeFsError(e) };
  }
  if (buf.subarray(0, 8192).includes(0)) return { error: 'looks like a binary file, not .aces text; give only .aces text files to check' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return { error: 'is not UTF-8 text; save it as UTF-8' };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder, not a file';
    default:
      return code ? `cannot be read (${code})` : 'cannot be read';
  }
}
