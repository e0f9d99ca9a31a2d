#pragma once
// The facade the protocol talks to: it owns the rules, the game, the options, the
// transposition table, the worker thread that searches or counts and the search's
// helper threads (both kept between jobs). `go` and
// `startPerft` return at once; the worker reports through the listener given to them.
// Every setter validates first and changes nothing when it fails.

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"
#include "core/rules.h"
#include "search/mcts/mcts.h"
#include "search/race/table.h"
#include "search/search.h"
#include "search/solo/solo.h"
#include "search/threads.h"
#include "search/tt.h"

namespace cc {

// Where a game stands: over or not, why, and each player's place (0: none yet).
struct GameResult {
    bool over = false;
    std::string_view reason;  // the position text's status word
    std::vector<int> places;
    // Series scoring (protocol-spec/rules.md §8.9 Scores): one point per
    // opponent for first place, one fewer per place after it.
    std::vector<int> scores;
};

// A perft that `stop` cut short has no count.
using PerftCount = std::optional<uint64_t>;

struct EngineOptions {
    size_t hashMegabytes = 16;
    bool ponder = false;  // whether `bestmove` names the reply to ponder on
    SearchOptions search;
    HoleNotation notation = HoleNotation::Name;
    bool showWdl = false;  // `info` lines with a score add the win chances (search/eval/wdl.h)
    // The race table's file (protocol-spec/protocol.md, setoption); empty: none. Read at
    // the next `isready`.
    std::string racePath;
};

// What a search tells its listener, with moves already in move text.
struct GoListener {
    std::function<void(const SearchReport& report, const std::vector<std::string>& pv)> onInfo;
    std::function<void(std::string_view text)> onMessage;
    // `none` when the game is over; `ponder` is the expected reply, empty when there is
    // none or the Ponder option is off.
    std::function<void(std::string_view move, std::string_view ponder)> onBestMove;
    // The search threw (a bug, no memory): heard before `bestmove none`.
    std::function<void(std::string_view what)> onFailure;
};

struct PerftListener {
    std::function<void(std::string_view move, uint64_t nodes)> onDivide;  // unset: no divide
    std::function<void(PerftCount nodes, double seconds)> onDone;
    std::function<void(std::string_view failure)> onFailure;
};

struct BenchListener {
    std::function<void(std::string_view line)> onMessage;
    // After a failure (heard first) `complete` is false.
    std::function<void(uint64_t nodes, double seconds, bool complete)> onDone;
    std::function<void(std::string_view what)> onFailure;
};

class Engine {
  public:
    // The options a session starts with: the protocol's defaults unless a test (the
    // fuzzers) wants a smaller table than the default 16 MiB.
    explicit Engine(const EngineOptions& options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    [[nodiscard]] const Rules& rules() const { return layout_->rules(); }
    [[nodiscard]] const Position& position() const { return game_->position(); }
    [[nodiscard]] const EngineOptions& options() const { return options_; }

    // Applies `key=value` words; on success a new game starts from the start position.
    Expected<void> setRules(const std::vector<std::string_view>& words);
    // `startpos` (no text) or a position text, then moves played in order.
    Expected<void> setPosition(std::optional<std::string_view> text,
                               const std::vector<std::string_view>& moves);
    void newGame();
    // Back to the state the constructor gives with `options`: default rules, the start
    // position, no history, an empty table and threads that remember nothing. Stops and
    // waits for a running job first. Only the memory of the table and the threads is
    // kept, so a fuzzer can run a session per input on one engine at little cost.
    void reset(const EngineOptions& options);
    // Options take effect for the next search; a new hash size empties the table.
    void setOptions(const EngineOptions& options);
    void clearHash();
    // Makes now what a search needs and is slow to make (the table's memory, a large
    // Hash taking seconds), as `isready` asks, so that no clock pays for it. Nothing
    // while a job runs: its search has it already.
    void prepareForSearch();
    // Reads the table RacePath names when it is not the one in use (at `isready`): what
    // happened, for one `info string`, or nothing when nothing changed. A file that
    // cannot be used leaves the table in use, and RacePath, as they were.
    std::optional<std::string> loadRaceTable();
    // The race table in use, or none.
    [[nodiscard]] const race::RaceTable* raceTable() const { return race_.get(); }

    [[nodiscard]] std::string rulesText() const;
    [[nodiscard]] std::string positionText() const;
    // The legal moves as `legal` prints them; only those of the piece on `from` if given.
    [[nodiscard]] std::vector<std::string> legalMoveTexts(std::optional<Hole> from,
                                                          HoleNotation notation) const;
    [[nodiscard]] GameResult result() const;
    // The legal move the text names in the current position, or why there is none.
    [[nodiscard]] Expected<Move> parseMoveText(std::string_view text) const;

    // Leaves `depth` plies down, on the caller's thread; `perMove` hears each root
    // move's subtotal (divide).
    PerftCount perft(int depth,
                     const std::function<void(std::string_view move, uint64_t nodes)>& perMove,
                     HoleNotation notation, const std::atomic<bool>* stop = nullptr) const;

    // --- work on the worker thread: one job at a time ---
    // Whether a job has not yet given its final answer (bestmove, perft count).
    [[nodiscard]] bool busy() const { return busy_.load(); }
    // With `limits.ponder` the search runs without limit until `ponderHit` or `stop`.
    void go(SearchLimits limits, GoListener listener);
    // The expected move was played: the ponder search gives way to a search under the
    // limits `go ponder` gave, timed from now. An error when no ponder search runs.
    Expected<void> ponderHit();
    void startPerft(int depth, PerftListener listener);
    // Searches a fixed list of positions of every preset and player count to `depth`.
    void startBench(int depth, BenchListener listener);
    // Asks the running job to end (it still gives its answer); returns at once. Wakes a
    // `go infinite` whose search has ended and that waits for the stop.
    void stop() {
        stopRequested_ = true;
        stopRequested_.notify_all();
        ponderStop_ = true;
        ponderStop_.notify_all();
    }
    // Waits until the worker has finished its job.
    void wait();
    // Tests only (tests/engine_faults_test.cpp): every search thread calls `hook` before
    // its work, so a test can make one throw. Only between jobs.
    void setFaultHookForTests(FaultHook hook) { searchThreads_.setFaultHook(std::move(hook)); }

  private:
    void startJob(std::function<void()> job);
    [[nodiscard]] std::vector<std::string> lineTexts(const Position& from,
                                                     const std::vector<PlayedMove>& line) const;
    // Searches, announcing the final report; the chosen move and the reply expected.
    std::pair<std::string, std::string> search(const Game& game, const SearchLimits& limits,
                                               const std::atomic<bool>& stop,
                                               const GoListener& listener);
    // Ponders until `ponderHit` or `stop`; after a hit, searches under the real limits.
    std::pair<std::string, std::string> ponderThenSearch(const Game& game,
                                                         const SearchLimits& limits,
                                                         const GoListener& listener);

    std::shared_ptr<const Layout> layout_;
    std::unique_ptr<Game> game_;
    // The `position` arguments that made game_ (none after a new game): a GUI or a match
    // manager sends the whole game before every move, and one that repeats these with
    // moves added has only the added ones parsed and played.
    struct PositionSource {
        std::optional<std::string> text;
        std::vector<std::string> moves;
    };
    std::optional<PositionSource> positionSource_;
    EngineOptions options_;
    TranspositionTable table_;
    // bench's own table (tools/bench.h), taken at the first bench and kept: a fuzzed
    // session benches often, and its 16 MiB cost more than a short bench.
    TranspositionTable benchTable_;
    SoloPlan soloPlan_;
    std::shared_ptr<const race::RaceTable> race_;
    std::string raceLoadedFrom_;  // the RacePath of race_
    SearchThreads searchThreads_;
    MctsKeptTree mctsTree_;
    std::atomic<bool> busy_ = false;
    std::atomic<bool> stopRequested_ = false;
    // Pondering: the ponder search's own stop flag (set by `stop` and by `ponderhit`),
    // and under the mutex whether it runs and when the hit came.
    std::atomic<bool> ponderStop_ = false;
    std::mutex ponderMutex_;
    bool pondering_ = false;
    std::optional<std::chrono::steady_clock::time_point> ponderHitAt_;
    // Last: destroyed first, so a job still running ends before what it uses goes.
    ParkedThread worker_;
};

}  // namespace cc
