// The extension end to end, inside a real VS Code's extension host: the
// language server over IPC, diagnostics, hovers with odds, code lenses, Run,
// Step, Replay, Preview Odds (worker threads + webview) and a server restart.
// Every wait is on an event (diagnostics, client state, promises), never a sleep.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import type { AcesApi } from '../../../client/extension.js';

const EXT_ID = 'halcyon-aces.halcyon-aces';
const SAMPLE = 'archer-ambush.aces';
const ENCOUNTER = "Ambush on the King's Road";

/** Resolves with the first value of `get()` that passes, re-checking whenever `event` fires; rejects after `ms` with `what`. */
function when<T>(event: vscode.Event<unknown>, get: () => T | undefined, what: string, ms = 30000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const now = get();
    if (now !== undefined) return resolve(now);
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const sub = event(() => {
      const v = get();
      if (v !== undefined) {
        clearTimeout(timer);
        sub.dispose();
        resolve(v);
      }
    });
  });
}

const diagnosticsOf = (uri: vscode.Uri, pred: (d: readonly vscode.Diagnostic[]) => boolean, what: string) =>
  when(
    vscode.languages.onDidChangeDiagnostics,
    () => {
      const d = vscode.languages.getDiagnostics(uri);
      return pred(d) ? d : undefined;
    },
    what,
  ).catch((e: Error) => {
    throw new Error(
      `${e.message}; diagnostics now: ${JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => `${d.range.start.line + 1}: ${d.message}`))}`,
    );
  });

