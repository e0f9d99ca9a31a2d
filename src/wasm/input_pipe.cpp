#include "wasm/input_pipe.h"

namespace cc::wasm {

void InputPipe::write(std::string_view bytes) {
    {
        const std::lock_guard lock(mutex_);
        pending_.append(bytes);
    }
    arrived_.notify_one();
}

void InputPipe::close() {
    {
        const std::lock_guard lock(mutex_);
        closed_ = true;
    }
    arrived_.notify_one();
}

InputPipe::int_type InputPipe::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::unique_lock lock(mutex_);
    arrived_.wait(lock, [&] { return !pending_.empty() || closed_; });
    if (pending_.empty()) return traits_type::eof();
    reading_.swap(pending_);
    pending_.clear();
    setg(reading_.data(), reading_.data(), reading_.data() + reading_.size());
    return traits_type::to_int_type(*gptr());
}

}  // namespace cc::wasm
