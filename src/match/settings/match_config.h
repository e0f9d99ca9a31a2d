#pragma once
// Everything a ccmatch run is told on its command line (protocol-spec/match.md), as
// plain data. cli_parser.h fills it; the rest of ccmatch only reads it.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/rules.h"

namespace cc::match {

// How long an engine may think: a clock (tc=BASE+INC), a fixed time a move (st=), and
// search limits (depth=, nodes=) that may come with either.
struct TimeControl {
    std::optional<int64_t> baseMs;
    int64_t incrementMs = 0;
    std::optional<int64_t> moveTimeMs;
    std::optional<int> depth;
    std::optional<int64_t> nodes;

    [[nodiscard]] bool any() const { return baseMs || moveTimeMs || depth || nodes; }
};

// The protocol ccmatch speaks to an engine: ccengine's own, or CCERL's CCP.
enum class EngineProtocol { Cci, Ccp };

struct EngineSpec {
    std::string name;
    std::string command;
    std::string directory;
    std::vector<std::pair<std::string, std::string>> options;  // setoption name K value V
    TimeControl timeControl;
    int64_t timeMarginMs = 50;       // a clock may run this far below zero before a loss
    int64_t readyTimeoutMs = 10000;  // cciok and readyok must come within this
    int64_t moveTimeoutMs = 60000;   // bestmove without a clock (depth, nodes) within this
    bool ponder = false;             // think on the opponents' time (go ponder)
    // restart=on: a new process each game; off: a process plays game after game
    // (protocol-spec/match.md, "Engine processes").
    bool restart = true;
    EngineProtocol protocol = EngineProtocol::Cci;
};

struct SprtConfig {
    double elo0 = 0;
    double elo1 = 5;
    double alpha = 0.05;
    double beta = 0.05;
};

// cutechess-cli's -resign movecount=N score=CP and -draw movenumber=N movecount=N score=CP,
// or with winchance=P instead of score=CP: the engines' reported win chance (W + D/2 of
// `wdl`, per mille) decides instead of their score (protocol-spec/match.md, "Adjudication").
struct ResignAdjudication {
    int moveCount = 3;
    int scoreCp = 1000;
    std::optional<int> winChance;  // at or below this: a loss
};

struct DrawAdjudication {
    int moveNumber = 40;
    int moveCount = 8;
    int scoreCp = 10;
    std::optional<int> winChance;  // within this of 500 (an even game): level
};

struct OpeningConfig {
    std::string file;          // lines of `position` arguments; empty: the start position
    bool randomOrder = false;  // order=random: shuffled by the seed
    int start = 1;             // the first line used (1-based)
    int randomPlies = 0;       // random legal plies played after the opening
    bool ccerlSuite = false;   // format=jsonl: CCERL's JSONL suite (ccerl_suite.h)
};

struct Shard {
    int index = 1;  // 1-based
    int count = 1;
    // -shard was given (1/1 too): the records then carry Shard and Rounds, so that
    // -merge can tell a run cut short from a whole one.
    bool given = false;
};

enum class Mode { Match, Help, Compliance, Merge, Replay };

// None: a match (engines at most the players, seated by the lineup).
enum class Tournament { None, RoundRobin, Gauntlet };

// -anchor NAME=ELO: the rating list's fixed point.
struct Anchor {
    std::string name;  // empty: the first engine
    double elo = 0;
};

struct MatchConfig {
    Mode mode = Mode::Match;
    std::vector<EngineSpec> engines;
    std::string ruleWords;    // as given to -rules
    Rules rules;              // what they make of the standard two-player rules
    std::vector<int> lineup;  // engine (0-based) per player slot, before rotation
    Tournament tournament = Tournament::None;
    // The lineups a round plays: {lineup} for a match, schedule.h's for a tournament.
    std::vector<std::vector<int>> tables;
    int gamesPerRound = 0;  // of each table; 0: the number of players (one seat rotation)
    int rounds = 1;
    int concurrency = 1;
    uint64_t seed = 1;
    OpeningConfig openings;
    std::optional<int> capRounds;  // unset: the documented default
    std::optional<int> maxMoves;   // rounds, then a draw
    std::optional<ResignAdjudication> resign;
    std::optional<DrawAdjudication> draw;
    std::string pgnOut;
    std::string resultsFile;
    std::string reportFile;  // -report FILE.html
    std::string liveFile;    // -live FILE: the live feed (live_feed.h)
    std::string jsonlFile;   // -jsonl FILE: games as CCERL's referee writes them
    Anchor anchor;
    std::optional<SprtConfig> sprt;
    bool recover = false;
    Shard shard;
    std::vector<std::string> inputFiles;  // -merge and -replay
    std::string complianceCommand;
    EngineProtocol complianceProtocol = EngineProtocol::Cci;
};

}  // namespace cc::match
