// Generates a realistic multi-file workspace of about `lines` lines: a shared
// armoury and bestiary, and encounter files that `use` them. Deterministic.

export function generateWorkspace(lines = 5000): Record<string, string> {
  const files: Record<string, string> = {};
  const weapons: string[] = [];
  let armoury = '# generated armoury\n';
  const kinds = [
    'melee +2',
    'melee light +1',
    'ranged +1 quick',
    'melee +3 heavy keen',
    'firearm +2 scatter',
    'thrown +1',
    'melee +1 combo brutal',
  ];
  for (let i = 0; i < 60; i++) {
    weapons.push(`Weapon${i}`);
    armoury += `weapon Weapon${i} { ${kinds[i % kinds.length]} }\n`;
  }
  for (let i = 0; i < 30; i++) {
    armoury += `technique "Technique ${i}" {\n  cost ${1 + (i % 3)}  stat ${['heart', 'body', 'mind', 'spirit'][i % 4]}  range ${['engaged', 'near', 'far'][i % 3]}  bonus +${i % 4}\n}\n`;
  }
  files['armoury.aces'] = armoury;
  let bestiary = 'use "armoury.aces"\n# generated bestiary\n';
  const chars: string[] = [];
  let n = 0;
  while (bestiary.split('\n').length < lines * 0.45) {
    const name = `Creature${n}`;
    chars.push(name);
    bestiary += `character ${name} {\n  ${n % 4 === 0 ? 'player\n  ' : ''}heart ${1 + (n % 4)}  body ${1 + ((n * 3) % 6)}  mind ${1 + ((n * 5) % 5)}  spirit ${1 + (n % 3)}\n  vitality ${8 + (n % 20)}  armor ${n % 3}\n  wields Weapon${(n * 7) % 60}\n  techniques "Technique ${n % 30}"\n  tactics ${['default', 'focus-weakest', 'nearest', 'defensive', 'support', 'kite'][n % 6]}\n}\n\n`;
    n++;
  }
  files['bestiary.aces'] = bestiary;
  let total = armoury.split('\n').length + bestiary.split('\n').length;
  let e = 0;
  while (total < lines) {
    let text = 'use "bestiary.aces"\n\n';
    for (let k = 0; k < 10 && total + text.split('\n').length < lines; k++, e++) {
      text += `encounter "Encounter ${e}" {\n  seed ${e}\n  rounds 40\n  options link-strikes\n  zone a { adjacent b }\n  zone b { adjacent c }\n  zone c { height 20ft drop a 20ft }\n  side heroes {\n    ${chars[e % chars.length]} at a\n    ${chars[(e + 1) % chars.length]} at a\n    ${chars[(e + 2) % chars.length]} at b\n  }\n  side foes {\n    ${chars[(e + 3) % chars.length]} x2 at c\n    ${chars[(e + 4) % chars.length]} at b\n  }\n}\n\n`;
    }
    files[`encounters-${Object.keys(files).length}.aces`] = text;
    total += text.split('\n').length;
  }
  return files;
}

export function lineCount(files: Record<string, string>): number {
  return Object.values(files).reduce((s, t) => s + t.split('\n').length, 0);
}
