// Reading .aces files from disk for the CLI, with the safety limits a user
// meets as messages rather than crashes: size, binary content, encoding,
// folders with too many files.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FileHost } from '../model/workspace.js';

export const MAX_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_FOLDER_FILES = 10_000;

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
  if (buf.subarray(0, 8192).includes(0)) return { error: 'looks like a binary file, not .aces text' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return { error: 'is not UTF-8 text; save it as UTF-8' };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

function describeFsError(e: unknown): string {
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

export function diskHost(cwd = process.cwd(), maxBytes = MAX_FILE_BYTES): FileHost {
  return {
    read: (p) => readAcesFile(p, maxBytes),
    resolve: (from, rel) => (isAbsolute(rel) ? resolve(rel) : resolve(dirname(from), rel)),
    display: (p) => displayPath(p, cwd),
  };
}

export function displayPath(p: string, cwd = process.cwd()): string {
  const r = relative(cwd, p);
  return r && !r.startsWith('..') && !isAbsolute(r) ? r.split(sep).join('/') : p;
}

export interface Expanded {
  files: string[];
  problems: string[];
}

/** Expands the command line's files and folders into absolute .aces paths (folders recursively, sorted). */
export function expandPaths(args: string[], cwd = process.cwd()): Expanded {
  const files: string[] = [];
  const problems: string[] = [];
  for (const arg of args) {
    const abs = resolve(cwd, arg);
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch (e) {
      problems.push(`${arg}: ${describeFsError(e)}.`);
      continue;
    }
    if (!isDir) {
      files.push(abs);
      continue;
    }
    const found: string[] = [];
    const walk = (dir: string): void => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (e) {
        problems.push(`${displayPath(dir, cwd)}: ${describeFsError(e)}.`);
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const ent of entries) {
        if (found.length > MAX_FOLDER_FILES) return;
        if (ent.name.startsWith('.') || ent.name === 'node_modules') continue;
        const full = join(dir, ent.name);
        if (ent.isDirectory()) walk(full);
        else if (ent.isFile() && ent.name.endsWith('.aces')) found.push(full);
      }
    };
    walk(abs);
    if (found.length > MAX_FOLDER_FILES) {
      problems.push(`${arg}: more than ${MAX_FOLDER_FILES} .aces files; check a smaller folder.`);
      continue;
    }
    if (!found.length) problems.push(`${arg}: no .aces files in this folder.`);
    files.push(...found);
  }
  return { files: [...new Set(files)], problems };
}
