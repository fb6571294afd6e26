// What every webview page of the extension shares (the odds view, the battle map): escaping, the strict
// content security policy (no remote content; styles and images from the extension, the one script by nonce)
// and the page's head. Pure: no `vscode` import.

/** Text safe in HTML or SVG (element content and quoted attributes). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What a page needs to load its bundled script and stylesheet under the policy (client/webview-panel.ts pageAssets). */
export interface PageAssets {
  /** `webview.cspSource`: where the bundled script and stylesheet may come from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  nonce: string;
}

/** 32 random characters from [A-Za-z0-9]: a page's script nonce. */
export function makeNonce(random: (n: number) => Uint8Array): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(random(32), (b) => abc[b % abc.length]).join('');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** `<!DOCTYPE html>` up to and including `</head>`: the policy, the stylesheet and the title. */
export function pageHead(o: { cspSource: string; nonce: string; styleUri: string; title: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(o.cspSource, o.nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
<title>${escapeHtml(o.title)}</title>
</head>`;
}
