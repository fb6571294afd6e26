// Completion from the schema and the workspace: block kinds (as snippets),
// attributes not yet given, enum values, the values the file's system offers
// (EditorContributions.completionValues: weapons with their numbers, card
// literals…), else the names visible from this file (its own and `use`d
// files'), plus the zones and decks of the enclosing encounter.

import type {
  CompletionItem,
  CompletionItemKind,
  CompletionList,
  Position as LspPosition,
  Range as LspRange,
} from 'vscode-languageserver-types';
import type { Statement, Term } from '../../grammar/ast.js';
import { EXTENDS_DOC, SYSTEM_DOC, USE_DOC, type ArgKind, type AttributeSpec } from '../../model/schema.js';
import { REGISTRY } from '../../systems/index.js';
import type { SystemSchema } from '../../model/schema.js';
import type { CompletionKind, CompletionValue } from '../../model/system.js';
import type { WorkspaceState, FileEntry } from './analysis.js';
import { classify, locate, nameText, blockKindOf, type Frame } from './syntax.js';
import { formatName } from './names.js';
import { ruleCompletions } from '../../model/priority.js';

const K = {
  Keyword: 14,
  Property: 10,
  EnumMember: 20,
  Class: 7,
  Function: 3,
  Variable: 6,
  Module: 9,
  Constant: 21,
  Snippet: 15,
  File: 17,
  Struct: 22,
} as const;
const SNIPPET = 2;
/** The editor's item kinds of a system's completion values. */
const KIND: Record<CompletionKind, number> = {
  keyword: K.Keyword,
  property: K.Property,
  'enum-member': K.EnumMember,
  class: K.Class,
  function: K.Function,
  variable: K.Variable,
  module: K.Module,
  constant: K.Constant,
  struct: K.Struct,
};

