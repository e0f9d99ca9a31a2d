// The turns: the person's game-changing actions one at a time, the engine's move for
// its seats, and a move being applied, with the one state that says what runs now.
// Everything that may run at once is declared here (protocol-spec/gui.md, "The
// commands": the engine answers one exchange at a time, so nothing may overlap it).
import { AFTER_MOVE_QUERIES, lineStarting, positionTextOf } from './game-loader.js';
import { pathOfMove } from './move-text.js';

// What the notice says of a move: "You resigned" for the one person at the table,
// "Player 2 resigned" for any other player, "Player 2 played m4-l5".
function moveNotice(game, player, move) {
  if (move !== 'resign') return `Player ${player} played ${move}`;
  const persons = game.seatSettings.filter((settings) => settings.kind === 'person').length;
  const byThePerson = persons === 1 && game.seatSettings[player - 1]?.kind === 'person';
  return byThePerson ? 'You resigned' : `Player ${player} resigned`;
}

export class TurnScheduler {
  // game: the GameController.
  constructor(game) {
    this.game = game;
    // What runs now, one at a time: null (nothing), { kind: 'thinking', player, info,
    // strings, moveNow } (an engine searches its move) or { kind: 'applying' } (a move
    // goes to the engine and onto the board).
    this.activity = null;
    // Grows when the game changes (new game, take-back, pause, a closed connection):
    // searches and moves in flight compare it with theirs and are dropped.
    this.generation = 0;
    this.pendingActions = 0; // the person's game-changing actions, queued or running
    this.actions = Promise.resolve(); // the last of them
    this.thinkDone = Promise.resolve(); // settles when the engine's search has ended
    this.evaluating = false; // the adviser evaluates every position of the game
    this.flagging = false; // a fallen flag's resignation is on its way
  }

  get thinking() {
    return this.activity?.kind === 'thinking' ? this.activity : null;
  }

  get busy() {
    return this.activity?.kind === 'applying';
  }

  isCurrent(generation) {
    return generation === this.generation;
  }

  // The engine to move starts its search when the engine is there, the last move is
  // shown, an engine is to move and not paused, and nothing else runs or waits.
  engineMayStart() {
    const { game } = this;
    return game.connected && game.live && game.moverIsEngine() && !game.enginesPaused && this.activity === null
      && this.pendingActions === 0;
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
      if (this.pendingActions === 0 && this.game.history) this.game.afterChange();
    });
    this.actions = run.catch(() => {}); // each caller reports its own failure (guard)
    return run;
  }

  async engineTurn() {
    const { game } = this;
    const generation = this.generation;
    const player = game.history.current.position.mover;
    const ply = game.history.moveCount;
    const settings = game.seatSettings[player - 1];
    const thinking = { kind: 'thinking', player, info: {}, strings: [] };
    this.activity = thinking;
    game.render();
    await game.adviser.analysis.halt();
    if (!this.isCurrent(generation)) return;
    const clocks = game.timing.clocks;
    const clockWords = clocks.hasClock(player) ? clocks.goWords() : '';
    const think = game.enginePlayer.think(game.history.positionCommand(), settings, (info) => {
      if (!this.isCurrent(generation) || this.activity !== thinking) return;
      if (info.string) thinking.strings.push(info.string);
      else {
        thinking.info = { ...thinking.info, ...info };
        if ((info.multipv ?? 1) === 1) game.adviser.recordScore(ply, info);
      }
      game.scheduleRender();
    }, clockWords);
    // Move now pressed while the analysis was halted: think() has just forgotten that
    // stop, so it is given again (it ends the search as soon as go is on the wire).
    if (thinking.moveNow) game.enginePlayer.stop();
    this.thinkDone = think.then(() => {}, () => {});
    let move;
    try {
      move = await think;
    } catch (error) {
      if (this.isCurrent(generation)) {
        this.activity = null;
        game.enginesPaused = true;
        game.report(`Engine move for player ${player}`, error);
        game.render();
      }
      return;
    }
    if (!this.isCurrent(generation)) return; // the game changed while it thought
    this.activity = null;
    if (move === 'none') {
      game.view.error(`The engine answered bestmove none for player ${player}, but the game is not over`);
      game.enginesPaused = true;
      game.render();
      return;
    }
    await this.play(move);
  }

  // Ends a running search (the engine's move or analysis) and forgets its move;
  // resolves when the engine is idle.
  async stopThinking() {
    this.generation += 1;
    if (this.thinking) {
      this.game.enginePlayer.stop();
      this.activity = null;
    }
    await this.thinkDone;
    await this.game.adviser.analysis.halt();
  }

  // Plays a move (a path, pass or resign) for the player to move. When the game
  // changes meanwhile (new game, take-back, ...: the generation grows), the move is
  // dropped, also after its animation.
  // timeLoss: the resignation of a player whose flag fell.
  async play(move, { timeLoss = false } = {}) {
    if (this.busy) return;
    const { game } = this;
    const applying = { kind: 'applying' };
    this.activity = applying;
    const generation = this.generation;
    const player = game.history.current.position.mover;
    game.selection = null;
    game.hintShown = null;
    // The increment is for a move made: a resignation (a fallen flag's too) gets none.
    if (move === 'resign') game.timing.clocks.halt();
    else game.timing.clocks.moved(player);
    try {
      await game.adviser.analysis.halt();
      const lines = await game.connection.request([game.history.positionCommand(undefined, [move]), ...AFTER_MOVE_QUERIES]);
      if (this.isCurrent(generation)) {
        game.render();
        await game.board.animate(pathOfMove(move));
      }
      if (this.isCurrent(generation)) {
        game.history.push(move, player, positionTextOf(lineStarting(lines, 'position')),
          lineStarting(lines, 'result'), lineStarting(lines, 'legal'));
        game.history.current.clocks = game.timing.clocks.snapshot();
        if (timeLoss) game.history.current.timeLoss = true;
        game.viewPly = null;
        const what = timeLoss ? `Player ${player}'s time ran out: resigned` : moveNotice(game, player, move);
        game.view.notice(game.gameOver ? `${what}; the game is over` : what);
      }
    } catch (error) {
      game.report(`Move ${move}`, error);
    } finally {
      if (this.activity === applying) this.activity = null;
    }
    // Also after a dropped move: a new game that started meanwhile may wait for its
    // engine, which does not start while a move is being applied.
    game.afterChange();
  }

  moveNow() {
    if (!this.thinking) return;
    this.thinking.moveNow = true;
    this.game.enginePlayer.stop(); // its bestmove is then played
  }

  setEnginesPaused(paused) {
    return this.exclusive(async () => {
      this.game.enginesPaused = paused;
      if (paused) await this.stopThinking();
      this.game.afterChange();
    });
  }

  // The connection closed: its search and its move in flight are gone with it.
  connectionClosed() {
    this.activity = null;
    this.generation += 1;
  }

  reconnected() {
    this.thinkDone = Promise.resolve();
  }
}
