#include "protocol/options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "search/think/strength.h"
#include "util/text.h"

namespace cc {
namespace {

constexpr int64_t kMaxHashMegabytes = 16384;
constexpr int64_t kMaxThreads = 64;
constexpr int64_t kMaxMultiPv = 256;
constexpr int64_t kMaxMoveOverhead = 5000;
constexpr int64_t kMaxSeed = 2147483647;
// UCI's word for an empty string option.
constexpr std::string_view kEmptyString = "<empty>";

template <typename Enum>
struct Choice {
    std::string_view name;
    Enum value;
};

// A combo option whose choices name the values of one setting: the table lists each
// choice once, for the `option` line and for setting it.
template <typename Enum, size_t kCount>
OptionSpec comboOption(std::string_view name, std::string_view defaultValue,
                       std::array<Choice<Enum>, kCount> choices,
                       void (*set)(EngineOptions& options, Enum value)) {
    std::vector<std::string_view> names;
    names.reserve(kCount);
    for (const Choice<Enum>& choice : choices) names.push_back(choice.name);
    return {name,
            OptionType::Combo,
            defaultValue,
            0,
            0,
            std::move(names),
            [choices, set](Engine&, EngineOptions& o, std::string_view chosen, int64_t) {
                for (const Choice<Enum>& choice : choices) {
                    if (choice.name == chosen) set(o, choice.value);
                }
            }};
}

}  // namespace

const std::vector<OptionSpec>& optionSpecs() {
    static const std::vector<OptionSpec> table = {
        {"Hash",
         OptionType::Spin,
         "16",
         1,
         kMaxHashMegabytes,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) {
             o.hashMegabytes = size_t(n);
         },
         true},
        {"Clear Hash",
         OptionType::Button,
         "",
         0,
         0,
         {},
         [](Engine& engine, EngineOptions&, std::string_view, int64_t) { engine.clearHash(); },
         true},
        {"Threads",
         OptionType::Spin,
         "1",
         1,
         kMaxThreads,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) { o.search.threads = int(n); },
         true},
        {"MultiPV",
         OptionType::Spin,
         "1",
         1,
         kMaxMultiPv,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) { o.search.multiPv = int(n); }},
        {"MoveOverhead",
         OptionType::Spin,
         "30",
         0,
         kMaxMoveOverhead,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) {
             o.search.moveOverhead = Millis(n);
         },
         true},
        comboOption<MultiPlayerMethod, 4>(
            "Method", "auto",
            {{{"auto", MultiPlayerMethod::Automatic},
              {"brs", MultiPlayerMethod::BestReply},
              {"paranoid", MultiPlayerMethod::Paranoid},
              {"mcts", MultiPlayerMethod::MonteCarlo}}},
            [](EngineOptions& o, MultiPlayerMethod method) { o.search.method = method; }),
        comboOption<PlayerKind, 4>(
            "Player", "search",
            {{{"search", PlayerKind::Search},
              {"greedy", PlayerKind::Greedy},
              {"spoiler", PlayerKind::Spoiler},
              {"random", PlayerKind::Random}}},
            [](EngineOptions& o, PlayerKind player) { o.search.player = player; }),
        {"Seed",
         OptionType::Spin,
         "0",
         0,
         kMaxSeed,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) {
             o.search.seed = uint64_t(n);
         },
         true},
        {"Skill Level",
         OptionType::Spin,
         "20",
         0,
         20,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) { o.search.skill = int(n); },
         true},
        // UCI's names, so that chess GUIs and managers offer them; UCI_LimitStrength takes
        // precedence over Skill Level.
        {"UCI_LimitStrength",
         OptionType::Check,
         "false",
         0,
         0,
         {"true", "false"},
         [](Engine&, EngineOptions& o, std::string_view c, int64_t) {
             o.search.limitStrength = c == "true";
         }},
        {"UCI_Elo",
         OptionType::Spin,
         "1000",
         kMinStrengthElo,
         kMaxStrengthElo,
         {},
         [](Engine&, EngineOptions& o, std::string_view, int64_t n) { o.search.elo = int(n); }},
        comboOption<HoleNotation, 2>(
            "Notation", "name", {{{"name", HoleNotation::Name}, {"index", HoleNotation::Index}}},
            [](EngineOptions& o, HoleNotation notation) { o.notation = notation; }),
        {"Ponder",
         OptionType::Check,
         "false",
         0,
         0,
         {"true", "false"},
         [](Engine&, EngineOptions& o, std::string_view c, int64_t) { o.ponder = c == "true"; }},
        {"ShowWDL",
         OptionType::Check,
         "false",
         0,
         0,
         {"true", "false"},
         [](Engine&, EngineOptions& o, std::string_view c, int64_t) { o.showWdl = c == "true"; }},
        {"RacePath",
         OptionType::String,
         kEmptyString,
         0,
         0,
         {},
         [](Engine&, EngineOptions& o, std::string_view text, int64_t) {
             o.racePath = text == kEmptyString ? std::string() : std::string(text);
         }},
    };
    return table;
}

