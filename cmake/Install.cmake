# `cmake --install build --prefix P` and `cpack -G DEB` (README.md, Install): the two
# programs, the browser launcher and page, the protocol documents, the man pages and the
# licence (the Python package installs itself: python/CMakeLists.txt).
include(GNUInstallDirs)

install(TARGETS ccengine ccmatch RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The launcher finds the engine and the page relative to itself (bin/../share/ccengine/web).
install(PROGRAMS scripts/web/ccengine-gui DESTINATION ${CMAKE_INSTALL_BINDIR})
# Without the in-page engine (web/engine/, there only when scripts/web/build-wasm.sh ran): the
# installed page plays with the installed engine, through ccengine-gui.
install(DIRECTORY web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ccengine/web
        PATTERN engine EXCLUDE)
file(GLOB CCENGINE_PROTOCOL_DOCUMENTS ${PROJECT_SOURCE_DIR}/protocol-spec/*.md)
install(FILES ${CCENGINE_PROTOCOL_DOCUMENTS} DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The licence (MIT): the text as it stands in the repository, and Debian's machine-readable
# copyright file (DEP-5, /usr/share/doc/ccengine/copyright in the package), made from the
# same text so that the two cannot drift apart.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/LICENSE)
file(READ ${PROJECT_SOURCE_DIR}/LICENSE CCENGINE_LICENSE_TEXT)
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" CCENGINE_COPYRIGHT_LINE "${CCENGINE_LICENSE_TEXT}")
set(CCENGINE_COPYRIGHT_HOLDERS "${CMAKE_MATCH_1}")
string(REGEX REPLACE "^.*Copyright[^\n]*\n\n" "" CCENGINE_LICENSE_TERMS "${CCENGINE_LICENSE_TEXT}")
string(STRIP "${CCENGINE_LICENSE_TERMS}" CCENGINE_LICENSE_TERMS)
string(REPLACE "\n\n" "\n.\n" CCENGINE_LICENSE_TERMS "${CCENGINE_LICENSE_TERMS}")
string(REPLACE "\n" "\n " CCENGINE_LICENSE_TERMS "${CCENGINE_LICENSE_TERMS}")
file(WRITE ${PROJECT_BINARY_DIR}/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ccengine
Upstream-Contact: the ccengine developers <ccengine@localhost>

Files: *
Copyright: ${CCENGINE_COPYRIGHT_HOLDERS}
License: MIT

License: MIT
 ${CCENGINE_LICENSE_TERMS}
")
install(FILES LICENSE ${PROJECT_BINARY_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES protocol-spec/man/ccengine.1 protocol-spec/man/ccmatch.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(CPACK_PACKAGE_NAME ccengine)
set(CPACK_PACKAGE_VENDOR "the ccengine developers")
set(CPACK_PACKAGE_CONTACT "the ccengine developers <ccengine@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Chinese Checkers engine, match manager and browser GUI")
set(CPACK_PACKAGE_DESCRIPTION
    "ccengine plays and referees every rule set of Chinese Checkers (Sternhalma), 1 to 6 \
players, through a UCI-like text protocol. The package holds the engine, the match \
manager ccmatch, and ccengine-gui, which serves a board in the browser.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY ccengine)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The library packages (libfmt, libboost-program-options, libstdc++) come from what the
# programs link, by dpkg-shlibdeps (package dpkg-dev; cpack reads the programs with
# `file`, package file); websocketd only serves the GUI.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# numpy for the Python package's arrays (python/README.md), which Debian's python3 finds
# in /usr/lib/python3/dist-packages.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "websocketd, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "chromium | www-browser")
# A -march=native build runs only on processors like the builder's: its package says so
# in its version, so that it is not mistaken for one to give away (configure with
# -DCCENGINE_NATIVE=OFF for that).
if(CCENGINE_NATIVE)
  set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}+native")
  string(APPEND CPACK_PACKAGE_DESCRIPTION
         " Built with -march=native: it may not run on another processor.")
endif()
include(CPack)
