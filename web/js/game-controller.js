// The game flow: sets rules and positions on the engine, takes a person's clicks,
// lets the engine move for its seats, steps through and takes back moves. The engine
// is the referee for everything: after each move the page asks for `getposition`,
// `result` and `legal` (protocol-spec/gui.md lists the commands and why).
import { EngineError } from './connection.js';
import { AFTER_MOVE_QUERIES, lineStarting, loadGame, loadStart, positionTextOf } from './game-loader.js';
import { pathOfMove } from './move-text.js';
import { readRecord, recordOfGame } from './record.js';

export class GameController {
  // connection: EngineConnection, board: BoardView, view: PageView,
  // enginePlayer: EnginePlayer
  constructor({ connection, board, view, enginePlayer }) {
    this.connection = connection;
    this.board = board;
    this.view = view;
    this.enginePlayer = enginePlayer;
    this.history = null;
    this.seatSettings = []; // per player: { kind: 'person'|'engine', limit, value, skill }
    this.viewPly = null; // null: the live position; else the ply being looked at
    this.selection = null; // { hole, targets: [{hole, move, swap}] }
    this.busy = false; // a move is being applied
    this.generation = 0; // grows when the game changes (new game, take-back, pause): searches and moves in flight are dropped
    this.enginesPaused = false;
    this.thinking = null; // { player, info }
    this.thinkDone = Promise.resolve();
    this.connected = true;
    this.actions = Promise.resolve(); // the person's game-changing actions, one at a time
  }

  // Runs an action (new game, take-back, pause, ...) after the ones before it, so two
  // quick clicks cannot interleave their exchanges and their games.
  exclusive(action) {
    const run = this.actions.then(action);
    this.actions = run.catch(() => {}); // each caller reports its own failure (guard)
    return run;
  }

  // ----- setting up ------------------------------------------------------------

  // setup: { rulesWords: 'preset=super players=3 ...', start: 'startpos'|text }
  newGame(setup, seatSettings) {
    return this.exclusive(() => this.runNewGame(setup, seatSettings));
  }

  async runNewGame(setup, seatSettings) {
    await this.stopThinking();
    await this.guard('New game', async () => {
      await this.connection.request([`setrules ${setup.rulesWords}`]);
      this.adopt(await loadStart(this.connection, setup.start), seatSettings, false);
    });
  }

  // Keeps the rules, starts from a position text or `startpos`, optionally followed by
  // `moves ...` (a `position` command's arguments, with or without the word position).
  loadPosition(text, seatSettings) {
    return this.exclusive(() => this.runLoadPosition(text, seatSettings));
  }

  async runLoadPosition(text, seatSettings) {
    await this.stopThinking();
    await this.guard('Set position', async () => {
      const [, start, moves] = /^(?:position\s+)?(.*?)(?:\s+moves(?:\s+(.*))?)?$/s.exec(text.trim());
      const moveList = moves ? moves.trim().split(/\s+/) : [];
      if (moveList.length === 0) this.adopt(await loadStart(this.connection, start), seatSettings, false);
      else this.adopt(await loadGame(this.connection, start, moveList), seatSettings, true);
    });
  }

  loadRecord(text, seatSettings) {
    return this.exclusive(() => this.runLoadRecord(text, seatSettings));
  }

  async runLoadRecord(text, seatSettings) {
    await this.stopThinking();
    await this.guard('Load record', async () => {
      const record = readRecord(text);
      await this.connection.request([`setrules ${record.tags.get('Rules')}`]);
      this.adopt(await loadGame(this.connection, record.start, record.moves), seatSettings, true);
    });
  }

  // Plays on with a new game. paused: engines wait for Resume (a loaded game with
  // moves is looked at first).
  adopt(history, seatSettings, paused) {
    this.history = history;
    this.seatSettings = this.fitSettings(seatSettings);
    this.viewPly = null;
    this.selection = null;
    this.enginesPaused = paused;
    this.view.rulesChanged(history.rules, this.seatSettings);
    this.view.notice(history.moveCount === 0
      ? `New game: ${history.rulesWords()}`
      : `Loaded ${history.moveCount} moves; engines paused (Resume engines plays on)`);
    this.afterChange();
  }

