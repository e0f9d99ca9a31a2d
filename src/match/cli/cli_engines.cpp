// The engines of a match: each from its conf= entry of the -engines file, then -each's
// settings, then its own; a default name from the program, and names kept apart.

#include <fmt/format.h>

#include <set>

#include "match/cli/cli_internal.h"
#include "match/cli/engines_file.h"
#include "util/text.h"

namespace cc::match::cli {

namespace {

std::string defaultName(const EngineSpec& engine) {
    const std::vector<std::string_view> words = splitWords(engine.command);
    std::string_view program = words.empty() ? "engine" : words[0];
    const size_t slash = program.rfind('/');
    if (slash != std::string_view::npos) program.remove_prefix(slash + 1);
    return std::string(program);
}

// An engine's settings start from its conf=NAME entry of the -engines file, if any.
Expected<void> baseEngine(const Words& words, const std::string& enginesFile,
                          const std::vector<EngineSpec>& fileEngines, EngineSpec& engine) {
    for (const std::string& word : words) {
        if (word.rfind("conf=", 0) != 0) continue;
        const std::string name = word.substr(5);
        if (enginesFile.empty()) {
            return Error{fmt::format("-engine conf={}: no -engines FILE to look it up in", name)};
        }
        for (const EngineSpec& candidate : fileEngines) {
            if (candidate.name == name) {
                engine = candidate;
                return {};
            }
        }
        return Error{
            fmt::format("-engine conf={}: no engine named '{}' in {}", name, name, enginesFile)};
    }
    return {};
}

}  // namespace

Expected<void> buildEngines(ParseState& state) {
    MatchConfig& config = state.config;
    const std::vector<Words>& engineWords = state.engineWords;
    const Words& eachWords = state.eachWords;
    std::vector<EngineSpec> fileEngines;
    if (!state.enginesFile.empty()) {
        Expected<std::vector<EngineSpec>> loaded = loadEnginesFile(state.enginesFile);
        if (!loaded) return Error{loaded.error()};
        fileEngines = std::move(*loaded);
    }
    std::set<std::string> names;
    for (const Words& words : engineWords) {
        EngineSpec engine;
        if (Expected<void> done = baseEngine(words, state.enginesFile, fileEngines, engine); !done)
            return done;
        if (Expected<void> done = applyEngineWords(engine, eachWords, "-each"); !done) return done;
        if (Expected<void> done = applyEngineWords(engine, words, "-engine"); !done) return done;
        if (engine.command.empty()) return Error{"-engine: every engine needs cmd=COMMAND"};
        if (state.pondering) engine.ponder = true;
        if (!engine.timeControl.any()) {
            return Error{
                fmt::format("engine '{}' has no time control: give tc=, st=, depth= or nodes=",
                            engine.name.empty() ? engine.command : engine.name)};
        }
        if (engine.name.empty()) {
            const std::string base = defaultName(engine);
            engine.name = base;
            for (int copy = 2; names.count(engine.name) > 0; ++copy) {
                engine.name = fmt::format("{}-{}", base, copy);
            }
        }
        if (!names.insert(engine.name).second) {
            return Error{
                fmt::format("two engines are named '{}': give each its own name=", engine.name)};
        }
        config.engines.push_back(engine);
    }
    return {};
}

}  // namespace cc::match::cli
