#include "core/rules_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <optional>

#include "util/text.h"

namespace cc {
namespace {

using Setter = std::function<std::optional<std::string>(Rules&, std::string_view)>;
using Getter = std::function<std::string(const Rules&)>;

struct KeyHandler {
    RuleKeyInfo info;
    Setter set;
    Getter get;
};

std::optional<std::string> badValue(std::string_view key, std::string_view value,
                                    std::string_view allowed) {
    return fmt::format("bad value '{}' for {}: expected {}", value, key, allowed);
}

template <typename Enum>
KeyHandler enumKey(std::string_view key, std::string_view meaning, Enum Rules::*field,
                   std::vector<std::pair<std::string_view, Enum>> names) {
    std::string allowed;
    for (const auto& [name, value] : names) {
        allowed += allowed.empty() ? "" : "|";
        allowed += name;
    }
    return {
        {key, allowed, meaning},
        [=](Rules& rules, std::string_view value) -> std::optional<std::string> {
            for (const auto& [name, named] : names) {
                if (name == value) {
                    rules.*field = named;
                    return std::nullopt;
                }
            }
            return badValue(key, value, allowed);
        },
        [=](const Rules& rules) {
            for (const auto& [name, named] : names) {
                if (rules.*field == named) return std::string(name);
            }
            return std::string("?");
        }};
}

KeyHandler switchKey(std::string_view key, std::string_view meaning, bool Rules::*field) {
    return enumKey<bool>(key, meaning, field, {{"on", true}, {"off", false}});
}

KeyHandler countKey(std::string_view key, std::string_view values, std::string_view meaning,
                    int Rules::*field, int low, int high) {
    return {{key, std::string(values), meaning},
            [=](Rules& rules, std::string_view value) -> std::optional<std::string> {
                const std::optional<int> number = parseInt(value);
                if (!number || *number < low || *number > high) {
                    return badValue(key, value, fmt::format("a whole number {}..{}", low, high));
                }
                rules.*field = *number;
                return std::nullopt;
            },
            [=](const Rules& rules) { return std::to_string(rules.*field); }};
}

std::optional<std::string> setArmies(Rules& rules, std::string_view value) {
    std::array<int, kSeatCount> owner{};
    owner.fill(kNoPlayer);
    const std::vector<std::string_view> groups = split(value, ',');
    if (groups.empty() || groups.size() > kMaxPlayers) {
        return badValue("armies", value, "1 to 6 comma-separated players, e.g. 1,4 or 1+4,2+5");
    }
    for (size_t player = 0; player < groups.size(); ++player) {
        const std::vector<std::string_view> seats = split(groups[player], '+');
        if (seats.empty()) return badValue("armies", value, "a seat 1..6 for every player");
        for (std::string_view seatText : seats) {
            const std::optional<int> seat = parseInt(seatText);
            if (!seat || *seat < 1 || *seat > kSeatCount) {
                return badValue("armies", value, "seats 1..6, e.g. 1,4 or 1+4,2+5");
            }
            if (owner[*seat - 1] != kNoPlayer) {
                return fmt::format("armies: seat {} is given twice", *seat);
            }
            owner[*seat - 1] = static_cast<int>(player);
        }
    }
    rules.seatOwner = owner;
    rules.players = static_cast<int>(groups.size());
    return std::nullopt;
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

const std::vector<KeyHandler>& handlers() {
    static const std::vector<KeyHandler> table = [] {
        std::vector<KeyHandler> keys;
        keys.push_back(
            {{"preset", "standard|masters|card|super|diamond|sec5",
              "named bundle of every other key, applied first"},
             [](Rules& rules, std::string_view value) -> std::optional<std::string> {
                 const std::optional<Preset> preset = parsePreset(value);
                 if (!preset) {
                     return badValue("preset", value, "standard|masters|card|super|diamond|sec5");
                 }
                 rules = presetRules(*preset, rules.players);
                 return std::nullopt;
             },
             [](const Rules& rules) { return std::string(presetName(rules.preset)); }});
        keys.push_back({{"players", "1..6", "number of players; resets armies to the default "
                                            "seating and first to 1"},
                        [](Rules& rules, std::string_view value) -> std::optional<std::string> {
                            const std::optional<int> number = parseInt(value);
                            if (!number || *number < 1 || *number > kMaxPlayers) {
                                return badValue("players", value, "a whole number 1..6");
                            }
                            rules.players = *number;
                            rules.seatOwner = defaultSeating(*number);
                            rules.firstPlayer = 0;
                            return std::nullopt;
                        },
                        [](const Rules& rules) { return std::to_string(rules.players); }});
        keys.push_back({{"armies", "seats per player, e.g. 1,4 or 1+4,2+5,3+6",
                         "which seats each player's armies start on; sets players"},
                        [](Rules& rules, std::string_view value) {
                            auto error = setArmies(rules, value);
                            if (!error) rules.firstPlayer = 0;
                            return error;
                        },
                        getArmies});
        keys.push_back({{"first", "1..players", "the player who moves first"},
                        [](Rules& rules, std::string_view value) -> std::optional<std::string> {
                            const std::optional<int> number = parseInt(value);
                            if (!number || *number < 1 || *number > rules.players) {
                                return badValue("first", value,
                                                fmt::format("a player 1..{}", rules.players));
                            }
                            rules.firstPlayer = *number - 1;
                            return std::nullopt;
                        },
                        [](const Rules& rules) { return std::to_string(rules.firstPlayer + 1); }});
        keys.push_back(enumKey<int>("pieces", "pieces per army (15: Diamond Game camps)",
                                    &Rules::pieces, {{"10", 10}, {"15", 15}}));
        keys.push_back(switchKey("king", "each army has one king (Diamond Game)", &Rules::king));
        keys.push_back(enumKey<HopRange>("hops", "short: classic hops; long: Super hops",
                                         &Rules::hops,
                                         {{"short", HopRange::Short}, {"long", HopRange::Long}}));
        keys.push_back(enumKey<ArmAccess>(
            "other", "another player's start or goal arm", &Rules::otherArms,
            {{"free", ArmAccess::Free}, {"pass", ArmAccess::Pass}, {"closed", ArmAccess::Closed}}));
        keys.push_back(enumKey<ArmAccess>("unused", "an arm no army uses", &Rules::unusedArms,
                                          {{"free", ArmAccess::Free},
                                           {"pass", ArmAccess::Pass},
                                           {"closed", ArmAccess::Closed},
                                           {"filled", ArmAccess::Filled}}));
        keys.push_back(switchKey("goallock", "a piece in its goal stays in it", &Rules::goalLock));
        keys.push_back(enumKey<FinishRule>("finish", "when an army has finished", &Rules::finish,
                                           {{"all", FinishRule::All}, {"fill", FinishRule::Fill}}));
        keys.push_back(enumKey<SwapRule>(
            "swap", "anti-spoiling swap", &Rules::swap,
            {{"off", SwapRule::Off}, {"any", SwapRule::Any}, {"final", SwapRule::Final}}));
        keys.push_back(switchKey("bonus", "goal-entry bonus move", &Rules::bonus));
        keys.push_back(enumKey<EndRule>("end", "game ends at the first finish or plays on",
                                        &Rules::end,
                                        {{"first", EndRule::First}, {"all", EndRule::All}}));
        keys.push_back(switchKey("fairfinish", "everyone gets the same number of turns",
                                 &Rules::fairFinish));
        keys.push_back(switchKey("passround", "a full round of passes draws",
                                 &Rules::passRoundDraw));
        keys.push_back(countKey("movelimit", "0..100000", "rounds before the game is stopped; 0: none",
                                &Rules::moveLimit, 0, 100000));
        keys.push_back(enumKey<LimitResult>(
            "limitresult", "result at the move limit", &Rules::limitResult,
            {{"draw", LimitResult::Draw}, {"progress", LimitResult::Progress}}));
        keys.push_back(countKey("stall", "0..100000",
                                "rounds without progress before places go by progress; 0: none",
                                &Rules::stall, 0, 100000));
        keys.push_back(countKey("repetition", "0|2..100",
                                "occurrences of one position that draw; 0: none",
                                &Rules::repetition, 0, 100));
        keys.push_back(switchKey("adjacent", "adjacent entry past an immovable blocker",
                                 &Rules::adjacentEntry));
        keys.push_back(
            switchKey("mustleave", "a piece in a blocked foreign goal must leave", &Rules::mustLeave));
        return keys;
    }();
    return table;
}

const KeyHandler* findHandler(std::string_view key) {
    for (const KeyHandler& handler : handlers()) {
        if (handler.info.key == key) return &handler;
    }
    return nullptr;
}

int applyOrder(std::string_view key) {
    if (key == "preset") return 0;
    if (key == "players") return 1;
    if (key == "armies") return 2;
    return 3;
}

}  // namespace

Expected<Rules> applyRuleWords(const Rules& base, const std::vector<std::string_view>& words) {
    struct Pending {
        const KeyHandler* handler;
        std::string_view value;
    };
    std::vector<Pending> pending;
    for (std::string_view word : words) {
        const size_t equals = word.find('=');
        if (equals == std::string_view::npos) {
            return Error{fmt::format("expected key=value, got '{}'", word)};
        }
        const std::string_view key = word.substr(0, equals);
        const KeyHandler* handler = findHandler(key);
        if (handler == nullptr) return Error{fmt::format("unknown rule key '{}'", key)};
        for (const Pending& earlier : pending) {
            if (earlier.handler == handler) return Error{fmt::format("{} is given twice", key)};
        }
        pending.push_back({handler, word.substr(equals + 1)});
    }
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& a, const Pending& b) {
        return applyOrder(a.handler->info.key) < applyOrder(b.handler->info.key);
    });
    Rules rules = base;
    std::optional<int> playersAsked;
    for (const Pending& item : pending) {
        if (auto error = item.handler->set(rules, item.value)) return Error{*error};
        if (item.handler->info.key == "players") playersAsked = rules.players;
        if (item.handler->info.key == "armies" && playersAsked && *playersAsked != rules.players) {
            return Error{fmt::format("armies lists {} players but players={}", rules.players,
                                     *playersAsked)};
        }
    }
    if (auto error = validate(rules)) return Error{*error};
    return rules;
}

std::string formatRules(const Rules& rules) {
    std::string text;
    for (const KeyHandler& handler : handlers()) {
        if (!text.empty()) text += ' ';
        text += fmt::format("{}={}", handler.info.key, handler.get(rules));
    }
    return text;
}

const std::vector<RuleKeyInfo>& ruleKeys() {
    static const std::vector<RuleKeyInfo> keys = [] {
        std::vector<RuleKeyInfo> out;
        for (const KeyHandler& handler : handlers()) out.push_back(handler.info);
        return out;
    }();
    return keys;
}

}  // namespace cc
