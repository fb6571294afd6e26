// The language service's state: the last check of every known file, kept
// fresh incrementally. A change marks a file dirty; the next query re-checks
// the dirty files and every file that `use`s them (transitively), and keeps
// the other files' results. On top of the checked files it builds, lazily and
// once per generation: each file's symbol index (definitions and references
// with their ranges) and each file's scope (names visible through `use`, as the
// check resolved them: model/workspace.ts is the one resolver). What
// a rule system derives for its editor contributions (who appears in which
// encounter) it keeps through its WorkspaceView, cleared on every re-check.

import type { Range } from '../../grammar/ast.js';
import { parse, type ParseResultWithComments } from '../../grammar/index.js';
import { TEXT_BUDGET, type CheckedFile, type FileHost } from '../../model/workspace.js';
import { checkFiles, REGISTRY } from '../../systems/index.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { AttrValue, RawBlock } from '../../model/read.js';
import { definableKinds } from '../../model/schema.js';
import type { EncounterInfo, ReferenceAt, RuleSystem, Scope, SystemModel, WorkspaceView } from '../../model/system.js';
import { TextLines } from './lsp.js';
import { formatBytes } from '../../model/disk.js';

/** Where files come from: the model's FileHost, plus the list of workspace files. */
export interface ServiceHost extends FileHost {
  /** An open document (checked whatever the budget: the user is looking at it). Default: none is. */
  isOpen?(uri: string): boolean;
  /** Every file of the workspace (used for workspace symbols, references and dependents). Default: the files seen so far. */
  listFiles?(): string[];
}

/** A block kind of the file's schema (`character`, `zone`…). */
export type SymbolKindName = string;
/** A kind other files see through `use` (the schema's definable kinds). */
export type GlobalKind = string;

export interface Def {
  kind: SymbolKindName;
  name: string;
  uri: string;
  nameRange: Range;
  block: RawBlock;
  /** The encounter a zone, side or local deck belongs to. */
  encounter?: RawBlock;
  /** Stable identity: uri#offset of the name. */
  key: string;
}

/**
 * What holds a reference: the attribute's name (`wields`, `adjacent`), `extends`, `placement` (the placed
 * name) or `placement-KEY` for a placement key (`placement-at`, `placement-deck`).
 */
export type RefRole = string;

export interface Ref {
  kind: string;
  name: string;
  range: Range;
  uri: string;
  role: RefRole;
  /** The block that holds the reference (character, zone or side). */
  holder: RawBlock;
  encounter?: RawBlock;
  /** Index among the names its attribute gives in the holder (`wields Main Offhand`: 0, 1). */
  index?: number;
}

/** A reference as a system's editor contributions see it: plain names and ranges. */
export function referenceAt(r: Ref): ReferenceAt {
  return {
    kind: r.kind,
    name: r.name,
    role: r.role,
    index: r.index,
    file: r.uri,
    range: r.range,
    holder: { kind: r.holder.kind, name: r.holder.name, file: r.holder.file },
    encounter: r.encounter && { name: r.encounter.name, range: r.encounter.nameRange },
  };
}

export interface FileIndex {
  defs: Def[];
  refs: Ref[];
}

export interface FileEntry {
  uri: string;
  file: CheckedFile;
  lines: TextLines;
  diagnostics: Diagnostic[];
  /** Every encounter of the file, whatever its system. */
  allEncounters: EncounterInfo[];
  /** The rule system the file speaks (its schema drives every feature). */
  system: RuleSystem;
  /** That system's model from the check that covered this file (for the system's own hovers). */
  model?: SystemModel;
  /** What the file's names resolve to, from the same check (the checker's scope: one resolver). */
  scope: Scope;
  /** Signature of the diagnostics, to tell whether a re-check changed them. */
  signature: string;
}

/** Files one check of a refresh takes as its roots at most (what they `use` comes on top, up to MAX_FILES). */
export const CHECK_BATCH = 1000;

/**
 * Characters of .aces text one workspace holds checked at most: the CLI's per-run budget (model/workspace.ts
 * TEXT_BUDGET, issue 35 item 6), except that open documents are checked whatever it says.
 */
export const WORKSPACE_TEXT_BUDGET = TEXT_BUDGET;

