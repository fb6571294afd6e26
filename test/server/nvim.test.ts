// A second real editor: headless Neovim (the Debian `neovim` package) starts
// the server over stdio with its built-in LSP client, opens a sample, and
// writes back a diagnostic and a hover — proof the server is not tied to VS Code.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_MAIN } from './lsp-client.js';

const here = dirname(fileURLToPath(import.meta.url));
const INIT = join(here, '..', '..', '..', 'test', 'server', 'nvim', 'init.lua');

function hasNvim(): boolean {
  try {
    execFileSync('nvim', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('Neovim (headless) as an LSP client', function () {
  this.timeout(60_000);
  it('shows a diagnostic and an odds hover from the server, runs a Heart Rush encounter through it (aces/runEncounter) and a Run lens (workspace/executeCommand)', function () {
    if (!hasNvim()) {
      if (process.env.ACES_REQUIRE_NVIM) throw new Error('nvim is not installed (apt-get install -y neovim)');
      this.skip();
    }
    const dir = mkdtempSync(join(tmpdir(), 'aces-nvim-'));
    try {
      copyFileSync('samples/bestiary.aces', join(dir, 'bestiary.aces'));
      copyFileSync('samples/heart-rush/bestiary.aces', join(dir, 'hr-bestiary.aces'));
      const ford = readFileSync('samples/heart-rush/wolves-at-the-ford.aces', 'utf8').replace(
        'use "bestiary.aces"',
        'use "hr-bestiary.aces"',
      );
      writeFileSync(join(dir, 'ford.aces'), ford);
      const sample = readFileSync('samples/tavern-brawl.aces', 'utf8').replace(
        'wields Chair',
        'wields Chiar\n  guard 20',
      );
      writeFileSync(join(dir, 'tavern-brawl.aces'), sample);
      const lines = sample.split('\n');
      const hoverLine = lines.findIndex((l) => l.includes('wields Bottle'));
      const out = join(dir, 'out.txt');
      const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '--noplugin', '-u', INIT], {
        env: {
          ...process.env,
          ACES_NVIM_OUT: out,
          ACES_SERVER: SERVER_MAIN,
          ACES_FILE: join(dir, 'tavern-brawl.aces'),
          ACES_HOVER_LINE: String(hoverLine),
          ACES_HOVER_CHAR: String(lines[hoverLine].indexOf('Bottle') + 2),
          ACES_NODE: process.execPath,
          ACES_RUN_URI: pathToFileURL(join(dir, 'ford.aces')).href,
          ACES_RUN_ENCOUNTER: 'Wolves at the Ford',
          ACES_RUN_SEED: '7',
        },
        timeout: 50_000,
        encoding: 'utf8',
      });
      const got = readFileSync(out, 'utf8');
      assert.doesNotMatch(got, /lua-error|hover-error/, got + r.stderr);
      const chiar = lines.findIndex((l) => l.includes('wields Chiar'));
      assert.match(
        got,
        new RegExp(`diagnostic ${chiar}:9 unknown-name No weapon named 'Chiar'.*Did you mean 'Chair'`),
        got,
      );
      assert.match(got, new RegExp(`diagnostic ${chiar + 1}:2 HA-N2 Guard 20 differs from the rules'`), got);
      assert.match(got, /hover \*\*Bottle\*\* in Tess's hand/, got);
      assert.match(got, /hover \| Thug ×2 \(floor, Engaged\) \| \d+ \| \d+% · \d+% · \d+\.\d/, got);
      // the same log, line for line, as `aces run` prints after its two header lines
      const cli = execFileSync(process.execPath, ['bin/aces.js', 'run', join(dir, 'ford.aces'), '--seed', '7'], {
        encoding: 'utf8',
      })
        .trimEnd()
        .split('\n')
        .slice(2);
      const run = got
        .split('\n')
        .filter((l) => l.startsWith('run '))
        .map((l) => l.slice(4));
      assert.ok(run.length > 10, got);
      assert.deepEqual(run, cli);
      assert.match(got, /outcome (party|pack) won|outcome stalemate/);
      // the Run lens as Neovim runs it: the server offers the lens commands and runs them (workspace/executeCommand)
      assert.deepEqual(
        got.split('\n').filter((l) => l.startsWith('server-command ')),
        ['server-command aces.runEncounter', 'server-command aces.stepEncounter', 'server-command aces.previewOdds'],
      );
      // the brawl's file has an error (`wields Chiar`): its Run lens is refused like every run of an encounter with
      // errors (issue 34 item 1), answered null with a window message, never a fight with the boss unarmed
      assert.match(got, /^lens-error nil$/m, got);
      assert.doesNotMatch(got, /^lens-run /m, got);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
