// The evaluation graph under the move list and the evaluation bar beside the board, as
// win chances from the scores the engine gave (its own moves, analysis, Evaluate
// game). With ShowWDL the engine gives them (protocol-spec/protocol.md, "go", *Win
// chances*): at two players `wdl` from the mover's view, at 3 to 6 `first`, each
// player's chance of first place. An engine without them has its score squashed into
// a chance. With two players the graph has one line, player 1's chance to win; with 3
// to 6 one line per player. A finished game's last point comes from the places.
// Clicking the graph goes to that move.
import { scoreText } from './search-info.js';
import { SEAT_STYLES } from './seat-style.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 100;
const LEFT = 26; // room for the chance axis' labels
const RIGHT = 6;
const TOP = 6;
const BOTTOM = 14; // room for the move axis' labels

function svg(tag, attributes = {}, parent = null, text = '') {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text) element.textContent = text;
  if (parent) parent.appendChild(element);
  return element;
}

// A score as a chance 0..1 for an engine without ShowWDL (a mate is 0 or 1; ten steps
// ahead are about 0.88).
function squashedChance(score) {
  if (score.kind === 'mate') return score.value > 0 ? 1 : 0;
  return (1 + Math.tanh(score.value / 1000)) / 2;
}

// Each player's chance (0..1) to win at 2 players or to take first place at 3 to 6, at
// one position of the game: [{ player, chance }] (only the mover's when the engine gave
// no chances at 3 to 6), or [] when the engine gave no score there.
export function chancesAt(entry, players) {
  if (entry.result.over) {
    const { places } = entry.result;
    const firsts = places.filter((place) => place === 1).length;
    return places.map((place, i) => ({ player: i + 1, chance: place === 1 ? 1 / firsts : 0 }));
  }
  const evaluation = entry.eval;
  if (!evaluation) return [];
  if (evaluation.first?.length === players) {
    return evaluation.first.map((perMille, i) => ({ player: i + 1, chance: perMille / 1000 }));
  }
  const mover = evaluation.player;
  let chance = squashedChance(evaluation.score);
  if (evaluation.wdl) chance = (evaluation.wdl[0] + evaluation.wdl[1] / 2) / 1000;
  if (players !== 2) return [{ player: mover, chance }];
  return [{ player: mover, chance }, { player: 3 - mover, chance: 1 - chance }];
}

// At 3 to 6 players the chances a search gives swing with whose turn it is (a
// six-player game's lines jumped up and down at every turn, a zigzag no one could
// read): each point is the mean of the player's chances at the positions of the last
// round (one for each mover, the point's own included). A finished game's last point,
// from the places, stays as it is.
export function overOneRound(points, players) {
  return points.map(([at, chance, final]) => {
    if (final) return [at, chance];
    const round = points.filter(([other, , otherFinal]) => !otherFinal && other > at - players && other <= at);
    return [at, round.reduce((sum, [, each]) => sum + each, 0) / round.length];
  });
}

function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

