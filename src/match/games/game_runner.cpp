#include "match/games/game_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <optional>

#include "core/game.h"
#include "core/move_text.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "match/engines/ccp_client.h"
#include "match/engines/engine_client.h"
#include "match/games/adjudication.h"
#include "match/games/kept_engines.h"
#include "match/reports/live_feed.h"
#include "match/settings/time_control.h"
#include "util/text.h"

namespace cc::match {

namespace {

EndReason reasonOfStatus(GameStatus status) {
    switch (status) {
        case GameStatus::Resign:
            return EndReason::Resign;
        case GameStatus::MoveLimit:
            return EndReason::MoveLimit;
        case GameStatus::Stall:
            return EndReason::Stall;
        case GameStatus::Repetition:
            return EndReason::Repetition;
        case GameStatus::PassRound:
            return EndReason::PassRound;
        case GameStatus::Finish:
        case GameStatus::Playing:
            break;
    }
    return EndReason::Finish;
}

EndReason reasonOfFault(EngineFault fault) {
    return fault == EngineFault::Unresponsive ? EndReason::Unresponsive : EndReason::Crash;
}

std::string todayUtc() {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    gmtime_r(&now, &parts);
    return fmt::format("{:04}.{:02}.{:02}", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday);
}

std::string seatsText(const Layout& layout, int player) {
    std::vector<std::string> seats;
    for (const Seat seat : layout.armies(player)) seats.push_back(std::to_string(seat + 1));
    return join(seats, "+");
}

// The opening was checked when the book was loaded; a failure here would only
// shorten it.
Game startingGame(const std::shared_ptr<const Layout>& layout, const Opening& opening) {
    Expected<Game> game = replayOpening(layout, opening);
    return game ? *game : Game(layout, Position::start(*layout));
}

// The state of one game: the referee's game, the engines, the clocks, the record.
class GameTable {
  public:
    GameTable(const MatchConfig& config, const std::shared_ptr<const Layout>& layout,
              const GameSetup& setup)
        : config_(config),
          layout_(layout),
          setup_(setup),
          game_(startingGame(layout, setup.opening)),
          clocks_(timeControls()),
          adjudicators_(makeAdjudicators(config)) {
        GameRecord& record = outcome_.record;
        record.game = setup.game;
        record.round = setup.round;
        if (config.shard.given) {
            record.shardIndex = config.shard.index;
            record.shardCount = config.shard.count;
            record.rounds = config.rounds;
        }
        record.date = todayUtc();
        record.rules = formatRules(layout->rules());
        record.opening = setup.opening.positionArguments();
        record.start = formatPosition(game_.position());
        for (int player = 0; player < layout->players(); ++player) {
            const EngineSpec& spec = specOf(player);
            record.engines.push_back(spec.name);
            record.seats.push_back(seatsText(*layout, player));
            record.timeControls.push_back(describe(spec.timeControl));
        }
        pending_.resize(size_t(layout->players()));
        ponderPositions_.resize(size_t(layout->players()));
        record.ponders.assign(size_t(layout->players()), 0);
        record.ponderHits.assign(size_t(layout->players()), 0);
    }

    GameOutcome play() {
        startEngines();
        if (setup_.live != nullptr) setup_.live->gameStarted(outcome_.record, clocksNow());
        std::optional<Verdict> adjudicated;
        bool endedByForfeit = false;
        const auto started = SteadyClock::now();
        int64_t thinkingMs = 0;
        while (!game_.position().over()) {
            for (const auto& adjudicator : adjudicators_) {
                adjudicated = adjudicator->verdict(game_.position());
                if (adjudicated) break;
            }
            if (adjudicated) break;
            const int mover = game_.position().mover();
            if (pending_[size_t(mover)]) {
                resignFor(mover);
                endedByForfeit = game_.position().over();
                continue;
            }
            thinkingMs += askForMove(mover);
        }
        // A forfeit whose turn never came (the game ended first) is still recorded.
        for (std::optional<Forfeit>& pending : pending_) {
            if (pending) outcome_.record.forfeits.push_back(*pending);
        }
        releaseEngines();
        GameRecord& record = outcome_.record;
        if (std::all_of(record.ponders.begin(), record.ponders.end(),
                        [](int count) { return count == 0; })) {
            record.ponders.clear();  // a game without pondering has no ponder tags
            record.ponderHits.clear();
        }
        if (std::all_of(record.evals.begin(), record.evals.end(),
                        [](const MoveEval& eval) { return eval.empty(); })) {
            record.evals.clear();  // no engine reported a score: no comments
        }
        const auto wallMs =
            std::chrono::duration_cast<Milliseconds>(SteadyClock::now() - started).count();
        outcome_.refereeMs = std::max<int64_t>(0, wallMs - thinkingMs);
        finishRecord(adjudicated, endedByForfeit);
        if (setup_.live != nullptr) setup_.live->gameEnded(outcome_.record);
        return outcome_;
    }

