// `aces check <files or folders>`: every syntax and rules problem, at once,
// as file:line:col, severity, rule id, message and the line in question.

import { TEXT_BUDGET, type CheckResult } from '../model/workspace.js';
import { formatBytes } from '../model/disk.js';
import { checkFiles } from '../systems/index.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { diskHost, rootsOf, displayPath, expandPaths, MAX_FILE_BYTES } from './files.js';
import type { Style } from './style.js';

export interface Io {
  out(s: string): void;
  err(s: string): void;
  style: Style;
  cwd: string;
  /**
   * Leave the worker threads running after a command (an in-process caller that runs many: the goldens), so the
   * next command's odds start warm; the caller stops them (shutdownWorkers). A CLI process stops them itself.
   */
  keepWorkers?: boolean;
}

export interface CheckOptions {
  json?: boolean;
  maxFileSize?: number;
  /** The workspace `use` may read from (default: the folders of the paths given). */
  root?: string;
}

export interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Diagnostic['severity'];
  code: string;
  message: string;
  suggestions?: string[];
}

/** Exit codes: 0 clean (warnings allowed), 1 errors found, 2 nothing could be checked. */
export function runCheck(paths: string[], opts: CheckOptions, io: Io): number {
  const { files, problems } = expandPaths(paths, io.cwd);
  if (!files.length) {
    for (const p of problems) io.err(`aces check: ${p}`);
    if (!problems.length) io.err('aces check: give one or more .aces files or folders, e.g. `aces check samples/`.');
    return 2;
  }
  const host = diskHost(io.cwd, opts.maxFileSize ?? MAX_FILE_BYTES, rootsOf(paths, io.cwd, opts.root));
  const result = checkFiles(files, host);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of result.diagnostics) counts[d.severity]++;
  const problemLines = problems.map((p) => `aces check: ${p}`);
  // files left out for the run's memory budget, named once (issue 35 item 6); each also has its own `limit` line
  if (host.overBudget.length) {
    const n = host.overBudget.length;
    const names = host.overBudget.slice(0, 5).map((f) => displayPath(f, io.cwd));
    problems.push(
      `${n} file${n === 1 ? ' was' : 's were'} not checked to stay within the memory budget of ${formatBytes(TEXT_BUDGET)} of .aces text per run: ${names.join(', ')}${n > 5 ? `, and ${n - 5} more` : ''}. Check them in smaller groups (a folder at a time).`,
    );
    problemLines.push(`aces check: ${problems[problems.length - 1]}`);
  }

  if (opts.json) {
    const diagnostics: JsonDiagnostic[] = result.diagnostics.map((d) => ({
      file: displayPath(d.file, io.cwd),
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      endLine: d.range.end.line + 1,
      endColumn: d.range.end.character + 1,
      severity: d.severity,
      code: d.code,
      message: d.message,
      ...(d.suggestions?.length ? { suggestions: d.suggestions } : {}),
    }));
    io.out(
      JSON.stringify(
        {
          files: checkedCount(result),
          errors: counts.error,
          warnings: counts.warning,
          infos: counts.info,
          problems,
          diagnostics,
        },
        null,
        2,
      ),
    );
  } else {
    const s = io.style;
    printDiagnostics(result, io);
    for (const p of problemLines) io.err(p);
    const n = checkedCount(result);
    const checked = `${n} file${n === 1 ? '' : 's'} checked`;
    if (!result.diagnostics.length && problems.length)
      io.out(s.yellow(`⚠ ${checked}: no problems in them, but not everything given could be checked (see above).`));
    else if (!result.diagnostics.length) io.out(s.green(`✔ ${checked}: no problems.`));
    else {
      const parts = [
        counts.error && `${counts.error} error${counts.error === 1 ? '' : 's'}`,
        counts.warning && `${counts.warning} warning${counts.warning === 1 ? '' : 's'}`,
        counts.info && `${counts.info} note${counts.info === 1 ? '' : 's'}`,
      ].filter(Boolean);
      const line = `${counts.error ? '✖' : '⚠'} ${checked}: ${parts.join(', ')}.`;
      io.out(counts.error ? s.red(line) : s.yellow(line));
    }
  }
  return counts.error || problems.length ? 1 : 0;
}

/** Prints each diagnostic as `file:line:col severity [code] message` and a code frame. */
export function printDiagnostics(result: CheckResult, io: Io, only?: (d: Diagnostic) => boolean): void {
  const s = io.style;
  for (const d of result.diagnostics) {
    if (only && !only(d)) continue;
    const file = displayPath(d.file, io.cwd);
    const sev =
      d.severity === 'error'
        ? s.red(s.bold('error'))
        : d.severity === 'warning'
          ? s.yellow(s.bold('warning'))
          : s.cyan('info');
    io.out(
      `${s.bold(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`)} ${sev} ${s.dim(`[${d.code}]`)} ${d.message}`,
    );
    const frame = codeFrame(result.files.get(d.file)?.text, d);
    if (frame) io.out(s.dim(frame));
  }
}

/**
 * The diagnostic's first line with a caret underline, trimmed for very long lines. It reads at most a few
 * hundred characters of the text whatever the line's length, so many diagnostics on one huge line cost
 * linear time, not quadratic.
 */
export function codeFrame(text: string | undefined, d: Diagnostic): string | undefined {
  if (text === undefined) return undefined;
  const lineNo = d.range.start.line;
  const lineStart = d.range.start.offset - d.range.start.character;
  let col = d.range.start.character;
  const sameLine = d.range.end.line === lineNo;
  const head = text.slice(lineStart, lineStart + 121);
  const nl = head.indexOf('\n');
  let line: string;
  let width: number;
  if (nl >= 0 || lineStart + 121 >= text.length) {
    line = (nl >= 0 ? head.slice(0, nl) : head).replace(/\r$/, '');
    width = Math.max(1, sameLine ? d.range.end.character - col : line.length - col);
    if (line.length > 120) {
      const from = Math.max(0, col - 40);
      line = (from ? '…' : '') + line.slice(from, from + 100) + (from + 100 < line.length ? '…' : '');
      col = col - from + (from ? 1 : 0);
      width = Math.min(width, 100);
    }
  } else {
    // a line longer than 120 characters: only the 100 around the column are read
    const from = Math.max(0, col - 40);
    const seg = text.slice(lineStart + from, lineStart + from + 101);
    const end = seg.indexOf('\n');
    const body = (end >= 0 ? seg.slice(0, end) : seg.slice(0, 100)).replace(/\r$/, '');
    line = (from ? '…' : '') + body + (end < 0 && seg.length > 100 ? '…' : '');
    width = Math.min(Math.max(1, sameLine ? d.range.end.character - col : 100), 100);
    col = col - from + (from ? 1 : 0);
  }
  const gutter = String(lineNo + 1);
  const pad = ' '.repeat(gutter.length);
  const shown = line.replace(/\t/g, ' ');
  return `  ${gutter} | ${shown}\n  ${pad} | ${' '.repeat(col)}${'^'.repeat(Math.min(width, Math.max(1, shown.length - col)))}`;
}

/** Files actually read and checked (a refused or missing `use` target is reported, not counted). */
function checkedCount(result: CheckResult): number {
  let n = 0;
  for (const f of result.files.values()) if (f.text !== undefined) n++;
  return n;
}
