// The Watch view: the games of a ccmatch run as they are played, from its live feed
// (protocol-spec/match.md, "Live feed"), relayed by `ccengine-gui --live FILE` over a
// WebSocket on the page's port + 1 (protocol-spec/gui.md, "Watching ccmatch games").
// A list of the games, and for the chosen one its board move by move, the clocks,
// each engine's last info (score, depth, pv), its moves, and the standings. The view
// follows new moves while the last move is shown.
import { BoardView } from './board-view.js';
import { renderClocks } from './clock-view.js';
import { byId, element } from './dom.js';
import { LiveFeed, gameTitle } from './live-feed.js';
import { trailOf } from './move-trail.js';
import { scoreText } from './search-info.js';
import { seatSwatch } from './setup-form.js';

const CLOCK_TICK_MILLISECONDS = 100;
// How long a finished game stays shown before the view moves on to a game in play,
// unless the person picked a game: long enough to read the result.
const FOLLOW_AFTER_END_MILLISECONDS = 5000;
// A game shown for less than this before it ended was not watched (the file's earlier
// games come all at once when the view opens): the view moves on without holding it.
const WATCHED_MILLISECONDS = 1000;

// ?live=ws://host:port/ reads another relay; by default the page's port + 1.
function feedUrl() {
  const given = new URLSearchParams(window.location.search).get('live');
  if (given) return given;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const port = Number(window.location.port || (scheme === 'wss' ? 443 : 80)) + 1;
  return `${scheme}://${window.location.hostname}:${port}/`;
}

function placeText(place) {
  return { 1: '1st', 2: '2nd', 3: '3rd' }[place] ?? `${place}th`;
}

// "1st B, 2nd A" from a finished game's places.
function byPlace(game) {
  return game.end.places.map((place, i) => ({ place, name: game.names[i] }))
    .sort((a, b) => a.place - b.place).map(({ place, name }) => `${placeText(place)} ${name}`);
}

export class LiveView {
  constructor() {
    this.feed = new LiveFeed();
    this.socket = null;
    this.chosen = 0; // the game shown (0: none yet)
    this.shownSince = 0; // when the game shown was first shown (Date.now())
    this.picked = false; // a person chose the game shown: it stays shown
    this.renderPending = false;
    this.viewPly = null; // null: follow the last move; else the move looked at
    this.board = new BoardView(byId('live-board'), () => {});
    setInterval(() => this.tick(), CLOCK_TICK_MILLISECONDS);
    byId('live-first').addEventListener('click', () => this.viewAt(0));
    byId('live-previous').addEventListener('click', () => this.step(-1));
    byId('live-next').addEventListener('click', () => this.step(1));
    byId('live-last').addEventListener('click', () => this.viewAt(Number.MAX_SAFE_INTEGER));
  }

  // Opens the feed when the view is first shown (a server without --live has none).
  start() {
    if (this.socket) return;
    const url = feedUrl();
    this.status(`connecting to the live feed at ${url}`);
    this.socket = new WebSocket(url);
    this.socket.addEventListener('open', () => this.status('waiting for games (ccmatch … -live FILE)'));
    this.socket.addEventListener('message', (event) => this.received(String(event.data)));
    this.socket.addEventListener('close', () => {
      this.status(this.feed.lines
        ? 'the live feed closed: reload the page to read it again'
        : `no live feed at ${url}: start the server with ccengine-gui --live FILE (the file ccmatch -live writes)`, true);
    });
  }

  status(text, bad = false) {
    const box = byId('live-status');
    box.textContent = text;
    box.classList.toggle('bad', bad);
  }

  received(line) {
    if (!line.trim()) return;
    try {
      this.feed.read(line);
    } catch (error) {
      this.status(`not a live feed line: ${line.slice(0, 80)} (${error.message})`, true);
      return;
    }
    if (this.chosen && !this.feed.games.has(this.chosen)) {
      // A new run replaced the file.
      this.chosen = 0;
      this.viewPly = null;
      this.picked = false;
    }
    this.renderSoon();
  }

  // One drawing a frame: the file's earlier lines, read at once on opening, are drawn
  // once, at the game the view then follows.
  renderSoon() {
    if (this.renderPending) return;
    this.renderPending = true;
    requestAnimationFrame(() => {
      this.renderPending = false;
      this.followPlay();
      this.render();
    });
  }

