// Conversions between the model's ranges/diagnostics and LSP-shaped plain data.
// Types only come from vscode-languageserver-types (no `vscode`, no connection).

import type { Diagnostic as LspDiagnostic, Position as LspPosition, Range as LspRange } from 'vscode-languageserver-types';
import type { Position, Range } from '../../grammar/ast.js';
import type { Diagnostic } from '../../model/diagnostics.js';

export function toPosition(p: Position): LspPosition {
  return { line: p.line, character: p.character };
}

export function toRange(r: Range): LspRange {
  return { start: toPosition(r.start), end: toPosition(r.end) };
}

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** Data carried on each published diagnostic, read back by code actions. */
export interface DiagnosticData {
  suggestions?: string[];
}

export function toDiagnostic(d: Diagnostic): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'aces',
    message: d.message,
  };
  if (d.suggestions?.length) out.data = { suggestions: d.suggestions } satisfies DiagnosticData;
  return out;
}

/** Line starts of a text, to turn LSP positions into offsets. */
export class TextLines {
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }
  /** Offset of an LSP position, clamped to the line's end. */
  offsetAt(pos: LspPosition): number {
    if (pos.line < 0) return 0;
    if (pos.line >= this.starts.length) return this.text.length;
    const start = this.starts[pos.line];
    let end = pos.line + 1 < this.starts.length ? this.starts[pos.line + 1] : this.text.length;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return Math.min(start + Math.max(0, pos.character), end);
  }
  positionAt(offset: number): LspPosition {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo] };
  }
  lineText(line: number): string {
    const start = this.starts[line] ?? this.text.length;
    let end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }
  get lineCount(): number {
    return this.starts.length;
  }
}

export function containsOffset(r: Range, offset: number): boolean {
  return r.start.offset <= offset && offset <= r.end.offset;
}

export function rangeLength(r: Range): number {
  return r.end.offset - r.start.offset;
}
