// A person's moves: clicks (or taps, or keys) on holes pick a piece and one of its
// legal targets, which the engine lists (`legal HOLE`); Pass and Resign. Refusals
// say why in a person's words.
import { lineStarting } from './game-loader.js';
import { pathOfMove } from './move-text.js';

export class PersonInput {
  // game: the GameController.
  constructor(game) {
    this.game = game;
  }

  async clickHole(hole) {
    const { game } = this;
    if (!game.history) return;
    if (!game.live) {
      game.view.notice(`You are looking at move ${game.viewPly}: go to the last move, or press "Play from here"`);
      return;
    }
    if (game.gameOver) {
      game.view.notice('The game is over');
      return;
    }
    if (game.moverIsEngine()) {
      game.view.notice('It is the engine\'s turn');
      return;
    }
    if (game.enginesPaused && game.timing.clocks.inUse) {
      game.view.refusal('The game is paused: press Resume');
      return;
    }
    if (game.turns.busy) return;
    const target = game.selection?.targets.find((candidate) => candidate.hole === hole);
    if (target) {
      await game.turns.play(target.move);
      return;
    }
    const position = game.history.current.position;
    const piece = position.pieces.get(hole);
    const moverSeats = game.history.playersSeats[position.mover - 1];
    if (piece && moverSeats.includes(piece.seat)) {
      await this.select(hole);
      return;
    }
    if (game.selection) {
      game.view.refusal(`Refused: ${hole} is not a legal target for the piece on ${game.selection.hole}`);
      game.selection = null;
      game.render();
    } else if (piece && !piece.spare) {
      game.view.refusal(`Refused: the piece on ${hole} is not player ${position.mover}'s`);
    } else if (piece) {
      game.view.refusal(`Refused: ${hole} holds a spare piece, which never moves`);
    } else {
      game.view.refusal(`Refused: ${hole} is empty; click one of player ${position.mover}'s pieces`);
    }
  }

  async select(hole) {
    const { game } = this;
    if (game.selection?.hole === hole) {
      game.selection = null;
      game.view.notice(''); // its list of moves goes with the piece put back
      game.render();
      return;
    }
    const generation = game.turns.generation;
    await game.guard(`Legal moves of ${hole}`, async () => {
      await game.adviser.analysis.halt(); // the engine answers nothing else while it analyses
      const lines = await game.connection.request([game.history.positionCommand(), `legal ${hole}`]);
      if (!game.turns.isCurrent(generation)) return; // another game by now
      const moves = lineStarting(lines, 'legal').split(/\s+/).slice(1);
      if (moves.length === 0) {
        game.selection = null;
        game.view.refusal(`Refused: the piece on ${hole} has no legal move`);
      } else {
        const targets = moves.map((move) => {
          const path = pathOfMove(move);
          return { hole: path[path.length - 1], move, swap: move.endsWith('*') };
        });
        game.selection = { hole, targets };
        game.view.notice(`${hole}: ${moves.join(' ')}`);
      }
      game.render();
    });
    game.adviser.follow();
  }

  // A person may pass or resign at the last move of a game in play, on their turn.
  personMayAct() {
    const { game } = this;
    return game.history && game.live && !game.gameOver && !game.moverIsEngine();
  }

  async pass() {
    if (!this.personMayAct()) return;
    if (!this.game.forcedPass()) {
      this.game.view.refusal('Refused: pass is legal only when the player has no other move');
      return;
    }
    await this.game.turns.play('pass');
  }

  async resign() {
    if (!this.personMayAct()) return;
    await this.game.turns.play('resign');
  }
}
