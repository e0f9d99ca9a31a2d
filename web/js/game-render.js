// Draws the game from a snapshot of it (GameController.snapshot(): plain values): the
// board (pieces, the selection and its targets, the moves since the mover's last one,
// the engine's line, analysis arrows, a hint) and the page around it (status, clocks,
// panels), for the position shown. Reads nothing else and changes nothing but the views.
import { pathOfMove } from './move-text.js';
import { trailOf } from './move-trail.js';
import { playerOfSeat } from './rules.js';

// board: BoardView, view: PageView.
export function renderGame(game, board, view) {
  const { history, ply, live } = game;
  const shown = history.plies[ply];
  const position = shown.position;
  const playersSeats = history.playersSeats;
  const moverSeats = shown.result.over ? [] : playersSeats[position.mover - 1] ?? [];
  const bestLine = game.thinking?.info.pv && live ? game.thinking.info.pv.slice(0, 3).map(pathOfMove) : [];
  board.render({
    position,
    seatsInPlay: new Set(playersSeats.flat()),
    campSize: Number(history.rules.get('pieces')),
    finishedSeats: new Set(position.finishedSeats),
    moverSeats: new Set(moverSeats),
    selected: live ? game.selection?.hole : null,
    targets: live ? game.selection?.targets : [],
    trail: trailOf(history, ply),
    bestLine,
    arrows: game.analysis.lines.map((info) => pathOfMove(info.pv[0])),
    hint: game.hint ? pathOfMove(game.hint) : [],
  });
  view.render({
    history,
    ply,
    live,
    position,
    result: shown.result,
    seatSettings: game.seatSettings,
    thinking: game.thinking,
    enginesPaused: game.enginesPaused,
    canPass: live && !shown.result.over && !game.moverIsEngine && game.forcedPass,
    personToMove: live && !shown.result.over && !game.moverIsEngine,
    busy: game.busy,
    connected: game.connected,
    analysis: { ...game.analysis, mover: position.mover },
    bottomPlayer: playerOfSeat(playersSeats, game.seatAtBottom) || 1,
    clock: game.clock,
  });
}
