// Rules from the same text as `setrules` (protocol-spec/rules.md): every key and preset.

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "core/presets.h"
#include "core/rules_text.h"
#include "util/text.h"

namespace py = pybind11;

namespace cc::python {
namespace {

RulesHandle makeRules(const std::string& text, const py::kwargs& keys) {
    std::vector<std::string> owned;
    for (const std::string_view word : splitWords(text)) owned.emplace_back(word);
    // Keyword arguments are more words: Rules(preset="super", players=3).
    for (const auto& [key, value] : keys)
        owned.push_back(py::str(key).cast<std::string>() + "=" +
                        py::str(value).cast<std::string>());
    const std::vector<std::string_view> words(owned.begin(), owned.end());
    Expected<Rules> rules = applyRuleWords(Rules{}, words);
    if (!rules) throw RulesFailure(rules.error());
    return RulesHandle{Layout::make(*rules)};
}

std::string_view kindName(RuleKeyKind kind) {
    switch (kind) {
        case RuleKeyKind::Combo:
            return "combo";
        case RuleKeyKind::Spin:
            return "spin";
        case RuleKeyKind::String:
            return "string";
    }
    return "string";
}

}  // namespace

void bindRules(py::module_& module) {
    py::class_<RulesHandle>(module, "Rules",
                            "A rule set, from `setrules` words: Rules('preset=super players=3')")
        .def(py::init(&makeRules), py::arg("text") = "")
        .def("__str__", [](const RulesHandle& rules) { return formatRules(rules.layout->rules()); })
        .def("__repr__",
             [](const RulesHandle& rules) {
                 return "Rules('" + formatRules(rules.layout->rules()) + "')";
             })
        .def("__eq__",
             [](const RulesHandle& rules, const RulesHandle& other) {
                 return formatRules(rules.layout->rules()) == formatRules(other.layout->rules());
             })
        .def("__hash__",
             [](const RulesHandle& rules) {
                 return py::hash(py::str(formatRules(rules.layout->rules())));
             })
        .def_property_readonly("players",
                               [](const RulesHandle& rules) { return rules.layout->players(); })
        .def_property_readonly("preset",
                               [](const RulesHandle& rules) {
                                   return presetDefinition(rules.layout->rules().preset).name;
                               })
        .def_static(
            "keys",
            [] {
                py::list keys;
                for (const RuleKeyDescriptor& key : ruleKeyDescriptors()) {
                    py::dict entry;
                    entry["name"] = key.name;
                    entry["kind"] = kindName(key.kind);
                    entry["choices"] = key.choices;
                    entry["min"] = key.min;
                    entry["max"] = key.max;
                    entry["default"] = key.defaultValue;
                    keys.append(entry);
                }
                return keys;
            },
            "Every rule key, as `cci` describes it: name, kind, choices, min, max, default.")
        .def_static(
            "presets",
            [] {
                py::list presets;
                for (const PresetDefinition& preset : presetDefinitions())
                    presets.append(
                        py::make_tuple(preset.name, preset.minPlayers, preset.maxPlayers));
                return presets;
            },
            "Every preset as (name, fewest players, most players).");
}

}  // namespace cc::python
