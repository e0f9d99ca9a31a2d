// The game flow: sets rules and positions on the engine and holds the game (history,
// seats, the position shown, the selection); the rest is done by its parts: turns
// (turn-scheduler.js), clocks (game-timing.js), a person's input (person-input.js),
// stepping through the history (game-navigation.js), the adviser (game-adviser.js)
// and the drawing (game-render.js). The engine is the referee for everything: after
// each move the page asks for `getposition`, `result` and `legal`
// (protocol-spec/gui.md lists the commands and why).
import { EngineError } from './connection.js';
import { GameAdviser } from './game-adviser.js';
import { loadGame, loadStart } from './game-loader.js';
import { GameNavigation } from './game-navigation.js';
import { renderGame } from './game-render.js';
import { describeNewGame } from './game-text.js';
import { GameTiming } from './game-timing.js';
import { PersonInput } from './person-input.js';
import { readRecord, recordOfGame } from './record.js';
import { clockRefusal, refusalInWords } from './setup-refusal.js';
import { TurnScheduler } from './turn-scheduler.js';

export class GameController {
  // connection: EngineConnection, board: BoardView, view: PageView,
  // enginePlayer: EnginePlayer, onChange(): after every change of the game (it is saved)
  constructor({ connection, board, view, enginePlayer, onChange }) {
    this.onChange = onChange;
    this.connection = connection;
    this.board = board;
    this.view = view;
    this.enginePlayer = enginePlayer;
    this.history = null;
    this.seatSettings = []; // per player: { kind: 'person'|'engine', limit, value, skill }
    this.viewPly = null; // null: the live position; else the ply being looked at
    this.selection = null; // { hole, targets: [{hole, move, swap}] }
    this.hintShown = null; // { key, move }: the hint for the position with this key
    this.enginesPaused = false;
    this.connected = true;
    this.renderPending = false;
    this.turns = new TurnScheduler(this);
    this.timing = new GameTiming(this);
    this.input = new PersonInput(this);
    this.navigation = new GameNavigation(this);
    this.adviser = new GameAdviser(this);
  }

  // ----- setting up ------------------------------------------------------------

  // setup: { rulesWords: 'preset=super players=3 ...', start: 'startpos'|text }
  newGame(setup, seatSettings) {
    return this.turns.exclusive(() => this.runNewGame(setup, seatSettings));
  }

  // A refused setup is said next to the button in a person's words, and the game in
  // play goes on (the engine keeps its rules when it refuses setrules).
  async runNewGame(setup, seatSettings) {
    const badClock = clockRefusal(seatSettings);
    if (badClock) {
      this.view.newGameRefused(badClock);
      return;
    }
    await this.turns.stopThinking();
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
    return this.turns.exclusive(async () => {
      await this.turns.stopThinking();
      await this.guard('Set position', async () => {
        const [, start, moves] = /^(?:position\s+)?(.*?)(?:\s+moves(?:\s+(.*))?)?$/s.exec(text.trim());
        const moveList = moves ? moves.trim().split(/\s+/) : [];
        if (moveList.length === 0) this.adopt(await loadStart(this.connection, start), seatSettings, false);
        else this.adopt(await loadGame(this.connection, start, moveList), seatSettings, true);
      });
    });
  }

  loadRecord(text, seatSettings) {
    return this.turns.exclusive(async () => {
      await this.turns.stopThinking();
      await this.guard('Load record', async () => {
        const record = readRecord(text);
        await this.connection.request([`setrules ${record.tags.get('Rules')}`]);
        this.adopt(await loadGame(this.connection, record.start, record.moves), seatSettings, true);
      });
    });
  }

  // The game saved in this browser (saved-game.js), set on the engine again: its rules,
  // start and moves, then each position's clocks and scores and the clocks as they
  // stood when the page was left. Throws when the engine refuses it.
  restoreGame(saved) {
    return this.turns.exclusive(async () => {
      await this.connection.request([`setrules ${saved.rules}`]);
      const history = saved.moves.length ? await loadGame(this.connection, saved.start, saved.moves)
        : await loadStart(this.connection, saved.start);
      const moves = saved.moves.length;
      this.adopt(history, saved.seats, saved.paused, `Restored the game saved in this browser (${moves} move${moves === 1 ? '' : 's'}); New game starts afresh`);
      saved.plies.forEach(({ clocks, timeLoss, eval: evaluation }, ply) => {
        Object.assign(history.plies[ply], { clocks: clocks ?? undefined, timeLoss: timeLoss || undefined, eval: evaluation ?? undefined });
      });
      this.timing.clocks.restore(saved.clocks);
    });
  }