  private:
    const EngineSpec& specOf(int player) const {
        return config_.engines[size_t(setup_.enginePerPlayer[size_t(player)])];
    }

    std::vector<TimeControl> timeControls() const {
        std::vector<TimeControl> controls;
        controls.reserve(size_t(layout_->players()));
        for (int player = 0; player < layout_->players(); ++player) {
            controls.push_back(specOf(player).timeControl);
        }
        return controls;
    }

    int ply() const { return int(outcome_.record.moves.size()) + 1; }

    void forfeit(int player, EndReason reason, std::string detail) {
        pending_[size_t(player)] = Forfeit{player, reason, ply(), std::move(detail)};
        if (reason == EndReason::Crash || reason == EndReason::Unresponsive) {
            outcome_.engineBroke = true;
        }
        clients_[size_t(player)].kill();  // it may still be thinking
        ponderPositions_[size_t(player)].reset();
    }

    int engineOf(int player) const { return setup_.enginePerPlayer[size_t(player)]; }

    // A kept process of the player's engine (restart=off), else a new one.
    std::optional<EngineClient> keptClient(int player) const {
        if (setup_.kept == nullptr || specOf(player).restart) return std::nullopt;
        return setup_.kept->take(engineOf(player));
    }

    void startEngines() {
        const std::string ruleLine = formatRules(layout_->rules());
        clients_.reserve(size_t(layout_->players()));
        std::vector<bool> kept;
        kept.reserve(size_t(layout_->players()));
        for (int player = 0; player < layout_->players(); ++player) {
            std::optional<EngineClient> client = keptClient(player);
            kept.push_back(client.has_value());
            clients_.push_back(client ? std::move(*client) : EngineClient(specOf(player)));
        }
        std::vector<std::optional<EngineFailure>> failures;
        failures.reserve(clients_.size());
        for (int player = 0; player < layout_->players(); ++player) {
            failures.push_back(kept[size_t(player)] ? std::nullopt
                                                    : clients_[size_t(player)].launch());
        }
        for (int player = 0; player < layout_->players(); ++player) {
            EngineClient& client = clients_[size_t(player)];
            std::optional<EngineFailure>& failure = failures[size_t(player)];
            if (!failure && !kept[size_t(player)]) failure = client.handshake();
            if (!failure) failure = client.newGame(ruleLine);
            if (failure) forfeit(player, reasonOfFault(failure->fault), failure->detail);
            if (!failure && client.ponderRefused()) {
                outcome_.ponderRefused.push_back(client.spec().name);
            }
        }
    }

    // Each process's facts go into the record; a process that ended the game in good
    // order is kept for the next game when its engine has restart=off, else it quits. A
    // ponder search still running is stopped and its bestmove read first.
    void releaseEngines() {
        std::vector<EngineProcessFacts>& processes = outcome_.record.processes;
        for (int player = 0; player < layout_->players(); ++player) {
            EngineClient& client = clients_[size_t(player)];
            if (client.pondering()) client.stopPonder();
            const StrayLines stray = client.takeStrayLines();
            if (outcome_.strayLines.count == 0) outcome_.strayLines.first = stray.first;
            outcome_.strayLines.count += stray.count;
            processes.push_back(client.running() ? client.processFacts() : EngineProcessFacts{});
            if (client.running() && setup_.kept != nullptr && !specOf(player).restart) {
                setup_.kept->keep(engineOf(player), std::move(client));
            } else {
                client.quit();
            }
        }
    }

