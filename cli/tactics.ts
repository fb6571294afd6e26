// `aces tactics FILE [--encounter NAME] [--seed N] [--fights N] [--rollouts N] [--points N] [--time S] [--json]`:
// the regret probe (issue 32, balance/regret.ts) — how much win chance the simulated combatants give away at
// the decisions they make, with the fights that replay the worst of them. Runs on this thread (a fight at a time,
// yielding between rollouts so Ctrl-C stops it), within a time budget.

import { Command, InvalidArgumentError } from 'commander';
import {
  probeRegret,
  ProbeError,
  REGRET_GOALS,
  type GroupSummary,
  type RegretReport,
  type RegretSummary,
} from '../balance/regret.js';
import type { CommandContext } from './context.js';
import { displayPath } from './files.js';
import { loadEncounter, shellArg } from './load.js';
import { parsePositive, parseSeed } from './options.js';
import { pickStyle, type Style } from './style.js';

export interface TacticsOptions {
  encounter?: string;
  seed?: number;
  fights?: number;
  points?: number;
  rollouts?: number;
  /** Seconds after which no new decision is probed (default 60). */
  time?: number;
  root?: string;
  json?: boolean;
}

/** The defaults: 40 decisions, 100 + 100 rollouts of each option (≈ 10–60 s on a bundled sample). */
export const TACTICS_DEFAULTS = { fights: 20, points: 2, rollouts: 100, time: 60 } as const;

function parseSeconds(v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || !(n > 0) || n > 86400)
    throw new InvalidArgumentError('use a number of seconds from 0.1 to 86400');
  return n;
}

/** The command's options, declared once on `program.command('tactics')`: the CLI and its docs (docs/TACTICS.md) read them. */
function defineTactics(cmd: Command): Command {
  return cmd
    .description(
      'the regret probe: how much win chance the simulated combatants lose at their decisions, and the fights that replay the worst (issue 32)',
    )
    .argument('<file>', 'an .aces file')
    .option('-e, --encounter <name>', 'which encounter of the file (default: the first)')
    .option('-s, --seed <n>', "base seed of the sampled fights (default: the encounter's seed)", parseSeed)
    .option(
      '--fights <n>',
      `seeded fights to sample decisions from (default ${TACTICS_DEFAULTS.fights})`,
      parsePositive(10_000),
    )
    .option(
      '--points <n>',
      `decisions probed per fight, at most (default ${TACTICS_DEFAULTS.points})`,
      parsePositive(1_000),
    )
    .option(
      '--rollouts <n>',
      `rollouts of each option per batch: N to choose the best, N more to measure it (default ${TACTICS_DEFAULTS.rollouts})`,
      parsePositive(100_000),
    )
    .option(
      '--time <seconds>',
      `no new decision is probed after this long (default ${TACTICS_DEFAULTS.time})`,
      parseSeconds,
    )
    .option(
      '--root <dir>',
      "the workspace: `use` reads only .aces files inside it (default: the nearest folder above the file with an aces.json or a .git, else the file's folder)",
    )
    .option('--json', 'print the report as JSON');
}

export function registerTactics(program: Command, ctx: CommandContext): void {
  defineTactics(program.command('tactics')).action(async (file: string, o: TacticsOptions) =>
    ctx.setCode(await runTactics(file, o, ctx)),
  );
}

