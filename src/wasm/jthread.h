#pragma once
// Included before every file of the wasm build (cmake/Wasm.cmake): emscripten 3.1.6's
// libc++ 14 has no std::jthread. The engine uses only what sets it apart from
// std::thread, joining when destroyed, which this gives; a later libc++ brings its own.

#include <thread>

#if !defined(__cpp_lib_jthread)
namespace std {
class jthread : public thread {
  public:
    using thread::thread;
    jthread(jthread&&) noexcept = default;
    jthread& operator=(jthread&&) noexcept = default;
    ~jthread() {
        if (joinable()) join();
    }
};
}  // namespace std
#endif
