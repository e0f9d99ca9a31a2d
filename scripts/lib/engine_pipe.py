"""A ccengine process spoken to line by line through pipes, for the scripts that drive
the engine (same-search.py, make-openings.py): commands in on stdin, replies read until
the line that ends them."""

import subprocess


class EnginePipe:
    def __init__(self, command):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        """The lines (without their line ends) up to and with the first that starts with
        `prefix`; RuntimeError when the engine closes its output first."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine closed its output waiting for '{prefix}'")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)
