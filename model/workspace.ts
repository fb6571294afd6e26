// The checker's entry point: load files (following `use`), parse, read each
// against its rule system's schema (`system` is decoded first), resolve names
// across files and let each system build its checked model. File access goes
// through a host, so the CLI reads the disk and the language server can read
// open documents instead. The systems come in as a registry: this file names
// no game.

import { parse, type ParseResultWithComments } from '../grammar/index.js';
import { sortDiagnostics, ZERO_RANGE, type Diagnostic } from './diagnostics.js';
import { declaredSystem, readFile, type RawBlock, type ReadFile } from './read.js';
import { definableKinds, type SystemSchema } from './schema.js';
import type { EncounterInfo, RuleSystem, Scope, SystemModel, SystemRegistry } from './system.js';
import { shortChain, shortName } from './message-text.js';
import { didYouMean, suggest, withArticle } from './suggest.js';

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
  /** The id of the rule system it speaks (`system …`, else the registry's fallback); undefined when unknown. */
  system?: string;
}

export interface CheckResult {
  files: Map<string, CheckedFile>;
  diagnostics: Diagnostic[];
  /** Each system's checked model, by system id (only systems some file speaks). */
  models: Map<string, SystemModel>;
  /** Encounters by the file that declares them (each the system's own encounter object). */
  encountersByFile: Map<string, EncounterInfo[]>;
  /** The scope of each file: what its names resolve to (the checker's and the editor's one resolver). */
  scopeOf(path: string): Scope;
  /** The system a file speaks. */
  systemOf(path: string): RuleSystem | undefined;
}

/** At most this many files are loaded through `use` chains. */
export const MAX_FILES = 5000;

/**
 * Characters of .aces text one check holds at most, a CLI run or a language server's workspace (issue 35 item 6):
 * a checked file costs about 90–130 times its text in heap (parse tree, read, model), so 4 MB of text stays inside
 * the ~512 MB the hardening issue set; 16 files of 3.9 MB each took 4.2 GB and died. A file past it is not read
 * into the check: it gets a `limit` message, and the files that `use` it are told so on their `use` line.
 */
export const TEXT_BUDGET = 4 * 1024 * 1024;

const NO_BLOCKS: SystemSchema = { blocks: {} };

