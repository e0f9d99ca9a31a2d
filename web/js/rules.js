// The rule keys as `cci` announces them (protocol-spec/protocol.md, "cci": one `rule`
// line per key, like the `option` lines), and the reading of a `rules` line.

// `rule name <key> type combo default <v> var <v1> var <v2> ...`,
// `rule name <key> type spin default <n> min <a> max <b>`, `rule name <key> type string
// default <v>` -> [{ key, type, default, vars, min, max }] in the engine's order.
export function ruleSpecsOf(cciLines) {
  const specs = [];
  for (const line of cciLines) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== 'rule' || words[1] !== 'name' || words[3] !== 'type') continue;
    const spec = { key: words[2], type: words[4], default: '', vars: [], min: null, max: null };
    for (let i = 5; i < words.length; i += 1) {
      if (words[i] === 'default' && i + 1 < words.length) spec.default = words[++i];
      else if (words[i] === 'min') spec.min = Number(words[++i]);
      else if (words[i] === 'max') spec.max = Number(words[++i]);
      else if (words[i] === 'var') spec.vars.push(words[++i]);
    }
    specs.push(spec);
  }
  return specs;
}

export const PRESETS = ['standard', 'masters', 'card', 'super', 'diamond', 'sec5'];

// For each key: the values a select offers, or a number range, or free text (armies).
// `preset` and `players` have their own controls in the page.
export const RULE_KEYS = [
  { key: 'armies', kind: 'text', hint: 'e.g. 1,4 or 1+4,2+5,3+6' },
  { key: 'first', kind: 'number', min: 1, max: 6 },
  { key: 'pieces', kind: 'choice', values: ['10', '15'] },
  { key: 'king', kind: 'choice', values: ['on', 'off'] },
  { key: 'hops', kind: 'choice', values: ['short', 'long'] },
  { key: 'other', kind: 'choice', values: ['free', 'pass', 'closed'] },
  { key: 'unused', kind: 'choice', values: ['free', 'pass', 'closed', 'filled'] },
  { key: 'goallock', kind: 'choice', values: ['on', 'off'] },
  { key: 'finish', kind: 'choice', values: ['all', 'fill'] },
  { key: 'swap', kind: 'choice', values: ['off', 'any', 'final'] },
  { key: 'bonus', kind: 'choice', values: ['on', 'off'] },
  { key: 'end', kind: 'choice', values: ['first', 'all'] },
  { key: 'fairfinish', kind: 'choice', values: ['on', 'off'] },
  { key: 'passround', kind: 'choice', values: ['on', 'off'] },
  { key: 'movelimit', kind: 'number', min: 0, max: 100000 },
  { key: 'limitresult', kind: 'choice', values: ['draw', 'progress'] },
  { key: 'stall', kind: 'number', min: 0, max: 100000 },
  { key: 'repetition', kind: 'number', min: 0, max: 100 },
  { key: 'adjacent', kind: 'choice', values: ['on', 'off'] },
  { key: 'mustleave', kind: 'choice', values: ['on', 'off'] },
];

// TEMPORARY until the engine announces its rules: the same specs from the list above.
export function fallbackRuleSpecs() {
  return [
    { key: 'preset', type: 'combo', default: 'standard', vars: PRESETS },
    { key: 'players', type: 'spin', default: '2', vars: [], min: 1, max: 6 },
    ...RULE_KEYS.map((rule) => ({
      key: rule.key,
      type: { choice: 'combo', number: 'spin', text: 'string' }[rule.kind],
      default: '',
      vars: rule.values ?? [],
      min: rule.min ?? null,
      max: rule.max ?? null,
    })),
  ];
}

// "rules preset=standard players=2 armies=1,4 ..." -> Map(key -> value).
export function parseRulesLine(line) {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'rules') throw new Error(`expected a rules line, got '${line}'`);
  return new Map(words.slice(1).map((word) => {
    const equals = word.indexOf('=');
    return [word.slice(0, equals), word.slice(equals + 1)];
  }));
}

// The seats of each player from the armies value: "1+4,2+5" -> [[1, 4], [2, 5]].
export function seatsOfPlayers(armies) {
  return armies.split(',').map((group) => group.split('+').map(Number));
}

// The player (1-based) whose army started on a seat, or 0 when no army started there.
export function playerOfSeat(playersSeats, seat) {
  const index = playersSeats.findIndex((seats) => seats.includes(seat));
  return index + 1;
}
