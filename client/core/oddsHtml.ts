// The odds webview's page: a strict Content-Security-Policy (no remote content,
// scripts only with this page's nonce), the data as inert JSON, and the bundled
// view script (Chart.js inside). Pure: no `vscode` import.

import type { EncounterOdds, OddsDetail, OddsMean, OddsProportion } from '../../protocol/lsp-ext.js';
import { escapeHtml, pageHead, type PageAssets } from './webview-page.js';
import { winsPhrase } from '../../common/outcome-words.js';

export { contentSecurityPolicy, escapeHtml } from './webview-page.js';

type Row = OddsDetail['combatants'][number];
const chanceOf = (row: Row, key: string): OddsProportion => row[key] as OddsProportion;
const meanOf = (row: Row, key: string): OddsMean => row[key] as OddsMean;

export interface OddsPage extends PageAssets {
  /** The server's figures (`aces/encounterOdds` with `detail`). */
  result: OddsDetail;
  /** The system's per-combatant counters (labels and kinds), in column order. */
  counters: readonly EncounterOdds['counters'][number][];
  file: string;
  /** Milliseconds the simulation took. */
  elapsedMs?: number;
}

/** JSON safe inside a <script type="application/json"> element (no `</script>`, no HTML comment openers). */
export function inertJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** Buttons that open a sampled fight of each outcome in step-through (its seed replays it alone). */
function replaySection(r: OddsDetail): string {
  if (!r.examples?.length) return '';
  const buttons = r.examples
    .map(
      (x) =>
        `<button type="button" class="replay" data-seed="${x.seed}" title="Step through combat ${x.combat} of this batch (seed ${x.seed})">${escapeHtml(x.outcome)} · seed ${x.seed}</button>`,
    )
    .join(' ');
  return `<section aria-labelledby="h-replay">
<h2 id="h-replay">Replay a sampled fight</h2>
<p class="meta">Each opens that very fight in step-through (the same as <code>aces run … --seed N</code>).</p>
<p>${buttons}</p>
</section>`;
}

/** The page. Numbers are also written as a table, so the figures are readable without the charts (and by screen readers). */
export function oddsHtml(o: OddsPage): string {
  const r = o.result;
  const chances = o.counters.filter((k) => k.kind === 'chance');
  const rows = [
    ...r.sides.map((s) => ({ label: winsPhrase(s.side), p: s })),
    ...(r.stalemate.count ? [{ label: 'stalemate', p: r.stalemate }] : []),
    ...(r.draw.count ? [{ label: 'draw', p: r.draw }] : []),
  ];
  const table = rows
    .map(
      (x) =>
        `<tr><th scope="row">${escapeHtml(x.label)}</th><td class="num">${pct(x.p.p)}</td><td class="num ci">${pct(x.p.ci95[0])} – ${pct(x.p.ci95[1])}</td></tr>`,
    )
    .join('');
  const who = r.combatants
    .map(
      (c) =>
        `<tr><th scope="row">${escapeHtml(c.id)}</th><td>${escapeHtml(c.side)}</td>${o.counters
          .map(
            (k) =>
              `<td class="num">${k.kind === 'chance' ? pct(chanceOf(c, k.key).p) : meanOf(c, k.key).of === 0 ? '—' : meanOf(c, k.key).mean.toFixed(1)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `${pageHead({ cspSource: o.cspSource, nonce: o.nonce, styleUri: o.styleUri, title: `Odds: ${r.encounter}` })}
<body>
<header>
<h1>Odds — ${escapeHtml(r.encounter)}</h1>
<p class="meta">${escapeHtml(o.file)} · ${r.runs.toLocaleString('en-US')} combats · seed ${r.seed}${o.elapsedMs !== undefined ? ` · ${(o.elapsedMs / 1000).toFixed(1)} s` : ''} · 95% Wilson intervals</p>
</header>
<section aria-labelledby="h-win">
<h2 id="h-win">Who wins</h2>
<div class="chart"><canvas id="win" role="img" aria-label="Win probabilities with 95% confidence intervals"></canvas></div>
<table class="figures" id="win-table"><thead><tr><th>outcome</th><th>chance</th><th>95% CI</th></tr></thead><tbody>${table}</tbody></table>
${r.verdict?.text ? `<p class="verdict" id="verdict"><strong>Verdict:</strong> ${escapeHtml(r.verdict.text)}</p>` : ''}
</section>
${replaySection(r)}
<section aria-labelledby="h-rounds">
<h2 id="h-rounds">How long it lasts</h2>
<p class="meta">mean ${r.rounds.mean.toFixed(1)} rounds (sd ${r.rounds.sd.toFixed(1)}), from ${r.rounds.min} to ${r.rounds.max}; round cap ${r.roundCap}</p>
<div class="chart"><canvas id="rounds" role="img" aria-label="Histogram of the number of rounds"></canvas></div>
</section>
<section aria-labelledby="h-who">
<h2 id="h-who">Each combatant</h2>
<div class="chart tall"><canvas id="combatants" role="img" aria-label="${escapeHtml(`Chance of being ${chances.map((k) => k.label).join(' or ') || 'each outcome'}, per combatant`)}"></canvas></div>
<table class="figures" id="combatant-table"><thead><tr><th>combatant</th><th>side</th>${o.counters.map((k) => `<th>${escapeHtml(k.label)}</th>`).join('')}</tr></thead><tbody>${who}</tbody></table>
</section>
<script type="application/json" id="odds-data">${inertJson({ ...r, counters: o.counters })}</script>
<script nonce="${o.nonce}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>`;
}