export function complete(ws: WorkspaceState, uri: string, pos: LspPosition): CompletionList {
  const e = ws.entry(uri);
  const empty: CompletionList = { isIncomplete: false, items: [] };
  if (!e?.file.parse) return empty;
  const offset = e.lines.offsetAt(pos);
  // Inside a comment: nothing.
  if (e.file.parse.comments.some((c) => c.range.start.offset < offset && offset <= c.range.end.offset)) return empty;
  const schema = e.system.schema;
  const loc = locate(e.file.parse.file, offset, schema, pos.line);
  // The term being typed (the cursor touches it) is replaced; terms before it give the context.
  const typing = loc.term && loc.term.range.start.offset < offset ? loc.term : undefined;
  const replace: LspRange = typing
    ? { start: e.lines.positionAt(typing.range.start.offset), end: e.lines.positionAt(typing.range.end.offset) }
    : { start: pos, end: pos };
  const before: Term[] = loc.statement
    ? loc.statement.terms.filter((t) => t.range.end.offset < offset || (t.range.end.offset <= offset && t !== typing))
    : [];
  const idx = before.length; // index of the term being written
  const items: CompletionItem[] = [];
  const add = (
    label: string,
    kind: number,
    detail?: string,
    doc?: string,
    insert?: string,
    sortText?: string,
  ): void => {
    // an empty (or blank) name offers nothing to pick: `character "" { … }` is an error of its own (issue 35, item 13)
    if (!label.trim()) return;
    items.push({
      label,
      kind: kind as CompletionItemKind,
      detail,
      documentation: doc ? { kind: 'markdown', value: doc } : undefined,
      textEdit: { range: replace, newText: insert ?? label },
      sortText,
      filterText: insert && insert.startsWith('"') ? insert : undefined,
    });
  };
  const addName = (name: string, kind: number, detail: string, sort = '1'): void =>
    add(name, kind, detail, undefined, formatName(name), `${sort}${name}`);

  const context = loc.context;
  const frame: Frame | undefined = loc.frames[loc.frames.length - 1];

  if (context === 'file') {
    if (idx === 0) {
      for (const k of Object.keys(schema.blocks).filter((k) => schema.blocks[k].parents.includes('file')))
        blockItem(items, schema, k, replace);
      add('use', K.Keyword, 'use "file.aces"', USE_DOC, undefined, '0use');
      // `system` only as the first statement
      const first = e.file.parse.file.statements[0];
      if (!first || first === loc.statement || offset <= first.range.start.offset)
        add('system', K.Keyword, 'system id', SYSTEM_DOC, undefined, '0system');
      return { isIncomplete: false, items };
    }
    // `character Name |` offers `extends`; `character Name extends |` the other characters visible here.
    if (before[0]?.kind === 'word' && before[0].text === 'character') {
      if (idx === 2 && nameText(before[1]) !== undefined)
        add('extends', K.Keyword, 'extends Character', EXTENDS_DOC, undefined, '0extends');
      if (idx === 3 && before[2]?.kind === 'word' && before[2].text === 'extends') {
        const self = nameText(before[1]);
        for (const name of ws.scope(uri).get('character')?.keys() ?? [])
          if (name !== self) addName(name, K.Class, 'character');
      }
      return { isIncomplete: false, items };
    }
    if (idx === 1 && before[0]?.kind === 'word' && before[0].text === 'system') {
      for (const s of REGISTRY.systems) add(s.id, K.Module, s.name, s.summary, undefined, `0${s.id}`);
      return { isIncomplete: false, items };
    }
    if (idx === 1 && before[0]?.kind === 'word' && before[0].text === 'use') {
      for (const other of ws.all()) {
        // only files that could be read: a refused `use` target (outside the workspace, not .aces) is never offered
        if (other.uri === uri || other.file.text === undefined) continue;
        const rel = relativePath(uri, other.uri);
        add(`"${rel}"`, K.File, 'file', undefined, `"${rel}"`);
      }
    }
    return { isIncomplete: false, items };
  }

  const spec = schema.blocks[context];
  if (!spec) return { isIncomplete: false, items };
  const owner = frame?.statement;

  // A GM priority rule (issue 33): what may come next on the line, from the system's vocabulary; after an action
  // that takes a name (`technique |`), the names of that kind visible here.
  if (spec.rules && schema.tactics) {
    ruleItems(ws, uri, before, schema.tactics, addName, add);
    return { isIncomplete: false, items };
  }
  // A new statement inside a block.
  if (spec.placements) {
    placementItems(ws, e, spec.placements, before, idx, loc.frames, addName, add);
    return { isIncomplete: false, items };
  }
  if (idx === 0) {
    // the blocks that may open here (an encounter's sides; a `legend` in a tactical grid `map`)
    for (const k of Object.keys(schema.blocks).filter((k) => schema.blocks[k].parents.includes(context)))
      blockItem(items, schema, k, replace);
  }
  // Which attribute are we in? Classify the terms before the cursor.
  let current: AttributeSpec | undefined;
  let argCount = 0;
  if (loc.statement && before.length) {
    const roles = classify({ ...loc.statement, terms: before }, context, schema);
    const last = roles[roles.length - 1];
    if (last.role === 'key') {
      current = last.attr;
      argCount = 0;
    } else if (last.role === 'arg') {
      current = last.attr;
      argCount = last.index + 1;
    } else if (last.role === 'kind' && before.length === 1 && !loc.statement.block) {
      // `deck <|>` in an Arcana encounter: a block kind that is also one of this block's attributes reads as the
      // attribute until a block follows (as the reader takes it), so its values are offered
      const attr = spec.attributes.find((a) => a.name === last.kind);
      if (attr) current = attr;
    }
  }
  const wantsValue =
    current &&
    (current.arg === 'name' || current.arg === 'enum' || current.arg === 'int' || current.arg === 'feet'
      ? argCount === 0
      : current.arg !== 'flag');
  if (current && wantsValue) valueItems(ws, e, current, context, owner, loc.frames, addName, add, argCount);
  const mustValue =
    current &&
    wantsValue &&
    (current.arg === 'name' ||
      current.arg === 'enum' ||
      current.arg === 'drop' ||
      current.arg === 'int' ||
      current.arg === 'feet') &&
    argCount === 0;
  if (!mustValue) {
    // Attributes not yet given in this block (repeatable ones always).
    const given = new Set<string>();
    for (const st of owner?.block?.statements ?? []) {
      const roles = classify(st, context, schema);
      roles.forEach((r) => r.role === 'key' && given.add(r.attr.name));
    }
    const groups = new Set<string>();
    for (const st of owner?.block?.statements ?? [])
      classify(st, context, schema).forEach((r) => r.role === 'key' && r.attr.group && groups.add(r.attr.group));
    for (const a of spec.attributes) {
      if (given.has(a.name) && !a.repeatable) continue;
      if (a.group && groups.has(a.group)) continue;
      // a block of the same word is offered already (`tactics { … }` and `tactics PRESET`): one item, both docs
      const block = items.find((i) => i.label === a.name && i.insertTextFormat === SNIPPET);
      if (block) {
        const doc = block.documentation as { kind: 'markdown'; value: string };
        block.documentation = { kind: 'markdown', value: `${doc.value}\n\nOr on one line: ${a.doc}` };
        continue;
      }
      add(
        a.name,
        a.arg === 'flag' ? K.EnumMember : K.Property,
        a.rule ? `${a.arg} · ${a.rule}` : a.arg,
        a.doc,
        undefined,
        `2${a.name}`,
      );
    }
  }
  return { isIncomplete: false, items };
}

