// Run Encounter, Step Through Encounter, Replay with New Seed: one seeded combat
// into the "Aces Combat" output channel, headed so it can be replayed.

import { randomInt } from 'node:crypto';
import * as vscode from 'vscode';
import type { RecordedSession, StepKind, StepResult } from '../model/recorded-session.js';
import type { BoardPicture, FightSnapshot } from '../model/system.js';
import {
  RunEncounterRequest,
  StepEncounterRequest,
  FightViewRequest,
  type FightView,
  type SteppedFight,
} from '../protocol/lsp-ext.js';
import { combatantsAt, stepHoverMarkdown } from './core/step-hover.js';
import type { CommandArg, Target } from './documents.js';
import type { BattleView } from './battle.js';
import type { BattleState } from './core/battleHtml.js';
import type { ServerRequests } from './requests.js';
import { settings } from './config.js';
import { lazy } from './load.js';

export const StepCommands = {
  nextTurn: 'aces.nextTurn',
  nextRound: 'aces.nextRound',
  runToEnd: 'aces.runToEnd',
  stop: 'aces.stopCombat',
  replayNewSeed: 'aces.replayWithNewSeed',
  stepBack: 'aces.stepBack',
  jumpToRound: 'aces.jumpToRound',
  nextMark: 'aces.nextMark',
} as const;

const CONTEXT_KEY = 'aces.combatOpen';
/** Lines written to the channel at a time, yielding to the extension host in between. */
const WRITE_PIECE = 2000;
/** A stepped fight is kept (open, or over but not stopped): Step Back, Jump to Round and the hover work on it. */
const VIEW_KEY = 'aces.combatViewed';

/** What the step-through view draws (the battle-map webview): the state and the board now. */
export interface CombatView {
  snapshot?: FightSnapshot;
  picture?: BoardPicture;
  round: number;
  done: boolean;
}

export interface RunInfo {
  file: string;
  encounter: string;
  seed: number;
  mode: 'run' | 'step';
}

/** The channel plus a copy of what this run wrote (the API has no way to read a channel back; tests and the bench use this). */
class CombatLog {
  readonly channel: vscode.OutputChannel;
  private text = '';
  constructor() {
    this.channel = vscode.window.createOutputChannel('Aces Combat', 'aces-log');
  }
  reset(): void {
    this.channel.clear();
    this.text = '';
  }
  write(lines: readonly string[]): void {
    if (!lines.length) return;
    const chunk = lines.join('\n') + '\n';
    this.channel.append(chunk);
    this.text += chunk;
  }
  get contents(): string {
    return this.text;
  }
  dispose(): void {
    this.channel.dispose();
  }
}

export class CombatController implements vscode.Disposable {
  readonly log = new CombatLog();
  private session: RecordedSession<SteppedFight> | undefined;
  /** The stepped fight, kept after its end (for Step Back, Jump to Round, the hover) until a new run or Stop; `view`: its state where it stands (the server's `aces/fightView`). */
  private viewed: { s: RecordedSession<SteppedFight>; target: Target; header: string[]; view?: FightView } | undefined;
  private readonly stepped = new vscode.EventEmitter<void>();
  /** Fired after every step, step back, jump and run to a mark of a stepped fight (and when one starts or stops). */
  readonly onDidStep = this.stepped.event;
  /** Runs started: a streaming Run Encounter stops when a newer run begins. */
  private runs = 0;
  private last: { target: Target; seed: number; mode: 'run' | 'step' } | undefined;
  private readonly buttons: vscode.StatusBarItem[];
  private readonly back: vscode.StatusBarItem;
  private readonly where: vscode.StatusBarItem;
  /** The status-bar buttons shown now, by text (the e2e suite reads them). */
  private readonly shown = new Set<vscode.StatusBarItem>();
  private readonly disposables: vscode.Disposable[] = [];

