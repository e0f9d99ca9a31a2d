// A scripted CCP engine (protocol-spec/ccp.md) for ccmatch's tests: it plays a random
// legal move as a whole path of cell ids until ply `--at` of the game (CCP's ply), where
// it misbehaves as `--mode` says:
//   good       never misbehaves        unknown    answers cells that are no cells
//   ambiguous  answers only the endpoints of a move that more than one hop chain makes
//              (from ply --at on, at the first ply where it has such a move)
//   hang       never answers go        crash      kills itself
// `--log FILE` appends every line it reads to FILE.

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "core/ccp_cells.h"
#include "core/geometry.h"
#include "engine/engine.h"
#include "match/engines/ccp_client.h"
#include "util/text.h"

namespace {

struct Script {
    std::string mode = "good";
    int at = 0;
    std::string log;
};

void say(const std::string& line) {
    std::cout << line << std::endl;
}

// ccengine's move text (hole names) as CCP's path of cell ids; `first-last` when
// `endpointsOnly`.
std::string cellPath(std::string_view text, bool endpointsOnly) {
    std::vector<std::string> cells;
    for (std::string_view name : cc::split(text, '-')) {
        const std::optional<cc::Hole> hole = cc::Geometry::get().parseHole(name);
        cells.push_back(hole ? std::to_string(cc::ccpCellOfHole(*hole)) : "?");
    }
    if (endpointsOnly && cells.size() > 2) cells = {cells.front(), cells.back()};
    return cc::join(cells, "-");
}

// A legal move's endpoints that ccmatch refuses as ambiguous, if the position has one.
std::optional<std::string> ambiguousMove(const cc::Engine& engine) {
    for (const std::string& move : engine.legalMoveTexts(std::nullopt, cc::HoleNotation::Name)) {
        const std::string endpoints = cellPath(move, true);
        if (!cc::match::parseCcpMove(engine.position(), endpoints)) return endpoints;
    }
    return std::nullopt;
}

void answerGo(const cc::Engine& engine, const Script& script, int ply) {
    const std::vector<std::string> legal =
        engine.legalMoveTexts(std::nullopt, cc::HoleNotation::Name);
    const bool misbehave = ply >= script.at;
    if (misbehave && script.mode == "hang") return;
    if (misbehave && script.mode == "crash") ::kill(::getpid(), SIGKILL);
    if (misbehave && script.mode == "unknown") return say("bestmove 121-130");
    if (misbehave && script.mode == "ambiguous") {
        if (const std::optional<std::string> move = ambiguousMove(engine)) {
            return say("bestmove " + *move);
        }
    }
    if (legal.empty()) return say("bestmove 0000");
    const uint64_t pick = engine.position().key() % legal.size();
    say("bestmove " + cellPath(legal[pick], false));
}

}  // namespace

int main(int argc, char** argv) {
    Script script;
    for (int index = 1; index + 1 < argc; index += 2) {
        const std::string key = argv[index];
        const std::string value = argv[index + 1];
        if (key == "--mode") script.mode = value;
        if (key == "--at") script.at = cc::parseInt(value).value_or(0);
        if (key == "--log") script.log = value;
    }
    cc::Engine engine;
    const std::vector<std::string_view> profile = {"preset=ccerl"};
    if (const cc::Expected<void> done = engine.setRules(profile); !done)
        say("error " + done.error());
    std::ofstream log;
    if (!script.log.empty()) log.open(script.log, std::ios::app);
    int ply = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << std::endl;
        const std::vector<std::string_view> words = cc::splitWords(line);
        if (words.empty()) continue;
        const std::string_view command = words[0];
        if (command == "ccp") {
            say("id name fake-ccp-" + script.mode);
            say("ccpok");
        } else if (command == "isready") {
            say("readyok");
        } else if (command == "position" && words.size() == 7 && words[1] == "cells") {
            const int player = cc::parseInt(words[4]).value_or(0);
            ply = cc::parseInt(words[6]).value_or(0);
            const cc::Expected<std::string> text = cc::ccpPositionText(words[2], player, ply);
            const cc::Expected<void> done =
                text ? engine.setPosition(std::string_view(*text), {}) : cc::Error{text.error()};
            if (!done) say("error " + done.error());
        } else if (command == "go") {
            answerGo(engine, script, ply);
        } else if (command == "quit") {
            return 0;
        }
    }
    return 0;
}
