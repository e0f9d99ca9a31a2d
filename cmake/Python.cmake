# Whether to build the Python module (python/): with Debian's pybind11 (pybind11-dev)
# and the headers of Debian's python3 (python3-dev), unless switched off. Included
# before the libraries: a module is a shared object, so the libraries it links are
# compiled position-independent, as twins of the programs' own (src/CMakeLists.txt,
# cc_<layer>_pic), and without semantic interposition, so that their functions inline as
# in the programs (perft measures the same through either). The programs' libraries stay
# position-dependent: compiled for the module, the engine took about 2% longer.
#
# Not in the sanitized and fuzzing builds: a sanitized extension loads only into an
# interpreter started with the sanitizer's runtime preloaded, and the module is a thin
# layer whose code those builds' tests reach through the engine itself.
option(CCENGINE_PYTHON "Build the Python module when pybind11 is installed" ON)
# Debian's interpreter, which finds Debian's numpy and pytest (not a pyenv's first on PATH).
set(CCENGINE_PYTHON_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the module is for")
set(CCENGINE_PYTHON_MODULE OFF)
if(CCENGINE_PYTHON AND CCENGINE_SANITIZE STREQUAL "" AND NOT CCENGINE_FUZZ)
  set(Python3_EXECUTABLE ${CCENGINE_PYTHON_EXECUTABLE} CACHE FILEPATH "" FORCE)
  find_package(Python3 COMPONENTS Interpreter Development.Module)
  if(Python3_Development.Module_FOUND)
    find_package(pybind11 CONFIG QUIET)
  endif()
  if(pybind11_FOUND)
    set(CCENGINE_PYTHON_MODULE ON)
  else()
    message(STATUS "ccengine: no pybind11 or python3-dev: the Python module is not built")
  endif()
endif()

# `ccengine_python` builds the module when there is one, nothing otherwise, so that
# scripts/setup.sh --programs can name it either way.
add_custom_target(ccengine_python)
