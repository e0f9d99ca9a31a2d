// The moves drawn on the board: every move since the last move of the player to move
// at the position shown, so that with six players a person sees all five replies to
// their move, not only the last one. At most one round (a player's own bonus move
// leaves only that move).
import { pathOfMove } from './move-text.js';

// history: GameHistory; ply: the position shown. -> [{ path: [holes], seat }] oldest
// first; the seat is the moved piece's (a player may have several).
export function trailOf(history, ply) {
  const mover = history.plies[ply].position.mover;
  const limit = Math.max(1, history.playersSeats.length - 1);
  const trail = [];
  for (let at = ply; at >= 1 && trail.length < limit; at -= 1) {
    const entry = history.plies[at];
    if (entry.player === mover && trail.length > 0) break;
    const path = pathOfMove(entry.move);
    if (path.length >= 2) {
      const piece = entry.position.pieces.get(path[path.length - 1]);
      trail.unshift({ path, seat: piece?.seat ?? history.playersSeats[entry.player - 1]?.[0] });
    }
    if (entry.player === mover) break; // its own last move (a bonus move follows)
  }
  return trail;
}
