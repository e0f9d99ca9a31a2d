#pragma once
// The pieces of the Python module `ccengine._ccengine`, one file each: rules, positions
// and moves, the in-process engine, the batched stepper. Each turns the core's and the
// engine's errors into the module's exceptions, carrying the engine's own error text.

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "core/layout.h"

namespace cc::python {

// Thrown in C++, raised in Python as the exception of the same name (module.cpp).
struct RulesFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct PositionFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct MoveFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct GameOverFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A rule set as Python holds it: the layout every position of it shares.
struct RulesHandle {
    std::shared_ptr<const Layout> layout;
};

void bindRules(pybind11::module_& module);
void bindPosition(pybind11::module_& module);
void bindSearch(pybind11::module_& module);
void bindBatch(pybind11::module_& module);

}  // namespace cc::python
