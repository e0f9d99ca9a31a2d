#!/usr/bin/env python3
"""Inputs per second of the libFuzzer targets, a base commit's against this tree's, in one
run: each target's old and new fuzzer run side by side (one core each when there are
two) for the same seconds, from scratch copies of the same seed corpus
(tests/fuzz/corpus/<target>/ of this tree) with the same dictionary.

The base is built once from `git archive BASE` with the base's own fuzz.sh (in
scripts/fuzz/, or in scripts/ before scripts/ had rooms; its --build-only when it has
one, else a 1-second run of it, which builds first) into
$FUZZ_BASE_DIR (default $TMPDIR/ccengine-fuzz-base-<commit>), and kept there. This
tree's side is CI's build (`ci`: build-fuzz/, scripts/fuzz/fuzz.sh's flags, the same as
the base's) or the long runs' (`long`: build-fuzz-long/, scripts/fuzz/fuzz-long.sh's flags
and -max_len).

For each side the table gives the inputs run, libFuzzer's average over the whole run,
and the rate once the seed corpus was loaded (INITED), which is what a long run gets;
the ratio is new over old. FUZZ_CORES="<old> <new>" pins the sides to other cores
(the same core for both shares it between them).

    python3 scripts/fuzz/fuzz-rates.py BASE_COMMIT SECONDS [ci|long] [target ...]
    python3 scripts/fuzz/fuzz-rates.py 4a5f9a5 300 long
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = ["protocol", "position", "rules"]


def build_base(commit):
    base = os.environ.get("FUZZ_BASE_DIR") or os.path.join(
        tempfile.gettempdir(), "ccengine-fuzz-base-" + commit)
    if all(os.path.exists(os.path.join(base, "build-fuzz", "fuzz_" + t)) for t in TARGETS):
        return base
    os.makedirs(base, exist_ok=True)
    archive = subprocess.run(["git", "-C", ROOT, "archive", commit], check=True,
                             stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
    # The base's own fuzz.sh: scripts/fuzz/fuzz.sh, or scripts/fuzz.sh in a commit from
    # before scripts/ had rooms.
    fuzz_sh = next(path for path in ("scripts/fuzz/fuzz.sh", "scripts/fuzz.sh")
                   if os.path.exists(os.path.join(base, path)))
    with open(os.path.join(base, fuzz_sh)) as script:
        has_build_only = "--build-only" in script.read()
    args = ["--build-only"] if has_build_only else ["1"]
    subprocess.run(["bash", fuzz_sh, *args], cwd=base, check=True,
                   stdout=subprocess.DEVNULL)
    return base


def build_new(kind):
    if kind == "ci":
        subprocess.run(["bash", "scripts/fuzz/fuzz.sh", "--build-only"], cwd=ROOT, check=True)
        return os.path.join(ROOT, "build-fuzz")
    subprocess.run(["bash", "scripts/fuzz/fuzz-long.sh", "--build-only"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "build-fuzz-long")


def max_len(kind, target):
    return 1024 if kind == "long" and target == "protocol" else 4096


class Run:
    """One fuzzer on a scratch copy of the seeds, its stderr read line by line so the
    moment the seeds are loaded is known."""

    def __init__(self, name, binary, target, length, seconds, core, scratch):
        self.name = name
        work = os.path.join(scratch, name + "-" + target)
        corpus = os.path.join(work, "corpus")
        shutil.copytree(os.path.join(ROOT, "tests", "fuzz", "corpus", target), corpus)
        os.makedirs(os.path.join(work, "found"))
        command = [binary, corpus, "-dict=" + os.path.join(ROOT, "tests/fuzz/protocol.dict"),
                   "-max_len=%d" % length, "-timeout=10", "-rss_limit_mb=2048",
                   "-max_total_time=%d" % seconds, "-print_final_stats=1",
                   "-artifact_prefix=" + os.path.join(work, "found") + "/"]
        if core is not None:
            command = ["taskset", "-c", str(core)] + command
        self.log = open(os.path.join(work, "log"), "w")
        self.started = time.monotonic()
        self.inited = None  # (seconds, inputs) at INITED
        self.units = None
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True,
                                        errors="replace", stdout=subprocess.DEVNULL)
        self.reader = threading.Thread(target=self.read)
        self.reader.start()

    def read(self):
        for line in self.process.stderr:
            self.log.write(line)
            if self.inited is None:
                match = re.match(r"#(\d+)\s+INITED ", line)
                if match:
                    self.inited = (time.monotonic() - self.started, int(match.group(1)))
            match = re.match(r"stat::number_of_executed_units:\s+(\d+)", line)
            if match:
                self.units = int(match.group(1))

    def finish(self):
        status = self.process.wait()
        self.reader.join()
        self.seconds = time.monotonic() - self.started
        self.log.close()
        self.failed = status != 0
        units = self.units or 0
        self.rate = units / self.seconds
        self.after = None
        if self.inited and self.seconds - self.inited[0] >= 1:
            self.after = (units - self.inited[1]) / (self.seconds - self.inited[0])


def main():
    if len(sys.argv) < 3 or not sys.argv[2].isdigit():
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        sys.exit(2)
    commit, seconds = sys.argv[1], int(sys.argv[2])
    kind = sys.argv[3] if len(sys.argv) > 3 else "long"
    targets = sys.argv[4:] or TARGETS
    if kind not in ("ci", "long"):
        sys.exit("the new side is ci or long, not " + kind)
    base = build_base(commit)
    new = build_new(kind)
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
    cores = [0, 1] if (os.cpu_count() or 1) >= 2 else [None, None]
    if os.environ.get("FUZZ_CORES"):  # e.g. "1 1": both sides on the second core
        cores = [int(core) for core in os.environ["FUZZ_CORES"].split()]
    print("fuzz rates: %s (%s's scripts/fuzz/fuzz.sh) against %s%s (%s), %d s each, side by side"
          % (commit, commit, head, " with changes" if dirty else "", kind, seconds))
    print("| target | old inputs | old /s (after seeds) | new inputs | new /s (after seeds) "
          "| ratio (after seeds) |")
    print("|---|---|---|---|---|---|")
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        for target in targets:
            old = Run("old", os.path.join(base, "build-fuzz", "fuzz_" + target), target, 4096,
                      seconds, cores[0], scratch)
            young = Run("new", os.path.join(new, "fuzz_" + target), target,
                        max_len(kind, target), seconds, cores[1], scratch)
            old.finish()
            young.finish()

            def after(run):
                return "%.0f" % run.after if run.after is not None else "seeds not loaded"

            ratio = young.rate / old.rate if old.rate else float("nan")
            ratio_after = (young.after / old.after if old.after and young.after
                           else float("nan"))
            print("| fuzz_%s | %d | %.0f (%s) | %d | %.0f (%s) | %.2f (%.2f) |"
                  % (target, old.units or 0, old.rate, after(old), young.units or 0,
                     young.rate, after(young), ratio, ratio_after))
            for run in (old, young):
                if run.failed:
                    failed = True
                    shutil.copyfile(run.log.name, os.path.join(
                        tempfile.gettempdir(), "fuzz-rates-%s-%s.log" % (run.name, target)))
                    print("  the %s fuzz_%s stopped with a finding: its log is in %s"
                          % (run.name, target, tempfile.gettempdir()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
