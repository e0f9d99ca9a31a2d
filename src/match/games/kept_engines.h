#pragma once
// The engine processes one match worker keeps between its games for engines with the
// setting restart=off (protocol-spec/match.md, "Engine processes"), as cutechess-cli keeps
// an engine running from game to game. Only a process that ended its game in good order
// is kept; one that forfeited was killed and its next game starts a new one.

#include <map>
#include <optional>

#include "match/engines/engine_client.h"

namespace cc::match {

class KeptEngines {
  public:
    KeptEngines() = default;
    KeptEngines(const KeptEngines&) = delete;
    KeptEngines& operator=(const KeptEngines&) = delete;
    // The match is over: every kept process gets `quit`.
    ~KeptEngines();

    // An idle process of the engine with this index in the match's engine list, if any.
    std::optional<EngineClient> take(int engine);
    void keep(int engine, EngineClient client);

  private:
    std::multimap<int, EngineClient> idle_;
};

}  // namespace cc::match
