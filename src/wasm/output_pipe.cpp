#include "wasm/output_pipe.h"

#include <emscripten/threading.h>

#include <utility>

extern "C" {
// src/wasm/page_calls.js
void ccengineLine(const char* text);
void ccengineClosed();
}

namespace cc::wasm {

void OutputPipe::close() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    if (std::exchange(wakeQueued_, true)) return;
    emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_VI, &OutputPipe::deliver, this);
}

OutputPipe::int_type OutputPipe::overflow(int_type c) {
    if (!traits_type::eq_int_type(c, traits_type::eof())) add(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
}

std::streamsize OutputPipe::xsputn(const char* text, std::streamsize count) {
    for (std::streamsize index = 0; index < count; ++index) add(text[index]);
    return count;
}

void OutputPipe::add(char c) {
    if (c != '\n') {
        partial_ += c;
        return;
    }
    queue(std::exchange(partial_, {}));
}

void OutputPipe::queue(std::string line) {
    const std::lock_guard lock(mutex_);
    lines_.push_back(std::move(line));
    if (std::exchange(wakeQueued_, true)) return;
    emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_VI, &OutputPipe::deliver, this);
}

void OutputPipe::deliver(OutputPipe* pipe) {
    std::deque<std::string> lines;
    bool closed = false;
    {
        const std::lock_guard lock(pipe->mutex_);
        lines.swap(pipe->lines_);
        closed = pipe->closed_;
        pipe->wakeQueued_ = false;
    }
    for (const std::string& line : lines) ccengineLine(line.c_str());
    if (closed) ccengineClosed();
}

}  // namespace cc::wasm
