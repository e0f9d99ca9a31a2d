#!/usr/bin/env bash
# Installs the build into a temporary prefix (`cmake --install`, README.md, Install)
# and runs what was installed: the engine (`bench 1` and a protocol session), ccmatch,
# the launcher's --help and its error without websocketd, the man pages and the licence.
#   bash tests/install_test.sh <build folder>
set -euo pipefail
build="$1"
prefix="$(mktemp -d /tmp/ccengine-install-XXXXXX)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install test: $1" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
for file in bin/ccengine bin/ccmatch bin/ccengine-gui; do
  [ -x "$prefix/$file" ] || fail "$file is not installed as a program"
done
for file in share/ccengine/web/index.html share/ccengine/web/js/main.js \
            share/ccengine/web/css/style.css share/doc/ccengine/protocol.md \
            share/doc/ccengine/rules.md share/doc/ccengine/match.md \
            share/man/man1/ccengine.1 share/man/man1/ccmatch.1 \
            share/doc/ccengine/LICENSE share/doc/ccengine/copyright; do
  [ -f "$prefix/$file" ] || fail "$file is not installed"
done
bash "$(dirname "$0")/licence_check.sh" "$prefix/share/doc/ccengine" || fail "the licence files"

# The installed engine, away from the source and build folders.
cd "$prefix"
bench="$(bin/ccengine bench 1)" || fail "ccengine bench 1 failed"
grep -q '^bench nodes [1-9][0-9]* time [0-9]* nps [0-9]*$' <<<"$bench" ||
  fail "no bench line in: $bench"
session="$(printf 'cci\nsetrules preset=masters players=3\nrules\ngo depth 1\nquit\n' | bin/ccengine)"
grep -q '^cciok$' <<<"$session" || fail "no cciok in: $session"
grep -q '^rule name preset type combo ' <<<"$session" || fail "no rule lines in: $session"
grep -q '^rules preset=masters players=3 ' <<<"$session" || fail "setrules/rules: $session"
grep -q '^bestmove ' <<<"$session" || fail "no bestmove in: $session"
bin/ccmatch -help | grep -q '^usage: ccmatch' || fail "ccmatch -help"

help="$(bin/ccengine-gui --help)" || fail "ccengine-gui --help failed"
grep -q 'ccengine-gui \[--port N\]' <<<"$help" || fail "ccengine-gui --help: $help"
# Without websocketd on the PATH (only the tools the launcher uses): one clear message,
# status 1.
mkdir "$prefix/tools"
for tool in dirname readlink sed; do ln -s "$(command -v "$tool")" "$prefix/tools/$tool"; done
status=0
message="$(PATH="$prefix/tools" /bin/bash bin/ccengine-gui 2>&1)" || status=$?
[ "$status" = 1 ] || fail "ccengine-gui without websocketd: status $status, not 1"
grep -q 'websocketd is not installed' <<<"$message" || fail "no clear message: $message"
status=0
bin/ccengine-gui --bogus 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "ccengine-gui --bogus: status $status, not 2"

for page in ccengine ccmatch; do
  warnings="$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "share/man/man1/$page.1" 2>&1 >/dev/null)"
  [ -z "$warnings" ] || fail "man --warnings $page.1: $warnings"
  LC_ALL=C.UTF-8 MANWIDTH=80 man -l "share/man/man1/$page.1" | grep -q "^NAME" ||
    fail "man -l $page.1 shows no NAME section"
done
# The Python package, where the module is built: beside the programs, with its licence
# and metadata, importable from there by Debian's python3 (a prefix of its own is not
# on python3's path, so PYTHONPATH names it).
if [ -d "$build/python/ccengine" ]; then
  site="$prefix/lib/python3/dist-packages"
  for file in ccengine/__init__.py ccengine/engine.py ccengine/env.py ccengine/LICENSE; do
    [ -f "$site/$file" ] || fail "$file is not installed in $site"
  done
  ls "$site"/ccengine/_ccengine*.so >/dev/null 2>&1 || fail "the module is not installed in $site"
  grep -q '^License: MIT$' "$site"/ccengine-*.dist-info/METADATA || fail "no licence in the metadata"
  PYTHONPATH="$site" /usr/bin/python3 -c '
import ccengine, ccengine.env, ccengine.engine, importlib.metadata
assert ccengine.__file__.startswith("'"$site"'"), ccengine.__file__
assert importlib.metadata.metadata("ccengine")["License"] == "MIT"
position = ccengine.Position(ccengine.Rules("players=3"))
assert position.perft(2) > 0
with ccengine.engine.Engine.popen(["'"$prefix"'/bin/ccengine"]) as engine:
    position.play(engine.play(position, ccengine.engine.Limit(depth=2)).move)
' || fail "the installed package does not import and play"
fi
echo "install test: passed ($prefix)"