    void resignFor(int player) {
        Forfeit entry = *pending_[size_t(player)];
        pending_[size_t(player)].reset();
        entry.ply = ply();
        outcome_.record.forfeits.push_back(entry);
        game_.play(Move::resign());
        outcome_.record.moves.emplace_back("resign");
        outcome_.record.evals.emplace_back();
        outcome_.record.moveTimesMs.push_back(0);
        tellLive(player, "");
    }

    // The game's position, with `extraMove` played after the moves so far when given.
    std::string positionCommand(const std::string& extraMove = "") const {
        std::string command = "position " + setup_.opening.base;
        if (setup_.opening.moves.empty() && outcome_.record.moves.empty() && extraMove.empty()) {
            return command;
        }
        command += " moves";
        for (const std::string& move : setup_.opening.moves) command += " " + move;
        for (const std::string& move : outcome_.record.moves) command += " " + move;
        if (!extraMove.empty()) command += " " + extraMove;
        return command;
    }

    // After the player's bestmove (already played): `go ponder` on the reply it expects
    // when that reply is legal and gives the player the next turn (protocol-spec/match.md,
    // "Pondering"). With 3 to 6 players a reply seldom does, so they seldom ponder.
    void startPondering(int player, const std::string& expectedReply) {
        EngineClient& client = clients_[size_t(player)];
        if (!client.ponders() || expectedReply.empty() || game_.position().over()) return;
        const Position& now = game_.position();
        const Expected<Move> reply = parseMove(now, expectedReply);
        if (!reply || reply->kind == MoveKind::Resign) return;
        Game after = game_;
        const std::string text = formatMove(now, *reply, HoleNotation::Name);
        after.play(*reply);
        if (after.position().over() || after.position().mover() != player) return;
        const std::string position = positionCommand(text);
        if (auto failure = client.startPonder(position, clocks_.goCommand(player))) {
            forfeit(player, reasonOfFault(failure->fault), failure->detail);
            return;
        }
        ponderPositions_[size_t(player)] = position;
        ++outcome_.record.ponders[size_t(player)];
    }

    // The mover's search: a ponderhit when it pondered on this very position; else
    // (after stopping a ponder search that missed) position and go.
    SearchReply search(int mover, std::optional<int64_t> allowance) {
        EngineClient& client = clients_[size_t(mover)];
        const std::string position = positionCommand();
        std::optional<std::string>& pondered = ponderPositions_[size_t(mover)];
        if (pondered) {
            const bool hit = *pondered == position;
            pondered.reset();
            if (hit) {
                ++outcome_.record.ponderHits[size_t(mover)];
                return client.ponderHit(allowance);
            }
            if (auto failure = client.stopPonder()) {
                SearchReply reply;
                reply.failure = failure;
                return reply;
            }
        }
        if (client.speaksCcp()) {
            return client.search(ccpPositionCommand(game_.position()),
                                 ccpGoCommand(clocks_.goCommand(mover)), allowance);
        }
        return client.search(position, clocks_.goCommand(mover), allowance);
    }