  // A broadcast's habit: the newest game in play is shown, or when none is, the last
  // game; a game the view showed in play keeps its result up a while once it ends.
  // Unless the person picked a game or is looking back through its moves. Returns
  // whether the game shown changed.
  followPlay(now = Date.now()) {
    if (this.picked || this.viewPly !== null) return false;
    const shown = this.feed.games.get(this.chosen);
    if (shown && (!shown.end || this.resultHeld(shown, now))) return false;
    const games = [...this.feed.games.values()];
    const playing = games.filter((game) => !game.end);
    const next = playing.length ? playing[playing.length - 1] : games[games.length - 1];
    if (!next || next.number === this.chosen) return false;
    this.chosen = next.number;
    this.shownSince = now;
    return true;
  }

  resultHeld(game, now) {
    const watched = game.updatedAt - this.shownSince >= WATCHED_MILLISECONDS;
    return watched && now - game.updatedAt < FOLLOW_AFTER_END_MILLISECONDS;
  }

  // A game picked from the list; on a phone, where the list is under the board, the
  // board comes into view.
  choose(number) {
    this.chosen = number;
    this.shownSince = Date.now();
    this.picked = true;
    this.viewPly = null;
    this.render();
    const board = byId('live-game');
    if (board.getBoundingClientRect().top < 0) board.scrollIntoView({ block: 'start' });
  }

  viewAt(ply) {
    const game = this.feed.games.get(this.chosen);
    if (!game) return;
    const last = game.plies.length - 1;
    const bounded = Math.max(0, Math.min(ply, last));
    this.viewPly = bounded === last ? null : bounded;
    this.render();
  }

  step(delta) {
    const game = this.feed.games.get(this.chosen);
    if (game) this.viewAt((this.viewPly ?? game.plies.length - 1) + delta);
  }

  render() {
    const playing = [...this.feed.games.values()].filter((game) => !game.end).length;
    const count = this.feed.games.size;
    const following = this.picked ? '' : '; the view follows the games in play (pick one to stay on it)';
    this.status(`${count} game${count === 1 ? '' : 's'}, ${playing} in progress${following}`);
    this.renderList();
    this.renderStandings();
    const game = this.feed.games.get(this.chosen);
    byId('live-game').hidden = !game;
    if (!game) return;
    const ply = this.viewPly ?? game.plies.length - 1;
    const shown = game.plies[ply];
    const { position } = shown;
    const over = Boolean(game.end) && ply === game.plies.length - 1;
    byId('live-title').textContent = `Game ${game.number}, round ${game.round}: ${gameTitle(game)}`;
    byId('live-result').textContent = over
      ? `Game over: ${byPlace(game).join(', ')} (${game.end.termination})`
      : `Move ${ply} of ${game.plies.length - 1}${this.viewPly === null ? '' : ' (looking back: > | follows the game)'}`;
    this.board.render({
      position,
      seatsInPlay: new Set(game.playersSeats.flat()),
      campSize: Number(game.rules.get('pieces') ?? 10),
      finishedSeats: new Set(position.finishedSeats),
      moverSeats: new Set(over ? [] : game.playersSeats[position.mover - 1] ?? []),
      selected: null,
      targets: [],
      trail: trailOf(game, ply),
      bestLine: [],
      arrows: [],
      hint: [],
    });
    this.renderClocks(game, ply);
    this.renderEngines(game);
    this.renderMoves(game, ply);
    const data = byId('watch').dataset;
    data.game = String(game.number);
    data.ply = String(game.plies.length - 1);
    data.viewPly = String(ply);
    data.over = String(Boolean(game.end));
  }

  renderList() {
    const list = byId('live-games');
    list.replaceChildren();
    for (const game of this.feed.games.values()) {
      const moves = game.plies.length - 1;
      const state = game.end ? `finished after ${moves} moves` : `move ${moves}`;
      const button = element('button', { type: 'button', 'data-game': game.number, 'data-moves': moves },
        `Game ${game.number} (round ${game.round}): ${gameTitle(game)}, ${state}`);
      if (game.number === this.chosen) button.setAttribute('aria-current', 'true');
      button.addEventListener('click', () => this.choose(game.number));
      const item = element('li', { class: game.end ? 'finished' : 'playing' });
      item.appendChild(button);
      list.appendChild(item);
    }
  }

