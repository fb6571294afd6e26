// The encounter a command is aimed at, from what the language server says of
// the file as open (`aces/encounters`: unsaved edits count): the lens's
// argument, else the one under the cursor, else the only one, else a pick.

import * as vscode from 'vscode';
import {
  EncountersRequest,
  type EncounterCommandArgs,
  type EncounterSummary as Encounter,
} from '../protocol/lsp-ext.js';
import { selectEncounter } from '../model/select.js';
import { encounterAt } from './core/encounters.js';
import type { ServerRequests } from './requests.js';

/** Keys are fsPaths for `file:` documents and URI strings for the rest (untitled, remote). */
export function keyOf(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}

export interface Target {
  uri: vscode.Uri;
  file: string;
  display: string;
  encounter: Encounter;
  all: Encounter[];
  /** The rule system the file speaks. */
  system: { id: string; name: string };
}

/** The arguments the commands accept: the code lenses' `{ uri, encounter, line }`, a Uri (explorer menu), or nothing. */
export type CommandArg = (Partial<EncounterCommandArgs> & { seed?: number }) | vscode.Uri | string | undefined;

export function normalizeArg(a: CommandArg): { uri?: vscode.Uri; encounter?: string; seed?: number } {
  if (a === undefined || a === null) return {};
  if (typeof a === 'string') return { uri: vscode.Uri.parse(a) };
  if (a instanceof vscode.Uri) return { uri: a };
  return {
    uri: a.uri ? vscode.Uri.parse(a.uri) : undefined,
    encounter: a.encounter,
    seed: typeof a.seed === 'number' ? a.seed : undefined,
  };
}

/** Finds the encounter to simulate, explaining in the UI when there is none. Undefined when the user must act. */
export async function resolveTarget(
  requests: ServerRequests,
  arg: CommandArg,
  verb: string,
): Promise<Target | undefined> {
  const a = normalizeArg(arg);
  const editor = vscode.window.activeTextEditor;
  let uri = a.uri;
  if (!uri) {
    if (!editor || editor.document.languageId !== 'aces') {
      void vscode.window.showWarningMessage(`Open an .aces file to ${verb} one of its encounters.`);
      return undefined;
    }
    uri = editor.document.uri;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  const file = keyOf(doc.uri);
  const display = vscode.workspace.asRelativePath(doc.uri);
  let loaded;
  try {
    loaded = await requests.send(EncountersRequest, { uri: doc.uri.toString() });
  } catch (e) {
    void vscode.window.showErrorMessage(`Can't ${verb} ${display}: ${(e as Error).message}`);
    return undefined;
  }
  if (!loaded) {
    void vscode.window.showErrorMessage(
      `Can't ${verb} ${display}: the language server cannot read it (Aces: Show Server Log says why).`,
    );
    return undefined;
  }
  if (loaded.errors.length) {
    const first = loaded.errors[0];
    const where = `${first.uri === doc.uri.toString() ? display : vscode.workspace.asRelativePath(vscode.Uri.parse(first.uri))}:${first.line + 1}`;
    // not awaited: the command returns now; the message stays until the user closes it
    void vscode.window
      .showErrorMessage(
        `Can't ${verb} ${display}: ${loaded.errors.length} error${loaded.errors.length === 1 ? '' : 's'} (first at ${where}: ${first.message})`,
        'Show Problems',
      )
      .then((pick) => pick && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  const all = loaded.encounters;
  if (!all.length) {
    void vscode.window.showWarningMessage(
      `${display} declares no encounter. Add one (type "encounter" for a snippet).`,
    );
    return undefined;
  }
  // the one selection policy of every shell (model/select.ts): a name, else the cursor's, else the only one
  const here = editor && editor.document.uri.toString() === doc.uri.toString() ? editor.selection.active : undefined;
  const chosen = selectEncounter(all, {
    name: a.encounter,
    atCursor: here && encounterAt(loaded, here.line, here.character),
  });
  let encounter: Encounter;
  if ('encounter' in chosen) encounter = chosen.encounter;
  else if ('choices' in chosen) {
    const picked = await vscode.window.showQuickPick(
      chosen.choices.map((e) => ({
        label: e.name,
        description: `seed ${e.seed} · ${e.combatants} combatants · ${e.sides.join(' vs ')}`,
        e,
      })),
      { title: `Which encounter to ${verb}?`, placeHolder: display },
    );
    if (!picked) return undefined;
    encounter = picked.e;
  } else {
    void vscode.window.showErrorMessage(
      chosen.error === 'unknown-name'
        ? `No encounter named "${chosen.name}" in ${display}.`
        : `${display} declares no encounter.`,
    );
    return undefined;
  }
  return { uri: doc.uri, file, display, encounter, all, system: { id: loaded.system, name: loaded.systemName } };
}
