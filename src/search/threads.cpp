#include "search/threads.h"

#include <algorithm>

namespace cc {

ParkedThread::ParkedThread() : thread_([this] { loop(); }) {}

ParkedThread::~ParkedThread() {
    {
        const std::lock_guard lock(mutex_);
        quit_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void ParkedThread::start(std::function<void()> job) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !job_; });
    job_ = std::move(job);
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
        job();
        lock.lock();
        job_ = nullptr;
        changed_.notify_all();
    }
}

void SearchThreads::run(int count,
                        const std::function<void(int index, ThreadMemory& memory)>& work) {
    count = std::max(1, count);
    helpers_.resize(size_t(count - 1));
    for (auto& helper : helpers_) {
        if (!helper) helper = std::make_unique<ParkedThread>();
    }
    while (memory_.size() < size_t(count)) memory_.push_back(std::make_unique<ThreadMemory>());
    for (int index = 1; index < count; ++index) {
        helpers_[size_t(index - 1)]->start(
            [&work, index, &memory = *memory_[size_t(index)]] { work(index, memory); });
    }
    const auto waitForHelpers = [&] {
        for (auto& helper : helpers_) helper->wait();
    };
    try {
        work(0, *memory_[0]);
    } catch (...) {
        waitForHelpers();  // they use what the caller's frame owns
        throw;
    }
    waitForHelpers();
}

void SearchThreads::clearMemory() {
    for (auto& memory : memory_) *memory = ThreadMemory{};
}

}  // namespace cc
