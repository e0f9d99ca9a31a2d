# Compiler outputs cached by ccache, where it is installed (scripts/setup.sh installs
# it; -DCCENGINE_CCACHE=OFF builds without). ccache keys an object on the compiler, its
# flags and the preprocessed source, so a changed source, header, flag or compiler
# misses. Two things it would not see are added to the key:
#   - what -march=native means on this processor (the flag reads the same everywhere):
#     the compiler's expansion of it is written to a file that ccache hashes
#     (CCACHE_EXTRAFILES), so an object made for another processor misses;
#   - the clone's own path is taken out of the key (CCACHE_BASEDIR), so a fresh clone
#     elsewhere hits. Builds with debug information (the sanitized and fuzz builds)
#     write the path into the object: -fdebug-prefix-map writes it as `.` instead, and
#     ccache then leaves the folder out of the key too. The unity batches name their
#     sources by relative paths for the same reason (cmake/Unity.cmake), and the tests
#     read their programs' paths at run time (tests/test_paths.h).
option(CCENGINE_CCACHE "Cache compiler outputs with ccache when it is installed" ON)
if(CCENGINE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(CCENGINE_CCACHE_PROGRAM ccache)
  if(CCENGINE_CCACHE_PROGRAM)
    set(ccache_environment CCACHE_BASEDIR=${PROJECT_SOURCE_DIR})
    if(CCENGINE_NATIVE AND HAS_MARCH_NATIVE)
      # From the root folder: clang writes its working folder into the expansion.
      execute_process(COMMAND ${CMAKE_CXX_COMPILER} -march=native -### -E -x c++ /dev/null
                      WORKING_DIRECTORY /
                      ERROR_VARIABLE native_expansion OUTPUT_QUIET)
      set(native_key ${PROJECT_BINARY_DIR}/ccache-march-native.txt)
      file(WRITE ${native_key} "${native_expansion}")
      list(APPEND ccache_environment CCACHE_EXTRAFILES=${native_key})
    endif()
    if(EMSCRIPTEN)
      # em++ is a script over the system's clang: ccache's default check (the script's
      # modification time) would not see that clang changed. Both versions are the key.
      execute_process(COMMAND ${CMAKE_CXX_COMPILER} --version OUTPUT_VARIABLE emscripten_version)
      execute_process(COMMAND em-config LLVM_ROOT OUTPUT_VARIABLE llvm_root
                      OUTPUT_STRIP_TRAILING_WHITESPACE)
      execute_process(COMMAND ${llvm_root}/clang --version OUTPUT_VARIABLE clang_version)
      string(SHA1 compiler_key "${emscripten_version}${clang_version}")
      list(APPEND ccache_environment CCACHE_COMPILERCHECK=string:${compiler_key})
    endif()
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env ${ccache_environment}
                                    ${CCENGINE_CCACHE_PROGRAM})
    add_compile_options(-fdebug-prefix-map=${PROJECT_SOURCE_DIR}=.)
  endif()
endif()
