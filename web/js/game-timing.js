// The game's clocks as the game runs: the mover's clock runs while a person is to move
// or the engine thinks for it, is redrawn ten times a second, and a fallen flag
// resigns for its player (protocol-spec/rules.md §8.8).
import { GameClocks, parseTimeControl } from './clock.js';

const CLOCK_TICK_MILLISECONDS = 100;

export class GameTiming {
  // game: the GameController.
  constructor(game) {
    this.game = game;
    this.clocks = new GameClocks([]);
    setInterval(() => this.tick(), CLOCK_TICK_MILLISECONDS);
  }

  // New clocks for a new game, from each seat's `clock` setting.
  reset(seatSettings) {
    this.clocks = new GameClocks(seatSettings.map((settings) => {
      try {
        return parseTimeControl(settings.clock);
      } catch (error) {
        this.game.view.error(error.message);
        return null;
      }
    }));
  }

  // The mover's clock runs while a person is to move or the engine thinks for it; it
  // stops for a pause, the end and while a move is applied.
  update(engineStarts) {
    const { game } = this;
    if (!game.history) return;
    const mover = game.history.current.position.mover;
    const onMove = game.seatSettings[mover - 1]?.kind === 'person' || game.turns.thinking || engineStarts;
    if (game.connected && !game.gameOver && !game.enginesPaused && !game.turns.busy && onMove) this.clocks.start(mover);
    else this.clocks.halt();
  }

  // Ten times a second: the running clock is redrawn, and a fallen flag resigns.
  tick() {
    if (!this.game.history || !this.clocks.running) return;
    this.game.view.renderClocks(this.snapshot());
    const flagged = this.clocks.flagged();
    if (flagged && !this.game.turns.flagging) this.flagFell(flagged);
  }

  // A clock ran out: the player resigns (protocol-spec/rules.md §8.8; with two players
  // the other wins, with more the game goes on), noted in the record as a time loss.
  async flagFell(player) {
    const { game } = this;
    const { turns } = game;
    turns.flagging = true;
    try {
      await turns.exclusive(async () => {
        if (game.gameOver || game.history.current.position.mover !== player || turns.busy) return;
        await turns.stopThinking();
        this.clocks.expire(player);
        await turns.play('resign', { timeLoss: true });
      });
    } finally {
      turns.flagging = false;
    }
  }

  // The times after the history's last move (a take-back).
  restoreFrom(history) {
    this.clocks.restore(history.current.clocks ?? history.plies[0].clocks);
  }

  snapshot() {
    const { game } = this;
    return {
      clocks: this.clocks,
      playersSeats: game.history.playersSeats,
      seatSettings: game.seatSettings,
      mover: game.history.current.position.mover,
      over: game.gameOver,
      paused: game.enginesPaused,
      timeLosses: game.history.timeLosses,
    };
  }
}
