// The engine as the game's adviser (analysis.js does the searching): which position
// the analysis follows, the scores it records for the graph, a hint for the person to
// move, and the evaluation of every position of the game.
import { Analysis } from './analysis.js';

export class GameAdviser {
  // game: the GameController.
  constructor(game) {
    this.game = game;
    this.analysis = new Analysis(() => ({ connection: game.connection, enginePlayer: game.enginePlayer }),
      () => game.scheduleRender(), (ply, info) => this.recordScore(ply, info));
  }

  // What the adviser should analyse now: the position shown, unless an engine is
  // about to play there or the game is over at it.
  target() {
    const { game } = this;
    if (!game.history || !game.connected || game.turns.busy || game.turns.evaluating) return null;
    const ply = game.shownPly;
    if (game.history.plies[ply].result.over) return null;
    if (game.live && game.moverIsEngine() && !game.enginesPaused) return null;
    const unscored = game.live && !game.moverIsEngine() && !game.history.plies[ply].eval;
    return { key: game.positionKey(ply), positionCommand: game.history.positionCommand(ply), ply, unscored };
  }

  follow() {
    this.analysis.show(this.target()).catch((error) => this.game.report('Analysis', error));
  }

  recordScore(ply, info) {
    if (this.game.history?.recordScore(ply, info)) this.game.scheduleRender();
  }

  setAnalysis(enabled, multiPv) {
    this.analysis.enabled = enabled;
    this.analysis.multiPv = multiPv;
    if (this.game.history) this.game.afterChange();
  }

  // What the page shows of the analysis for the position with this key.
  shownFor(key) {
    const { analysis } = this;
    return {
      enabled: analysis.enabled,
      lines: analysis.linesFor(key),
      evaluating: this.game.turns.evaluating,
      running: analysis.target?.key === key || this.target()?.key === key,
    };
  }

  // The engine's move for the person to move, shown on the board and not played: the
  // analysis's first move when it analyses this position, else a short search's.
  async hint() {
    const { game } = this;
    if (!game.history || !game.live || game.gameOver || game.moverIsEngine() || game.turns.busy) {
      game.view.refusal('A hint is for a person to move, at the last move');
      return;
    }
    if (!game.enginePlayer.canSearch) {
      game.view.refusal('This engine cannot search (no go): no hints');
      return;
    }
    const ply = game.history.moveCount;
    const key = game.positionKey(ply);
    // While the analysis runs on this position its best line is the hint: one search,
    // so the hint and the top line never disagree.
    const analysed = this.analysis.linesFor(key)[0]?.pv?.[0];
    await game.guard('Hint', async () => {
      game.view.notice('Looking for a hint…');
      const { move } = analysed ? { move: analysed } : await this.analysis.hint(game.history.positionCommand(ply), ply);
      if (game.positionKey(game.history.moveCount) !== key) return; // moved meanwhile
      game.hintShown = { key, move };
      game.view.notice(`Hint: ${move} (at full strength; shown, not played)`);
    });
    game.afterChange();
  }

  // A short search of every position of the game that has no score yet, for the
  // evaluation graph. Engines pause first: the adviser uses the same engine. A new
  // game or a take-back ends it (the generation grows).
  async evaluateGame() {
    const { game } = this;
    const { turns } = game;
    if (!game.history || turns.evaluating) return;
    if (!game.enginePlayer.canSearch) {
      game.view.refusal('This engine cannot search (no go): no evaluation');
      return;
    }
    let positions = [];
    let generation = 0;
    await turns.exclusive(async () => {
      if (!game.gameOver && game.seatSettings.some((settings) => settings.kind === 'engine')) game.enginesPaused = true;
      await turns.stopThinking();
      generation = turns.generation;
      positions = game.history.unscoredPositions();
      turns.evaluating = true;
      game.afterChange();
    });
    await game.guard('Evaluate game', () => this.analysis.evaluate(positions, (ply) => {
      if (turns.isCurrent(generation)) game.view.notice(`Evaluated move ${ply} of ${game.history.moveCount}`);
    }, () => turns.isCurrent(generation)));
    turns.evaluating = false;
    if (turns.isCurrent(generation)) game.view.notice('Evaluation done');
    document.body.dataset.evaluated = String(Number(document.body.dataset.evaluated ?? 0) + 1);
    game.afterChange();
  }
}
