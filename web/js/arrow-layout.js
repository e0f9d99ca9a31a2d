// Where the arrows of several moves go when they end on one hole (two analysis lines
// reaching one hole, a hint that is also analysis line 1): drawn over each other they
// read as one. Each arrow that shares its end stops short of the hole's centre on the
// side it comes from, so heads from different sides sit round the hole, and arrows
// that come in along one line are drawn side by side. In the board's units.
const END_GAP = 9; // how far short of the shared hole's centre a tip stops
const SIDE_GAP = 12; // between the middles of arrows drawn side by side

const keyOf = ([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`;

// arrows: [{ points: [[x, y], ...] }, ...]; returns each arrow's points, moved where
// its end is shared.
export function spreadArrows(arrows) {
  const sharing = new Map();
  for (const arrow of arrows) {
    const key = keyOf(arrow.points[arrow.points.length - 1]);
    sharing.set(key, [...(sharing.get(key) ?? []), arrow]);
  }
  return arrows.map((arrow) => {
    const { points } = arrow;
    const group = sharing.get(keyOf(points[points.length - 1]));
    if (group.length === 1) return points;
    const [[x1, y1], [x2, y2]] = points.slice(-2);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const alongside = group.filter((other) => keyOf(other.points[other.points.length - 2]) === keyOf([x1, y1]));
    const shift = (alongside.indexOf(arrow) - (alongside.length - 1) / 2) * SIDE_GAP;
    const moved = points.map(([x, y]) => [x - uy * shift, y + ux * shift]);
    const [tx, ty] = moved[moved.length - 1];
    moved[moved.length - 1] = [tx - ux * END_GAP, ty - uy * END_GAP];
    return moved;
  });
}
