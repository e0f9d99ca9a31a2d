"""Many commands through one engine process at once: the module's answers are checked
against the protocol's in bulk, thousands of positions in a second or two."""

import subprocess


def run_session(engine: str, commands: list[str], timeout: float = 120.0) -> list[str]:
    """The engine's output lines for the commands (then `quit`)."""
    completed = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                               capture_output=True, text=True, timeout=timeout, check=True)
    return completed.stdout.splitlines()
