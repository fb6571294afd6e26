// The hover on a combatant's name in an `aces` document while that document's
// fight is stepped: the system's inspect (Arcana: hand and exact chances) or the
// combatant's state line. The language server's hover still shows: VS Code
// merges the hovers of every provider.

import * as vscode from 'vscode';
import type { CombatController } from './combat.js';

export function registerStepHover(combat: CombatController): vscode.Disposable {
  return vscode.languages.registerHoverProvider(
    { language: 'aces' },
    {
      provideHover(doc, pos) {
        const line = doc.lineAt(pos.line).text;
        const h = combat.hoverAt(doc.uri, line, pos.character);
        if (!h) return undefined;
        return new vscode.Hover(
          new vscode.MarkdownString(h.markdown),
          new vscode.Range(pos.line, h.start, pos.line, h.end),
        );
      },
    },
  );
}