  /** `battle`: the drawn board beside the log while a fight is stepped (Aces Battle Map). */
  constructor(
    private readonly requests: ServerRequests,
    private readonly battle?: BattleView,
  ) {
    const item = (cmd: string, text: string, tip: string, prio: number) => {
      const b = vscode.window.createStatusBarItem(`aces.combat.${cmd}`, vscode.StatusBarAlignment.Left, prio);
      b.name = `Aces Combat: ${tip}`;
      b.text = text;
      b.tooltip = tip;
      b.command = cmd;
      return b;
    };
    this.where = vscode.window.createStatusBarItem('aces.combat.where', vscode.StatusBarAlignment.Left, 60);
    this.where.name = 'Aces Combat: position';
    this.where.command = 'aces.showCombatLog';
    this.buttons = [
      item(StepCommands.nextTurn, '$(debug-step-over) Turn', 'Next Turn (F10)', 59),
      item(StepCommands.nextRound, '$(debug-step-into) Round', 'Next Round (Alt+F10)', 58),
      item(StepCommands.runToEnd, '$(debug-continue) End', 'Run to End (F5)', 57),
      item(StepCommands.stop, '$(debug-stop)', 'Stop (Shift+F5)', 56),
    ];
    // issue 34 item 12: Step Back has a key and a button, shown while a stepped fight is kept (also after its end)
    this.back = item(StepCommands.stepBack, '$(debug-step-back) Back', 'Step Back (Alt+Shift+F10)', 55);
    this.disposables.push(
      vscode.commands.registerCommand('aces.runEncounter', (a?: CommandArg) => this.start(a, 'run')),
      vscode.commands.registerCommand('aces.stepEncounter', (a?: CommandArg) => this.start(a, 'step')),
      vscode.commands.registerCommand(StepCommands.nextTurn, () => this.step('turn')),
      vscode.commands.registerCommand(StepCommands.nextRound, () => this.step('round')),
      vscode.commands.registerCommand(StepCommands.runToEnd, () => this.step('end')),
      vscode.commands.registerCommand(StepCommands.stop, () => this.stop()),
      vscode.commands.registerCommand(StepCommands.replayNewSeed, (seed?: number) => this.replayNewSeed(seed)),
      vscode.commands.registerCommand('aces.showCombatLog', () => this.log.channel.show(true)),
      vscode.commands.registerCommand(StepCommands.stepBack, () => this.stepBack()),
      vscode.commands.registerCommand(StepCommands.jumpToRound, (n?: number) => this.jumpToRound(n)),
      vscode.commands.registerCommand(StepCommands.nextMark, (label?: string) => this.nextMark(label)),
      this.stepped,
    );
  }

  /** What the last run wrote: the header and every line revealed so far. */
  get contents(): string {
    return this.log.contents;
  }

  get current(): { round: number; turns: number; done: boolean; actor?: string } | undefined {
    const s = this.session;
    return s && { round: s.round, turns: s.turns, done: s.done, actor: s.actor };
  }

