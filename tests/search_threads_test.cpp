// The threads the engine keeps (protocol-spec/play.md, Threads): helpers
// that outlive a search, each with move-ordering memory of its own that the next search
// finds again and a new game forgets; searches on any number of threads, changed between
// searches, that answer with a legal move.

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "engine/engine.h"
#include "rules_test_util.h"
#include "search/alphabeta/busy_children.h"
#include "search/search.h"
#include "search/solo/solo.h"
#include "search/threads.h"
#include "tools/bench.h"
#include "util/text.h"

namespace cc {
namespace {

using rulestest::startGame;

bool remembersAnything(const ThreadMemory& memory) {
    for (const auto& player : memory.history)
        for (const auto& from : player)
            if (std::any_of(from.begin(), from.end(), [](int16_t value) { return value != 0; }))
                return true;
    return false;
}

// Each call of run(count, work) calls work once per index, index 0 on the caller.
std::vector<std::thread::id> threadsOf(SearchThreads& threads, int count) {
    std::vector<std::thread::id> ids(static_cast<size_t>(count));
    std::mutex mutex;
    threads.run(count, [&](int index, ThreadMemory&) {
        const std::lock_guard lock(mutex);
        EXPECT_EQ(ids[size_t(index)], std::thread::id()) << "index " << index << " twice";
        ids[size_t(index)] = std::this_thread::get_id();
    });
    return ids;
}

TEST(SearchThreads, HelpersOutliveARunAndFollowTheCount) {
    SearchThreads threads;
    const std::vector<std::thread::id> first = threadsOf(threads, 3);
    EXPECT_EQ(first[0], std::this_thread::get_id());
    EXPECT_EQ(std::set<std::thread::id>(first.begin(), first.end()).size(), 3U);
    // The same helpers again, not new threads.
    EXPECT_EQ(threadsOf(threads, 3), first);
    EXPECT_EQ(threadsOf(threads, 1), std::vector<std::thread::id>{first[0]});
    const std::vector<std::thread::id> grown = threadsOf(threads, 4);
    EXPECT_EQ(std::set<std::thread::id>(grown.begin(), grown.end()).size(), 4U);
    EXPECT_EQ(threadsOf(threads, 2).size(), 2U);
}

TEST(SearchThreads, HelpersRunAtTheSameTime) {
    // Every call waits for all the others: it would hang if the helpers ran in turn.
    SearchThreads threads;
    std::mutex mutex;
    std::condition_variable arrived;
    int waiting = 0;
    threads.run(4, [&](int, ThreadMemory&) {
        std::unique_lock lock(mutex);
        ++waiting;
        arrived.notify_all();
        EXPECT_TRUE(arrived.wait_for(lock, std::chrono::seconds(10), [&] { return waiting == 4; }));
    });
}

TEST(SearchThreads, EachIndexKeepsItsMemoryUntilCleared) {
    SearchThreads threads;
    threads.run(
        3, [](int index, ThreadMemory& memory) { memory.history[0][1][2] = int16_t(index + 1); });
    threads.run(
        3, [](int index, ThreadMemory& memory) { EXPECT_EQ(memory.history[0][1][2], index + 1); });
    threads.clearMemory();
    threads.run(3, [](int, ThreadMemory& memory) { EXPECT_FALSE(remembersAnything(memory)); });
}

// The threads of this process, from /proc (Linux).
size_t threadsRunning() {
    size_t count = 0;
    for ([[maybe_unused]] const auto& task : std::filesystem::directory_iterator("/proc/self/task"))
        ++count;
    return count;
}

// A parked thread starts with its first job: one that is never given a job (an engine
// asked only `legal`, a fuzzer's input) costs no thread.
TEST(ParkedThread, StartsWithItsFirstJob) {
    // ThreadSanitizer's runtime starts a thread of its own at the process's first thread
    // creation: a thread made and joined first puts it in the count before the test's.
    std::thread([] {}).join();
    size_t before = threadsRunning();
    for (int tries = 0; tries < 100; ++tries) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        const size_t now = threadsRunning();
        if (now == before) break;
        before = now;
    }
    auto thread = std::make_unique<ParkedThread>();
    thread->wait();
    EXPECT_EQ(threadsRunning(), before);
    std::atomic<bool> ran = false;
    thread->start([&] { ran = true; });
    thread->wait();
    EXPECT_TRUE(ran);
    EXPECT_EQ(threadsRunning(), before + 1);
    thread.reset();
    // A joined thread may stay listed for a moment while the kernel lets it go.
    for (int tries = 0; tries < 100 && threadsRunning() != before; ++tries)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(threadsRunning(), before);
}

TEST(ParkedThread, RunsJobsInTurnAndWaits) {
    ParkedThread thread;
    std::vector<int> order;
    std::mutex mutex;
    for (int job = 0; job < 5; ++job) {
        thread.start([&, job] {
            std::this_thread::sleep_for(std::chrono::milliseconds(job == 0 ? 20 : 0));
            const std::lock_guard lock(mutex);
            order.push_back(job);
        });
    }
    thread.wait();
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

// A child is busy while a mark lives; a key that shares the slot takes it over, and the
// end of the older mark does not free the newer one.
TEST(BusyChildren, MarksLastAsLongAsTheSearchOfTheChild) {
    BusyChildren busy;
    constexpr uint64_t kChild = 0x1234'5678'9abc'0001ULL;
    constexpr uint64_t kSameSlot = kChild + (uint64_t{1} << 40);
    EXPECT_FALSE(busy.has(kChild));
    {
        const BusyMark first(&busy, kChild);
        EXPECT_TRUE(busy.has(kChild));
        EXPECT_FALSE(busy.has(kSameSlot));
        {
            const BusyMark second(&busy, kSameSlot);
            EXPECT_TRUE(busy.has(kSameSlot));
            EXPECT_FALSE(busy.has(kChild));
        }
        EXPECT_FALSE(busy.has(kSameSlot));
    }
    EXPECT_FALSE(busy.has(kChild));
    {
        const BusyMark outer(&busy, kChild);
        const BusyMark inner(&busy, kSameSlot);
    }
    EXPECT_FALSE(busy.has(kSameSlot));
    const BusyMark none(nullptr, kChild);  // one thread: nothing is marked
    EXPECT_FALSE(busy.has(kChild));
}

// A search leaves what it learnt in the thread's memory for the next one. (One thread:
// a helper may be stopped before it searched anything, if the main thread ends first.)
TEST(SearchThreads, ASearchLeavesItsMemory) {
    const Game game = startGame("players=2");
    SearchLimits limits;
    limits.depth = 5;
    const SearchOptions options;
    TranspositionTable table(1);
    const std::atomic<bool> stop = false;
    SoloPlan plan;
    SearchThreads threads;
    const SearchContext context{game, limits, options, table, stop, {}, plan, threads};
    ASSERT_TRUE(think(context).best.has_value());
    threads.run(1, [](int, ThreadMemory& memory) { EXPECT_TRUE(remembersAnything(memory)); });
}

// bench starts every position with fresh memory, so its count is a signature even on an
// engine whose threads have searched before.
TEST(SearchThreads, BenchForgetsWhatTheThreadsLearnt) {
    const std::atomic<bool> stop = false;
    SearchThreads fresh;
    const BenchTotals expected = runBench(3, 1, fresh, stop, {});
    SearchThreads used;
    used.run(1, [](int, ThreadMemory& memory) {
        for (auto& player : memory.history)
            for (size_t from = 0; from < player.size(); ++from)
                for (size_t to = 0; to < player[from].size(); ++to)
                    player[from][to] = int16_t((from * 7919 + to * 104729) % 8000) - 4000;
    });
    EXPECT_EQ(runBench(3, 1, used, stop, {}).nodes, expected.nodes);
}

void setThreads(Engine& engine, int threads) {
    EngineOptions options = engine.options();
    options.search.threads = threads;
    engine.setOptions(options);
}

std::string bestmoveOf(Engine& engine, int depth) {
    SearchLimits limits;
    limits.depth = depth;
    std::string answer;
    GoListener listener;
    listener.onBestMove = [&](std::string_view move, std::string_view) { answer = move; };
    engine.go(limits, listener);
    engine.wait();
    return answer;
}

// Every method on a changing number of threads: one legal answer each time.
TEST(SearchThreads, EveryThreadCountAnswersWithALegalMove) {
    for (const char* rules : {"players=2", "players=3", "players=6", "preset=super players=2"}) {
        Engine engine;
        ASSERT_TRUE(engine.setRules(splitWords(rules)).ok());
        std::vector<std::string> played;
        for (const int threads : {2, 1, 4, 3, 1, 2}) {
            setThreads(engine, threads);
            const std::string move = bestmoveOf(engine, 3);
            const std::vector<std::string> legal =
                engine.legalMoveTexts(std::nullopt, HoleNotation::Name);
            EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end())
                << rules << " Threads " << threads << ": " << move;
            played.push_back(move);
            ASSERT_TRUE(engine
                            .setPosition(std::nullopt, std::vector<std::string_view>(played.begin(),
                                                                                     played.end()))
                            .ok());
        }
    }
}

}  // namespace
}  // namespace cc
