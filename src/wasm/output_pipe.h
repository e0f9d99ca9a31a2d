#pragma once
// The engine's stdout in the page: complete lines, from whichever thread wrote them,
// kept in the order written and handed to the page on the runtime's main thread (the
// only thread that can post them to the page), through `ccengineLine` and, at the end
// of the session, `ccengineClosed` (src/wasm/page_calls.js).

#include <deque>
#include <mutex>
#include <streambuf>
#include <string>

namespace cc::wasm {

class OutputPipe : public std::streambuf {
  public:
    // The session is over: after its last line the page hears so.
    void close();

  protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* text, std::streamsize count) override;

  private:
    void add(char c);
    // Queues `line` and, if the main thread has nothing to deliver yet, wakes it.
    void queue(std::string line);
    // On the main thread: gives the page every queued line.
    static void deliver(OutputPipe* pipe);

    std::string partial_;  // the line being written (writers hold Output's lock)
    std::mutex mutex_;
    std::deque<std::string> lines_;
    bool closed_ = false;
    bool wakeQueued_ = false;
};

}  // namespace cc::wasm
