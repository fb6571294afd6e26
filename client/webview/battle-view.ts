// Runs inside the battle map webview (a browser page under a strict CSP): each
// step of the fight posts the redrawn body, swapped in place so the page keeps
// its scroll position (no reload, no flicker). The body is built and escaped by
// the extension (client/core/battleHtml.ts); nothing here reads user text.
// "ready" asks for the latest body: a step taken while the page was loading
// would otherwise be missed.

declare function acquireVsCodeApi(): { postMessage(m: unknown): void };

const main = document.getElementById('battle');
window.addEventListener('message', (ev: MessageEvent<{ type?: string; body?: unknown }>) => {
  const m = ev.data;
  if (main && m?.type === 'draw' && typeof m.body === 'string') main.innerHTML = m.body;
});
acquireVsCodeApi().postMessage({ type: 'ready' });