export function checkFiles(paths: string[], host: FileHost, registry: SystemRegistry): CheckResult {
  const diags: Diagnostic[] = [];
  const files = new Map<string, CheckedFile>();
  const display = (p: string): string => host.display?.(p) ?? p;

  // Load every file reachable through `use`, breadth first.
  const roots = new Set(paths);
  const skipped = loadFiles(roots, files, host, registry, diags);
  reportUnreadableUses(files, diags, display);
  // a file a host left out for a limit (the server's memory budget: issue 35 item 6) is told on its `use` lines
  // above, and its users' names are not called unknown either
  const limited = [...files.values()].some((f) => f.errorCode === 'limit');
  const incomplete = skipped.size || limited ? reportSkipped(files, skipped, diags) : undefined;
  reportCycles(files, diags, display);
  reportForeignUses(files, registry, diags);
  const defs = definitionsOf(files, registry, diags);

  // Scopes: a file sees its own definitions, then those of every file it reaches through `use`.
  const scopes = new Map<string, Scope>();
  /** Each scope built's duplicate pairs, in the order found (a file sharing it reports them on its `use` line). */
  const dupsOf = new Map<string, Duplicate[]>();
  const build = (path: string): Scope => {
    const { scope, dups } = buildScope(path, files, defs, diags, display);
    scopes.set(path, scope);
    dupsOf.set(path, dups);
    return scope;
  };
  /**
   * A file that defines nothing and uses one file of its own system sees exactly what that file sees (the same
   * breadth-first walk, one step later): it shares that scope, and says its duplicates on its own `use` line,
   * as its own walk would have. A chain of N such files then costs N steps, not N² (issue 35, item 4: 3,000
   * took 13 s). Followed by a loop, never a recursion. buildScope is the plain twin; a test holds them equal.
   */
  const passesThrough = (path: string): boolean => {
    const f = files.get(path)!;
    if (!f.read || f.uses.length !== 1 || files.get(f.uses[0])?.system !== f.system) return false;
    for (const table of defs.get(path)?.values() ?? []) if (table.size) return false;
    return true;
  };
  const scopeOf = (path: string): Scope => {
    const hit = scopes.get(path);
    if (hit) return hit;
    if (!sharedScopes) return build(path);
    const chain: string[] = [];
    const onChain = new Set<string>();
    let p = path;
    while (!scopes.has(p) && !onChain.has(p) && passesThrough(p)) {
      onChain.add(p);
      chain.push(p);
      p = files.get(p)!.uses[0];
    }
    // a loop of files that define nothing: the last one is walked in full
    if (onChain.has(p)) p = chain.pop()!;
    const scope = scopes.get(p) ?? build(p);
    const dups = dupsOf.get(p)!;
    for (let i = chain.length - 1; i >= 0; i--) {
      const f = files.get(chain[i])!;
      const range = f.read!.uses[0].range;
      for (const d of dups)
        diags.push({
          file: f.path,
          range,
          severity: 'error',
          code: 'duplicate-name',
          message: bothIn(d, display),
        });
      scopes.set(f.path, scope);
      dupsOf.set(f.path, dups);
    }
    return scope;
  };

  // Each system checks its own files.
  const models = new Map<string, SystemModel>();
  const encountersByFile = new Map<string, EncounterInfo[]>();
  for (const system of registry.systems) {
    const mine = [...files.values()].filter((f) => f.system === system.id && f.read);
    if (!mine.length) continue;
    for (const f of mine) scopeOf(f.path);
    const model = system.check({
      files: mine.map((f) => ({ path: f.path, read: f.read! })),
      scopeOf,
      diagnostics: diags,
      display,
    });
    models.set(system.id, model);
    for (const f of mine) encountersByFile.set(f.path, []);
    for (const e of model.encounters) if (e.file !== undefined) encountersByFile.get(e.file)?.push(e);
  }
  return {
    files,
    diagnostics: capPerFile(
      sortDiagnostics(
        dedupeDiagnostics(
          // a name that a skipped file may define is not called unknown (issue 35 item 9): the use line says why
          incomplete ? diags.filter((d) => d.code !== 'unknown-name' || !incomplete.has(d.file)) : diags,
        ),
      ),
    ),
    models,
    encountersByFile,
    scopeOf,
    systemOf: (path) => {
      const id = files.get(path)?.system;
      return id === undefined ? undefined : registry.byId(id);
    },
  };
}

/**
 * Loads every file reachable from `roots` through `use`, breadth first, into `files`: each read by the host, parsed
 * (syntax errors reported), its system decoded first (the schema the rest is read against) and read. Returns the
 * files reached past MAX_FILES, not loaded.
 */
