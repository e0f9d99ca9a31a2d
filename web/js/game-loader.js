// Builds a GameHistory by asking the engine (the rules are already set with
// `setrules`): the rules line, and for the start and every ply the position text,
// the result and the legal moves (protocol-spec/gui.md, "The commands").
import { EngineError } from './connection.js';
import { GameHistory } from './game-history.js';
import { parseRulesLine } from './rules.js';

// What the page asks after every move: the position, whether the game is over, and
// whether the player to move must pass.
export const AFTER_MOVE_QUERIES = ['getposition', 'result', 'legal'];

// The reply line starting with `word` (the first word of the reply).
export function lineStarting(lines, word) {
  const line = lines.find((candidate) => candidate === word || candidate.startsWith(`${word} `));
  if (line === undefined) throw new EngineError(`the engine did not answer '${word}'`);
  return line;
}

// "position <text>" (getposition's reply) -> "<text>".
export function positionTextOf(getpositionLine) {
  return getpositionLine.replace(/^position /, '');
}

// The game at its start: `startpos` or a position text.
export async function loadStart(connection, start) {
  const lines = await connection.request(['rules', `position ${start} moves`, ...AFTER_MOVE_QUERIES]);
  return new GameHistory(parseRulesLine(lineStarting(lines, 'rules')), start,
    positionTextOf(lineStarting(lines, 'position')), lineStarting(lines, 'result'), lineStarting(lines, 'legal'));
}

// The game from `start` with these moves, every ply's position asked of the engine so
// that stepping through it needs no more traffic.
export async function loadGame(connection, start, moves) {
  // Checks every move at once; an illegal one is refused with its number.
  await connection.request([`position ${start} moves ${moves.join(' ')}`]);
  const history = await loadStart(connection, start);
  const commands = moves.flatMap((_, i) => [`position ${start} moves ${moves.slice(0, i + 1).join(' ')}`, ...AFTER_MOVE_QUERIES]);
  const lines = await connection.request(commands);
  moves.forEach((move, i) => {
    const reply = lines.slice(i * AFTER_MOVE_QUERIES.length, (i + 1) * AFTER_MOVE_QUERIES.length);
    history.push(move, history.positionAt(i).mover, positionTextOf(lineStarting(reply, 'position')),
      lineStarting(reply, 'result'), lineStarting(reply, 'legal'));
  });
  return history;
}
