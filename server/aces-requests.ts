// The aces/* requests (protocol/lsp-ext.ts) and the encounter commands the server runs for clients that do not
// (workspace/executeCommand): odds, tune and sweep on worker threads, cancellable; run, step and the fight view.

import {
  ErrorCodes,
  ResponseError,
  WorkDoneProgress,
  MessageType,
  ShowMessageNotification,
  ExecuteCommandRequest,
} from 'vscode-languageserver/node';
import { shortName } from '../model/message-text.js';
import { oddsSummary } from './service/actions.js';
import {
  Commands,
  type EncounterCommandArgs,
  EncounterOddsRequest,
  EncountersRequest,
  FightViewRequest,
  RunEncounterRequest,
  StepEncounterRequest,
  TuneRequest,
  SweepRequest,
} from '../protocol/lsp-ext.js';
import { cancellable, type Session } from './session.js';

/** aces/encounterOdds, aces/tune and aces/sweep: Monte Carlo on worker threads, with progress, cancellable. */
export function registerOddsRequests(s: Session): void {
  s.connection.onRequest(
    EncounterOddsRequest,
    s.guard('encounterOdds', null, async (p, token) => {
      const bad = badOddsParams(p);
      if (bad) return new ResponseError(ErrorCodes.InvalidParams, `aces/encounterOdds: ${bad}`);
      // On worker threads; cancelled by the request's token and by the next edit of the document.
      const k = s.key(p.uri);
      s.oddsRuns.get(k)?.abort();
      const abort = new AbortController();
      s.oddsRuns.set(k, abort);
      // one `$/progress` report per percent at most, when the client gave a token
      let shown = -1;
      const onProgress =
        p.workDoneToken === undefined
          ? undefined
          : (done: number, total: number) => {
              const pct = Math.floor((done / total) * 100);
              if (pct === shown) return;
              shown = pct;
              void s.connection.sendProgress(WorkDoneProgress.type, p.workDoneToken!, {
                kind: 'report',
                percentage: pct,
                message: `${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} combats`,
              });
            };
      try {
        return await cancellable(
          token,
          async (signal) => {
            const r = await s.service.encounterOdds({ ...p, uri: k }, signal, onProgress);
            if (r) s.refreshViews();
            return r;
          },
          abort,
          'cancelled: the document changed or the request was cancelled',
        );
      } finally {
        if (s.oddsRuns.get(k) === abort) s.oddsRuns.delete(k);
      }
    }),
  );
  s.connection.onRequest(
    TuneRequest,
    s.guard('tune', null, async (p, token) => {
      if (
        !p ||
        typeof p.uri !== 'string' ||
        typeof p.encounter !== 'string' ||
        typeof p.vary !== 'string' ||
        typeof p.target !== 'string'
      )
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/tune: needs { uri, encounter, vary, target } strings');
      const report = (message: string) => {
        if (p.workDoneToken !== undefined)
          void s.connection.sendProgress(WorkDoneProgress.type, p.workDoneToken, { kind: 'report', message });
      };
      return cancellable(token, async (signal) => {
        const r = await s.service.tune({ ...p, uri: s.key(p.uri) }, signal, (value, before) =>
          report(`try ${before + 1}: ${value}`),
        );
        return 'edit' in r ? { ...r, edit: { ...r.edit, uri: s.out(r.edit.uri) } } : r;
      });
    }),
  );
  s.connection.onRequest(
    SweepRequest,
    s.guard('sweep', null, async (p, token) => {
      if (!p || typeof p.uri !== 'string' || typeof p.encounter !== 'string' || typeof p.vary !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/sweep: needs { uri, encounter, vary } strings');
      const report = (message: string, percentage: number) => {
        if (p.workDoneToken !== undefined)
          void s.connection.sendProgress(WorkDoneProgress.type, p.workDoneToken, {
            kind: 'report',
            message,
            percentage,
          });
      };
      return cancellable(token, (signal) =>
        s.service.sweep({ ...p, uri: s.key(p.uri) }, signal, (value, k, n) =>
          report(`${value} (${k + 1} of ${n})`, Math.floor((100 * k) / n)),
        ),
      );
    }),
  );
}

/** What is wrong with aces/runEncounter's or aces/stepEncounter's params, as the request's error; undefined when nothing. */
function badFightParams(method: string, p: { uri?: unknown; encounter?: unknown; seed?: unknown } | null) {
  if (!p || typeof p.uri !== 'string' || typeof p.encounter !== 'string')
    return new ResponseError(ErrorCodes.InvalidParams, `${method}: needs { uri, encounter } strings`);
  if (
    p.seed !== undefined &&
    !(Number.isInteger(p.seed) && (p.seed as number) >= 0 && (p.seed as number) <= 0xffffffff)
  )
    return new ResponseError(ErrorCodes.InvalidParams, `${method}: seed must be a whole number 0 to 4294967295`);
  return undefined;
}

/** aces/runEncounter, aces/stepEncounter, aces/fightView, aces/encounters and the encounter commands. */
export function registerFightRequests(s: Session): void {
  s.connection.onRequest(
    RunEncounterRequest,
    s.guard('runEncounter', null, async (p) => {
      const bad = badFightParams('aces/runEncounter', p);
      return bad ?? s.service.runEncounter({ ...p, uri: s.key(p.uri) });
    }),
  );
  s.connection.onRequest(
    StepEncounterRequest,
    s.guard('stepEncounter', null, async (p) => {
      const bad = badFightParams('aces/stepEncounter', p);
      return bad ?? s.service.stepEncounter({ ...p, uri: s.key(p.uri) });
    }),
  );
  s.connection.onRequest(
    FightViewRequest,
    s.guard('fightView', null, (p) => {
      if (!p || !Number.isInteger(p.fight) || !Number.isInteger(p.at) || p.at < 0)
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/fightView: needs { fight, at } whole numbers');
      return s.service.fightView(p);
    }),
  );
  s.connection.onRequest(
    EncountersRequest,
    s.guard('encounters', null, (p) => {
      if (!p || typeof p.uri !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/encounters: needs { uri }');
      const r = s.service.encounters(s.key(p.uri));
      return r && { ...r, errors: r.errors.map((x) => ({ ...x, uri: s.out(x.uri) })) };
    }),
  );
  s.connection.onRequest(
    ExecuteCommandRequest.type,
    s.guard('executeCommand', null, async (p) => {
      if (!p || !s.client.serverCommands.includes(p.command as (typeof s.client.serverCommands)[number]))
        return new ResponseError(ErrorCodes.InvalidParams, `unknown command ${String(p?.command)}`);
      const a = p.arguments?.[0] as Partial<EncounterCommandArgs> | undefined;
      if (!a || typeof a.uri !== 'string' || typeof a.encounter !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, `${p.command}: arguments[0] must be { uri, encounter }`);
      const params = { uri: s.key(a.uri), encounter: a.encounter };
      // window/showMessage (a notification: showInformationMessage would be a request awaiting a choice)
      const say = (message: string, type: MessageType = MessageType.Info) =>
        void s.connection.sendNotification(ShowMessageNotification.type, { type, message });
      const cannot = () => {
        say(`"${shortName(String(a.encounter))}" cannot be simulated: it is gone or has errors.`, MessageType.Warning);
        return null;
      };
      if (p.command === Commands.runEncounter) {
        const r = await s.service.runEncounter(params);
        if (!r) return cannot();
        say(
          `${r.encounter}, seed ${r.seed}: ${r.outcome}. The log (${r.lines.length} entries) is this command's result, as aces/runEncounter's.`,
        );
        return r;
      }
      if (p.command === Commands.stepEncounter) {
        const r = await s.service.stepEncounter(params);
        if (!r) return cannot();
        say(
          `${r.encounter}, seed ${r.seed}: recorded for stepping (${r.events.length} events by ${r.unit} and ${r.largeUnit}); walk the result, ask aces/fightView ${r.fight} for the state.`,
        );
        return r;
      }
      const r = await s.service.encounterOdds(params);
      if (!r) return cannot();
      s.refreshViews();
      say(`${r.encounter}: ${oddsSummary(r)} (${r.runs.toLocaleString('en-US')} combats)`);
      return r;
    }),
  );
}

/** What is wrong with aces/encounterOdds params (they come from any client, typed or not), or undefined. */
export function badOddsParams(p: unknown): string | undefined {
  if (!p || typeof p !== 'object') return 'params must be an object { uri, encounter, runs?, seed? }';
  const o = p as Record<string, unknown>;
  if (typeof o.uri !== 'string') return '`uri` must be a string';
  if (typeof o.encounter !== 'string') return "`encounter` must be a string (the encounter's name)";
  if (
    o.runs !== undefined &&
    (typeof o.runs !== 'number' || !Number.isInteger(o.runs) || o.runs < 1 || o.runs > 100_000)
  )
    return '`runs` must be a whole number from 1 to 100000';
  if (
    o.seed !== undefined &&
    (typeof o.seed !== 'number' || !Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff)
  )
    return '`seed` must be a whole number from 0 to 4294967295';
  if (
    o.threads !== undefined &&
    (typeof o.threads !== 'number' || !Number.isInteger(o.threads) || o.threads < 1 || o.threads > 16)
  )
    return '`threads` must be a whole number from 1 to 16';
  if (o.detail !== undefined && typeof o.detail !== 'boolean') return '`detail` must be true or false';
  return undefined;
}
