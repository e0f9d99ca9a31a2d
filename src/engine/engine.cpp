#include "engine/engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "tools/bench.h"
#include "tools/perft.h"
#include "util/threading.h"

namespace cc {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What a job's exception says, for the failure line (whatever was thrown).
std::string describeFailure(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const std::exception& error) {
        return error.what();
    } catch (...) {
        return "an unknown exception";
    }
}

// perft's divide callback, which reports each root move in text: none (no divide) when
// `perMove` is unset. `position` must outlive the count.
std::function<void(Move, uint64_t)> divideAsText(
    const Position& position, HoleNotation notation,
    const std::function<void(std::string_view move, uint64_t nodes)>& perMove) {
    if (!perMove) return {};
    return [&position, notation, perMove](Move move, uint64_t nodes) {
        perMove(formatMove(position, move, notation), nodes);
    };
}

}  // namespace

Engine::Engine(const EngineOptions& options)
    : layout_(Layout::make(Rules{})),
      options_(options),
      table_(options_.hashMegabytes),
      benchTable_(kBenchHashMegabytes) {
    newGame();
}

Engine::~Engine() {
    stop();
    wait();
}

void Engine::newGame() {
    game_ = std::make_unique<Game>(layout_, Position::start(*layout_));
    positionSource_.reset();
    soloPlan_.clear();
    searchThreads_.clearMemory();
    mctsTree_.clear();
}

void Engine::reset(const EngineOptions& options) {
    stop();
    wait();
    layout_ = Layout::make(Rules{});
    race_.reset();
    raceLoadedFrom_.clear();
    setOptions(options);
    clearHash();
    newGame();
    stopRequested_ = false;
    ponderStop_ = false;
    const std::lock_guard lock(ponderMutex_);
    pondering_ = false;
    ponderHitAt_.reset();
}

Expected<void> Engine::setRules(const std::vector<std::string_view>& words) {
    Expected<Rules> rules = applyRuleWords(this->rules(), words);
    if (!rules) return Error{rules.error()};
    layout_ = Layout::make(*rules);
    newGame();
    return {};
}

Expected<void> Engine::setPosition(std::optional<std::string_view> text,
                                   const std::vector<std::string_view>& moves) {
    const bool extendsLast =
        positionSource_ && positionSource_->text == text &&
        moves.size() >= positionSource_->moves.size() &&
        std::equal(positionSource_->moves.begin(), positionSource_->moves.end(), moves.begin());
    std::unique_ptr<Game> game;
    size_t played = 0;
    if (extendsLast) {
        game = std::make_unique<Game>(*game_);
        played = positionSource_->moves.size();
    } else {
        Position start = Position::start(*layout_);
        if (text) {
            Expected<Position> parsed = parsePosition(*layout_, *text);
            if (!parsed) return Error{parsed.error()};
            start = *parsed;
        }
        game = std::make_unique<Game>(layout_, start);
    }
    for (size_t index = played; index < moves.size(); ++index) {
        Expected<Move> move = parseMove(game->position(), moves[index]);
        if (!move) return Error{fmt::format("move {}: {}", index + 1, move.error())};
        game->play(*move);
    }
    game_ = std::move(game);
    positionSource_ = PositionSource{text ? std::optional<std::string>(*text) : std::nullopt,
                                     std::vector<std::string>(moves.begin(), moves.end())};
    return {};
}

void Engine::setOptions(const EngineOptions& options) {
    if (options.hashMegabytes != options_.hashMegabytes) table_.resize(options.hashMegabytes);
    options_ = options;
}

void Engine::clearHash() {
    table_.clear();
    searchThreads_.clearMemory();
    mctsTree_.clear();
}

void Engine::prepareForSearch() {
    if (!busy()) table_.allocate();
}

