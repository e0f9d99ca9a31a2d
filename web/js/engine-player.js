// The engine's turn: the options for the player's strength, the `go` command and the
// `bestmove` (protocol-spec/protocol.md, "go" and "setoption"). An engine without
// `go` (no search options announced by `cci`) is replaced by a stand-in that plays a
// random legal move, so the page stays usable against a referee-only engine; it says
// so in the thinking panel.
import { parseInfoLine } from './search-info.js';

// Options announced by `cci` as `option name <Name words> type ...` -> Set of names.
export function optionNamesOf(cciLines) {
  const names = new Set();
  for (const line of cciLines) {
    const match = /^option name (.+?) type /.exec(line);
    if (match) names.add(match[1]);
  }
  return names;
}

// The `go` words for a seat's settings: { limit: 'movetime'|'depth'|'nodes', value },
// or limit 'infinite': think until Move now (protocol-spec/protocol.md, "go").
function goCommandFor(settings) {
  if (settings.limit === 'infinite') return 'go infinite';
  return `go ${settings.limit} ${Math.max(1, Math.round(Number(settings.value)))}`;
}

// A seat's strength as options: a rating (UCI_Elo, which takes the place of Skill Level)
// or full strength.
function strengthOptions(strength) {
  if (strength === undefined || strength === 'full') return ['setoption name UCI_LimitStrength value false'];
  return ['setoption name UCI_LimitStrength value true', `setoption name UCI_Elo value ${strength}`];
}

export class EnginePlayer {
  // connection: EngineConnection; engineOptions: Set of option names from `cci`;
  // forceStandIn: play random moves even if the engine can search (URL ?mock=1).
  constructor(connection, engineOptions, forceStandIn) {
    this.connection = connection;
    this.canSearch = !forceStandIn && engineOptions.has('Skill Level');
    this.hasSkill = engineOptions.has('Skill Level');
    this.hasElo = engineOptions.has('UCI_Elo') && engineOptions.has('UCI_LimitStrength');
    this.hasPlayerStyle = engineOptions.has('Player');
    this.hasMultiPv = engineOptions.has('MultiPV');
    this.searching = false; // `go` is on the wire: `stop` is read now
    this.stopRequested = false; // stop() came before `go` was sent
    this.standInTimer = null;
    this.standInFinish = null;
  }

  // The options of an adviser (analysis, hint): full strength, the search, `lines` lines.
  adviserOptions(lines) {
    const options = [];
    if (this.hasMultiPv) options.push(`setoption name MultiPV value ${lines}`);
    if (this.hasElo) options.push('setoption name UCI_LimitStrength value false');
    if (this.hasSkill) options.push('setoption name Skill Level value 20');
    if (this.hasPlayerStyle) options.push('setoption name Player value search');
    return options;
  }

  // Resolves with the engine's move text (`pass`, `none` included). `positionCommand`
  // sets the game first, in the same queued exchange order. onInfo(parsedInfo).
  // clockWords: `p1time ...` when the mover plays by its clock, else ''.
  async think(positionCommand, settings, onInfo, clockWords = '') {
    this.stopRequested = false;
    if (!this.canSearch) return this.standInMove(positionCommand, onInfo);
    // One engine process plays every engine seat, so each move sets that seat's options
    // (and one line: analysis may have asked for more).
    const setup = [];
    if (this.hasMultiPv) setup.push('setoption name MultiPV value 1');
    if (this.hasSkill) setup.push(`setoption name Skill Level value ${settings.skill}`);
    if (this.hasElo) setup.push(...strengthOptions(settings.strength));
    if (this.hasPlayerStyle) setup.push(`setoption name Player value ${settings.style}`);
    setup.push(positionCommand);
    await this.connection.request(setup);
    const started = () => {
      this.searching = true;
      // A stop that came while the options were set ends the search at once.
      if (this.stopRequested) this.connection.stop();
    };
    try {
      const go = clockWords ? `go ${clockWords}` : goCommandFor(settings);
      return await this.connection.search(go, (line) => onInfo(parseInfoLine(line)), started);
    } finally {
      this.searching = false;
    }
  }

  // Asks the search to end now (also one about to start); its bestmove still arrives
  // through think().
  stop() {
    this.stopRequested = true;
    if (this.searching) this.connection.stop();
    if (this.standInFinish) this.standInFinish();
  }

  async standInMove(positionCommand, onInfo) {
    const lines = await this.connection.request([positionCommand, 'legal']);
    const moves = lines.find((line) => line.startsWith('legal')).split(/\s+/).slice(1);
    onInfo({ string: 'this engine has no go: a stand-in plays a random legal move' });
    // A short pause so the move is seen as the engine's, cut short by stop().
    await new Promise((resolve) => {
      this.standInFinish = resolve;
      this.standInTimer = setTimeout(resolve, 300);
    });
    this.standInFinish = null;
    clearTimeout(this.standInTimer);
    if (moves.length === 0) return 'none';
    return moves[Math.floor(Math.random() * moves.length)];
  }
}