function blockItem(items: CompletionItem[], schema: SystemSchema, k: string, range: LspRange): void {
  const spec = schema.blocks[k];
  items.push({
    label: k,
    kind: K.Keyword as CompletionItemKind,
    detail: `${k} block`,
    documentation: { kind: 'markdown', value: spec.doc },
    insertTextFormat: SNIPPET,
    textEdit: { range, newText: spec.snippet ?? `${k} \${1:${spec.example}} {\n\t$0\n}` },
    sortText: `0${k}`,
  });
}

type AddName = (name: string, kind: number, detail: string, sort?: string) => void;
type Add = (label: string, kind: number, detail?: string, doc?: string, insert?: string, sortText?: string) => void;

function visible(ws: WorkspaceState, uri: string, kind: string): { name: string; file: string }[] {
  return [...(ws.scope(uri).get(kind)?.values() ?? [])].map((b) => ({ name: b.name, file: b.file }));
}

function where(uri: string, file: string): string {
  return file === uri ? 'this file' : relativePath(uri, file);
}

function encounterChildren(frames: Frame[], kind: string, schema: SystemSchema): string[] {
  const enc = frames.find((f) => f.kind === 'encounter');
  const out: string[] = [];
  for (const st of enc?.statement.block?.statements ?? []) {
    // only a declaration with its block: `deck Script` with none is Arcana's attribute naming a deck (and the line
    // being typed is no name to offer)
    if (st.block && blockKindOf(st, 'encounter', schema) === kind) {
      const n = nameText(st.terms[1]);
      if (n !== undefined) out.push(n);
    }
  }
  return out;
}

/** The completion kind of each word class of a system's GM-rule vocabulary (issue 33). */
const RULE_WORD_KINDS = {
  keyword: K.Keyword,
  action: K.Function,
  measure: K.Property,
  state: K.EnumMember,
  place: K.EnumMember,
  preset: K.EnumMember,
} as const;

/** A GM priority rule's line: the words that may come next, and after a named action the names of its kind here. */
function ruleItems(
  ws: WorkspaceState,
  uri: string,
  before: readonly Term[],
  vocab: NonNullable<SystemSchema['tactics']>,
  addName: AddName,
  add: Add,
): void {
  ruleCompletions(before, vocab).forEach((it, i) =>
    add(it.word, RULE_WORD_KINDS[it.kind], it.kind, it.doc, undefined, `${String(i).padStart(3, '0')}`),
  );
  const last = before[before.length - 1];
  const named = last?.kind === 'word' ? vocab.actions[last.text.toLowerCase()]?.name : undefined;
  if (named) for (const name of ws.scope(uri).get(named)?.keys() ?? []) addName(name, K.Class, named, '0');
}

function valueItems(
  ws: WorkspaceState,
  e: FileEntry,
  a: AttributeSpec,
  context: string,
  owner: Statement | undefined,
  frames: Frame[],
  addName: AddName,
  add: Add,
  argCount: number,
): void {
  const schema = e.system.schema;
  if (a.values) {
    for (const v of a.values) add(v, K.EnumMember, a.name, a.valueDocs?.[v], undefined, `0${v}`);
    return;
  }
  // The system's own values (its weapons with their numbers, card literals…), else the names the attribute refers to.
  const self = nameText(owner?.terms[1]);
  const values = systemValues(ws, e, frames, context, self, a, argCount);
  if (values) {
    for (const v of values) add(v.label, KIND[v.kind], v.detail, v.doc, v.insert, v.sortText);
    return;
  }
  // From the encounter (zones, local blocks) and through `use`.
  if (a.ref && (a.arg !== 'drop' || argCount === 0)) {
    for (const n of encounterChildren(frames, a.ref, schema))
      if (n !== self) addName(n, itemKind(schema, a.ref), a.ref, '0');
    if (schema.blocks[a.ref]?.definable)
      for (const d of visible(ws, e.uri, a.ref))
        addName(d.name, itemKind(schema, a.ref), `${a.ref} · ${where(e.uri, d.file)}`, '0');
    // names the system declares without a block (`wields Unarmed`)
    for (const b of schema.builtins?.[a.ref] ?? []) addName(b, K.Constant, `${a.ref} · built in`, '1');
  }
}

/** How many arguments each kind of attribute or placement key takes at most. */
const MAX_ARGS: Readonly<Record<ArgKind, number>> = {
  flag: 0,
  int: 1,
  feet: 1,
  name: 1,
  enum: 1,
  feet2: 2,
  drop: 3,
  names: Infinity,
  enums: Infinity,
  cards: Infinity,
  ints: Infinity,
};

