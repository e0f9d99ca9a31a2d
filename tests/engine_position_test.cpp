// `position` that repeats the last one with moves added plays only the added moves
// (a GUI or a match manager sends the whole game before every move): what it leaves
// must be what the whole list from the start gives, the history for repetition
// included, and a refused extension keeps the position held before it.

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"

namespace {

std::vector<std::string_view> views(const std::vector<std::string>& moves, size_t count) {
    return {moves.begin(), moves.begin() + std::ptrdiff_t(count)};
}

// What a fresh engine holds after the whole list at once.
struct Held {
    std::string position;
    std::vector<std::string> legal;

    bool operator==(const Held&) const = default;
};

Held heldBy(const cc::Engine& engine) {
    return {engine.positionText(), engine.legalMoveTexts(std::nullopt, cc::HoleNotation::Name)};
}

Held freshAfter(const std::vector<std::string>& rules, const std::vector<std::string>& moves,
                size_t count) {
    cc::Engine fresh;
    EXPECT_TRUE(bool(fresh.setRules({rules.begin(), rules.end()})));
    EXPECT_TRUE(bool(fresh.setPosition(std::nullopt, views(moves, count))));
    return heldBy(fresh);
}

// Random legal moves from the start until the game ends or `plies` are played.
std::vector<std::string> randomGame(const std::vector<std::string>& rules, size_t plies,
                                    unsigned seed) {
    cc::Engine engine;
    EXPECT_TRUE(bool(engine.setRules({rules.begin(), rules.end()})));
    std::mt19937 random(seed);
    std::vector<std::string> moves;
    while (moves.size() < plies) {
        const std::vector<std::string> legal =
            engine.legalMoveTexts(std::nullopt, cc::HoleNotation::Name);
        if (legal.empty() || engine.position().over()) break;
        moves.push_back(legal[random() % legal.size()]);
        EXPECT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, moves.size()))));
    }
    return moves;
}

TEST(EnginePosition, AnExtendedPositionIsTheWholeListsPosition) {
    for (const std::vector<std::string>& rules :
         {std::vector<std::string>{"players=2"}, {"players=6"}, {"players=3", "preset=super"}}) {
        const std::vector<std::string> moves = randomGame(rules, 120, 7);
        ASSERT_GE(moves.size(), 60U);
        cc::Engine engine;
        ASSERT_TRUE(bool(engine.setRules({rules.begin(), rules.end()})));
        for (size_t count = 0; count <= moves.size(); count += 1 + count % 3) {
            ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, count))));
            ASSERT_EQ(heldBy(engine), freshAfter(rules, moves, count))
                << rules[0] << ", " << count << " moves";
        }
    }
}

TEST(EnginePosition, RepetitionCountsTheMovesOfEveryEarlierPosition) {
    // Two pieces stepping out and back: the start position comes back after every four
    // plies, and with repetition=3 its third occurrence draws. Sent one move more each
    // time, the engine must count the occurrences the earlier commands played.
    const std::vector<std::string> rules = {"players=2", "repetition=3"};
    cc::Engine probe;
    ASSERT_TRUE(bool(probe.setRules({rules.begin(), rules.end()})));
    std::vector<std::string> shuffle;
    for (const std::string& text : probe.legalMoveTexts(std::nullopt, cc::HoleNotation::Name)) {
        const size_t dash = text.find('-');
        const std::string back = text.substr(dash + 1) + "-" + text.substr(0, dash);
        if (text.find('-', dash + 1) != std::string::npos) continue;  // a step, not a hop
        ASSERT_TRUE(bool(probe.setPosition(std::nullopt, {text})));
        const std::vector<std::string> replies =
            probe.legalMoveTexts(std::nullopt, cc::HoleNotation::Name);
        const std::string& reply = replies.front();
        const size_t replyDash = reply.find('-');
        const std::string replyBack =
            reply.substr(replyDash + 1) + "-" + reply.substr(0, replyDash);
        shuffle = {text, reply, back, replyBack};
        break;
    }
    ASSERT_EQ(shuffle.size(), 4U);
    std::vector<std::string> moves;
    for (int round = 0; round < 2; ++round)
        moves.insert(moves.end(), shuffle.begin(), shuffle.end());
    cc::Engine engine;
    ASSERT_TRUE(bool(engine.setRules({rules.begin(), rules.end()})));
    for (size_t count = 0; count <= moves.size(); ++count) {
        ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, count)))) << count;
        EXPECT_EQ(heldBy(engine), freshAfter(rules, moves, count)) << count << " moves";
    }
    EXPECT_TRUE(engine.position().over()) << engine.positionText();
}

TEST(EnginePosition, ARefusedExtensionKeepsThePositionBefore) {
    const std::vector<std::string> rules = {"players=2"};
    const std::vector<std::string> moves = randomGame(rules, 20, 3);
    cc::Engine engine;
    ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, 10))));
    const Held before = heldBy(engine);
    std::vector<std::string> bad(moves.begin(), moves.begin() + 12);
    bad.back() = "a1-a2";
    EXPECT_FALSE(bool(engine.setPosition(std::nullopt, views(bad, bad.size()))));
    EXPECT_EQ(heldBy(engine), before);
    // And the next extension of the held position still extends it correctly.
    ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, 15))));
    EXPECT_EQ(heldBy(engine), freshAfter(rules, moves, 15));
}

TEST(EnginePosition, ADifferentStartOrAnEarlierMoveChangedIsNotAnExtension) {
    const std::vector<std::string> rules = {"players=2"};
    const std::vector<std::string> moves = randomGame(rules, 30, 5);
    const std::vector<std::string> other = randomGame(rules, 30, 6);
    cc::Engine engine;
    ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(moves, 20))));
    ASSERT_TRUE(bool(engine.setPosition(std::nullopt, views(other, 25))));
    EXPECT_EQ(heldBy(engine), freshAfter(rules, other, 25));
    // The same moves from a position text: a different start.
    cc::Engine fromText;
    const std::string start = fromText.positionText();
    ASSERT_TRUE(bool(fromText.setPosition(std::nullopt, views(moves, 4))));
    ASSERT_TRUE(bool(fromText.setPosition(start, views(moves, 6))));
    EXPECT_EQ(heldBy(fromText), freshAfter(rules, moves, 6));
}

}  // namespace
