// Runs inside the odds webview (a browser page under a strict CSP): reads the
// Monte Carlo result from the inert JSON element and draws three Chart.js
// charts in the theme's colours, redrawn when the theme changes.

import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import { winsPhrase } from '../../common/outcome-words.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

interface Proportion {
  count: number;
  p: number;
  ci95: [number, number];
}
interface Result {
  encounter: string;
  runs: number;
  sides: ({ side: string } & Proportion)[];
  stalemate: Proportion;
  draw: Proportion;
  rounds: { histogram: number[] };
  /** Per-combatant rows: one field per counter key. */
  combatants: ({ id: string; side: string } & Record<string, Proportion>)[];
  /** The system's counters: the chances are charted per combatant. */
  counters: { key: string; label: string; kind: 'chance' | 'mean' | 'left' }[];
}

const data = JSON.parse(document.getElementById('odds-data')!.textContent!) as Result;

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v || fallback;
}

interface Theme {
  fg: string;
  grid: string;
  series: string[];
  font: string;
}
function theme(): Theme {
  return {
    fg: cssVar('--vscode-foreground', '#cccccc'),
    grid: cssVar('--vscode-editorWidget-border', cssVar('--vscode-panel-border', 'rgba(128,128,128,0.35)')),
    series: [
      cssVar('--vscode-charts-blue', '#3794ff'),
      cssVar('--vscode-charts-red', '#f14c4c'),
      cssVar('--vscode-charts-green', '#89d185'),
      cssVar('--vscode-charts-yellow', '#cca700'),
      cssVar('--vscode-charts-purple', '#b180d7'),
      cssVar('--vscode-charts-orange', '#d18616'),
    ],
    font: cssVar('--vscode-font-family', 'sans-serif'),
  };
}

/** Draws each bar's 95% interval as a whisker (horizontal bars: along x). */
const whiskers: Plugin<'bar'> = {
  id: 'aces-ci',
  afterDatasetsDraw(chart) {
    const ctx = chart.ctx;
    chart.data.datasets.forEach((ds, di) => {
      const cis = (ds as unknown as { ci?: ([number, number] | null)[] }).ci;
      const meta = chart.getDatasetMeta(di);
      if (!cis || meta.hidden) return;
      const x = chart.scales.x;
      ctx.save();
      ctx.strokeStyle = cssVar('--vscode-foreground', '#ccc');
      ctx.lineWidth = 1.5;
      meta.data.forEach((bar, i) => {
        const ci = cis[i];
        if (!ci) return;
        const y = (bar as unknown as { y: number }).y;
        const lo = x.getPixelForValue(ci[0] * 100),
          hi = x.getPixelForValue(ci[1] * 100);
        ctx.beginPath();
        ctx.moveTo(lo, y);
        ctx.lineTo(hi, y);
        ctx.moveTo(lo, y - 5);
        ctx.lineTo(lo, y + 5);
        ctx.moveTo(hi, y - 5);
        ctx.lineTo(hi, y + 5);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

const charts: Chart[] = [];
let renders = 0;

function percentAxis(t: Theme, max = 100) {
  return { min: 0, max, grid: { color: t.grid }, ticks: { color: t.fg, callback: (v: string | number) => `${v}%` } };
}

function draw(): void {
  for (const c of charts.splice(0)) c.destroy();
  const t = theme();
  Chart.defaults.color = t.fg;
  Chart.defaults.font.family = t.font;
  Chart.defaults.animation = false;

  const outcomes = [
    ...data.sides.map((s) => ({ label: winsPhrase(s.side), p: s as Proportion })),
    ...(data.stalemate.count ? [{ label: 'stalemate', p: data.stalemate }] : []),
    ...(data.draw.count ? [{ label: 'draw', p: data.draw }] : []),
  ];
  const win: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: outcomes.map((o) => o.label),
      datasets: [
        {
          label: 'chance (95% CI)',
          data: outcomes.map((o) => o.p.p * 100),
          backgroundColor: outcomes.map((_, i) => t.series[i % t.series.length]),
          ci: outcomes.map((o) => o.p.ci95),
        } as never,
      ],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      scales: { x: percentAxis(t), y: { grid: { display: false }, ticks: { color: t.fg } } },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (c) => {
              const o = outcomes[c.dataIndex].p;
              return `${(o.p * 100).toFixed(1)}% (95% CI ${(o.ci95[0] * 100).toFixed(1)}–${(o.ci95[1] * 100).toFixed(1)}%)`;
            },
          },
        },
      },
    },
    plugins: [whiskers],
  };
  charts.push(new Chart(document.getElementById('win') as HTMLCanvasElement, win));

  const h = data.rounds.histogram;
  let first = h.findIndex((v) => v > 0);
  if (first < 0) first = 0;
  let last = h.length - 1;
  while (last > first && !h[last]) last--;
  const labels: string[] = [];
  const counts: number[] = [];
  for (let r = first; r <= last; r++) {
    labels.push(String(r));
    counts.push(((h[r] ?? 0) / Math.max(1, data.runs)) * 100);
  }
  charts.push(
    new Chart(document.getElementById('rounds') as HTMLCanvasElement, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            label: 'combats ending in this round',
            data: counts,
            backgroundColor: t.series[0],
            barPercentage: 1,
            categoryPercentage: 0.95,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { title: { display: true, text: 'round', color: t.fg }, grid: { display: false }, ticks: { color: t.fg } },
          y: {
            ...percentAxis(t, undefined as unknown as number),
            max: undefined,
            title: { display: true, text: 'of combats', color: t.fg },
          },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: { label: (c) => `${(c.parsed.y ?? 0).toFixed(1)}% of combats end in round ${c.label}` },
          },
        },
      },
    }),
  );

  const cs = data.combatants;
  charts.push(
    new Chart(document.getElementById('combatants') as HTMLCanvasElement, {
      type: 'bar',
      data: {
        labels: cs.map((c) => `${c.id} (${c.side})`),
        datasets: data.counters
          .filter((k) => k.kind === 'chance')
          .map(
            (k, i) =>
              ({
                label: k.label,
                data: cs.map((c) => c[k.key].p * 100),
                backgroundColor: t.series[[3, 1, 2, 0][i % 4]],
                ci: cs.map((c) => c[k.key].ci95),
              }) as never,
          ),
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: percentAxis(t), y: { grid: { display: false }, ticks: { color: t.fg } } },
        plugins: { legend: { labels: { color: t.fg } } },
      },
      plugins: [whiskers],
    }),
  );
  const tall = document.querySelector('.chart.tall') as HTMLElement | null;
  if (tall) tall.style.height = `${Math.max(160, 40 + cs.length * 44)}px`;
  document.body.dataset.rendered = String(charts.length);
  document.body.dataset.renders = String(++renders);
}

// Replay buttons: the extension opens the fight with that seed in step-through (client/odds.ts).
declare function acquireVsCodeApi(): { postMessage(m: unknown): void };
const vscodeApi = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
for (const b of document.querySelectorAll<HTMLButtonElement>('button.replay')) {
  b.addEventListener('click', () => vscodeApi?.postMessage({ type: 'replay', seed: Number(b.dataset.seed) }));
}

draw();
// VS Code toggles vscode-light / vscode-dark / vscode-high-contrast on <body> when the theme changes.
new MutationObserver(draw).observe(document.body, { attributes: true, attributeFilter: ['class'] });
