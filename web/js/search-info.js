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
// the best opponent, from the mover's side, at every player count; people read it in
// moves. A move brings home a different number of steps at each player count: 370
// centi-steps at 2 players and 302 at 6, measured over ccmatch games
// (protocol-spec/protocol.md, "go"); 3 to 5 players lie on the straight line between
// (protocol-spec/gui.md, "Analysis and hints").
const CENTI_STEPS_PER_MOVE_AT_2 = 370;
const CENTI_STEPS_PER_MOVE_AT_6 = 302;

// The centi-steps of an average move at this player count (the solo puzzle and 2
// players: the 2-player figure).
export function centiStepsPerMove(players) {
  const bounded = Math.max(2, Math.min(6, players));
  return CENTI_STEPS_PER_MOVE_AT_2 + ((CENTI_STEPS_PER_MOVE_AT_6 - CENTI_STEPS_PER_MOVE_AT_2) * (bounded - 2)) / 4;
}

// A score as a signed number of moves ("+0.84", "-1.20") at this player count, or a
// mate in words.
export function movesAhead(score, players) {
  if (!score) return '';
  if (score.kind === 'mate') return score.value > 0 ? `finishes in ${score.value}` : `an opponent first, in ${-score.value}`;
  const moves = score.value / centiStepsPerMove(players);
  return `${moves >= 0 ? '+' : ''}${moves.toFixed(2)}`;
}

// For people: "+0.84 moves ahead of the best opponent", or a mate in words (`score
// mate N` counts the mover's turns).
export function scoreText(score, players) {
  if (!score) return '';
  if (score.kind === 'mate') return movesAhead(score, players);
  return `${movesAhead(score, players)} moves ahead of the best opponent`;
}