function loadFiles(
  roots: ReadonlySet<string>,
  files: Map<string, CheckedFile>,
  host: FileHost,
  registry: SystemRegistry,
  diags: Diagnostic[],
): Set<string> {
  const queue = [...roots];
  /** Files reached past MAX_FILES: not loaded (issue 35 item 9: those that use them are told so, never falsely). */
  const skipped = new Set<string>();
  for (let q = 0; q < queue.length; q++) {
    const path = queue[q];
    if (files.has(path) || skipped.has(path)) continue;
    if (files.size >= MAX_FILES) {
      if (!skipped.size && roots.has(path))
        diags.push({
          file: path,
          range: ZERO_RANGE,
          severity: 'error',
          code: 'limit',
          message: `Not checked: more than ${MAX_FILES} files are reached (files given plus their \`use\`s); this file and the rest were skipped. Check a smaller folder.`,
        });
      skipped.add(path);
      continue;
    }
    const got = host.read(path, !roots.has(path));
    const entry: CheckedFile = { path, uses: [] };
    files.set(path, entry);
    if ('error' in got) {
      entry.error = got.error;
      entry.errorCode = got.code;
      if (roots.has(path))
        diags.push({
          file: path,
          range: ZERO_RANGE,
          severity: 'error',
          // a document over the size limit says so as a limit (issue 35 item 10)
          code: got.code === 'limit' ? 'limit' : 'unreadable',
          message: got.error,
        });
      continue;
    }
    entry.text = got.text;
    entry.parse = host.parse?.(path, got.text) ?? parse(got.text);
    for (const e of entry.parse.errors)
      diags.push({
        file: path,
        range: e.range,
        severity: 'error',
        code: 'syntax',
        message: e.message,
        ...(e.more ? { more: e.more } : {}),
      });
    // Early decode: the system picks the schema the rest of the file is read against.
    const decl = declaredSystem(entry.parse.file);
    const system = decl ? registry.byId(decl.text) : registry.fallback;
    if (decl && !system) {
      const ids = registry.systems.map((x) => x.id);
      const sugg = suggest(decl.text, ids);
      diags.push({
        file: path,
        range: decl.range,
        severity: 'error',
        code: 'unknown-system',
        suggestions: sugg,
        message: `There is no rule system '${decl.text}'.${didYouMean(sugg)}${sugg.length ? '' : ` Known systems: ${ids.join(', ')}.`} Until it is fixed, nothing else in this file is checked.`,
      });
    }
    entry.system = system?.id;
    entry.read = system
      ? readCached(entry.parse, path, diags, system)
      : { ...readFile(entry.parse.file, path, [], NO_BLOCKS), blocks: [] };
    for (const u of entry.read.uses) {
      const target = host.resolve(path, u.path);
      entry.uses.push(target);
      if (!files.has(target)) queue.push(target);
    }
  }
  return skipped;
}

/** Unreadable `use`d files, reported at the `use` line that names them. */
function reportUnreadableUses(
  files: Map<string, CheckedFile>,
  diags: Diagnostic[],
  display: (p: string) => string,
): void {
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
          ? `Cannot use '${shortName(ref.path)}' (${shortName(display(target))}): ${t.error}.`
          : `Cannot use '${shortName(ref.path)}': ${t.error} (looked for ${shortName(display(target))}). Fix the path; it is relative to this file.`,
      });
    });
  }
}

/** A fight speaks one rule system: a file uses only files of its own (SYSTEMS.md 3.2). */
function reportForeignUses(files: Map<string, CheckedFile>, registry: SystemRegistry, diags: Diagnostic[]): void {
  for (const f of files.values()) {
    f.uses.forEach((target, i) => {
      const t = files.get(target);
      if (!t?.read || !f.system || !t.system || t.system === f.system) return;
      const ref = f.read!.uses[i];
      const theirs = registry.byId(t.system)!;
      const mine = registry.byId(f.system)!;
      diags.push({
        file: f.path,
        range: ref.range,
        severity: 'error',
        code: 'use-system',
        message: `'${ref.path}' is ${withArticle(theirs.name)} file (\`system ${theirs.id}\`) and this one is ${mine.name}; a file can use only files of its own system. Use ${withArticle(mine.name)} file, or give this file \`system ${theirs.id}\`.`,
      });
    });
  }
}

