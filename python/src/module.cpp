// The native module: Chinese Checkers' rules and ccengine's engine at native speed.
// The pure-Python package around it (python/ccengine/) adds the engine client and the
// multi-agent environment.

#include <pybind11/pybind11.h>

#include "bindings.h"

namespace py = pybind11;

PYBIND11_MODULE(_ccengine, module) {
    using namespace cc::python;
    module.doc() = "ccengine's rules, positions and engine (python/README.md)";
    // Wrong input is a ValueError, as Python's own parsers raise; a finished game moved
    // on is a MoveError too, so one `except MoveError` covers both.
    py::register_exception<RulesFailure>(module, "RulesError", PyExc_ValueError);
    py::register_exception<PositionFailure>(module, "PositionError", PyExc_ValueError);
    const auto moveError =
        py::register_exception<MoveFailure>(module, "MoveError", PyExc_ValueError);
    py::register_exception<GameOverFailure>(module, "GameOverError", moveError.ptr());
    bindRules(module);
    bindPosition(module);
    bindSearch(module);
    bindBatch(module);
}