export async function runTactics(file: string, o: TacticsOptions, ctx: CommandContext): Promise<number> {
  const style = ctx.style ?? pickStyle(undefined, process.stdout);
  const io = { ...ctx, style };
  const loaded = loadEncounter(file, o.encounter, io, 'tactics', o.root);
  if (typeof loaded === 'number') return loaded;
  const { encounter, system } = loaded;
  const engine = await system.loadEngine();
  if (!engine.play) {
    ctx.err(
      `aces tactics: ${system.name}'s engine does not offer its decisions yet (no \`play\`, issue 32), so its tactics cannot be probed; \`aces odds ${file}\` runs its fights.`,
    );
    return 1;
  }
  const shown = displayPath(loaded.file, ctx.cwd);
  const seed = o.seed ?? encounter.seed;
  const fights = o.fights ?? TACTICS_DEFAULTS.fights;
  const points = o.points ?? TACTICS_DEFAULTS.points;
  const rollouts = o.rollouts ?? TACTICS_DEFAULTS.rollouts;
  const time = o.time ?? TACTICS_DEFAULTS.time;
  const tty = !!process.stderr.isTTY;
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  const t0 = performance.now();
  let report: RegretReport;
  try {
    report = await probeRegret(engine, encounter, {
      seed,
      fights,
      points,
      rollouts,
      budgetMs: time * 1000,
      signal: abort.signal,
      replay: (s) => `aces run ${shellArg(shown)} --encounter ${shellArg(encounter.name)} --seed ${s}`,
      onProgress: tty
        ? (done, total) =>
            process.stderr.write(
              `\r\u001b[Kaces tactics: decision ${done} of ${total} probed, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
            )
        : undefined,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') {
      ctx.err(`${tty ? '\n' : ''}aces tactics: cancelled.`);
      return 130;
    }
    if (e instanceof ProbeError) {
      ctx.err(`aces tactics: ${shown}: ${e.message}.`);
      return 1;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
    if (tty) process.stderr.write('\r\u001b[K');
  }
  if (o.json) {
    ctx.out(JSON.stringify({ file: shown, system: system.id, ...report }, null, 2));
    return 0;
  }
  ctx.out(formatRegret(report, { file: shown, system: system.name, seconds: time }, style).join('\n'));
  return 0;
}

const num = (x: number): string => (x < 0 ? `−${Math.abs(x).toFixed(1)}` : x.toFixed(1));
const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number): string => ' '.repeat(Math.max(0, n - [...s].length)) + s;

/** The report as a short table: the figures overall, per kind, per combatant and per GM rule, then the worst decisions. */
export function formatRegret(
  r: RegretReport,
  at: { file: string; system: string; seconds?: number },
  s: Style,
): string[] {
  const lines = [
    s.bold(
      `# ${at.file} — encounter "${r.encounter}" (${at.system}) — regret probe: ${r.fights} fights from seed ${r.seed}, ${r.probed} of ${r.decisions} decisions, ${r.rollouts} + ${r.rollouts} rollouts of each option`,
    ),
    s.dim(
      "# regret: the win chance (in points of 100) a combatant's side loses by the policy's choice against the best option tried, chosen on the first rollouts and measured on the next (the same dice for every option)",
    ),
  ];
  if (r.stopped)
    lines.push(
      s.yellow(
        `stopped by the ${r.stopped}${at.seconds !== undefined ? ` (${at.seconds} s)` : ''} after ${r.probed} decisions: the figures cover those; raise --time or lower --rollouts for more.`,
      ),
    );
  if (!r.probed) {
    lines.push(r.decisions ? 'no decision was probed.' : 'no combatant had a choice to make in these fights.');
    return lines;
  }
  const names = [...r.byKind, ...r.byCombatant, ...r.byRule].map((g) => g.key.length + 2);
  const w = Math.max(14, ...names) + 2;
  const row = (label: string, x: RegretSummary): string =>
    `${pad(label, w)}${lpad(String(x.points), 7)}${lpad(num(x.mean), 8)}   ${pad(`${num(x.ci95[0])} – ${num(x.ci95[1])}`, 15)}${lpad(num(x.p95), 6)}`;
  lines.push(
    '',
    s.bold(
      `${pad('regret (points)', w)}${lpad('points', 7)}${lpad('mean', 8)}   ${pad('95% interval', 15)}${lpad('p95', 6)}`,
    ),
  );
  lines.push(row('overall', r.overall));
  const section = (title: string, gs: GroupSummary[]): void => {
    if (!gs.length) return;
    lines.push(s.dim(title));
    for (const g of gs) lines.push(row(`  ${g.key}`, g));
  };
  section('by decision', r.byKind);
  section('by combatant', r.byCombatant);
  section('by GM rule', r.byRule);
  const met = r.overall.mean <= REGRET_GOALS.mean && r.overall.p95 <= REGRET_GOALS.p95;
  lines.push(
    s.dim(
      `goals (issue 32): mean ≤ ${REGRET_GOALS.mean} point, p95 ≤ ${REGRET_GOALS.p95} points — ${!met ? 'not met' : r.overall.ci95[1] <= REGRET_GOALS.mean ? 'met' : `met by the estimates (the mean's interval reaches ${num(r.overall.ci95[1])})`} here; p95 is of each decision's own estimate, noise included.`,
    ),
  );
  lines.push('');
  if (!r.worst.length) {
    lines.push('no decision the probe measured lost win chance.');
    return lines;
  }
  lines.push(s.bold('worst decisions (replay each with its command):'));
  for (const [i, x] of r.worst.entries()) {
    lines.push(
      `${lpad(`${i + 1}.`, 3)} ${num(x.regret)} points (${num(x.ci95[0])} – ${num(x.ci95[1])}): round ${x.round}, ${x.actor}, ${x.kind}: "${x.policy.option}" wins ${pct(x.policy.win)}, "${x.better.option}" ${pct(x.better.win)}${x.rule ? ` — ${x.rule}` : ''}`,
    );
    lines.push(s.dim(`    ${x.replay}`));
  }
  return lines;
}

/** docs/TACTICS.md: what the probe does, how to read it, and the command's options (written by `npm run docs`). */
export function tacticsGuide(): string {
  const cmd = defineTactics(new Command('aces').command('tactics'));
  const help = cmd.configureHelp({ helpWidth: 100 }).helpInformation().trimEnd();
  return `# \`aces tactics\`: the regret probe

<!-- Generated by \`npm run docs\` from cli/tactics.ts (tacticsGuide). Do not edit by hand. -->

A GM reads \`aces odds\` as "what happens if this fight is played at my table", so the simulated combatants
should play as a good table would. \`aces tactics FILE\` measures how far they are from it (issue 32): at
decisions sampled from seeded fights, it plays every legal option (or, where there are more than 6, the
policy's choice and 3 others drawn at random) out to the end of the fight many times, and reports the
**regret** — the win chance the deciding combatant's side loses by the policy's choice against the best
option tried.

\`\`\`sh
npx aces tactics samples/heart-rush/goblin-ambush.aces
npx aces tactics samples/arcana/cellar-rite.aces --fights 40 --rollouts 200 --json
\`\`\`

## How it measures

- **Fights**: fight *i* of the probe is seeded \`combatSeed(seed, i)\`, the seed \`aces run FILE --seed S\`
  replays; each worst decision is listed with that command, its round, who decided and what.
- **Paired rollouts**: every option is played out on the same continuation seeds (the dice after the
  decision are the same for every option, the policy's own included), so two options differ by what they
  do, not by luck.
- **No winner's curse**: the best option is chosen on the first N rollouts — only if it beats the policy's choice clearly there (its 95% interval above 0; else the regret is 0) — and measured on N fresh ones.
  Taking the best of several noisy estimates on one batch would read equal options as a regret; on a fresh
  batch an option no better than the policy's measures ≈ 0.
- **Figures**, in points of win chance (0–100): each decision's regret with its 95% interval; the mean
  (with its interval over the decisions probed) and the 95th percentile, overall, per decision kind, per
  combatant and per GM rule (issue 33's tactics rules, when a combatant has them). The goals of issue 32:
  mean ≤ ${REGRET_GOALS.mean} point and 95th percentile ≤ ${REGRET_GOALS.p95} points (the bench, \`npm run bench -- tactics\`,
  measures them on every bundled sample). A decision's estimate carries noise (about ±${Math.round(196 / Math.sqrt(TACTICS_DEFAULTS.rollouts) / 2)} points at
  the default rollouts), so the 95th percentile of the estimates overstates the true one; more rollouts narrow it.
- **Cost**: about fights × points × options × 2 × rollouts fights played on one thread; the probe stops
  starting new decisions after \`--time\` seconds and says so. Ctrl-C stops it.

A system whose engine does not yet offer its decisions (\`play\`, the decision seam of \`model/system.ts\`)
is refused with one line.

## Options

\`\`\`
${help}
\`\`\`
`;
}