export class EvalGraph {
  // onViewPly(ply) when the graph is clicked.
  constructor(container, onViewPly) {
    this.root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'eval-graph', role: 'img' });
    this.root.setAttribute('aria-label', 'win chance graph: click a point to go to that move');
    container.appendChild(this.root);
    this.legend = container.appendChild(document.createElement('div'));
    this.legend.className = 'graph-legend';
    this.moveCount = 0;
    this.root.addEventListener('click', (event) => {
      if (this.moveCount === 0) return;
      const box = this.root.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * WIDTH;
      onViewPly(Math.max(1, Math.min(this.moveCount, Math.round(this.plyAt(x)))));
    });
  }

  x(ply) {
    return LEFT + ((ply - 1) / Math.max(1, this.moveCount - 1)) * (WIDTH - LEFT - RIGHT);
  }

  plyAt(x) {
    return 1 + ((x - LEFT) / (WIDTH - LEFT - RIGHT)) * Math.max(1, this.moveCount - 1);
  }

  static y(chance) {
    return TOP + (1 - chance) * (HEIGHT - TOP - BOTTOM);
  }

  // The chance axis (0, an even share, 100%) and the move axis (the first and last move).
  drawAxes(players) {
    const even = 1 / Math.max(2, players);
    for (const chance of [0, even, 1]) {
      svg('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: EvalGraph.y(chance), y2: EvalGraph.y(chance), class: chance === even ? 'graph-zero' : 'graph-grid' }, this.root);
      svg('text', { x: LEFT - 3, y: EvalGraph.y(chance) + 3, class: 'graph-axis', 'text-anchor': 'end' }, this.root, percent(chance));
    }
    if (this.moveCount === 0) return;
    svg('text', { x: LEFT, y: HEIGHT - 3, class: 'graph-axis' }, this.root, 'move 1');
    svg('text', { x: WIDTH - RIGHT, y: HEIGHT - 3, class: 'graph-axis', 'text-anchor': 'end' }, this.root, `move ${this.moveCount}`);
  }

  // What the lines are, with each player's colour.
  drawLegend(history, players) {
    this.legend.replaceChildren();
    if (players > 2) this.legend.append('chance of first place:');
    const shown = players === 2 ? [1] : history.playersSeats.map((_, i) => i + 1);
    for (const player of shown) {
      const item = this.legend.appendChild(document.createElement('span'));
      item.className = 'graph-legend-item';
      const swatch = item.appendChild(document.createElement('i'));
      swatch.style.background = SEAT_STYLES[history.playersSeats[player - 1][0]].colour;
      item.append(players === 2 ? `player 1's chance to win` : `player ${player}`);
    }
  }

  // history: GameHistory; ply: the move shown on the board.
  render(history, ply) {
    const drawn = JSON.stringify([history.playersSeats, ply, history.plies.map((entry) => [entry.eval?.score, entry.eval?.wdl, entry.eval?.first, entry.result.line])]);
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    this.moveCount = history.moveCount;
    this.root.replaceChildren();
    const players = history.playersSeats.length;
    this.drawAxes(players);
    this.drawLegend(history, players);
    const series = new Map(); // player -> [[ply, chance, final]]
    history.plies.forEach((entry, i) => {
      if (i === 0) return;
      for (const { player, chance } of chancesAt(entry, players)) {
        if (players === 2 && player !== 1) continue;
        if (!series.has(player)) series.set(player, []);
        series.get(player).push([i, chance, entry.result.over]);
      }
    });
    if (players > 2) for (const [player, points] of series) series.set(player, overOneRound(points, players));
    if (ply > 0) svg('line', { x1: this.x(ply), x2: this.x(ply), y1: TOP, y2: HEIGHT - BOTTOM, class: 'graph-current' }, this.root);
    for (const [player, points] of series) {
      const colour = SEAT_STYLES[history.playersSeats[player - 1][0]].colour;
      const coordinates = points.map(([at, chance]) => `${this.x(at).toFixed(1)},${EvalGraph.y(chance).toFixed(1)}`);
      if (players <= 2) {
        // Player 1's advantage filled towards the even line, as a race chart.
        const first = this.x(points[0][0]).toFixed(1);
        const last = this.x(points[points.length - 1][0]).toFixed(1);
        const even = EvalGraph.y(0.5);
        svg('polygon', { points: `${first},${even} ${coordinates.join(' ')} ${last},${even}`, fill: colour, class: 'graph-area' }, this.root);
      }
      svg('polyline', { points: coordinates.join(' '), stroke: colour, class: 'graph-line' }, this.root);
      for (const [at, chance] of points) {
        svg('circle', {
          cx: this.x(at), cy: EvalGraph.y(chance), r: at === ply ? 3.2 : 1.8, fill: colour,
          class: 'graph-point', 'data-ply': at, 'data-player': player, 'data-chance': chance.toFixed(3),
        }, this.root);
      }
    }
    const scored = history.plies.filter((entry, i) => i > 0 && (entry.eval || entry.result.over)).length;
    this.root.dataset.points = String(series.size === 0 ? 0 : [...series.values()].reduce((sum, points) => sum + points.length, 0));
    this.root.dataset.scored = String(scored);
  }
}

// The bar beside the board for the position shown: the bottom player's chance to win
// (2 players) or of first place (3 to 6), filled from below in its colour, the rest in
// the opponent's colour (2 players). Empty when the engine gave no score yet; at 3 to
// 6 without chances from the engine, the mover's.
export function renderEvalBar(bar, history, ply, bottomPlayer) {
  const entry = history.plies[ply];
  const fill = bar.querySelector('.eval-fill') ?? bar.appendChild(document.createElement('div'));
  const label = bar.querySelector('.eval-label') ?? bar.appendChild(document.createElement('span'));
  fill.className = 'eval-fill';
  label.className = 'eval-label';
  const players = history.playersSeats.length;
  const colourOf = (player) => SEAT_STYLES[history.playersSeats[player - 1][0]].colour;
  const chances = chancesAt(entry, players);
  const shown = chances.find(({ player }) => player === bottomPlayer) ?? chances[0];
  if (!shown) {
    fill.style.height = '50%';
    fill.style.background = '#bbb';
    bar.style.background = '#ddd';
    label.textContent = '';
    bar.title = 'no evaluation for this position yet';
    bar.dataset.value = '';
    return;
  }
  const { player, chance } = shown;
  fill.style.height = `${(chance * 100).toFixed(1)}%`;
  fill.style.background = colourOf(player);
  bar.style.background = players === 2 ? colourOf(3 - player) : '#ddd';
  const what = players === 2 ? 'chance to win' : 'chance of first place';
  if (entry.result.over) {
    label.textContent = chance === 1 ? 'won' : chance === 0 ? 'lost' : 'shared';
    bar.title = 'the game is over';
  } else {
    label.textContent = percent(chance);
    const score = entry.eval.score ? `; score ${scoreText(entry.eval.score, players)}, from player ${entry.eval.player}'s view` : '';
    bar.title = `player ${player}'s ${what}: ${percent(chance)} (the engine's estimate)${score}`;
  }
  bar.dataset.value = chance.toFixed(3);
  bar.dataset.player = String(player);
}
