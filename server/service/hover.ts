// Hovers: the rule behind a diagnostic, schema docs for keywords and values,
// and for names and terms whatever the file's system contributes (its
// EditorContributions: exact odds, derived numbers); a system without one
// shows its schema's doc for the definition.

import type { Hover, Position as LspPosition } from 'vscode-languageserver-types';
import type { Range, Statement, Term } from '../../grammar/ast.js';
import { readRuleLine, ruleInWords, ruleWordDoc, type RuleTermKind } from '../../model/priority.js';
import type { TacticsVocabulary } from '../../model/schema.js';
import { EXTENDS_DOC, SYSTEM_DOC, USE_DOC, type AttributeSpec } from '../../model/schema.js';
import { REGISTRY } from '../../systems/index.js';
import { referenceAt, type WorkspaceState, type Def, type Ref, type FileEntry } from './analysis.js';
import { explainCode } from './rules.js';
import { refusal } from './odds.js';
import type { RawBlock } from '../../model/read.js';
import { toRange } from './lsp.js';
import { classify, locate, type TermRole } from './syntax.js';

export function hover(ws: WorkspaceState, uri: string, pos: LspPosition): Hover | null {
  const e = ws.entry(uri);
  if (!e?.file.parse) return null;
  const offset = e.lines.offsetAt(pos);
  const parts: string[] = [];
  let range: Range | undefined;

  // The rule behind any diagnostic under the cursor.
  const seen = new Set<string>();
  for (const d of e.diagnostics) {
    if (d.range.start.offset <= offset && offset <= d.range.end.offset && !seen.has(d.code)) {
      seen.add(d.code);
      const text = explainCode(d.code);
      if (text) parts.push(`**${d.code}** — ${text}`);
      range ??= d.range;
    }
  }

  const sym = ws.symbolAt(uri, offset);
  const schema = e.system.schema;
  const loc = locate(e.file.parse.file, offset, schema);
  let body: string | undefined;
  if (sym) {
    body = symbolHover(ws, e, sym);
    range = sym.def?.nameRange ?? sym.ref?.range ?? range;
  } else if (loc.statement && loc.term) {
    const roles = classify(loc.statement, loc.context, schema);
    const role = roles[loc.termIndex];
    if (role?.role === 'rule' && schema.tactics) {
      const owner = loc.frames[loc.frames.length - 1]?.statement.block?.statements.filter((s) => s.terms.length);
      body = ruleHover(loc.statement, loc.term, role.part, (owner?.indexOf(loc.statement) ?? 0) + 1, schema.tactics);
      if (body) range = loc.term.range;
    } else
      body = termHover(
        ws,
        e,
        loc.term,
        roles[loc.termIndex],
        loc.context,
        loc.frames.map((f) => f.statement),
      );
    if (body) range = loc.term.range;
  }
  if (body) parts.push(body);
  if (!parts.length) return null;
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') }, range: range && toRange(range) };
}

// ---------------------------------------------------------------------------
// Symbols

function symbolHover(
  ws: WorkspaceState,
  e: FileEntry,
  sym: { def?: Def; ref?: Ref; target?: Def },
): string | undefined {
  const t = sym.target;
  const ref = sym.ref && referenceAt(sym.ref);
  if (ref && !t) {
    const unknown = e.system.editor?.hoverUnknown?.({ model: e.model, ref, workspace: ws.view(e.system) });
    return unknown ?? `*No ${ref.kind} named* \`${ref.name}\` *is visible here.*`;
  }
  if (!t) return undefined;
  // The system of the definition speaks through its editor contributions (derived numbers, exact odds).
  const owner = ws.entries.get(t.uri);
  if (!owner) return undefined;
  // a hover inside an encounter computes its tables against that fight: none while it has errors (issue 34 item 1)
  const holder: [FileEntry, RawBlock | undefined] =
    ref?.role === 'placement' && sym.ref?.encounter
      ? [e, sym.ref.encounter]
      : t.encounter
        ? [owner, t.encounter]
        : t.kind === 'encounter'
          ? [owner, t.block]
          : [owner, undefined];
  const fight =
    holder[1] && holder[0].allEncounters.find((x) => x.range?.start.offset === holder[1]!.nameRange.start.offset);
  const why = fight && refusal(ws, holder[0], fight);
  if (why)
    return `**${t.kind} ${t.name}** — ${owner.system.schema.blocks[t.kind]?.doc ?? ''}\n\n*No odds: ${why.replace(/\*/g, '\\*')}*`;
  const q =
    owner.system.editor?.hover && owner.model
      ? owner.system.editor.hover({
          model: owner.model,
          kind: t.kind,
          name: t.name,
          file: t.uri,
          encounter: ref?.role === 'placement' ? ref.encounter?.name : undefined,
          range: t.nameRange,
          within: t.encounter && { name: t.encounter.name, range: t.encounter.nameRange },
          ref,
          workspace: ws.view(owner.system),
        })
      : undefined;
  return q ?? `**${t.kind} ${t.name}** — ${owner.system.schema.blocks[t.kind]?.doc ?? ''}`;
}

