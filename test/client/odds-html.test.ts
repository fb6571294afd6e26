import assert from 'node:assert/strict';
import { contentSecurityPolicy, inertJson, oddsHtml } from '../../client/core/oddsHtml.js';
import { makeNonce } from '../../client/core/webview-page.js';
import { HA_COUNTERS, monteCarloSync } from '../../systems/halcyon-aces/engine/montecarlo.js';
import { checkText } from '../helpers.js';

const enc = checkText(`character Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 }
character "Thug</script><img src=x>" { heart 1 body 2 mind 1 spirit 1 vitality 8 }
encounter "A & B" { side heroes { Kael } side thugs { "Thug</script><img src=x>" x2 } }`).model.encounters[0];

describe('client: the odds webview page', () => {
  const result = monteCarloSync(enc, { runs: 300, seed: 3 });
  const nonce = makeNonce((n) => new Uint8Array(n).map((_, i) => i * 7));
  const html = oddsHtml({
    result,
    counters: HA_COUNTERS,
    file: 'a.aces',
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    scriptUri: 'https://x/odds-view.js',
    styleUri: 'https://x/odds-view.css',
    nonce,
  });

  it('has a strict CSP: nothing by default, scripts only with the nonce, no inline styles, no remote hosts', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1];
    assert.equal(csp, contentSecurityPolicy('https://file+.vscode-resource.vscode-cdn.net', nonce));
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${nonce}'(;|$)`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*|http:/);
    // every executable script carries the nonce; the data block is inert JSON
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 2);
    for (const s of scripts) assert.ok(s.includes(`nonce="${nonce}"`) || s.includes('type="application/json"'), s);
    assert.doesNotMatch(html, /style="/);
    assert.equal(nonce.length, 32);
    assert.match(nonce, /^[A-Za-z0-9]+$/);
  });

  it('escapes names in markup and keeps the data block closed', () => {
    assert.ok(!html.includes('<img src=x>'));
    assert.ok(html.includes('Thug&lt;/script&gt;&lt;img src=x&gt; 1'));
    assert.equal(html.match(/<\/script>/g)!.length, 2);
    const data = /<script type="application\/json" id="odds-data">(.*?)<\/script>/s.exec(html)![1];
    assert.deepEqual(JSON.parse(data), JSON.parse(JSON.stringify({ ...result, counters: HA_COUNTERS })));
    assert.equal(inertJson('</script><!--'), '"\\u003c/script\\u003e\\u003c!--"');
  });

  it("writes the figures as a table: each side's chance and interval, each combatant's Broken/Defeated", () => {
    for (const s of result.sides) assert.ok(html.includes(`${(s.p * 100).toFixed(1)}%`));
    assert.equal(
      (html.match(/<tr><th scope="row">/g) ?? []).length,
      result.sides.length + (result.stalemate.count ? 1 : 0) + (result.draw.count ? 1 : 0) + result.combatants.length,
    );
    assert.ok(html.includes('300 combats'));
  });

  it('issue 14: a button per sampled fight, carrying the seed that replays it (no inline handler under the CSP)', () => {
    assert.ok(result.examples.length > 0);
    for (const x of result.examples) assert.ok(html.includes(`data-seed="${x.seed}"`), String(x.seed));
    assert.equal((html.match(/<button type="button" class="replay"/g) ?? []).length, result.examples.length);
    assert.doesNotMatch(html, /onclick=/i);
  });

  it("shows the server's verdict line as is, escaped (issue 34 item 4: the client never composes it)", () => {
    const text = 'hard (a grind: 18.0 rounds on average) — party <wins> 49.8%';
    const page = oddsHtml({
      result: { ...result, verdict: { ...result.verdict!, text } } as never,
      counters: HA_COUNTERS,
      file: 'a.aces',
      cspSource: 'x',
      scriptUri: 'https://x/odds-view.js',
      styleUri: 'https://x/odds-view.css',
      nonce,
    });
    assert.match(
      page,
      /<p class="verdict" id="verdict"><strong>Verdict:<\/strong> hard \(a grind: 18\.0 rounds on average\) — party &lt;wins&gt; 49\.8%<\/p>/,
    );
    assert.doesNotMatch(html, /id="verdict"/, "no verdict line without the server's text");
  });
});
