// The standard LSP feature requests (hover, completion, navigation, structure, formatting, actions, lenses, inlay
// hints): each the language service's answer for a document and position, through the session's guard, with the
// server's keys spelled back as the client sent them.

import {
  CodeActionRequest,
  CodeLensRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentHighlightRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  SelectionRangeRequest,
  SemanticTokensRequest,
  WorkspaceSymbolRequest,
} from 'vscode-languageserver/node';
import { BadParams, UserError, type Session } from './session.js';

export function registerFeatureRequests(s: Session): void {
  const pos = <P extends { textDocument: { uri: string }; position: { line: number; character: number } }>(p: P) => {
    const at = p.position as Partial<P['position']> | null | undefined;
    if (typeof p.textDocument?.uri !== 'string' || !Number.isInteger(at?.line) || !Number.isInteger(at?.character))
      throw new BadParams('the parameters need textDocument.uri and a position { line, character } of whole numbers');
    return [s.key(p.textDocument.uri), p.position] as const;
  };
  // Requests are registered with `onRequest` and their type, not `onHover` and the like: those read
  // `params.workDoneToken` before any handler runs, so a request with null params was answered "internal error".
  /** Location URIs back to the client's spelling. */
  const loc = <T extends { uri: string }>(l: T): T => ({ ...l, uri: s.out(l.uri) });

  s.connection.onRequest(
    HoverRequest.type,
    s.guard('hover', null, (p) => s.service.hover(...pos(p))),
  );
  s.connection.onRequest(
    CompletionRequest.type,
    s.guard('completion', { isIncomplete: false, items: [] }, (p) => s.service.complete(...pos(p))),
  );
  s.connection.onRequest(
    DefinitionRequest.type,
    s.guard('definition', [], (p) => s.service.definition(...pos(p)).map(loc)),
  );
  s.connection.onRequest(
    ReferencesRequest.type,
    s.guard('references', [], (p, token) =>
      s.service.references(s.key(p.textDocument.uri), p.position, p.context.includeDeclaration, token).map(loc),
    ),
  );
  s.connection.onRequest(
    PrepareRenameRequest.type,
    s.guard('prepareRename', null, (p) => s.service.prepareRename(...pos(p))),
  );
  s.connection.onRequest(
    RenameRequest.type,
    s.guard('rename', null, (p) => {
      let edit;
      try {
        edit = s.service.rename(s.key(p.textDocument.uri), p.position, p.newName);
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      if (!edit?.changes) return edit;
      const changes: typeof edit.changes = {};
      for (const [u, edits] of Object.entries(edit.changes)) changes[s.out(u)] = edits;
      return { changes };
    }),
  );
  s.connection.onRequest(
    DocumentHighlightRequest.type,
    s.guard('documentHighlight', [], (p) => s.service.documentHighlights(...pos(p))),
  );
  s.connection.onRequest(
    DocumentSymbolRequest.type,
    s.guard('documentSymbol', [], (p) => s.service.documentSymbols(s.key(p.textDocument.uri))),
  );
  s.connection.onRequest(
    WorkspaceSymbolRequest.type,
    s.guard('workspaceSymbol', [], (p, token) =>
      s.service.workspaceSymbols(p.query, token).map((sym) => ({ ...sym, location: loc(sym.location) })),
    ),
  );
  s.connection.onRequest(
    FoldingRangeRequest.type,
    s.guard('foldingRange', [], (p) => s.service.foldingRanges(s.key(p.textDocument.uri))),
  );
  s.connection.onRequest(
    SelectionRangeRequest.type,
    s.guard('selectionRange', [], (p) => s.service.selectionRanges(s.key(p.textDocument.uri), p.positions)),
  );
  s.connection.onRequest(
    SemanticTokensRequest.type,
    s.guard('semanticTokens', { data: [] }, (p) => s.service.semanticTokens(s.key(p.textDocument.uri))),
  );
  s.connection.onRequest(
    DocumentFormattingRequest.type,
    s.guard('formatting', [], (p) => s.service.format(s.key(p.textDocument.uri), p.options)),
  );
  s.connection.onRequest(
    CodeActionRequest.type,
    s.guard('codeAction', [], (p) =>
      s.service.codeActions(s.key(p.textDocument.uri), p.range, p.context.only).map((a) => {
        // a command's argument names files by the server's keys: back to the client's spelling
        if (a.command?.arguments) {
          const args = a.command.arguments.map((x: { uri?: string; candidates?: { file: string }[] }) => ({
            ...x,
            ...(x.uri ? { uri: s.out(x.uri) } : {}),
            ...(x.candidates ? { candidates: x.candidates.map((c) => ({ ...c, file: s.out(c.file) })) } : {}),
          }));
          return { ...a, command: { ...a.command, arguments: args } };
        }
        if (!a.edit?.changes) return a;
        const changes: Record<string, (typeof a.edit.changes)[string]> = {};
        for (const [u, edits] of Object.entries(a.edit.changes)) changes[s.out(u)] = edits;
        return { ...a, edit: { changes } };
      }),
    ),
  );
  s.connection.onRequest(
    CodeLensRequest.type,
    s.guard('codeLens', [], (p) =>
      s.service.codeLenses(s.key(p.textDocument.uri)).map((l) => ({
        ...l,
        command: l.command && {
          ...l.command,
          arguments: l.command.arguments?.map((a: { uri: string }) => ({ ...a, uri: s.out(a.uri) })),
        },
      })),
    ),
  );
  s.connection.onRequest(
    InlayHintRequest.type,
    s.guard('inlayHint', [], (p) => s.service.inlayHints(s.key(p.textDocument.uri), p.range, s.settings.inlayHints)),
  );
}
