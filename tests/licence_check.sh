#!/usr/bin/env bash
# Checks a doc folder as installed (`cmake --install`) or unpacked from the Debian package:
# LICENSE is the repository's MIT licence, and `copyright` is Debian's machine-readable
# form of it (DEP-5) with the same holders and the same terms.
#   bash tests/licence_check.sh <doc folder>
set -euo pipefail
doc="$1"
source_licence="$(dirname "$0")/../LICENSE"
fail() { echo "licence check: $1" >&2; exit 1; }

[ -f "$doc/LICENSE" ] || fail "no LICENSE in $doc"
[ -f "$doc/copyright" ] || fail "no copyright in $doc"
cmp -s "$doc/LICENSE" "$source_licence" || fail "$doc/LICENSE differs from the repository's"
head -n 1 "$doc/LICENSE" | grep -qx 'MIT License' || fail "LICENSE is not the MIT licence"

copyright="$doc/copyright"
head -n 1 "$copyright" |
  grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
  fail "copyright has no DEP-5 Format line"
grep -qx 'Files: \*' "$copyright" || fail "copyright has no 'Files: *' paragraph"
holders="$(sed -n 's/^Copyright (c) //p' "$source_licence")"
grep -qx "Copyright: $holders" "$copyright" || fail "copyright does not name '$holders'"
[ "$(grep -cx 'License: MIT' "$copyright")" = 2 ] ||
  fail "copyright needs 'License: MIT' in the Files paragraph and a stand-alone one"
# The licence paragraph's text, unfolded (' .' is an empty line), is LICENSE's terms.
terms="$(sed -n 's/^ //p' "$copyright" | sed 's/^\.$//')"
expected="$(sed -n '/^Permission/,$p' "$source_licence")"
[ -n "$expected" ] || fail "no terms in the repository's LICENSE"
[ "$terms" = "$expected" ] || fail "copyright's terms differ from LICENSE"
echo "licence check: passed ($doc)"
