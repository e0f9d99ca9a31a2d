// The evaluation graph under the move list and the evaluation bar beside the board,
// from the scores the engine gave (its own moves, analysis, Evaluate game). A score is
// from the view of the player to move (protocol-spec/protocol.md, "go"): with two
// players the graph has one line, player 1's view; with 3 to 6 one line per player,
// each point a position where that player was to move. A finished game's last point
// comes from the places. Clicking the graph goes to that move.
import { SEAT_STYLES } from './seat-style.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 90;
const PAD = 6;

function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (parent) parent.appendChild(element);
  return element;
}

// A score as -1..1 (a mate is ±1; 10 steps are about ±0.76).
function squash(score) {
  if (score.kind === 'mate') return score.value > 0 ? 1 : -1;
  return Math.tanh(score.value / 1000);
}

// The values of one position: [{ player, value }] from each player's own view.
function valuesAt(entry, players) {
  if (entry.result.over) {
    const { places } = entry.result;
    const worst = Math.max(...places);
    return places.map((place, i) => ({ player: i + 1, value: worst === 1 ? 0 : 1 - (2 * (place - 1)) / (worst - 1) }))
      .filter(({ player }) => players > 2 || player === 1);
  }
  if (!entry.eval) return [];
  const value = squash(entry.eval.score);
  if (players > 2) return [{ player: entry.eval.player, value }];
  return [{ player: 1, value: entry.eval.player === 1 ? value : -value }];
}

export class EvalGraph {
  // onViewPly(ply) when the graph is clicked.
  constructor(container, onViewPly) {
    this.root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'eval-graph', role: 'img' });
    this.root.setAttribute('aria-label', 'evaluation graph: click a point to go to that move');
    container.appendChild(this.root);
    this.moveCount = 0;
    this.root.addEventListener('click', (event) => {
      if (this.moveCount === 0) return;
      const box = this.root.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * WIDTH;
      onViewPly(Math.max(1, Math.min(this.moveCount, Math.round(this.plyAt(x)))));
    });
  }

  x(ply) {
    return PAD + ((ply - 1) / Math.max(1, this.moveCount - 1)) * (WIDTH - 2 * PAD);
  }

  plyAt(x) {
    return 1 + ((x - PAD) / (WIDTH - 2 * PAD)) * Math.max(1, this.moveCount - 1);
  }

  static y(value) {
    return HEIGHT / 2 - value * (HEIGHT / 2 - PAD);
  }

  // history: GameHistory; ply: the move shown on the board.
  render(history, ply) {
    const drawn = JSON.stringify([history.playersSeats, ply, history.plies.map((entry) => [entry.eval?.score, entry.result.line])]);
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    this.moveCount = history.moveCount;
    this.root.replaceChildren();
    svg('line', { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: 'graph-zero' }, this.root);
    const players = history.playersSeats.length;
    const series = new Map(); // player -> [[ply, value]]
    history.plies.forEach((entry, i) => {
      if (i === 0) return;
      for (const { player, value } of valuesAt(entry, players)) {
        if (!series.has(player)) series.set(player, []);
        series.get(player).push([i, value]);
      }
    });
    if (ply > 0) svg('line', { x1: this.x(ply), x2: this.x(ply), y1: 0, y2: HEIGHT, class: 'graph-current' }, this.root);
    for (const [player, points] of series) {
      const colour = SEAT_STYLES[history.playersSeats[player - 1][0]].colour;
      const coordinates = points.map(([at, value]) => `${this.x(at).toFixed(1)},${EvalGraph.y(value).toFixed(1)}`);
      if (players <= 2) {
        // Player 1's advantage filled towards the zero line, as a race chart.
        const first = this.x(points[0][0]).toFixed(1);
        const last = this.x(points[points.length - 1][0]).toFixed(1);
        svg('polygon', { points: `${first},${HEIGHT / 2} ${coordinates.join(' ')} ${last},${HEIGHT / 2}`, fill: colour, class: 'graph-area' }, this.root);
      }
      svg('polyline', { points: coordinates.join(' '), stroke: colour, class: 'graph-line' }, this.root);
      for (const [at, value] of points) {
        svg('circle', {
          cx: this.x(at), cy: EvalGraph.y(value), r: at === ply ? 3.2 : 1.8, fill: colour,
          class: 'graph-point', 'data-ply': at, 'data-player': player,
        }, this.root);
      }
    }
    const scored = history.plies.filter((entry, i) => i > 0 && (entry.eval || entry.result.over)).length;
    this.root.dataset.points = String(this.root.querySelectorAll('.graph-point').length);
    this.root.dataset.scored = String(scored);
  }
}

// The bar beside the board for the position shown: two players split it in their
// colours (the bottom one's share from below); with more players it fills with the
// mover's colour by the mover's view. Empty when the engine gave no score yet.
export function renderEvalBar(bar, history, ply, bottomPlayer) {
  const entry = history.plies[ply];
  const fill = bar.querySelector('.eval-fill') ?? bar.appendChild(document.createElement('div'));
  const label = bar.querySelector('.eval-label') ?? bar.appendChild(document.createElement('span'));
  fill.className = 'eval-fill';
  label.className = 'eval-label';
  const players = history.playersSeats.length;
  const colourOf = (player) => SEAT_STYLES[history.playersSeats[player - 1][0]].colour;
  const { over } = entry.result;
  if (over && players === 2) {
    // The end of a two-player game: the bar goes all the way to the winner.
    const [mine, theirs] = [bottomPlayer, 3 - bottomPlayer].map((player) => valuesAt(entry, 3).find((v) => v.player === player).value);
    const value = mine === theirs ? 0 : Math.sign(mine - theirs);
    fill.style.height = `${((1 + value) / 2) * 100}%`;
    fill.style.background = colourOf(bottomPlayer);
    bar.style.background = colourOf(3 - bottomPlayer);
    label.textContent = value > 0 ? 'won' : value < 0 ? 'lost' : 'draw';
    bar.title = 'the game is over';
    bar.dataset.value = String(value);
    return;
  }
  if (!entry.eval || over) {
    fill.style.height = '50%';
    fill.style.background = '#bbb';
    bar.style.background = '#ddd';
    label.textContent = '';
    bar.title = 'no evaluation for this position yet';
    bar.dataset.value = '';
    return;
  }
  const { player, score } = entry.eval;
  const viewer = players === 2 ? bottomPlayer : player;
  const value = viewer === player ? squash(score) : -squash(score);
  fill.style.height = `${(((1 + value) / 2) * 100).toFixed(1)}%`;
  fill.style.background = colourOf(viewer);
  bar.style.background = players === 2 ? colourOf(3 - viewer) : '#ddd';
  const signed = viewer === player ? score.value : -score.value;
  const steps = score.kind === 'mate' ? `#${signed}` : `${signed >= 0 ? '+' : ''}${(signed / 100).toFixed(1)}`;
  label.textContent = steps;
  bar.title = `${steps}${score.kind === 'mate' ? ' turns to finish' : ' steps'}, from player ${viewer}'s view`;
  bar.dataset.value = value.toFixed(3);
}
