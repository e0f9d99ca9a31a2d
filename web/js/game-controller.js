// The game flow: sets rules and positions on the engine, takes a person's clicks,
// lets the engine move for its seats, runs the clocks, steps through and takes back
// moves, and routes analysis, hints and evaluation to the adviser (analysis.js). The
// engine is the referee for everything: after each move the page asks for
// `getposition`, `result` and `legal` (protocol-spec/gui.md lists the commands and why).
import { Analysis } from './analysis.js';
import { GameClocks, parseTimeControl } from './clock.js';
import { EngineError } from './connection.js';
import { AFTER_MOVE_QUERIES, lineStarting, loadGame, loadStart, positionTextOf } from './game-loader.js';
import { pathOfMove } from './move-text.js';
import { renderGame } from './game-render.js';
import { describeNewGame } from './game-text.js';
import { readRecord, recordOfGame } from './record.js';
import { clockRefusal, refusalInWords } from './setup-refusal.js';

const CLOCK_TICK_MILLISECONDS = 100;

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
    this.pendingActions = 0; // queued or running actions (exclusive)
    this.clocks = new GameClocks([]);
    this.analysis = new Analysis(() => ({ connection: this.connection, enginePlayer: this.enginePlayer }),
      () => this.scheduleRender(), (ply, info) => this.recordScore(ply, info));
    this.hintShown = null; // { key, move }: the hint for the position with this key
    this.evaluating = false;
    this.renderPending = false;
    setInterval(() => this.tick(), CLOCK_TICK_MILLISECONDS);
  }

  // Runs an action (new game, take-back, pause, ...) after the ones before it, so two
  // quick clicks cannot interleave their exchanges and their games. No engine starts
  // while actions are pending: a move that lands or a seat that changes meanwhile
  // would start one on the game being replaced, and its move would then be played in
  // the new game. When the last action is done, the engine to move starts.
  exclusive(action) {
    this.pendingActions += 1;
    const run = this.actions.then(action).finally(() => {
      this.pendingActions -= 1;
      if (this.pendingActions === 0 && this.history) this.afterChange();
    });
    this.actions = run.catch(() => {}); // each caller reports its own failure (guard)
    return run;
  }

  // ----- setting up ------------------------------------------------------------

  // setup: { rulesWords: 'preset=super players=3 ...', start: 'startpos'|text }
  newGame(setup, seatSettings) {
    return this.exclusive(() => this.runNewGame(setup, seatSettings));
  }

  // A refused setup is said next to the button in a person's words, and the game in
  // play goes on (the engine keeps its rules when it refuses setrules).
  async runNewGame(setup, seatSettings) {
    const badClock = clockRefusal(seatSettings);
    if (badClock) {
      this.view.newGameRefused(badClock);
      return;
    }
    await this.stopThinking();
    try {
      await this.connection.request([`setrules ${setup.rulesWords}`]);
    } catch (error) {
      if (error instanceof EngineError && this.connected) this.view.newGameRefused(refusalInWords(error.message));
      else this.report('New game', error);
      return;
    }
    this.view.newGameRefused(null);
    await this.guard('New game', async () => this.adopt(await loadStart(this.connection, setup.start), seatSettings, false));
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
    this.hintShown = null;
    this.enginesPaused = paused;
    this.clocks = new GameClocks(this.seatSettings.map((settings) => {
      try {
        return parseTimeControl(settings.clock);
      } catch (error) {
        this.view.error(error.message);
        return null;
      }
    }));
    history.plies[0].clocks = this.clocks.snapshot();
    // The board turns to the first person's seat (the "seat at the bottom" choice
    // can turn it again).
    const firstPerson = this.seatSettings.findIndex((settings) => settings.kind === 'person');
    if (firstPerson >= 0) {
      this.board.setSeatAtBottom(history.playersSeats[firstPerson][0]);
      this.view.seatAtBottomChanged(this.board.seatAtBottom);
    }
    this.view.rulesChanged(history.rules, this.seatSettings);
    this.view.notice(history.moveCount === 0
      ? describeNewGame(history.rules, history.playersSeats, this.seatSettings)
      : `Loaded ${history.moveCount} moves; engines paused (Resume plays on)`);
    this.afterChange();
  }

  // One entry per player; missing ones are people.
  fitSettings(seatSettings) {
    return this.history.playersSeats.map((_, i) => seatSettings[i] ?? {
      kind: 'person', limit: 'movetime', value: 1000, skill: 20, style: 'search', clock: '',
    });
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

  // After every change: draw, run the mover's clock, then start the engine when it is
  // its turn, else let the adviser analyse the position shown.
  afterChange() {
    const engineMoves = this.connected && this.live && this.moverIsEngine() && !this.enginesPaused && !this.thinking && !this.busy
      && this.pendingActions === 0;
    this.updateClocks(engineMoves);
    this.render();
    if (engineMoves) {
      this.engineTurn();
      return;
    }
    if (this.live && !this.gameOver && !this.moverIsEngine() && this.forcedPass()) {
      this.view.notice(`Player ${this.history.current.position.mover} has no move: press Pass`);
    }
    this.followAnalysis();
  }

  // The mover's clock runs while a person is to move or the engine thinks for it; it
  // stops for a pause, the end and while a move is applied.
  updateClocks(engineStarts) {
    if (!this.history) return;
    const mover = this.history.current.position.mover;
    const onMove = this.seatSettings[mover - 1]?.kind === 'person' || this.thinking || engineStarts;
    if (this.connected && !this.gameOver && !this.enginesPaused && !this.busy && onMove) this.clocks.start(mover);
    else this.clocks.halt();
  }

  // Ten times a second: the running clock is redrawn, and a fallen flag resigns.
  tick() {
    if (!this.history || !this.clocks.running) return;
    this.view.renderClocks(this.clockSnapshot());
    const flagged = this.clocks.flagged();
    if (flagged && !this.flagging) this.flagFell(flagged);
  }

  // A clock ran out: the player resigns (protocol-spec/rules.md §8.8; with two players
  // the other wins, with more the game goes on), noted in the record as a time loss.
  async flagFell(player) {
    this.flagging = true;
    try {
      await this.exclusive(async () => {
        if (this.gameOver || this.history.current.position.mover !== player || this.busy) return;
        await this.stopThinking();
        this.clocks.expire(player);
        await this.play('resign', { timeLoss: true });
      });
    } finally {
      this.flagging = false;
    }
  }

  // What the adviser should analyse now: the position shown, unless an engine is
  // about to play there or the game is over at it.
  analysisTarget() {
    if (!this.history || !this.connected || this.busy || this.evaluating) return null;
    const ply = this.viewPly ?? this.history.moveCount;
    if (this.history.plies[ply].result.startsWith('result over')) return null;
    if (this.live && this.moverIsEngine() && !this.enginesPaused) return null;
    return { key: this.positionKey(ply), positionCommand: this.history.positionCommand(ply), ply };
  }

  positionKey(ply) {
    return `${this.history.rulesWords()} ${this.history.positionCommand(ply)}`;
  }

  followAnalysis() {
    this.analysis.show(this.analysisTarget()).catch((error) => this.report('Analysis', error));
  }

  recordScore(ply, info) {
    if (this.history?.recordScore(ply, info)) this.scheduleRender();
  }

  scheduleRender() {
    if (this.renderPending) return;
    this.renderPending = true;
    requestAnimationFrame(() => {
      this.renderPending = false;
      this.render();
    });
  }

  async engineTurn() {
    const generation = this.generation;
    const player = this.history.current.position.mover;
    const ply = this.history.moveCount;
    const settings = this.seatSettings[player - 1];
    this.thinking = { player, info: {}, strings: [] };
    this.render();
    await this.analysis.halt();
    if (generation !== this.generation) return;
    const clockWords = this.clocks.hasClock(player) ? this.clocks.goWords() : '';
    const think = this.enginePlayer.think(this.history.positionCommand(), settings, (info) => {
      if (generation !== this.generation || !this.thinking) return;
      if (info.string) this.thinking.strings.push(info.string);
      else {
        this.thinking.info = { ...this.thinking.info, ...info };
        if ((info.multipv ?? 1) === 1) this.recordScore(ply, info);
      }
      this.scheduleRender();
    }, clockWords);
    // Move now pressed while the analysis was halted: think() has just forgotten that
    // stop, so it is given again (it ends the search as soon as go is on the wire).
    if (this.thinking.moveNow) this.enginePlayer.stop();
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

  // Ends a running search (the engine's move or analysis) and forgets its move;
  // resolves when the engine is idle.
  async stopThinking() {
    this.generation += 1;
    if (this.thinking) {
      this.enginePlayer.stop();
      this.thinking = null;
    }
    await this.thinkDone;
    await this.analysis.halt();
  }

  // Plays a move (a path, pass or resign) for the player to move. When the game
  // changes meanwhile (new game, take-back, ...: the generation grows), the move is
  // dropped, also after its animation.
  // timeLoss: the resignation of a player whose flag fell.
  async play(move, { timeLoss = false } = {}) {
    if (this.busy) return;
    this.busy = true;
    const generation = this.generation;
    const player = this.history.current.position.mover;
    this.selection = null;
    this.hintShown = null;
    if (!timeLoss) this.clocks.moved(player);
    try {
      await this.analysis.halt();
      const lines = await this.connection.request([this.history.positionCommand(undefined, [move]), ...AFTER_MOVE_QUERIES]);
      if (generation === this.generation) {
        this.render();
        await this.board.animate(pathOfMove(move));
      }
      if (generation === this.generation) {
        this.history.push(move, player, positionTextOf(lineStarting(lines, 'position')),
          lineStarting(lines, 'result'), lineStarting(lines, 'legal'));
        this.history.current.clocks = this.clocks.snapshot();
        if (timeLoss) this.history.current.timeLoss = true;
        this.viewPly = null;
        const what = timeLoss ? `Player ${player}'s time ran out: resigned` : `Player ${player} played ${move}`;
        this.view.notice(this.gameOver ? `${what}; the game is over` : what);
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
    if (this.enginesPaused && this.clocks.inUse) {
      this.view.refusal('The game is paused: press Resume');
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
      await this.analysis.halt(); // the engine answers nothing else while it analyses
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
    this.followAnalysis();
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
    if (!this.thinking) return;
    this.thinking.moveNow = true;
    this.enginePlayer.stop(); // its bestmove is then played
  }

  setEnginesPaused(paused) {
    return this.exclusive(() => this.runSetEnginesPaused(paused));
  }

  async runSetEnginesPaused(paused) {
    this.enginesPaused = paused;
    if (paused) await this.stopThinking();
    this.afterChange();
  }

  // ----- the adviser -------------------------------------------------------------

  setAnalysis(enabled, multiPv) {
    this.analysis.enabled = enabled;
    this.analysis.multiPv = multiPv;
    if (this.history) this.afterChange();
  }

  // The engine's move for the person to move, shown on the board and not played.
  async hint() {
    if (!this.history || !this.live || this.gameOver || this.moverIsEngine() || this.busy) {
      this.view.refusal('A hint is for a person to move, at the last move');
      return;
    }
    if (!this.enginePlayer.canSearch) {
      this.view.refusal('This engine cannot search (no go): no hints');
      return;
    }
    const ply = this.history.moveCount;
    const key = this.positionKey(ply);
    await this.guard('Hint', async () => {
      this.view.notice('Looking for a hint…');
      const { move } = await this.analysis.hint(this.history.positionCommand(ply), ply);
      if (this.positionKey(this.history.moveCount) !== key) return; // moved meanwhile
      this.hintShown = { key, move };
      this.view.notice(`Hint: ${move} (shown, not played)`);
    });
    this.afterChange();
  }

  // A short search of every position of the game that has no score yet, for the
  // evaluation graph. Engines pause first: the adviser uses the same engine. A new
  // game or a take-back ends it (the generation grows).
  async evaluateGame() {
    if (!this.history || this.evaluating) return;
    if (!this.enginePlayer.canSearch) {
      this.view.refusal('This engine cannot search (no go): no evaluation');
      return;
    }
    let positions = [];
    let generation = 0;
    await this.exclusive(async () => {
      if (!this.gameOver && this.seatSettings.some((settings) => settings.kind === 'engine')) this.enginesPaused = true;
      await this.stopThinking();
      generation = this.generation;
      positions = this.history.unscoredPositions();
      this.evaluating = true;
      this.afterChange();
    });
    await this.guard('Evaluate game', () => this.analysis.evaluate(positions, (ply) => {
      if (generation === this.generation) this.view.notice(`Evaluated move ${ply} of ${this.history.moveCount}`);
    }, () => generation === this.generation));
    this.evaluating = false;
    if (generation === this.generation) this.view.notice('Evaluation done');
    document.body.dataset.evaluated = String(Number(document.body.dataset.evaluated ?? 0) + 1);
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
    this.clocks.restore(this.history.current.clocks ?? this.history.plies[0].clocks);
    this.viewPly = null;
    this.selection = null;
    this.hintShown = null;
  }

  // ----- texts -----------------------------------------------------------------

  positionText() {
    return this.history.positionAt(this.viewPly ?? this.history.moveCount).text;
  }

  recordText() {
    return recordOfGame(this.history, this.seatSettings, this.clocks);
  }

  // ----- connection ------------------------------------------------------------

  connectionClosed() {
    this.connected = false;
    this.thinking = null;
    this.busy = false;
    this.generation += 1;
    this.clocks.halt();
    this.analysis.forget();
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

  clockSnapshot() {
    return {
      clocks: this.clocks,
      playersSeats: this.history.playersSeats,
      seatSettings: this.seatSettings,
      mover: this.history.current.position.mover,
      over: this.gameOver,
      paused: this.enginesPaused,
      timeLosses: this.history.timeLosses,
    };
  }

  render() {
    renderGame(this);
  }
}
