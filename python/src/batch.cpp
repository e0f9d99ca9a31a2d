// Many games stepped in one call, for training loops: each game's moves chosen by the
// caller as action numbers (seat_frame.h) or at random here, finished games started
// again at once, rewards by places at each game's end. The loops run with the GIL
// released, on numpy buffers made before, and under the batch's own mutex (taken only
// once the GIL is released, so that two threads never wait for each other's lock),
// so two Python threads sharing a batch take turns.

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <mutex>
#include <vector>

#include "bindings.h"
#include "core/movegen.h"
#include "game_state.h"
#include "seat_frame.h"
#include "util/random.h"

namespace py = pybind11;

namespace cc::python {
namespace {

class Batch {
  public:
    Batch(const RulesHandle& rules, int count, uint64_t seed)
        : layout_(rules.layout), random_(seed) {
        if (count < 1 || count > 1'000'000)
            throw std::invalid_argument(fmt::format("games {}: expected 1..1000000", count));
        games_.reserve(size_t(count));
        for (int index = 0; index < count; ++index)
            games_.emplace_back(layout_, Position::start(*layout_));
    }

    [[nodiscard]] int size() const { return int(games_.size()); }
    [[nodiscard]] int players() const { return layout_->players(); }

    // A legal action of each game, uniformly at random among its moves.
    py::array_t<int64_t> sample() {
        py::array_t<int64_t> actions(size());
        int64_t* out = actions.mutable_data();
        {  // the array is handed back with the GIL held again
            const py::gil_scoped_release released;
            const std::scoped_lock lock(mutex_);
            for (size_t index = 0; index < games_.size(); ++index) {
                const GameState& game = games_[index];
                const MoveList& legal = game.legal();
                const Move move = legal[int(random_.below(uint64_t(legal.size())))];
                out[index] = actionOf(game.position(), move);
            }
        }
        return actions;
    }

    // Plays one action in every game; checks them all first, so a wrong one changes
    // nothing. Returns the rewards (games x players), terminated and truncated (the
    // move limit) of the games that ended; those start again from the start.
    py::tuple step(const py::array_t<int64_t, py::array::c_style | py::array::forcecast>& actions) {
        if (actions.ndim() != 1 || actions.shape(0) != size())
            throw std::invalid_argument(
                fmt::format("actions: expected {} of them, one per game", size()));
        const int64_t* chosen = actions.data();
        py::array_t<float> rewards({size(), players()});
        py::array_t<bool> terminated(size());
        py::array_t<bool> truncated(size());
        float* reward = rewards.mutable_data();
        bool* ended = terminated.mutable_data();
        bool* cut = truncated.mutable_data();
        {  // the tuple below is made with the GIL held again
            const py::gil_scoped_release released;
            const std::scoped_lock lock(mutex_);
            std::vector<Move> moves(games_.size());
            for (size_t index = 0; index < games_.size(); ++index) {
                const GameState& game = games_[index];
                const std::optional<Move> move =
                    moveOfAction(game.position(), game.legal(), chosen[index]);
                if (!move)
                    throw MoveFailure(fmt::format("game {}: action {} names no legal move", index,
                                                  chosen[index]));
                moves[index] = *move;
            }
            for (size_t index = 0; index < games_.size(); ++index) {
                GameState& game = games_[index];
                game.play(moves[index]);
                const Position& now = game.position();
                const std::span<float> row(reward + index * size_t(players()), size_t(players()));
                writePlaceRewards(now, row);
                cut[index] = now.status() == GameStatus::MoveLimit;
                ended[index] = now.over() && !cut[index];
                if (now.over()) {
                    ++finished_;
                    game = GameState(layout_, Position::start(*layout_));
                }
            }
        }
        return py::make_tuple(rewards, terminated, truncated);
    }

    // The planes of every game from its mover's seat: games x planes x 17 x 17.
    py::array_t<float> observe() const {
        py::array_t<float> planes({size(), kPlaneCount, kGridSide, kGridSide});
        float* out = planes.mutable_data();
        {
            const py::gil_scoped_release released;
            const std::scoped_lock lock(mutex_);
            for (size_t index = 0; index < games_.size(); ++index)
                writeObservation(
                    games_[index].position(), games_[index].position().mover(),
                    std::span<float>(out + index * kObservationSize, kObservationSize));
        }
        return planes;
    }

    // Every game's legal actions: games x ACTION_COUNT, 1 where legal.
    py::array_t<int8_t> actionMasks() const {
        py::array_t<int8_t> masks({size(), kActionCount});
        int8_t* out = masks.mutable_data();
        {
            const py::gil_scoped_release released;
            const std::scoped_lock lock(mutex_);
            for (size_t index = 0; index < games_.size(); ++index)
                writeActionMask(
                    games_[index].position(), games_[index].legal(),
                    std::span<int8_t>(out + index * size_t(kActionCount), kActionCount));
        }
        return masks;
    }

    [[nodiscard]] std::vector<int> movers() const {
        const py::gil_scoped_release released;
        const std::scoped_lock lock(mutex_);
        std::vector<int> movers;
        movers.reserve(games_.size());
        for (const GameState& game : games_) movers.push_back(game.position().mover() + 1);
        return movers;
    }

    [[nodiscard]] GameState game(int index) const {
        if (index < 0 || index >= size())
            throw std::out_of_range(fmt::format("game {}: expected 0..{}", index, size() - 1));
        const py::gil_scoped_release released;
        const std::scoped_lock lock(mutex_);
        return games_[size_t(index)];
    }

    [[nodiscard]] uint64_t finished() const { return finished_.load(); }

  private:
    std::shared_ptr<const Layout> layout_;
    std::vector<GameState> games_;
    Random random_;
    std::atomic<uint64_t> finished_ = 0;
    mutable std::mutex mutex_;
};

}  // namespace

void bindBatch(py::module_& module) {
    py::class_<Batch>(module, "Batch", "Many games of one rule set, stepped together")
        .def(py::init<const RulesHandle&, int, uint64_t>(), py::arg("rules"), py::arg("games"),
             py::arg("seed") = 0)
        .def("__len__", &Batch::size)
        .def_property_readonly("players", &Batch::players)
        .def("sample", &Batch::sample, "A random legal action for each game.")
        .def("step", &Batch::step, py::arg("actions"),
             "Plays an action in each game: (rewards, terminated, truncated); ended games restart.")
        .def("observe", &Batch::observe, "Each game's planes from its mover's seat.")
        .def("action_masks", &Batch::actionMasks, "Each game's legal actions.")
        .def_property_readonly("movers", &Batch::movers, "Each game's player to move, from 1.")
        .def("position", &Batch::game, py::arg("index"), "A copy of one game's position.")
        .def_property_readonly("finished", &Batch::finished,
                               "Games ended since the batch was made.");
}

}  // namespace cc::python