export class WorkspaceState {
  readonly entries = new Map<string, FileEntry>();
  private readonly dirty = new Set<string>();
  private readonly known = new Set<string>();
  generation = 0;
  private indexes = new WeakMap<CheckedFile, FileIndex>();
  private scopes = new Map<string, Map<GlobalKind, Map<string, RawBlock>>>();
  private defsByBlock = new Map<RawBlock, Def>();
  /** What systems' editor contributions derived from the files (WorkspaceView.cached), until the next re-check. */
  private derived = new Map<string, unknown>();
  private views = new Map<string, WorkspaceView>();

  /** Parse trees by file, reused while a file's text is unchanged (trees are never mutated). */
  private readonly parses = new Map<string, { text: string; result: ParseResultWithComments }>();
  private readonly checkHost: FileHost;

  constructor(readonly host: ServiceHost) {
    this.checkHost = {
      read: (p, used) => this.budgeted(p, host.read(p, used)),
      resolve: (from, rel) => host.resolve(from, rel),
      display: host.display ? (p) => host.display!(p) : undefined,
      parse: (p, text) => {
        const hit = this.parses.get(p);
        if (hit && hit.text === text) return hit.result;
        const result = parse(text);
        this.parses.set(p, { text, result });
        return result;
      },
    };
  }

  /** Characters of text held per checked file, their total, and the files left out for the budget. */
  private readonly held = new Map<string, number>();
  private heldTotal = 0;
  /** Files not checked for the budget, and those not yet said (takeOverBudget). */
  readonly overBudget = new Set<string>();
  private unsaid = new Set<string>();
  /** Characters of .aces text the workspace may hold checked (issue 35 item 6); open documents always count in. */
  budget = WORKSPACE_TEXT_BUDGET;

  private unhold(uri: string): void {
    this.heldTotal -= this.held.get(uri) ?? 0;
    this.held.delete(uri);
  }

  /**
   * A read under the whole-workspace budget: each checked file costs about 90 times its text in memory (parse,
   * read, model), so past `budget` characters a file that is not open is left out with a `limit` message, and
   * files that use it are told so on their `use` line.
   */
  private budgeted(
    uri: string,
    got: { text: string } | { error: string; code?: string },
  ): { text: string } | { error: string; code?: string } {
    this.unhold(uri);
    if (!('text' in got)) return got;
    if (this.heldTotal + got.text.length > this.budget && !this.host.isOpen?.(uri)) {
      if (!this.overBudget.has(uri)) this.unsaid.add(uri);
      this.overBudget.add(uri);
      return {
        error: `is not checked: the workspace's .aces files pass the language server's memory budget of ${formatBytes(this.budget)} of text; open this file to check it, or open a smaller folder`,
        code: 'limit',
      };
    }
    this.overBudget.delete(uri);
    this.unsaid.delete(uri);
    this.held.set(uri, got.text.length);
    this.heldTotal += got.text.length;
    return got;
  }

  /** Files left out for the budget since the last call (to say once). */
  takeOverBudget(): string[] {
    const out = [...this.unsaid];
    this.unsaid.clear();
    return out;
  }

  /** Files the workspace should know about, checked at the next refresh. */
  addFiles(uris: Iterable<string>): void {
    for (const u of uris) {
      if (!this.known.has(u)) {
        this.known.add(u);
        this.dirty.add(u);
      }
    }
  }

  /** A file's text changed (or appeared): re-check it and its dependents at the next query. */
  invalidate(uri: string): void {
    this.known.add(uri);
    this.dirty.add(uri);
  }

  /** A file is gone: forget it, re-check whoever used it. */
  remove(uri: string): void {
    this.release(uri);
  }