  // One entry per player; missing ones are people.
  fitSettings(seatSettings) {
    return this.history.playersSeats.map((_, i) => seatSettings[i] ?? { kind: 'person', limit: 'movetime', value: 1000, skill: 20, style: 'search' });
  }

  setSeatSettings(seatSettings) {
    if (!this.history) return;
    const wasEngineTurn = this.moverIsEngine();
    this.seatSettings = this.fitSettings(seatSettings);
    if (wasEngineTurn && !this.moverIsEngine()) this.stopThinking().then(() => this.afterChange());
    else if (!this.thinking) this.afterChange();
  }

  // ----- turns -----------------------------------------------------------------

  get live() {
    return this.viewPly === null || this.viewPly === this.history.moveCount;
  }

  get gameOver() {
    return this.history.current.result.startsWith('result over');
  }

  moverIsEngine() {
    if (!this.history || this.gameOver) return false;
    const mover = this.history.current.position.mover;
    return this.seatSettings[mover - 1]?.kind === 'engine';
  }

  forcedPass() {
    return this.history.current.legal === 'legal pass';
  }

  // After every change: draw, then start the engine when it is its turn.
  afterChange() {
    this.render();
    if (this.connected && this.live && this.moverIsEngine() && !this.enginesPaused && !this.thinking && !this.busy) {
      this.engineTurn();
    } else if (this.live && !this.gameOver && !this.moverIsEngine() && this.forcedPass()) {
      this.view.notice(`Player ${this.history.current.position.mover} has no move: press Pass`);
    }
  }

  async engineTurn() {
    const generation = this.generation;
    const player = this.history.current.position.mover;
    const settings = this.seatSettings[player - 1];
    this.thinking = { player, info: {}, strings: [] };
    this.render();
    const think = this.enginePlayer.think(this.history.positionCommand(), settings, (info) => {
      if (generation !== this.generation || !this.thinking) return;
      if (info.string) this.thinking.strings.push(info.string);
      else this.thinking.info = { ...this.thinking.info, ...info };
      this.render();
    });
    this.thinkDone = think.then(() => {}, () => {});
    let move;
    try {
      move = await think;
    } catch (error) {
      if (generation === this.generation) {
        this.thinking = null;
        this.enginesPaused = true;
        this.report(`Engine move for player ${player}`, error);
        this.render();
      }
      return;
    }
    if (generation !== this.generation) return; // the game changed while it thought
    this.thinking = null;
    if (move === 'none') {
      this.view.error(`The engine answered bestmove none for player ${player}, but the game is not over`);
      this.enginesPaused = true;
      this.render();
      return;
    }
    await this.play(move);
  }

  // Ends a running search and forgets its move; resolves when the engine is idle.
  async stopThinking() {
    this.generation += 1;
    if (this.thinking) {
      this.enginePlayer.stop();
      this.thinking = null;
    }
    await this.thinkDone;
  }

  // Plays a move (a path, pass or resign) for the player to move. When the game
  // changes meanwhile (new game, take-back, ...: the generation grows), the move is
  // dropped, also after its animation.
  async play(move) {
    if (this.busy) return;
    this.busy = true;
    const generation = this.generation;
    const player = this.history.current.position.mover;
    this.selection = null;
    try {
      const lines = await this.connection.request([this.history.positionCommand(undefined, [move]), ...AFTER_MOVE_QUERIES]);
      if (generation === this.generation) {
        this.render();
        await this.board.animate(pathOfMove(move));
      }
      if (generation === this.generation) {
        this.history.push(move, player, positionTextOf(lineStarting(lines, 'position')),
          lineStarting(lines, 'result'), lineStarting(lines, 'legal'));
        this.viewPly = null;
        this.view.notice(this.gameOver ? `Player ${player} played ${move}; the game is over` : `Player ${player} played ${move}`);
      }
    } catch (error) {
      this.report(`Move ${move}`, error);
    } finally {
      this.busy = false;
    }
    // Also after a dropped move: a new game that started meanwhile may wait for its
    // engine, which does not start while a move is being applied.
    this.afterChange();
  }

