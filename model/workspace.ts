// The checker's entry point: load files (following `use`), parse, read against
// the schema, resolve names across files and build the checked model. File
// access goes through a host, so the CLI reads the disk and the language
// server can read open documents instead.

import { parse, type ParseResultWithComments } from '../grammar/index.js';
import type { Range } from '../grammar/ast.js';
import type { CheckedWorkspace } from './types.js';
import { sortDiagnostics, ZERO_RANGE, type Diagnostic } from './diagnostics.js';
import { readFile, type RawBlock, type ReadFile } from './read.js';
import { ModelBuilder, type Scope } from './build.js';
import type { BlockKind } from './schema.js';

/** Where files come from. Paths are opaque keys the host understands (absolute paths for the CLI). */
export interface FileHost {
  /**
   * The file's text, or a message saying why it cannot be used (`code`: a language code for the `use` line,
   * default `use-missing`). `used`: the file is reached through a `use` line, not named by the user, so a
   * host on a real disk confines it (model/disk.ts `readUsed`).
   */
  read(path: string, used?: boolean): { text: string } | { error: string; code?: string };
  /** The path a `use "rel"` written in `from` refers to (a disk host resolves symlinks, so each file is one key). */
  resolve(from: string, rel: string): string;
  /** How to show a path to the user. */
  display?(path: string): string;
  /** Optional parse cache (the language server reuses trees of unchanged files); default: parse the text. */
  parse?(path: string, text: string): ParseResultWithComments;
}

export interface CheckedFile {
  path: string;
  text?: string;
  /** Why the file could not be read. */
  error?: string;
  /** The language code of that problem on the `use` line (default `use-missing`). */
  errorCode?: string;
  parse?: ParseResultWithComments;
  read?: ReadFile;
  /** Files this one uses, resolved. */
  uses: string[];
}

export interface CheckResult {
  files: Map<string, CheckedFile>;
  diagnostics: Diagnostic[];
  model: CheckedWorkspace;
  /** Encounters by the file that declares them. */
  encountersByFile: Map<string, CheckedWorkspace['encounters']>;
}

/** At most this many files are loaded through `use` chains. */
export const MAX_FILES = 5000;

const DEFINABLE: BlockKind[] = ['character', 'weapon', 'technique', 'deck'];