/** The system's own values for an attribute's (or placement key's) next argument, if it has any there. */
function systemValues(
  ws: WorkspaceState,
  e: FileEntry,
  frames: Frame[],
  context: string,
  self: string | undefined,
  attr: AttributeSpec,
  argCount: number,
): CompletionValue[] | undefined {
  return e.system.editor?.completionValues?.({
    model: e.model,
    file: e.uri,
    context,
    self,
    attr,
    argCount,
    visible: (kind) => visible(ws, e.uri, kind).map((d) => ({ ...d, where: where(e.uri, d.file) })),
    local: (kind) => encounterChildren(frames, kind, e.system.schema),
    formatName,
    workspace: ws.view(e.system),
  });
}

/** Completion kind of a block kind's names, from its semantic token. */
function itemKind(schema: SystemSchema, kind: string): number {
  const t = schema.blocks[kind]?.token;
  return t === 'enum'
    ? K.Module
    : t === 'struct'
      ? K.Struct
      : t === 'function'
        ? K.Function
        : t === 'variable'
          ? K.Variable
          : K.Class;
}

function placementItems(
  ws: WorkspaceState,
  e: FileEntry,
  keys: readonly AttributeSpec[],
  before: Term[],
  idx: number,
  frames: Frame[],
  addName: AddName,
  add: Add,
): void {
  const schema = e.system.schema;
  if (idx === 0) {
    const describe = e.system.editor?.describe;
    for (const c of visible(ws, e.uri, 'character')) {
      const d = describe?.({ kind: 'character', name: c.name, file: c.file, workspace: ws.view(e.system) });
      addName(c.name, K.Class, `character · ${d ? `${d} · ` : ''}${where(e.uri, c.file)}`, '0');
    }
    return;
  }
  const prev = before[before.length - 1];
  const key = prev?.kind === 'word' ? keys.find((k) => k.name === prev.text) : undefined;
  if (key?.ref) {
    const local = schema.blocks[key.ref]?.definable;
    for (const n of encounterChildren(frames, key.ref, schema))
      addName(n, itemKind(schema, key.ref), local ? `${key.ref} in this encounter` : key.ref, '0');
    if (local)
      for (const d of visible(ws, e.uri, key.ref))
        addName(d.name, itemKind(schema, key.ref), `${key.ref} · ${where(e.uri, d.file)}`, '1');
    return;
  }
  // a key's argument the system knows values for (`at c3` on a grid, `at 20ft 30ft` on a field, the facings of
  // this map's grid): the key is the last key word written, and what follows it its arguments so far
  let k = before.length - 1;
  while (k > 0 && !(before[k].kind === 'word' && keys.some((x) => x.name === (before[k] as { text: string }).text)))
    k--;
  const last = k > 0 ? keys.find((x) => x.name === (before[k] as { text: string }).text) : undefined;
  const argCount = before.length - 1 - k;
  if (last && !last.ref && argCount < MAX_ARGS[last.arg]) {
    const values = systemValues(
      ws,
      e,
      frames,
      'placement',
      nameText(frames.find((f) => f.kind === 'encounter')?.statement.terms[1]),
      last,
      argCount,
    );
    if (values) {
      for (const v of values) add(v.label, KIND[v.kind], v.detail, v.doc, v.insert, v.sortText);
      // a list (`at h2, h5` for copies) may go on, or the next key come: both are offered once one is written
      if (argCount === 0 || MAX_ARGS[last.arg] !== Infinity) return;
    }
  }
  if (key?.values) {
    for (const v of key.values) add(v, K.EnumMember, key.name, key.valueDocs?.[v], undefined, `0${v}`);
    return;
  }
  const has = (w: string): boolean => before.some((t) => t.kind === 'word' && t.text === w);
  keys.forEach((k, i) => {
    // the detail is the key's usage as its doc writes it first: `at Zone`
    if (!has(k.name))
      add(k.name, K.Keyword, /^`([^`]+)`/.exec(k.doc)?.[1] ?? k.name, k.doc, undefined, `${i}${k.name}`);
  });
  if (!before.some((t) => t.kind === 'copies'))
    add(
      'x2',
      K.Constant,
      'copies',
      'Places copies of the stat block: `Thug x3` makes Thug 1, Thug 2, Thug 3.',
      undefined,
      `${keys.length}x2`,
    );
}

/** `to` relative to the folder of `from` (both POSIX-like paths or URIs). */
export function relativePath(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}
