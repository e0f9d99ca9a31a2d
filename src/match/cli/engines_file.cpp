#include "match/cli/engines_file.h"

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "match/settings/json_value.h"

namespace cc::match {

namespace {

bool isScalar(const JsonValue& value) {
    return value.kind == JsonValue::Kind::String || value.kind == JsonValue::Kind::Number ||
           value.kind == JsonValue::Kind::Bool;
}

// "options": [{"name": K, "value": V}, ...] as cutechess writes it, or {"K": V, ...}.
Expected<void> readOptions(const JsonValue& options, EngineSpec& engine) {
    if (options.kind == JsonValue::Kind::Object) {
        for (size_t index = 0; index < options.keys.size(); ++index) {
            const std::string& name = options.keys[index];
            const JsonValue& value = options.items[index];
            if (!isScalar(value))
                return Error{fmt::format("option '{}' needs a plain value", name)};
            engine.options.emplace_back(name, value.text);
        }
        return {};
    }
    if (options.kind != JsonValue::Kind::Array)
        return Error{"\"options\" must be a list or an object"};
    for (const JsonValue& option : options.items) {
        const JsonValue* name = option.member("name");
        const JsonValue* value = option.member("value");
        if (!name || name->kind != JsonValue::Kind::String || !value || !isScalar(*value)) {
            return Error{"each of \"options\" needs \"name\" and \"value\""};
        }
        engine.options.emplace_back(name->text, value->text);
    }
    return {};
}

Expected<void> readEngine(const JsonValue& entry, EngineSpec& engine) {
    if (entry.kind != JsonValue::Kind::Object) return Error{"an entry is not an object"};
    const JsonValue* name = entry.member("name");
    const JsonValue* command = entry.member("command");
    if (!name || name->kind != JsonValue::Kind::String || name->text.empty()) {
        return Error{"an entry has no \"name\""};
    }
    engine.name = name->text;
    if (!command || command->kind != JsonValue::Kind::String || command->text.empty()) {
        return Error{fmt::format("'{}' has no \"command\"", engine.name)};
    }
    engine.command = command->text;
    if (const JsonValue* directory = entry.member("workingDirectory")) {
        if (directory->kind != JsonValue::Kind::String) {
            return Error{fmt::format("'{}': \"workingDirectory\" must be a string", engine.name)};
        }
        engine.directory = directory->text;
    }
    if (const JsonValue* options = entry.member("options")) {
        if (Expected<void> done = readOptions(*options, engine); !done) {
            return Error{fmt::format("'{}': {}", engine.name, done.error())};
        }
    }
    return {};
}

}  // namespace

Expected<std::vector<EngineSpec>> loadEnginesFile(const std::string& path) {
    std::ifstream file(path);
    if (!file) return Error{fmt::format("-engines: cannot read '{}'", path)};
    std::stringstream text;
    text << file.rdbuf();
    Expected<JsonValue> document = parseJson(text.str());
    if (!document) return Error{fmt::format("-engines: {}: {}", path, document.error())};
    if (document->kind != JsonValue::Kind::Array) {
        return Error{fmt::format("-engines: {}: expected a JSON list of engines", path)};
    }
    std::vector<EngineSpec> engines;
    std::set<std::string> names;
    for (const JsonValue& entry : document->items) {
        EngineSpec engine;
        if (Expected<void> done = readEngine(entry, engine); !done) {
            return Error{fmt::format("-engines: {}: {}", path, done.error())};
        }
        if (!names.insert(engine.name).second) {
            return Error{
                fmt::format("-engines: {}: two engines are named '{}'", path, engine.name)};
        }
        engines.push_back(std::move(engine));
    }
    return engines;
}

}  // namespace cc::match