  // ----- a person's clicks -----------------------------------------------------

  async clickHole(hole) {
    if (!this.history) return;
    if (!this.live) {
      this.view.notice(`You are looking at move ${this.viewPly}: go to the last move, or press "Play from here"`);
      return;
    }
    if (this.gameOver) {
      this.view.notice('The game is over');
      return;
    }
    if (this.moverIsEngine()) {
      this.view.notice('It is the engine\'s turn');
      return;
    }
    if (this.busy) return;
    const target = this.selection?.targets.find((candidate) => candidate.hole === hole);
    if (target) {
      await this.play(target.move);
      return;
    }
    const position = this.history.current.position;
    const piece = position.pieces.get(hole);
    const moverSeats = this.history.playersSeats[position.mover - 1];
    if (piece && moverSeats.includes(piece.seat)) {
      await this.select(hole);
      return;
    }
    if (this.selection) {
      this.view.refusal(`Refused: ${hole} is not a legal target for the piece on ${this.selection.hole}`);
      this.selection = null;
      this.render();
    } else if (piece && !piece.spare) {
      this.view.refusal(`Refused: the piece on ${hole} is not player ${position.mover}'s`);
    } else if (piece) {
      this.view.refusal(`Refused: ${hole} holds a spare piece, which never moves`);
    } else {
      this.view.refusal(`Refused: ${hole} is empty; click one of player ${position.mover}'s pieces`);
    }
  }

  async select(hole) {
    if (this.selection?.hole === hole) {
      this.selection = null;
      this.render();
      return;
    }
    const generation = this.generation;
    await this.guard(`Legal moves of ${hole}`, async () => {
      const lines = await this.connection.request([this.history.positionCommand(), `legal ${hole}`]);
      if (generation !== this.generation) return; // another game by now
      const moves = lineStarting(lines, 'legal').split(/\s+/).slice(1);
      if (moves.length === 0) {
        this.selection = null;
        this.view.refusal(`Refused: the piece on ${hole} has no legal move`);
      } else {
        const targets = moves.map((move) => {
          const path = pathOfMove(move);
          return { hole: path[path.length - 1], move, swap: move.endsWith('*') };
        });
        this.selection = { hole, targets };
        this.view.notice(`${hole}: ${moves.join(' ')}`);
      }
      this.render();
    });
  }

  async pass() {
    if (!this.history || !this.live || this.gameOver || this.moverIsEngine()) return;
    if (!this.forcedPass()) {
      this.view.refusal('Refused: pass is legal only when the player has no other move');
      return;
    }
    await this.play('pass');
  }

  async resign() {
    if (!this.history || !this.live || this.gameOver || this.moverIsEngine()) return;
    await this.play('resign');
  }

  // ----- the engine's controls -------------------------------------------------

  moveNow() {
    if (this.thinking) this.enginePlayer.stop(); // its bestmove is then played
  }

  setEnginesPaused(paused) {
    return this.exclusive(() => this.runSetEnginesPaused(paused));
  }

  async runSetEnginesPaused(paused) {
    this.enginesPaused = paused;
    if (paused) await this.stopThinking();
    this.afterChange();
  }

  // ----- history ---------------------------------------------------------------

  viewAt(ply) {
    if (!this.history) return;
    const bounded = Math.max(0, Math.min(ply, this.history.moveCount));
    this.viewPly = bounded === this.history.moveCount ? null : bounded;
    this.selection = null;
    this.afterChange();
  }

  step(delta) {
    const from = this.viewPly ?? this.history.moveCount;
    this.viewAt(from + delta);
  }

