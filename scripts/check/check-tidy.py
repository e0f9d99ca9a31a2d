#!/usr/bin/env python3
"""clang-tidy over every C++ source file, remembering the files it found clean.

Each file's verdict is cached under a key that hashes everything clang-tidy's verdict
depends on: clang-tidy's and clang's versions, the repository's .clang-tidy, the file's
compile command, and the file preprocessed by clang with its comments kept (so every
header it includes, the system's too, and every NOLINT comment is part of the key).
Paths inside the clone are written relative to it before hashing, so a clean clone
elsewhere finds the same keys. Only clean verdicts are cached: a file with findings is
checked again on every run, and a cold cache gives the same verdict, only slower.

    python3 scripts/check/check-tidy.py [--build-dir build] [--cache-dir DIR] [--no-cache] [file ...]

The cache lives in $CCENGINE_CACHE_DIR/tidy (default ~/.cache/ccengine/tidy). Prints
how many files were checked and how many came from the cache; any finding fails.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def default_cache_dir():
    base = os.environ.get("CCENGINE_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ccengine")
    return Path(base) / "tidy"


def tool_versions():
    texts = []
    for tool in (["clang-tidy", "--version"], ["clang++", "--version"]):
        texts.append(subprocess.run(tool, capture_output=True, text=True, check=True).stdout)
    return "\n".join(texts)


def preprocess_command(entry):
    """The entry's compile command turned into clang's preprocessor, comments kept."""
    words = shlex.split(entry["command"])
    kept = []
    skip = False
    for word in words[1:]:
        if skip:
            skip = False
            continue
        if word == "-o":
            skip = True
            continue
        if word == "-c":
            continue
        kept.append(word)
    return ["clang++", "-E", "-C", "-w"] + kept


def relative_text(text, root, build_dir):
    # The build folder first: it may lie inside the clone.
    return text.replace(str(build_dir), "<build>").replace(str(root), "<root>")


def cache_key(entry, common, root, build_dir):
    result = subprocess.run(preprocess_command(entry), cwd=entry["directory"],
                            capture_output=True)
    if result.returncode != 0:
        return None  # clang-tidy will say what is wrong with the file
    digest = hashlib.sha256()
    digest.update(common)
    digest.update(relative_text(entry["command"], root, build_dir).encode())
    digest.update(relative_text(result.stdout.decode("utf-8", "replace"), root,
                                build_dir).encode())
    return digest.hexdigest()


def guessed_entry(name, entries):
    """A file the build does not compile (the fuzz targets, built only by
    scripts/fuzz/fuzz.sh): clang-tidy guesses its command from a file beside it, and the
    key takes the same guess."""
    folder = os.path.dirname(name)
    for other, entry in sorted(entries.items()):
        if os.path.dirname(other) == folder:
            command = entry["command"].replace(entry["file"], name)
            return {"directory": entry["directory"], "command": command, "file": name}
    return None


def check(entry, build_dir, cache_dir, common, root):
    """(file, findings or None, whether the verdict came from the cache)."""
    key = cache_key(entry, common, root, build_dir) if cache_dir else None
    if key and (cache_dir / key).exists():
        return entry["file"], None, True
    result = subprocess.run(
        ["clang-tidy", "-p", str(build_dir), "--quiet", "--warnings-as-errors=*", entry["file"]],
        capture_output=True, text=True)
    if result.returncode != 0:
        return entry["file"], result.stdout + result.stderr, False
    if key:
        cache_dir.mkdir(parents=True, exist_ok=True)
        (cache_dir / key).write_text(os.path.relpath(entry["file"], root) + "\n")
    return entry["file"], None, False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--cache-dir", type=Path, default=default_cache_dir())
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("files", nargs="*",
                        help="default: every src/, tests/ and python/ .cpp file but src/wasm/'s")
    args = parser.parse_args()

    root = ROOT
    build_dir = (root / args.build_dir).resolve()
    database = build_dir / "compile_commands.json"
    if not database.exists():
        print(f"check-tidy: no {database}; configure the build first", file=sys.stderr)
        return 2
    entries = {str(Path(e["file"]).resolve()): e for e in json.loads(database.read_text())}
    if args.files:
        files = [str((Path.cwd() / f).resolve()) for f in args.files]
    else:
        listed = subprocess.run(["git", "ls-files", "src/*.cpp", "tests/*.cpp", "python/*.cpp"], cwd=root,
                                capture_output=True, text=True, check=True).stdout.split()
        # src/wasm/ is compiled only by emscripten (scripts/web/build-wasm.sh), against its
        # own headers: the native build has no command for it, and none of its
        # neighbours' would find <emscripten.h>.
        files = [str(root / f) for f in listed if not f.startswith("src/wasm/")]
    for name in files:
        if name not in entries:
            guessed = guessed_entry(name, entries)
            if guessed is None:
                print(f"check-tidy: no compile command for {name} nor for a file beside it",
                      file=sys.stderr)
                return 2
            entries[name] = guessed

    cache_dir = None if args.no_cache else args.cache_dir
    common = b""
    if cache_dir:
        config = (root / ".clang-tidy").read_bytes()
        common = hashlib.sha256(tool_versions().encode() + b"\0" + config).digest()
    findings = []
    cached = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        jobs = [pool.submit(check, entries[f], build_dir, cache_dir, common, root) for f in files]
        for job in concurrent.futures.as_completed(jobs):
            name, found, from_cache = job.result()
            cached += from_cache
            if found:
                findings.append((name, found))
    for name, found in sorted(findings):
        lines = [l for l in found.splitlines() if "warning:" in l or "error:" in l]
        print("\n".join(lines) if lines else found, file=sys.stderr)
    print(f"check-tidy: {len(files)} files, {len(files) - cached} checked, {cached} clean "
          f"in the cache{'' if cache_dir else ' (no cache)'}", file=sys.stderr)
    if findings:
        print(f"check-tidy: findings above in {len(findings)} files", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