  // Plays on with a new game. paused: engines wait for Resume (a loaded game with
  // moves is looked at first). notice: what the notice line says of it.
  adopt(history, seatSettings, paused, notice = null) {
    this.history = history;
    this.seatSettings = this.fitSettings(seatSettings);
    this.viewPly = null;
    this.selection = null;
    this.hintShown = null;
    this.enginesPaused = paused;
    this.timing.reset(this.seatSettings);
    history.plies[0].clocks = this.timing.clocks.snapshot();
    // The board turns to the first person's seat (the "seat at the bottom" choice
    // can turn it again).
    const firstPerson = this.seatSettings.findIndex((settings) => settings.kind === 'person');
    if (firstPerson >= 0) {
      this.board.setSeatAtBottom(history.playersSeats[firstPerson][0]);
      this.view.seatAtBottomChanged(this.board.seatAtBottom);
    }
    this.view.rulesChanged(history.rules, this.seatSettings);
    this.view.notice(notice ?? (history.moveCount === 0
      ? describeNewGame(history.rules, history.playersSeats, this.seatSettings)
      : `Loaded ${history.moveCount} moves; engines paused (Resume plays on)`));
    this.afterChange();
  }

  // One entry per player; missing ones are people.
  fitSettings(seatSettings) {
    return this.history.playersSeats.map((_, i) => seatSettings[i] ?? {
      kind: 'person', limit: 'movetime', value: 1000, skill: 20, style: 'search', clock: '',
    });
  }

  // ----- the game's state --------------------------------------------------------

  get live() {
    return this.viewPly === null || this.viewPly === this.history.moveCount;
  }

  get shownPly() {
    return this.viewPly ?? this.history.moveCount;
  }

  get gameOver() {
    return this.history.current.result.over;
  }

  moverIsEngine() {
    if (!this.history || this.gameOver) return false;
    const mover = this.history.current.position.mover;
    return this.seatSettings[mover - 1]?.kind === 'engine';
  }

  forcedPass() {
    return this.history.current.legal === 'legal pass';
  }

  positionKey(ply) {
    return `${this.history.rulesWords()} ${this.history.positionCommand(ply)}`;
  }

  // After every change: draw, run the mover's clock, then start the engine when it is
  // its turn, else let the adviser analyse the position shown.
  afterChange() {
    this.onChange();
    const engineMoves = this.turns.engineMayStart();
    this.timing.update(engineMoves);
    this.render();
    if (engineMoves) {
      this.turns.engineTurn();
      return;
    }
    if (this.live && !this.gameOver && !this.moverIsEngine() && this.forcedPass()) {
      this.view.notice(`Player ${this.history.current.position.mover} has no move: press Pass`);
    }
    this.adviser.follow();
  }

  // ----- texts -----------------------------------------------------------------

  positionText() {
    return this.history.positionAt(this.shownPly).text;
  }

  recordText() {
    return recordOfGame(this.history, this.seatSettings, this.timing.clocks);
  }

  // ----- connection ------------------------------------------------------------

  connectionClosed() {
    this.connected = false;
    this.turns.connectionClosed();
    this.timing.clocks.halt();
    this.adviser.analysis.forget();
    this.render();
  }

  // A new engine process: the rules and the game so far are set on it again.
  // quietly: the page came back from the Back/Forward cache, nothing to announce.
  async reconnected(connection, enginePlayer, quietly = false) {
    this.connection = connection;
    this.enginePlayer = enginePlayer;
    this.connected = true;
    this.turns.reconnected();
    if (!this.history) return;
    await this.guard('Restoring the game', async () => {
      await this.connection.request([`setrules ${this.history.rulesWords()}`, this.history.positionCommand()]);
      if (!quietly) this.view.notice('Reconnected; the game is set on the new engine');
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

  scheduleRender() {
    if (this.renderPending) return;
    this.renderPending = true;
    requestAnimationFrame(() => {
      this.renderPending = false;
      this.render();
    });
  }

  // What the page shows now, as plain values for game-render.js.
  snapshot() {
    const ply = this.shownPly;
    const key = this.positionKey(ply);
    return {
      history: this.history,
      ply,
      live: this.live,
      seatSettings: this.seatSettings,
      selection: this.selection,
      thinking: this.turns.thinking,
      busy: this.turns.busy,
      connected: this.connected,
      enginesPaused: this.enginesPaused,
      moverIsEngine: this.moverIsEngine(),
      forcedPass: this.forcedPass(),
      hint: this.hintShown?.key === key ? this.hintShown.move : null,
      analysis: this.adviser.shownFor(key),
      seatAtBottom: this.board.seatAtBottom,
      clock: this.timing.snapshot(),
    };
  }

  render() {
    if (this.history) renderGame(this.snapshot(), this.board, this.view);
  }
}
