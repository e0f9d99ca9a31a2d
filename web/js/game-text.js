// The plain-words notice after New game: the preset, the number of players and who
// plays whom, instead of the engine's rules line.
import { SEAT_STYLES } from './seat-style.js';

function playerName(player, seats) {
  return `Player ${player} (${seats.map((seat) => `seat ${seat}, ${SEAT_STYLES[seat].label}`).join('; ')})`;
}

function list(words) {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

// rules: Map of the engine's rules line; playersSeats: [[seat, ...], ...]; seatSettings:
// per player { kind: 'person'|'engine' }.
export function describeNewGame(rules, playersSeats, seatSettings) {
  const preset = rules.get('preset') ?? '';
  const count = playersSeats.length;
  const head = `New game: ${preset.charAt(0).toUpperCase()}${preset.slice(1)}, ${count} player${count === 1 ? '' : 's'}`;
  const people = [];
  const engines = [];
  playersSeats.forEach((seats, i) => (seatSettings[i]?.kind === 'engine' ? engines : people).push(i + 1));
  const first = Number(rules.get('first') ?? 1);
  const firstText = first === 1 ? '' : `; player ${first} moves first`;
  if (people.length === 0) return `${head}; the engine plays every player${firstText}`;
  const against = engines.length === 0 ? '' : ` against the engine (${list(engines.map((player) => `player ${player}`))})`;
  if (people.length === 1) {
    const you = people[0];
    return `${head}; you play ${playerName(you, playersSeats[you - 1])}${against}${firstText}`;
  }
  return `${head}; people play ${list(people.map((player) => `player ${player}`))} at this board${against}${firstText}`;
}
