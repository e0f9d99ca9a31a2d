// The 121 holes of the star, their names, indices, board coordinates and arms.
// Everything here follows protocol-spec/notation.md ("Holes") and the pictures in
// protocol-spec/README.md: column = 'a' + q + 8, row = r + 9 (cube coordinates),
// drawn at x = 2q + r, y = r; index 0 = m1, then row by row towards row 17, each row
// from right to left.

// Rows hold (notation.md): the first and last column letter of each row 1..17.
const ROW_SPANS = {
  17: ['e', 'e'], 16: ['e', 'f'], 15: ['e', 'g'], 14: ['e', 'h'],
  13: ['a', 'm'], 12: ['b', 'm'], 11: ['c', 'm'], 10: ['d', 'm'],
  9: ['e', 'm'], 8: ['e', 'n'], 7: ['e', 'o'], 6: ['e', 'p'], 5: ['e', 'q'],
  4: ['j', 'm'], 3: ['k', 'm'], 2: ['l', 'm'], 1: ['m', 'm'],
};

// Seat whose arm holds a hole with cube coordinates (q, r), or 0 for the hexagon.
// Seat 1 is south (rows 1-4), then clockwise: 2 south-west, 3 north-west, 4 north,
// 5 north-east, 6 south-east.
function armOf(q, r) {
  const s = -q - r;
  if (r < -4) return 1;
  if (s > 4) return 2;
  if (q < -4) return 3;
  if (r > 4) return 4;
  if (s < -4) return 5;
  if (q > 4) return 6;
  return 0;
}

function buildHoles() {
  const holes = [];
  for (let row = 1; row <= 17; row += 1) {
    const [first, last] = ROW_SPANS[row];
    // Index order within a row is right to left (highest column first).
    for (let code = last.charCodeAt(0); code >= first.charCodeAt(0); code -= 1) {
      const column = String.fromCharCode(code);
      const q = code - 'a'.charCodeAt(0) - 8;
      const r = row - 9;
      holes.push({
        index: holes.length,
        name: `${column}${row}`,
        column,
        row,
        q,
        r,
        x: 2 * q + r,
        y: r,
        arm: armOf(q, r),
      });
    }
  }
  return holes;
}

export const HOLES = Object.freeze(buildHoles());
const HOLE_BY_NAME = new Map(HOLES.map((hole) => [hole.name, hole]));

// Holes of one board row in the order of the position text: ascending column letter
// (protocol-spec/notation.md, "Position text", field 1).
export function holesOfRowLeftToRight(row) {
  return HOLES.filter((hole) => hole.row === row).sort((a, b) => a.q - b.q);
}

// A hole from its name ("i9") or its numeric index ("60"); undefined if neither.
export function holeOf(text) {
  if (/^(0|[1-9][0-9]*)$/.test(text)) return HOLES[Number(text)];
  return HOLE_BY_NAME.get(text);
}

// The seat opposite another: an army's goal (1-4, 2-5, 3-6 face each other).
export function oppositeSeat(seat) {
  return ((seat + 2) % 6) + 1;
}
