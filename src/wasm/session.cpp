// The page's engine: a session of the text protocol on a thread of its own, reading
// what the page sends and writing lines the page receives (protocol-spec/gui.md, The
// in-page engine). The protocol, the engine and its search threads are the native
// ones; only stdin and stdout are pipes.

#include "protocol/session.h"

#include <emscripten/emscripten.h>

#include <istream>
#include <ostream>
#include <thread>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "wasm/input_pipe.h"
#include "wasm/output_pipe.h"

namespace {

struct Session {
    cc::wasm::InputPipe inputPipe;
    cc::wasm::OutputPipe outputPipe;
    std::istream input{&inputPipe};
    std::ostream stdoutStream{&outputPipe};
};

// As the native engine reads stdin (src/main.cpp).
void runProtocol(Session& session) {
    cc::Engine engine;
    cc::Output output(session.stdoutStream);
    cc::Protocol protocol(engine, output);
    cc::runSession(engine, output, protocol, session.input, true);
}

}  // namespace

extern "C" {

// Starts a session; the page keeps what it returns for the two calls below. A session
// lives as long as the module (the page ends it by ending the worker).
EMSCRIPTEN_KEEPALIVE Session* ccengine_start() {
    auto* session = new Session;
    std::thread([session] {
        runProtocol(*session);
        session->outputPipe.close();
    }).detach();
    return session;
}

// Protocol input, one or more lines with their '\n'.
EMSCRIPTEN_KEEPALIVE void ccengine_send(Session* session, const char* text) {
    session->inputPipe.write(text);
}

// The end of input, as when a native engine's stdin closes.
EMSCRIPTEN_KEEPALIVE void ccengine_close(Session* session) {
    session->inputPipe.close();
}
}
