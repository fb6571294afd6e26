// Code actions (quick fixes), code lenses on encounters and inlay hints.

import type { CodeAction, CodeLens, InlayHint, Range as LspRange, TextEdit } from 'vscode-languageserver-types';
import type { Statement } from '../../grammar/ast.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import type { RawBlock } from '../../model/read.js';
import { Commands, type EncounterCommandArgs, type EncounterOdds, type OddsChange } from '../../protocol/lsp-ext.js';
import type { FileEntry, WorkspaceState } from './analysis.js';
import { toDiagnostic, toRange } from './lsp.js';
import { formatName } from './names.js';

const STUBS: Record<string, (name: string) => string> = {
  weapon: (n) => `weapon ${formatName(n)} { melee +1 }`,
  technique: (n) => `technique ${formatName(n)} { cost 1  stat body }`,
  deck: (n) => `deck ${formatName(n)} { standard }`,
  character: (n) => `character ${formatName(n)} {\n  heart 2  body 2  mind 2  spirit 2\n  vitality 10\n}`,
};

function overlaps(d: Diagnostic, r: LspRange): boolean {
  const before = (a: { line: number; character: number }, b: { line: number; character: number }): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);
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
    out.push({ title, kind: 'quickfix', diagnostics: [toDiagnostic(d)], isPreferred: preferred || undefined, edit: { changes: { [uri]: edits } } });
  };
  const ix = ws.index(e);
  for (const d of e.diagnostics) {
    if (!overlaps(d, range)) continue;
    const covered = text.slice(d.range.start.offset, d.range.end.offset);
    const ref = ix.refs.find((r) => r.range.start.offset === d.range.start.offset && r.range.end.offset === d.range.end.offset);
    // Set Guard to the rules' value (HA-N2).
    if (d.code === 'HA-N2' && /^guard\b/.test(covered) && d.suggestions?.[0]) {
      fix(`Set Guard to the rules' value ${d.suggestions[0]}`, d, [{ range: toRange(d.range), newText: `guard ${d.suggestions[0]}` }], true);
      continue;
    }
    // Where does X start? → at Zone.
    if (d.code === 'HA-Z1' && d.message.startsWith('Where does')) {
      const st = findStatementAt(e.file.parse.file.statements, d.range.start.offset);
      const last = st?.terms[st.terms.length - 1];
      if (last) for (const z of d.suggestions ?? []) fix(`Start at ${z}`, d, [{ range: toRange({ start: last.range.end, end: last.range.end }), newText: ` at ${formatName(z)}` }]);
      continue;
    }
    // A technique named in `wields` (model/build.ts, fix id `wields-technique`): `wields X` → `techniques X`.
    if (d.fix === 'wields-technique') {
      const lineText = e.lines.lineText(d.range.start.line);
      const before = lineText.slice(0, d.range.start.character);
      const m = /\bwields\s+$/.exec(before);
      const after = lineText.slice(d.range.end.character);
      // only when it is the line's sole `wields` name (another name after it would become a technique too)
      const rest = after.replace(/#.*$/, '').trim();
      if (m && !/^(,|"|[A-Z])/.test(rest)) {
        const start = { line: d.range.start.line, character: m.index };
        fix(`Move '${covered}' to techniques`, d, [{ range: { start, end: { line: start.line, character: m.index + 'wields'.length } }, newText: 'techniques' }], true);
      }
      continue;
    }
    // Did you mean …?
    for (const s of d.suggestions ?? []) {
      if (s === covered || d.code === 'HA-N2') continue;
      const replacement = d.code === 'unknown-keyword' ? s : formatName(s);
      fix(`Change to '${s}'`, d, [{ range: toRange(d.range), newText: replacement }], (d.suggestions?.length ?? 0) === 1);
    }
    // Unknown zone → declare it in the encounter.
    if (d.code === 'HA-Z1' && ref?.kind === 'zone' && ref.encounter) {
      const enc = statementNamed(e.file.parse.file.statements, ref.encounter.nameRange.start.offset);
      const zoneLine = `zone ${formatName(ref.name)} { }`;
      const zones = enc?.block?.statements.filter((s) => s.terms[0]?.kind === 'word' && s.terms[0].text === 'zone') ?? [];
      const after = zones[zones.length - 1];
      if (enc && after) {
        const indent = /^\s*/.exec(e.lines.lineText(after.range.start.line))![0];
        fix(`Add zone '${ref.name}' to this encounter`, d, [{ range: toRange({ start: after.range.end, end: after.range.end }), newText: `\n${indent}${zoneLine}` }]);
      } else if (enc) {
        const edit = addToBlock(e, enc, zoneLine);
        if (edit) fix(`Add zone '${ref.name}' to this encounter`, d, [edit]);
      }
    }
    // Unknown weapon/technique/deck/character → create a stub at the end of the file.
    if (d.code === 'unknown-name' && ref && ref.kind !== 'zone' && e.system.id === 'halcyon-aces' && STUBS[ref.kind]) {
      const end = e.lines.positionAt(text.length);
      const sep = text.length === 0 || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
      fix(`Create ${ref.kind} '${ref.name}'`, d, [{ range: { start: end, end }, newText: `${sep}${STUBS[ref.kind](ref.name)}\n` }]);
    }
    // No path to any enemy (HA-Z2) → link the start zone to an enemy's zone.
    if (d.code === 'HA-Z2') {
      const at = ix.refs.find((r) => r.role === 'placement-at' && r.range.start.offset >= d.range.start.offset && r.range.end.offset <= d.range.end.offset);
      const encRaw = at?.encounter;
      const enc = encRaw && e.encounters.find((x) => x.range?.start.offset === encRaw.nameRange.start.offset);
      if (at && enc && encRaw) {
        const mine = enc.combatants.find((c) => c.zone === at.name);
        const targets = [...new Set(enc.combatants.filter((c) => mine && c.side !== mine.side).map((c) => c.zone))].slice(0, 3);
        const zoneRaw = encRaw.children.find((c) => c.kind === 'zone' && c.name === at.name);
        const zoneSt = zoneRaw && statementNamed(e.file.parse.file.statements, zoneRaw.nameRange.start.offset);
        for (const z of targets) {
          const edit = zoneSt && addToBlock(e, zoneSt, `adjacent ${formatName(z)}`);
          if (edit) fix(`Link zone '${at.name}' to '${z}' (adjacent)`, d, [edit]);
        }
      }
    }
    // Missing attributes: vitality (HA-N4), cost (HA-A4), stats (HA-N1).
    const def = ix.defs.find((x) => x.nameRange.start.offset === d.range.start.offset);
    if (def) {
      const st = statementNamed(e.file.parse.file.statements, def.nameRange.start.offset);
      const has = (n: string): boolean => def.block.attrs.some((a) => a.spec.name === n);
      const add = (title: string, line: string): void => {
        const edit = st && addToBlock(e, st, line);
        if (edit) fix(title, d, [edit]);
      };
      if (d.code === 'HA-N4' && def.kind === 'character' && !has('vitality')) add('Add `vitality 10`', 'vitality 10');
      if (d.code === 'HA-A4' && def.kind === 'technique' && !has('cost')) add('Add `cost 1`', 'cost 1');
      if (d.code === 'HA-N1' && def.kind === 'character') {
        const missing = ['heart', 'body', 'mind', 'spirit'].filter((s) => !has(s));
        if (missing.length) add(`Add ${missing.join(', ')} (2 each)`, missing.map((s) => `${s} 2`).join('  '));
      }
    }
  }
  return out;
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

export function codeLenses(ws: WorkspaceState, uri: string, lastOdds?: (uri: string, encounter: string) => EncounterOdds | undefined): CodeLens[] {
  const e = ws.entry(uri);
  if (!e?.file.read) return [];
  const out: CodeLens[] = [];
  for (const b of e.file.read.blocks) {
    if (b.kind !== 'encounter') continue;
    const args: EncounterCommandArgs = { uri, encounter: b.name, line: b.nameRange.start.line };
    const range = toRange({ start: b.range.start, end: b.range.start });
    const odds = lastOdds?.(uri, b.name);
    out.push({ range, command: { title: 'Run', command: Commands.runEncounter, arguments: [args] } });
    out.push({ range, command: { title: 'Step', command: Commands.stepEncounter, arguments: [args] } });
    out.push({ range, command: { title: odds ? `Odds: ${oddsSummary(odds)}` : 'Odds', command: Commands.previewOdds, arguments: [args] } });
  }
  return out;
}

export function oddsSummary(o: EncounterOdds): string {
  if (o.change) return changeSummary(o.change);
  const parts = o.sides.map((s) => `${s.side} ${Math.round(s.p * 100)}%`);
  if (o.stalemate >= 0.005) parts.push(`stalemate ${Math.round(o.stalemate * 100)}%`);
  return parts.join(' · ');
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
  return `${c.side} wins ${Math.round(c.before * 100)}% → ${Math.round(c.after * 100)}% (${sign}${d} ± ${num(c.halfWidth)})`;
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
  const out: InlayHint[] = [];
  const inRange = (line: number): boolean => line >= range.start.line && line <= range.end.line;
  // another system's derived numbers, through its editor contributions
  if (e.system.editor?.inlayHints && e.model && opts.derivedDefenses !== false) {
    for (const h of e.system.editor.inlayHints({ model: e.model, file: uri })) {
      if (inRange(h.at.end.line)) out.push({ position: toRange(h.at).end, label: h.label, paddingLeft: true, tooltip: { kind: 'markdown', value: h.tooltip } });
    }
  }
  for (const raw of e.file.read.blocks) {
    if (raw.kind === 'character' && opts.derivedDefenses !== false) {
      const b = e.characters.get(raw.name);
      if (!b || b.range?.start.offset !== raw.nameRange.start.offset) continue;
      const anchor = anchorAttr(raw);
      if (!anchor || !inRange(anchor.range.end.line)) continue;
      const parts: string[] = [];
      if (!b.guardDeclared) parts.push(`Guard ${b.guard}`);
      else if (b.guard !== b.rulesGuard) parts.push(`rules' Guard ${b.rulesGuard}`);
      if (b.resolveAssumed) parts.push(`Resolve ${b.resolve} (assumed)`);
      if (!parts.length) continue;
      out.push({
        position: toRange(anchor.range).end,
        label: parts.join(' · '),
        paddingLeft: true,
        tooltip: { kind: 'markdown', value: `Guard = 5 + Body ${b.stats.body} + armor ${b.armor} = ${b.rulesGuard} (HA-N2)${b.resolveAssumed ? `; Resolve assumed 5 + Spirit ${b.stats.spirit} = ${b.resolve} (HA-N3 ruling)` : ''}.` },
      });
    }
    if (raw.kind === 'encounter' && opts.encounterOdds !== false) {
      const o = lastOdds?.(uri, raw.name);
      if (!o || !inRange(raw.nameRange.end.line)) continue;
      out.push({
        position: toRange(raw.nameRange).end,
        label: `${oddsSummary(o)} (${o.runs.toLocaleString('en-US')} runs)`,
        paddingLeft: true,
        tooltip: o.change
          ? `Since the ${o.change.versus} version: ${o.change.runs.toLocaleString('en-US')} combats of each on the same seeds (from ${o.seed}), paired 95% interval of the change. Save to make this the new baseline.`
          : `Last computed Monte Carlo odds (seed ${o.seed}); run "Preview Odds" again to refresh.`,
      });
    }
  }
  return out;
}

/** Where the derived defenses go: after `armor`, else after `vitality`, else after the last stat. */
function anchorAttr(raw: RawBlock): RawBlock['attrs'][number] | undefined {
  const find = (n: string) => raw.attrs.filter((a) => a.spec.name === n).pop();
  return find('armor') ?? find('vitality') ?? ['spirit', 'mind', 'body', 'heart'].map(find).find(Boolean);
}
