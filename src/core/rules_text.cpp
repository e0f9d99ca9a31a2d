#include "core/rules_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <optional>

#include "core/presets.h"
#include "util/text.h"

namespace cc {
namespace {

using Setter = std::function<Expected<void>(Rules&, std::string_view)>;
using Getter = std::function<std::string(const Rules&)>;

// One row of the table of keys: what `ruleKeyDescriptors` announces (its default comes
// from `get` on the default rules) and how the key is parsed and printed.
struct KeyHandler {
    std::string_view key;
    RuleKeyKind kind;
    std::vector<std::string_view> choices;
    int min = 0;
    int max = 0;
    Setter set;
    Getter get;
};

std::vector<std::string_view> choiceNames(const auto& pairs) {
    std::vector<std::string_view> names;
    names.reserve(pairs.size());
    for (const auto& [name, value] : pairs) names.push_back(name);
    return names;
}

Expected<void> rejectValue(std::string_view key, std::string_view value, std::string_view allowed) {
    return Error{badValue(value, key, "expected " + std::string(allowed))};
}

template <typename Enum>
KeyHandler enumKey(std::string_view key, Enum Rules::*field,
                   std::vector<std::pair<std::string_view, Enum>> names) {
    std::string allowed;
    for (const auto& [name, value] : names) {
        allowed += allowed.empty() ? "" : "|";
        allowed += name;
    }
    return {key,
            RuleKeyKind::Combo,
            choiceNames(names),
            0,
            0,
            [=](Rules& rules, std::string_view value) -> Expected<void> {
                for (const auto& [name, named] : names) {
                    if (name == value) {
                        rules.*field = named;
                        return {};
                    }
                }
                return rejectValue(key, value, allowed);
            },
            [=](const Rules& rules) {
                for (const auto& [name, named] : names) {
                    if (rules.*field == named) return std::string(name);
                }
                return std::string("?");
            }};
}

KeyHandler switchKey(std::string_view key, bool Rules::*field) {
    return enumKey<bool>(key, field, {{"on", true}, {"off", false}});
}

KeyHandler countKey(std::string_view key, int Rules::*field, int low, int high) {
    return {key,
            RuleKeyKind::Spin,
            {},
            low,
            high,
            [=](Rules& rules, std::string_view value) -> Expected<void> {
                const std::optional<int> number = parseInt(value);
                if (!number || *number < low || *number > high) {
                    return rejectValue(key, value, fmt::format("a whole number {}..{}", low, high));
                }
                rules.*field = *number;
                return {};
            },
            [=](const Rules& rules) { return std::to_string(rules.*field); }};
}

Expected<void> setArmies(Rules& rules, std::string_view value) {
    std::array<int, kSeatCount> owner{};
    owner.fill(kNoPlayer);
    const std::vector<std::string_view> groups = split(value, ',');
    if (groups.empty() || groups.size() > kMaxPlayers) {
        return rejectValue("armies", value, "1 to 6 comma-separated players, e.g. 1,4 or 1+4,2+5");
    }
    for (size_t player = 0; player < groups.size(); ++player) {
        const std::vector<std::string_view> seats = split(groups[player], '+');
        if (seats.empty()) return rejectValue("armies", value, "a seat 1..6 for every player");
        for (std::string_view seatText : seats) {
            const std::optional<int> seat = parseInt(seatText);
            if (!seat || *seat < 1 || *seat > kSeatCount) {
                return rejectValue("armies", value, "seats 1..6, e.g. 1,4 or 1+4,2+5");
            }
            if (owner[*seat - 1] != kNoPlayer) {
                return Error{fmt::format("armies: seat {} is given twice", *seat)};
            }
            owner[*seat - 1] = static_cast<int>(player);
        }
    }
    rules.seatOwner = owner;
    rules.players = static_cast<int>(groups.size());
    return {};
}

std::string getArmies(const Rules& rules) {
    std::string text;
    for (int player = 0; player < rules.players; ++player) {
        if (player > 0) text += ',';
        bool firstSeat = true;
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            if (rules.seatOwner[seat] != player) continue;
            if (!firstSeat) text += '+';
            text += std::to_string(seat + 1);
            firstSeat = false;
        }
    }
    return text;
}

// The default seating for `players`, with player 1 first.
void seatByDefault(Rules& rules, int players) {
    rules.players = players;
    rules.seatOwner = defaultSeating(players);
    rules.firstPlayer = 0;
}

Expected<void> applyPreset(Rules& rules, std::string_view name);

const std::vector<KeyHandler>& handlers() {
    static const std::vector<KeyHandler> table = [] {
        std::vector<KeyHandler> keys;
        std::vector<std::string_view> presets;
        for (const PresetDefinition& preset : presetDefinitions()) presets.push_back(preset.name);
        keys.push_back(
            {"preset", RuleKeyKind::Combo, presets, 0, 0, applyPreset,
             [](const Rules& rules) { return std::string(presetDefinition(rules.preset).name); }});
        // players= brings the default seating and makes player 1 first.
        keys.push_back({"players",
                        RuleKeyKind::Spin,
                        {},
                        1,
                        kMaxPlayers,
                        [](Rules& rules, std::string_view value) -> Expected<void> {
                            const std::optional<int> number = parseInt(value);
                            if (!number || *number < 1 || *number > kMaxPlayers) {
                                return rejectValue("players", value, "a whole number 1..6");
                            }
                            seatByDefault(rules, *number);
                            return {};
                        },
                        [](const Rules& rules) { return std::to_string(rules.players); }});
        keys.push_back({"armies",
                        RuleKeyKind::String,
                        {},
                        0,
                        0,
                        [](Rules& rules, std::string_view value) {
                            Expected<void> done = setArmies(rules, value);
                            if (done) rules.firstPlayer = 0;
                            return done;
                        },
                        getArmies});
        // Announced as 1..6; a value above `players` is refused.
        keys.push_back({"first",
                        RuleKeyKind::Spin,
                        {},
                        1,
                        kMaxPlayers,
                        [](Rules& rules, std::string_view value) -> Expected<void> {
                            const std::optional<int> number = parseInt(value);
                            if (!number || *number < 1 || *number > rules.players) {
                                return rejectValue("first", value,
                                                   fmt::format("a player 1..{}", rules.players));
                            }
                            rules.firstPlayer = *number - 1;
                            return {};
                        },
                        [](const Rules& rules) { return std::to_string(rules.firstPlayer + 1); }});
        keys.push_back(enumKey<int>("pieces", &Rules::pieces, {{"10", 10}, {"15", 15}}));
        keys.push_back(switchKey("king", &Rules::king));
        keys.push_back(enumKey<HopRange>("hops", &Rules::hops,
                                         {{"short", HopRange::Short}, {"long", HopRange::Long}}));
        keys.push_back(enumKey<ArmAccess>(
            "other", &Rules::otherArms,
            {{"free", ArmAccess::Free}, {"pass", ArmAccess::Pass}, {"closed", ArmAccess::Closed}}));
        keys.push_back(enumKey<ArmAccess>("unused", &Rules::unusedArms,
                                          {{"free", ArmAccess::Free},
                                           {"pass", ArmAccess::Pass},
                                           {"closed", ArmAccess::Closed},
                                           {"filled", ArmAccess::Filled}}));
        keys.push_back(enumKey<GoalLock>(
            "goallock", &Rules::goalLock,
            {{"on", GoalLock::On}, {"off", GoalLock::Off}, {"chain", GoalLock::Chain}}));
        keys.push_back(enumKey<FinishRule>("finish", &Rules::finish,
                                           {{"all", FinishRule::All}, {"fill", FinishRule::Fill}}));
        keys.push_back(enumKey<SwapRule>(
            "swap", &Rules::swap,
            {{"off", SwapRule::Off}, {"any", SwapRule::Any}, {"final", SwapRule::Final}}));
        keys.push_back(switchKey("bonus", &Rules::bonus));
        keys.push_back(enumKey<EndRule>("end", &Rules::end,
                                        {{"first", EndRule::First}, {"all", EndRule::All}}));
        keys.push_back(switchKey("fairfinish", &Rules::fairFinish));
        keys.push_back(switchKey("passround", &Rules::passRoundDraw));
        keys.push_back(countKey("movelimit", &Rules::moveLimit, 0, 100000));
        keys.push_back(enumKey<LimitResult>(
            "limitresult", &Rules::limitResult,
            {{"draw", LimitResult::Draw}, {"progress", LimitResult::Progress}}));
        keys.push_back(countKey("stall", &Rules::stall, 0, 100000));
        keys.push_back(countKey("repetition", &Rules::repetition, 0, 100));
        keys.push_back(switchKey("adjacent", &Rules::adjacentEntry));
        keys.push_back(switchKey("mustleave", &Rules::mustLeave));
        return keys;
    }();
    return table;
}

const KeyHandler* findHandler(std::string_view key) {
    for (const KeyHandler& handler : handlers()) {
        if (handler.key == key) return &handler;
    }
    return nullptr;
}

int applyOrder(std::string_view key) {
    if (key == "preset") return 0;
    if (key == "players") return 1;
    if (key == "armies") return 2;
    return 3;
}

struct PendingWord {
    const KeyHandler* handler;
    std::string_view value;
};

// The words as (key, value) pairs in the order they apply.
Expected<std::vector<PendingWord>> parseWords(const std::vector<std::string_view>& words) {
    std::vector<PendingWord> pending;
    for (std::string_view word : words) {
        const size_t equals = word.find('=');
        if (equals == std::string_view::npos) {
            return Error{fmt::format("expected key=value, got '{}'", excerpt(word))};
        }
        const std::string_view key = word.substr(0, equals);
        const KeyHandler* handler = findHandler(key);
        if (handler == nullptr) return Error{fmt::format("unknown rule key '{}'", excerpt(key))};
        for (const PendingWord& earlier : pending) {
            if (earlier.handler == handler) return Error{fmt::format("{} is given twice", key)};
        }
        pending.push_back({handler, word.substr(equals + 1)});
    }
    std::stable_sort(pending.begin(), pending.end(),
                     [](const PendingWord& a, const PendingWord& b) {
                         return applyOrder(a.handler->key) < applyOrder(b.handler->key);
                     });
    return pending;
}

// Sets every word's value; the whole set is checked by the caller.
Expected<void> applyWords(Rules& rules, const std::vector<PendingWord>& pending) {
    std::optional<int> playersAsked;
    for (const PendingWord& item : pending) {
        if (Expected<void> done = item.handler->set(rules, item.value); !done) return done;
        if (item.handler->key == "players") playersAsked = rules.players;
        if (item.handler->key == "armies" && playersAsked && *playersAsked != rules.players) {
            return Error{fmt::format("armies lists {} players but players={}", rules.players,
                                     *playersAsked)};
        }
    }
    return {};
}

// A preset's words go through the same parser as `setrules`, so a preset is exactly what
// a user could type. It keeps the number of players and brings that number's default
// seating, as its words do not name the seating.
Expected<void> applyPreset(Rules& rules, std::string_view name) {
    const PresetDefinition* preset = findPreset(name);
    if (preset == nullptr) return rejectValue("preset", name, presetNames());
    const Expected<std::vector<PendingWord>> words = parseWords(splitWords(preset->words));
    if (!words.ok()) return Error{fmt::format("preset {}: {}", preset->name, words.error())};
    seatByDefault(rules, rules.players);
    if (Expected<void> done = applyWords(rules, *words); !done) {
        return Error{fmt::format("preset {}: {}", preset->name, done.error())};
    }
    rules.preset = preset->preset;
    return {};
}

}  // namespace

Expected<Rules> applyRuleWords(const Rules& base, const std::vector<std::string_view>& words) {
    const Expected<std::vector<PendingWord>> pending = parseWords(words);
    if (!pending.ok()) return Error{pending.error()};
    Rules rules = base;
    if (Expected<void> done = applyWords(rules, *pending); !done) return Error{done.error()};
    if (Expected<void> done = validate(rules); !done) return Error{done.error()};
    return rules;
}

std::string formatRules(const Rules& rules) {
    std::string text;
    for (const KeyHandler& handler : handlers()) {
        if (!text.empty()) text += ' ';
        text += fmt::format("{}={}", handler.key, handler.get(rules));
    }
    return text;
}

const std::vector<RuleKeyDescriptor>& ruleKeyDescriptors() {
    static const std::vector<RuleKeyDescriptor> descriptors = [] {
        const Rules defaults;
        std::vector<RuleKeyDescriptor> list;
        for (const KeyHandler& handler : handlers()) {
            list.push_back({handler.key, handler.kind, handler.choices, handler.min, handler.max,
                            handler.get(defaults)});
        }
        return list;
    }();
    return descriptors;
}

}  // namespace cc