  renderStandings() {
    const table = byId('live-standings');
    table.replaceChildren();
    const { standings } = this.feed;
    byId('live-standings-note').textContent = standings
      ? `after ${standings.games} game${standings.games === 1 ? '' : 's'}; points: each of an engine's players `
        + 'scores the number of players minus its place, shared places alike'
      : 'after the first game';
    if (!standings) return;
    const head = element('tr');
    head.append(element('th', {}, 'engine'), element('th', {}, 'games'), element('th', {}, 'points'));
    table.appendChild(head);
    for (const { name, points } of standings.engines) {
      const row = element('tr', { 'data-engine': name });
      const games = this.feed.gamesPlayed(name);
      row.append(element('td', {}, name), element('td', {}, String(games)), element('td', {}, String(points)));
      table.appendChild(row);
    }
  }

  // The clocks after the move shown; at the last move of a game in play the mover's
  // clock runs down from when that move came.
  renderClocks(game, ply) {
    const { clocks } = game.plies[ply];
    const last = ply === game.plies.length - 1;
    const mover = game.plies[ply].position.mover;
    const running = last && !game.end && clocks.length ? { player: mover } : null;
    const runningFor = (player) => (running?.player === player ? Date.now() - game.updatedAt : null);
    const left = (player) => {
      if (!clocks.length) return null;
      const ms = clocks[player - 1];
      return running?.player === player ? ms - runningFor(player) : ms;
    };
    renderClocks(byId('live-clocks'), {
      clocks: { left, running, runningFor },
      playersSeats: game.playersSeats,
      seatSettings: game.engines.map(() => ({ kind: 'engine' })),
      mover,
      over: Boolean(game.end) && last,
      paused: false,
      timeLosses: [],
    });
    [...byId('live-clocks').children].forEach((box, i) => {
      box.querySelector('.clock-name').lastChild.textContent = ` ${game.names[i]}`;
    });
  }

  // The running clock, and the move on from a finished game once its result was up.
  tick() {
    if (byId('watch').hidden) return;
    if (this.followPlay()) {
      this.render();
      return;
    }
    const game = this.feed.games.get(this.chosen);
    if (game && !game.end && this.viewPly === null) this.renderClocks(game, game.plies.length - 1);
  }

  // Each engine's last search: its move, score (from its own side), depth and line.
  renderEngines(game) {
    const box = byId('live-engines');
    box.replaceChildren();
    game.names.forEach((name, i) => {
      const card = element('div', { class: 'live-engine', 'data-player': i + 1 });
      const title = element('h3');
      title.append(...game.playersSeats[i].map((seat) => seatSwatch(seat)), ` ${name}`);
      card.appendChild(title);
      const info = game.lastInfo[i];
      const fields = element('dl');
      const rows = info ? [
        ['move', `${info.move} (move ${info.ply}, ${(info.ms / 1000).toFixed(2)} s)`],
        ['score', info.score ? `${scoreText(info.score, game.playersSeats.length)} (its own view)` : '…'],
        ['depth', info.depth ?? '…'],
        ['line', info.pv ?? '…'],
      ] : [['move', 'not yet']];
      for (const [key, value] of rows) fields.append(element('dt', {}, key), element('dd', { class: `live-${key}` }, String(value)));
      card.appendChild(fields);
      box.appendChild(card);
    });
  }

  renderMoves(game, ply) {
    const list = byId('live-moves');
    list.replaceChildren();
    game.plies.slice(1).forEach((entry, i) => {
      const item = element('li', { class: i + 1 === ply ? 'current' : '' });
      const button = element('button', { type: 'button', 'data-ply': i + 1 });
      button.append(...game.playersSeats[entry.player - 1].slice(0, 1).map((seat) => seatSwatch(seat)), ` ${entry.move}`);
      button.addEventListener('click', () => this.viewAt(i + 1));
      item.appendChild(button);
      list.appendChild(item);
    });
    // The list scrolls itself, not the page, to the newest move.
    if (this.viewPly === null) list.scrollTop = list.scrollHeight;
  }
}