  async start(arg: CommandArg, mode: 'run' | 'step', forcedSeed?: number): Promise<RunInfo | undefined> {
    const { resolveTarget, chooseSeed } = await lazy();
    const target = await resolveTarget(this.requests, arg, mode === 'run' ? 'run' : 'step through');
    if (!target) return undefined;
    const explicit =
      forcedSeed ?? (typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) ? arg.seed : undefined);
    const { seed } = chooseSeed(explicit, settings().defaultSeed, target.encounter);
    return this.begin(target, seed, mode);
  }

  private async begin(target: Target, seed: number, mode: 'run' | 'step'): Promise<RunInfo | undefined> {
    const { RecordedSession, runHeader, limitLine } = await lazy();
    this.close(false);
    const gen = ++this.runs;
    this.last = { target, seed, mode };
    const header = runHeader(target.display, target.encounter.name, seed, target.all.length);
    const params = { uri: target.uri.toString(), encounter: target.encounter.name, seed };
    // the language server fights it (one process owns the engine): `aces run`'s log, or the fight recorded for stepping
    let reply;
    try {
      reply =
        mode === 'run'
          ? await this.requests.send(RunEncounterRequest, params)
          : await this.requests.send(StepEncounterRequest, params);
    } catch (e) {
      void vscode.window.showErrorMessage(
        `Can't ${mode === 'run' ? 'run' : 'step through'} "${target.encounter.name}": ${(e as Error).message}`,
      );
      return undefined;
    }
    if (gen !== this.runs) return undefined; // a newer run took the channel meanwhile
    if (!reply) {
      void vscode.window.showErrorMessage(
        `Can't ${mode === 'run' ? 'run' : 'step through'} "${target.encounter.name}": it has errors or is gone (see Problems).`,
      );
      return undefined;
    }
    this.log.reset();
    this.log.write(header);
    if ('lines' in reply) {
      // written in pieces: a long log never blocks the extension host; a newer run stops this one
      for (let i = 0; i < reply.lines.length && gen === this.runs; i += WRITE_PIECE) {
        this.log.write(reply.lines.slice(i, i + WRITE_PIECE));
        if (i + WRITE_PIECE < reply.lines.length) await new Promise<void>((r) => setImmediate(r));
      }
      if (reply.truncated && gen === this.runs) this.log.write([limitLine()]);
    } else {
      const s = new RecordedSession(reply);
      this.session = s;
      this.viewed = { s, target, header };
      this.log.write(s.start().lines);
      this.log.write([
        `# stepping: Next ${s.unit[0].toUpperCase() + s.unit.slice(1)} (F10), Next Round (Alt+F10), Run to End (F5), Stop (Shift+F5), Step Back (Alt+Shift+F10); Aces: Jump to Round…, Next Mark…`,
      ]);
      this.open();
      await this.fetchView();
      void this.battle?.show(this.battleState(), target.display);
      this.stepped.fire();
    }
    this.log.channel.show(true);
    return { file: target.file, encounter: target.encounter.name, seed, mode };
  }

  /** Asks the server for the stepped fight's state where it stands (the battle map, the hover). */
  private async fetchView(): Promise<void> {
    const v = this.viewed;
    if (!v) return;
    const at = v.s.revealed;
    try {
      const view = await this.requests.send(FightViewRequest, { fight: v.s.fight.fight, at });
      if (this.viewed === v && v.s.revealed === at) v.view = view ?? undefined;
    } catch {
      if (this.viewed === v) v.view = undefined;
    }
  }

  /** What the battle map draws now. */
  battleState(): BattleState | undefined {
    const v = this.viewed;
    if (!v) return undefined;
    const s = v.s;
    return {
      encounter: s.encounter.name,
      sides: s.encounter.sides,
      seed: s.seed,
      round: s.round,
      step: s.turns ? `${s.unit} ${s.turns}${s.actor ? ` · ${s.actor}` : ''}` : undefined,
      outcome: s.outcome,
      picture: v.view?.picture,
      snapshot: v.view?.snapshot,
    };
  }

  async step(kind: StepKind): Promise<{ lines: string[]; done: boolean } | undefined> {
    const s = this.session;
    if (!s) {
      void vscode.window.showInformationMessage(
        'No combat is being stepped. Run "Aces: Step Through Encounter" first.',
      );
      return undefined;
    }
    const r = s.step(kind);
    this.log.write(r.lines);
    await this.after(r);
    return r;
  }

  /** The stepped fight now, for the step-through view (the battle map): state, board, round. */
  currentView(): CombatView {
    const v = this.viewed;
    if (!v) return { round: 0, done: true };
    return { snapshot: v.view?.snapshot, picture: v.view?.picture, round: v.s.round, done: v.s.done };
  }

  /** Hover markdown for the combatant named at `character` of `line` in `uri`, while that file's fight is stepped. */
  hoverAt(
    uri: vscode.Uri,
    line: string,
    character: number,
  ): { markdown: string; start: number; end: number } | undefined {
    const v = this.viewed;
    if (!v || v.target.uri.toString() !== uri.toString()) return undefined;
    const snap = v.view?.snapshot;
    if (!snap) return undefined;
    const at = combatantsAt(
      line,
      character,
      snap.combatants.map((c) => c.name),
    );
    if (!at) return undefined;
    const inspect = v.view?.inspect ?? {};
    const markdown = stepHoverMarkdown(snap, at.names, (n) => inspect[n]);
    return markdown === undefined ? undefined : { markdown, start: at.start, end: at.end };
  }

  /** Aces: Step Back — the fight re-runs from its seed to the step before; the log shows what it showed then. */
  async stepBack(): Promise<StepResult | undefined> {
    const v = this.needViewed();
    if (!v) return undefined;
    const r = v.s.back();
    this.rewrite(
      v,
      r.lines,
      `# stepped back (the fight re-ran from seed ${v.s.seed}): round ${v.s.round}, ${v.s.turns} ${v.s.unit}${v.s.turns === 1 ? '' : 's'}`,
    );
    await this.after(r);
    return r;
  }

  /** Aces: Jump to Round… — forward (revealing) or back (re-running from the seed) to the start of round n. */
  async jumpToRound(n?: number): Promise<StepResult | undefined> {
    const v = this.needViewed();
    if (!v) return undefined;
    if (typeof n !== 'number') {
      const typed = await vscode.window.showInputBox({
        title: `Jump to round (${v.s.encounter.name}, seed ${v.s.seed})`,
        prompt: `A round number; now in round ${v.s.round}.`,
        validateInput: (t) => (/^\s*[1-9]\d{0,5}\s*$/.test(t) ? undefined : 'a whole number, 1 or more'),
      });
      if (typed === undefined) return undefined;
      n = Number(typed.trim());
    }
    const r = v.s.jumpToRound(n);
    if (r.rewound)
      this.rewrite(v, r.lines, `# back to the start of round ${n} (the fight re-ran from seed ${v.s.seed})`);
    else
      this.log.write([...r.lines, r.done ? `# the fight ended before round ${n}.` : `# at the start of round ${n}.`]);
    await this.after(r, true);
    return r;
  }

  /** Aces: Next Mark… — runs just past the next event of a kind the system names (a crit, a Broken, a cheat…). */
  async nextMark(label?: string): Promise<StepResult | undefined> {
    const v = this.needViewed();
    if (!v) return undefined;
    const marks = v.s.marks;
    if (!marks.length) {
      void vscode.window.showInformationMessage(`${v.target.system.name} names no marks to run to.`);
      return undefined;
    }
    if (label === undefined) {
      label = await vscode.window.showQuickPick([...marks], {
        title: 'Run to the next…',
        placeHolder: 'the step-through stops just after it',
      });
      if (label === undefined) return undefined;
    }
    const r = v.s.nextMark(label);
    if (!r.found) {
      void vscode.window.showInformationMessage(`No more ${label} in this fight.`);
      return r;
    }
    this.log.write(r.lines);
    await this.after(r);
    return r;
  }

  private needViewed():
    { s: RecordedSession<SteppedFight>; target: Target; header: string[]; view?: FightView } | undefined {
    if (!this.viewed)
      void vscode.window.showInformationMessage(
        'No combat is being stepped. Run "Aces: Step Through Encounter" first.',
      );
    return this.viewed;
  }

  /** The channel shows the log up to where a step back or a jump back left the fight. */
  private rewrite(v: { header: string[] }, lines: readonly string[], note: string): void {
    this.log.reset();
    this.log.write(v.header);
    this.log.write(lines);
    this.log.write([note]);
  }

  /** After any move of the stepped fight: the buttons and the status bar follow, the state is fetched, and the view hears of it. */
  private async after(r: StepResult, jumped = false): Promise<void> {
    const v = this.viewed;
    if (r.done) this.close(true);
    else if (v && !this.session) {
      this.session = v.s;
      this.open();
      this.updateWhere(jumped);
    } else this.updateWhere(jumped);
    if (v) {
      await this.fetchView();
      const state = this.battleState();
      if (state) await this.battle?.update(state);
    }
    this.stepped.fire();
  }

  private open(): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    void vscode.commands.executeCommand('setContext', VIEW_KEY, true);
    // the small step in the system's own word (Heart Rush: phase; issue 34 item 10)
    const unit = this.session?.unit ?? 'turn';
    const Unit = unit[0].toUpperCase() + unit.slice(1);
    this.buttons[0].text = `$(debug-step-over) ${Unit}`;
    this.buttons[0].tooltip = `Next ${Unit} (F10)`;
    for (const b of [...this.buttons, this.back]) this.showItem(b);
    this.updateWhere();
  }

  private showItem(b: vscode.StatusBarItem): void {
    b.show();
    this.shown.add(b);
  }

  private hideItem(b: vscode.StatusBarItem): void {
    b.hide();
    this.shown.delete(b);
  }

  /** The texts of the status-bar items shown now (for the e2e suite). */
  get statusBar(): string[] {
    return [this.where, ...this.buttons, this.back].filter((b) => this.shown.has(b)).map((b) => b.text);
  }

  stop(): void {
    if (!this.session) {
      this.close(false);
      return;
    }
    const { round, turns, unit } = this.session;
    this.log.write([`# stopped in round ${round} after ${turns} ${unit}${turns === 1 ? '' : 's'}.`]);
    this.close(false);
  }

  private close(finished: boolean): void {
    if (!finished && this.viewed) {
      this.viewed = undefined;
      void vscode.commands.executeCommand('setContext', VIEW_KEY, false);
      this.hideItem(this.back);
      this.stepped.fire();
    }
    if (!this.session) return;
    const s = this.session;
    this.session = undefined;
    for (const b of this.buttons) this.hideItem(b);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
    if (finished) {
      this.where.text = `$(pass) Aces: ${s.outcome ?? 'over'} (round ${s.round})`;
      this.where.tooltip = 'Combat over. Click to show the log; "Aces: Replay with New Seed" for another fight.';
      this.showItem(this.where);
    } else this.hideItem(this.where);
  }

  /** `jumped`: after Jump to Round, standing before the round's first event, the status bar names that round. */
  private updateWhere(jumped = false): void {
    const s = this.session;
    if (!s) return;
    const unit = s.unit[0].toUpperCase() + s.unit.slice(1);
    this.where.text =
      jumped && s.shownRound > s.round
        ? `$(flame) Round ${s.shownRound} · about to start`
        : `$(flame) Round ${s.round} · ${unit} ${s.turns}${s.actor ? ` · ${s.actor}` : ''}`;
    this.where.tooltip = `${s.encounter.name}, seed ${s.seed}: ${s.turns} ${s.unit}${s.turns === 1 ? '' : 's'} revealed. Click to show the log.`;
    this.showItem(this.where);
  }

  async replayNewSeed(seedArg?: number): Promise<RunInfo | undefined> {
    const { resolveTarget, parseSeedInput } = await lazy();
    let target = this.last?.target;
    const mode = this.last?.mode ?? 'run';
    if (!target) {
      target = await resolveTarget(this.requests, undefined, 'replay');
      if (!target) return undefined;
    } else {
      // re-read the file: it may have changed since the last run
      const fresh = await resolveTarget(
        this.requests,
        { uri: target.uri.toString(), encounter: target.encounter.name },
        'replay',
      );
      if (!fresh) return undefined;
      target = fresh;
    }
    let seed = typeof seedArg === 'number' ? seedArg : undefined;
    if (seed === undefined) {
      const typed = await vscode.window.showInputBox({
        title: `Replay "${target.encounter.name}" with a new seed`,
        prompt: `A whole number 0–4294967295 (the last run used ${this.last?.seed ?? target.encounter.seed}).`,
        value: String(randomInt(0, 1_000_000)),
        validateInput: (t) => {
          const r = parseSeedInput(t);
          return 'error' in r ? r.error : undefined;
        },
      });
      if (typed === undefined) return undefined;
      const r = parseSeedInput(typed);
      if ('error' in r) return undefined;
      seed = r.seed;
    }
    return this.begin(target, seed, mode);
  }

  dispose(): void {
    this.close(false);
    for (const d of [...this.disposables, ...this.buttons, this.back, this.where, this.log]) d.dispose();
  }
}
