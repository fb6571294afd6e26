// The sweep webview's page ("Sweep a number of this encounter…", issue 14 item 2): each side's win chance against
// the number swept, as a curve (client/webview/sweep-view.ts, Chart.js) and as a table of the same figures, under
// the odds view's strict Content-Security-Policy and look. Pure: no `vscode` import.

import type { SweepReply } from '../../protocol/lsp-ext.js';
import { inertJson } from './oddsHtml.js';
import { escapeHtml, pageHead, type PageAssets } from './webview-page.js';
import { winsPhrase } from '../../common/outcome-words.js';

export type SweepResult = Extract<SweepReply, { rows: unknown }>;

export interface SweepPage extends PageAssets {
  result: SweepResult;
  file: string;
  /** Milliseconds the sweep took. */
  elapsedMs?: number;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The page: the curve, then the table (readable without the chart, and by screen readers). */
export function sweepHtml(o: SweepPage): string {
  const r = o.result;
  const label = `${r.block} ${r.attr}`;
  const sides = r.rows.find((x) => x.sides)?.sides?.map((s) => s.side) ?? [];
  const rows = r.rows
    .map((x) =>
      x.sides
        ? `<tr><th scope="row" class="num">${x.value}</th>${x.sides.map((s) => `<td class="num">${pct(s.p)} <span class="ci">(${pct(s.ci95[0])} – ${pct(s.ci95[1])})</span></td>`).join('')}<td class="num">${pct(x.stalemate!.p)}</td><td class="num">${x.meanRounds?.toFixed(1) ?? ''}</td><td>${escapeHtml(x.verdict ?? '')}</td></tr>`
        : `<tr><th scope="row" class="num">${x.value}</th><td colspan="${sides.length + 3}" class="meta">not run: ${escapeHtml(x.error ?? '')}</td></tr>`,
    )
    .join('');
  const around = r.written !== undefined ? ` · stepped through the ${r.written} written` : '';
  return `${pageHead({ cspSource: o.cspSource, nonce: o.nonce, styleUri: o.styleUri, title: `Sweep: ${r.encounter}` })}
<body>
<header>
<h1>Sweep — ${escapeHtml(r.encounter)}: ${escapeHtml(label)}</h1>
<p class="meta">${escapeHtml(o.file)} · ${r.runs.toLocaleString('en-US')} combats per value, the same seeds for every value (from ${r.seed})${around}${o.elapsedMs !== undefined ? ` · ${(o.elapsedMs / 1000).toFixed(1)} s` : ''} · 95% Wilson intervals</p>
</header>
<section aria-labelledby="h-curve">
<h2 id="h-curve">Who wins, by ${escapeHtml(label)}</h2>
<div class="chart"><canvas id="curve" role="img" aria-label="${escapeHtml(`Each side's chance to win against ${label}, with 95% intervals`)}"></canvas></div>
<table class="figures" id="sweep-table"><thead><tr><th>${escapeHtml(label)}</th>${sides.map((s) => `<th>${escapeHtml(winsPhrase(s))}</th>`).join('')}<th>stalemate</th><th>rounds</th><th>verdict</th></tr></thead><tbody>${rows}</tbody></table>
</section>
<script type="application/json" id="sweep-data">${inertJson(r)}</script>
<script nonce="${o.nonce}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>`;
}
