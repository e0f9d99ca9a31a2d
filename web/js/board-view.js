// Draws the star in SVG: holes, arms, pieces (kings, bonus marks, spare pieces),
// the selected piece, its legal targets, the last move's path, the engine's best
// line, the analysis lines' first moves and a hint as arrows; animates a move along its
// path; reports clicks, taps and keys on holes (board-input.js).
import { spreadArrows } from './arrow-layout.js';
import { attachBoardInput, holeDescription } from './board-input.js';
import { NARROW_SCREEN_QUERY, boardScale } from './board-scale.js';
import { HOLES, holeOf, oppositeSeat } from './geometry.js';
import { SEAT_STYLES, SPARE_STYLE, glyphElement } from './seat-style.js';
import { pathOfMove } from './move-text.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const UNIT = 20; // half the distance between neighbouring holes of a row
const ROW_HEIGHT = UNIT * Math.sqrt(3); // rows of equilateral triangles
const HOLE_RADIUS = 6;
// An analysis arrow's head (board units; neighbouring holes are 2 * UNIT apart).
const ANALYSIS_HEAD = { length: 22, halfWidth: 13 };
const STEP_MILLISECONDS = { slow: 400, normal: 180, fast: 60, off: 0 };

// A hole's cell: neighbours are 2 * UNIT apart in six directions 60 degrees apart (in
// every rotation of the board), so the cell is the hexagon with its corners between
// those directions at UNIT / cos 30 degrees from the centre.
const CELL_CORNER = UNIT / Math.cos(Math.PI / 6);

