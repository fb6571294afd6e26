// The battle map webview's page (issue 13 item 8, issue 14 item 7): the drawn
// board of a stepped fight, the round, and a table of the combatants (from the
// system's FightSnapshot when it has one, else from the board's tokens). A
// strict Content-Security-Policy: no remote content, the stylesheet from the
// extension, the one script by this page's nonce. Pure: no `vscode` import.

import type { BoardPicture, FightSnapshot } from '../../model/system.js';
import { battleSvg, columnName } from './battle-svg.js';
import { escapeHtml as esc, pageHead, type PageAssets } from './webview-page.js';

/** What the page shows now: everything a redraw needs. */
export interface BattleState {
  encounter: string;
  /** The encounter's side names, in the order the picture's `side` indexes them. */
  sides: readonly string[];
  seed: number;
  round: number;
  /** "side turn 3 · Ryn", the small step's name and count. */
  step?: string;
  /** The outcome in a few words once the fight is over. */
  outcome?: string;
  picture: BoardPicture | undefined;
  snapshot?: FightSnapshot;
}

export interface BattlePage extends BattleState, PageAssets {
  file: string;
}

const sideClass = (i: number) => `side-${((i % 6) + 6) % 6}`;

function combatantTable(s: BattleState): string {
  const snap = s.snapshot;
  if (snap?.combatants.length) {
    const rows = snap.combatants.map((c) => {
      const i = s.sides.indexOf(c.side);
      const meters = c.meters.map((m) => `${m.label} ${m.value}${m.max !== undefined ? `/${m.max}` : ''}`).join(' · ');
      return `<tr${c.out ? ' class="out"' : ''}><th scope="row">${esc(c.name)}</th><td><span class="swatch ${sideClass(Math.max(0, i))}"></span>${esc(c.side)}</td><td>${esc(c.where ?? '')}</td><td>${esc(meters)}</td><td>${esc(c.statuses.join(', '))}</td><td class="details">${c.details.map(esc).join('<br>')}</td></tr>`;
    });
    return `<table class="who"><thead><tr><th>combatant</th><th>side</th><th>where</th><th>meters</th><th>statuses</th><th>details</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }
  const p = s.picture;
  if (!p?.tokens.length) return '';
  const rows = (p.tokens as (BoardPicture['tokens'][number] & { x?: number; y?: number; zone?: string })[]).map((t) => {
    const where = t.offMap
      ? 'off the map'
      : (t.zone ?? (t.x !== undefined && t.y !== undefined ? `${columnName(t.x)}${t.y + 1}` : ''));
    return `<tr${t.out ? ' class="out"' : ''}><th scope="row">${esc(t.name)}</th><td><span class="swatch ${sideClass(t.side)}"></span>${esc(s.sides[t.side] ?? `side ${t.side + 1}`)}</td><td>${esc(where)}</td><td>${esc(t.note ?? '')}</td></tr>`;
  });
  return `<table class="who"><thead><tr><th>combatant</th><th>side</th><th>where</th><th>state</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The part of the page a step redraws (the script swaps it in without reloading the page). */
export function battleBody(s: BattleState): string {
  const round = s.snapshot?.round ?? s.round;
  const meta = [
    `round ${round}`,
    ...(s.step ? [s.step] : []),
    `seed ${s.seed}`,
    ...(s.outcome ? [`over: ${s.outcome}`] : []),
  ].join(' · ');
  const legend = s.sides.map((side, i) => `<span class="swatch ${sideClass(i)}"></span>${esc(side)}`).join(' ');
  const map = s.picture
    ? `<div class="map">${battleSvg(s.picture, s.snapshot)}</div>`
    : '<p class="empty">This system draws no board.</p>';
  return `<p class="meta" id="where">${esc(meta)}</p>
<p class="legend">${legend} <span class="key move">move</span> <span class="key attack">attack</span></p>
${map}
<h2>Combatants</h2>
${combatantTable(s) || '<p class="empty">No combatants yet.</p>'}`;
}

/** The whole page, first shown or reloaded (a hidden panel is rebuilt from it). */
export function battleHtml(o: BattlePage): string {
  return `${pageHead({ cspSource: o.cspSource, nonce: o.nonce, styleUri: o.styleUri, title: `Battle map: ${o.encounter}` })}
<body>
<header>
<h1>Battle map — ${esc(o.encounter)}</h1>
<p class="meta">${esc(o.file)}</p>
</header>
<main id="battle">${battleBody(o)}</main>
<script nonce="${o.nonce}" src="${esc(o.scriptUri)}"></script>
</body>
</html>`;
}
