#include "match/games/kept_engines.h"

#include <utility>

namespace cc::match {

KeptEngines::~KeptEngines() {
    for (auto& [engine, client] : idle_) client.quit();
}

std::optional<EngineClient> KeptEngines::take(int engine) {
    const auto found = idle_.find(engine);
    if (found == idle_.end()) return std::nullopt;
    EngineClient client = std::move(found->second);
    idle_.erase(found);
    return client;
}

void KeptEngines::keep(int engine, EngineClient client) {
    idle_.emplace(engine, std::move(client));
}

}  // namespace cc::match