std::optional<std::string> Engine::loadRaceTable() {
    if (busy() || options_.racePath == raceLoadedFrom_) return std::nullopt;
    if (options_.racePath.empty()) {
        race_.reset();
        raceLoadedFrom_.clear();
        return "race table: none (RacePath is empty)";
    }
    Expected<std::shared_ptr<const race::RaceTable>> loaded =
        race::RaceTable::load(options_.racePath);
    if (!loaded) {
        const std::string failed = options_.racePath;
        options_.racePath = raceLoadedFrom_;
        return fmt::format("race table {}: {}; {}", failed, loaded.error(),
                           race_ ? "keeping the table of " + raceLoadedFrom_
                                 : std::string("playing without a race table"));
    }
    race_ = std::move(*loaded);
    raceLoadedFrom_ = options_.racePath;
    return fmt::format("race table {}: {} placements, rows {}", raceLoadedFrom_, race_->size(),
                       race_->family().rows());
}

std::string Engine::rulesText() const {
    return formatRules(rules());
}

std::string Engine::positionText() const {
    return formatPosition(position());
}

std::vector<std::string> Engine::legalMoveTexts(std::optional<Hole> from,
                                                HoleNotation notation) const {
    MoveList moves;
    generateLegal(position(), moves);
    std::vector<std::string> texts;
    for (const Move move : moves) {
        if (from && (!move.isPieceMove() || move.from != *from)) continue;
        texts.push_back(formatMove(position(), move, notation));
    }
    return texts;
}

Expected<Move> Engine::parseMoveText(std::string_view text) const {
    return parseMove(position(), text);
}

GameResult Engine::result() const {
    const Position& now = position();
    GameResult result;
    result.over = now.over();
    result.reason = statusName(now.status());
    for (int player = 0; player < layout_->players(); ++player) {
        result.places.push_back(now.place(player));
        result.scores.push_back(layout_->players() - now.place(player));
    }
    return result;
}

PerftCount Engine::perft(int depth,
                         const std::function<void(std::string_view move, uint64_t nodes)>& perMove,
                         HoleNotation notation, const std::atomic<bool>* stop) const {
    return cc::perft(*game_, depth, divideAsText(position(), notation, perMove), stop,
                     options_.search.threads);
}

void Engine::wait() {
    worker_.wait();
}

void Engine::startJob(std::function<void()> job) {
    wait();
    stopRequested_ = false;
    busy_ = true;
    worker_.start(std::move(job));
}

std::vector<std::string> Engine::lineTexts(const Position& from,
                                           const std::vector<PlayedMove>& line) const {
    // Only the part of the line that the real rules can play: best-reply search lets an
    // opponent answer out of turn, and the protocol's pv must be a legal line.
    std::vector<std::string> texts;
    Position at = from;
    MoveList legal;
    for (const PlayedMove& step : line) {
        if (at.over() || step.player != at.mover()) break;
        generateLegal(at, legal);
        if (std::find(legal.begin(), legal.end(), step.move) == legal.end()) break;
        texts.push_back(formatMove(at, step.move, options_.notation));
        playMove(at, step.move);
    }
    return texts;
}

std::pair<std::string, std::string> Engine::search(const Game& game, const SearchLimits& limits,
                                                   const std::atomic<bool>& stop,
                                                   const GoListener& listener) {
    const Position& root = game.position();
    SearchCallbacks callbacks;
    callbacks.onReport = [&](const SearchReport& report) {
        if (listener.onInfo) listener.onInfo(report, lineTexts(root, report.pv));
    };
    callbacks.onMessage = listener.onMessage;
    const SearchContext context{game,      limits,    options_.search, table_,     stop,
                                callbacks, soloPlan_, searchThreads_,  &mctsTree_, race_.get()};
    const SearchResult result = think(context);
    std::pair<std::string, std::string> answer{"none", ""};
    if (!result.best) return answer;
    answer.first = formatMove(root, *result.best, options_.notation);
    if (!result.last) return answer;
    // The final report: what the choice rests on, with the totals.
    SearchReport last = *result.last;
    last.nodes = std::max(last.nodes, result.nodes);
    const std::vector<std::string> line = lineTexts(root, last.pv);
    if (listener.onInfo) listener.onInfo(last, line);
    // The reply to ponder on is the line's next move when another player makes it (a
    // bonus move of the engine's own is not a reply).
    if (options_.ponder && line.size() >= 2 && line[0] == answer.first &&
        last.pv[1].player != root.mover())
        answer.second = line[1];
    return answer;
}

