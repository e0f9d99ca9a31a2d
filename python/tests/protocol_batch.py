"""Many commands through one engine process at once: the module's answers are checked
against the protocol's in bulk, thousands of positions in a second or two."""

import subprocess


def run_session(engine: str, commands: list[str], timeout: float = 120.0) -> list[str]:
    """The engine's output lines for the commands (then `quit`)."""
    completed = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                               capture_output=True, text=True, timeout=timeout, check=True)
    return completed.stdout.splitlines()


def run_until(engine: str, commands: list[str], last_prefix: str, timeout: float = 60.0) -> list[str]:
    """The output lines up to the first that starts with `last_prefix` (a job's answer,
    such as perft's `nodes` line, which `quit` would cut short), then quits."""
    process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        process.stdin.write("\n".join(commands) + "\n")
        process.stdin.flush()
        lines = []
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(last_prefix):
                break
        process.stdin.write("quit\n")
        process.stdin.close()
        process.wait(timeout)
        return lines
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
