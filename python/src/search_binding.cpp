// The engine in-process: ccengine's search on a Position under limits, with the GIL
// released while it thinks, and `stop` (or Ctrl-C) from any other thread.

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "bindings.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "engine/engine.h"
#include "game_state.h"
#include "search/eval/eval.h"
#include "search/eval/wdl.h"
#include "util/text.h"

namespace py = pybind11;

namespace cc::python {
namespace {

// How often a waiting search looks at `stop` and at Python's signals (Ctrl-C).
constexpr std::chrono::milliseconds kPollInterval{5};
constexpr int kSignalPolls = 10;

// One line of the search's report, as an `info` line gives it.
struct SearchLine {
    int multipv = 1;
    int depth = 0;
    int seldepth = 0;
    std::optional<int> cp;
    std::optional<int> mate;
    std::string bound;  // "", "lower" or "upper"
    // Per mille, player 1 first: each player's chance of first place (two players: of
    // winning); empty unless the search reported a score at two players or more.
    std::vector<int> chances;
    uint64_t nodes = 0;
    double seconds = 0;
    std::vector<std::string> pv;
};

struct SearchOutcome {
    std::optional<std::string> move;  // none when the game is over
    std::optional<std::string> ponder;
    std::vector<SearchLine> lines;  // the last report of each MultiPV line, best first
    std::vector<std::string> messages;
};

MultiPlayerMethod methodNamed(const std::string& name) {
    if (name == "auto") return MultiPlayerMethod::Automatic;
    if (name == "brs") return MultiPlayerMethod::BestReply;
    if (name == "paranoid") return MultiPlayerMethod::Paranoid;
    if (name == "mcts") return MultiPlayerMethod::MonteCarlo;
    throw std::invalid_argument(
        fmt::format("method '{}': expected auto, brs, paranoid or mcts", name));
}

PlayerKind playerNamed(const std::string& name) {
    if (name == "search") return PlayerKind::Search;
    if (name == "greedy") return PlayerKind::Greedy;
    if (name == "spoiler") return PlayerKind::Spoiler;
    if (name == "random") return PlayerKind::Random;
    throw std::invalid_argument(
        fmt::format("player '{}': expected search, greedy, spoiler or random", name));
}

void checkRange(std::string_view name, int64_t value, int64_t low, int64_t high) {
    if (value < low || value > high)
        throw std::invalid_argument(fmt::format("{} {}: expected {}..{}", name, value, low, high));
}

// The engine behind one Searcher; one search at a time.
class Searcher {
  public:
    Searcher(int threads, int hashMegabytes, int multiPv, const std::string& method,
             const std::string& player, uint64_t seed, int skill) {
        // The protocol's option bounds (protocol-spec/protocol.md, setoption).
        checkRange("threads", threads, 1, 256);
        checkRange("hash", hashMegabytes, 1, 65536);
        checkRange("multipv", multiPv, 1, 500);
        checkRange("skill", skill, 0, 20);
        EngineOptions options;
        options.hashMegabytes = size_t(hashMegabytes);
        options.search.threads = threads;
        options.search.multiPv = multiPv;
        options.search.method = methodNamed(method);
        options.search.player = playerNamed(player);
        options.search.seed = seed;
        options.search.skill = skill;
        engine_ = std::make_unique<Engine>(options);
    }

    SearchOutcome search(const GameState& state, std::optional<int> depth,
                         std::optional<uint64_t> nodes, std::optional<double> seconds) {
        if (depth) checkRange("depth", *depth, 1, 120);
        if (nodes && *nodes == 0) throw std::invalid_argument("nodes 0: expected at least 1");
        if (seconds && !(*seconds >= 0 && *seconds <= 1e9))
            throw std::invalid_argument("time: expected 0 to 1e9 seconds");
        std::unique_lock lock(busy_, std::try_to_lock);
        if (!lock.owns_lock()) throw std::runtime_error("this Searcher is already searching");
        setGame(state);
        SearchLimits limits;
        limits.depth = depth;
        limits.nodes = nodes;
        if (seconds) limits.moveTime = int64_t(*seconds * 1000);
        stopAsked_ = false;
        auto outcome = std::make_shared<SearchOutcome>();
        auto mutex = std::make_shared<std::mutex>();
        engine_->go(limits, listener(state, outcome, mutex));
        waitReleased();
        const std::scoped_lock read(*mutex);
        return *outcome;
    }

    // From any thread: the running search ends and gives its answer.
    void stop() {
        stopAsked_ = true;
        engine_->stop();
    }

  private:
    void setGame(const GameState& state) {
        const std::string rules = formatRules(state.layout().rules());
        if (rules != engine_->rulesText()) {
            const std::vector<std::string_view> words = splitWords(rules);
            if (Expected<void> set = engine_->setRules(words); !set)
                throw RulesFailure(set.error());
        }
        const std::vector<std::string> moves = state.historyTexts();
        const std::vector<std::string_view> moveWords(moves.begin(), moves.end());
        const std::string start = formatPosition(state.start());
        if (Expected<void> set = engine_->setPosition(start, moveWords); !set)
            throw PositionFailure(set.error());
    }