function cellCorners(x, y) {
  return Array.from({ length: 6 }, (_, k) => {
    const angle = Math.PI / 6 + (k * Math.PI) / 3;
    return `${(x + CELL_CORNER * Math.cos(angle)).toFixed(2)},${(y + CELL_CORNER * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (parent) parent.appendChild(element);
  return element;
}

export class BoardView {
  // container: an element to draw into; onHoleClick(holeName) for every click on a hole.
  constructor(container, onHoleClick) {
    // A group of hole buttons, not an image: an image hides its parts from screen readers.
    this.narrowScreen = window.matchMedia(NARROW_SCREEN_QUERY);
    this.showNames = false;
    this.scale = boardScale(this.narrowScreen.matches, this.showNames);
    this.root = svg('svg', { viewBox: this.scale.viewBox, class: 'board', role: 'group' });
    this.root.setAttribute('aria-label', 'Chinese Checkers board: arrow keys move between holes, Enter or Space picks up and drops');
    this.root.setAttribute('tabindex', '-1'); // Chromium would make the svg itself a tab stop before its holes
    container.appendChild(this.root);
    this.layers = {};
    for (const name of ['arms', 'holes', 'paths', 'lines', 'marks', 'pieces', 'arrows', 'preview', 'targets', 'labels']) {
      this.layers[name] = svg('g', { class: `layer-${name}` }, this.root);
      // The hole buttons tell screen readers what stands where; the drawing is for eyes.
      if (name !== 'holes') this.layers[name].setAttribute('aria-hidden', 'true');
    }
    this.seatAtBottom = 1;
    this.animationSpeed = 'normal';
    // The name of the hole under the pointer or focus, in the board's empty top-left
    // corner, where it hides no piece (a label next to the piece covered a king's crown).
    const [labelX, labelY] = this.scale.corner;
    this.hoverLabel = svg('text', { x: labelX, y: labelY, class: 'hover-label', visibility: 'hidden', 'aria-hidden': 'true' }, this.root);
    this.hitRadius = CELL_CORNER; // the farthest point of a hole's cell
    this.focusedHole = null; // the hole that takes the keyboard focus (one tab stop)
    attachBoardInput(this, onHoleClick, (hole) => {
      this.focusedHole = hole;
      this.showHoverName(hole);
    });
    // Only a mouse hovers: a finger's tap also sends pointer-over events, and what they
    // drew would stay on the board after the tapped move.
    this.root.addEventListener('pointerover', (event) => {
      if (event.pointerType !== 'mouse') return;
      const target = event.target.closest('[data-hole]');
      if (target) this.showHoverName(target.dataset.hole);
      // Over a lit target: the hop chain that the click would play.
      this.layers.preview.replaceChildren();
      if (target?.dataset.move) this.drawPath(pathOfMove(target.dataset.move), 'preview', this.layers.preview);
    });
    this.root.addEventListener('pointerleave', () => this.clearHover());
    this.narrowScreen.addEventListener('change', () => this.rescale());
    this.state = null;
  }

  // The screen turned or the names were switched: the star and pieces drawn anew.
  rescale() {
    this.scale = boardScale(this.narrowScreen.matches, this.showNames);
    this.root.setAttribute('viewBox', this.scale.viewBox);
    const [labelX, labelY] = this.scale.corner;
    this.hoverLabel.setAttribute('x', labelX);
    this.hoverLabel.setAttribute('y', labelY);
    this.drawnFixed = null;
    this.drawnLines = null;
    if (this.state) this.render(this.state);
  }

  // Screen point of a hole, turned so that `seatAtBottom`'s arm points down.
  point(holeName) {
    const hole = holeOf(holeName);
    const px = hole.x * UNIT;
    const py = -hole.y * ROW_HEIGHT;
    const angle = (-(this.seatAtBottom - 1) * Math.PI) / 3;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return [px * cos - py * sin, px * sin + py * cos];
  }

  setSeatAtBottom(seat) {
    this.seatAtBottom = seat;
    if (this.state) this.render(this.state);
  }

  setAnimationSpeed(speed) {
    this.animationSpeed = speed;
  }

  setShowNames(show) {
    this.showNames = show;
    this.rescale();
  }

  // state: { position (parsePositionText), seatsInPlay: Set, campSize: 10|15, finishedSeats: Set,
  //   moverSeats: Set, selected, targets: [{hole, move, swap}], trail: [{path, seat}] oldest first,
  //   bestLine: [[holes], ...], arrows: [[holes], ...] best first, hint: [holes] }
  render(state) {
    this.state = state;
    // The engine's lines change many times a second: they alone are redrawn then, so
    // the pieces and targets under the pointer stay the same elements and no click
    // is lost.
    const fixed = JSON.stringify([state.position.text, state.selected, state.targets, state.trail, state.campSize,
      [...state.seatsInPlay], [...state.finishedSeats], [...state.moverSeats], this.seatAtBottom, this.showNames]);
    if (fixed !== this.drawnFixed) {
      this.drawnFixed = fixed;
      const hadFocus = this.root.contains(document.activeElement) && document.activeElement.dataset?.hole;
      // A new position or selection: a preview of a move no longer on offer goes.
      this.clearHover();
      for (const name of ['arms', 'holes', 'paths', 'marks', 'pieces', 'targets', 'labels']) this.layers[name].replaceChildren();
      this.drawArms(state);
      this.drawHoles(state);
      this.drawTrail(state.trail ?? []);
      this.drawPieces(state);
      this.drawTargets(state);
      if (this.showNames) this.drawNames();
      // The holes were drawn anew: the keyboard focus stays on its hole.
      if (hadFocus) this.focusHole(hadFocus, { preventScroll: true });
    }
    const lines = JSON.stringify([state.bestLine, state.arrows, state.hint, this.seatAtBottom]);
    if (lines === this.drawnLines) return;
    this.drawnLines = lines;
    this.layers.lines.replaceChildren();
    this.layers.arrows.replaceChildren();
    (state.bestLine ?? []).forEach((path, ply) => this.drawPath(path, `best-line ply-${Math.min(ply, 2)}`, this.layers.lines));
    // Above the pieces: the best line widest and darkest, as on lichess; each over a
    // white edge and with a head about a piece wide, so that it reads on 24-pixel pieces
    // of any colour (the line's other moves are in the Analysis panel).
    const arrows = (state.arrows ?? []).map((path, rank) => ({ path, kind: `analysis-arrow rank-${rank + 1}`, width: Math.max(6, 10 - rank * 2) }));
    arrows.push({ path: state.hint ?? [], kind: 'hint-arrow', width: 8 });
    const drawn = arrows.filter(({ path }) => path.length >= 2).map((arrow) => ({ ...arrow, points: arrow.path.map((name) => this.point(name)) }));
    this.markHint(state.hint ?? []);
    spreadArrows(drawn).forEach((points, i) => this.drawArrow(drawn[i], points));
  }

  // The hint's piece and the hole it goes to, ringed above the pieces: a one-step
  // hint's arrow is shorter than a piece is wide, and blue on a blue piece.
  markHint(hint) {
    if (hint.length < 2) return;
    for (const [hole, kind] of [[hint[0], 'from'], [hint[hint.length - 1], 'to']]) {
      const [x, y] = this.point(hole);
      const group = svg('g', { class: `hint-hole hint-${kind}`, 'data-hole': hole }, this.layers.arrows);
      for (const part of ['hint-ring-edge', 'hint-ring']) {
        svg('circle', { cx: x, cy: y, r: this.scale.pieceRadius + 3, class: part }, group);
      }
    }
  }

  // Each start arm in play as a rounded triangle in its seat's tint; a goal arm that
  // is no army's start gets a dashed outline in the colour of the army heading there.
  // With 15-piece armies both are the 15-hole camps (protocol-spec/rules.md §1).
  drawArms(state) {
    const camp = state.campSize === 15;
    for (const seat of state.seatsInPlay) {
      this.armTriangle(seat, SEAT_STYLES[seat], 'arm-tint', camp);
      const goal = oppositeSeat(seat);
      if (!state.seatsInPlay.has(goal)) this.armTriangle(goal, SEAT_STYLES[seat], 'arm-goal', camp);
    }
  }

  // The arm's three corner holes (those farthest from its centre), pushed outwards; for
  // a camp the base corners move one row further from the tip (side 5 instead of 4).
  armTriangle(arm, style, kind, camp) {
    const points = HOLES.filter((hole) => hole.arm === arm).map((hole) => this.point(hole.name));
    const centre = (corners) => [
      corners.reduce((sum, [x]) => sum + x, 0) / corners.length,
      corners.reduce((sum, [, y]) => sum + y, 0) / corners.length,
    ];
    const [cx, cy] = centre(points);
    let corners = points
      .map(([x, y]) => ({ x, y, d: Math.hypot(x - cx, y - cy) }))
      .sort((a, b) => b.d - a.d)
      .slice(0, 3)
      .map(({ x, y }) => [x, y]);
    if (camp) {
      // The tip is the corner farthest from the board's centre (0, 0).
      const tip = corners.reduce((far, corner) => (Math.hypot(...corner) > Math.hypot(...far) ? corner : far));
      corners = corners.map(([x, y]) => [tip[0] + ((x - tip[0]) * 4) / 3, tip[1] + ((y - tip[1]) * 4) / 3]);
    }
    const [mx, my] = centre(corners);
    const outline = corners.map(([x, y]) => {
      const d = Math.hypot(x - mx, y - my);
      return [x + ((x - mx) / d) * UNIT * 0.9, y + ((y - my) / d) * UNIT * 0.9];
    });
    svg('polygon', {
      points: outline.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '),
      fill: kind === 'arm-tint' ? style.tint : 'none',
      stroke: style.colour,
      class: kind,
    }, this.layers.arms);
  }

  drawHoles(state) {
    const tabStop = this.tabStop(state);
    for (const hole of HOLES) {
      const [x, y] = this.point(hole.name);
      const spot = svg('circle', { cx: x, cy: y, r: HOLE_RADIUS, class: 'hole', 'data-hole': hole.name, 'aria-hidden': 'true' }, this.layers.holes);
      // The hole's whole cell (the hexagon of points nearer to it than to any other
      // hole) is its transparent hit area, so a finger anywhere in it picks this hole;
      // it is also the hole's button for the keyboard, the hexagon its focus ring.
      svg('polygon', {
        points: cellCorners(x, y), class: 'hole-hit', 'data-hole': hole.name,
        role: 'button', tabindex: hole.name === tabStop ? 0 : -1, 'aria-label': holeDescription(hole.name, state),
      }, this.layers.holes);
      svg('title', {}, spot).textContent = hole.name;
    }
  }

  // The one hole Tab reaches: the last one focused, else the picked-up piece, else the
  // first piece of the player to move.
  tabStop(state) {
    if (this.focusedHole) return this.focusedHole;
    if (state.selected) return state.selected;
    for (const [hole, piece] of state.position.pieces) if (state.moverSeats.has(piece.seat)) return hole;
    return HOLES[0].name;
  }

  focusHole(holeName, options = {}) {
    for (const hit of this.layers.holes.querySelectorAll('.hole-hit[tabindex="0"]')) hit.setAttribute('tabindex', '-1');
    const hit = this.layers.holes.querySelector(`.hole-hit[data-hole="${holeName}"]`);
    if (!hit) return;
    hit.setAttribute('tabindex', '0');
    this.focusedHole = holeName;
    hit.focus(options);
  }

  drawPath(path, kind, layer = this.layers.paths) {
    if (!path || path.length < 2) return;
    const points = path.map((name) => this.point(name).map((v) => v.toFixed(1)).join(',')).join(' ');
    svg('polyline', { points, class: `path ${kind}` }, layer);
    const [x, y] = this.point(path[path.length - 1]);
    svg('circle', { cx: x, cy: y, r: 5, class: `path-end ${kind}` }, layer);
  }

  // The moves since the mover's last one, each in its army's colour over a dark
  // edge, the older ones fainter; the newest ends in a dot.
  drawTrail(trail) {
    trail.forEach(({ path, seat }, i) => {
      const age = trail.length - 1 - i;
      const group = svg('g', { class: `trail age-${Math.min(age, 4)}`, 'data-seat': seat }, this.layers.paths);
      group.style.setProperty('--seat-colour', SEAT_STYLES[seat]?.colour ?? '#333');
      // A dark edge under the colour: a move shows also over its own arm's tint.
      const points = path.map((name) => this.point(name).map((v) => v.toFixed(1)).join(',')).join(' ');
      svg('polyline', { points, class: 'path trail-edge' }, group);
      this.drawPath(path, 'last-move', group);
    });
  }

  // A move's path with an arrowhead at its end (points: the path's holes, or near them
  // where arrows share an end); holes stay clickable through it.
  drawArrow({ path, kind, width }, points) {
    const group = svg('g', { class: kind, 'data-move': path.join('-') }, this.layers.arrows);
    const [[x1, y1], [x2, y2]] = points.slice(-2);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    // An analysis arrow's head is half a step long and nearly a piece wide whatever its
    // line's rank (the lesser lines' were short marks on the piece); the hint's grows
    // with its width.
    const analysis = kind.startsWith('analysis-arrow');
    const head = analysis ? ANALYSIS_HEAD.length : width * 2.2;
    const base = [x2 - ux * head, y2 - uy * head];
    const shaft = [...points.slice(0, -1), base];
    // The shaft over a light edge: it shows on a piece of its own colour.
    svg('polyline', { points: shaft.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), 'stroke-width': width + 4, class: 'arrow-edge' }, group);
    svg('polyline', {
      points: shaft.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), 'stroke-width': width, class: 'arrow-shaft',
    }, group);
    const wing = analysis ? ANALYSIS_HEAD.halfWidth : head * 0.65;
    svg('polygon', {
      points: [[x2, y2], [base[0] - uy * wing, base[1] + ux * wing], [base[0] + uy * wing, base[1] - ux * wing]]
        .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '),
      class: 'arrow-head',
    }, group);
  }

  drawPieces(state) {
    for (const [holeName, piece] of state.position.pieces) {
      this.layers.pieces.appendChild(this.pieceElement(holeName, piece, state));
    }
  }

  pieceElement(holeName, piece, state) {
    const style = piece.spare ? SPARE_STYLE : SEAT_STYLES[piece.seat];
    const classes = ['piece', piece.spare ? 'spare' : `seat-${piece.seat}`];
    if (piece.king) classes.push('king');
    if (piece.bonusEarned) classes.push('bonus-earned');
    if (state.finishedSeats.has(piece.seat)) classes.push('finished');
    if (state.moverSeats.has(piece.seat)) classes.push('to-move');
    if (state.selected === holeName) classes.push('selected');
    const [x, y] = this.point(holeName);
    const group = svg('g', { class: classes.join(' '), 'data-hole': holeName, 'data-seat': piece.seat });
    const radius = this.scale.pieceRadius;
    group.style.transform = `translate(${x}px, ${y}px)`;
    svg('circle', { r: radius, fill: style.colour, class: 'piece-body' }, group);
    const glyph = glyphElement(style.glyph, radius * 0.5);
    group.appendChild(glyph);
    if (piece.king) this.drawCrown(group);
    if (piece.bonusEarned) svg('circle', { cx: radius * 0.7, cy: -radius * 0.7, r: 4.5, class: 'bonus-mark' }, group);
    if (state.finishedSeats.has(piece.seat)) {
      // A tick at the lower right, white under black so it shows on every colour.
      for (const kind of ['finished-mark-under', 'finished-mark']) {
        svg('path', { d: 'M -6 0 L -2 5 L 7 -6', class: kind, transform: `translate(${radius * 0.6}, ${radius * 0.55})` }, group);
      }
    }
    svg('title', {}, group).textContent = `${holeName}: ${piece.spare ? 'spare piece' : `seat ${piece.seat}${piece.king ? ' king' : ''}${piece.bonusEarned ? ', bonus earned' : ''}`}`;
    return group;
  }

  drawCrown(group) {
    // A crown above the glyph, and a gold ring: a king reads as a king in any colour.
    svg('circle', { r: this.scale.pieceRadius + 2.5, class: 'king-ring' }, group);
    svg('polygon', { points: '-8,-4 -8,-13 -4,-8 0,-14 4,-8 8,-13 8,-4', class: 'crown', transform: `translate(0, ${-this.scale.pieceRadius + 2})` }, group);
  }

  drawTargets(state) {
    if (state.selected) {
      const [x, y] = this.point(state.selected);
      svg('circle', { cx: x, cy: y, r: this.scale.pieceRadius + 4, class: 'selected-ring' }, this.layers.marks);
    }
    for (const target of state.targets ?? []) {
      const [x, y] = this.point(target.hole);
      svg('circle', {
        cx: x, cy: y, r: this.scale.pieceRadius - 3,
        class: `target${target.swap ? ' swap' : ''}`,
        'data-hole': target.hole,
        'data-move': target.move,
      }, this.layers.targets);
    }
  }

  // Each name under its hole, in the gap between the two holes of the next row
  // (in every rotation, as the grid turns onto itself): no piece is covered.
  drawNames() {
    for (const hole of HOLES) {
      const [x, y] = this.point(hole.name);
      svg('text', { x, y: y + ROW_HEIGHT / 2 + 4.7, class: 'hole-name' }, this.layers.labels).textContent = hole.name;
    }
  }

  clearHover() {
    this.hoverLabel.setAttribute('visibility', 'hidden');
    this.layers.preview.replaceChildren();
  }

  showHoverName(holeName) {
    this.hoverLabel.textContent = holeName;
    this.hoverLabel.setAttribute('visibility', 'visible');
    this.root.appendChild(this.hoverLabel); // keep it on top
  }

  // Moves the piece on path[0] along the path (one hop or step per leg); resolves
  // when done. The caller renders the new position afterwards.
  async animate(path) {
    const piece = this.layers.pieces.querySelector(`[data-hole="${path[0]}"]`);
    const legMilliseconds = STEP_MILLISECONDS[this.animationSpeed];
    if (!piece || path.length < 2 || legMilliseconds === 0) return;
    this.layers.pieces.appendChild(piece); // above the others while it travels
    const frames = path.map((name) => {
      const [x, y] = this.point(name);
      return { transform: `translate(${x}px, ${y}px)` };
    });
    const animation = piece.animate(frames, {
      duration: legMilliseconds * (path.length - 1), easing: 'ease-in-out', fill: 'forwards',
    });
    await animation.finished;
  }
}
