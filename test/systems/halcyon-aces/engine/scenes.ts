// Scene encounters for issue 32's Halcyon Aces failures, each a small fight written out: the scene tests
// (play-well.test.ts) play them, and the regret probe measures the policy on them (docs/TACTICS.md).

/** The fresh Quarry Ledge's roster (fresh/quarry-ledge.aces), shared by the scenes set on its ledge. */
const QUARRY = `weapon Axe { melee +2 }
weapon Sling { ranged +0 }
weapon Spear { melee +2 }
weapon Shortbow { ranged +1 }
character Bandit { heart 2 body 3 mind 1 spirit 1  vitality 10  wields Axe }
character Slinger { heart 1 body 2 mind 3 spirit 1  vitality 7  wields Sling }
character Warden { heart 3 body 4 mind 1 spirit 1  vitality 22  armor 1  wields Spear }
character Tracker { heart 2 body 2 mind 4 spirit 1  vitality 14  wields Shortbow }
`;

/** The fresh Chapel Vault's roster (fresh/chapel-vault.aces) less its Hound, shared by the scenes set in its vault. */
const CHAPEL = `weapon Mace { melee +2 }
weapon Dagger { melee +0 light }
weapon Glaive { melee +3 heavy }
technique Smite { cost 1  stat spirit  against resolve  range near  bonus +2 }
character Priest { heart 4 body 2 mind 2 spirit 4  vitality 14  wields Dagger  techniques Smite  tactics support }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 22  armor 1  wields Mace }
character Squire { heart 2 body 3 mind 1 spirit 1  vitality 12  wields Dagger }
character Gaoler { heart 2 body 5 mind 1 spirit 2  vitality 34  armor 1  wields Glaive }
`;

/** The Chapel Vault scenes' nave, stair and vault, and the pilgrims in them (E-P5's and E-P7's scenes). */
const CHAPEL_NAVE = `  seed 1
  rounds 30
  zone nave { adjacent stair }
  zone stair { adjacent nave, vault }
  zone vault { adjacent stair }
  side pilgrims { Priest at nave
    Knight at stair
    Squire at stair }
`;

