// Reading one .aces file from disk, with the limits a user meets as messages
// rather than crashes: size, binary content, encoding. Shared by the CLI and
// the language server (which reads open documents first).

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${n} bytes`;
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
    return {
      error: `is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}. Split it into smaller files joined with \`use\`.`,
    };
  }
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    return { error: describeFsError(e) };
  }
  // UTF-16 (a BOM, or ASCII with every other byte NUL) is text saved in another encoding, not binary (issue 35, item 13)
  if (isUtf16(buf)) return { error: 'is UTF-16 text; save it as UTF-8 (your editor\'s "Save with Encoding")' };
  // the whole file: a NUL after the first few KB is still binary (and still no text for a terminal)
  if (buf.includes(0))
    return { error: 'looks like a binary file, not .aces text; give only .aces text files to check' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return { error: 'is not UTF-8 text; save it as UTF-8' };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** A UTF-16 BOM (either byte order), or a start of ASCII text with a NUL for every other byte. */
function isUtf16(buf: Buffer): boolean {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) return true;
  const n = Math.min(buf.length, 512) & ~1;
  if (n < 4) return false;
  for (const odd of [0, 1]) {
    let ok = true;
    for (let i = 0; i < n && ok; i += 2) ok = buf[i + odd] === 0 && buf[i + 1 - odd] !== 0;
    if (ok) return true;
  }
  return false;
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

// ---------------------------------------------------------------------------
// Confinement of `use`: a shared encounter file must not make the tools read
// (and print in code frames) anything outside the workspace, nor anything that
// is not an .aces file. Paths are compared as real paths, so a symlink cannot
// lead out, and each file is one key however many links point at it.

/** The real path (symlinks resolved) of an existing path; the plain resolved path when it does not exist. */
export function realPath(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return resolve(p);
  }
}

/** `p` is `root` or lies below it (both real paths). */
export function isInside(p: string, root: string): boolean {
  const r = relative(root, p);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/** Markers of a project's root folder: a GM's `aces.json`, or the repository's `.git`. */
export const ROOT_MARKERS = ['aces.json', '.git'] as const;

/** The nearest folder from `dir` up that holds a root marker, or undefined (at most 64 levels). */
export function projectRoot(dir: string): string | undefined {
  let d = dir;
  for (let i = 0; i < 64; i++) {
    if (ROOT_MARKERS.some((m) => existsSync(join(d, m)))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
  return undefined;
}

/**
 * Why a `use`d file may not be read (language code `use-outside`), or undefined when it may: it must be an
 * .aces file inside one of `roots` (real paths; none = no folder restriction). Never reads the file.
 */
export function useProblem(real: string, roots: readonly string[]): string | undefined {
  if (!real.toLowerCase().endsWith('.aces'))
    return 'is not an .aces file; `use` reads only .aces files (its content is not read)';
  if (roots.length && !roots.some((r) => isInside(real, r))) {
    return `is outside the workspace (${roots.join(', ')}); \`use\` reads only .aces files inside it (its content is not read). Copy the file into the workspace${roots.length === 1 ? '' : ' folders'}, or widen it: \`--root\` set to a folder that holds both, or an \`aces.json\` (it may be empty) in that folder, which the CLI takes as the root`;
  }
  return undefined;
}

/** Reads a `use`d file when confinement allows it (see useProblem). */
export function readUsed(
  path: string,
  roots: readonly string[],
  maxBytes = MAX_FILE_BYTES,
): { text: string } | { error: string; code?: string } {
  const problem = useProblem(realPath(path), roots);
  if (problem) return { error: problem, code: 'use-outside' };
  return readAcesFile(path, maxBytes);
}
