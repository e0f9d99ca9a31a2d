// Draws the game as the controller holds it: the board (pieces, the selection and its
// targets, the moves since the mover's last one, the engine's line, analysis arrows, a
// hint) and the page around it (status, clocks, panels), for the position shown.
import { pathOfMove } from './move-text.js';
import { trailOf } from './move-trail.js';
import { playerOfSeat } from './rules.js';

// game: the GameController.
export function renderGame(game) {
  if (!game.history) return;
  const ply = game.viewPly ?? game.history.moveCount;
  const shown = game.history.plies[ply];
  const position = shown.position;
  const playersSeats = game.history.playersSeats;
  const over = shown.result.startsWith('result over');
  const moverSeats = over ? [] : playersSeats[position.mover - 1] ?? [];
  const bestLine = game.thinking?.info.pv && game.live ? game.thinking.info.pv.slice(0, 3).map(pathOfMove) : [];
  const key = game.positionKey(ply);
  const analysed = game.analysis.target?.key === key ? game.analysis.lines.filter(Boolean) : [];
  game.board.render({
    position,
    seatsInPlay: new Set(playersSeats.flat()),
    campSize: Number(game.history.rules.get('pieces')),
    finishedSeats: new Set(position.finishedSeats),
    moverSeats: new Set(moverSeats),
    selected: game.live ? game.selection?.hole : null,
    targets: game.live ? game.selection?.targets : [],
    trail: trailOf(game.history, ply),
    bestLine,
    arrows: analysed.map((info) => pathOfMove(info.pv[0])),
    hint: game.hintShown?.key === key ? pathOfMove(game.hintShown.move) : [],
  });
  game.view.render({
    history: game.history,
    ply,
    live: game.live,
    position,
    resultLine: shown.result,
    over,
    seatSettings: game.seatSettings,
    thinking: game.thinking,
    enginesPaused: game.enginesPaused,
    canPass: game.live && !over && !game.moverIsEngine() && game.forcedPass(),
    personToMove: game.live && !over && !game.moverIsEngine(),
    busy: game.busy,
    connected: game.connected,
    analysis: {
      enabled: game.analysis.enabled, lines: analysed, mover: position.mover, evaluating: game.evaluating,
      running: game.analysis.target?.key === key || game.analysisTarget()?.key === key,
    },
    bottomPlayer: playerOfSeat(playersSeats, game.board.seatAtBottom) || 1,
    clock: game.clockSnapshot(),
  });
}