function hoverText(hs: vscode.Hover[]): string {
  return hs.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

function wordPosition(doc: vscode.TextDocument, lineText: RegExp, word: string): vscode.Position {
  for (let i = 0; i < doc.lineCount; i++) {
    const t = doc.lineAt(i).text;
    if (lineText.test(t)) return new vscode.Position(i, t.indexOf(word) + 1);
  }
  throw new Error(`no line ${lineText} in ${doc.uri.fsPath}`);
}

/** Undoes a test's edit (undo in the focused editor; an edit back if focus was elsewhere), leaving the file clean. */
async function restore(doc: vscode.TextDocument, line: number, text: string): Promise<void> {
  await vscode.window.showTextDocument(doc);
  await vscode.commands.executeCommand('undo');
  if (doc.lineAt(line).text !== text) {
    const ed = await vscode.window.showTextDocument(doc);
    await ed.edit((e) => e.replace(doc.lineAt(line).range, text));
  }
  if (doc.isDirty) await doc.save();
  assert.equal(doc.lineAt(line).text, text);
}

suite('Halcyon Aces in a real VS Code', () => {
  let api: AcesApi;
  let folder: vscode.Uri;
  let sample: vscode.TextDocument;
  let cliLog: (seed: number) => string;

  suiteSetup(async () => {
    folder = vscode.workspace.workspaceFolders![0].uri;
    sample = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, SAMPLE));
    await vscode.window.showTextDocument(sample);
    const ext = vscode.extensions.getExtension<AcesApi>(EXT_ID);
    assert.ok(ext, `${EXT_ID} is installed`);
    api = await ext.activate();
    await api.ready;
    // the CLI of the same checkout: the reference log
    cliLog = (seed) =>
      execFileSync(
        process.execPath,
        [path.join(ext.extensionPath, 'bin/aces.js'), 'run', sample.uri.fsPath, '--seed', String(seed)],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ELECTRON_RUN_AS_NODE: '1' } },
      )
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n');
    console.log(
      `    (VS Code ${vscode.version}, ${vscode.env.appName}, ext host Node ${process.version}, activation ${api.activationMs.toFixed(1)} ms)`,
    );
  });

  test('activates on .aces and starts the language server over IPC', async () => {
    assert.equal(sample.languageId, 'aces');
    assert.ok(api.server.client, 'client created');
    await api.server.whenState(State.Running);
    assert.equal(api.server.client!.state, State.Running);
    assert.ok(api.server.pid && api.server.pid !== process.pid, 'a separate server process');
    assert.match(api.server.status.text, /\$\(check\) Aces/);
  });

  test('diagnostics: a clean sample has none; an edit that breaks a rule gets one, undo clears it', async () => {
    const party = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'party.aces'));
    const editor = await vscode.window.showTextDocument(party);
    await diagnosticsOf(
      sample.uri,
      (d) => d.every((x) => x.severity !== vscode.DiagnosticSeverity.Error),
      'the sample to be free of errors',
    );
    const pos = wordPosition(party, /^\s*wields Longsword/, 'Longsword');
    const line = party.lineAt(pos.line);
    assert.ok(await editor.edit((e) => e.replace(line.range, '  wields Longswrod')));
    try {
      const ds = await diagnosticsOf(
        party.uri,
        (d) => d.some((x) => x.range.start.line === pos.line && x.severity === vscode.DiagnosticSeverity.Error),
        'an error on the misspelt weapon',
      );
      const bad = ds.find((x) => x.range.start.line === pos.line)!;
      assert.match(bad.message, /Longswrod/);
      assert.equal(typeof bad.code === 'object' ? bad.code.value : bad.code, 'unknown-name');
    } finally {
      await restore(party, pos.line, line.text);
    }
    await diagnosticsOf(
      party.uri,
      (d) => !d.some((x) => x.range.start.line === pos.line && x.severity === vscode.DiagnosticSeverity.Error),
      'the error to clear after undo',
    );
  });

  test('hover on a weapon shows its exact odds against the foes', async () => {
    const party = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'party.aces'));
    const pos = wordPosition(party, /^\s*wields Longsword/, 'Longsword');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', party.uri, pos);
    const text = hoverText(hovers);
    assert.match(text, /Longsword/);
    assert.match(text, /\d+%/, `odds in the hover:\n${text}`);
    console.log(`    hover: ${text.split('\n').slice(0, 3).join(' ⏎ ').slice(0, 160)}…`);
  });

  test('code lenses offer Run, Step and Odds and their commands work', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      sample.uri,
      10,
    );
    const ids = lenses.map((l) => l.command?.command);
    for (const id of ['aces.runEncounter', 'aces.stepEncounter', 'aces.previewOdds'])
      assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
    const run = lenses.find((l) => l.command?.command === 'aces.runEncounter')!.command!;
    const info = await vscode.commands.executeCommand<{ encounter: string; seed: number }>(
      run.command,
      ...(run.arguments ?? []),
    );
    assert.equal(info.encounter, ENCOUNTER);
    assert.equal(info.seed, 42); // the file's seed
  });

  test('Run Encounter writes the whole log for the seed, headed for replay, identical to `aces run`', async () => {
    await vscode.window.showTextDocument(sample);
    const info = await vscode.commands.executeCommand<{ seed: number; encounter: string }>('aces.runEncounter', {
      uri: sample.uri.toString(),
      encounter: ENCOUNTER,
      seed: 7,
    });
    assert.deepEqual({ seed: info.seed, encounter: info.encounter }, { seed: 7, encounter: ENCOUNTER });
    const log = api.combat.contents;
    const [h1, h2] = log.split('\n');
    assert.equal(h1, `# ${SAMPLE} — encounter "${ENCOUNTER}" — seed 7`);
    assert.equal(h2, `# replay: aces run ${SAMPLE} --encounter 'Ambush on the King'\\''s Road' --seed 7`);
    const body = log
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n');
    assert.match(body, /^Combat "Ambush on the King's Road", seed 7/);
    assert.match(body, /(Victory for \w+|Stalemate|Draw) /);
    assert.equal(body, cliLog(7));
  });

  test('the cursor picks the encounter, the setting gives the seed', async () => {
    const editor = await vscode.window.showTextDocument(sample);
    const line = sample
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('side party'));
    editor.selection = new vscode.Selection(line, 4, line, 4);
    const cfg = vscode.workspace.getConfiguration('aces');
    await cfg.update('run.defaultSeed', 1234, vscode.ConfigurationTarget.Global);
    try {
      const info = await vscode.commands.executeCommand<{ seed: number; encounter: string }>('aces.runEncounter');
      assert.deepEqual({ seed: info.seed, encounter: info.encounter }, { seed: 1234, encounter: ENCOUNTER });
      assert.ok(api.combat.contents.startsWith(`# ${SAMPLE} — encounter "${ENCOUNTER}" — seed 1234\n`));
    } finally {
      await cfg.update('run.defaultSeed', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('Step Through Encounter: three turns, then Run to End gives the whole log', async () => {
    await vscode.commands.executeCommand('aces.stepEncounter', {
      uri: sample.uri.toString(),
      encounter: ENCOUNTER,
      seed: 7,
    });
    const whole = cliLog(7);
    const body = () =>
      api.combat.contents
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n');
    assert.equal(api.combat.current?.turns, 0);
    assert.ok(!/'s turn: /.test(body()), 'no turn before the first step');
    for (let t = 1; t <= 3; t++) {
      await vscode.commands.executeCommand('aces.nextTurn');
      assert.equal(api.combat.current?.turns, t);
      assert.equal((body().match(/^[^\n]+'s turn: /gm) ?? []).length, t);
      assert.ok(whole.startsWith(body()), `after ${t} turns the log is a prefix of the whole combat`);
    }
    console.log(`    after 3 turns: round ${api.combat.current?.round}, last actor ${api.combat.current?.actor}`);
    await vscode.commands.executeCommand('aces.nextRound');
    assert.ok(whole.startsWith(body()));
    await vscode.commands.executeCommand('aces.runToEnd');
    assert.equal(api.combat.current, undefined, 'the combat closed');
    assert.equal(body(), whole);
  });

  test('Step Back re-runs to the step before with the same lines; Jump to Round; an Arcana hover shows the hand while stepped', async () => {
    await vscode.commands.executeCommand('aces.stepEncounter', {
      uri: sample.uri.toString(),
      encounter: ENCOUNTER,
      seed: 7,
    });
    const whole = cliLog(7);
    const body = () =>
      api.combat.contents
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n');
    // issue 34 item 12: Step Back has a status-bar button beside the step buttons (the small step in the system's word)
    assert.ok(api.combat.statusBar.includes('$(debug-step-back) Back'), api.combat.statusBar.join(' | '));
    assert.ok(api.combat.statusBar.includes('$(debug-step-over) Turn'), api.combat.statusBar.join(' | '));
    await vscode.commands.executeCommand('aces.nextTurn');
    const one = body();
    await vscode.commands.executeCommand('aces.nextTurn');
    await vscode.commands.executeCommand('aces.stepBack');
    assert.equal(body(), one, 'back to the first turn: the same lines');
    assert.equal(api.combat.current?.turns, 1);
    await vscode.commands.executeCommand('aces.jumpToRound', 2);
    assert.ok(whole.startsWith(body()));
    assert.ok(
      api.combat.statusBar.some((t) => /Round 2 ·/.test(t)),
      `the status bar follows the jump: ${api.combat.statusBar.join(' | ')}`,
    );
    const view = api.combat.currentView();
    assert.ok((view.snapshot?.combatants.length ?? 0) > 0 && !view.done);
    await vscode.commands.executeCommand('aces.stopCombat');
    const raid = await vscode.workspace.openTextDocument(
      vscode.Uri.joinPath(folder, 'arcana', 'salt-street-raid.aces'),
    );
    await vscode.window.showTextDocument(raid);
    await vscode.commands.executeCommand('aces.stepEncounter', {
      uri: raid.uri.toString(),
      encounter: 'Raid on Salt Street',
      seed: 13,
    });
    const pos = wordPosition(raid, /"Inspector Vale"/, 'Vale');
    const text = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', raid.uri, pos),
    );
    assert.match(text, /Stepped fight, round \d+/, `the stepped hover:\n${text}`);
    assert.match(text, /Hand: /);
    await vscode.commands.executeCommand('aces.stopCombat');
    await vscode.window.showTextDocument(sample);
  });

  test('Stop ends a stepped combat; Replay with New Seed reruns it with that seed', async () => {
    await vscode.commands.executeCommand('aces.stepEncounter', {
      uri: sample.uri.toString(),
      encounter: ENCOUNTER,
      seed: 7,
    });
    await vscode.commands.executeCommand('aces.nextTurn');
    await vscode.commands.executeCommand('aces.stopCombat');
    assert.equal(api.combat.current, undefined);
    assert.match(api.combat.contents, /# stopped in round 1 after 1 turn\.\n$/);
    await vscode.commands.executeCommand('aces.replayWithNewSeed', 99);
    assert.ok(api.combat.contents.startsWith(`# ${SAMPLE} — encounter "${ENCOUNTER}" — seed 99\n`));
    assert.equal((api.combat.current as { turns: number } | undefined)?.turns, 0, 'a stepped combat replays stepped');
    await vscode.commands.executeCommand('aces.runToEnd');
    assert.equal(
      api.combat.contents
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
      cliLog(99),
    );
  });

  test('Aces Battle Map: stepping a tactical grid fight opens the drawn board beside the log and redraws it at each step', async () => {
    const mill = vscode.Uri.joinPath(folder, 'tactical-grid', 'mill-road.aces');
    await vscode.commands.executeCommand('aces.stepEncounter', {
      uri: mill.toString(),
      encounter: 'Raid on the Mill Road',
      seed: 7,
    });
    const tab = await when(
      vscode.window.tabGroups.onDidChangeTabs,
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === 'Battle: Raid on the Mill Road'),
      'the battle map tab',
    );
    assert.ok(tab.input instanceof vscode.TabInputWebview);
    const first = api.battle.state!;
    assert.equal(first.picture?.kind, 'grid');
    // every combatant of the sample drawn: 4 heroes, 3 raiders and their chief (issue 32 gave the raid a third raider)
    assert.equal(first.picture?.tokens.length, 8);
    for (let t = 1; t <= 3; t++) await vscode.commands.executeCommand('aces.nextTurn');
    assert.match(api.battle.state!.step ?? '', /^side turn 3/);
    assert.notDeepEqual(api.battle.state!.picture, first.picture, 'the board moved on');
    await vscode.commands.executeCommand('aces.runToEnd');
    assert.ok(api.battle.state!.outcome, 'the map says how it ended');
    await vscode.window.showTextDocument(sample);
  });

  test('Preview Odds: Monte Carlo on worker threads, a webview with the result', async () => {
    const t0 = Date.now();
    const r = await vscode.commands.executeCommand<{
      runs: number;
      sides: { side: string; p: number; ci95: [number, number] }[];
      stalemate: { p: number };
      draw: { p: number };
      rounds: { histogram: number[] };
      combatants: unknown[];
    }>('aces.previewOdds', { uri: sample.uri.toString(), encounter: ENCOUNTER, runs: 4000 });
    assert.equal(r.runs, 4000);
    const total = r.sides.reduce((a, s) => a + s.p, 0) + r.stalemate.p + r.draw.p;
    assert.ok(Math.abs(total - 1) < 1e-9, `chances add up to 1 (${total})`);
    for (const s of r.sides) assert.ok(s.ci95[0] <= s.p && s.p <= s.ci95[1]);
    assert.equal(
      r.rounds.histogram.reduce((a, b) => a + b, 0),
      4000,
    );
    assert.equal(
      r.combatants.length,
      cliLog(7).split('\n')[0].split('; ').length,
      'one row per combatant of the encounter',
    );
    // the tab model reaches the extension host a moment after the panel opens: wait for its event
    const tab = await when(
      vscode.window.tabGroups.onDidChangeTabs,
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === `Odds: ${ENCOUNTER}`),
      'the odds webview tab',
    );
    assert.ok(tab.input instanceof vscode.TabInputWebview);
    console.log(
      `    odds: ${r.sides.map((s) => `${s.side} ${(s.p * 100).toFixed(1)}%`).join(', ')} (${Date.now() - t0} ms for 4,000 combats)`,
    );
  });

  test('odds as you type against the saved file, and "Balance this encounter…" writes the value found (issue 14)', async () => {
    const lens = async () =>
      ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', sample.uri)) ?? [])
        .map((l) => l.command?.title ?? '')
        .find((t) => t.includes('Odds')) ?? '';
    const until = async (ok: (t: string) => boolean, what: string) => {
      for (let i = 0; i < 300; i++) {
        const t = await lens();
        if (ok(t)) return t;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${what}: the lens still reads "${await lens()}"`);
    };
    const opened = await until((t) => /Odds: party \d+%/.test(t), 'live odds of the file as opened');
    // a tougher archer, in the bestiary the encounter uses: the sample's lens compares with the saved version
    const bestiary = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'bestiary.aces'));
    const editor = await vscode.window.showTextDocument(bestiary);
    const line = bestiary
      .getText()
      .split('\n')
      .findIndex(
        (l, i, all) =>
          /^\s*vitality \d+/.test(l) &&
          all
            .slice(0, i)
            .reverse()
            .find((x) => /^character /.test(x))
            ?.includes('Archer'),
      );
    assert.ok(line >= 0, 'the Archer has a vitality line');
    const original = bestiary.lineAt(line).text;
    await editor.edit((e) => e.replace(bestiary.lineAt(line).range, original.replace(/\d+/, '60')));
    const changed = await until((t) => / → /.test(t), 'the change since the saved version');
    assert.match(changed, /Odds: party wins \d+% → \d+% \(−[\d.]+ ± [\d.]+\)/);
    await restore(bestiary, line, original);
    console.log(`    lens: "${opened}" → "${changed}"`);
    // Balance this encounter…: the code action's candidates, the tune on the server, the edit applied
    const encLine = sample
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('encounter '));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      sample.uri,
      new vscode.Range(encLine + 2, 2, encLine + 2, 2),
    );
    const balance = actions.find((a) => a.title === 'Balance this encounter…');
    assert.ok(balance?.command, `a Balance action among ${actions.map((a) => a.title).join(', ')}`);
    const args = balance.command.arguments![0] as {
      candidates: { block: string; attr: string; value: number; file: string }[];
    };
    const pick = args.candidates.findIndex((c) => c.block === 'Archer' && c.attr === 'vitality');
    assert.ok(pick >= 0, "the Archer's vitality is offered");
    const t0 = Date.now();
    // a target inside what the range can give: since issue 32's play the party wins 72–87% for 80..4 Vitality
    const out = await vscode.commands.executeCommand<{ value: number; p: number; uri: string }>(
      balance.command.command,
      ...balance.command.arguments!,
      { pick, target: 'party wins 80%', range: '4..80' },
    );
    assert.ok(out && out.value >= 4 && out.value <= 80, JSON.stringify(out));
    assert.equal(vscode.Uri.parse(out.uri).fsPath, bestiary.uri.fsPath);
    assert.match(bestiary.lineAt(line).text, new RegExp(`vitality ${out.value}\\b`));
    console.log(
      `    balanced: Archer vitality ${out.value} → party wins ${(out.p * 100).toFixed(1)}% (${Date.now() - t0} ms)`,
    );
    await restore(bestiary, line, original);
    // Sweep a number of this encounter…: the same candidates, every value on the same seeds, drawn in a webview
    const sweepAction = actions.find((a) => a.title === 'Sweep a number of this encounter…');
    assert.ok(sweepAction?.command, `a Sweep action among ${actions.map((a) => a.title).join(', ')}`);
    const t1 = Date.now();
    const sweep = await vscode.commands.executeCommand<{
      written?: number;
      rows: { value: number; sides?: { side: string; p: number; ci95: [number, number] }[] }[];
    }>(sweepAction.command.command, ...sweepAction.command.arguments!, { pick, values: '' });
    const written = args.candidates[pick].value;
    assert.equal(sweep.written, written);
    assert.ok(
      sweep.rows.length >= 3 && sweep.rows.some((r) => r.value === written),
      JSON.stringify(sweep.rows.map((r) => r.value)),
    );
    const party = sweep.rows.filter((r) => r.sides).map((r) => r.sides![0]);
    assert.ok(party[party.length - 1].p <= party[0].p, 'a tougher archer does not help the party');
    const sweepTab = await when(
      vscode.window.tabGroups.onDidChangeTabs,
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === 'Sweep: Archer vitality'),
      'the sweep webview tab',
    );
    assert.ok(sweepTab.input instanceof vscode.TabInputWebview);
    console.log(
      `    swept: Archer vitality ${sweep.rows.map((r) => `${r.value} → ${r.sides ? (r.sides[0].p * 100).toFixed(0) + '%' : '—'}`).join(', ')} (${Date.now() - t1} ms)`,
    );
    // from the command palette: the encounter under the cursor (its code action's candidates)
    const ed = await vscode.window.showTextDocument(sample);
    ed.selection = new vscode.Selection(encLine + 2, 2, encLine + 2, 2);
    const fromPalette = await vscode.commands.executeCommand<{ encounter: string; rows: unknown[] }>(
      'aces.sweepEncounter',
      undefined,
      { pick, values: '6..12 step 6' },
    );
    assert.equal(fromPalette?.encounter, ENCOUNTER);
    assert.equal(fromPalette.rows.length, 2);
  });

  test("a Heart Rush sample: its own diagnostics and exact-odds hover, and Run gives `aces run`'s log", async () => {
    const ford = await vscode.workspace.openTextDocument(
      vscode.Uri.joinPath(folder, 'heart-rush', 'wolves-at-the-ford.aces'),
    );
    await vscode.window.showTextDocument(ford);
    await diagnosticsOf(
      ford.uri,
      (d) => d.every((x) => x.severity !== vscode.DiagnosticSeverity.Error),
      'the Heart Rush sample to be free of errors',
    );
    const pos = wordPosition(ford, /^\s*Sable\s+at/, 'Sable');
    const text = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', ford.uri, pos),
    );
    assert.match(
      text,
      /\*\*Sable\*\* as placed at 20 ft 30 ft: round 1, before anyone moves[\s\S]*\*\*vs [^*]+\*\* at[\s\S]*\| might \| contest /,
      `the stance matrix of the fight as placed in the hover:\n${text}`,
    );
    const info = await vscode.commands.executeCommand<{ seed: number; encounter: string }>('aces.runEncounter', {
      uri: ford.uri.toString(),
      encounter: 'Wolves at the Ford',
      seed: 7,
    });
    assert.equal(info.seed, 7);
    const ext = vscode.extensions.getExtension<AcesApi>(EXT_ID)!;
    const cli = execFileSync(
      process.execPath,
      [path.join(ext.extensionPath, 'bin/aces.js'), 'run', ford.uri.fsPath, '--seed', '7'],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ELECTRON_RUN_AS_NODE: '1' } },
    )
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n');
    assert.equal(
      api.combat.contents
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
      cli,
    );
    await vscode.window.showTextDocument(sample);
  });

  test("an Arcana sample: its own diagnostics and exact-odds hover, and Run gives `aces run`'s log", async () => {
    const raid = await vscode.workspace.openTextDocument(
      vscode.Uri.joinPath(folder, 'arcana', 'salt-street-raid.aces'),
    );
    await vscode.window.showTextDocument(raid);
    await diagnosticsOf(
      raid.uri,
      (d) => d.every((x) => x.severity !== vscode.DiagnosticSeverity.Error),
      'the Arcana sample to be free of errors',
    );
    const pos = wordPosition(raid, /"Inspector Vale"/, 'Vale');
    const text = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', raid.uri, pos),
    );
    assert.match(text, /exact odds of one attack/, `the attack odds in the hover:\n${text}`);
    const info = await vscode.commands.executeCommand<{ seed: number; encounter: string }>('aces.runEncounter', {
      uri: raid.uri.toString(),
      encounter: 'Raid on Salt Street',
      seed: 3,
    });
    assert.equal(info.seed, 3);
    const ext = vscode.extensions.getExtension<AcesApi>(EXT_ID)!;
    const cli = execFileSync(
      process.execPath,
      [path.join(ext.extensionPath, 'bin/aces.js'), 'run', raid.uri.fsPath, '--seed', '3'],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ELECTRON_RUN_AS_NODE: '1' } },
    )
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .join('\n');
    assert.equal(
      api.combat.contents
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n'),
      cli,
    );
    await vscode.window.showTextDocument(sample);
  });

  test('the server restarts after it dies, and an unsaved edit is not lost', async () => {
    const party = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'party.aces'));
    const editor = await vscode.window.showTextDocument(party);
    const pos = wordPosition(party, /^\s*wields Longsword/, 'Longsword');
    const hasError = (d: readonly vscode.Diagnostic[]) =>
      d.some((x) => x.range.start.line === pos.line && /Longswrod/.test(x.message));
    await editor.edit((e) => e.replace(party.lineAt(pos.line).range, '  wields Longswrod'));
    try {
      await diagnosticsOf(party.uri, hasError, 'the error before the crash');
      const before = api.server.pid!;
      // record what the editor sees: the old server's error must go away with it and come back from the new one
      const seen: boolean[] = [];
      const watch = vscode.languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => u.toString() === party.uri.toString()))
          seen.push(hasError(vscode.languages.getDiagnostics(party.uri)));
      });
      const restarted = new Promise<void>((resolve) => {
        const sub = api.server.client!.onDidChangeState((e) => {
          if (e.newState === State.Running) {
            sub.dispose();
            resolve();
          }
        });
      });
      process.kill(before, 'SIGKILL');
      await restarted;
      assert.notEqual(api.server.pid, before);
      assert.equal(api.server.restarts, 1);
      assert.match(api.server.status.text, /\$\(check\) Aces/);
      await when(
        vscode.languages.onDidChangeDiagnostics,
        () => (seen.lastIndexOf(false) >= 0 && seen.lastIndexOf(true) > seen.lastIndexOf(false) ? true : undefined),
        'the restarted server to report the unsaved edit',
      );
      watch.dispose();
    } finally {
      await restore(party, pos.line, '  wields Longsword');
    }
    await diagnosticsOf(party.uri, (d) => !hasError(d), 'the error to clear');
  });
});
