#pragma once
// Threads that live as long as the engine (protocol-spec/play.md, Threads).
// The engine's jobs run one at a time on a parked thread, and a search with Threads N
// takes N-1 parked helpers. Threads started anew at every `go` would cost little time,
// but each search would start with empty move-ordering tables: kept threads keep them,
// so the search of the next move of a game begins with what this one learnt.

#include <array>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/bitboard.h"
#include "core/rules.h"
#include "search/scored_move.h"

namespace cc {

// A thread that waits for a job, runs it, and waits again until it is destroyed. The
// thread starts with the first job, so an owner that never gives one (an engine asked
// only `legal` or `d`) starts none.
class ParkedThread {
  public:
    ParkedThread() = default;
    ~ParkedThread();  // lets a running job finish, then ends the thread
    ParkedThread(const ParkedThread&) = delete;
    ParkedThread& operator=(const ParkedThread&) = delete;

    // Runs `job` on this thread once the job before it has returned.
    void start(std::function<void()> job);
    // Returns once no job runs or waits.
    void wait();
    // What the first job that threw since the last call threw (null if none): a job's
    // exception must not end the process, so the thread keeps it for its owner.
    std::exception_ptr takeFailure();

  private:
    void loop();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::function<void()> job_;  // set while a job waits or runs
    std::exception_ptr failure_;
    bool quit_ = false;
    std::thread thread_;  // not joinable until the first job
};

// Per player, from, to: how often the move refuted a position, decayed (a cutoff's
// bonus pulls the entry towards a bound, so old knowledge fades without a reset).
using MoveHistory =
    std::array<std::array<std::array<int16_t, kHoleCount>, kHoleCount>, kMaxPlayers>;

// Per ply, the moves an alpha-beta node searches (its own and those put off as busy
// elsewhere; alphabeta_worker.h sizes them): refilled at every node, kept only for their
// memory, so that a search does not take a list per ply anew.
struct PlyMoveLists {
    std::vector<std::vector<ScoredMove>> moves;
    std::vector<std::vector<ScoredMove>> putOff;
};

// What one search thread keeps from one search to the next of the same game.
struct ThreadMemory {
    MoveHistory history{};
    PlyMoveLists lists;  // memory only: clearMemory leaves it
};

// Called by every search thread before its work, with its index: the point where a
// test makes a thread throw (tests/engine_faults_test.cpp). Unset in the engine.
using FaultHook = std::function<void(int index)>;

class SearchThreads {
  public:
    // Calls work(index, memory) for index 0..count-1 at once: index 0 on the calling
    // thread, the others on helpers kept for the next call, each with its own memory.
    // Returns when every call has returned. Calls must not overlap. When index 0
    // throws, `stopHelpers` is called before the helpers are waited for, and the
    // exception is thrown on; when a helper throws, the first such exception is thrown
    // once every call has returned.
    void run(int count, const std::function<void(int index, ThreadMemory& memory)>& work,
             const std::function<void()>& stopHelpers = {});
    // Forgets what the threads learnt: a new game, `Clear Hash`, or a reproducible
    // `bench`. Only between calls of run.
    void clearMemory();
    void setFaultHook(FaultHook hook) { faultHook_ = std::move(hook); }

  private:
    FaultHook faultHook_;
    std::vector<std::unique_ptr<ParkedThread>> helpers_;
    std::vector<std::unique_ptr<ThreadMemory>> memory_;
};

}  // namespace cc
