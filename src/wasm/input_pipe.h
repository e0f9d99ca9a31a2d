#pragma once
// The engine's stdin in the page: a stream buffer that the page's messages fill (on
// the runtime's main thread) and the protocol's reader empties (on its own thread,
// where it may block, as a native engine blocks reading stdin).

#include <condition_variable>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>

namespace cc::wasm {

class InputPipe : public std::streambuf {
  public:
    // Adds bytes to read; returns at once.
    void write(std::string_view bytes);
    // The end of input: once what was written is read, reads end.
    void close();

  protected:
    int_type underflow() override;

  private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::string pending_;  // written, not yet handed to the reader
    std::string reading_;  // the reader's get area
    bool closed_ = false;
};

}  // namespace cc::wasm
