// "Balance this encounter…" (issue 14 item 3): the server's code action names
// the numbers the encounter's stat blocks write; this asks which one, the
// target and the range, runs `aces/tune` on the server's worker pool under a
// cancellable progress notification (one line per try), and writes the value
// found into the file that declares the block — one undoable edit.

import * as vscode from 'vscode';
import { BALANCE_RUNS, TuneRequest, type BalanceArgs, type BalanceCandidate } from '../protocol/lsp-ext.js';
import type { ServerController } from './server.js';
import { requestWithProgress } from './progress.js';
import { winsPhrase } from '../common/outcome-words.js';

/** What the last balance wrote (tests). */
export interface BalanceOutcome {
  block: string;
  attr: string;
  value: number;
  p: number;
  uri: string;
}

const TARGET = /^\s*(.+?)\s+(\d+(?:\.\d+)?)\s*%\s*(?:,\s*(?:about\s+)?\d+(?:\.\d+)?\s+rounds?\s*)?$/;
/** A length alone: `about 4 rounds` (issue 34 item 3). */
const LENGTH = /^\s*(?:about\s+)?\d+(?:\.\d+)?\s+rounds?\s*$/;
const RANGE = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/;

export class BalanceController implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  last: BalanceOutcome | undefined;

  constructor(private readonly server: ServerController) {
    this.disposables.push(
      vscode.commands.registerCommand(
        'aces.balanceEncounter',
        (a: BalanceArgs, answers?: { pick?: number; target?: string; range?: string }) => this.balance(a, answers),
      ),
    );
  }

  /** `answers` skips the prompts (tests): the candidate's index, the target and the range. */
  async balance(
    args: BalanceArgs,
    answers: { pick?: number; target?: string; range?: string } = {},
  ): Promise<BalanceOutcome | undefined> {
    const client = this.server.client;
    if (!client || !args?.candidates?.length) return undefined;
    const c =
      answers.pick !== undefined
        ? args.candidates[answers.pick]
        : await pickNumber(args, `Balance "${args.encounter}": which number to change?`);
    if (!c) return undefined;
    const target =
      answers.target ??
      (await vscode.window.showInputBox({
        title: `Balance "${args.encounter}": the target`,
        prompt: `An outcome and its chance: ${args.sides.map((s) => `"${winsPhrase(s)} 50%"`).join(', ')} or "stalemate 5%"`,
        value: `${winsPhrase(args.sides[0])} 50%`,
        validateInput: (t) =>
          LENGTH.test(t) || (TARGET.test(t) && Number(TARGET.exec(t)![2]) <= 100)
            ? undefined
            : 'Write an outcome and a chance, a length or both, e.g. "party wins 50%", "about 4 rounds", "party wins 50%, about 4 rounds".',
      }));
    if (!target) return undefined;
    const range =
      answers.range ??
      (await vscode.window.showInputBox({
        title: `Balance "${args.encounter}": ${c.block} ${c.attr} from … to …`,
        prompt: `The whole numbers to search (a bisection: about log₂ of the range, plus its two ends, tries of ${BALANCE_RUNS.toLocaleString('en-US')} fights). Values that break a rule are left out.`,
        value: `${c.range.from}..${c.range.to}`,
        validateInput: (t) => (RANGE.test(t) ? undefined : 'Write FROM..TO, e.g. 20..80.'),
      }));
    if (!range) return undefined;
    const vary = `${JSON.stringify(c.block)}.${c.attr}=${range.trim()}`;
    const reply = await requestWithProgress(
      client,
      `Aces: balancing "${args.encounter}" — ${c.block} ${c.attr} for ${target}`,
      'tune',
      TuneRequest,
      { uri: args.uri, encounter: args.encounter, vary, target },
    );
    if (reply === undefined) {
      void vscode.window.setStatusBarMessage('Aces: balancing cancelled', 4000);
      return undefined;
    }
    if (reply === null) {
      void vscode.window.showWarningMessage(
        `Aces: the language server could not balance "${args.encounter}" (see its log).`,
      );
      return undefined;
    }
    if ('error' in reply) {
      void vscode.window.showWarningMessage(`Aces: cannot balance "${args.encounter}": ${reply.error}`);
      return undefined;
    }
    // an end of the range that missed the target is not written; a homebrew or edge value only once the GM agrees
    if (!reply.writable) {
      void vscode.window.showWarningMessage(
        `Aces: ${c.block} ${c.attr}: ${reply.warning ?? 'not written'} ${reply.report}.`,
      );
      return undefined;
    }
    if (reply.warning && !answers.target) {
      const go = await vscode.window.showWarningMessage(
        `Aces: ${reply.warning} Write ${c.block} ${c.attr} ${reply.value}? (${reply.report})`,
        { modal: true },
        'Write it',
      );
      if (go !== 'Write it') return undefined;
    }
    const uri = vscode.Uri.parse(reply.edit.uri);
    const edit = new vscode.WorkspaceEdit();
    const r = reply.edit.range;
    edit.replace(
      uri,
      new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character),
      reply.edit.newText,
    );
    await vscode.workspace.applyEdit(edit);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const where =
      reply.edit.uri === args.uri
        ? ''
        : ` (written in ${vscode.workspace.asRelativePath(uri)}, which other encounters may use)`;
    const searched = reply.narrowed ? `${reply.narrowed.from}..${reply.narrowed.to}` : range.trim();
    const beyond = reply.narrowed
      ? `the values beyond break a rule (${reply.narrowed.why.replace(/\.$/, '')})`
      : 'widen the range if the target lies beyond';
    // not reached comes first, at an end of the range or inside it; then where to look
    const edge = !reply.reached
      ? ` No value of ${searched} reaches the target: this is the closest; ${reply.atEdge ? `it is an end of the range: ${beyond}` : 'it may need another number'}.`
      : reply.atEdge
        ? ` The best value is an end of ${searched}: ${beyond}.`
        : '';
    void vscode.window.showInformationMessage(
      `Aces: ${c.block} ${c.attr} ${reply.value} — ${target.replace(/\s*\d+(\.\d+)?\s*%\s*$/, '')} ${pct(reply.p)} (95%: ${pct(reply.ci95[0])}–${pct(reply.ci95[1])}) after ${reply.tries.length} tries${where}; ${reply.report}.${edge}`,
    );
    this.last = { block: c.block, attr: c.attr, value: reply.value, p: reply.p, uri: reply.edit.uri };
    return this.last;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** Asks which of the encounter's numbers (the code action's candidates) to work on; a bestiary's says where it lives. */
export async function pickNumber(args: BalanceArgs, title: string): Promise<BalanceCandidate | undefined> {
  const items = args.candidates.map((c) => ({
    label: `${c.block} · ${c.attr}`,
    description: `now ${c.value}`,
    detail: c.file === args.uri ? undefined : `in ${vscode.workspace.asRelativePath(vscode.Uri.parse(c.file))}`,
    c,
  }));
  const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true });
  return picked?.c;
}
