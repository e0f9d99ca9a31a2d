# Sourced by the scripts that configure a build folder: use_ninja <folder> makes the next
# configure of it use Ninja (Debian's ninja-build), which compiles every library's files
# side by side, where make builds a library's files only once the libraries it links are
# built, and a cold build takes less wall time (protocol-spec/measurements.md).
# A folder configured before with make is configured afresh (cmake refuses to switch).
use_ninja() {
  bash "$(dirname "${BASH_SOURCE[0]}")/install-packages.sh" ninja-build
  export CMAKE_GENERATOR=Ninja
  if [ -f "$1/CMakeCache.txt" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$1/CMakeCache.txt"; then
    rm -rf "$1/CMakeCache.txt" "$1/CMakeFiles"
  fi
}
