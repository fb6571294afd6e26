// Go to definition, find references, rename, document highlights, document
// and workspace symbols. All name-based features share the symbol index of
// analysis.ts, so a reference resolves exactly as the checker resolves it.

import { shortName } from '../../model/message-text.js';
import type {
  DocumentHighlight,
  DocumentSymbol,
  Location,
  Position as LspPosition,
  Range as LspRange,
  SymbolInformation,
  SymbolKind,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import { placementName, type Placement, type RawBlock } from '../../model/read.js';
import { withArticle } from '../../model/suggest.js';
import { labelOffsets, type Def, type WorkspaceState } from './analysis.js';
import { toRange } from './lsp.js';
import { formatName, parseNewName } from './names.js';

const SK: Record<Def['kind'], SymbolKind> = {
  encounter: 2 as SymbolKind, // Module
  zone: 3 as SymbolKind, // Namespace
  side: 10 as SymbolKind, // Enum
  character: 5 as SymbolKind, // Class
  weapon: 23 as SymbolKind, // Struct
  technique: 12 as SymbolKind, // Function
  deck: 18 as SymbolKind, // Array
};

export function definition(ws: WorkspaceState, uri: string, pos: LspPosition): Location[] {
  const e = ws.entry(uri);
  if (!e) return [];
  const sym = ws.symbolAt(uri, e.lines.offsetAt(pos));
  const t = sym?.target;
  if (!t) return [];
  return [{ uri: t.uri, range: toRange(t.nameRange) }];
}

export function references(
  ws: WorkspaceState,
  uri: string,
  pos: LspPosition,
  includeDeclaration: boolean,
  isCancelled?: () => boolean,
): Location[] {
  const e = ws.entry(uri);
  if (!e) return [];
  const t = ws.symbolAt(uri, e.lines.offsetAt(pos))?.target;
  if (!t) return [];
  const out: Location[] = includeDeclaration ? [{ uri: t.uri, range: toRange(t.nameRange) }] : [];
  for (const r of ws.referencesTo(t, isCancelled)) out.push({ uri: r.uri, range: toRange(r.range) });
  return out;
}

export function documentHighlights(ws: WorkspaceState, uri: string, pos: LspPosition): DocumentHighlight[] {
  const e = ws.entry(uri);
  if (!e) return [];
  const t = ws.symbolAt(uri, e.lines.offsetAt(pos))?.target;
  if (!t) return [];
  const out: DocumentHighlight[] = [];
  if (t.uri === uri) out.push({ range: toRange(t.nameRange), kind: 3 }); // Write: the declaration
  for (const r of ws.referencesTo(t)) if (r.uri === uri) out.push({ range: toRange(r.range), kind: 2 }); // Read
  return out;
}

export function prepareRename(
  ws: WorkspaceState,
  uri: string,
  pos: LspPosition,
): { range: LspRange; placeholder: string } | null {
  const e = ws.entry(uri);
  if (!e) return null;
  const sym = ws.symbolAt(uri, e.lines.offsetAt(pos));
  if (!sym?.target) return null;
  const range = sym.def?.nameRange ?? sym.ref!.range;
  return { range: toRange(range), placeholder: sym.target.name };
}

/** Renames a definition and every reference to it (nothing else). Throws an Error with a user message when the new name is not usable. */
export function rename(ws: WorkspaceState, uri: string, pos: LspPosition, newName: string): WorkspaceEdit | null {
  const e = ws.entry(uri);
  if (!e) return null;
  const t = ws.symbolAt(uri, e.lines.offsetAt(pos))?.target;
  if (!t) return null;
  const parsed = parseNewName(newName);
  if ('error' in parsed) throw new Error(parsed.error);
  const name = parsed.name;
  if (name === t.name) return { changes: {} };
  const clash = findClash(ws, t, name);
  if (clash) throw new Error(clash);
  const text = formatName(name);
  const changes: Record<string, TextEdit[]> = {};
  const push = (u: string, r: LspRange): void => {
    (changes[u] ??= []).push({ range: r, newText: text });
  };
  push(t.uri, toRange(t.nameRange));
  for (const r of ws.referencesTo(t)) push(r.uri, toRange(r.range));
  return { changes };
}

/** A rename that would make two definitions collide (and change what names resolve to). */
function findClash(ws: WorkspaceState, t: Def, name: string): string | undefined {
  if (t.encounter) {
    const same = t.encounter.children.find((c) => c.kind === t.kind && c.name === name);
    if (same) return `This encounter already has ${withArticle(t.kind)} named '${shortName(name)}'.`;
    return undefined;
  }
  if (t.kind === 'encounter') return undefined;
  for (const e of ws.all()) {
    const scope = ws.scope(e.uri).get(t.kind as 'character');
    if (scope?.get(t.name) === t.block && scope.has(name)) {
      const other = scope.get(name)!;
      return `A ${t.kind} named '${shortName(name)}' is already visible in ${other.file}; renaming would merge the two.`;
    }
  }
  return undefined;
}

/** Where a placement starts, as written: `at bar`, `at 40ft 30ft`, `at c6, f5` (copies), whatever the system. */
function startDetail(text: string | undefined, p: Placement): string | undefined {
  const at = [...p.args].reverse().find((a) => a.spec.name === 'at');
  if (!at) return undefined;
  if (text === undefined) return placementName(p, 'at') && `at ${placementName(p, 'at')!.text}`;
  return text.slice(at.keyRange.start.offset, at.range.end.offset).replace(/\s+/g, ' ').trim();
}

export function documentSymbols(ws: WorkspaceState, uri: string): DocumentSymbol[] {
  const e = ws.entry(uri);
  if (!e?.file.read) return [];
  const labels = labelOffsets(e);
  const sym = (b: RawBlock): DocumentSymbol => {
    const children = b.children.map(sym);
    for (const p of b.placements) {
      if (labels.has(p.name.range.start.offset)) continue; // a group's label, not a placement
      children.push({
        name: p.copies > 1 ? `${p.name.text} ×${p.copies}` : p.name.text,
        detail: startDetail(e.file.text, p),
        kind: 13 as SymbolKind, // Variable
        range: toRange(p.range),
        selectionRange: toRange(p.name.range),
      });
    }
    return {
      name: b.name || '(unnamed)',
      detail: b.kind,
      kind: SK[b.kind as Def['kind']] ?? (13 as SymbolKind),
      range: toRange(b.range),
      selectionRange: toRange(b.nameRange),
      children: children.length ? children : undefined,
    };
  };
  return e.file.read.blocks.map(sym);
}

/** Fuzzy-ish workspace symbol search: every definition whose name contains the query's characters in order. */
export function workspaceSymbols(
  ws: WorkspaceState,
  query: string,
  isCancelled?: () => boolean,
  limit = 500,
): SymbolInformation[] {
  const q = query.toLowerCase();
  const out: { s: SymbolInformation; score: number }[] = [];
  for (const e of ws.all()) {
    if (isCancelled?.()) break;
    for (const d of ws.index(e).defs) {
      const score = match(d.name.toLowerCase(), q);
      if (score < 0) continue;
      out.push({
        s: {
          name: d.name,
          kind: SK[d.kind],
          location: { uri: d.uri, range: toRange(d.block.range) },
          containerName: d.encounter ? d.encounter.name : d.kind,
        },
        score,
      });
    }
  }
  out.sort((a, b) => a.score - b.score || (a.s.name < b.s.name ? -1 : a.s.name > b.s.name ? 1 : 0));
  return out.slice(0, limit).map((x) => x.s);
}

/** -1 when `q` is not a subsequence of `name`; lower is better (prefix and contiguous matches first). */
function match(name: string, q: string): number {
  if (!q) return 0;
  if (name.startsWith(q)) return 0;
  const at = name.indexOf(q);
  if (at >= 0) return 1 + at;
  let i = 0;
  let gaps = 0;
  for (let j = 0; j < name.length && i < q.length; j++) {
    if (name[j] === q[i]) i++;
    else if (i > 0) gaps++;
  }
  return i === q.length ? 100 + gaps : -1;
}
