#include "game_state.h"

#include "core/movegen.h"

namespace cc::python {

GameState::GameState(std::shared_ptr<const Layout> layout, const Position& start)
    : layout_(std::move(layout)),
      start_(start),
      game_(layout_, start),
      legal_(std::make_unique<MoveList>()) {}

GameState::GameState(const GameState& other)
    : layout_(other.layout_),
      start_(other.start_),
      history_(other.history_),
      game_(other.game_),
      legal_(std::make_unique<MoveList>()) {}

const MoveList& GameState::legal() const {
    if (!legalKnown_) {
        generateLegal(position(), *legal_);
        legalKnown_ = true;
    }
    return *legal_;
}

void GameState::play(Move move) {
    game_.play(move);
    history_.push_back(move);
    legalKnown_ = false;
}

bool GameState::undo() {
    if (history_.empty()) return false;
    history_.pop_back();
    Game replayed(layout_, start_);
    for (const Move move : history_) replayed.play(move);
    game_ = std::move(replayed);
    legalKnown_ = false;
    return true;
}

std::vector<std::string> GameState::historyTexts() const {
    std::vector<std::string> texts;
    texts.reserve(history_.size());
    Game replayed(layout_, start_);
    for (const Move move : history_) {
        texts.push_back(formatMove(replayed.position(), move, HoleNotation::Name));
        replayed.play(move);
    }
    return texts;
}

}  // namespace cc::python
