// Move text as `legal` and `bestmove` print it (protocol-spec/notation.md, "Moves"):
// the holes joined by '-', a trailing '*' for a swap, or pass / resign / none.

// The holes of a move ("m3-k5-m5", "j13-k13*"), for drawing its path; [] for the others.
export function pathOfMove(move) {
  if (!move || move === 'pass' || move === 'resign' || move === 'none') return [];
  return move.replace(/\*$/, '').split('-');
}
