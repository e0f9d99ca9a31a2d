#include "search/alphabeta/thread_vote.h"

#include <algorithm>
#include <cstdint>

#include "search/score.h"

namespace cc {

size_t chooseAnswer(const std::vector<ThreadAnswer>& answers) {
    constexpr int64_t kVoteFloor = 20;
    const int mainDepth = answers.front().depth;
    std::vector<size_t> voters;
    for (size_t index = 0; index < answers.size(); ++index) {
        const ThreadAnswer& answer = answers[index];
        if (answer.depth > 0 && answer.score != -kInfinity && (answer.depth - mainDepth) % 2 == 0)
            voters.push_back(index);
    }
    size_t chosen = 0;
    if (voters.size() < 2) return chosen;
    int lowest = kInfinity;
    for (const size_t voter : voters) lowest = std::min(lowest, answers[voter].score);
    const auto votesFor = [&](Move move) {
        int64_t votes = 0;
        for (const size_t voter : voters) {
            if (answers[voter].move == move)
                votes += (answers[voter].score - lowest + kVoteFloor) * answers[voter].depth;
        }
        return votes;
    };
    for (const size_t voter : voters) {
        const int score = answers[voter].score;
        const int chosenScore = answers[chosen].score;
        const bool provenWin = score >= kMateBound && score > chosenScore;
        if (provenWin || (chosenScore < kMateBound &&
                          votesFor(answers[voter].move) > votesFor(answers[chosen].move))) {
            chosen = voter;
        }
    }
    return chosen;
}

}  // namespace cc
