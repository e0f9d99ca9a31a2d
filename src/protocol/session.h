#pragma once
// A process's input, from its first command to its end: ccengine's protocol, unless the
// first command is `ccp`, which switches the session to CCP for its lifetime
// (protocol-spec/ccp.md). The native engine (stdin) and the in-page engine (src/wasm/)
// both read their input through it.

#include <istream>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"

namespace cc {

// `ccpAllowed` false (a server's limits, kept by ccengine's protocol alone): `ccp` is
// refused with one error line.
void runSession(Engine& engine, Output& output, Protocol& protocol, std::istream& input,
                bool ccpAllowed);

}  // namespace cc
