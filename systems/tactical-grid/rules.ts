// Each rule id of TACTICAL-GRID.md restated in one plain sentence of our own,
// for the hover on a diagnostic, `aces explain` and docs. Language codes
// (syntax, unknown-name…) come from model/diagnostics.ts.

export const RULE_TEXT: Readonly<Record<string, string>> = {
  // Combat sheet
  'TG-N1':
    'Speed is AGI + 3 squares per move (4–8 for stats 1–5); a combatant that starts its turn next to an able enemy moves only 1 square that whole turn, Dash included.',
  'TG-N2': 'Range is PER (1–5): how far away a target, or the square an action works on, may be.',
  'TG-N3': 'Attack is COM + 1 (2–6), the base bonus of offensive rolls.',
  'TG-N4': 'Defense is TOU + 1 (2–6), the base bonus of defensive rolls.',
  'TG-N5': 'The tactics pool holds PRO uses for the whole combat.',
  'TG-N6': 'The effects pool holds as many uses as the special stat.',
  'TG-N7': 'The support pool holds WIS uses, one more each for Potion Seller and Miracle Worker.',
  'TG-N8': 'The analysis pool holds INT questions.',
  'TG-N9': 'The reactions pool holds CHA uses.',
  'TG-N10':
    'Stats are whole numbers from 1 to 5: a missing one counts as 1, 0 or above 5 is homebrew (warned), a negative one is an error.',
  'TG-N11':
    'Pools start full, never refill and never go below 0; a declared number that differs from its formula is kept as homebrew and warned about.',
  'TG-N12':
    "This turn's speed and range start from the sheet, adjusted by adjacency, Hinder, the encounter's rules and Bolster (never below 1 unless an immobile 0); Deadeye, Runic Tattoo and Rage add on top.",
  // Grid and facing
  'TG-G1':
    'Squares are named by column letters and row number, a1 at the top left as written, at most 100 each way; outside the map nothing can stand and it counts as an obstacle for Corner and collisions.',
  'TG-G2':
    'A hex map has pointy-top hexes with even rows shifted half a hex to the right, giving six neighbours per hex.',
  'TG-G3': 'No two able combatants share a square; a placement of N copies names N squares.',
  'TG-G4':
    'Adjacent means distance 1: the eight surrounding squares (diagonals included) or the six surrounding hexes.',
  'TG-G5': 'Distance is the larger of the column and row differences on squares, and the hex-step count on hexes.',
  'TG-F1': 'On a square grid a combatant faces north, east, south or west.',
  'TG-F2':
    'On a hex grid a combatant faces one of its six sides: east, north-east, north-west, west, south-west or south-east.',
  'TG-F3': 'Facing is set when placed and at the end of each of its own turns, and at no other time; pushes keep it.',
  'TG-F4':
    "A square lies in a combatant's back sector when it is at least 135° (hexes: 150°) away from where it faces.",
  'TG-F5': 'The behind square is the neighbour directly opposite the facing.',
  // Movement
  'TG-M1':
    "The move action goes up to this turn's speed and may be split around other actions; a Dash is one more unsplit move up to speed.",
  'TG-M2':
    'Each step into a neighbouring square costs 1, 2 if the square is difficult, and never more than the movement left.',
  'TG-M3':
    'No step enters an obstacle, the off-map or an able enemy; allies and OUT markers can be crossed but not stopped on.',
  'TG-M4': 'A diagonal step may not squeeze between two obstacles that meet at the corner it crosses.',
  // Range and LOS
  'TG-L1':
    'A targeted action needs its target within range and in line of sight; support may target oneself, and Protect needs adjacency instead.',
  'TG-L2':
    'On squares, line of sight runs between centres and is blocked by an obstacle whose inside it crosses, or by two obstacles touching at a corner it passes through.',
  'TG-L3':
    'On hexes, line of sight follows the hex line nudged slightly either way; it is clear if either nudged line avoids every obstacle.',
  'TG-L4':
    'A combatant whose story gives it no ranged attack is marked `melee`: it attacks only adjacent targets, though its other targeted actions use its range.',
  'TG-L5': "Attack reach is 1 for a `melee` combatant and this turn's range for anyone else.",
  // Turns
  'TG-T1':
    "Sides take turns in the order they are declared, starting with the encounter's `first` side (the first declared by default); a fight needs at least two sides.",
  'TG-T2': "On its side's turn one able member that is not exhausted acts.",
  'TG-T3': 'Acting exhausts a combatant; once every able member of a side is exhausted, they all recover.',
  'TG-T4': 'A turn has one main action, one move action and any extra actions its pools allow, in any order.',
  'TG-T5': 'The main action is a roll (an attack), a Dash, recovering one of its own exhausted tags, or Ready.',
  'TG-T6':
    "Ready holds an attack until an enemy steps into reach and sight; it resolves after that step and lapses when the readier's next turn starts.",
  'TG-T7':
    'A round is one turn of every side; the fight ends when at most one side has able combatants, or as a stalemate after the round cap.',
  'TG-T8':
    "A turn starts with hazards, the end of stealth and Ready, this turn's speed and range, Taunt and Bolster; an actor put OUT there ends its side's turn.",
  // Rolls
  'TG-R1': 'A roll is d20 plus its modifier against a difficulty; meeting it succeeds.',
  'TG-R2':
    'A natural 20 (the `crit` face or more) is a critical success and a natural 1 (the `fumble` face or less) a critical failure, whatever the total; crit must lie in 2–20, fumble in 0–19 and below crit.',
  'TG-R3':
    "The modifier is Attack or Defense plus one ready tag's stars (the tag is then exhausted; 1 star less for the other kind of roll), drive spent and Help; a tag has 1–5 stars.",
  'TG-R4':
    'A failure brings banes by difficulty (1 up to 12, then one more per 3 points, at most 6), twice as many on a critical failure.',
  'TG-R5':
    "The simulated GM turns each bane into 1 stress on the roller, sourced from the roll's NPC opponent or the nearest enemy that has the roller in range.",
  'TG-R6':
    'A bane may instead move any combatant one square; the engine offers it but the simulated GM never picks it.',
  'TG-R7':
    'Boons, doubling down and story banes are not simulated, and a critical success on defense is just a success.',
  // Attacks
  'TG-A1': 'An attack picks one combatant within reach and line of sight.',
  'TG-A2': "A sheet attacking an NPC rolls offense against the NPC's current difficulty.",
  'TG-A3':
    "An NPC attacking a sheet makes the sheet roll defense against the NPC's difficulty, plus 1 per tactic condition the NPC meets.",
  'TG-A4':
    'Two NPCs do not roll: the higher difficulty (with tactic conditions) deals 1 damage to the other, a tie nothing.',
  'TG-A5': "A sheet attacking a sheet rolls offense against 10 plus the target's Defense.",
  'TG-A6': "A success deals 1 damage, a critical success 2, a failure none; the roller's failures bring banes.",
  // Tactics
  'TG-X1':
    'After rolling, a sheet attacker may pay 1 tactics per tactic whose condition holds for +1 damage each, each tactic once per attack; NPCs raise their difficulty instead.',
  'TG-X2': "Backstab: the attacker stands in the target's back sector.",
  'TG-X3': "Corner: the target's behind square is an obstacle, the off-map or an able ally of the attacker.",
  'TG-X4':
    "Charge: before attacking, its only movement was one straight run costing exactly its speed, ending next to a target that was not next to the run's start.",
  'TG-X5': "Line Up: at the start of its turn, the target stood exactly at the attack's range.",
  'TG-X6': 'High Ground: the attacker stands at least one height level above the target.',
  // Effects
  'TG-E1': 'After the roll and tactics, a sheet attacker may pay 1 effects per effect, each effect once per attack.',
  'TG-E2': 'Move pushes the target one square; into an obstacle or combatant it is a collision, once per turn.',
  'TG-E3':
    "Splash deals the attack's base damage to every able combatant next to the target except the attacker, allies included.",
  'TG-E4':
    "Weaken takes 1 star for the rest of the combat from the target's strongest tag (an NPC's difficulty drops with it).",
  'TG-E5': "Hinder makes the target's speed or range 1 from now until its next turn is over.",
  'TG-E6': "Stun stops the target acting at its side's next turn while another member can act; then it ends.",
  // Support, analysis, reactions
  'TG-S1':
    'Support is used on its own turn from the support pool, on itself or an ally in range and sight who is not OUT.',
  'TG-S2': 'Heal costs 1 and removes 1 stress (an NPC regains 1 health up to its start).',
  'TG-S3': 'Recover costs 2 and readies one exhausted tag of a sheet.',
  'TG-S4': 'Buff costs 2 and gives a sheet 1 drive.',
  'TG-Q1': 'Analysis spends 1 per question about an enemy; the simulator already knows everything and never asks.',
  'TG-Y1':
    "Reactions are paid from the pool when their trigger happens, on anyone's turn, one per reactor per trigger.",
  'TG-Y2': "Help adds 1 to an ally's roll, declared before it rolls.",
  'TG-Y3': 'Bolster gives an ally +1 speed or +1 range for the turn it is starting.',
  'TG-Y4': 'Protect takes some or all of the stress an adjacent ally is about to take.',
  'TG-Y5': "Taunt, at an enemy's turn start, forces it to attack the taunter this turn if it can.",
  'TG-Y6': 'Command, when its side picks an actor, lets an exhausted ally act.',
  // Damage, defeat, NPCs
  'TG-D1': 'A sheet combatant has 6 stress boxes unless stated (above 0); when they are full it is OUT.',
  'TG-D2': 'An NPC has health above 0; at 0 it is OUT, or dead and gone if it is marked `at-zero dies`.',
  'TG-D3': 'The OUT neither act, react nor get targeted, and their markers block nothing; the dead leave the map.',
  'TG-D4': '1 damage is 1 stress to a sheet and 1 health to an NPC; both are harm.',
  'TG-P1':
    'An NPC is a combatant with a difficulty, a health, a speed and a range; it never rolls, so attack, defense, drive and stats do not apply to it.',
  'TG-P2': 'NPCs take no extra actions unless given a pool, which is homebrew and warned about.',
  'TG-P3': 'Any combatant, NPC or sheet, may have abilities.',
  'TG-P4': 'A side character written with the standard stats is a sheet combatant, player or not.',
  // Terrain, rules, forced movement
  'TG-K1': 'Entering difficult terrain costs 1 more.',
  'TG-K2':
    'An obstacle blocks sight and cannot be entered or stood on, unless the GM marks it `enterable` (it still blocks sight).',
  'TG-K3': 'A hazard deals 1 harm on every entry, pushes included, and to whoever starts a turn on it.',
  'TG-K4': 'Each square has a height level, 0 unless the map says otherwise; only High Ground uses it.',
  'TG-K5':
    "An encounter's `rules { }` may shift range and speed, move the crit and fumble faces, fix banes per failure and set stress boxes.",
  'TG-Z1': 'Forced movement goes square by square, ignoring cost, speed and facing; entering a hazard still harms.',
  'TG-Z2':
    'A push into an obstacle, the off-map or a combatant stops the target and deals 1 damage to it and to that combatant, once per turn per source.',
  'TG-Z3':
    'An area next to something covers every able combatant at distance 1 from it, any side, except the source and anyone hidden from it.',
  // Abilities
  'TG-B0':
    "`abilities` lists built-in abilities among the chapter's ten; their once-per-combat uses reset each combat, and an unknown name is an error.",
  'TG-B1': 'Deadeye: an attack at distance 2 or more may add 1 or 2 to range; a `melee` combatant cannot use it.',
  'TG-B2':
    'Into the Shadows: once, enemies cannot target it until its next turn starts, though it still fills its square.',
  'TG-B3': "Potion Seller: one more support, and supporting an ally may spend that ally's support pool too.",
  'TG-B4':
    'Vengeful Hex: once, an enemy that causes it stress takes 1 damage at any distance, even for the stress that takes it OUT.',
  'TG-B5': 'Miracle Worker: one more support, and once it brings an adjacent OUT ally back with 1 stress removed.',
  'TG-B6': 'Combat Gurney: after each of its steps it may drag an adjacent ally into the square it left.',
  'TG-B7': 'Runic Tattoo: once, an ally in range gets +1 Attack and Defense for the combat (an NPC +1 difficulty).',
  'TG-B8':
    'Still Life: twice, it raises an obstacle on an empty square in range and sight that anyone next to it may remove with a main action.',
  'TG-B9':
    'Knockback: once per attack that damages an enemy, it may push it 1 or 2 squares straight away from the attacker.',
  'TG-B10': 'Rage: the first time it takes stress it gains +2 Attack for the combat.',
  // Simulator
  'TG-V1':
    'Each combatant rolls from its own seeded stream (scripted `dice` faces, 1–20, come first), so the same file and seed give the same log.',
  'TG-V2':
    'Each side turn the simulator picks the member whose best plan most likely puts an enemy OUT, then deals most harm, then placement order.',
  'TG-V3':
    'Paths are cheapest first with ties broken by fewest diagonals and a fixed neighbour order; hazards are avoided when possible.',
  'TG-V4':
    'Sheets use support for revivals, Runic Tattoo and heals of allies about to go OUT; a `healer` heals, recovers and buffs more freely.',
  'TG-V5':
    'A plan is a reachable square and an enemy attackable from it, ranked by chance of OUT, expected harm, difficulty, threats and cost (`focus-weakest`, `nearest`, `hold` change the ranking).',
  'TG-V6':
    'An attack spends tags, drive and Help only when the roll matters, then tactics while the pool lasts and at most one effect.',
  'TG-V7': 'With no plan it Readies (`hold`), recovers a tag, or moves and Dashes toward its target.',
  'TG-V8':
    'Reactions fire by fixed rules: Help on decisive rolls, Bolster when it creates a plan, Protect against going OUT, Taunt for `guard`, Command when it helps.',
  'TG-V9':
    'At the end of its turn a combatant faces so that the fewest able enemies stand in its back sector, then toward the nearest enemy.',
  // Odds
  'TG-O1':
    'Single rolls, attacks and stress from failures have exact odds over the 20 faces; whole fights are Monte Carlo.',
  'TG-O2':
    "Hovers show a difficulty's banes and hit chances, a sheet's Attack and Defense odds, and per-placement conditions and outcome splits; a placement also says whether Charge and Line Up would be met if its turn came now, and why not.",
};