  /**
   * Nobody keeps `uri` any more (a deleted file, or a closed document that is no workspace file on disk): its
   * entry, text, parse, model and caches go (issue 35 item 7). Files that used it are re-checked (they read it
   * from the disk now, or say it is missing); files checked together with it are re-checked too when they are
   * still kept, since their entries hold that check's model, which holds its blocks; files loaded only through
   * its `use` lines go with it.
   */
  release(uri: string): void {
    const gone = this.entries.get(uri);
    const deps = this.dependents([uri]);
    this.known.delete(uri);
    this.entries.delete(uri);
    this.parses.delete(uri);
    this.dirty.delete(uri);
    this.unpublished.delete(uri);
    for (const d of deps) if (d !== uri) this.dirty.add(d);
    const kept = this.kept();
    if (gone?.model)
      for (const e of this.entries.values()) if (e.model === gone.model && kept.has(e.uri)) this.dirty.add(e.uri);
    for (const u of [...this.entries.keys()]) if (!kept.has(u)) this.entries.delete(u);
    for (const u of [...this.parses.keys()]) if (!kept.has(u)) this.parses.delete(u);
    this.unhold(uri);
    for (const u of [...this.held.keys()]) if (!kept.has(u)) this.unhold(u);
    // room freed: the files left out for the budget try again
    this.overBudget.delete(uri);
    for (const u of this.overBudget) if (kept.has(u)) this.dirty.add(u);
    this.resetCaches();
  }

  /** The files still wanted: every known (added, listed or asked for) or dirty file and what they reach by `use`. */
  private kept(): Set<string> {
    const out = new Set<string>([...this.known, ...this.dirty]);
    const queue = [...out];
    for (let q = 0; q < queue.length; q++)
      for (const u of this.entries.get(queue[q])?.file.uses ?? [])
        if (!out.has(u)) {
          out.add(u);
          queue.push(u);
        }
    return out;
  }

  get isDirty(): boolean {
    return this.dirty.size > 0;
  }

  /** Files that `use` any of `uris`, transitively, including `uris`. */
  dependents(uris: Iterable<string>): Set<string> {
    const rev = new Map<string, string[]>();
    for (const e of this.entries.values()) {
      for (const u of e.file.uses) {
        let l = rev.get(u);
        if (!l) rev.set(u, (l = []));
        l.push(e.uri);
      }
    }
    const out = new Set(uris);
    const queue = [...out];
    for (let q = 0; q < queue.length; q++) {
      for (const d of rev.get(queue[q]) ?? []) {
        if (!out.has(d)) {
          out.add(d);
          queue.push(d);
        }
      }
    }
    return out;
  }

  /** Files re-checked by any refresh (a hover's, a symbol request's…) whose diagnostics are not yet published. */
  private unpublished = new Set<string>();

  /**
   * Everything found changed since the last drain, whoever triggered the
   * re-check: requests that arrive between an edit and the debounced
   * validation refresh the workspace too, and their findings must still be
   * published.
   */
  drainChanged(): string[] {
    this.refresh();
    const out = [...this.unpublished];
    this.unpublished.clear();
    return out;
  }

  /**
   * Re-checks dirty files and their dependents. Returns the files whose
   * diagnostics must be (re)published: the re-checked roots and any other
   * file whose diagnostics changed.
   */
  refresh(): string[] {
    const r = this.refreshInner();
    for (const u of r) this.unpublished.add(u);
    return r;
  }

  private refreshInner(): string[] {
    if (!this.dirty.size) return [];
    const roots = this.dependents(this.dirty);
    this.dirty.clear();
    // in checks of CHECK_BATCH files, so that what they `use` still fits the checker's file limit (issue 35 item 9:
    // 5,000 files in one check left no room for the files they use, and their names were called unknown)
    const all = [...roots];
    const changed = new Set<string>();
    const fresh = new Map<string, FileEntry>();
    for (let i = 0; i < all.length; i += CHECK_BATCH) {
      const batch = new Set(all.slice(i, i + CHECK_BATCH));
      this.checkBatch(batch, roots, fresh, changed);
    }
    for (const [uri, e] of fresh) this.entries.set(uri, e);
    this.generation++;
    this.resetCaches();
    return [...changed];
  }

