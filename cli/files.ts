// The CLI's view of the disk: a FileHost over model/disk.ts, display paths
// relative to the working folder, and expanding folders (with a file limit).

import { readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FileHost } from '../model/workspace.js';
import { describeFsError, MAX_FILE_BYTES, readAcesFile } from '../model/disk.js';

export { MAX_FILE_BYTES } from '../model/disk.js';

export const MAX_FOLDER_FILES = 10_000;

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
