#include <fmt/format.h>

#include <thread>

#include "core/game.h"
#include "core/layout.h"
#include "core/movegen.h"
#include "core/rules_text.h"
#include "match/compliance/compliance.h"
#include "match/compliance/compliance_session.h"
#include "match/engines/ccp_client.h"

namespace cc::match {

namespace {

// Plies played before the checks that search a position given as cells, as a CCERL
// referee sends a game in progress.
constexpr int kPliesPlayed = 4;

class CcpComplianceRun {
  public:
    CcpComplianceRun(ChildProcess process, std::ostream& out) : session_(std::move(process), out) {}

    int run() {
        const Expected<Rules> rules = applyRuleWords(Rules{}, {"preset=ccerl"});
        if (!rules) return 2;
        layout_ = Layout::make(*rules);
        session_.check("handshake: ccp, id name, ccpok", [&] { return handshake(); });
        session_.check("isready answered quickly", [&] { return readyLatency(); });
        session_.check("unknown command survived", [&] {
            session_.send("ccmatch-compliance-unknown-command");
            return session_.synchronise();
        });
        session_.check("position startpos, go movetime 300: one legal bestmove path",
                       [&] { return searchOnce(false, "go movetime 300"); });
        session_.check("position cells, go nodes 2000: one legal bestmove path",
                       [&] { return searchOnce(true, "go nodes 2000"); });
        session_.check("position cells, go depth 2: one legal bestmove path",
                       [&] { return searchOnce(true, "go depth 2"); });
        session_.check("go wtime btime winc binc: one legal bestmove path", [&] {
            return searchOnce(true, "go wtime 3000 btime 3000 winc 30 binc 30");
        });
        session_.check("go infinite: isready answered, then one bestmove after stop",
                       [&] { return infiniteThenStop(); });
        session_.check("a malformed position refused, the engine still answers",
                       [&] { return malformedPosition(); });
        session_.check("quit during a search exits quickly", [&] {
            session_.send("position startpos");
            return session_.quitDuringSearch();
        });
        return session_.finish();
    }

  private:
    Expected<void> handshake() {
        session_.send("ccp");
        const Reading reading =
            session_.readUntil([](const std::string& line) { return line == "ccpok"; });
        if (!reading.found) return session_.missing(reading, "ccpok");
        for (const std::string& line : reading.lines) {
            if (line.rfind("id name ", 0) == 0) session_.note(" (" + line.substr(3) + ")");
        }
        if (session_.noted().empty()) return Error{"no 'id name' line before ccpok"};
        return {};
    }

    Expected<void> readyLatency() {
        const auto sent = SteadyClock::now();
        if (Expected<void> ready = session_.synchronise(); !ready) return ready;
        session_.note(fmt::format(
            " ({} ms)",
            std::chrono::duration_cast<Milliseconds>(SteadyClock::now() - sent).count()));
        return {};
    }

    // The start position, or a few plies into the game (the middle legal move each ply).
    Position position(bool played) const {
        Position now = Position::start(*layout_);
        MoveList moves;
        for (int ply = 0; played && ply < kPliesPlayed; ++ply) {
            generateLegal(now, moves);
            if (moves.empty()) break;
            playMove(now, moves[moves.size() / 2]);
        }
        return now;
    }

    // The lines of one search up to its bestmove: the move a legal path of cell ids.
    Expected<void> judge(const Position& searched, const Reading& reading) {
        if (!reading.found) return session_.missing(reading, "bestmove");
        const std::string& last = reading.lines.back();
        const std::string move = last.size() > 9 ? last.substr(9) : "";
        const Expected<Move> parsed = parseCcpMove(searched, move.substr(0, move.find(' ')));
        if (!parsed) return Error{fmt::format("'{}': {}", last.substr(0, 80), parsed.error())};
        // A second bestmove would come before the readyok of the next isready.
        if (Expected<void> extra = session_.synchronise(); !extra) return extra;
        session_.note(fmt::format(" ({})", last));
        return {};
    }

    Expected<void> searchOnce(bool played, const std::string& go) {
        const Position searched = position(played);
        session_.send(played ? ccpPositionCommand(searched) : "position startpos");
        session_.send(go);
        return judge(searched, session_.readUntil(isBestmove, Milliseconds(60000)));
    }

    Expected<void> infiniteThenStop() {
        const Position searched = position(true);
        session_.send(ccpPositionCommand(searched));
        session_.send("go infinite");
        std::this_thread::sleep_for(Milliseconds(300));
        session_.send("isready");
        const Reading ready = session_.readUntil(
            [](const std::string& line) { return line == "readyok" || isBestmove(line); });
        if (!ready.found) return session_.missing(ready, "readyok during go infinite");
        if (isBestmove(ready.lines.back())) {
            return Error{fmt::format("'{}' before stop under go infinite", ready.lines.back())};
        }
        session_.send("stop");
        if (Expected<void> stopped = judge(searched, session_.readUntil(isBestmove)); !stopped) {
            return stopped;
        }
        // stop with nothing running must print nothing.
        session_.send("stop");
        return session_.synchronise();
    }

    Expected<void> malformedPosition() {
        session_.send("position cells 0.1 player 0 ply 0");
        if (Expected<void> ready = session_.synchronise(); !ready) return ready;
        return {};
    }

    ComplianceSession session_;
    std::shared_ptr<const Layout> layout_;
};

}  // namespace

int runCcpCompliance(ChildProcess process, std::ostream& out) {
    CcpComplianceRun run(std::move(process), out);
    return run.run();
}

}  // namespace cc::match