// ---------------------------------------------------------------------------
// Keywords and values

function termHover(
  ws: WorkspaceState,
  e: FileEntry,
  term: Term,
  role: TermRole | undefined,
  context: string,
  frames: { terms: Term[] }[],
): string | undefined {
  const holderName = frames.length ? frames[frames.length - 1].terms[1] : undefined;
  const holder =
    holderName &&
    (holderName.kind === 'word' ? holderName.text : holderName.kind === 'string' ? holderName.value : undefined);
  const doc = role && schemaDoc(e, term, role);
  const hook = e.system.editor?.hoverTerm;
  if (!hook) return doc;
  const attr = role && (role.role === 'key' || role.role === 'arg') ? { spec: role.attr, role: role.role } : undefined;
  return (
    hook({
      model: e.model,
      file: e.uri,
      term,
      context,
      holder: holder || undefined,
      attr,
      doc,
      workspace: ws.view(e.system),
    }) ?? doc
  );
}

/** A word of a GM priority rule (issue 33): what the word means, then the whole rule in words. */
function ruleHover(
  st: Statement,
  term: Term,
  part: RuleTermKind,
  n: number,
  vocab: TacticsVocabulary,
): string | undefined {
  const word = term.kind === 'word' ? term.text : undefined;
  const doc = word !== undefined ? ruleWordDoc(word, part, vocab) : undefined;
  const rule = readRuleLine(st, vocab, n);
  const parts = [doc, rule && ruleInWords(rule)].filter((x): x is string => !!x);
  return parts.length ? parts.join('\n\n') : undefined;
}

/** What the schema and the language say of a term, whatever the system. */
function schemaDoc(e: FileEntry, term: Term, role: TermRole): string | undefined {
  switch (role.role) {
    case 'kind':
      return `**${role.kind}** — ${e.system.schema.blocks[role.kind].doc}`;
    case 'system':
      return SYSTEM_DOC;
    case 'system-id': {
      const id = term.kind === 'word' ? term.text : term.kind === 'string' ? term.value : '';
      const s = REGISTRY.byId(id);
      return s
        ? `**${s.name}** (\`system ${s.id}\`) — ${s.summary}`
        : `*No rule system* \`${id}\`. Known: ${REGISTRY.systems.map((x) => `\`${x.id}\``).join(', ')}.`;
    }
    case 'use':
    case 'path':
      return USE_DOC;
    case 'extends':
      return `**extends** — ${EXTENDS_DOC}`;
    case 'placement-key':
      return role.key.doc;
    case 'placement-arg':
      return attrDoc(role.key, term.kind === 'word' ? term.text : undefined);
    case 'copies':
      return '`xN`: places N copies of the stat block, named "Name 1", "Name 2"…';
    case 'key':
    case 'arg':
      return attrDoc(role.attr, role.role === 'arg' && term.kind === 'word' ? term.text : undefined);
    default:
      return undefined;
  }
}

function attrDoc(a: AttributeSpec, value?: string): string {
  const head = `**${a.name}**${a.rule ? ` (${a.rule})` : ''} — ${a.doc}`;
  if (value && a.values?.includes(value)) {
    const extra = a.valueDocs?.[value];
    return extra ? `**${value}** — ${extra}\n\n${head}` : head;
  }
  return head;
}
