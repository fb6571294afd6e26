// The server's FileHost: open documents first (unsaved edits count), then the
// disk for `file:` URIs through model/disk.ts, the CLI's reader (same limits).
// Keys are URI strings, normalized by vscode-uri.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI, Utils } from 'vscode-uri';
import type { ServiceHost } from './service/index.js';
import { formatBytes, isInside, MAX_FILE_BYTES, projectRoot, readAcesFile, readUsed, realPath } from '../model/disk.js';

export const MAX_WORKSPACE_FILES = 5000;
/** .aces files a scan counts at most before it says "more than" (the walk stops there). */
export const MAX_SCAN_COUNT = 100_000;

/** What a scan of the workspace folders found: the files checked (the first MAX_WORKSPACE_FILES) and how many there are. */
export interface Scan {
  files: string[];
  /** .aces files found, up to MAX_SCAN_COUNT. */
  found: number;
  /** The walk stopped at MAX_SCAN_COUNT: there may be more. */
  more: boolean;
}

export function normalizeUri(uri: string): string {
  try {
    return URI.parse(uri).toString();
  } catch {
    return uri;
  }
}

export interface OpenDocuments {
  get(uri: string): { getText(): string } | undefined;
  /** The open documents' URIs (with no workspace folder, their folders confine `use`: issue 35 item 12). */
  keys?(): Iterable<string>;
}

/** Real paths of the workspace folders (file: URIs only). */
function folderRootsOf(roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of roots) {
    try {
      const u = URI.parse(r);
      if (u.scheme === 'file') out.push(realPath(u.fsPath));
    } catch {
      /* not a URI: no root */
    }
  }
  return out;
}

/**
 * Where a `use` may read: the workspace folders; with none open (a single file opened in the editor), each open
 * document's project (the nearest folder above it with an `aces.json` or a `.git`, else its own folder), as the
 * CLI does (issue 35 item 12): never the whole disk.
 */
function useRootsOf(docs: OpenDocuments, roots: readonly string[]): string[] {
  const folders = folderRootsOf(roots);
  if (folders.length) return folders;
  const out = new Set<string>();
  for (const k of docs.keys?.() ?? []) {
    try {
      const u = URI.parse(k);
      if (u.scheme !== 'file') continue;
      const dir = path.dirname(realPath(u.fsPath));
      out.add(projectRoot(dir) ?? dir);
    } catch {
      /* not a URI */
    }
  }
  return [...out];
}

