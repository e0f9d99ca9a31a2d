// A scripted engine for ccmatch's tests: it speaks the protocol and plays a random
// legal move (the same one for the same position and seed), until ply `--at` of the
// game, where it misbehaves as `--mode` says:
//   good     never misbehaves          illegal  answers a move of an empty hole
//   slow     thinks past its clock     crash    kills itself
//   garbage  prints junk, then junk    resign   answers `bestmove resign`
//   hang     never answers go          noready  never answers isready (from the start)
//   deafstop ignores stop while it ponders
//   refuse   answers go with an error line and `bestmove none`, as after a refused position
// With `--ponder on` it announces the Ponder option; set, its bestmove names the reply it
// would play itself (`ponder <move>`), and `go ponder` waits for ponderhit or stop.
// `--log FILE` appends every line it reads to FILE (the command stream ccmatch sends).

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/move_text.h"
#include "engine/engine.h"
#include "util/text.h"

namespace {

struct Script {
    std::string mode = "good";
    int at = 0;
    uint64_t seed = 1;
    bool ponderOption = false;
    std::string log;
};

// The position as `position` gave it, so that the ponder reply can be looked up.
struct Fake {
    cc::Engine engine;
    std::optional<std::string> base;
    std::vector<std::string> moves;
    bool ponderOn = false;  // setoption name Ponder value true
    bool pondering = false;
    std::vector<std::string> ponderGo;  // the `go ponder` words, for ponderhit

    cc::Expected<void> setPosition(const std::vector<std::string>& playedMoves) {
        const std::vector<std::string_view> views(playedMoves.begin(), playedMoves.end());
        std::optional<std::string_view> baseView;
        if (base) baseView = *base;
        return engine.setPosition(baseView, views);
    }
};

uint64_t mix(uint64_t value) {
    value += 0x9E3779B97F4A7C15ULL;
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
    value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
    return value ^ (value >> 31);
}

void say(const std::string& line) {
    std::cout << line << std::endl;
}

// The mover's clock from `go ... p<k>time <ms> ...`, if given.
std::optional<int> moverClock(const std::vector<std::string_view>& words, int mover) {
    const std::string key = "p" + std::to_string(mover + 1) + "time";
    for (size_t at = 0; at + 1 < words.size(); ++at) {
        if (words[at] == key) return cc::parseInt(words[at + 1]);
    }
    return std::nullopt;
}

std::string chooseMove(const cc::Engine& engine, const Script& script) {
    const std::vector<std::string> legal =
        engine.legalMoveTexts(std::nullopt, cc::HoleNotation::Name);
    if (legal.empty()) return "none";
    return legal[mix(engine.position().key() ^ script.seed) % legal.size()];
}

std::string emptyHoleMove(const cc::Engine& engine) {
    for (cc::Hole hole = 0; hole + 1 < cc::kHoleCount; ++hole) {
        if (engine.position().seatAt(hole) < 0 && !engine.position().occupied().test(hole)) {
            return cc::formatHole(hole, cc::HoleNotation::Name) + "-" +
                   cc::formatHole(hole + 1, cc::HoleNotation::Name);
        }
    }
    return "a1-a2";
}

// The fake's own move after `move`, as the ponder reply.
std::string ponderSuffix(Fake& fake, const Script& script, const std::string& move) {
    if (!fake.ponderOn || move == "none") return "";
    std::vector<std::string> after = fake.moves;
    after.push_back(move);
    std::string reply = "none";
    if (fake.setPosition(after).ok()) reply = chooseMove(fake.engine, script);
    // Back to the game's own moves, which were accepted before.
    static_cast<void>(fake.setPosition(fake.moves));
    return reply == "none" ? "" : " ponder " + reply;
}

void answerGo(Fake& fake, const Script& script, int ply,
              const std::vector<std::string_view>& words) {
    const cc::Engine& engine = fake.engine;
    const bool misbehave = ply >= script.at;
    if (misbehave && script.mode == "hang") return;
    if (misbehave && script.mode == "crash") ::kill(::getpid(), SIGKILL);
    say("info depth 1 score cp 0 nodes 1 pv " + chooseMove(engine, script));
    if (misbehave && script.mode == "slow") {
        const int clock = moverClock(words, engine.position().mover()).value_or(1000);
        std::this_thread::sleep_for(std::chrono::milliseconds(2 * clock + 200));
    }
    if (misbehave && script.mode == "illegal") return say("bestmove " + emptyHoleMove(engine));
    if (misbehave && script.mode == "resign") return say("bestmove resign");
    if (misbehave && script.mode == "refuse") {
        say("error go: no position to search: the last 'position' was refused");
        return say("bestmove none");
    }
    if (misbehave && script.mode == "garbage") {
        say("\x01\x7f junk ^^^ {{{");
        return say("bestmove ???");
    }
    const std::string move = chooseMove(engine, script);
    say("bestmove " + move + ponderSuffix(fake, script, move));
}

}  // namespace

