#!/usr/bin/env bash
# Checks that every C++ source file follows the repository's .clang-format; with
# --fix, rewrites the files that do not.
set -euo pipefail
cd "$(dirname "$0")/../.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "check-format: files differ from .clang-format; run: bash scripts/check/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted" >&2
