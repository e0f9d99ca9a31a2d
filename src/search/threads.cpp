#include "search/threads.h"

#include <algorithm>
#include <utility>

#include "util/threading.h"

namespace cc {
namespace {

// Runs `job`; what it threw, or null.
std::exception_ptr runCaught(const std::function<void()>& job) {
    try {
        job();
    } catch (...) {
        return std::current_exception();
    }
    return nullptr;
}

}  // namespace

ParkedThread::~ParkedThread() {
    {
        const std::lock_guard lock(mutex_);
        quit_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void ParkedThread::start(std::function<void()> job) {
    if constexpr (!kHaveThreads) {
        const std::exception_ptr failure = runCaught(job);
        const std::lock_guard lock(mutex_);
        if (failure && !failure_) failure_ = failure;
        return;
    }
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !job_; });
    job_ = std::move(job);
    // Only the owner starts jobs, so no other call starts the thread at the same time.
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    lock.unlock();
    changed_.notify_all();
}

void ParkedThread::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !job_; });
}

void ParkedThread::loop() {
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [&] { return quit_ || job_; });
        if (!job_) return;
        // The job runs unlocked, so wait() and start() callers can queue behind it.
        const std::function<void()> job = job_;
        lock.unlock();
        const std::exception_ptr failure = runCaught(job);
        lock.lock();
        if (failure && !failure_) failure_ = failure;
        job_ = nullptr;
        changed_.notify_all();
    }
}

std::exception_ptr ParkedThread::takeFailure() {
    const std::lock_guard lock(mutex_);
    return std::exchange(failure_, nullptr);
}

void SearchThreads::run(int count, const std::function<void(int index, ThreadMemory& memory)>& work,
                        const std::function<void()>& stopHelpers) {
    count = std::max(1, count);
    helpers_.resize(size_t(count - 1));
    for (auto& helper : helpers_) {
        if (!helper) helper = std::make_unique<ParkedThread>();
    }
    while (memory_.size() < size_t(count)) memory_.push_back(std::make_unique<ThreadMemory>());
    for (int index = 1; index < count; ++index) {
        helpers_[size_t(index - 1)]->start([this, &work, index, &memory = *memory_[size_t(index)]] {
            if (faultHook_) faultHook_(index);
            work(index, memory);
        });
    }
    // The helpers use what the caller's frame owns: every exit waits for them.
    const auto waitForHelpers = [&] {
        std::exception_ptr first;
        for (auto& helper : helpers_) {
            helper->wait();
            std::exception_ptr failure = helper->takeFailure();
            if (failure && !first) first = failure;
        }
        return first;
    };
    try {
        if (faultHook_) faultHook_(0);
        work(0, *memory_[0]);
    } catch (...) {
        // Without the main thread nothing would end the helpers before their limits.
        if (stopHelpers) stopHelpers();
        waitForHelpers();
        throw;
    }
    if (std::exception_ptr failure = waitForHelpers()) std::rethrow_exception(failure);
}

void SearchThreads::clearMemory() {
    for (auto& memory : memory_) memory->history = MoveHistory{};
}

}  // namespace cc