export function serverHost(
  docs: OpenDocuments,
  roots: () => string[],
): ServiceHost & {
  scan(): Scan;
  inWorkspace(uri: string): boolean;
  onDisk(uri: string): boolean;
  track(uri: string): boolean;
  untrack(uri: string): void;
} {
  /** The workspace's .aces files: scanned at start, kept up to date by watched-file events and closes (issue 35 item 8). */
  const listed = new Set<string>();
  let listedArray: string[] | undefined;
  /** Real paths of the workspace folders, and where a `use` may read (both read the folders anew each time). */
  const realRoots = (): string[] => folderRootsOf(roots());
  const useRoots = (): string[] => useRootsOf(docs, roots());
  /** An open document, or a file: URI inside a workspace folder (the only files the server reads or publishes). */
  const inWorkspace = (uri: string): boolean => {
    if (docs.get(uri)) return true;
    try {
      const u = URI.parse(uri);
      return u.scheme === 'file' && realRoots().some((r) => isInside(realPath(u.fsPath), r));
    } catch {
      return false;
    }
  };
  return {
    read(uri, used) {
      const d = docs.get(uri);
      if (d) {
        // an open document has the CLI's per-file limit: over it, one `limit` diagnostic and nothing else is
        // computed (issue 35 item 10: a 36.5 MB document took 21.6 s and 4 GB)
        const text = d.getText();
        const bytes = text.length * 3 <= MAX_FILE_BYTES ? text.length : Buffer.byteLength(text);
        if (bytes > MAX_FILE_BYTES)
          return {
            error: `This document is ${formatBytes(bytes)}; the limit is ${formatBytes(MAX_FILE_BYTES)}, so nothing in it is checked. Split it into smaller files joined with \`use\`.`,
            code: 'limit',
          };
        return { text };
      }
      let u: URI;
      try {
        u = URI.parse(uri);
      } catch {
        return { error: 'not a valid URI' };
      }
      if (u.scheme !== 'file') return { error: `cannot read ${u.scheme}: documents that are not open` };
      // Only .aces files inside the workspace folders (model/disk.ts), however a `use` line spells the path.
      if (used || !inWorkspace(uri)) {
        const where = useRoots();
        // no folder and no open file: nothing may be read through `use` (no roots would mean "anywhere")
        if (!where.length)
          return { error: 'cannot be read: no workspace folder or open file holds it', code: 'use-outside' };
        return readUsed(u.fsPath, where, MAX_FILE_BYTES);
      }
      return readAcesFile(u.fsPath, MAX_FILE_BYTES);
    },
    resolve(from, rel) {
      try {
        const base = URI.parse(from);
        const target = rel.startsWith('/') ? base.with({ path: rel }) : Utils.resolvePath(Utils.dirname(base), rel);
        // one key per file: symlinks resolved, so links cannot fan a file out or lead outside unseen
        return target.scheme === 'file' ? URI.file(realPath(target.fsPath)).toString() : target.toString();
      } catch {
        return rel;
      }
    },
    inWorkspace,
    isOpen: (uri) => docs.get(uri) !== undefined,
    display(uri) {
      try {
        const u = URI.parse(uri);
        if (u.scheme !== 'file') return uri;
        const root = roots()
          .map((r) => URI.parse(r).fsPath)
          .find((r) => u.fsPath.startsWith(r + path.sep));
        return root ? path.relative(root, u.fsPath) : u.fsPath;
      } catch {
        return uri;
      }
    },
    listFiles: () => (listedArray ??= [...listed]),
    /** A file: URI of an .aces file that is on the disk inside a workspace folder (what the list holds). */
    onDisk(uri) {
      try {
        const u = URI.parse(uri);
        if (u.scheme !== 'file' || !u.fsPath.toLowerCase().endsWith('.aces')) return false;
        const real = realPath(u.fsPath);
        return realRoots().some((r) => isInside(real, r)) && fs.statSync(real).isFile();
      } catch {
        return false;
      }
    },
    /** Puts a workspace file on the list (created, or seen on a close); false when the list is full. */
    track(uri) {
      if (listed.has(uri)) return true;
      if (listed.size >= MAX_WORKSPACE_FILES) return false;
      listed.add(uri);
      listedArray = undefined;
      return true;
    },
    /** Takes a file off the list (deleted, or renamed away). */
    untrack(uri) {
      if (listed.delete(uri)) listedArray = undefined;
    },
    /**
     * Walks the workspace folders for .aces files (skipping dot folders and node_modules): the first
     * MAX_WORKSPACE_FILES are the workspace's files; the rest are counted, so the server can say so (issue 35 item 9).
     */
    scan() {
      const out: string[] = [];
      let found = 0;
      for (const r of roots()) {
        let dir: string;
        try {
          const u = URI.parse(r);
          if (u.scheme !== 'file') continue;
          dir = u.fsPath;
        } catch {
          continue;
        }
        const stack = [dir];
        while (stack.length && found < MAX_SCAN_COUNT) {
          const d = stack.pop()!;
          let ents: fs.Dirent[];
          try {
            ents = fs.readdirSync(d, { withFileTypes: true });
          } catch {
            continue;
          }
          for (const ent of ents) {
            if (ent.name.startsWith('.') || ent.name === 'node_modules') continue;
            const p = path.join(d, ent.name);
            if (ent.isDirectory()) stack.push(p);
            else if (ent.isFile() && ent.name.endsWith('.aces') && ++found <= MAX_WORKSPACE_FILES)
              out.push(URI.file(p).toString());
          }
        }
      }
      listed.clear();
      for (const u of out) listed.add(u);
      listedArray = undefined;
      return { files: out, found, more: found >= MAX_SCAN_COUNT };
    },
  };
}