export function checkFiles(paths: string[], host: FileHost): CheckResult {
  const diags: Diagnostic[] = [];
  const files = new Map<string, CheckedFile>();
  const display = (p: string): string => host.display?.(p) ?? p;

  // Load every file reachable through `use`, breadth first.
  const roots = new Set(paths);
  const queue = [...roots];
  for (let q = 0; q < queue.length; q++) {
    const path = queue[q];
    if (files.has(path)) continue;
    if (files.size >= MAX_FILES) {
      diags.push({ file: path, range: ZERO_RANGE, severity: 'error', code: 'limit', message: `Not checked: more than ${MAX_FILES} files are reached (files given plus their \`use\`s); this file and the rest were skipped. Check a smaller folder.` });
      break;
    }
    const got = host.read(path, !roots.has(path));
    const entry: CheckedFile = { path, uses: [] };
    files.set(path, entry);
    if ('error' in got) {
      entry.error = got.error;
      entry.errorCode = got.code;
      if (roots.has(path))
        diags.push({ file: path, range: ZERO_RANGE, severity: 'error', code: 'unreadable', message: got.error });
      continue;
    }
    entry.text = got.text;
    entry.parse = host.parse?.(path, got.text) ?? parse(got.text);
    for (const e of entry.parse.errors) diags.push({ file: path, range: e.range, severity: 'error', code: 'syntax', message: e.message, ...(e.more ? { more: e.more } : {}) });
    entry.read = readCached(entry.parse, path, diags);
    for (const u of entry.read.uses) {
      const target = host.resolve(path, u.path);
      entry.uses.push(target);
      if (!files.has(target)) queue.push(target);
    }
  }
  // Report unreadable `use`d files at the `use` line that names them.
  for (const f of files.values()) {
    f.uses.forEach((target, i) => {
      const t = files.get(target);
      if (t?.error === undefined) return;
      const ref = f.read!.uses[i];
      diags.push({
        file: f.path,
        range: ref.range,
        severity: 'error',
        code: t.errorCode ?? 'use-missing',
        message: t.errorCode
          ? `Cannot use '${ref.path}' (${display(target)}): ${t.error}.`
          : `Cannot use '${ref.path}': ${t.error} (looked for ${display(target)}). Fix the path; it is relative to this file.`,
      });
    });
  }
  reportCycles(files, diags, display);

  // Definitions per file, and duplicates inside one file.
  const defs = new Map<string, Map<BlockKind, Map<string, RawBlock>>>();
  for (const f of files.values()) {
    const mine = new Map<BlockKind, Map<string, RawBlock>>(DEFINABLE.map((k) => [k, new Map()]));
    for (const b of f.read?.blocks ?? []) {
      const table = mine.get(b.kind);
      if (!table) continue;
      const prev = table.get(b.name);
      if (prev) {
        diags.push({
          file: f.path,
          range: b.nameRange,
          severity: 'error',
          code: 'duplicate-name',
          message: `${cap(b.kind)} '${b.name}' is already defined on line ${prev.nameRange.start.line + 1}; rename one of them.`,
        });
      } else table.set(b.name, b);
    }
    defs.set(f.path, mine);
  }

  // Scopes: a file sees its own definitions, then those of every file it reaches through `use`.
  const scopes = new Map<string, Scope>();
  const scopeOf = (path: string): Scope => {
    let s = scopes.get(path);
    if (!s) {
      s = buildScope(path, files, defs, diags, display);
      scopes.set(path, s);
    }
    return s;
  };

  const builder = new ModelBuilder(diags, scopeOf);
  const model: CheckedWorkspace = { encounters: [], blocks: [], weapons: [], techniques: [], decks: [] };
  const encountersByFile = new Map<string, CheckedWorkspace['encounters']>();
  for (const f of files.values()) {
    scopeOf(f.path);
    const mine: CheckedWorkspace['encounters'] = [];
    const seenEnc = new Map<string, RawBlock>();
    for (const b of f.read?.blocks ?? []) {
      switch (b.kind) {
        case 'weapon':
          model.weapons.push(builder.weapon(b));
          break;
        case 'technique':
          model.techniques.push(builder.technique(b));
          break;
        case 'deck':
          model.decks.push(builder.deck(b));
          break;
        case 'character':
          model.blocks.push(builder.character(b));
          break;
        case 'encounter': {
          const prev = seenEnc.get(b.name);
          if (prev)
            diags.push({ file: f.path, range: b.nameRange, severity: 'error', code: 'duplicate-name', message: `Encounter '${b.name}' is already defined on line ${prev.nameRange.start.line + 1}; rename one of them.` });
          seenEnc.set(b.name, b);
          const e = builder.encounter(b);
          mine.push(e);
          model.encounters.push(e);
          break;
        }
        default:
          break;
      }
    }
    encountersByFile.set(f.path, mine);
  }
  return { files, diagnostics: capPerFile(sortDiagnostics(dedupeDiagnostics(diags))), model, encountersByFile };
}

/**
 * Diagnostics per file: the first MAX_DIAGNOSTICS_PER_FILE (in text order), then one `limit` diagnostic
 * saying how many more there are. A file of a million errors would otherwise cost seconds and gigabytes
 * in the CLI and one huge message to the editor; nobody reads past the first few hundred.
 */
export const MAX_DIAGNOSTICS_PER_FILE = 200;

function capPerFile(ds: Diagnostic[]): Diagnostic[] {
  const count = new Map<string, number>();
  // `more`: problems found and not kept upstream (the parser keeps 1,000 syntax errors and counts the rest)
  for (const d of ds) count.set(d.file, (count.get(d.file) ?? 0) + (d.more ?? 1));
  if (![...count.values()].some((n) => n > MAX_DIAGNOSTICS_PER_FILE)) return ds;
  const out: Diagnostic[] = [];
  const seen = new Map<string, number>();
  for (const d of ds) {
    const k = (seen.get(d.file) ?? 0) + 1;
    seen.set(d.file, k);
    if (k <= MAX_DIAGNOSTICS_PER_FILE) out.push(d);
    else if (k === MAX_DIAGNOSTICS_PER_FILE + 1) {
      const more = count.get(d.file)! - MAX_DIAGNOSTICS_PER_FILE;
      out.push({
        file: d.file, range: d.range, severity: 'error', code: 'limit',
        message: `…and ${more} more problem${more === 1 ? '' : 's'} in this file from here on; only the first ${MAX_DIAGNOSTICS_PER_FILE} are shown. Fix these (often one missing brace or quote causes many) and check again.`,
      });
    }
  }
  return out;
}

/**
 * Reading a tree against the schema depends only on the tree and its path, so
 * a host that reuses trees of unchanged files (the language server) also
 * skips re-reading them; the reader's diagnostics are replayed.
 */