  // Goes back to the last move a person made and undoes it with every move after it,
  // so that person is to move again; with no person's move, undoes one move.
  takeBack() {
    return this.exclusive(() => this.runTakeBack());
  }

  async runTakeBack() {
    if (!this.history || this.history.moveCount === 0) {
      this.view.refusal('Nothing to take back');
      return;
    }
    await this.stopThinking();
    const plies = this.history.plies;
    let keep = this.history.moveCount - 1;
    for (let ply = this.history.moveCount; ply >= 1; ply -= 1) {
      if (this.seatSettings[plies[ply].player - 1]?.kind === 'person') {
        keep = ply - 1;
        break;
      }
    }
    this.truncateTo(keep);
    if (this.moverIsEngine()) this.enginesPaused = true; // else it would move again at once
    this.view.notice(`Took back to move ${keep}${this.enginesPaused ? '; engines paused' : ''}`);
    this.afterChange();
  }

  playFromHere() {
    return this.exclusive(() => this.runPlayFromHere());
  }

  async runPlayFromHere() {
    if (!this.history || this.viewPly === null) return;
    await this.stopThinking();
    this.truncateTo(this.viewPly);
    this.afterChange();
  }

  truncateTo(ply) {
    this.history.truncate(ply);
    this.viewPly = null;
    this.selection = null;
  }

  // ----- texts -----------------------------------------------------------------

  positionText() {
    return this.history.positionAt(this.viewPly ?? this.history.moveCount).text;
  }

  recordText() {
    return recordOfGame(this.history, this.seatSettings);
  }

  // ----- connection ------------------------------------------------------------

  connectionClosed() {
    this.connected = false;
    this.thinking = null;
    this.busy = false;
    this.generation += 1;
    this.render();
  }

  // A new engine process: the rules and the game so far are set on it again.
  async reconnected(connection, enginePlayer) {
    this.connection = connection;
    this.enginePlayer = enginePlayer;
    this.connected = true;
    this.thinkDone = Promise.resolve();
    if (!this.history) return;
    await this.guard('Restoring the game', async () => {
      await this.connection.request([`setrules ${this.history.rulesWords()}`, this.history.positionCommand()]);
      this.view.notice('Reconnected; the game is set on the new engine');
      this.afterChange();
    });
  }

  // ----- helpers ---------------------------------------------------------------

  async guard(what, work) {
    try {
      await work();
    } catch (error) {
      this.report(what, error);
      this.render();
    }
  }

  report(what, error) {
    // Engine error lines are already on the page (EngineConnection reports each one);
    // say what they were the answer to.
    this.view.error(`${what} failed: ${error.message}`);
    if (!(error instanceof EngineError)) console.error(error);
  }

  render() {
    if (!this.history) return;
    const ply = this.viewPly ?? this.history.moveCount;
    const shown = this.history.plies[ply];
    const position = shown.position;
    const playersSeats = this.history.playersSeats;
    const over = shown.result.startsWith('result over');
    const moverSeats = over ? [] : playersSeats[position.mover - 1] ?? [];
    const bestLine = this.thinking?.info.pv && this.live ? this.thinking.info.pv.slice(0, 3).map(pathOfMove) : [];
    this.board.render({
      position,
      seatsInPlay: new Set(playersSeats.flat()),
      campSize: Number(this.history.rules.get('pieces')),
      finishedSeats: new Set(position.finishedSeats),
      moverSeats: new Set(moverSeats),
      selected: this.live ? this.selection?.hole : null,
      targets: this.live ? this.selection?.targets : [],
      lastPath: pathOfMove(shown.move),
      bestLine,
    });
    this.view.render({
      history: this.history,
      ply,
      live: this.live,
      position,
      resultLine: shown.result,
      over,
      seatSettings: this.seatSettings,
      thinking: this.thinking,
      enginesPaused: this.enginesPaused,
      canPass: this.live && !over && !this.moverIsEngine() && this.forcedPass(),
      personToMove: this.live && !over && !this.moverIsEngine(),
      busy: this.busy,
      connected: this.connected,
    });
  }
}
