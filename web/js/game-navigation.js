// The game's history as a person steps through it: looking at an earlier move,
// taking moves back, and playing on from a move looked at.
export class GameNavigation {
  // game: the GameController.
  constructor(game) {
    this.game = game;
  }

  viewAt(ply) {
    const { game } = this;
    if (!game.history) return;
    const bounded = Math.max(0, Math.min(ply, game.history.moveCount));
    game.viewPly = bounded === game.history.moveCount ? null : bounded;
    game.selection = null;
    game.afterChange();
  }

  step(delta) {
    this.viewAt(this.game.shownPly + delta);
  }

  // Goes back to the last move a person made and undoes it with every move after it,
  // so that person is to move again; with no person's move, undoes one move.
  takeBack() {
    return this.game.turns.exclusive(() => this.runTakeBack());
  }

  async runTakeBack() {
    const { game } = this;
    if (!game.history || game.history.moveCount === 0) {
      game.view.refusal('Nothing to take back');
      return;
    }
    await game.turns.stopThinking();
    const plies = game.history.plies;
    let keep = game.history.moveCount - 1;
    for (let ply = game.history.moveCount; ply >= 1; ply -= 1) {
      if (game.seatSettings[plies[ply].player - 1]?.kind === 'person') {
        keep = ply - 1;
        break;
      }
    }
    this.truncateTo(keep);
    if (game.moverIsEngine()) game.enginesPaused = true; // else it would move again at once
    game.view.notice(`Took back to move ${keep}${game.enginesPaused ? '; engines paused' : ''}`);
    game.afterChange();
  }

  playFromHere() {
    return this.game.turns.exclusive(async () => {
      const { game } = this;
      if (!game.history || game.viewPly === null) return;
      await game.turns.stopThinking();
      this.truncateTo(game.viewPly);
      game.afterChange();
    });
  }

  truncateTo(ply) {
    const { game } = this;
    game.history.truncate(ply);
    game.timing.restoreFrom(game.history);
    game.viewPly = null;
    game.selection = null;
    game.hintShown = null;
  }
}
