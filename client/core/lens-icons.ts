// Code lens titles from the language server are plain words ("Run", "Step",
// "Odds: party 62%") so every LSP editor shows them cleanly; in VS Code the
// client prefixes a codicon per command. Codicons ship with VS Code itself, so
// they render whatever font the editor uses (the old "⚄" die glyph drew as a
// box in common fonts).
import { Commands } from '../../protocol/lsp-ext.js';

const ICON: Record<string, string> = {
  [Commands.runEncounter]: '$(play)',
  [Commands.stepEncounter]: '$(debug-step-over)',
  [Commands.previewOdds]: '$(graph)',
};

/** The title with the command's codicon in front; titles of other commands, or already iconed, unchanged. */
export function withLensIcon(title: string, command: string): string {
  const icon = ICON[command];
  return icon && !title.startsWith('$(') ? `${icon} ${title}` : title;
}