std::string describeOption(const OptionSpec& option) {
    switch (option.type) {
        case OptionType::Spin:
            return fmt::format("option name {} type spin default {} min {} max {}", option.name,
                               option.defaultValue, option.min, option.max);
        case OptionType::Button:
            return fmt::format("option name {} type button", option.name);
        case OptionType::String:
            return fmt::format("option name {} type string default {}", option.name,
                               option.defaultValue);
        case OptionType::Check:
            return fmt::format("option name {} type check default {}", option.name,
                               option.defaultValue);
        case OptionType::Combo: {
            std::string line = fmt::format("option name {} type combo default {}", option.name,
                                           option.defaultValue);
            for (const std::string_view choice : option.choices)
                line += fmt::format(" var {}", choice);
            return line;
        }
    }
    return {};
}

const OptionSpec* findOption(std::string_view name) {
    const std::string wanted = lowerCase(name);
    for (const OptionSpec& candidate : optionSpecs()) {
        if (lowerCase(candidate.name) == wanted) return &candidate;
    }
    return nullptr;
}

Expected<void> setOption(Engine& engine, std::string_view name,
                         std::optional<std::string_view> value) {
    const OptionSpec* option = findOption(name);
    if (option == nullptr) return Error{fmt::format("unknown option '{}'", excerpt(name))};
    EngineOptions options = engine.options();
    switch (option->type) {
        case OptionType::Button:
            if (value) return Error{fmt::format("{} is a button and takes no value", option->name)};
            option->apply(engine, options, {}, 0);
            break;
        case OptionType::Spin: {
            const std::optional<uint64_t> number = value ? parseUnsigned(*value) : std::nullopt;
            if (!number || int64_t(*number) < option->min || *number > uint64_t(option->max)) {
                return Error{
                    badValue(value.value_or(""), option->name,
                             fmt::format("expected an integer {}..{}", option->min, option->max))};
            }
            option->apply(engine, options, {}, int64_t(*number));
            break;
        }
        case OptionType::String:
            if (!value) return Error{badValue("", option->name, "expected a value")};
            option->apply(engine, options, *value, 0);
            break;
        case OptionType::Combo:
        case OptionType::Check: {
            const std::string choice = lowerCase(value.value_or(""));
            bool known = false;
            for (const std::string_view candidate : option->choices)
                known = known || candidate == choice;
            if (!known) {
                std::string expected;
                for (const std::string_view candidate : option->choices) {
                    if (!expected.empty()) expected += '|';
                    expected += candidate;
                }
                return Error{badValue(value.value_or(""), option->name, "expected " + expected)};
            }
            option->apply(engine, options, choice, 0);
            break;
        }
    }
    engine.setOptions(options);
    return {};
}

std::optional<OptionWords> parseOptionWords(const std::vector<std::string_view>& args) {
    const auto valueAt = std::find(args.begin(), args.end(), "value");
    if (args.size() < 2 || args[0] != "name" || valueAt == args.begin() + 1 ||
        (valueAt != args.end() && valueAt + 1 == args.end())) {
        return std::nullopt;
    }
    // Words are separated by any blanks (protocol-spec/protocol.md, Conventions), so
    // `Skill<tab>Level` names the same option as `Skill Level`.
    auto joined = [](auto first, auto last) {
        return join(std::vector<std::string>(first, last), " ");
    };
    OptionWords words{joined(args.begin() + 1, valueAt), std::nullopt};
    if (valueAt != args.end()) words.value = joined(valueAt + 1, args.end());
    return words;
}

}  // namespace cc