const readCache = new WeakMap<ParseResultWithComments, { path: string; read: ReadFile; diags: Diagnostic[] }>();

function readCached(tree: ParseResultWithComments, path: string, diags: Diagnostic[]): ReadFile {
  const hit = readCache.get(tree);
  if (hit && hit.path === path) {
    for (const d of hit.diags) diags.push(d); // no spread: a file can carry 100,000s of reader diagnostics
    return hit.read;
  }
  const mine: Diagnostic[] = [];
  const read = readFile(tree.file, path, mine);
  readCache.set(tree, { path, read, diags: mine });
  for (const d of mine) diags.push(d);
  return read;
}

function buildScope(
  path: string,
  files: Map<string, CheckedFile>,
  defs: Map<string, Map<BlockKind, Map<string, RawBlock>>>,
  diags: Diagnostic[],
  display: (p: string) => string,
): Scope {
  const own = defs.get(path);
  const table = new Map<BlockKind, Map<string, RawBlock>>(DEFINABLE.map((k) => [k, new Map(own?.get(k) ?? [])]));
  // Breadth-first over `use`, remembering which direct `use` line brought each file in.
  const start = files.get(path);
  const seen = new Set<string>([path]);
  const queue: { file: string; via: number }[] = (start?.uses ?? []).map((u, i) => ({ file: u, via: i }));
  for (let q = 0; q < queue.length; q++) {
    const { file, via } = queue[q];
    if (seen.has(file)) continue;
    seen.add(file);
    const theirs = defs.get(file);
    for (const kind of DEFINABLE) {
      for (const [name, block] of theirs?.get(kind) ?? []) {
        const mine = table.get(kind)!;
        const prev = mine.get(name);
        if (!prev) mine.set(name, block);
        else if (prev !== block) {
          const here = prev.file === path;
          diags.push({
            file: path,
            range: here ? prev.nameRange : start!.read!.uses[via].range,
            severity: 'error',
            code: 'duplicate-name',
            message: here
              ? `${cap(kind)} '${name}' is also defined in ${display(block.file)}, which this file uses; rename one of them.`
              : `${cap(kind)} '${name}' is defined both in ${display(prev.file)} and in ${display(block.file)}; rename one of them.`,
          });
        }
      }
    }
    for (const u of files.get(file)?.uses ?? []) queue.push({ file: u, via });
  }
  return {
    lookup: (kind, name) => table.get(kind)?.get(name),
    names: (kind) => [...(table.get(kind)?.keys() ?? [])],
  };
}

/** A `use` chain that comes back to where it started is reported on the `use` line that closes it. */
function reportCycles(files: Map<string, CheckedFile>, diags: Diagnostic[], display: (p: string) => string): void {
  const state = new Map<string, 1 | 2>(); // 1 = on the stack, 2 = done
  const stack: string[] = [];
  const visit = (path: string): void => {
    state.set(path, 1);
    stack.push(path);
    const f = files.get(path)!;
    f.uses.forEach((target, i) => {
      if (!files.get(target)?.read) return;
      const st = state.get(target);
      if (st === 1) {
        const loop = [...stack.slice(stack.indexOf(target)), target].map(display).join(' → ');
        diags.push({
          file: path,
          range: f.read!.uses[i].range,
          severity: 'warning',
          code: 'use-cycle',
          message: `These files use each other in a loop: ${loop}. Names still resolve, but move the shared definitions into one file that both use.`,
        });
      } else if (st === undefined) visit(target);
    });
    stack.pop();
    state.set(path, 2);
  };
  for (const p of files.keys()) if (!state.has(p) && files.get(p)!.read) visit(p);
}

function dedupeDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const k = `${d.file}\0${d.range.start.offset}\0${d.range.end.offset}\0${d.code}\0${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

/** A host over an in-memory map of files, for tests and editors. Paths are POSIX-like keys. */
export function memoryHost(files: Record<string, string>): FileHost {
  return {
    read: (p) => (p in files ? { text: files[p] } : { error: `no such file` }),
    resolve: (from, rel) => {
      if (rel.startsWith('/')) return normalize(rel);
      const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
      return normalize(dir + rel);
    },
  };
}

function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return (p.startsWith('/') ? '/' : '') + out.join('/');
}

/** Checks one in-memory text (plus optional other files it may `use`). */
export function checkText(text: string, path = 'input.aces', others: Record<string, string> = {}): CheckResult {
  return checkFiles([path], memoryHost({ ...others, [path]: text }));
}
