// Each rule id of RULES.md restated in one or two plain sentences, for the
// hover on a diagnostic ("the rule behind it, with its id"), `aces explain` and
// docs. Language codes (syntax, unknown-name…) come from model/diagnostics.ts.

export const RULE_TEXT: Readonly<Record<string, string>> = {
  'HA-C1': 'Card values: number cards count their face value; Jack 11, Queen 12, King 13, Ace 14.',
  'HA-C2': 'Each suit belongs to a stat: ♥ Heart, ♣ Body, ♦ Mind, ♠ Spirit.',
  'HA-C3':
    'Every combatant fights with its own deck: a shuffled standard 52-card deck unless the encounter gives it a homebrew or a stacked one.',
  'HA-C4':
    "A played card goes face up onto its owner's fatigue pile; cards drawn but not played go under the deck, in the order drawn.",
  'HA-C5':
    "If a draw needs a card and the deck is empty, the fatigue pile is shuffled back in and the draw goes on (not for a Broken combatant's stabilization draw).",
  'HA-C6': "Cards are never created or lost: deck, fatigue, hand and removed cards always add up to the deck's size.",
  'HA-K1': 'A check draws as many cards as the stat called, never fewer than 2.',
  'HA-K2':
    'Play one card: its effective value is its value, plus the stat when the suit matches that stat (Resonance).',
  'HA-K3':
    'A check succeeds when the effective value reaches the DC. Bands: Routine 5–6, Moderate 7–9, Hard 10–12, Very Hard 13–15, Nearly Impossible 16+.',
  'HA-K4':
    'Modifiers to the effective value (multi-Strike penalty, Assist, Brawler, team bonuses, Weakened) are added after Resonance.',
  'HA-N1':
    'The four stats (Heart, Body, Mind, Spirit) are whole numbers from 1 to 6; 0 or more than 6 is homebrew, negative is an error.',
  'HA-N2': 'Passive Guard is 5 + Body + armor. A different declared Guard is a homebrew value and is warned about.',
  'HA-N3': 'Resolve defends against Spirit and Heart effects. When not declared it is assumed to be 5 + Spirit.',
  'HA-N4': 'Vitality has no formula: it must be declared, and above 0.',
  'HA-Z1': 'Zones are named areas; the GM says which zones are adjacent. A Stride moves to an adjacent zone.',
  'HA-Z2':
    'Range comes from zone distance: same zone is Engaged, one zone away is Near, two or more is Far; no path means out of range.',
  'HA-Z3':
    'A weapon reaches its farthest band and anything closer: melee Engaged, thrown Near, ranged and firearms Far.',
  'HA-I1': 'Initiative: everyone draws one card at the start of combat; highest value acts first, for the whole fight.',
  'HA-I2': 'Initiative ties go ♠ > ♦ > ♣ > ♥, then to the order of declaration.',
  'HA-I3': 'Wielding any Heavy weapon costs 1 point of initiative.',
  'HA-I4': 'Quick Draw: draw 2 cards for initiative and keep the better one.',
  'HA-I5':
    'Seize Initiative (round 2 on, 1 action): discard the top card and draw a new one to act at its value this round.',
  'HA-I6':
    'Combat ends when a side has nobody able to act, or at the round cap (50 unless the encounter says otherwise) as a stalemate.',
  'HA-A1': 'Stride (1 action): move one zone.',
  'HA-A2': 'Dash (2 actions): move two zones.',
  'HA-A3': 'Strike (1 action): attack with a weapon.',
  'HA-A4': 'A Technique costs 1 to 3 actions, as written on it; a turn has 3 actions.',
  'HA-A5': 'Active Guard (2 actions): draw Body and play a card; its value replaces Guard until your next turn.',
  'HA-A6': 'Interact (1 action): pick up a weapon, open a door, drink a potion.',
  'HA-A7': 'Assist (1 action): an ally in your zone gets +1 on its next check this round.',
  'HA-A8': 'Recall (1 action): a Mind check for lore; it does not change the fight.',
  'HA-A9':
    'Recover (2 actions): return your highest cards from fatigue to the deck, as many as your best stat, then shuffle.',
  'HA-A10': 'Stabilize an ally (1 action): see HA-B4.',
  'HA-R1': 'One Reaction per round, refreshed at the start of your turn.',
  'HA-R2': 'Brace: when an enemy moves into your zone you may Strike it for free with a weapon that reaches Engaged.',
  'HA-R3': 'Only one Reaction answers any one trigger.',
  'HA-S1':
    "A Strike draws the weapon's stat (Body for melee and thrown, Mind for ranged and firearms), at least 2 cards, and hits when the effective value reaches the target's Guard.",
  'HA-S2':
    "Damage is (effective value − defense) + the weapon's bonus (+ a technique's bonus); an exact tie still deals the bonus.",
  'HA-S3':
    'A hit that beats the defense by 6 or more is a critical: add the attack stat to the damage, and the card goes under the deck instead of to fatigue.',
  'HA-S4': 'Several Strikes in one turn: the 2nd is at −2, the 3rd at −4.',
  'HA-S5': 'Quick and Combo weapons make their 2nd Strike without the −2 (the 3rd is still −4).',
  'HA-S6':
    'With two Light weapons the 2nd Strike may use the off-hand, without penalty and with only its bonus; the 3rd is −4.',
  'HA-W1': 'Heavy costs 1 initiative; Light allows dual wielding; Thrown reaches Near with Body.',
  'HA-W2':
    'Keen crits at 5 over; Brutal adds twice the stat on a crit; Staggering stuns; Sweeping splashes half the damage to another enemy in the zone; Disarming knocks the weapon away.',
  'HA-W3': 'Scatter (firearms): one draw against every target in a zone, with 1 less bonus damage.',
  'HA-W4':
    'Improvised weapons: a light one is +0, Body, melee and can be thrown at Near; a heavy one is +1, Heavy, never thrown. Both break on a crit.',
  'HA-W5': 'Brawler: +2 to the effective value of unarmed and improvised attacks.',
  'HA-W6': 'Unarmed is a +0, Body, melee weapon; a disarmed combatant fights unarmed until it spends Interact.',
  'HA-T1': 'Stunned: lose one action on the next turn, then it clears.',
  'HA-T2': 'Prone: standing up costs the first action of the turn.',
  'HA-T3': 'Weakened: −1 to checks until the end of the next turn.',
  'HA-B1': 'At 0 Vitality a combatant is Broken: unconscious and out of the fight; Vitality never goes below 0.',
  'HA-B2':
    'A Broken combatant draws a card each turn: an Ace stabilizes it at 1 Vitality, a face card holds on, 2–10 is a Failing Draw.',
  'HA-B3': 'Three Failing Draws, or an empty deck when it must draw, and the Broken combatant is Defeated.',
  'HA-B4':
    'An ally in the same zone can spend an action on a Heart check, DC 10 + 2 per Failing Draw, to bring it back to 1 Vitality.',
  'HA-B5': 'Hitting a Broken combatant does nothing more; default tactics leave them alone.',
  'HA-L1':
    'Link Strike (option): two allies acting back to back hit the same target with one combined check, +2 to the better value and +3 damage.',
  'HA-U1':
    'Team Ultimate (option): once per combat, with 3 or more player characters, a Lead and Supports combine into one big attack.',
  'HA-M1': 'Dual techniques: one draw, compared against two targets separately.',
  'HA-M2': 'Sweep techniques: one draw, compared against every enemy in a zone.',
  'HA-F1':
    'Falling deals 1 damage per 10 ft; a Body check against DC 8 + 1 per 10 ft halves it; a soft landing halves it first. Never a crit.',
  'HA-F2':
    'A zone may have a height, and a drop is a one-way link down into another zone; taking it is a Stride that ends in a fall.',
};
