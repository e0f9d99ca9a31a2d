"""Starting and stopping the GUI's servers for the tests, without a browser (the
raw-WebSocket test runs under any Python): a free loopback port, a server process
whose page answers, and scripts/web/ccengine-gui with the given arguments."""

import contextlib
import os
import socket
import subprocess
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port(count=1):
    """A port that is free with the `count - 1` ports after it (ccengine-gui --live puts
    its feed on the next port): a test whose next port is taken talks to a stranger."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            if port + count > 65536:
                continue
            try:
                for following in range(port + 1, port + count):
                    with socket.socket() as neighbour:
                        neighbour.bind(("127.0.0.1", following))
            except OSError:
                continue
            return port


def wait_for_page(url, server, seconds):
    """Waits until `url` answers; returns the page. Raises if `server` exits first."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return reply.read()
        except OSError:
            if server.poll() is not None:
                raise RuntimeError(f"{server.args[0]} exited: {server.stderr.read().decode()}")
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)  # polling for the port to open, not synchronising the page


@contextlib.contextmanager
def running(command, url, seconds):
    """Runs the server command until the block ends; yields (process, the page)."""
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield server, wait_for_page(url, server, seconds)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stderr.close()


@contextlib.contextmanager
def launcher(engine_binary, *arguments, seconds=60):
    """scripts/web/ccengine-gui serving web/ with this engine on a free port, with more
    arguments (limits, --live FILE); yields (the page's address, port, the page)."""
    port = free_port(2 if "--live" in arguments else 1)
    command = ["bash", os.path.join(REPO, "scripts", "web", "ccengine-gui"), "--engine", engine_binary,
               "--page", os.path.join(REPO, "web"), "--port", str(port), *arguments]
    url = f"http://127.0.0.1:{port}/"
    with running(command, url, seconds) as (_, page):
        yield url, port, page