    static GoListener listener(const GameState& state,
                               const std::shared_ptr<SearchOutcome>& outcome,
                               const std::shared_ptr<std::mutex>& mutex) {
        std::shared_ptr<const WinChances> chances;
        if (state.layout().players() > 1 && !state.position().over())
            chances = std::make_shared<const WinChances>(
                state.position(), Evaluator(state.layout(), state.position()));
        GoListener listener;
        listener.onInfo = [outcome, mutex, chances](const SearchReport& report,
                                                    const std::vector<std::string>& pv) {
            SearchLine line{report.multiPv,
                            report.depth,
                            report.seldepth,
                            {},
                            {},
                            {},
                            {},
                            report.nodes,
                            double(report.time.count()) / 1000.0,
                            pv};
            (report.score.mate ? line.mate : line.cp) = report.score.value;
            if (report.bound == Bound::Lower) line.bound = "lower";
            if (report.bound == Bound::Upper) line.bound = "upper";
            if (chances) line.chances = chances->firstPlace(report.score);
            const std::scoped_lock lock(*mutex);
            const auto index = size_t(std::max(report.multiPv, 1) - 1);
            if (outcome->lines.size() <= index) outcome->lines.resize(index + 1);
            outcome->lines[index] = std::move(line);
        };
        listener.onMessage = [outcome, mutex](std::string_view text) {
            const std::scoped_lock lock(*mutex);
            outcome->messages.emplace_back(text);
        };
        listener.onFailure = [outcome, mutex](std::string_view what) {
            const std::scoped_lock lock(*mutex);
            outcome->messages.push_back(fmt::format("search failed: {}", what));
        };
        listener.onBestMove = [outcome, mutex](std::string_view move, std::string_view ponder) {
            const std::scoped_lock lock(*mutex);
            if (move != "none") outcome->move = std::string(move);
            if (!ponder.empty()) outcome->ponder = std::string(ponder);
        };
        return listener;
    }

    // Waits for the worker with the GIL released, passing on `stop` (which may come
    // before the job has started) and Ctrl-C.
    void waitReleased() {
        for (int polls = 0;; ++polls) {
            {
                const py::gil_scoped_release released;
                for (int wait = 0; wait < kSignalPolls && engine_->busy(); ++wait) {
                    if (stopAsked_) engine_->stop();
                    std::this_thread::sleep_for(kPollInterval);
                }
            }
            if (!engine_->busy()) break;
            if (PyErr_CheckSignals() != 0) {
                engine_->stop();
                const py::gil_scoped_release released;
                engine_->wait();
                throw py::error_already_set();
            }
        }
        const py::gil_scoped_release released;
        engine_->wait();
    }

    std::unique_ptr<Engine> engine_;
    std::mutex busy_;
    std::atomic<bool> stopAsked_ = false;
};

}  // namespace

void bindSearch(py::module_& module) {
    py::class_<SearchLine>(module, "SearchLine", "One line of a search's report, as an `info` line")
        .def_readonly("multipv", &SearchLine::multipv)
        .def_readonly("depth", &SearchLine::depth)
        .def_readonly("seldepth", &SearchLine::seldepth)
        .def_readonly("cp", &SearchLine::cp, "Centi-steps for the mover; None for a mate score.")
        .def_readonly("mate", &SearchLine::mate, "Own turns to a proven finish (negative: lost).")
        .def_readonly("bound", &SearchLine::bound)
        .def_readonly("chances", &SearchLine::chances,
                      "Per mille, player 1 first: each player's chance of first place.")
        .def_readonly("nodes", &SearchLine::nodes)
        .def_readonly("time", &SearchLine::seconds, "Seconds.")
        .def_readonly("pv", &SearchLine::pv);
    py::class_<SearchOutcome>(module, "SearchResult", "The move a search chose, and its report")
        .def_readonly("move", &SearchOutcome::move, "The move text; None when the game is over.")
        .def_readonly("ponder", &SearchOutcome::ponder)
        .def_readonly("lines", &SearchOutcome::lines, "The last report of each MultiPV line.")
        .def_readonly("messages", &SearchOutcome::messages, "What `info string` would say.")
        .def_property_readonly("score",
                               [](const SearchOutcome& outcome) -> py::object {
                                   if (outcome.lines.empty()) return py::none();
                                   const SearchLine& best = outcome.lines.front();
                                   return best.cp ? py::int_(*best.cp) : py::object(py::none());
                               })
        .def_property_readonly("pv", [](const SearchOutcome& outcome) {
            return outcome.lines.empty() ? std::vector<std::string>{} : outcome.lines.front().pv;
        });
    py::class_<Searcher>(module, "Searcher", "ccengine's search in this process")
        .def(py::init<int, int, int, const std::string&, const std::string&, uint64_t, int>(),
             py::arg("threads") = 1, py::arg("hash") = 16, py::arg("multipv") = 1,
             py::arg("method") = "auto", py::arg("player") = "search", py::arg("seed") = 0,
             py::arg("skill") = 20)
        .def("search", &Searcher::search, py::arg("position"), py::kw_only(),
             py::arg("depth") = std::nullopt, py::arg("nodes") = std::nullopt,
             py::arg("time") = std::nullopt,
             "Searches the position; without a limit until stop(). The GIL is released.")
        .def("stop", &Searcher::stop, "Ends the running search (from another thread).");
}

}  // namespace cc::python
