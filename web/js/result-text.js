// The end of a game in words: who won, or the places, and why the game ended, from
// the `result over <status> places <p1>,... scores ...` reply (protocol-spec/protocol.md,
// "result").

const REASONS = {
  finish: 'finished',
  resign: 'resignation',
  movelimit: 'move limit',
  stall: 'no progress',
  repetition: 'repetition',
  passround: 'a round of passes',
};

function ordinal(n) {
  return { 1: '1st', 2: '2nd', 3: '3rd' }[n] ?? `${n}th`;
}

// The engine's `result` reply, read once: `result ongoing places 0,0` or `result over
// <status> places <p1>,... scores <s1>,...` (protocol-spec/protocol.md, "result") ->
// { line, over, status ('' while the game goes on), places: [numbers], scores: [texts] }.
export function parseResult(line) {
  const words = line.trim().split(/\s+/);
  const listAfter = (word) => (words.includes(word) ? words[words.indexOf(word) + 1].split(',') : []);
  const over = words[1] === 'over';
  return { line, over, status: over ? words[2] : '', places: listAfter('places').map(Number), scores: listAfter('scores') };
}

// "Player 2 (seat 4)", "Player 1 (seats 1+4)".
export function playerName(player, playersSeats) {
  const seats = playersSeats[player - 1] ?? [];
  return `Player ${player} (seat${seats.length > 1 ? 's' : ''} ${seats.join('+')})`;
}

// -> { headline: "Player 2 (seat 4) wins", winner: 2 (0: none or shared), places: ["1st Player 2 (seat 4)", ...],
//      reason: "resignation" | "time" ... }. timeLosses: players whose flag fell.
// result: parseResult's.
export function describeResult({ status, places }, playersSeats, timeLosses = []) {
  const order = places.map((place, i) => ({ place, player: i + 1 })).sort((a, b) => a.place - b.place);
  const firsts = order.filter((entry) => entry.place === order[0].place);
  let headline;
  if (places.length === 1) headline = `${playerName(1, playersSeats)} finished`;
  else if (firsts.length === places.length) headline = 'Draw';
  else if (firsts.length === 1) headline = `${playerName(firsts[0].player, playersSeats)} wins`;
  else headline = `${firsts.map((entry) => playerName(entry.player, playersSeats)).join(' and ')} share 1st place`;
  const lostOnTime = timeLosses.length > 0 && status === 'resign';
  let reason = REASONS[status] ?? status;
  if (lostOnTime) reason = `${timeLosses.map((player) => `player ${player}`).join(', ')} out of time`;
  return {
    headline,
    winner: firsts.length === 1 && places.length > 1 ? firsts[0].player : 0,
    reason,
    places: order.map(({ place, player }) => `${ordinal(place)} ${playerName(player, playersSeats)}${timeLosses.includes(player) ? ' (time)' : ''}`),
  };
}