  /** Checks `batch`; a file checked as a root of an earlier batch of this refresh keeps that entry. */
  private checkBatch(
    batch: Set<string>,
    roots: Set<string>,
    fresh: Map<string, FileEntry>,
    changed: Set<string>,
  ): void {
    const result = checkFiles([...batch], this.checkHost);
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of result.diagnostics) {
      let l = byFile.get(d.file);
      if (!l) byFile.set(d.file, (l = []));
      l.push(d);
    }
    for (const [uri, file] of result.files) {
      if (fresh.has(uri) && roots.has(uri) && !batch.has(uri)) continue;
      const diagnostics = byFile.get(uri) ?? [];
      const signature = diagnostics
        .map((d) => `${d.range.start.offset}:${d.range.end.offset}:${d.code}:${d.message}`)
        .join('\n');
      const prev = this.entries.get(uri);
      const entry: FileEntry = {
        uri,
        file,
        lines: prev && prev.file.text === file.text ? prev.lines : new TextLines(file.text ?? ''),
        diagnostics,
        allEncounters: result.encountersByFile.get(uri) ?? [],
        system: result.systemOf(uri) ?? REGISTRY.fallback,
        model: result.models.get((result.systemOf(uri) ?? REGISTRY.fallback).id),
        scope: result.scopeOf(uri),
        signature,
      };
      if (batch.has(uri) || !prev || prev.signature !== signature) changed.add(uri);
      fresh.set(uri, entry);
    }
  }

  private resetCaches(): void {
    this.scopes.clear();
    this.defsByBlock.clear();
    this.derived.clear();
  }

  /** The workspace as a system's editor contributions see it: that system's files and models, read-only. */
  view(system: RuleSystem): WorkspaceView {
    let v = this.views.get(system.id);
    if (!v) {
      const mine = (e: FileEntry | undefined): e is FileEntry & { model: SystemModel } =>
        !!e?.model && e.system.id === system.id;
      v = {
        files: () =>
          this.all()
            .filter(mine)
            .map((e) => ({ file: e.uri, model: e.model })),
        modelOf: (file) => {
          const e = this.entries.get(file);
          return mine(e) ? e.model : undefined;
        },
        cached: <T>(key: string, build: () => T): T => {
          const k = `${system.id}\0${key}`;
          if (this.derived.has(k)) return this.derived.get(k) as T;
          const value = build();
          this.derived.set(k, value);
          return value;
        },
      };
      this.views.set(system.id, v);
    }
    return v;
  }

  /** The entry of a file, checking it first if needed. */
  entry(uri: string): FileEntry | undefined {
    const listed = this.host.listFiles?.();
    if (listed) this.addFiles(listed);
    if (!this.entries.has(uri)) this.invalidate(uri);
    this.refresh();
    return this.entries.get(uri);
  }

  /** All checked files (after a refresh). */
  all(): FileEntry[] {
    const listed = this.host.listFiles?.();
    if (listed) this.addFiles(listed);
    this.refresh();
    return [...this.entries.values()];
  }

  // ---- symbols ------------------------------------------------------------

  index(e: FileEntry): FileIndex {
    let ix = this.indexes.get(e.file);
    if (!ix) {
      ix = buildIndex(e.uri, e.file, labelOffsets(e));
      this.indexes.set(e.file, ix);
    }
    for (const d of ix.defs) this.defsByBlock.set(d.block, d);
    return ix;
  }

  /**
   * Names of global kinds visible from a file, as the check that covered it resolved them (CheckResult.scopeOf,
   * model/workspace.ts: the one scope resolver): its own first, then through `use`, breadth first, files of its
   * own system only. Laid out as maps by kind for the features; kept until the next re-check. A used file whose
   * text changed re-checks every file that uses it, and an unchanged file keeps its blocks (the read is cached
   * per parse tree), so these blocks are the ones of the files' own entries.
   */
  scope(uri: string): Map<GlobalKind, Map<string, RawBlock>> {
    let s = this.scopes.get(uri);
    if (s) return s;
    const e = this.entries.get(uri);
    const resolved = e?.scope;
    s = new Map(
      definableKinds((e?.system ?? REGISTRY.fallback).schema).map((k) => [
        k,
        new Map(resolved?.names(k).map((n) => [n, resolved.lookup(k, n)!])),
      ]),
    );
    this.scopes.set(uri, s);
    return s;
  }

  /** The definition a block's name is, indexing its file when needed. */
  defOfBlock(block: RawBlock): Def | undefined {
    let d = this.defsByBlock.get(block);
    if (!d) {
      const e = this.entries.get(block.file);
      if (e) this.index(e);
      d = this.defsByBlock.get(block);
    }
    return d;
  }

  /** What a reference points at, or undefined when the name is unknown (or built in: Unarmed). */
  resolve(ref: Ref): Def | undefined {
    // Blocks inside an encounter (zones, local decks) shadow the file's; a kind no file defines lives only there.
    const local = ref.encounter?.children.find((c) => c.kind === ref.kind && c.name === ref.name);
    if (local) return this.defOfBlock(local);
    const schema = (this.entries.get(ref.uri)?.system ?? REGISTRY.fallback).schema;
    if (!schema.blocks[ref.kind]?.definable) return undefined;
    const b = this.scope(ref.uri).get(ref.kind)?.get(ref.name);
    return b && this.defOfBlock(b);
  }

  /** The symbol at an offset: a definition's name or a reference (with what it resolves to). */
  symbolAt(uri: string, offset: number): { def?: Def; ref?: Ref; target?: Def } | undefined {
    const e = this.entry(uri);
    if (!e) return undefined;
    const ix = this.index(e);
    for (const d of ix.defs) if (within(d.nameRange, offset)) return { def: d, target: d };
    for (const r of ix.refs) if (within(r.range, offset)) return { ref: r, target: this.resolve(r) };
    return undefined;
  }

  /** Every reference to a definition, across the workspace. */
  referencesTo(def: Def, isCancelled?: () => boolean): Ref[] {
    const out: Ref[] = [];
    const files =
      def.kind === 'zone' || def.kind === 'side' || def.encounter ? [this.entries.get(def.uri)!] : this.all();
    for (const e of files) {
      if (!e) continue;
      if (isCancelled?.()) break;
      // Only files that can see the definition can refer to it.
      if (
        def.kind !== 'zone' &&
        !def.encounter &&
        this.scope(e.uri)
          .get(def.kind as GlobalKind)
          ?.get(def.name) !== def.block
      )
        continue;
      for (const r of this.index(e).refs) {
        if (r.name === def.name && this.resolve(r)?.key === def.key) out.push(r);
      }
    }
    return out;
  }
}

