// The battle map as SVG (issue 13 item 8, issue 14 item 7): one token per
// combatant, arrows for the last step, squares vs pointy hexes, zones with
// edges and one-way drops, every user name escaped, no colour of its own, and
// the same picture drawn to the same bytes.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { BoardPicture, FightSnapshot } from '../../model/system.js';
import { battleSvg, columnName, zoneLayers } from '../../client/core/battle-svg.js';
import { battleBody, battleHtml } from '../../client/core/battleHtml.js';
import { CombatSession } from '../../model/session.js';
import { checkFiles } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';

const grid = (shape: 'square' | 'hex'): BoardPicture => ({
  kind: 'grid',
  shape,
  width: 4,
  height: 3,
  terrain: [
    { x: 1, y: 1, kind: 'obstacle' },
    { x: 2, y: 0, kind: 'height 2' },
    { x: 3, y: 2, kind: 'difficult' },
  ],
  tokens: [
    { name: 'Ryn', initials: 'Ry', side: 0, out: false, x: 0, y: 0, facing: 90, note: 'stress 1/6' },
    { name: 'Raider 1', initials: 'R1', side: 1, out: false, x: 3, y: 0, facing: 270, note: 'health 2/3' },
    { name: 'Raider 2', initials: 'R2', side: 1, out: true, x: 2, y: 2, note: 'health 0/3' },
  ],
  arrows: [
    { kind: 'move', from: [0, 1], to: [0, 0], by: 'Ryn' },
    { kind: 'attack', from: [0, 0], to: [3, 0], by: 'Ryn', target: 'Raider 1' },
  ],
});

const zones: BoardPicture = {
  kind: 'zones',
  zones: [{ name: 'road' }, { name: 'trees' }, { name: 'ridge', note: 'height 30ft' }, { name: 'island' }],
  edges: [
    { from: 'road', to: 'trees' },
    { from: 'trees', to: 'ridge' },
    { from: 'ridge', to: 'road', oneWay: true, height: 30 },
  ],
  tokens: [
    { name: 'Kael', initials: 'Ka', side: 0, out: false, zone: 'road', note: 'Vitality 20/24' },
    { name: 'Archer', initials: 'Ar', side: 1, out: false, zone: 'ridge' },
    { name: 'Cutpurse', initials: 'Cu', side: 1, out: true, zone: 'road' },
  ],
  arrows: [
    { kind: 'move', from: 'trees', to: 'road', by: 'Kael' },
    { kind: 'attack', from: 'ridge', to: 'road', by: 'Archer', target: 'Kael' },
  ],
};

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

