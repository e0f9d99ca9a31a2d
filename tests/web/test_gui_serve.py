"""The GUI server as a stranger meets it (protocol-spec/gui.md, "Serving the page"):
scripts/web/ccengine-gui started with small limits, then raw WebSocket handshakes and
sessions from Python, no browser. A page from another origin gets no engine (no 101
Switching Protocols), the engine after the last allowed one is refused until one
ends, and a connection's oversized Hash, Threads and endless `go infinite` are cut
with an `info string`. With --live FILE the feed is relayed on port+1 to the page's
own origin only, from its first line and then as lines are appended, and stopping
the server stops that relay too.

Usage: test_gui_serve.py ENGINE_BINARY
"""

import base64
import os
import socket
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serving import launcher  # noqa: E402

WAIT_SECONDS = 20
MAX_ENGINES = 2
MAX_HASH = 8
MAX_THINK_SECONDS = 1


class Opened:
    """A socket after its WebSocket handshake, with the bytes read past the HTTP reply: a
    server that speaks first (the live feed's `tail`) may send its first frame in the
    same packet as the reply."""

    def __init__(self, connection, early):
        self.socket = connection
        self.early = early

    def close(self):
        self.socket.close()


def handshake(port, origin, host=None):
    """Opens a WebSocket to the server; returns (Opened, HTTP status line)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET / HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    if origin is not None:
        request += f"Origin: {origin}\r\n"
    connection.sendall((request + "\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = connection.recv(4096)
        if not chunk:
            break
        reply += chunk
    head, _, early = reply.partition(b"\r\n\r\n")
    return Opened(connection, early), head.split(b"\r\n")[0].decode(errors="replace")


class Engine:
    """One protocol session over an accepted WebSocket (one line per text message)."""

    def __init__(self, opened):
        self.connection = opened.socket
        self.buffer = opened.early

    def send(self, line):
        payload = line.encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.connection.sendall(header + mask + masked)

    def exactly(self, count):
        while len(self.buffer) < count:
            chunk = self.connection.recv(65536)
            if not chunk:
                raise RuntimeError("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        first, second = self.exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self.exactly(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self.exactly(8))[0]
        payload = self.exactly(length)
        if first & 0x0F == 8:
            raise RuntimeError("the server closed the WebSocket")
        return payload.decode().rstrip("\n")

    def lines_until(self, wanted):
        """Every line up to and with the first that starts with `wanted`."""
        lines = []
        while not lines or not lines[-1].startswith(wanted):
            lines.append(self.receive())
        return lines


failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def open_engine(port):
    connection, status = handshake(port, f"http://127.0.0.1:{port}")
    check(" 101 " in status + " ", f"the page's own origin gets an engine ({status})")
    return Engine(connection)


def check_live_feed(engine_binary):
    """The live relay of --live FILE (protocol-spec/gui.md, "Watching ccmatch games")."""
    feed = os.path.join(tempfile.mkdtemp(prefix="ccengine-live-"), "live.jsonl")
    with open(feed, "w") as lines:
        lines.write('{"type":"standings","games":0}\n')
    with launcher(engine_binary, "--live", feed, seconds=WAIT_SECONDS) as (_, port, _page):
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                connection, status = handshake(port + 1, f"http://127.0.0.1:{port}")
                break
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # polling for the relay's port to open
        check(" 101 " in status + " ", f"the page's own origin reads the live feed ({status})")
        for origin in ["http://evil.example", None]:
            refused, refusal = handshake(port + 1, origin)
            refused.close()
            check(" 101 " not in refusal + " ", f"the live feed refuses origin {origin} ({refusal})")
        watcher = Engine(connection)
        first = watcher.receive()
        check(first == '{"type":"standings","games":0}', f"the feed starts at its first line: {first}")
        with open(feed, "a") as lines:
            lines.write('{"type":"standings","games":1}\n')
        appended = watcher.receive()
        check(appended == '{"type":"standings","games":1}', f"a line appended reaches the watcher: {appended}")
        connection.close()
    try:
        stopped, status = handshake(port + 1, f"http://127.0.0.1:{port}")
        stopped.close()
    except OSError as error:
        status = str(error)
    check(" 101 " not in status + " ", f"the relay stops with the server ({status})")


def main(engine_binary):
    with launcher(engine_binary, "--max-engines", str(MAX_ENGINES), "--max-hash", str(MAX_HASH),
                  "--max-think", str(MAX_THINK_SECONDS), seconds=WAIT_SECONDS) as (_, port, page):
        check(b"<html" in page.lower(), "the page is served")

        # Strangers: another site, a name rebound to 127.0.0.1, no Origin at all.
        for origin, host in [("http://evil.example", None),
                             (f"http://evil.example:{port}", f"evil.example:{port}"),
                             (None, None)]:
            connection, status = handshake(port, origin, host)
            connection.close()
            check(" 101 " not in status + " ", f"origin {origin} (Host {host}) is refused ({status})")

        first = open_engine(port)
        first.send("setoption name Hash value 16384")
        first.send("setoption name Threads value 64")
        first.send("isready")
        lines = first.lines_until("readyok")
        check(f"info string Hash 16384 is above this server's limit: set to {MAX_HASH}" in lines,
              f"an oversized Hash is lowered with an info string: {lines}")
        check("info string Threads 64 is above this server's limit: set to 1" in lines,
              f"Threads above the limit is lowered too: {lines}")

        second = open_engine(port)
        # CCP would escape the limits (they live in ccengine's protocol): refused.
        second.send("ccp")
        line = second.receive()
        check(line == "error ccp: not available under a server's --max-... limits",
              f"ccp is refused under the limits: {line}")
        refused, status = handshake(port, f"http://127.0.0.1:{port}")
        refused.close()
        check(" 101 " not in status + " ", f"engine {MAX_ENGINES + 1} is refused ({status})")

        # `go infinite` searches the limit's time, then waits for stop as ever.
        first.send("go infinite")
        started = time.monotonic()
        note = first.receive()
        check(note == f"info string this server ends every search after {MAX_THINK_SECONDS * 1000} ms",
              f"go infinite is told of the limit: {note}")
        time.sleep(MAX_THINK_SECONDS + 1.5)
        first.send("isready")
        lines = first.lines_until("readyok")
        check(not any(line.startswith("bestmove") for line in lines), "no bestmove before stop")
        searching = [line for line in lines if line.startswith("info depth")]
        first.send("stop")
        lines = first.lines_until("bestmove")
        check(lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none",
              f"stop gives the move: {lines[-1]}")
        times = [int(line.split(" time ")[1].split()[0]) for line in searching + lines
                 if " time " in line]
        check(times and max(times) <= MAX_THINK_SECONDS * 1000 + 500,
              f"the search ended at the limit (times {times[-3:]}, "
              f"{time.monotonic() - started:.1f} s since go)")

        # An engine that ends frees its place.
        second.connection.close()
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            again, status = handshake(port, f"http://127.0.0.1:{port}")
            again.close()
            if " 101 " in status + " " or time.monotonic() > deadline:
                break
            time.sleep(0.2)  # polling for websocketd to reap the ended engine
        check(" 101 " in status + " ", f"a place is free again once an engine ends ({status})")
        first.send("quit")
    # The live feed is websocketd relaying `tail`: no engine code for a sanitizer to
    # judge, and under a sanitized run's load its first line has missed the deadline
    # (twice in four runs); the normal build checks it.
    if os.environ.get("CCENGINE_SANITIZED"):
        print("skipped: the live feed (no engine code; checked in the normal build)")
    else:
        check_live_feed(engine_binary)
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
