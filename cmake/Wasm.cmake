# The WebAssembly build (scripts/web/build-wasm.sh): the engine's own sources, compiled by
# emscripten into ccengine.js, its .wasm and its pthread worker, and into the one-thread
# ccengine-single.js and its .wasm, for the npm package and the page's in-page engine
# (packages/js/, protocol-spec/gui.md). Emscripten, not clang's bare wasm32
# target: the engine needs libc++, threads (the search runs on a worker thread, as
# natively) and stdio glue, which only emscripten's runtime gives.
#
# Only what the protocol needs: `ccengine tune` and `ccengine race` (tools' two command
# lines, and the race table's generator) need Boost.Program_options, ccmatch's records
# and std::atomic_ref, which libc++ 14 lacks; the page has no command line.

# fmt header-only from the host's headers (Debian's libfmt-dev): its compiled library
# is the host's. Only fmt/ is put on the path, not the host's /usr/include.
find_path(CCENGINE_FMT_INCLUDE fmt/format.h PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH)
if(NOT CCENGINE_FMT_INCLUDE)
  message(FATAL_ERROR "the wasm build needs fmt's headers (Debian: libfmt-dev)")
endif()
set(fmt_only ${PROJECT_BINARY_DIR}/fmt-headers)
file(MAKE_DIRECTORY ${fmt_only})
file(CREATE_LINK ${CCENGINE_FMT_INCLUDE}/fmt ${fmt_only}/fmt SYMBOLIC)

include(cmake/Ccache.cmake)
set(wasm_sources)
foreach(layer util core search tools engine protocol wasm)
  file(GLOB_RECURSE layer_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${layer}/*.cpp)
  list(APPEND wasm_sources ${layer_sources})
endforeach()
list(FILTER wasm_sources EXCLUDE REGEX
     "/src/(tools/(tune|tune_command_line|race)|search/race/generate)\\.cpp$")

# Exceptions: emscripten 3.1.6 has them only through JavaScript, which makes every call
# that a catch or a destructor could see leave wasm and come back, on the search's hot
# paths too (twice as slow: protocol-spec/measurements.md). Only the files that catch a job's
# failure keep them; a throw (no memory) unwinds through the others to those catches.
set(catching_sources engine/engine.cpp search/threads.cpp search/mcts/mcts.cpp)
list(TRANSFORM catching_sources PREPEND ${PROJECT_SOURCE_DIR}/src/)
set_source_files_properties(${catching_sources} PROPERTIES COMPILE_OPTIONS -fexceptions
                            SKIP_UNITY_BUILD_INCLUSION ON)
# wasm32's size_t has 32 bits: indexing a container with a 64-bit count is narrowed,
# harmlessly (a container there holds fewer than 2^32 elements). After the warnings,
# which turn it on.
add_library(ccengine_wasm32_narrowing INTERFACE)
target_compile_options(ccengine_wasm32_narrowing INTERFACE -Wno-shorten-64-to-32)

# One build of the engine, `output`.js and .wasm: `flags` go to the compiler and the
# linker, `link_flags` to the linker.
function(ccengine_wasm_engine target output sources flags link_flags)
  add_executable(${target} ${sources})
  target_compile_options(${target} PRIVATE -fno-exceptions)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src ${fmt_only})
  target_compile_definitions(${target} PRIVATE FMT_HEADER_ONLY
                             CCENGINE_VERSION="${PROJECT_VERSION}")
  target_compile_options(${target} PRIVATE ${flags} -O3
                         -include ${PROJECT_SOURCE_DIR}/src/wasm/jthread.h)
  target_link_libraries(${target} PRIVATE ccengine_warnings ccengine_wasm32_narrowing)
  target_link_options(${target} PRIVATE ${flags} ${link_flags} -fexceptions -O3
    -sMODULARIZE=1 -sEXPORT_NAME=createCcengine -sENVIRONMENT=web,worker,node
    -sEXPORTED_FUNCTIONS=_ccengine_start,_ccengine_send,_ccengine_close,_malloc,_free
    --js-library ${PROJECT_SOURCE_DIR}/src/wasm/page_calls.js
    --post-js ${PROJECT_SOURCE_DIR}/src/wasm/send_text.js
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output} SUFFIX .js
                        RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR} LINK_DEPENDS
                        "${PROJECT_SOURCE_DIR}/src/wasm/page_calls.js;${PROJECT_SOURCE_DIR}/src/wasm/send_text.js")
endfunction()

# The engine as natively: the session on a thread of its own (session.cpp, reading
# through pipes), the search on others. Threads: -pthread on every file (atomics and
# shared memory), a pool of workers made at start-up so that the engine's threads start
# without waiting for the page.
set(threaded_sources ${wasm_sources})
list(FILTER threaded_sources EXCLUDE REGEX "/src/wasm/line_session\\.cpp$")
ccengine_wasm_engine(ccengine_wasm ccengine "${threaded_sources}" -pthread
                     "-sPTHREAD_POOL_SIZE=4;-sDEFAULT_PTHREAD_STACK_SIZE=8MB")
# The one-thread build, for pages that are not cross-origin isolated (no shared memory,
# so no threads): the session handles each line as it comes (line_session.cpp), and the
# engine runs its jobs on the caller's thread (util/threading.h). The search's stack is
# the one thread's, as large as a search thread's.
set(single_sources ${wasm_sources})
list(FILTER single_sources EXCLUDE REGEX "/src/wasm/(session|input_pipe|output_pipe)\\.cpp$")
ccengine_wasm_engine(ccengine_wasm_single ccengine-single "${single_sources}" "" -sTOTAL_STACK=8MB)
target_compile_definitions(ccengine_wasm_single PRIVATE CCENGINE_SINGLE_THREAD)
ccengine_unity_batches(${PROJECT_SOURCE_DIR})