std::pair<std::string, std::string> Engine::ponderThenSearch(const Game& game,
                                                             const SearchLimits& limits,
                                                             const GoListener& listener) {
    SearchLimits unbounded;
    unbounded.infinite = true;
    unbounded.searchMoves = limits.searchMoves;
    unbounded.received = limits.received;
    unbounded.capMs = limits.capMs;
    std::pair<std::string, std::string> answer = search(game, unbounded, ponderStop_, listener);
    // A finished game has nothing to search, and still answers only when told to (unless
    // the build has no thread that could tell it: util/threading.h).
    if (kHaveThreads) ponderStop_.wait(false);
    std::optional<std::chrono::steady_clock::time_point> hitAt;
    {
        const std::lock_guard lock(ponderMutex_);
        pondering_ = false;
        hitAt = ponderHitAt_;
    }
    if (!hitAt || stopRequested_) return answer;
    // The table keeps what the ponder search found, so the real search soon reaches its
    // depth again.
    SearchLimits real = limits;
    real.ponder = false;
    real.received = *hitAt;
    return search(game, real, stopRequested_, listener);
}

Expected<void> Engine::ponderHit() {
    const std::lock_guard lock(ponderMutex_);
    if (!pondering_ || ponderHitAt_) return Error{"no ponder search runs"};
    ponderHitAt_ = std::chrono::steady_clock::now();
    ponderStop_ = true;
    ponderStop_.notify_all();
    return {};
}

void Engine::go(SearchLimits limits, GoListener listener) {
    limits.received = std::chrono::steady_clock::now();
    // The worker keeps its own copy of the game: the protocol may read the engine's
    // state (legal, d, ...) while it thinks.
    auto game = std::make_shared<Game>(*game_);
    wait();
    if (limits.ponder) {
        const std::lock_guard lock(ponderMutex_);
        pondering_ = true;
        ponderHitAt_.reset();
        ponderStop_ = false;
    }
    startJob([this, limits, listener = std::move(listener), game] {
        std::pair<std::string, std::string> answer{"none", ""};
        try {
            if (game->position().over() && listener.onMessage) {
                listener.onMessage(fmt::format("game over ({}): no move to search",
                                               statusName(game->position().status())));
            }
            answer = limits.ponder ? ponderThenSearch(*game, limits, listener)
                                   : search(*game, limits, stopRequested_, listener);
        } catch (...) {
            {
                const std::lock_guard lock(ponderMutex_);
                pondering_ = false;
            }
            if (listener.onFailure) listener.onFailure(describeFailure(std::current_exception()));
        }
        // Not busy before the answer is out: a client that reacts to bestmove at once
        // must find the engine ready.
        busy_ = false;
        listener.onBestMove(answer.first, answer.second);
    });
}

void Engine::startPerft(int depth, PerftListener listener) {
    auto game = std::make_shared<Game>(*game_);
    startJob([this, depth, listener = std::move(listener), game] {
        try {
            const auto started = std::chrono::steady_clock::now();
            const PerftCount nodes = cc::perft(
                *game, depth, divideAsText(game->position(), options_.notation, listener.onDivide),
                &stopRequested_, options_.search.threads);
            busy_ = false;
            listener.onDone(nodes, secondsSince(started));
        } catch (...) {
            busy_ = false;
            listener.onFailure(describeFailure(std::current_exception()));
        }
    });
}

void Engine::startBench(int depth, BenchListener listener) {
    startJob([this, depth, listener = std::move(listener)] {
        const auto started = std::chrono::steady_clock::now();
        BenchTotals totals;
        try {
            totals = runBench(depth, options_.search.threads, searchThreads_, benchTable_,
                              stopRequested_, listener.onMessage);
        } catch (...) {
            totals.complete = false;
            if (listener.onFailure) listener.onFailure(describeFailure(std::current_exception()));
        }
        busy_ = false;
        listener.onDone(totals.nodes, secondsSince(started), totals.complete);
    });
}

}  // namespace cc
