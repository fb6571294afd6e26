// client/core/sweepHtml.ts: the sweep webview's page ("Sweep a number of this encounter…", issue 14 item 2).
import assert from 'node:assert/strict';
import { contentSecurityPolicy, makeNonce } from '../../client/core/webview-page.js';
import { sweepHtml, type SweepResult } from '../../client/core/sweepHtml.js';

const result: SweepResult = {
  encounter: 'A & B',
  block: 'Thug</script><img src=x>',
  attr: 'vitality',
  written: 10,
  runs: 2000,
  seed: 7,
  threads: 1,
  rows: [
    { value: 0, error: 'HA-N4: vitality must be 1 or more <b>' },
    {
      value: 10,
      sides: [
        { side: 'heroes', p: 0.625, ci95: [0.604, 0.646] },
        { side: 'thugs', p: 0.37, ci95: [0.349, 0.391] },
      ],
      stalemate: { p: 0.005, ci95: [0.002, 0.01] },
    },
    {
      value: 20,
      sides: [
        { side: 'heroes', p: 0.4, ci95: [0.379, 0.422] },
        { side: 'thugs', p: 0.6, ci95: [0.578, 0.621] },
      ],
      stalemate: { p: 0, ci95: [0, 0.002] },
    },
  ],
};

describe('client: the sweep webview page', () => {
  const nonce = makeNonce((n) => new Uint8Array(n).map((_, i) => i * 5));
  const html = sweepHtml({
    result,
    file: 'a.aces',
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    scriptUri: 'https://x/sweep-view.js',
    styleUri: 'https://x/odds-view.css',
    nonce,
    elapsedMs: 1234,
  });

  it("has the odds view's strict CSP: scripts only with the nonce, the data as inert JSON", () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1];
    assert.equal(csp, contentSecurityPolicy('https://file+.vscode-resource.vscode-cdn.net', nonce));
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 2);
    for (const s of scripts) assert.ok(s.includes(`nonce="${nonce}"`) || s.includes('type="application/json"'), s);
    assert.doesNotMatch(html, /style="/);
    const data = /<script type="application\/json" id="sweep-data">(.*?)<\/script>/s.exec(html)![1];
    assert.deepEqual(JSON.parse(data), result);
  });

  it('escapes names and errors in markup', () => {
    assert.ok(!html.includes('<img src=x>') && !html.includes('<b>'));
    assert.ok(html.includes('Thug&lt;/script&gt;&lt;img src=x&gt; vitality'));
    assert.ok(html.includes('A &amp; B'));
    assert.equal(html.match(/<\/script>/g)!.length, 2);
  });

  it("writes every value as a table row: each side's chance with its interval and the stalemate; a value not run says why", () => {
    const rows = [...html.matchAll(/<tr><th scope="row" class="num">(-?\d+)<\/th>(.*?)<\/tr>/g)];
    assert.deepEqual(
      rows.map((m) => Number(m[1])),
      [0, 10, 20],
    );
    assert.match(rows[0][2], /not run: HA-N4: vitality must be 1 or more &lt;b&gt;/);
    assert.match(rows[1][2], /62\.5% <span class="ci">\(60\.4% – 64\.6%\)<\/span>.*37\.0%.*0\.5%/);
    assert.match(html, /<th>heroes win<\/th><th>thugs win<\/th><th>stalemate<\/th>/);
    assert.match(
      html,
      /2,000 combats per value, the same seeds for every value \(from 7\) · stepped through the 10 written · 1\.2 s/,
    );
  });
});