int main(int argc, char** argv) {
    Script script;
    for (int index = 1; index + 1 < argc; index += 2) {
        const std::string key = argv[index];
        const std::string value = argv[index + 1];
        if (key == "--mode") script.mode = value;
        if (key == "--at") script.at = cc::parseInt(value).value_or(0);
        if (key == "--seed") script.seed = uint64_t(cc::parseInt(value).value_or(1));
        if (key == "--ponder") script.ponderOption = value == "on";
        if (key == "--log") script.log = value;
    }
    Fake fake;
    cc::Engine& engine = fake.engine;
    std::ofstream log;
    if (!script.log.empty()) log.open(script.log, std::ios::app);
    int ply = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << std::endl;
        const std::vector<std::string_view> words = cc::splitWords(line);
        if (words.empty()) continue;
        const std::string_view command = words[0];
        const std::vector<std::string_view> rest(words.begin() + 1, words.end());
        if (command == "cci") {
            say("id name fake-" + script.mode);
            if (script.ponderOption) say("option name Ponder type check default false");
            say("cciok");
        } else if (command == "isready") {
            if (script.mode != "noready") say("readyok");
        } else if (command == "setrules") {
            if (const cc::Expected<void> done = engine.setRules(rest); !done) {
                say("error " + done.error());
            }
        } else if (command == "position" && !rest.empty()) {
            size_t movesAt = 0;
            while (movesAt < rest.size() && rest[movesAt] != "moves") ++movesAt;
            std::string text;
            for (size_t at = 0; at < movesAt; ++at) text += (at ? " " : "") + std::string(rest[at]);
            std::vector<std::string_view> moves;
            for (size_t at = movesAt + 1; at < rest.size(); ++at) moves.push_back(rest[at]);
            fake.base.reset();
            if (text != "startpos") fake.base = text;
            fake.moves.assign(moves.begin(), moves.end());
            if (const cc::Expected<void> done = fake.setPosition(fake.moves); !done) {
                say("error " + done.error());
            }
            ply = int(moves.size());
        } else if (command == "setoption" && line == "setoption name Ponder value true") {
            fake.ponderOn = script.ponderOption;
        } else if (command == "go" && !rest.empty() && rest[0] == "ponder") {
            fake.pondering = true;
            fake.ponderGo.assign(words.begin(), words.end());
        } else if (command == "go") {
            answerGo(fake, script, ply, words);
        } else if (command == "ponderhit" && fake.pondering) {
            fake.pondering = false;
            const std::vector<std::string_view> go(fake.ponderGo.begin(), fake.ponderGo.end());
            answerGo(fake, script, ply, go);
        } else if (command == "stop" && fake.pondering) {
            fake.pondering = false;
            if (script.mode != "deafstop") say("bestmove " + chooseMove(engine, script));
        } else if (command == "quit") {
            return 0;
        }
    }
    return 0;
}
