// What two or more allies do together: the Link Strike (HA-L1), declared on
// one turn and resolved on the partner's, and the Team Ultimate (HA-U1).

import * as cards from '../cards.js';
import type { CheckDraw, TargetResult } from '../events.js';
import * as compiled from '../compile.js';
import * as T from '../policy/tactics.js';
import { CombatActions } from './actions.js';
import * as attack from './attack.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { canSupport, explain, linkPartner } = T;
const { cardSuit } = cards;
const { SLOTS, W_BRUTAL, W_IMPROVISED, W_KEEN, W_UNARMED, inBand } = compiled;
const { strikeLabel } = attack;

export class CombatTeamwork extends CombatActions {
  /**
   * HA-L1: the first of two consecutive allies commits 1 action; the partner resolves it on its turn.
   * The Link replaces a Strike of the declaring ally (HA-S4): its draw takes the penalty of its Strike
   * number now, and its later Strikes this turn count the Link.
   */
  protected declareLink(c: number, target: number): void {
    this.actions--;
    const p = linkPartner(this, c);
    if (p < 0) return;
    const as = this.mainSlot(c);
    this.linkPen[p] = this.strikePenalty(c, as);
    this.linkNo[p] = this.strikes + 1;
    this.strikes++;
    this.lastStrikeSlot = as;
    this.linkTarget[p] = target;
    this.linkFrom[p] = c;
    if (this.sink)
      this.sink.push({
        type: 'link-declare',
        actor: this.k.ids[c],
        partner: this.k.ids[p],
        target: this.k.ids[target],
        reason: explain(this),
      });
  }

  /** HA-L1 resolution at the partner's turn: both draw, higher EV + 2 compared once; damage from the higher's weapon + 3; a crit adds both stats. */
  protected resolveLink(p: number): void {
    const k = this.k;
    const a = this.linkFrom[p];
    const t = this.linkTarget[p];
    this.linkTarget[p] = -1;
    this.linkFrom[p] = -1;
    const as = a >= 0 ? this.mainSlot(a) : 0;
    const ps = this.mainSlot(p);
    let why = '';
    if (a < 0 || !this.able(a)) why = 'the declaring ally can no longer act';
    else if (!this.able(t)) why = 'the target is already down';
    else if (!inBand(this.dist(a, t), k.wReach[a * SLOTS + as]))
      why = "the target is out of the declaring ally's reach";
    else if (!inBand(this.dist(p, t), k.wReach[p * SLOTS + ps])) why = 'the target is out of reach';
    if (why) {
      if (this.sink)
        this.sink.push({
          type: 'link-fizzle',
          actor: a >= 0 ? k.ids[a] : '?',
          partner: k.ids[p],
          target: k.ids[t],
          why,
        });
      return;
    }
    this.actions--;
    // Both draw simultaneously. HA-L1 + HA-S4: the Link counts as a Strike for each partner: the declaring
    // ally's penalty was fixed when it declared; the partner's is its own Strike number now, and its later
    // Strikes this turn count the Link.
    const penA = this.linkPen[p],
      noA = this.linkNo[p];
    const penP = this.strikePenalty(p, ps),
      noP = this.strikes + 1;
    this.strikes++;
    this.lastStrikeSlot = ps;
    const wa = a * SLOTS + as,
      wp = p * SLOTS + ps;
    const sta = k.wStat[wa],
      stp = k.wStat[wp];
    const ba = k.brawler[a] && k.wFlags[wa] & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const bp = k.brawler[p] && k.wFlags[wp] & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const ma = penA + ba + this.checkMod(a);
    const mp = penP + bp + this.checkMod(p);
    this.drawHand(a, k.draws[a * 4 + sta]);
    this.drawHand(p, k.draws[p * 4 + stp]);
    const pia = this.pickBest(a, sta);
    const pip = this.pickBest(p, stp);
    const ca = pia >= 0 ? this.hand[a * this.H + pia] : -1;
    const cp = pip >= 0 ? this.hand[p * this.H + pip] : -1;
    const eva = ca >= 0 ? this.cardEv(a, ca, sta) + ma : -99;
    const evp = cp >= 0 ? this.cardEv(p, cp, stp) + mp : -99;
    // primary: the higher EV (ties: the partner whose turn it is)
    const prim = eva > evp ? a : p;
    const sec = prim === a ? p : a;
    const pw = prim === a ? wa : wp;
    const pst = prim === a ? sta : stp;
    const ev = Math.max(eva, evp) + 2;
    const f = k.wFlags[pw];
    const psv = k.stats[prim * 4 + pst];
    const secSt = sec === a ? sta : stp;
    const critAdd = (f & W_BRUTAL ? 2 * psv : psv) + k.stats[sec * 4 + secSt];
    const dc = this.guardOf(t);
    const hit = (ca >= 0 || cp >= 0) && ev >= dc;
    const margin = ev - dc;
    const crit = hit && margin >= (f & W_KEEN ? 5 : 6);
    const dmg = hit ? Math.max(0, margin + k.wBonus[pw] + 3 + (crit ? critAdd : 0)) : 0;
    let chkA: CheckDraw | null = null,
      chkP: CheckDraw | null = null;
    if (this.sink) {
      chkA = this.snap(a, sta, pia, this.mods(a, penA, strikeLabel(noA), ba));
      chkP = this.snap(p, stp, pip, this.mods(p, penP, strikeLabel(noP), bp));
    }
    this.assist[a] = 0;
    this.assist[p] = 0;
    // the primary's card follows the crit rule; the other played card goes to fatigue
    this.settleHand(a, pia, crit && prim === a);
    this.settleHand(p, pip, crit && prim === p);
    const vb = this.vit[t];
    if (hit) this.hurt(t, dmg, prim);
    this.tgt[0] = t;
    this.resHit[0] = hit ? 1 : 0;
    this.resCrit[0] = crit ? 1 : 0;
    this.resDmg[0] = dmg;
    if (this.sink && chkA && chkP) {
      const pc = prim === a ? chkA : chkP;
      const sc = prim === a ? chkP : chkA;
      const check: CheckDraw = { ...pc, modifiers: [...pc.modifiers, { label: 'Link', value: 2 }], ev: pc.ev + 2 };
      const r: TargetResult = {
        target: k.ids[t],
        defense: this.activeGuard[t] >= 0 ? 'active guard' : 'guard',
        dc,
        hit,
        crit,
        vitalityBefore: vb,
        vitalityAfter: this.vit[t],
      };
      if (hit)
        r.damage = {
          margin,
          weapon: k.wBonus[pw],
          technique: 0,
          crit: crit ? critAdd : 0,
          scatter: 0,
          link: 3,
          ultimate: 0,
          total: dmg,
        };
      this.sink.push({
        type: 'attack',
        kind: 'link',
        actor: k.ids[prim],
        using: k.wName[pw],
        technique: null,
        cost: 1,
        check,
        results: [r],
        cardTo: crit ? 'bottom' : 'fatigue',
        partners: [{ id: k.ids[sec], check: sc }],
        reason: `Link Strike declared by ${k.ids[a]}, resolved on ${k.ids[p]}'s turn`,
      });
    }
    this.sideEffects(prim, 1, f, prim === a ? as : ps);
  }

