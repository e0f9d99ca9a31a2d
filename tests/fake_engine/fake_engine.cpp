// A scripted engine for ccmatch's tests: it speaks the protocol and plays a random
// legal move (the same one for the same position and seed), until ply `--at` of the
// game, where it misbehaves as `--mode` says:
//   good     never misbehaves          illegal  answers a move of an empty hole
//   slow     thinks past its clock     crash    kills itself
//   garbage  prints junk, then junk    resign   answers `bestmove resign`
//   hang     never answers go          noready  never answers isready (from the start)

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
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

void answerGo(const cc::Engine& engine, const Script& script, int ply,
              const std::vector<std::string_view>& words) {
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
    if (misbehave && script.mode == "garbage") {
        say("\x01\x7f junk ^^^ {{{");
        return say("bestmove ???");
    }
    say("bestmove " + chooseMove(engine, script));
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
    }
    cc::Engine engine;
    int ply = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        const std::vector<std::string_view> words = cc::splitWords(line);
        if (words.empty()) continue;
        const std::string_view command = words[0];
        const std::vector<std::string_view> rest(words.begin() + 1, words.end());
        if (command == "cci") {
            say("id name fake-" + script.mode);
            say("cciok");
        } else if (command == "isready") {
            if (script.mode != "noready") say("readyok");
        } else if (command == "setrules") {
            if (auto error = engine.setRules(rest)) say("error " + *error);
        } else if (command == "position" && !rest.empty()) {
            size_t movesAt = 0;
            while (movesAt < rest.size() && rest[movesAt] != "moves") ++movesAt;
            std::string text;
            for (size_t at = 0; at < movesAt; ++at) text += (at ? " " : "") + std::string(rest[at]);
            std::vector<std::string_view> moves;
            for (size_t at = movesAt + 1; at < rest.size(); ++at) moves.push_back(rest[at]);
            std::optional<std::string_view> base;
            if (text != "startpos") base = text;
            if (auto error = engine.setPosition(base, moves)) say("error " + *error);
            ply = int(moves.size());
        } else if (command == "go") {
            answerGo(engine, script, ply, words);
        } else if (command == "quit") {
            return 0;
        }
    }
    return 0;
}
