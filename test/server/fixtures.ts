// A small two-file workspace the service tests share.
export const ARMOURY = `weapon Longsword { melee +2 }
weapon Dagger { melee light +1 quick }
weapon Shortbow { ranged mind +1 quick }
technique "Soul Lance" { cost 2  stat spirit  against resolve  range near  bonus +1 }
`;

export const MAIN = `use "armoury.aces"

character Kael {
  player
  heart 2  body 4  mind 2  spirit 1
  vitality 24  armor 1
  wields Longsword
  techniques "Soul Lance"
}

character Thug {
  heart 1  body 2  mind 1  spirit 1
  vitality 10
  wields Dagger Dagger
}

encounter Ambush {
  zone bar   { adjacent floor }
  zone floor { }
  zone roof  { height 20ft  drop floor 20ft }
  side heroes { Kael at floor }
  side thugs {
    Thug x2 at bar
  }
}
`;

/** MAIN with a `<|>` inserted before the n-th occurrence (0-based) of `needle`, `shift` characters in. */
export function at(needle: string, shift = 0, n = 0, text = MAIN): string {
  let i = -1;
  for (let k = 0; k <= n; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`'${needle}' #${n} not in the text`);
  }
  return text.slice(0, i + shift) + '<|>' + text.slice(i + shift);
}

export const OTHERS = { 'armoury.aces': ARMOURY };
