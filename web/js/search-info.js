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
    } else if (word === 'wdl') {
      // ShowWDL at 2 players: the mover's win, draw, loss in per mille.
      info.wdl = words.slice(i + 1, i + 4).map(Number);
      i += 3;
    } else if (word === 'first') {
      // ShowWDL at 3 to 6 players: each player's chance of first place, per mille.
      info.first = [];
      while (/^\d+$/.test(words[i + 1] ?? '')) {
        info.first.push(Number(words[i + 1]));
        i += 1;
      }
    } else if (word === 'currmove') {
      info.currmove = words[i + 1];
      i += 1;
    }
  }
  return info;
}

// `score cp` counts centi-steps (100 = one step of one piece towards its goal) ahead of
// the best opponent, from the mover's side; an average two-player move is about 3.7
// steps (protocol-spec/protocol.md, "go"), so people read it in moves.
const STEPS_PER_MOVE = 3.7;

// A score as a signed number of moves ("+0.84", "-1.20"), or a mate in words.
export function movesAhead(score) {
  if (!score) return '';
  if (score.kind === 'mate') return score.value > 0 ? `finishes in ${score.value}` : `an opponent first, in ${-score.value}`;
  const moves = score.value / 100 / STEPS_PER_MOVE;
  return `${moves >= 0 ? '+' : ''}${moves.toFixed(2)}`;
}

// For people: "+0.84 moves ahead of the best opponent", or a mate in words (`score
// mate N` counts the mover's turns).
export function scoreText(score) {
  if (!score) return '';
  if (score.kind === 'mate') return movesAhead(score);
  return `${movesAhead(score)} moves ahead of the best opponent`;
}
