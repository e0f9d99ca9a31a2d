// The in-page engine without threads: cmake/Wasm.cmake's one-thread build, for a page
// that is not cross-origin isolated, where WebAssembly gets no shared memory and so no
// threads (protocol-spec/gui.md, The in-page engine). The session runs on the page's
// worker itself and handles each line as it comes; a search runs to its end before the
// next line is read, so every search is bounded as a server bounds it (serve_limits.h):
// one thread, and an end within kThinkMs. The same three calls as session.cpp's, so the
// page's worker drives either build alike.

#include <emscripten/emscripten.h>
#include <fmt/format.h>

#include <cstdint>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>

#include "engine/engine.h"
#include "protocol/line_reader.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "protocol/serve_limits.h"

extern "C" {
// src/wasm/page_calls.js
void ccengineLine(const char* text);
void ccengineClosed();
}

namespace {

// Long enough for a deep search in the page, short enough that a `go infinite` (which no
// `stop` can reach while it runs) gives the page its worker back.
constexpr int64_t kThinkMs = 10000;

// The engine's stdout: each complete line to the page at once, on the only thread.
class LineOutput : public std::streambuf {
  protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        if (traits_type::to_char_type(c) == '\n') {
            ccengineLine(std::exchange(partial_, {}).c_str());
        } else {
            partial_ += traits_type::to_char_type(c);
        }
        return c;
    }

  private:
    std::string partial_;
};

struct Session {
    LineOutput lineOutput;
    std::ostream stdoutStream{&lineOutput};
    cc::Engine engine;
    cc::Output output{stdoutStream};
    cc::Protocol protocol{engine, output, cc::ServeLimits{.threads = 1, .thinkMs = kThinkMs}};
    std::string unfinished;  // input after its last '\n'
    bool over = false;

    void end() {
        over = true;
        ccengineClosed();
    }
};

}  // namespace

extern "C" {

// Starts a session and says at once what one thread changes.
EMSCRIPTEN_KEEPALIVE Session* ccengine_start() {
    auto* session = new Session;
    session->output.infoString(fmt::format(
        "one thread: no SharedArrayBuffer here (the page is not cross-origin isolated), so "
        "Threads is 1, every search ends within {} ms, and a command sent during a search "
        "is read when it has ended",
        kThinkMs));
    return session;
}

// Protocol input: every complete line of it is handled now, in order.
EMSCRIPTEN_KEEPALIVE void ccengine_send(Session* session, const char* text) {
    if (session->over) return;
    session->unfinished += text;
    const size_t lastEnd = session->unfinished.rfind('\n');
    if (lastEnd == std::string::npos) return;
    std::stringbuf complete(session->unfinished.substr(0, lastEnd + 1));
    session->unfinished.erase(0, lastEnd + 1);
    std::string line;
    for (cc::LineRead read; (read = cc::readProtocolLine(complete, line)) != cc::LineRead::End;) {
        if (read == cc::LineRead::TooLong) {
            session->output.error(
                fmt::format("input line longer than {} bytes: ignored", cc::kMaxProtocolLineBytes));
        } else if (!session->protocol.handle(line)) {
            session->end();
            return;
        }
    }
}

// The end of input: nothing runs between calls, so the session ends at once.
EMSCRIPTEN_KEEPALIVE void ccengine_close(Session* session) {
    if (!session->over) session->end();
}
}
