// The game as the page remembers it: the rules, the start (`startpos` or a position
// text), the moves played and the position text after each of them, so stepping
// through the game needs no engine traffic. The engine stays the referee: every
// position here is one it printed with `getposition`.
import { parsePositionText } from './position.js';
import { parseResult } from './result-text.js';
import { seatsOfPlayers } from './rules.js';

export class GameHistory {
  // start: `startpos` or a position text; the other arguments are the engine's
  // replies for it: `position ...` (getposition), `result ...`, `legal ...`.
  constructor(rules, start, startPositionText, startResultLine, startLegalLine) {
    this.rules = rules; // Map from parseRulesLine
    this.playersSeats = seatsOfPlayers(rules.get('armies'));
    this.start = start;
    this.plies = [{
      move: null, player: 0, position: parsePositionText(startPositionText), result: parseResult(startResultLine),
      legal: startLegalLine,
    }];
  }

  get moveCount() {
    return this.plies.length - 1;
  }

  get moves() {
    return this.plies.slice(1).map((ply) => ply.move);
  }

  positionAt(ply) {
    return this.plies[ply].position;
  }

  get current() {
    return this.plies[this.plies.length - 1];
  }

  // The command that sets the engine to the game after `ply` moves (all by default).
  positionCommand(ply = this.moveCount, extraMoves = []) {
    const moves = [...this.moves.slice(0, ply), ...extraMoves];
    return `position ${this.start}${moves.length ? ` moves ${moves.join(' ')}` : ' moves'}`;
  }

  push(move, player, positionText, resultLine, legalLine) {
    this.plies.push({
      move, player, position: parsePositionText(positionText), result: parseResult(resultLine), legal: legalLine,
    });
  }

  // The engine's score of the position at `ply` (info: a parsed `info` line, from the
  // view of that position's mover); a deeper search's score replaces a shallower one.
  // Returns whether it was kept.
  recordScore(ply, info) {
    const entry = this.plies[ply];
    if (!entry || !info.score || info.depth === undefined) return false;
    if (entry.eval && entry.eval.depth > info.depth) return false;
    entry.eval = { player: entry.position.mover, score: info.score, depth: info.depth, wdl: info.wdl, first: info.first };
    return true;
  }

  // The positions with no score yet, the game not over there: [{ ply, positionCommand }].
  unscoredPositions() {
    return this.plies
      .map((entry, ply) => ({ ply, entry }))
      .filter(({ entry }) => !entry.eval && !entry.result.over)
      .map(({ ply }) => ({ ply, positionCommand: this.positionCommand(ply) }));
  }

  // The players whose flag fell, in the order it happened.
  get timeLosses() {
    return this.plies.filter((entry) => entry.timeLoss).map((entry) => entry.player);
  }

  truncate(ply) {
    this.plies.length = ply + 1;
  }

  rulesWords() {
    return [...this.rules].map(([key, value]) => `${key}=${value}`).join(' ');
  }
}