  /** HA-U1: Lead spends 2 actions, each Support its Reaction; EV = Lead's + matches + 3; damage + 2 per Support. */
  protected ultimate(c: number): void {
    const k = this.k;
    this.actions -= 2;
    this.ultimateUsed = 1;
    const slot = this.mainSlot(c);
    const w = c * SLOTS + slot;
    const st = k.wStat[w];
    let ns = 0;
    const sup = this.tmp;
    for (let i = 0; i < k.n; i++) if (canSupport(this, c, i)) sup[ns++] = i;
    let matches = 0;
    const partners: { id: string; check: CheckDraw; match?: boolean }[] = [];
    for (let j = 0; j < ns; j++) {
      const s = sup[j];
      this.reactionUsed[s] = 1;
      const got = this.drawHand(s, 1);
      const card = got ? this.hand[s * this.H] : -1;
      const match = card >= 0 && cardSuit(card) === st;
      if (match) matches++;
      if (this.sink) {
        const ck = this.snap(s, st, got ? 0 : -1, []);
        ck.resonance = 0;
        ck.ev = match ? 1 : 0;
        partners.push({ id: k.ids[s], check: ck, match });
      }
      this.settleHand(s, got ? 0 : -1, false);
    }
    // targets: a zone (every able enemy there) or one enemy, chosen by the tactics
    let nt = 1;
    if (this.dZone >= 0) nt = this.enemiesInZone(c, this.dZone, this.tgt);
    else this.tgt[0] = this.dTarget;
    const f = k.wFlags[w];
    const brawler = k.brawler[c] && f & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const m = brawler + this.checkMod(c);
    if (this.sink) this.partners = partners;
    this.resolveAttack(c, 'ultimate', st, k.draws[c * 4 + st], m, 0, '', brawler, nt, slot, -1, matches + 3, 2 * ns, 2);
  }
}
