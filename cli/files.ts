// The CLI's view of the disk: a FileHost over model/disk.ts, display paths
// relative to the working folder, and expanding folders (with a file limit).

import { readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MAX_FILES, TEXT_BUDGET, type FileHost } from '../model/workspace.js';
import {
  describeFsError,
  formatBytes,
  MAX_FILE_BYTES,
  projectRoot,
  readAcesFile,
  readUsed,
  realPath,
} from '../model/disk.js';

export { MAX_FILE_BYTES } from '../model/disk.js';

/** Files checked per run, the checker's own limit (MAX_FILES): a folder with more is checked in part, and says so. */
export const MAX_FOLDER_FILES = MAX_FILES;

/** A run's host, and the files it left out for the run's text budget (in the order met). */
export interface DiskHost extends FileHost {
  readonly overBudget: string[];
}

/**
 * The CLI's host. Files named on the command line are read as given; a file reached through `use` only when
 * it is an .aces file inside `roots` (real paths: `--root`, else the folders of the files given; none = no
 * folder restriction), and `use` paths resolve to real paths so a file behind many symlinks loads once.
 * The run holds at most `textBudget` characters of text (issue 35 item 6, model/workspace.ts TEXT_BUDGET): a
 * file past it is not checked and says so, and is named in `overBudget`.
 */
export function diskHost(
  cwd = process.cwd(),
  maxBytes = MAX_FILE_BYTES,
  roots: readonly string[] = [],
  textBudget = TEXT_BUDGET,
): DiskHost {
  const realRoots = roots.map((r) => realPath(resolve(cwd, r)));
  const overBudget: string[] = [];
  let held = 0;
  return {
    overBudget,
    read: (p, used) => {
      const got = used ? readUsed(p, realRoots, maxBytes) : readAcesFile(p, maxBytes);
      if (!('text' in got)) return got;
      if (held > 0 && held + got.text.length > textBudget) {
        overBudget.push(p);
        return {
          error: `is not checked: this run's .aces files pass aces' memory budget of ${formatBytes(textBudget)} of text; check it on its own, or fewer files at a time`,
          code: 'limit',
        };
      }
      held += got.text.length;
      return got;
    },
    // `..` is read from the real folder, as the operating system reads it: from a folder reached through a
    // symlink, `../bestiary` is the bestiary beside the real folder, not beside the link
    resolve: (from, rel) => realPath(isAbsolute(rel) ? resolve(rel) : resolve(realPath(dirname(from)), rel)),
    display: (p) => displayPath(p, cwd),
  };
}

/**
 * The workspace of a CLI run (issue 35 item 12): `--root`, else for each file given the nearest folder above it
 * that holds an `aces.json` or a `.git` (a campaign's `encounters/` beside its `bestiary/` then share one root),
 * looked for above the path as given, then above its real folder (a campaign's folder linked onto a desk), else
 * the file's own folder (a folder given is its own root when none holds it).
 */
export function rootsOf(paths: readonly string[], cwd: string, root?: string): string[] {
  if (root !== undefined) return [resolve(cwd, root)];
  const out = new Set<string>();
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let dir = false;
    try {
      dir = statSync(abs).isDirectory();
    } catch {
      /* a missing path is reported elsewhere */
    }
    const own = dir ? abs : dirname(abs);
    out.add(projectRoot(own) ?? projectRoot(realPath(own)) ?? own);
  }
  return [...out];
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
    let isDir: boolean;
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
    if (found.length > MAX_FOLDER_FILES - files.length) {
      // check what fits, in path order, and name where the skipping starts
      const room = Math.max(0, MAX_FOLDER_FILES - files.length);
      problems.push(
        `${arg}: more than ${room} .aces files (the limit is ${MAX_FOLDER_FILES} per run); checked the first ${room} in path order and skipped the rest, from ${displayPath(found[room], cwd)} on. Check its subfolders one by one.`,
      );
      files.push(...found.slice(0, room));
      continue;
    }
    if (!found.length) problems.push(`${arg}: no .aces files in this folder.`);
    files.push(...found);
  }
  return { files: [...new Set(files)], problems };
}
