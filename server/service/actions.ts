// Code actions (quick fixes), code lenses on encounters and inlay hints. The
// shell offers did-you-mean replacements and the system's stub for an unknown
// name; every other fix is the system's (EditorContributions.fixes), keyed by
// diagnostic code or fix id, laid out here.

import { shortName } from '../../model/message-text.js';
import type { CodeAction, CodeLens, InlayHint, Range as LspRange, TextEdit } from 'vscode-languageserver-types';
import type { Range, Statement } from '../../grammar/ast.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { FixEdit } from '../../model/system.js';
import { Commands, type EncounterCommandArgs, type EncounterOdds, type OddsChange } from '../../protocol/lsp-ext.js';
import { referenceAt, type Def, type FileEntry, type WorkspaceState } from './analysis.js';
import { toDiagnostic, toRange } from './lsp.js';
import { formatName } from './names.js';
import { winsPhrase } from '../../common/outcome-words.js';
import { refusal } from './odds.js';

function overlaps(d: Diagnostic, r: LspRange): boolean {
  const before = (a: { line: number; character: number }, b: { line: number; character: number }): boolean =>
    a.line < b.line || (a.line === b.line && a.character < b.character);
  return !before(d.range.end, r.start) && !before(r.end, d.range.start);
}

/** The statement (anywhere in the tree) whose name term starts at `offset`. */
function statementNamed(sts: Statement[], offset: number): Statement | undefined {
  for (const st of sts) {
    if (st.terms[1]?.range.start.offset === offset) return st;
    if (st.block && st.block.range.start.offset <= offset && offset <= st.block.range.end.offset) {
      const inner = statementNamed(st.block.statements, offset);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** An edit that adds one attribute line at the end of a block, in the block's own layout. */
function addToBlock(e: FileEntry, st: Statement, line: string): TextEdit | undefined {
  const b = st.block;
  if (!b) return undefined;
  const last = b.statements[b.statements.length - 1];
  if (!last) {
    return { range: toRange(b.range), newText: `{ ${line} }` };
  }
  const end = last.range.end;
  if (b.range.start.line === b.range.end.line) return { range: toRange({ start: end, end }), newText: `; ${line}` };
  const indent = /^\s*/.exec(e.lines.lineText(last.range.start.line))![0];
  return { range: toRange({ start: end, end }), newText: `\n${indent}${line.replace(/\n/g, '\n' + indent)}` };
}

export function codeActions(ws: WorkspaceState, uri: string, range: LspRange, only?: string[]): CodeAction[] {
  const e = ws.entry(uri);
  if (!e?.file.parse || !e.file.text) return [];
  if (only && !only.some((k) => 'quickfix'.startsWith(k))) return [];
  const text = e.file.text;
  const out: CodeAction[] = [];
  const fix = (title: string, d: Diagnostic, edits: TextEdit[], preferred = false): void => {
    out.push({
      title,
      kind: 'quickfix',
      diagnostics: [toDiagnostic(d)],
      isPreferred: preferred || undefined,
      edit: { changes: { [uri]: edits } },
    });
  };
  const ix = ws.index(e);
  for (const d of e.diagnostics) {
    if (!overlaps(d, range)) continue;
    const covered = text.slice(d.range.start.offset, d.range.end.offset);
    const ref = ix.refs.find(
      (r) => r.range.start.offset === d.range.start.offset && r.range.end.offset === d.range.end.offset,
    );
    const editor = e.system.editor;
    // Did you mean …? (unless the system's own fixes use the suggestions otherwise)
    if (!editor?.ownsSuggestions?.(d)) {
      for (const s of d.suggestions ?? []) {
        if (s === covered) continue;
        // a placement key's argument written without its key (`Raider a3`, the square): the key goes before it
        if (missingKey(e, d, s)) {
          fix(
            `Insert '${shortName(s)}' before '${shortName(covered)}'`,
            d,
            [{ range: toRange({ start: d.range.start, end: d.range.start }), newText: `${s} ` }],
            (d.suggestions?.length ?? 0) === 1,
          );
          continue;
        }
        // a name is quoted where it needs to be; a keyword or a value goes in as the bare word the reader expects
        // (`stances might`, not `stances "might"`, which reads as a placement's name)
        const isName = d.code === 'unknown-name' || ref !== undefined;
        const replacement = isName ? formatName(s) : s;
        fix(
          `Change to '${shortName(s)}'`,
          d,
          [{ range: toRange(d.range), newText: replacement }],
          (d.suggestions?.length ?? 0) === 1,
        );
      }
    }
    // An unknown name → the system's stub of its kind at the end of the file.
    const stub = ref && ref.kind !== 'zone' ? editor?.stubs?.[ref.kind] : undefined;
    if (d.code === 'unknown-name' && ref && stub) {
      const end = e.lines.positionAt(text.length);
      const sep = text.length === 0 || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
      fix(`Create ${ref.kind} '${shortName(ref.name)}'`, d, [
        { range: { start: end, end }, newText: `${sep}${stub(formatName(ref.name))}\n` },
      ]);
    }
    // The system's own fixes for its diagnostic, as plain edits laid out here.
    if (!editor?.fixes) continue;
    const def = ix.defs.find((x) => x.nameRange.start.offset === d.range.start.offset);
    const inner = innermostBlock(ix.defs, d.range);
    const own = editor.fixes({
      model: e.model,
      file: uri,
      text,
      lineText: (line) => e.lines.lineText(line),
      diagnostic: d,
      refs: ix.refs
        .filter((r) => r.range.start.offset >= d.range.start.offset && r.range.end.offset <= d.range.end.offset)
        .map(referenceAt),
      definition: def && {
        kind: def.kind,
        name: def.name,
        range: def.nameRange,
        attrs: def.block.attrs.map((a) => a.spec.name),
      },
      block: inner && {
        kind: inner.kind,
        name: inner.name,
        range: inner.block.range,
        attrs: inner.block.attrs.map((a) => ({ name: a.spec.name, keyRange: a.keyRange, range: a.range })),
      },
      formatName,
      workspace: ws.view(e.system),
    });
    for (const f of own) {
      const edits = f.edits.map((x) => fixEdit(e, x));
      if (edits.every((x) => x)) fix(f.title, d, edits as TextEdit[], f.preferred);
    }
  }
  return out;
}

/** The smallest defined block whose text holds `r` (a diagnostic's range). */
function innermostBlock(defs: readonly Def[], r: Range): Def | undefined {
  let best: Def | undefined;
  const size = (x: Def): number => x.block.range.end.offset - x.block.range.start.offset;
  for (const x of defs) {
    if (
      x.block.range.start.offset <= r.start.offset &&
      r.end.offset <= x.block.range.end.offset &&
      (!best || size(x) < size(best))
    )
      best = x;
  }
  return best;
}

/**
 * Whether an unknown word on a side's line is the argument of key `s` written without the key: `s` takes an
 * argument, and nothing that could be that argument follows the word (the line ends, or a key or `}` comes next).
 * Then `Raider a3` needs `at` inserted; `Raider att a3` needs `att` replaced.
 */
function missingKey(e: FileEntry, d: Diagnostic, s: string): boolean {
  if (d.unknown?.where !== 'placement') return false;
  const keys = e.system.schema.blocks.side?.placements ?? [];
  const key = keys.find((k) => k.name === s);
  if (!key || key.arg === 'flag') return false;
  const next = /^[ \t]*([^\s;}]*)/.exec(e.file.text!.slice(d.range.end.offset))![1];
  return next === '' || keys.some((k) => k.name === next);
}

/** A system's edit in LSP terms; undefined when the statement it names is not there. */
function fixEdit(e: FileEntry, x: FixEdit): TextEdit | undefined {
  const statements = e.file.parse?.file.statements ?? [];
  if ('range' in x) return { range: toRange(x.range), newText: x.text };
  if ('statement' in x) {
    const st = findStatementAt(statements, x.statement);
    const last = st?.terms[st.terms.length - 1];
    return last && { range: toRange({ start: last.range.end, end: last.range.end }), newText: x.text };
  }
  const st = statementNamed(statements, x.block);
  if (!st) return undefined;
  // after the block's last statement of that kind (a zone after the zones), in its indentation
  const kin = x.after
    ? (st.block?.statements.filter((s) => s.terms[0]?.kind === 'word' && s.terms[0].text === x.after) ?? [])
    : [];
  const after = kin[kin.length - 1];
  if (after) {
    const indent = /^\s*/.exec(e.lines.lineText(after.range.start.line))![0];
    return { range: toRange({ start: after.range.end, end: after.range.end }), newText: `\n${indent}${x.line}` };
  }
  return addToBlock(e, st, x.line);
}

function findStatementAt(sts: Statement[], offset: number): Statement | undefined {
  for (const st of sts) {
    if (st.range.start.offset <= offset && offset <= st.range.end.offset) {
      if (st.block && st.block.range.start.offset <= offset) {
        const inner = findStatementAt(st.block.statements, offset);
        if (inner) return inner;
      }
      return st;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Code lenses

export function codeLenses(
  ws: WorkspaceState,
  uri: string,
  lastOdds?: (uri: string, encounter: string) => EncounterOdds | undefined,
): CodeLens[] {
  const e = ws.entry(uri);
  if (!e?.file.read) return [];
  const out: CodeLens[] = [];
  for (const b of e.file.read.blocks) {
    if (b.kind !== 'encounter') continue;
    const args: EncounterCommandArgs = { uri, encounter: b.name, line: b.nameRange.start.line };
    const range = toRange({ start: b.range.start, end: b.range.start });
    // figures of an encounter that has errors (or uses a file that has) describe another fight: none, and why
    const enc = e.allEncounters.find((x) => x.range?.start.offset === b.nameRange.start.offset);
    const why = enc && refusal(ws, e, enc);
    const odds = why ? undefined : lastOdds?.(uri, b.name);
    out.push({ range, command: { title: 'Run', command: Commands.runEncounter, arguments: [args] } });
    out.push({ range, command: { title: 'Step', command: Commands.stepEncounter, arguments: [args] } });
    out.push({
      range,
      command: {
        title: why ? `Odds: none — ${why}` : odds ? `Odds: ${oddsSummary(odds)}` : 'Odds',
        command: Commands.previewOdds,
        arguments: [args],
      },
    });
  }
  return out;
}

export function oddsSummary(o: EncounterOdds): string {
  // the verdict beside the chances: label, any player character down, mean length (issue 34 item 4)
  const verdict = o.verdict ? ` · ${o.verdict.short}` : '';
  if (o.change) return changeSummary(o.change) + verdict;
  const parts = o.sides.map((s) => `${s.side} ${Math.round(s.p * 100)}%`);
  if (o.stalemate >= 0.005) parts.push(`stalemate ${Math.round(o.stalemate * 100)}%`);
  return parts.join(' · ') + verdict;
}

/**
 * "party wins 62% → 48% (−14 ± 1)": the change in points with its paired 95% interval, whole points unless
 * the interval is under one point (then tenths, so a small real change does not read "±0").
 */
export function changeSummary(c: OddsChange): string {
  const fine = c.halfWidth * 100 < 1;
  const num = (x: number) => (fine ? (Math.round(x * 1000) / 10).toFixed(1) : String(Math.round(x * 100)));
  const d = num(Math.abs(c.change));
  const sign = Number(d) === 0 ? '' : c.change < 0 ? '−' : '+';
  return `${winsPhrase(c.side)} ${Math.round(c.before * 100)}% → ${Math.round(c.after * 100)}% (${sign}${d} ± ${num(c.halfWidth)})`;
}

// ---------------------------------------------------------------------------
// Inlay hints

export interface InlayOptions {
  derivedDefenses?: boolean;
  encounterOdds?: boolean;
}

export function inlayHints(
  ws: WorkspaceState,
  uri: string,
  range: LspRange,
  lastOdds?: (uri: string, encounter: string) => EncounterOdds | undefined,
  opts: InlayOptions = {},
): InlayHint[] {
  const e = ws.entry(uri);
  if (!e?.file.read) return [];
  const inRange = (line: number): boolean => line >= range.start.line && line <= range.end.line;
  // In file order: the system's derived numbers (through its editor contributions) and each encounter's last odds.
  const placed: { at: number; hint: InlayHint }[] = [];
  if (e.system.editor?.inlayHints && e.model && opts.derivedDefenses !== false) {
    for (const h of e.system.editor.inlayHints({ model: e.model, file: uri, blocks: e.file.read.blocks })) {
      if (inRange(h.at.end.line))
        placed.push({
          at: h.at.end.offset,
          hint: {
            position: toRange(h.at).end,
            label: h.label,
            paddingLeft: true,
            tooltip: { kind: 'markdown', value: h.tooltip },
          },
        });
    }
  }
  for (const raw of e.file.read.blocks) {
    if (raw.kind === 'encounter' && opts.encounterOdds !== false) {
      if (!inRange(raw.nameRange.end.line)) continue;
      const enc = e.allEncounters.find((x) => x.range?.start.offset === raw.nameRange.start.offset);
      const why = enc && refusal(ws, e, enc);
      if (why) {
        placed.push({
          at: raw.nameRange.end.offset,
          hint: { position: toRange(raw.nameRange).end, label: 'no odds: errors', paddingLeft: true, tooltip: why },
        });
        continue;
      }
      const o = lastOdds?.(uri, raw.name);
      if (!o) continue;
      placed.push({
        at: raw.nameRange.end.offset,
        hint: {
          position: toRange(raw.nameRange).end,
          label: `${oddsSummary(o)} (${o.runs.toLocaleString('en-US')} runs)`,
          paddingLeft: true,
          tooltip: o.change
            ? `Since the ${o.change.versus} version: ${o.change.runs.toLocaleString('en-US')} combats of each on the same seeds (from ${o.seed}), paired 95% interval of the change. Save to make this the new baseline.`
            : `Last computed Monte Carlo odds (seed ${o.seed}); run "Preview Odds" again to refresh.`,
        },
      });
    }
  }
  return placed.sort((a, b) => a.at - b.at).map((p) => p.hint);
}
