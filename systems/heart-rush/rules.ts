// Each rule id of HEART-RUSH.md restated in one plain sentence of our own, for
// the hover on a diagnostic, `aces explain` and docs. Language codes (syntax,
// unknown-name…) come from model/diagnostics.ts.

export const RULE_TEXT: Readonly<Record<string, string>> = {
  // 1. Dice and resolution
  'HR-D1':
    'Only five dice exist, d4, d6, d8, d10 and d12, in that order; falling one size means one step down that ladder.',
  'HR-D2':
    "An attack adds the heart die, the die of the attacker's stance and the weapon die; the defense adds the heart die, the defender's die for that same stance and the armor bonus; a plain check is heart plus one ability.",
  'HR-D3':
    'Advantage and disadvantage levels are netted (at most 5 either way); each level rolls one more ability die, and the roll keeps its usual number of dice, the best or the worst.',
  'HR-D4':
    'Equal attack and defense deal nothing; a tied same-stance contest hurts no one; the resisting side wins a tied maneuver; tied players re-roll a timing contest.',
  'HR-D5':
    'Each combatant rolls from its own seeded stream; a `dice` script supplies its first results in a fixed order (heart, ability, weapon, might-bonus, extra dice), each 1–12 and fitting its die.',
  // 2. Combatant numbers
  'HR-N1':
    'The heart die is part of every attack, defense and check; it is d8 unless stated and only ever falls during a fight.',
  'HR-N2': 'The might, agility and cunning dice are d6 unless stated.',
  'HR-N3': 'Hit points have no formula: every combatant declares its maximum, and it must be above 0.',
  'HR-N4': 'Worn armor adds a flat bonus to defense rolls (0 with none) and may change speed.',
  'HR-N5': "Speed is 60 ft unless stated, plus the worn armor's modifier, and never below 0.",
  'HR-N6': 'Sizes run tiny, small, medium, large, huge, gargantuan; medium unless stated.',
  'HR-N7':
    'A creature has 2 hands unless stated and a weapon needs 0 to 2 (1 unless stated, Unarmed 0); free hands are what the weapon in hand leaves over.',
  'HR-N8':
    'Rush points pay for sidesteps and opportunity attacks; a fight starts with 2 unless stated and they never come back during it.',
  'HR-N9': 'Player characters go before non-players with the same agility die.',
  'HR-N10':
    'A weapon is melee (reach 5 ft) or ranged (range 60 ft) with a damage die; without weapons a combatant fights Unarmed, and of several carried weapons the first starts in hand.',
  // 3. Rounds and timing
  'HR-R1': 'Every round is an action phase followed by an engagement; there is no initiative and there are no turns.',
  'HR-R2':
    'Whoever has the larger agility die goes first; on equal dice players go before non-players, and tied players settle it with agility checks once, at the start.',
  'HR-R3':
    'The action phase runs in passes: everyone in timing order takes at most one step per pass, until a pass where no one moves.',
  'HR-R4':
    'Each new round gives back the action, the free dash and the free object interaction, and statuses start to fade from round 2.',
  'HR-R5':
    "Round 1 begins with the hidden combatants' strikes, then the attacks on the surprised, before the action phase.",
  // 4. Action phase
  'HR-A1': 'Each combatant has one action a round; once spent it is gone until the next round.',
  'HR-A2':
    'Abilities are not simulated; simulated combatants use only the basic actions and never spend an action twice.',
  'HR-A3':
    'A dash moves up to your speed; the first each round is free, a second one costs the action, and dashing can draw opportunity attacks.',
  'HR-A4':
    'A sidestep moves exactly 5 ft (or stands up) for the action or a rush point, and never draws opportunity attacks.',
  'HR-A5':
    'The first object interaction of a round is free and the rest cost the action; the simulator uses it only to ready another carried weapon.',
  'HR-A6':
    'Help spends the action to give an adjacent ally one level of advantage on its next roll this round; several Helps add up.',
  'HR-A7':
    'Trip: an off-balanced enemy that walks into a square next to you, and is at most one size larger, can be dropped prone there for free.',
  'HR-A8': 'Free-form actions such as stunts and intimidation are left to the GM and are not simulated.',
  // 5. Opportunity attacks
  'HR-O1':
    'An opportunity attack costs the action or a rush point and happens at once, before the step that triggered it goes on.',
  'HR-O2':
    'Opportunity attacks come from leaving your melee reach by a dash, dashing more than 5 ft within it, standing up without a sidestep, striking from hiding, or a surprised target.',
  'HR-O3':
    'The attacker of an opportunity attack picks the ability both sides roll; the target has no stance, so stance effects do not apply.',
  // 6. Movement and positioning
  'HR-P1':
    'The field is a grid of 5-ft squares: positions, reaches, ranges and speeds are multiples of 5 ft, distance is the larger of the two offsets, and two combatants never share a square.',
  'HR-P2':
    'A melee weapon hits within its reach and a ranged one within its range (adjacent included); only a melee weapon in hand threatens.',
  'HR-P3':
    'Movement goes square by square in 8 directions; allies may be passed through, enemies may not, and no move ends on an occupied square.',
  'HR-P4':
    'A `field` bounds the grid: every position lies between 0 and its width and height; without one the grid has no far edge.',
  'HR-P5':
    'A shove pushes straight away from its source 5 ft at a time, stops at an occupied square or the edge, provokes nothing, and breaks a grapple past 5 ft.',
  // 7. The engagement and stances
  'HR-E1':
    'Every round ends in an engagement everyone conscious joins: choose a stance in secret, reveal together, resolve.',
  'HR-E2':
    'The stances are might, agility, cunning and defensive; non-players choose first, all are revealed at once and none can change; a `stances` list scripts the first rounds in order.',
  'HR-E3':
    'Cunning beats agility, agility beats might, might beats cunning; defensive beats nothing and attacks no one, and each stance may attack only the stances listed for it.',
  'HR-E4':
    'Attacks resolve by phase, cunning then agility then might; within a phase they are simultaneous, so someone downed in its own phase still strikes.',
  'HR-E5': "A target must still be in reach or range when the attacker's phase comes.",
  'HR-E6':
    'Each combatant makes at most one engagement attack, on a valid enemy in reach chosen when its phase begins.',
  'HR-E7':
    "A cunning attack that hurts an agility-stance target also inflicts 2 levels of dazed, off-balanced or weakened (the attacker's `inflicts`).",
  'HR-E8': 'An agility attacker gets a free 5-ft sidestep just before or after its attack.',
  'HR-E9': "A might attack on a cunning-stance target adds the weapon's might bonus.",
  'HR-E10': 'A defensive combatant attacks no one, and damage that gets through its defense is halved, rounded up.',
  // 8. Attacks and defenses
  'HR-C1': 'Damage is the attack roll minus the defense roll, never below 0.',
  'HR-C2':
    'Attacker and target in the same stance both roll attacks without armor; the loser takes the difference, and each attack is its own contest. A target that cannot reach the attacker with the weapon it holds still contests, but winning only foils the attack.',
  'HR-C3': 'Defensive halving comes after the subtraction and before shrugging off.',
  'HR-C4': 'Help, statuses, cover and size in grapples all add levels of advantage or disadvantage, netted together.',
  'HR-C5':
    "The might bonus is one extra roll of the weapon's die unless the weapon gives a flat `might-bonus` instead (+0 turns it off).",
  // 9. Damage, wounds and death
  'HR-H1': 'Shrugging off halves a hit, rounded up, at the cost of one size of heart die; a d4 heart die cannot shrug.',
  'HR-H2': 'Damage comes off hit points, which can go below zero.',
  'HR-H3': 'A single hit of 10 or more taken is a wound whose rank is the damage taken.',
  'HR-H4': 'Healing cannot go past the maximum hit points minus the ranks of all wounds (not simulated).',
  'HR-H5': 'A wound is also an aspect of its rank, worth at most 5 points when invoked (not simulated).',
  'HR-H6':
    'One medicine check lowers every untreated wound by its result; a wound below 0 is gone, and each is treated once (not simulated).',
  'HR-H7':
    'At 0 hit points or below a combatant falls unconscious (at once in the simulator unless it `fights-on`) and stays so while at 0 or below.',
  'HR-H8': 'A combatant dies at minus its declared maximum hit points.',
  'HR-H9':
    'A hit goes: raw damage, defensive halving, shrug, subtract, wound, death, unconsciousness; the fallen take no further part.',
  // 10. Statuses
  'HR-T1':
    'Dazed, weakened, off-balanced and blinded stack up to 5 levels and each loses one level at the start of every later round.',
  'HR-T2':
    'Each level of dazed, weakened or off-balanced is one level of disadvantage on rolls of cunning, might or agility respectively.',
  'HR-T3': 'Each level of blinded is one level of disadvantage on attack and defense rolls.',
  'HR-T4':
    'Prone: worse attacks and melee defense, better defense against ranged; standing takes a sidestep or half a dash.',
  'HR-T5':
    'Grappled and grappling creatures cannot dash and roll attacks and defenses at a disadvantage; the grappled one may spend its action to break free.',
  'HR-T6':
    'A climber rides its much larger host, attacks it with 3 levels of advantage, and the host attacks it with 3 of disadvantage and may try to shake it off.',
  // 11. Special maneuvers
  'HR-M1':
    "A maneuver replaces the attack, only against an adjacent target whose stance yours strictly beats, and resolves after its phase's attacks.",
  'HR-M2':
    "A grapple is a might check against the target's might or agility, with a level of advantage per size of difference; it needs a free hand, and with only one the result is halved.",
  'HR-M3': 'Climbing on needs a target at least two sizes larger and a better might or agility check.',
  'HR-M4':
    "Hindering is a check in your stance's ability against the target's: a dirty strike, blinding, a trip (target at most one size larger) or a shove.",
  'HR-M5':
    'A shove moves the target 5 ft, 5 ft less per size it is larger and 5 ft more per size smaller, never below 0.',
  'HR-M6': 'Stunts are left to the GM and are not simulated.',
  // 12. Special circumstances
  'HR-S1':
    'A surprised combatant loses the whole first round, stance included, and prepared enemies get an opportunity attack on it; `hidden` and `surprised` exclude each other.',
  'HR-S2':
    'Helpless enemies are not killed outright; only a `relentless` combatant attacks them, by an opportunity attack.',
  'HR-S3':
    'Cover gives ranged attacks against it 1, 2 or 3 levels of disadvantage (light, heavy, superior) or forbids them (total), until the covered one moves.',
  // 13. Ending combat
  'HR-X1': 'A fight needs two or more sides with someone in each, and ends once at most one side has anyone conscious.',
  'HR-X2': 'A fight stops as a stalemate at its round cap, 50 unless `rounds` says otherwise.',
};
