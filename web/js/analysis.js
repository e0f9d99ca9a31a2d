// The engine as an adviser, never a player: analysis of the position on the board
// (`go infinite` with MultiPV 1-5 until the position changes), or with the analysis
// off a glance at a position a person is to move in that has no score yet (one short
// search, so the evaluation bar holds a value on every turn), a hint (one short
// search whose move is shown, not played) and the evaluation of a whole game (a short
// search of every position, for the evaluation graph). Each sets full strength and the
// search player first, since one engine process also plays the engine seats with
// their own settings (protocol-spec/gui.md, "Analysis and hints").
import { parseInfoLine } from './search-info.js';

const HINT_MILLISECONDS = 1000;
const GLANCE_MILLISECONDS = 200;
const EVALUATION_MILLISECONDS = 150;

export class Analysis {
  // engine(): { connection, enginePlayer } of the current connection;
  // onLines(target, lines): the lines of the analysed position changed;
  // onScore(ply, info): a search of the position at `ply` reported a score (multipv 1).
  constructor(engine, onLines, onScore) {
    this.engine = engine;
    this.onLines = onLines;
    this.onScore = onScore;
    this.enabled = false;
    this.multiPv = 3;
    this.target = null; // { key, positionCommand, ply }: the position analysed now
    this.lines = []; // per multipv rank (0-based): the latest info with a pv
    this.search = null; // the promise of the running `go infinite`
    this.chain = Promise.resolve(); // show/halt calls, one after the other
  }

  // Analyses this position (null: none) until told otherwise; resolves when the
  // search runs (or has stopped).
  // target.unscored: a person is to move there and it has no score yet.
  show(target) {
    return this.serial(async () => {
      const wanted = this.wanted(target);
      const same = wanted && this.target && ['key', 'multiPv', 'glance'].every((field) => wanted[field] === this.target[field]);
      if (same) return;
      await this.stopSearch();
      if (!wanted || !this.engine().enginePlayer.canSearch) return;
      this.target = wanted;
      this.lines = [];
      this.onLines(wanted, this.lines);
      await this.prepare(wanted.multiPv, wanted.positionCommand);
      const go = wanted.glance ? `go movetime ${GLANCE_MILLISECONDS}` : 'go infinite';
      const search = this.engine().connection.search(go, (line) => this.analysed(wanted, line))
        .catch(() => {}) // a closed connection ends it; the page reports that itself
        .then(() => {
          // A glance ends by itself: nothing is left to stop.
          if (wanted.glance && this.search === search) this.search = null;
        });
      this.search = search;
    });
  }

  // What to search at the target: the analysis when it is on, else a glance at an
  // unscored position, else nothing.
  wanted(target) {
    if (target && this.enabled) return { ...target, multiPv: this.multiPv, glance: false };
    if (target?.unscored) return { ...target, multiPv: 1, glance: true };
    return null;
  }

  // The analysis lines of the position with this key (a glance's are not shown).
  linesFor(key) {
    return this.target?.key === key && !this.target.glance ? this.lines.filter(Boolean) : [];
  }

  // Stops the analysis (the engine is then free for other commands).
  halt() {
    return this.serial(() => this.stopSearch());
  }

  // The connection closed: its search is gone with it.
  forget() {
    this.search = null;
    this.target = null;
    this.lines = [];
  }

  serial(work) {
    const run = this.chain.then(work);
    this.chain = run.catch(() => {});
    return run;
  }

  async stopSearch() {
    if (!this.search) {
      this.target = null;
      return;
    }
    const { connection } = this.engine();
    if (!connection.closed) connection.stop();
    await this.search;
    this.search = null;
    this.target = null;
    this.onLines(null, []); // its arrows and lines go
  }

  analysed(target, line) {
    const info = parseInfoLine(line);
    if (!info.pv || !info.score) return;
    const rank = (info.multipv ?? 1) - 1;
    this.lines[rank] = info;
    if (rank === 0) this.onScore(target.ply, info);
    if (this.target === target) this.onLines(target, this.lines);
  }

  // The analysis is halted while this runs. -> { move, info } of a short search.
  async hint(positionCommand, ply) {
    return this.serial(async () => {
      await this.stopSearch();
      return this.shortSearch(positionCommand, ply, HINT_MILLISECONDS);
    });
  }

  // A short search of each position (ply: position command) in turn; onDone(ply)
  // after each. Stops early when keepGoing() turns false.
  async evaluate(positions, onDone, keepGoing) {
    return this.serial(async () => {
      await this.stopSearch();
      for (const { ply, positionCommand } of positions) {
        if (!keepGoing()) break;
        await this.shortSearch(positionCommand, ply, EVALUATION_MILLISECONDS);
        onDone(ply);
      }
    });
  }

  async shortSearch(positionCommand, ply, milliseconds) {
    await this.prepare(1, positionCommand);
    let best = null;
    const move = await this.engine().connection.search(`go movetime ${milliseconds}`, (line) => {
      const info = parseInfoLine(line);
      if (!info.pv || !info.score || (info.multipv ?? 1) !== 1) return;
      best = info;
      this.onScore(ply, info);
    });
    return { move, info: best };
  }

  async prepare(multiPv, positionCommand) {
    const { connection, enginePlayer } = this.engine();
    await connection.request([...enginePlayer.adviserOptions(multiPv), positionCommand]);
  }
}
