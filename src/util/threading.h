#pragma once
// Whether this build has threads. The in-page engine's one-thread build (cmake/Wasm.cmake,
// for pages that are not cross-origin isolated, where WebAssembly gets no shared memory)
// has none: a job runs on the caller's thread, and nothing waits for a `stop` or a
// `ponderhit` that no other thread could bring.

namespace cc {

#ifdef CCENGINE_SINGLE_THREAD
inline constexpr bool kHaveThreads = false;
#else
inline constexpr bool kHaveThreads = true;
#endif

}  // namespace cc