export const SCENES: Record<string, string> = {
  // HA-I5 vs HA-A4: a caster whose turn is one cost-3 technique, drawing a low initiative card.
  seizeVsTechnique: `
weapon Dagger { melee +0 light }
weapon Club { melee +1 }
technique Meteor { cost 3  stat mind  against guard  range near  bonus +6 }
character Magus { heart 1 body 2 mind 5 spirit 2  vitality 30  wields Dagger  techniques Meteor }
character Ogre { heart 1 body 3 mind 1 spirit 1  vitality 40  wields Club }
encounter "Seize or Meteor" {
  seed 1
  zone hall {}
  side mages { Magus at hall }
  side ogres { Ogre at hall }
}
`,
  // HA-A1: a paladin with a Near technique of cost 2 and a greatsword; after the technique one action is left and
  // a hexer, whose Brace is weak (unarmed), stands one Stride away.
  strideAway: `
weapon Greatsword { melee +3 }
technique "Holy Lance" { cost 2  stat spirit  against resolve  range near  bonus +2 }
technique Hex { cost 2  stat mind  against resolve  range near  bonus +1 }
character Paladin { heart 2 body 4 mind 1 spirit 3  vitality 24  wields Greatsword  techniques "Holy Lance" }
character Hexer { heart 1 body 1 mind 4 spirit 1  vitality 18  techniques Hex }
encounter "One Stride Away" {
  seed 1
  zone yard { adjacent gate }
  zone gate { adjacent yard }
  side order { Paladin at yard }
  side coven { Hexer x2 at gate }
}
`,
  // HA-B1/B4: a 1-Vitality foe behind Guard 13, nearly harmless, its healer keeps standing up; beside it a
  // 7-Vitality bruiser.
  reBreak: `
weapon Longsword { melee +2 }
weapon Club { melee +2 }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 26  armor 1  wields Longsword }
character Wisp { heart 1 body 3 mind 1 spirit 1  vitality 1  armor 3  tactics defensive }
character Hedge { heart 4 body 3 mind 1 spirit 1  vitality 7  wields Club  tactics support }
character Bruiser { heart 1 body 4 mind 1 spirit 1  vitality 7  wields Club }
encounter "Re-Breaking" {
  seed 1
  zone pit {}
  side knights { Knight at pit }
  side pack { Wisp at pit
    Bruiser at pit
    Hedge at pit }
}
`,
  // HA-A7: a support caster with Spirit 5 and a spear beside a fighter.
  assistEveryTurn: `
weapon Spear { melee +2 }
weapon Club { melee +1 }
technique "Spirit Spear" { cost 1  stat spirit  against resolve  range near  bonus +2 }
character Seer { heart 2 body 3 mind 2 spirit 5  vitality 16  wields Spear  techniques "Spirit Spear"  tactics support }
character Squire { heart 1 body 3 mind 1 spirit 1  vitality 16  wields Club }
character Ghoul { heart 1 body 4 mind 1 spirit 2  vitality 24  wields Club }
encounter "Assist or Strike" {
  seed 1
  zone crypt {}
  side living { Seer at crypt
    Squire at crypt }
  side dead { Ghoul x2 at crypt }
}
`,
  // HA-S1: focus-weakest against a weakest foe whose Guard it cannot beat, beside one it can.
  unhittable: `
weapon Shortsword { melee +1 }
weapon Club { melee +1 }
character Rogue { heart 1 body 2 mind 2 spirit 1  vitality 20  wields Shortsword  tactics focus-weakest }
character Turtle { heart 1 body 6 mind 1 spirit 1  vitality 6  armor 4  wields Club  tactics defensive }
character Goblin { heart 1 body 2 mind 1 spirit 1  vitality 9  wields Club }
encounter "Cannot Hit" {
  seed 1
  zone cave {}
  side rogues { Rogue at cave }
  side monsters { Turtle at cave
    Goblin at cave }
}
`,
  // HA-R2 + HA-A1: a brawler alone, its last action left after breaking the pest beside it, two Thugs with heavy
  // Cudgels next door (their Braces, and the Brute's own when they come, are what a Stride in would trade).
  twoBraces: `
weapon Cudgel { melee +2 heavy }
weapon Maul { melee +3 heavy }
character Brute { heart 2 body 4 mind 1 spirit 1  vitality 40  armor 1  wields Maul }
character Pest { heart 1 body 1 mind 1 spirit 1  vitality 2 }
character Thug { heart 1 body 4 mind 1 spirit 1  vitality 14  wields Cudgel }
encounter "Two Braces" {
  seed 1
  zone bar { adjacent floor }
  zone floor { adjacent bar }
  side brutes { Brute at bar }
  side gang { Pest at bar
    Thug x2 at floor }
}
`,
  // HA-U1: three player characters at the gate, a Shield Guard beside them, the Warlord on his dais out of reach.
  ultimateSaved: `
weapon Longsword { melee +2 }
weapon Buckler { melee +1 }
weapon Cleaver { melee +3 heavy brutal }
character Knight { player  heart 2 body 4 mind 2 spirit 1  vitality 24  armor 1  wields Longsword }
character Guard { heart 2 body 4 mind 2 spirit 2  vitality 16  armor 2  wields Buckler  tactics defensive }
character Warlord { heart 4 body 5 mind 3 spirit 3  vitality 40  armor 2  wields Cleaver }
encounter "Ultimate Saved" {
  seed 1
  options team-ultimates
  zone gate { adjacent hall }
  zone hall { adjacent gate, dais }
  zone dais { adjacent hall }
  side party { Knight x3 at gate }
  side warband { Guard at gate
    Warlord at dais }
}
`,
  // HA-B4 + HA-I6: two knights and one ogre in a pit; when a knight Breaks, the other stabilizes (Heart 4) or
  // strikes the last foe.
  lastFoe: `
weapon Longsword { melee +2 }
weapon Club { melee +2 }
character Knight { heart 4 body 4 mind 1 spirit 1  vitality 12  wields Longsword }
character Ogre { heart 1 body 4 mind 1 spirit 1  vitality 30  wields Club }
encounter "The Last Foe" {
  seed 1
  zone pit {}
  side knights { Knight x2 at pit }
  side ogres { Ogre at pit }
}
`,
  // HA-M2 + HA-A1: a focus-weakest boss on a dais with a Near Sweep; two fighters below it in the hall, the weakest
  // foe farther, at the gate (the Stride down is a drop, HA-F2).
  sweepOrWalk: `
weapon Cleaver { melee +3 heavy }
weapon Longsword { melee +2 }
weapon Bow { ranged +1 }
technique Roar { cost 2  stat heart  against resolve  targets sweep  range near  bonus +1 }
character Tyrant { heart 4 body 4 mind 3 spirit 3  vitality 40  armor 2  wields Cleaver  techniques Roar  tactics focus-weakest }
character Fighter { heart 2 body 4 mind 1 spirit 1  vitality 24  armor 1  wields Longsword }
character Archer { heart 1 body 2 mind 4 spirit 1  vitality 10  wields Bow }
encounter "Sweep or Walk" {
  seed 1
  zone gate { adjacent hall }
  zone hall { adjacent gate, dais }
  zone dais { height 10ft  drop hall 10ft }
  side tyrants { Tyrant at dais }
  side heroes { Fighter x2 at hall
    Archer at gate }
}
`,
  // HA-A5 + HA-A1: a defensive warhammer fighter on the road, two archers shooting from the hill next to it.
  guardAtRange: `
weapon Warhammer { melee +3 heavy }
weapon Bow { ranged +1 }
character Bram { heart 3 body 5 mind 1 spirit 2  vitality 28  armor 2  wields Warhammer  tactics defensive }
character Archer { heart 1 body 2 mind 4 spirit 1  vitality 10  wields Bow }
encounter "Guard at Range" {
  seed 1
  zone road { adjacent hill }
  zone hill { adjacent road }
  side party { Bram at road }
  side archers { Archer x2 at hill }
}
`,
  // HA-R2 + HA-R1: two archers on a ridge; a 30-Vitality knight and a 3-Vitality page below must climb to them.
  braceForLater: `
weapon Longsword { melee +2 }
weapon Dagger { melee +0 light }
weapon Crossbow { ranged +2 }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 30  armor 1  wields Longsword }
character Page { heart 1 body 3 mind 1 spirit 1  vitality 3  wields Dagger }
character Archer { heart 1 body 2 mind 4 spirit 1  vitality 12  wields Crossbow }
encounter "Brace for Later" {
  seed 1
  zone road { adjacent ridge }
  zone ridge { adjacent road }
  side party { Knight at road
    Page at road }
  side archers { Archer x2 at ridge }
}
`,
  // HA-R2 + HA-R1: the same archers, a 30-Vitality knight climbing to them from the stairs, and a 3-Vitality page on the
  // road below trading blows with a Rat: a Brace kept for the page is kept for nobody while the Rat stands beside it.
  braceForNobody: `
weapon Longsword { melee +2 }
weapon Dagger { melee +0 light }
weapon Crossbow { ranged +2 }
weapon Teeth { melee +0 }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 30  armor 1  wields Longsword }
character Page { heart 1 body 3 mind 1 spirit 1  vitality 3  wields Dagger }
character Archer { heart 1 body 2 mind 4 spirit 1  vitality 12  wields Crossbow }
character Rat { heart 1 body 1 mind 1 spirit 1  vitality 30  wields Teeth }
encounter "Brace for Nobody" {
  seed 1
  zone road { adjacent stairs }
  zone stairs { adjacent road, ridge }
  zone ridge { adjacent stairs }
  side party { Knight at stairs
    Page at road }
  side archers { Archer x2 at ridge
    Rat at road }
}
`,
  // HA-R2 both ways: a brawler with a Chair alone at the bar, two Thugs on the floor next door; whoever walks in meets
  // the other side's Braces, and a Chair's Brace takes a Thug's 10 Vitality.
  letHimCome: `
weapon Chair { improvised heavy }
weapon Club { melee +1 }
character Hob { heart 3 body 4 mind 2 spirit 2  vitality 20  wields Chair  talents brawler }
character Thug { heart 1 body 3 mind 1 spirit 1  vitality 10  wields Club  tactics nearest }
encounter "Let Him Come" {
  seed 1
  zone bar { adjacent floor }
  zone floor { adjacent bar }
  side regulars { Hob at bar }
  side rowdies { Thug x2 at floor }
}
`,
  // HA-A1 + HA-B4: a 2-Vitality page in the hall next door falls to an Archer's arrows from the yard, where the knight
  // stands beside a Rat; no enemy stands by the page.
  friendNextDoor: `
weapon Longsword { melee +2 }
weapon Club { melee +1 }
weapon Bow { ranged +1 }
character Knight { heart 3 body 4 mind 1 spirit 1  vitality 24  wields Longsword }
character Page { heart 1 body 1 mind 1 spirit 1  vitality 2  wields Club }
character Archer { heart 1 body 2 mind 4 spirit 1  vitality 12  wields Bow }
character Rat { heart 1 body 2 mind 1 spirit 1  vitality 12  wields Club }
encounter "Friend Next Door" {
  seed 1
  zone yard { adjacent hall }
  zone hall { adjacent yard }
  side order { Knight at yard
    Page at hall }
  side pack { Rat at yard
    Archer at yard }
}
`,
  // HA-F1/F2 + HA-B4: a smuggler on a 30-ft cliff, its lookout Broken on the beach below (the drop the only way down),
  // a warden with a bow on the dunes beyond.
  leapToFriend: `
weapon Knife { melee +1 }
weapon Bow { ranged +1 }
character Smuggler { heart 3 body 2 mind 1 spirit 1  vitality 12  wields Knife }
character Lookout { heart 1 body 1 mind 1 spirit 1  vitality 6  wields Knife }
character Warden { heart 1 body 3 mind 3 spirit 1  vitality 20  wields Bow }
encounter "Leap to a Friend" {
  seed 1
  zone cliff { height 30ft  drop beach 30ft }
  zone beach { adjacent dunes }
  zone dunes { adjacent beach }
  side smugglers { Smuggler at cliff
    Lookout at beach }
  side wardens { Warden at dunes }
}
`,
  // HA-B4 + HA-B1: a medic beside a Broken squire, an Imp of 3 Vitality and a healthy Brute.
  strikeFirst: `
weapon Longsword { melee +2 }
weapon Cudgel { melee +2 }
weapon Claws { melee +0 }
character Medic { heart 2 body 4 mind 1 spirit 1  vitality 30  wields Longsword }
character Squire { heart 1 body 1 mind 1 spirit 1  vitality 1  wields Claws }
character Brute { heart 1 body 4 mind 1 spirit 1  vitality 30  wields Cudgel }
character Imp { heart 1 body 1 mind 1 spirit 1  vitality 3  wields Claws }
encounter "Strike First" {
  seed 1
  zone pit {}
  side order { Medic at pit
    Squire at pit }
  side pack { Brute at pit
    Imp at pit }
}
`,
  // HA-A1 + HA-R2 for the side: two Patrons beside Old Hob's Chair at the bar, their two Thugs on the floor next door.
  regroup: `
weapon Chair { improvised heavy }
weapon Club { melee +1 }
character Hob { heart 3 body 4 mind 2 spirit 2  vitality 30  wields Chair  talents brawler }
character Patron { heart 1 body 2 mind 1 spirit 1  vitality 8  talents brawler }
character Thug { heart 1 body 3 mind 1 spirit 1  vitality 10  wields Club  tactics nearest }
encounter "Regroup" {
  seed 1
  zone bar { adjacent floor }
  zone floor { adjacent bar }
  side regulars { Hob at bar }
  side rowdies { Patron x2 at bar
    Thug x2 at floor }
}
`,
  // HA-B4 + HA-F1 (issue 32): bandits on a 20-ft ledge above a quarry floor, their Slinger Broken beside them, a Warden
  // who climbed up to them, a Tracker (an archer) alone on the floor below.
  ledgeBandits: `
${QUARRY}encounter "Ledge Bandits" {
  seed 1
  zone floor { adjacent ramp }
  zone ramp { adjacent floor, ledge }
  zone ledge { height 20ft  drop floor 20ft  adjacent ramp }
  side party { Warden at ledge
    Tracker at floor }
  side bandits { Bandit at ledge
    Slinger at ledge }
}
`,
  // HA-B4 + HA-R2 (issue 32): a support at the gate, its friend Broken in the hall beside a boss whose Cleaver Braces.
  supportBraces: `
weapon Dagger { melee +0 light }
weapon Cleaver { melee +3 heavy }
weapon Longsword { melee +2 }
character Healer { heart 3 body 2 mind 3 spirit 4  vitality 18  wields Dagger  tactics support }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 24  wields Longsword }
character Tyrant { heart 2 body 5 mind 2 spirit 2  vitality 40  armor 1  wields Cleaver }
encounter "Support and Braces" {
  seed 1
  zone gate { adjacent hall }
  zone hall { adjacent gate }
  side party { Healer at gate
    Knight at hall }
  side tyrant { Tyrant at hall }
}
`,
  // HA-A7 (issue 32): a knight and a squire in a hall, the only foe an archer on a tower they cannot reach — the knight has
  // nothing to hit, nothing to fear and no deck to refill: its turn would end with its actions unused.
  idleAssist: `
weapon Mace { melee +2 }
weapon Bow { ranged +1 }
character Knight { heart 2 body 4 mind 1 spirit 1  vitality 22  wields Mace }
character Squire { heart 2 body 3 mind 1 spirit 1  vitality 12  wields Mace }
character Archer { heart 1 body 2 mind 3 spirit 1  vitality 9  wields Bow }
encounter "Idle Hands" {
  seed 1
  zone hall {}
  zone tower {}
  side party { Knight at hall
    Squire at hall }
  side watch { Archer at tower }
}
`,
  // E-P1 (issue 32, the Rusty Flagon): a brawler with a bottle (thrown at Near) between two thugs on the floor, the
  // stairs above empty.
  bottleOnStairs: `
weapon Bottle { improvised }
weapon Club { melee +1 }
character Tess { heart 2 body 3 mind 3 spirit 2  vitality 16  wields Bottle  talents brawler  tactics nearest }
character Thug { heart 1 body 3 mind 1 spirit 1  vitality 10  wields Club  tactics nearest }
encounter "Bottle on the Stairs" {
  seed 1
  zone floor { adjacent stairs }
  zone stairs { height 10ft  drop floor 10ft }
  side regulars { Tess at floor }
  side rowdies { Thug x2 at floor }
}
`,
  // E-P2 (issue 32, the Rusty Flagon at seed 127, round 2): Old Hob, his Chair broken, at the bar; two Thugs and two
  // Patrons on the floor. Whoever walks in meets Braces expected to take more than its Vitality, each side fights only
  // Engaged, and each weighs the other's Braces a little differently (a Thug's Assist to a Patron comes between their
  // turns): each waits for the other to come.
  standoff: `
weapon Club { melee +1 }
character Hob { heart 3 body 4 mind 2 spirit 2  vitality 17  talents brawler }
character Thug { heart 1 body 3 mind 1 spirit 1  vitality 9  wields Club  tactics nearest }
character Patron { heart 1 body 2 mind 1 spirit 1  vitality 1  talents brawler }
encounter "Standoff at the Bar" {
  seed 1
  rounds 30
  zone bar { adjacent floor }
  zone floor { adjacent bar }
  side regulars { Hob at bar }
  side rowdies { Thug x2 at floor
    Patron x2 at floor }
}
`,
  // E-P3 (issue 32, Twin Thrones at seed 5, round 1): the Duellist, at the door with three actions, goes for the
  // Sorceress on her balcony; the Ogre, who fights only Engaged, stands on the floor between — and must come to the
  // door anyway. A Dash door → floor → stair runs through the Maul's Brace and leaves one action with nothing to hit.
  dashPastBrute: `
weapon Mace { melee +2 }
weapon Dagger { melee +0 light }
weapon Staff { melee +1 }
weapon Maul { melee +3 heavy brutal }
technique Bolt { cost 1  stat spirit  against resolve  range far  bonus +1 }
character Paladin { heart 3 body 4 mind 1 spirit 2  vitality 24  armor 1  wields Mace }
character Duellist { heart 2 body 4 mind 2 spirit 1  vitality 16  wields Dagger, Dagger  tactics focus-weakest }
character Sorceress { heart 2 body 1 mind 3 spirit 5  vitality 24  wields Staff  techniques Bolt }
character Ogre { heart 2 body 5 mind 1 spirit 1  vitality 36  armor 1  wields Maul  tactics nearest }
encounter "Past the Ogre" {
  seed 1
  rounds 30
  zone door    { adjacent floor }
  zone floor   { adjacent door, stair }
  zone stair   { adjacent floor, balcony }
  zone balcony { height 10ft  drop floor 10ft  adjacent stair }
  side party { Paladin at door
    Duellist at door }
  side thrones { Sorceress at balcony
    Ogre at floor }
}
`,
  // E-P4 (issue 32, Quarry Ledge at seed 7, round 1): the Warden, beside the Tracker whose Shortbow reaches the
  // Bandits on the ledge, with three actions; the Bandits fight only Engaged and must come down through his Brace or
  // be shot where they stand. A Dash up the ramp meets three Braces and leaves the Tracker alone.
  outshotLedge: `
${QUARRY}encounter "Outshot on the Ledge" {
  seed 1
  rounds 30
  zone floor  { adjacent ramp }
  zone ramp   { adjacent floor, ledge }
  zone ledge  { height 20ft  drop floor 20ft  adjacent ramp }
  side party { Warden at floor
    Tracker at floor }
  side bandits { Bandit x2 at ledge
    Slinger at ledge }
}
`,
  // E-P5 (issue 32, Chapel Vault at seed 11, round 1): the Gaoler in the vault, nothing in reach; the Knight and the
  // Squire on the stair, the Priest, whose Smite burns the Gaoler's Resolve, in the nave beyond.
  gaolerToPriest: `
${CHAPEL}encounter "To the Priest" {
${CHAPEL_NAVE}  side gaol { Gaoler at vault }
}
`,
  // E-P7 (issue 32, Chapel Vault at seed 99, round 1): the Gaoler in the vault, nothing in reach, a Hound Broken on the
  // stair beside the Knight and the Squire; the Priest, whose Smite burns the Gaoler's Resolve, in the nave beyond.
  gaolerPastHound: `
${CHAPEL}weapon Bite { melee +1 }
character Hound { heart 1 body 3 mind 1 spirit 1  vitality 8  wields Bite  tactics focus-weakest }
encounter "Past the Hound" {
${CHAPEL_NAVE}  side gaol { Gaoler at vault
    Hound at stair }
}
`,
  // E-P6 (issue 32, the Warlord's Hall at seed 2026, round 1): the party at the gate after a Dread Roar from the hall,
  // Kael at 7 Vitality; the Shield Guard beside the Warlord fights only Engaged and would pay less of its Vitality to
  // come through their Braces than Kael to go through theirs — but the Warlord roars at the gate from where he stands.
  roarFromHall: `
weapon Longsword { melee +2 }
weapon "Parrying Dagger" { melee light +0 }
weapon "Grave Cleaver" { melee +3 heavy keen brutal }
weapon "Iron Buckler" { melee +1 }
technique "Cutting Word" { cost 1  stat heart  against resolve  range near }
technique "Dread Roar" { cost 2  stat heart  against resolve  targets sweep  range near  bonus +1 }
character Kael { heart 2 body 4 mind 2 spirit 1  vitality 24  armor 1  wields Longsword  tactics focus-weakest }
character Mira { heart 3 body 2 mind 3 spirit 4  vitality 18  wields "Parrying Dagger"  techniques "Cutting Word"  tactics support }
character "Warlord Vask" { heart 4 body 4 mind 3 spirit 3  vitality 40  armor 2  wields "Grave Cleaver"  techniques "Dread Roar" }
character "Shield Guard" { heart 2 body 4 mind 2 spirit 2  vitality 16  armor 2  wields "Iron Buckler"  tactics defensive }
encounter "Roar from the Hall" {
  seed 1
  rounds 30
  zone gate { adjacent hall }
  zone hall { adjacent gate }
  side party { Kael at gate
    Mira at gate }
  side warband { "Warlord Vask" at hall
    "Shield Guard" at hall }
}
`,
  // E-P8 (issue 32, the Rusty Flagon at seed 2549688647, round 3): Thug 1, at 1 Vitality and just stood up, two actions
  // left; Old Hob, his Chair broken and at 3 Vitality, stands on the stairs beside Tess, Broken with two Failing Draws.
  // Hob's Brace would likely Break the Thug — but Hob will not come down: he tends Tess, and the Thug waited behind an
  // Active Guard where striding up to strike the last able regular won 75 points.
  hobTendsTess: `
weapon Club { melee +1 }
weapon Bottle { improvised }
character Hob { heart 3 body 4 mind 2 spirit 2  vitality 20  talents brawler }
character Tess { heart 2 body 3 mind 3 spirit 2  vitality 16  wields Bottle  talents brawler  tactics nearest }
character Thug { heart 1 body 3 mind 1 spirit 1  vitality 10  wields Club  tactics nearest }
encounter "Hob Tends Tess" {
  seed 1
  rounds 30
  zone floor { adjacent stairs }
  zone stairs { height 10ft  drop floor 10ft }
  side regulars { Hob at stairs
    Tess at stairs }
  side rowdies { Thug at floor }
}
`,
};
