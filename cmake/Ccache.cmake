# Compiler outputs cached by ccache, where it is installed (scripts/setup.sh installs
# it; -DCCENGINE_CCACHE=OFF builds without). ccache keys an object on the compiler, its
# flags and the preprocessed source, so a changed source, header, flag or compiler
# misses. Two things it would not see are added to the key:
#   - what -march=native means on this processor (the flag reads the same everywhere):
#     the compiler's expansion of it is written to a file that ccache hashes
#     (CCACHE_EXTRAFILES), so an object made for another processor misses;
#   - the clone's own path is taken out of the key (CCACHE_BASEDIR), so a fresh clone
#     elsewhere hits; builds with debug information (the sanitizer builds) still hash
#     their folder, since the path is written into the object.
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
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env ${ccache_environment}
                                    ${CCENGINE_CCACHE_PROGRAM})
  endif()
endif()
