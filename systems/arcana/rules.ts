// Every Arcana rule id (ARCANA.md) in one plain sentence of our own: the hover
// on a diagnostic and `aces explain AR-…`.

export const RULE_TEXT: Readonly<Record<string, string>> = {
  'AR-F1':
    'One Fate deck serves the whole table: 52 standard cards with no jokers, shuffled with the seed, unless the encounter names a deck.',
  'AR-F2': 'Cards count 2 to 10 at face value, J 11, Q 12, K 13, A 14; suits make no difference.',
  'AR-F3':
    'A flip turns up the top card and adds its value to a stat and bonuses; every card an action used is discarded when it ends.',
  'AR-F4':
    'An empty deck takes the discard pile back, reshuffled; with nothing left a flip is worth 0, and the opening deal plus initiative must fit in the deck.',
  'AR-F5':
    "Cards come off the deck in a fixed order: hands, then the Hand of Fate, then initiative, then each round's opposition card, then each action's cards.",
  'AR-F6': "No card is ever lost or doubled: deck, discards, hands and cards in play always add up to the deck's size.",
  'AR-H1':
    "Each character on the players' side starts with its own hand of Fate Cards, 3 unless `hand` says otherwise.",
  'AR-H2':
    'The GM keeps one Hand of Fate for the whole opposition, 3 cards unless `hand-of-fate` says otherwise; opposition characters hold none.',
  'AR-H3': 'No hand holds more than `hand-limit` cards (5): drawing past it throws away the lowest card.',
  'AR-H4':
    'Drawing a Fate Card puts the top card of the deck into a hand, unseen; it is not a flip and cannot be cheated.',
  'AR-H5': 'Hands are secret from the other side; a character Taken Out discards its hand.',
  'AR-C1':
    "Cheating Fate swaps one of your side's flips for a card from your hand; both cards are discarded after the action.",
  'AR-C2': "Every cheat, the GM's too, needs an aspect to invoke that fits the flip.",
  'AR-C3':
    'Attack, defense, maneuver and resisting flips and the opposition card can be cheated; initiative and unused aim cards cannot.',
  'AR-C4':
    "Once an action's cards are up, the acting side may cheat, then the other side, once each, and only then are the totals compared.",
  'AR-C5': 'The GM may swap the opposition card for one action only, or for the rest of the round.',
  'AR-C6':
    'The simulator cheats only when that changes the result, with the lowest card that does, and the GM always swaps the opposition card for the round.',
  'AR-S1': 'Aspects written in the file, on the encounter or on a character, last all fight and are never used up.',
  'AR-S2':
    "A maneuver's aspect is temporary: one invocation uses it, and it goes when its bearer is Taken Out or the fight ends.",
  'AR-S3':
    "An aspect fits a flip if it is a written scene aspect, the flipper's own written aspect, or a temporary one its side placed on the scene, the flipper or the opponent.",
  'AR-I1': 'Initiative is flipped once, card plus Alertness, and that order holds for the whole fight.',
  'AR-I2':
    "A group flips once and adds its stat block's Alertness once, not once per member (ruling ARS-13, as worked examples W11 and W12 count it); all its members act on that score.",
  'AR-I3': "Equal initiative goes to higher Alertness, then to the players' side, then to the earlier placement.",
  'AR-R1':
    'Each round the GM turns up the opposition card, everyone takes a turn in initiative order, and the card is discarded at the end.',
  'AR-G1': '`Name xN group "Label"` places N copies of a character that share one initiative.',
  'AR-G2': "On a group's turn each member still standing takes a full turn in order.",
  'AR-G3': 'Group members are separate characters for targeting, defense, Health and concession.',
  'AR-O1':
    "A fight has exactly two sides: the first side with a `player` is the players' side, the other the opposition.",
  'AR-O2':
    "One opposition card per round serves the whole opposition for as many flips as needed, and is discarded at the round's end.",
  'AR-O3': '`opposition-card` says which opposition flips use it: `defense` (answers to enemies), `all`, or `off`.',
  'AR-T1': 'A turn is declared in full, then resolved in that order, then concluded.',
  'AR-T2': 'A turn holds one simple and one complex action, or two simple ones, plus any free actions.',
  'AR-T3':
    'Free actions take no effort, simple ones need no flip, complex ones (attacks, maneuvers, spells, devices) are resolved by a flip.',
  'AR-T4': 'Aiming and channeling turn a card yet stay simple actions.',
  'AR-T5': "Aiming turns up a card; the same turn's ranged attack uses the better of it and its own flip.",
  'AR-T6': 'There is no map: anyone may attack any able enemy, and movement, doors and drawing weapons change nothing.',
  'AR-X1': 'Spells, gadgets, miracles, spirits and channeling are not simulated and have no keywords.',
  'AR-A1': "An attack compares the attacker's Attack Total with the target's Defense Total.",
  'AR-A2':
    'A melee attack adds Strength (Finesse for a `finesse` weapon), the flip, the weapon bonus and attack edges; one weapon, Unarmed +0 by default.',
  'AR-A3': 'A ranged attack adds Finesse, the flip, the weapon bonus and attack edges.',
  'AR-A4': 'Each defense is Agility plus a fresh flip, armor and defense edges.',
  'AR-A5': 'The attack hits only if its total is strictly higher than the defense.',
  'AR-A6': 'Starting Damage is how far the final Attack Total beat the final Defense Total.',
  'AR-A7': 'Edges are flat bonuses to attack, defense, damage or Toughness, 0 unless written.',
  'AR-D1': 'Damage is Starting Damage plus weapon bonus plus damage edges minus Toughness, and at least 1 on a hit.',
  'AR-D2':
    'Toughness is armor plus toughness edge; armor cannot be negative, and a written `toughness` that differs is kept with a warning.',
  'AR-D3': 'Health is 10 unless `health` says otherwise, and must be above 0.',
  'AR-D4': 'Damage lowers Health to no less than 0; at 0 the character is Taken Out and out of the fight.',
  'AR-M1': 'A maneuver changes the situation without force or damage: success places an aspect, failure does nothing.',
  'AR-M2':
    "An unopposed maneuver succeeds when stat plus flip reaches its TN (its own `tn`, else the encounter's, else 10).",
  'AR-M3': "An opposed maneuver must beat the opponent's `against` stat plus flip.",
  'AR-M4':
    'A maneuver aims at an opponent (opposed, no `tn`), itself (unopposed, no `against`) or the scene (either, not both).',
  'AR-M5': 'A successful maneuver on an opponent or the scene also draws a Fate Card; one on oneself does not.',
  'AR-M6': 'Everyone knows Press the Advantage: Finesse against Alertness, placing Off Balance on the opponent.',
  'AR-M7': 'Stat checks and devices are never chosen in a simulated fight.',
  'AR-E1':
    'A side concedes once more than half its characters are Taken Out (`concede all`: all of them), and the other side wins.',
  'AR-E2': 'If the round cap (`rounds`, 50) runs out, the fight is a stalemate.',
  'AR-L1': 'An Arcana file begins with `system arcana`, and uses only Arcana files.',
  'AR-N1': 'Every character has Strength, Finesse, Agility and Alertness, whole numbers from 1 to 6.',
};
