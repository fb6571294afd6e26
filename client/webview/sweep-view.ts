// Runs inside the sweep webview (a browser page under a strict CSP): reads the sweep from the inert JSON element and
// draws each side's win chance against the number swept (Chart.js lines, each point's 95% interval as a whisker), in
// the theme's colours, redrawn when the theme changes.

import { Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type Plugin } from 'chart.js';
import { winsPhrase } from '../../common/outcome-words.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

interface Row {
  value: number;
  sides?: { side: string; p: number; ci95: [number, number] }[];
  stalemate?: { p: number; ci95: [number, number] };
  error?: string;
}
interface Sweep {
  encounter: string;
  block: string;
  attr: string;
  written?: number;
  rows: Row[];
}

const data = JSON.parse(document.getElementById('sweep-data')!.textContent!) as Sweep;

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v || fallback;
}

/** Draws each point's 95% interval as a vertical whisker. */
const whiskers: Plugin<'line'> = {
  id: 'aces-sweep-ci',
  afterDatasetsDraw(chart) {
    const ctx = chart.ctx;
    chart.data.datasets.forEach((ds, di) => {
      const cis = (ds as unknown as { ci?: [number, number][] }).ci;
      const meta = chart.getDatasetMeta(di);
      if (!cis || meta.hidden) return;
      const y = chart.scales.y;
      ctx.save();
      ctx.strokeStyle = (ds.borderColor as string) ?? cssVar('--vscode-foreground', '#ccc');
      ctx.lineWidth = 1.5;
      meta.data.forEach((pt, i) => {
        const ci = cis[i];
        const x = (pt as unknown as { x: number }).x;
        const lo = y.getPixelForValue(ci[0] * 100),
          hi = y.getPixelForValue(ci[1] * 100);
        ctx.beginPath();
        ctx.moveTo(x, lo);
        ctx.lineTo(x, hi);
        ctx.moveTo(x - 4, lo);
        ctx.lineTo(x + 4, lo);
        ctx.moveTo(x - 4, hi);
        ctx.lineTo(x + 4, hi);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

let chart: Chart<'line'> | undefined;
let renders = 0;

function draw(): void {
  chart?.destroy();
  const fg = cssVar('--vscode-foreground', '#cccccc');
  const grid = cssVar('--vscode-editorWidget-border', cssVar('--vscode-panel-border', 'rgba(128,128,128,0.35)'));
  const series = [
    '--vscode-charts-blue',
    '--vscode-charts-red',
    '--vscode-charts-green',
    '--vscode-charts-yellow',
    '--vscode-charts-purple',
  ].map((v, i) => cssVar(v, ['#3794ff', '#f14c4c', '#89d185', '#cca700', '#b180d7'][i]));
  Chart.defaults.color = fg;
  Chart.defaults.font.family = cssVar('--vscode-font-family', 'sans-serif');
  Chart.defaults.animation = false;
  const run = data.rows.filter((r) => r.sides);
  const sides = run[0]?.sides?.map((s) => s.side) ?? [];
  const lines = [
    ...sides.map((side, k) => ({
      label: winsPhrase(side),
      pts: run.map((r) => ({ value: r.value, p: r.sides![k].p, ci: r.sides![k].ci95 })),
    })),
    ...(run.some((r) => r.stalemate!.p > 0)
      ? [{ label: 'stalemate', pts: run.map((r) => ({ value: r.value, p: r.stalemate!.p, ci: r.stalemate!.ci95 })) }]
      : []),
  ];
  chart = new Chart(document.getElementById('curve') as HTMLCanvasElement, {
    type: 'line',
    data: {
      datasets: lines.map(
        (l, i) =>
          ({
            label: l.label,
            data: l.pts.map((q) => ({ x: q.value, y: q.p * 100 })),
            borderColor: series[i % series.length],
            backgroundColor: series[i % series.length],
            pointRadius: 3,
            ci: l.pts.map((q) => q.ci),
          }) as never,
      ),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: {
          type: 'linear',
          title: { display: true, text: `${data.block} ${data.attr}`, color: fg },
          grid: { color: grid },
          ticks: { color: fg, precision: 0 },
        },
        y: {
          min: 0,
          max: 100,
          title: { display: true, text: 'chance', color: fg },
          grid: { color: grid },
          ticks: { color: fg, callback: (v: string | number) => `${v}%` },
        },
      },
      plugins: {
        legend: { labels: { color: fg } },
        tooltip: {
          callbacks: {
            label: (c) => {
              const q = lines[c.datasetIndex].pts[c.dataIndex];
              return `${lines[c.datasetIndex].label}: ${(q.p * 100).toFixed(1)}% (95% CI ${(q.ci[0] * 100).toFixed(1)}–${(q.ci[1] * 100).toFixed(1)}%)`;
            },
          },
        },
      },
    },
    plugins: [whiskers],
  });
  document.body.dataset.rendered = '1';
  document.body.dataset.renders = String(++renders);
}

draw();
// VS Code toggles vscode-light / vscode-dark / vscode-high-contrast on <body> when the theme changes.
new MutationObserver(draw).observe(document.body, { attributes: true, attributeFilter: ['class'] });