describe('client: the battle map as SVG', () => {
  it('TG-G1: a square grid draws every square, one token per combatant with its initials, a facing tick for the standing, a cross for the fallen', () => {
    const svg = battleSvg(grid('square'));
    assert.equal(count(svg, /<rect class="cell"/g), 12);
    assert.equal(count(svg, /<g class="token /g), 3);
    assert.match(svg, /<g class="token side-0" data-name="Ryn">/);
    assert.match(svg, /<g class="token side-1 out" data-name="Raider 2">.*?<path class="cross"/);
    assert.equal(count(svg, /class="facing"/g), 2, 'the fallen token has no facing tick');
    assert.match(svg, />Ry<\/text>/);
    assert.match(svg, /<title>Ryn — stress 1\/6<\/title>/);
    assert.equal(count(svg, /<polygon/g), 0);
    // Ryn faces east (90°): the tick leaves his circle to the right, on his row
    const tick = /class="facing" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/.exec(svg)!;
    assert.ok(Number(tick[3]) > Number(tick[1]) && tick[2] === tick[4], tick[0]);
  });

  it('TG-G2: a hex grid draws pointy-top hexes, odd rows shifted right by half a hex', () => {
    const svg = battleSvg(grid('hex'));
    assert.equal(count(svg, /<polygon class="cell"/g), 12);
    assert.equal(count(svg, /<rect class="cell"/g), 0);
    const polys = [...svg.matchAll(/<polygon class="cell" points="([^"]+)"/g)].map((m) =>
      m[1].split(' ').map((p) => p.split(',').map(Number)),
    );
    // pointy top: the first corner is straight above the centre
    const [top, , , bottom] = polys[0];
    assert.equal(top[0], bottom[0]);
    assert.ok(top[1] < bottom[1]);
    // (0, 1) sits half a hex right of (0, 0)
    const w = polys[1][0][0] - polys[0][0][0];
    assert.ok(
      Math.abs(polys[4][0][0] - polys[0][0][0] - w / 2) < 0.02,
      `${polys[4][0][0]} vs ${polys[0][0][0]} + ${w / 2}`,
    );
  });

  it('terrain is shaded by class (one per kind, a level shows its number); arrows: moves dashed by class, attacks with their own marker', () => {
    const svg = battleSvg(grid('square'));
    assert.match(svg, /<g class="t-obstacle"><title>b2: obstacle<\/title>/);
    assert.match(svg, /<g class="t-height"><title>c1: height 2<\/title>.*?<text class="level"[^>]*>2<\/text>/);
    assert.match(svg, /<g class="t-difficult">/);
    assert.match(
      svg,
      /<path class="arrow move" d="[^"]+" marker-end="url\(#ah-move\)"><title>Ryn moves: a2 → a1<\/title>/,
    );
    assert.match(
      svg,
      /<path class="arrow attack" d="[^"]+" marker-end="url\(#ah-attack\)"><title>Ryn attacks Raider 1: a1 → d1<\/title>/,
    );
    assert.match(svg, /<marker id="ah-move"/);
    assert.match(svg, /<marker id="ah-attack"/);
  });

  it('no colour of its own: every fill and stroke comes from the stylesheet (the theme)', () => {
    for (const p of [grid('square'), grid('hex'), zones]) {
      const svg = battleSvg(p);
      assert.doesNotMatch(svg, /#[0-9a-f]{3,6}\b|rgb\(|fill="|stroke="|style=/i);
    }
  });

  it('HA-Z1 HA-F2: zones are boxes in layers, adjacency as lines, a one-way drop as an arrow labelled with its height, tokens inside their zone', () => {
    // road first; trees and ridge one step away (the drop counts either way); the island, unreachable, after them
    assert.deepEqual(zoneLayers(zones as Extract<BoardPicture, { kind: 'zones' }>), [
      ['road'],
      ['trees', 'ridge'],
      ['island'],
    ]);
    const svg = battleSvg(zones);
    assert.equal(count(svg, /<g class="zone" /g), 4);
    assert.equal(count(svg, /<path class="edge" /g), 2);
    assert.match(svg, /<path class="edge one-way" d="[^"]+" marker-end="url\(#ah-drop\)"\/>/);
    assert.match(svg, /<text class="drop-label"[^>]*>⇣ 30 ft<\/text>/);
    // drawn over the zones (a box near it never hides it)
    assert.ok(
      svg.indexOf('class="drop-label"') > svg.lastIndexOf('<g class="zone" '),
      'the drop labels come after the zones',
    );
    assert.match(svg, /<title>ridge ⇣ road \(30 ft, one way\)<\/title>/);
    assert.equal(count(svg, /<g class="token /g), 3);
    assert.match(svg, /<title>Archer attacks Kael: ridge → road<\/title>/);
    assert.match(svg, /<title>Kael moves: trees → road<\/title>/);
    // Kael's token is inside the road's box
    const box = /<g class="zone" data-zone="road">.*?<rect x="([\d.]+)" y="([\d.]+)" width="(\d+)" height="([\d.]+)"/
      .exec(svg)!
      .slice(1)
      .map(Number);
    const kael = /data-name="Kael">.*?<circle cx="([\d.]+)" cy="([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    assert.ok(
      kael[0] > box[0] && kael[0] < box[0] + box[2] && kael[1] > box[1] && kael[1] < box[1] + box[3],
      `${kael} in ${box}`,
    );
  });

  it('HA-Z1: an edge between two zones of one column with another between them bows out beside the column, never through the zone between (archer-ambush: the east trees and the ridge, the west trees between)', () => {
    const p: BoardPicture = {
      kind: 'zones',
      zones: [{ name: 'road' }, { name: 'east' }, { name: 'west' }, { name: 'ridge' }],
      edges: [
        { from: 'road', to: 'east' },
        { from: 'road', to: 'west' },
        { from: 'east', to: 'ridge' },
        { from: 'ridge', to: 'road', oneWay: true, height: 30 },
      ],
      tokens: [],
      arrows: [],
    };
    assert.deepEqual(zoneLayers(p as Extract<BoardPicture, { kind: 'zones' }>), [['road'], ['east', 'west', 'ridge']]);
    const svg = battleSvg(p);
    const rect = (z: string) =>
      /<rect x="([\d.]+)" y="([\d.]+)" width="(\d+)" height="([\d.]+)"/
        .exec(svg.slice(svg.indexOf(`data-zone="${z}"`)))!
        .slice(1)
        .map(Number);
    const [wx, wy, ww, wh] = rect('west');
    const edge =
      /<path class="edge" d="M([\d.]+),([\d.]+) Q([\d.]+),([\d.]+) ([\d.]+),([\d.]+)"><title>east — ridge<\/title>/.exec(
        svg,
      );
    assert.ok(edge, 'east — ridge is a curve');
    const [sx, sy, qx, qy, tx, ty] = edge!.slice(1).map(Number);
    // sample the curve: no point of it inside the west trees' box
    for (let k = 0; k <= 40; k++) {
      const u = k / 40,
        x = (1 - u) ** 2 * sx + 2 * u * (1 - u) * qx + u * u * tx,
        y = (1 - u) ** 2 * sy + 2 * u * (1 - u) * qy + u * u * ty;
      assert.ok(!(x > wx && x < wx + ww && y > wy && y < wy + wh), `(${x}, ${y}) inside west ${[wx, wy, ww, wh]}`);
    }
    // within the picture, and the straight edges stay straight
    const width = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)![1]);
    assert.ok(qx / 2 + sx / 2 < width, `${qx} within ${width}`);
    assert.match(svg, /<path class="edge" d="M[\d.]+,[\d.]+ L[\d.]+,[\d.]+"><title>road — west<\/title>/);
  });

  it('a hostile name from a user file is escaped everywhere (tokens, zones, arrows, terrain, the table)', () => {
    const evil = '<img src=x onerror="alert(1)">';
    const g: BoardPicture = {
      kind: 'grid',
      shape: 'square',
      width: 2,
      height: 1,
      terrain: [{ x: 0, y: 0, kind: evil }],
      tokens: [{ name: evil, initials: '<b>', side: 0, out: false, x: 0, y: 0, note: evil }],
      arrows: [{ kind: 'attack', from: [0, 0], to: [1, 0], by: evil, target: evil }],
    };
    const z: BoardPicture = {
      kind: 'zones',
      zones: [{ name: evil, note: evil }, { name: 'b' }],
      edges: [{ from: evil, to: 'b', oneWay: true }],
      tokens: [{ name: evil, initials: evil, side: 0, out: false, zone: evil }],
      arrows: [{ kind: 'move', from: evil, to: 'b', by: evil }],
    };
    const snap: FightSnapshot = {
      round: 1,
      combatants: [
        {
          name: evil,
          side: evil,
          where: evil,
          meters: [{ label: evil, value: 1 }],
          statuses: [evil],
          details: [evil],
          out: false,
        },
      ],
    };
    for (const p of [g, z]) {
      const svg = battleSvg(p, snap);
      const page = battleHtml({
        encounter: evil,
        sides: [evil],
        seed: 1,
        round: 1,
        picture: p,
        snapshot: snap,
        file: evil,
        cspSource: 'vscode-resource:',
        scriptUri: 's.js',
        styleUri: 's.css',
        nonce: 'N',
      });
      for (const text of [svg, page]) {
        assert.doesNotMatch(text, /<img|<b>|onerror="/);
        assert.match(text, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
      }
    }
  });

  it('the same picture is drawn to the same bytes', () => {
    for (const p of [grid('square'), grid('hex'), zones]) assert.equal(battleSvg(structuredClone(p)), battleSvg(p));
  });

  it('TG-G1: columns are named as the log names squares (a … z, aa …)', () => {
    assert.deepEqual([0, 25, 26, 27, 51, 52].map(columnName), ['a', 'z', 'aa', 'ab', 'az', 'ba']);
  });
});

describe('client: the battle map page', () => {
  it('a strict CSP (no remote content; the script only by nonce), the round, a row per combatant from the snapshot', () => {
    const snap: FightSnapshot = {
      round: 2,
      combatants: [
        {
          name: 'Ryn',
          side: 'heroes',
          where: 'a1 facing east',
          meters: [{ label: 'stress', value: 1, max: 6 }],
          statuses: ['readied'],
          details: ['drive 2'],
          out: false,
        },
        {
          name: 'Raider 2',
          side: 'raiders',
          meters: [{ label: 'health', value: 0, max: 3 }],
          statuses: [],
          details: [],
          out: true,
        },
      ],
    };
    const html = battleHtml({
      encounter: 'Mill',
      sides: ['heroes', 'raiders'],
      seed: 7,
      round: 2,
      step: 'side turn 3',
      picture: grid('square'),
      snapshot: snap,
      file: 'mill.aces',
      cspSource: 'vscode-webview:',
      scriptUri: 'battle-view.js',
      styleUri: 'battle-view.css',
      nonce: 'abc123',
    });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-abc123'/);
    assert.doesNotMatch(csp, /https?:|'unsafe-inline'|'unsafe-eval'/);
    assert.equal(count(html, /<script /g), 1);
    assert.match(html, /<script nonce="abc123" src="battle-view.js">/);
    assert.doesNotMatch(html, /<style|style=/, 'styles only from the stylesheet');
    assert.match(html, /round 2 · side turn 3 · seed 7/);
    assert.match(
      html,
      /<tr><th scope="row">Ryn<\/th><td><span class="swatch side-0"><\/span>heroes<\/td><td>a1 facing east<\/td><td>stress 1\/6<\/td><td>readied<\/td><td class="details">drive 2<\/td><\/tr>/,
    );
    assert.match(html, /<tr class="out"><th scope="row">Raider 2<\/th>/);
  });

  it("without a snapshot the table lists the board's tokens; without a board it says so", () => {
    const body = battleBody({
      encounter: 'Mill',
      sides: ['heroes', 'raiders'],
      seed: 7,
      round: 1,
      picture: grid('square'),
    });
    assert.match(
      body,
      /<th scope="row">Raider 1<\/th><td><span class="swatch side-1"><\/span>raiders<\/td><td>d1<\/td><td>health 2\/3<\/td>/,
    );
    assert.match(battleBody({ encounter: 'x', sides: [], seed: 1, round: 0, picture: undefined }), /draws no board/);
  });
});

describe('client: a stepped fight drawn', () => {
  for (const [file, kind] of [
    ['samples/tactical-grid/mill-road.aces', 'grid'],
    ['samples/tactical-grid/crypt.aces', 'grid'],
    ['samples/archer-ambush.aces', 'zones'],
  ] as const) {
    it(`${file}: every step's picture has one token per combatant, drawn unless dead; arrows appear; the drawing is the same on a second run`, async () => {
      const abs = resolve(file);
      const r = checkFiles([abs], diskHost(process.cwd()));
      const enc = r.encountersByFile.get(abs)![0];
      const engine = await r.systemOf(abs)!.loadEngine();
      const draw = () => {
        const s = new CombatSession(engine, enc, 5);
        s.start();
        const svgs: string[] = [];
        let arrows = 0;
        while (!s.done) {
          s.step('turn');
          const p = s.boardPicture()!;
          assert.equal(p.kind, kind);
          assert.equal(p.tokens.length, enc.combatants.length);
          arrows += p.arrows.length;
          const svg = battleSvg(p);
          // every combatant is drawn, but the dead (TG-D3: they leave the map)
          assert.equal(count(svg, /<g class="token /g), p.tokens.filter((t) => !t.offMap).length);
          svgs.push(svg);
        }
        assert.ok(arrows > 0, 'some step moved or attacked');
        return svgs;
      };
      assert.deepEqual(draw(), draw());
    });
  }
});
