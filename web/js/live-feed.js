// The games of a ccmatch run as its live feed tells them (protocol-spec/match.md,
// "Live feed": one JSON object a line: `start`, `move`, `end`, `standings`). Holds
// every game seen, in order, and the latest standings; no drawing.
import { parsePositionText } from './position.js';

// The feed's `{"cp": N}` / `{"mate": N}` -> the page's { kind, value } (search-info.js).
function scoreOf(feedScore) {
  if (!feedScore) return null;
  if ('mate' in feedScore) return { kind: 'mate', value: feedScore.mate };
  return { kind: 'cp', value: feedScore.cp };
}

// A game's rules words ("preset=standard pieces=10 ...") -> Map.
function rulesOf(words) {
  return new Map(words.trim().split(/\s+/).map((word) => {
    const equals = word.indexOf('=');
    return [word.slice(0, equals), word.slice(equals + 1)];
  }));
}

export class LiveFeed {
  constructor() {
    this.games = new Map(); // game number -> LiveGame (below)
    this.standings = null; // the last `standings` record
    this.lines = 0; // records read
  }

  // One line of the feed; returns the game number it changed (0: none), or throws on
  // a line that is not a record of the feed.
  read(line, now = Date.now()) {
    const record = JSON.parse(line);
    this.lines += 1;
    if (record.type === 'standings') {
      // Most points first, as a tournament table reads (the feed keeps ccmatch's order;
      // a tie keeps it too).
      const engines = [...record.engines].sort((a, b) => b.points - a.points);
      this.standings = { ...record, engines };
      return 0;
    }
    if (record.type === 'start') {
      // A new run replaced the file: its game 1 starts the list again.
      if (this.games.has(record.game)) {
        this.games.clear();
        this.standings = null;
      }
      const start = parsePositionText(record.start);
      this.games.set(record.game, {
        number: record.game,
        round: record.round,
        rules: rulesOf(record.rules),
        engines: record.engines,
        names: playerNames(record.engines), // told apart where one engine plays several players
        playersSeats: record.seats.map((seats) => seats.split('+').map(Number)),
        timeControls: record.tc,
        // plies[0] is the start; then one a move: { player (1-based), move, ms, clocks, position, info }
        plies: [{ player: 0, move: null, ms: 0, clocks: record.clocks, position: start, info: {} }],
        lastInfo: record.engines.map(() => null), // each player's last info and its move
        end: null, // { places, reason, termination }
        updatedAt: now, // when the last record came: the mover's clock runs since
      });
      return record.game;
    }
    const game = this.games.get(record.game);
    if (!game) return 0; // a game whose start came before this watcher's file: not shown
    game.updatedAt = now;
    if (record.type === 'move') {
      const info = { depth: record.info.depth, score: scoreOf(record.info.score), pv: record.info.pv };
      game.plies.push({
        player: record.player + 1, move: record.move, ms: record.ms, clocks: record.clocks,
        position: parsePositionText(record.position), info,
      });
      game.lastInfo[record.player] = { ...info, move: record.move, ms: record.ms, ply: record.ply };
    } else if (record.type === 'end') {
      game.end = { places: record.places, reason: record.reason, termination: record.termination };
    }
    return record.game;
  }

  // How many finished games an engine (by its name, as the standings name it) took part
  // in: the feed's `games` of an engine counts its players, three in a game where it
  // plays three.
  gamesPlayed(name) {
    return [...this.games.values()].filter((game) => game.end && game.engines.includes(name)).length;
  }
}

// Each player's name, numbered where an engine plays several players of a game (two
// engines in a 4-player game: "A", "B (1)", "B (2)", "B (3)").
export function playerNames(engines) {
  const seen = new Map();
  return engines.map((name) => {
    if (engines.filter((other) => other === name).length === 1) return name;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    return `${name} (${seen.get(name)})`;
  });
}

// The players' names in a game: "A vs B", "A, B and C".
export function gameTitle(game) {
  const { names } = game;
  if (names.length === 2) return `${names[0]} vs ${names[1]}`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
