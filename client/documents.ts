// Encounters from the editor: a FileHost that reads open documents first (so
// unsaved edits count), then the disk; and the encounter a command is aimed at.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileHost } from '../model/workspace.js';
import { MAX_FILE_BYTES, readAcesFile, readUsed, realPath } from '../model/disk.js';
import type { EncounterInfo as Encounter, RuleSystem } from '../model/system.js';
import type { EncounterCommandArgs } from '../protocol/lsp-ext.js';
import { encounterAt, loadEncounters } from './core/encounters.js';

/** Keys are fsPaths for `file:` documents and URI strings for the rest (untitled, remote). */
export function keyOf(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}

/** Open documents first; the disk through model/disk.ts (the CLI's and the server's reader: same limits, same `use` confinement to the workspace folders). */
export function editorHost(): FileHost {
  const open = new Map<string, vscode.TextDocument>();
  for (const d of vscode.workspace.textDocuments) open.set(keyOf(d.uri), d);
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => realPath(f.uri.fsPath));
  return {
    read(p, used) {
      const d = open.get(p);
      if (d) return { text: d.getText() };
      if (!path.isAbsolute(p)) return { error: 'not a file on disk' };
      return used ? readUsed(p, roots, MAX_FILE_BYTES) : readAcesFile(p, MAX_FILE_BYTES);
    },
    resolve(from, rel) {
      if (!path.isAbsolute(from)) return rel; // untitled documents: only absolute `use` paths can be found
      return realPath(path.resolve(path.dirname(from), rel));
    },
    display: (p) => (path.isAbsolute(p) ? vscode.workspace.asRelativePath(p) : p),
  };
}

export interface Target {
  uri: vscode.Uri;
  file: string;
  display: string;
  encounter: Encounter;
  all: Encounter[];
  /** The rule system the file speaks. */
  system: RuleSystem;
}

/** The arguments the commands accept: the code lenses' `{ uri, encounter, line }`, a Uri (explorer menu), or nothing. */
export type CommandArg = Partial<EncounterCommandArgs> & { seed?: number } | vscode.Uri | string | undefined;

export function normalizeArg(a: CommandArg): { uri?: vscode.Uri; encounter?: string; seed?: number } {
  if (a === undefined || a === null) return {};
  if (typeof a === 'string') return { uri: vscode.Uri.parse(a) };
  if (a instanceof vscode.Uri) return { uri: a };
  return { uri: a.uri ? vscode.Uri.parse(a.uri) : undefined, encounter: a.encounter, seed: typeof a.seed === 'number' ? a.seed : undefined };
}

/** Finds the encounter to simulate, explaining in the UI when there is none. Undefined when the user must act. */
export async function resolveTarget(arg: CommandArg, verb: string): Promise<Target | undefined> {
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
  const loaded = loadEncounters(file, editorHost());
  const display = vscode.workspace.asRelativePath(doc.uri);
  if (loaded.errors.length) {
    const first = loaded.errors[0];
    const where = `${first.file === file ? display : vscode.workspace.asRelativePath(first.file)}:${first.range.start.line + 1}`;
    // not awaited: the command returns now; the message stays until the user closes it
    void vscode.window
      .showErrorMessage(`Can't ${verb} ${display}: ${loaded.errors.length} error${loaded.errors.length === 1 ? '' : 's'} (first at ${where}: ${first.message})`, 'Show Problems')
      .then((pick) => pick && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  const all = loaded.encounters;
  if (!all.length) {
    void vscode.window.showWarningMessage(`${display} declares no encounter. Add one (type "encounter" for a snippet).`);
    return undefined;
  }
  let encounter: Encounter | undefined;
  if (a.encounter !== undefined) {
    encounter = all.find((e) => e.name === a.encounter) ?? all.find((e) => e.name.toLowerCase() === a.encounter!.toLowerCase());
    if (!encounter) {
      void vscode.window.showErrorMessage(`No encounter named "${a.encounter}" in ${display}.`);
      return undefined;
    }
  }
  if (!encounter && editor && editor.document.uri.toString() === doc.uri.toString()) {
    const p = editor.selection.active;
    encounter = encounterAt(loaded, p.line, p.character);
  }
  if (!encounter && all.length === 1) encounter = all[0];
  if (!encounter) {
    const picked = await vscode.window.showQuickPick(
      all.map((e) => ({ label: e.name, description: `seed ${e.seed} · ${e.combatants.length} combatants · ${e.sides.join(' vs ')}`, e })),
      { title: `Which encounter to ${verb}?`, placeHolder: display },
    );
    if (!picked) return undefined;
    encounter = picked.e;
  }
  return { uri: doc.uri, file, display, encounter, all, system: loaded.system };
}
