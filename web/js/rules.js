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