/** Definitions per file (kind → name → block), and duplicates inside one file reported. */
function definitionsOf(
  files: Map<string, CheckedFile>,
  registry: SystemRegistry,
  diags: Diagnostic[],
): Map<string, Map<string, Map<string, RawBlock>>> {
  const defs = new Map<string, Map<string, Map<string, RawBlock>>>();
  const definable = new Map<string, string[]>(registry.systems.map((x) => [x.id, definableKinds(x.schema)]));
  // kinds no other file sees whose names are still unique in their file (encounters)
  const uniqueInFile = new Map<string, string[]>(
    registry.systems.map((x) => [
      x.id,
      Object.values(x.schema.blocks)
        .filter((b) => b.uniqueInFile)
        .map((b) => b.kind),
    ]),
  );
  for (const f of files.values()) {
    const mine = new Map<string, Map<string, RawBlock>>(
      (definable.get(f.system ?? '') ?? []).map((k) => [k, new Map()]),
    );
    const local = new Map<string, Map<string, RawBlock>>(
      (uniqueInFile.get(f.system ?? '') ?? []).map((k) => [k, new Map()]),
    );
    for (const b of f.read?.blocks ?? []) {
      const table = mine.get(b.kind) ?? local.get(b.kind);
      if (!table) continue;
      const prev = table.get(b.name);
      if (prev) {
        diags.push({
          file: f.path,
          range: b.nameRange,
          severity: 'error',
          code: 'duplicate-name',
          message: `${cap(b.kind)} '${shortName(b.name)}' is already defined on line ${prev.nameRange.start.line + 1}; rename one of them.`,
        });
      } else table.set(b.name, b);
    }
    defs.set(f.path, mine);
  }
  return defs;
}

/**
 * Files past MAX_FILES that loaded files `use`: a `limit` diagnostic on each such `use` line; returns the files
 * whose names may come from a skipped file (those lines' files and every file that reaches them by `use`).
 */
