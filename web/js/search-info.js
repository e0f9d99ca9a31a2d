// Reads the `info` lines a search prints (protocol-spec/protocol.md, "go"):
// info depth D seldepth S multipv K score cp N|score mate N nodes N nps N time MS
//      hashfull H pv <move> ...
// and `info string <text>`.

const NUMBER_FIELDS = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'currmovenumber']);

// Returns { string } for an info string line, else { depth, score: {kind, value}, pv: [...], ... }.
export function parseInfoLine(line) {
  const words = line.trim().split(/\s+/);
  if (words[1] === 'string') return { string: words.slice(2).join(' ') };
  const info = {};
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i];
    if (word === 'pv') {
      info.pv = words.slice(i + 1);
      break;
    }
    if (word === 'score') {
      info.score = { kind: words[i + 1], value: Number(words[i + 2]) };
      i += 2;
      // UCI style bounds may follow the score.
      if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') i += 1;
    } else if (NUMBER_FIELDS.has(word)) {
      info[word] = Number(words[i + 1]);
      i += 1;
    } else if (word === 'currmove') {
      info.currmove = words[i + 1];
      i += 1;
    }
  }
  return info;
}

// For people: `score cp` is in centi-steps (100 = one step of one piece towards its
// goal, from the mover's side), shown as steps; `score mate N` counts the mover's turns.
export function scoreText(score) {
  if (!score) return '';
  if (score.kind === 'mate') return score.value > 0 ? `finishes in ${score.value}` : `an opponent first, in ${-score.value}`;
  const steps = score.value / 100;
  return `${steps >= 0 ? '+' : ''}${steps.toFixed(2)} steps`;
}
