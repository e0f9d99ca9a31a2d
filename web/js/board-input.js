// How a person points at a hole of the board: a click or tap picks the nearest hole
// within a finger's reach (a phone shows a piece some 17 px across, less than the
// ~44 px a finger needs), and the keyboard moves a focus over the holes with the arrow
// keys, picks or drops with Enter or Space, and puts a piece back with Escape. Each
// hole is a button named for screen readers by its hole name
// (protocol-spec/notation.md) and what stands on it.
import { HOLES } from './geometry.js';
import { SEAT_STYLES } from './seat-style.js';

// A tap this far (CSS pixels) from a hole's centre still picks it, when no hole is nearer.
const REACH_PIXELS = 22;
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The nearest hole to an SVG point within `reach` (SVG units), or null.
function nearestHole(pointOf, x, y, reach) {
  let best = null;
  let bestDistance = reach;
  for (const hole of HOLES) {
    const [hx, hy] = pointOf(hole.name);
    const distance = Math.hypot(hx - x, hy - y);
    if (distance <= bestDistance) {
      best = hole.name;
      bestDistance = distance;
    }
  }
  return best;
}

// The hole next to `from` in an arrow's screen direction: the nearest one within 60
// degrees of it, the straightest of equally near ones. On the hex grid Up and Down have
// two neighbours at 30 degrees: the one nearer the column the walk up or down started
// in (`columnX`), the left one of two as near, so that Up then Down comes back to the
// same hole and Up, Up goes straight up in a zigzag.
function holeInDirection(pointOf, from, key, columnX) {
  const [dx, dy] = ARROWS[key];
  const [fx, fy] = pointOf(from);
  let best = null;
  let bestScore = Infinity;
  for (const hole of HOLES) {
    const [x, y] = pointOf(hole.name);
    const [vx, vy] = [x - fx, y - fy];
    const distance = Math.hypot(vx, vy);
    const cosine = distance < 1 ? -1 : (vx * dx + vy * dy) / distance;
    if (cosine < 0.49) continue;
    const degrees = Math.round((Math.acos(Math.min(1, cosine)) * 180) / Math.PI);
    const offColumn = Math.round(Math.abs(x - columnX)) * 2 + (x > columnX ? 1 : 0);
    const score = Math.round(distance) * 1e8 + degrees * 1e5 + offColumn;
    if (score < bestScore) {
      best = hole.name;
      bestScore = score;
    }
  }
  return best;
}

// What a screen reader says for a hole: "m4, blue circle piece of seat 1, picked up".
export function holeDescription(holeName, state) {
  const parts = [holeName];
  const piece = state.position.pieces.get(holeName);
  if (!piece) parts.push('empty');
  else if (piece.spare) parts.push('spare piece');
  else {
    const style = SEAT_STYLES[piece.seat].label.replace(', ', ' ');
    parts.push(`${style} ${piece.king ? 'king' : 'piece'} of seat ${piece.seat}${state.finishedSeats.has(piece.seat) ? ', finished' : ''}`);
  }
  if (state.selected === holeName) parts.push('picked up');
  const target = (state.targets ?? []).find((candidate) => candidate.hole === holeName);
  if (target) parts.push(`move here: ${target.move}`);
  return parts.join(', ');
}

// Wires pointer and keyboard input of a BoardView: onHole(holeName) for a click,
// tap, Enter or Space on a hole; onFocusHole(holeName) when the focus moves to one.
export function attachBoardInput(board, onHole, onFocusHole) {
  const root = board.root;
  // Where a walk up or down by the keyboard started: its column's x and the hole it is
  // at now (a focus moved otherwise, or Left and Right, start a new one).
  let walk = null;
  root.addEventListener('click', (event) => {
    const matrix = root.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    // SVG units per CSS pixel: the board scales with the window.
    const reach = Math.max(REACH_PIXELS / Math.hypot(matrix.a, matrix.b), board.hitRadius);
    const hole = nearestHole((name) => board.point(name), point.x, point.y, reach);
    if (hole) onHole(hole);
  });
  root.addEventListener('keydown', (event) => {
    // Escape puts a picked-up piece back wherever the focus is on the board: after a
    // mouse pick it is on the board itself, not on a hole.
    if (event.key === 'Escape' && board.state?.selected) {
      event.preventDefault();
      onHole(board.state.selected); // a second click on the picked-up piece puts it back
      return;
    }
    const hole = event.target.closest?.('[data-hole]')?.dataset.hole;
    if (!hole) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onHole(hole);
    } else if (ARROWS[event.key]) {
      event.preventDefault(); // no page scrolling, no stepping through the moves
      const pointOf = (name) => board.point(name);
      const vertical = event.key === 'ArrowUp' || event.key === 'ArrowDown';
      if (!vertical || walk?.at !== hole) walk = { columnX: pointOf(hole)[0], at: hole };
      const next = holeInDirection(pointOf, hole, event.key, walk.columnX);
      if (!next) return;
      walk.at = vertical ? next : null;
      board.focusHole(next);
    }
  });
  root.addEventListener('focusin', (event) => {
    const hole = event.target.closest?.('[data-hole]')?.dataset.hole;
    if (hole) onFocusHole(hole);
  });
}
