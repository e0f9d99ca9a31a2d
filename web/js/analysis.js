// The engine as an adviser, never a player: analysis of the position on the board
// (`go infinite` with MultiPV 1-5 until the position changes), a hint (one short
// search whose move is shown, not played) and the evaluation of a whole game (a short
// search of every position, for the evaluation graph). Each sets full strength and the
// search player first, since one engine process also plays the engine seats with
// their own settings (protocol-spec/gui.md, "Analysis and hints").
import { parseInfoLine } from './search-info.js';

const HINT_MILLISECONDS = 1000;
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
  show(target) {
    return this.serial(async () => {
      const wanted = this.enabled ? target : null;
      if (wanted && this.target && wanted.key === this.target.key && this.target.multiPv === this.multiPv) return;
      await this.stopSearch();
      if (!wanted || !this.engine().enginePlayer.canSearch) return;
      const analysed = { ...wanted, multiPv: this.multiPv };
      this.target = analysed;
      this.lines = [];
      this.onLines(analysed, this.lines);
      await this.prepare(this.multiPv, analysed.positionCommand);
      this.search = this.engine().connection.search('go infinite', (line) => this.analysed(analysed, line))
        .catch(() => {}); // a closed connection ends it; the page reports that itself
    });
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