    // Returns the time the engine took.
    int64_t askForMove(int mover) {
        const EngineSpec& spec = specOf(mover);
        const std::optional<int64_t> allowance = clocks_.allowanceMs(mover, spec.timeMarginMs);
        const SearchReply reply = search(mover, allowance);
        if (reply.failure) {
            forfeit(mover, reasonOfFault(reply.failure->fault), reply.failure->detail);
            return reply.elapsedMs;
        }
        if (reply.timedOut || (allowance && reply.elapsedMs > *allowance)) {
            forfeit(mover, EndReason::TimeLoss,
                    fmt::format("no bestmove within {} ms (clock and margin)", *allowance));
            return reply.elapsedMs;
        }
        ++outcome_.engineMoves;
        const Position& now = game_.position();
        Expected<Move> move = clients_[size_t(mover)].speaksCcp() ? parseCcpMove(now, reply.move)
                                                                  : parseMove(now, reply.move);
        if (!move) {
            std::string detail =
                fmt::format("bestmove '{}': {}", reply.move.substr(0, 60), move.error());
            if (!reply.errorLine.empty())
                detail += fmt::format(" (the engine said '{}')", reply.errorLine.substr(0, 120));
            forfeit(mover, EndReason::IllegalMove, detail);
            return reply.elapsedMs;
        }
        clocks_.charge(mover, reply.elapsedMs);
        const std::string text =
            move->kind == MoveKind::Resign ? "resign" : formatMove(now, *move, HoleNotation::Name);
        game_.play(*move);
        const MoveEval eval = reportedEval(reply.lastInfo);
        for (const auto& adjudicator : adjudicators_) adjudicator->observe(mover, eval);
        outcome_.record.moves.push_back(text);
        outcome_.record.evals.push_back(eval);
        outcome_.record.moveTimesMs.push_back(reply.elapsedMs);
        tellLive(mover, reply.lastInfo);
        startPondering(mover, reply.ponderMove);
        return reply.elapsedMs;
    }

    // The mover's last info line as the record keeps it: chances only in the shape the
    // game's player count gives them (`wdl` at two players, `first` one a player).
    MoveEval reportedEval(const std::string& lastInfo) const {
        MoveEval eval = readInfoLine(lastInfo).eval;
        if (layout_->players() != 2) eval.wdl.clear();
        if (layout_->players() == 2 || int(eval.first.size()) != layout_->players()) {
            eval.first.clear();
        }
        return eval;
    }

    // Every player's clock; empty when some player has none (st=, depth=, nodes=).
    std::vector<int64_t> clocksNow() const {
        std::vector<int64_t> clocks;
        for (int player = 0; player < layout_->players(); ++player) {
            if (!specOf(player).timeControl.baseMs) return {};
            clocks.push_back(clocks_.remainingMs(player));
        }
        return clocks;
    }

    // The move just recorded, to the live feed.
    void tellLive(int mover, const std::string& lastInfo) {
        if (setup_.live == nullptr) return;
        const GameRecord& record = outcome_.record;
        setup_.live->moved(LiveMove{record.game, int(record.moves.size()), mover,
                                    record.moves.back(), record.moveTimesMs.back(), clocksNow(),
                                    formatPosition(game_.position()), lastInfo});
    }

    void finishRecord(const std::optional<Verdict>& adjudicated, bool endedByForfeit) {
        GameRecord& record = outcome_.record;
        const Position& last = game_.position();
        if (adjudicated) {
            record.places = adjudicated->places;
            record.reason = adjudicated->reason;
            record.termination = adjudicated->termination;
            return;
        }
        for (int player = 0; player < layout_->players(); ++player) {
            record.places.push_back(last.place(player));
        }
        if (endedByForfeit) {
            const Forfeit& last_forfeit = record.forfeits.back();
            record.reason = last_forfeit.reason;
            record.termination =
                fmt::format("player {} ({}) forfeits: {}", last_forfeit.player + 1,
                            record.engines[size_t(last_forfeit.player)], last_forfeit.detail);
        } else {
            record.reason = reasonOfStatus(last.status());
            record.termination = std::string(statusName(last.status()));
            if (record.reason == EndReason::Resign) {
                record.termination = fmt::format("player {} ({}) resigns", last.mover() + 1,
                                                 record.engines[size_t(last.mover())]);
            }
        }
    }

    const MatchConfig& config_;
    std::shared_ptr<const Layout> layout_;
    const GameSetup& setup_;
    Game game_;
    GameClocks clocks_;
    std::vector<EngineClient> clients_;
    std::vector<std::unique_ptr<Adjudicator>> adjudicators_;
    std::vector<std::optional<Forfeit>> pending_;  // forfeits waiting for the player's turn
    // The position command each player ponders on (set while `go ponder` runs).
    std::vector<std::optional<std::string>> ponderPositions_;
    GameOutcome outcome_;
};

}  // namespace

GameOutcome playGame(const MatchConfig& config, const std::shared_ptr<const Layout>& layout,
                     const GameSetup& setup) {
    GameTable table(config, layout, setup);
    return table.play();
}

}  // namespace cc::match