function within(r: Range, offset: number): boolean {
  return r.start.offset <= offset && offset <= r.end.offset;
}

/** Definitions and references of one file, from its schema-read blocks: references are the attributes and placement keys the schema marks with `ref`. */
/** Where the system reads a placement's name as a label (SystemModel.labels), by start offset in this file. */
export function labelOffsets(e: FileEntry): ReadonlySet<number> {
  return new Set((e.model?.labels ?? []).filter((l) => l.file === e.uri).map((l) => l.range.start.offset));
}

export function buildIndex(uri: string, file: CheckedFile, labels: ReadonlySet<number> = new Set()): FileIndex {
  const defs: Def[] = [];
  const refs: Ref[] = [];
  const def = (b: RawBlock, encounter?: RawBlock): void => {
    defs.push({
      kind: b.kind,
      name: b.name,
      uri,
      nameRange: b.nameRange,
      block: b,
      encounter,
      key: `${uri}#${b.nameRange.start.offset}`,
    });
  };
  const valueRefs = (
    a: AttrValue,
    role: string,
    holder: RawBlock,
    encounter: RawBlock | undefined,
    counts: Map<string, number>,
  ): void => {
    const kind = a.spec.ref;
    if (!kind) return;
    for (const nm of a.names) {
      const index = counts.get(role) ?? 0;
      counts.set(role, index + 1);
      refs.push({ kind, name: nm.text, range: nm.range, uri, role, holder, encounter, index });
    }
  };
  const attrRefs = (b: RawBlock, encounter?: RawBlock): void => {
    const counts = new Map<string, number>();
    for (const a of b.attrs) valueRefs(a, a.spec.name, b, encounter, counts);
  };
  for (const b of file.read?.blocks ?? []) {
    def(b);
    if (b.base) refs.push({ kind: b.kind, name: b.base.text, range: b.base.range, uri, role: 'extends', holder: b });
    attrRefs(b, b.kind === 'encounter' ? b : undefined); // an encounter's own attributes may name its sides (`first heroes`)
    if (b.kind !== 'encounter') continue;
    for (const c of b.children) {
      def(c, b);
      attrRefs(c, b);
      for (const p of c.placements) {
        if (labels.has(p.name.range.start.offset)) continue;
        refs.push({
          kind: 'character',
          name: p.name.text,
          range: p.name.range,
          uri,
          role: 'placement',
          holder: c,
          encounter: b,
        });
        const counts = new Map<string, number>();
        for (const a of p.args) valueRefs(a, `placement-${a.spec.name}`, c, b, counts);
      }
    }
  }
  return { defs, refs };
}