function reportSkipped(
  files: Map<string, CheckedFile>,
  skipped: ReadonlySet<string>,
  diags: Diagnostic[],
): Set<string> {
  const incomplete = new Set<string>();
  const users = new Map<string, string[]>();
  for (const f of files.values())
    f.uses.forEach((target, i) => {
      let l = users.get(target);
      if (!l) users.set(target, (l = []));
      l.push(f.path);
      if (files.get(target)?.errorCode === 'limit') incomplete.add(f.path);
      if (!skipped.has(target)) return;
      incomplete.add(f.path);
      diags.push({
        file: f.path,
        range: f.read!.uses[i].range,
        severity: 'error',
        code: 'limit',
        message: `'${shortName(f.read!.uses[i].path)}' was not loaded: more than ${MAX_FILES} files are reached (the files checked plus their \`use\`s), so the names it defines are not checked here. Check a smaller folder.`,
      });
    });
  const queue = [...incomplete];
  for (let q = 0; q < queue.length; q++)
    for (const u of users.get(queue[q]) ?? [])
      if (!incomplete.has(u)) {
        incomplete.add(u);
        queue.push(u);
      }
  return incomplete;
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
        file: d.file,
        range: d.range,
        severity: 'error',
        code: 'limit',
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
const readCache = new WeakMap<
  ParseResultWithComments,
  { path: string; system: string; read: ReadFile; diags: Diagnostic[] }
>();

function readCached(tree: ParseResultWithComments, path: string, diags: Diagnostic[], system: RuleSystem): ReadFile {
  const hit = readCache.get(tree);
  if (hit && hit.path === path && hit.system === system.id) {
    for (const d of hit.diags) diags.push(d); // no spread: a file can carry 100,000s of reader diagnostics
    return hit.read;
  }
  const mine: Diagnostic[] = [];
  const read = readFile(tree.file, path, mine, system.schema);
  readCache.set(tree, { path, system: system.id, read, diags: mine });
  for (const d of mine) diags.push(d);
  return read;
}

/** Two blocks of one kind and name that one file's scope reaches: `prev` found first. */
interface Duplicate {
  kind: string;
  name: string;
  prev: RawBlock;
  block: RawBlock;
}

/** Shared scopes on (false: every file walks its own `use`s, the plain twin the tests compare with). */
let sharedScopes = true;
/** For tests: whether scopes of files that only pass a `use` on are shared (checkFiles' `scopeOf`). */
export function setSharedScopes(on: boolean): void {
  sharedScopes = on;
}

const bothIn = (d: Duplicate, display: (p: string) => string): string =>
  `${cap(d.kind)} '${shortName(d.name)}' is defined both in ${display(d.prev.file)} and in ${display(d.block.file)}; rename one of them.`;

function buildScope(
  path: string,
  files: Map<string, CheckedFile>,
  defs: Map<string, Map<string, Map<string, RawBlock>>>,
  diags: Diagnostic[],
  display: (p: string) => string,
): { scope: Scope; dups: Duplicate[] } {
  const own = defs.get(path);
  const kinds = [...(own?.keys() ?? [])];
  const table = new Map<string, Map<string, RawBlock>>(kinds.map((k) => [k, new Map(own?.get(k) ?? [])]));
  const system = files.get(path)?.system;
  const dups: Duplicate[] = [];
  // Breadth-first over `use`, remembering which direct `use` line brought each file in.
  const start = files.get(path);
  const seen = new Set<string>([path]);
  const queue: { file: string; via: number }[] = (start?.uses ?? []).map((u, i) => ({ file: u, via: i }));
  for (let q = 0; q < queue.length; q++) {
    const { file, via } = queue[q];
    if (seen.has(file)) continue;
    seen.add(file);
    if (files.get(file)?.system !== system) continue; // another system's file: reported as use-system, not seen
    const theirs = defs.get(file);
    for (const kind of kinds) {
      for (const [name, block] of theirs?.get(kind) ?? []) {
        const mine = table.get(kind)!;
        const prev = mine.get(name);
        if (!prev) mine.set(name, block);
        else if (prev !== block) {
          const here = prev.file === path;
          const d = { kind, name, prev, block };
          dups.push(d);
          diags.push({
            file: path,
            range: here ? prev.nameRange : start!.read!.uses[via].range,
            severity: 'error',
            code: 'duplicate-name',
            message: here
              ? `${cap(kind)} '${shortName(name)}' is also defined in ${display(block.file)}, which this file uses; rename one of them.`
              : bothIn(d, display),
          });
        }
      }
    }
    for (const u of files.get(file)?.uses ?? []) queue.push({ file: u, via });
  }
  return {
    scope: {
      lookup: (kind, name) => table.get(kind)?.get(name),
      names: (kind) => [...(table.get(kind)?.keys() ?? [])],
    },
    dups,
  };
}

/**
 * A `use` chain that comes back to where it started is reported on the `use` line that closes it. A depth-first
 * walk with its own stack (issue 35, item 4): a chain of thousands of files is as deep as it is long, and a
 * recursive walk overflowed the call stack at ~2,500.
 */
function reportCycles(files: Map<string, CheckedFile>, diags: Diagnostic[], display: (p: string) => string): void {
  const state = new Map<string, 1 | 2>(); // 1 = on the stack, 2 = done
  const stack: string[] = [];
  /** The next `use` to follow of each file on the stack. */
  const next: number[] = [];
  const enter = (path: string): void => {
    state.set(path, 1);
    stack.push(path);
    next.push(0);
  };
  for (const p of files.keys()) {
    if (state.has(p) || !files.get(p)!.read) continue;
    enter(p);
    while (stack.length) {
      const top = stack.length - 1;
      const path = stack[top];
      const f = files.get(path)!;
      const i = next[top]++;
      if (i >= f.uses.length) {
        stack.pop();
        next.pop();
        state.set(path, 2);
        continue;
      }
      const target = f.uses[i];
      if (!files.get(target)?.read) continue;
      const st = state.get(target);
      if (st === 1) {
        const loop = shortChain([...stack.slice(stack.indexOf(target)), target].map(display));
        diags.push({
          file: path,
          range: f.read!.uses[i].range,
          severity: 'warning',
          code: 'use-cycle',
          message: `These files use each other in a loop: ${loop}. Names still resolve, but move the shared definitions into one file that both use.`,
        });
      } else if (st === undefined) enter(target);
    }
  }
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
export function checkText(
  text: string,
  registry: SystemRegistry,
  path = 'input.aces',
  others: Record<string, string> = {},
): CheckResult {
  return checkFiles([path], memoryHost({ ...others, [path]: text }), registry);
}
