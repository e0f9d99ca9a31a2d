// An `info` line of a search (protocol-spec/protocol.md, go) as an object, for go()'s
// answer: numbers as numbers, `score` as { unit, value, bound }, `wdl` and `first` as
// arrays, `pv` as the list of moves, `string` as its text. Words it does not know are
// kept as text, so a newer engine's fields are not lost.
const kCounts = { wdl: 3 };
const kRestOfLine = new Set(['pv', 'string']);

export function parseInfo(line) {
  const words = line.trim().split(/\s+/).slice(1);
  const info = {};
  for (let i = 0; i < words.length;) {
    const key = words[i++];
    if (kRestOfLine.has(key)) {
      const rest = words.slice(i);
      info[key] = key === 'pv' ? rest : rest.join(' ');
      break;
    }
    if (key === 'score') {
      info.score = { unit: words[i], value: Number(words[i + 1]) };
      i += 2;
      if (words[i] === 'lowerbound' || words[i] === 'upperbound') info.score.bound = words[i++];
    } else if (key === 'first') {
      const values = [];
      while (i < words.length && /^\d+$/.test(words[i])) values.push(Number(words[i++]));
      info.first = values;
    } else if (key in kCounts) {
      info[key] = words.slice(i, i + kCounts[key]).map(Number);
      i += kCounts[key];
    } else {
      const value = words[i++];
      info[key] = /^-?\d+$/.test(value) ? Number(value) : value;
    }
  }
  return info;
}
