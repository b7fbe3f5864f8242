"""A connection that stops reading (a client that hangs, a network gone silent) cannot hold
up the game: once its buffers are full the host drops it after ``SEND_TIMEOUT`` and the
seats go on seeing every change (it once blocked every later broadcast for good)."""

from __future__ import annotations

import base64
import os
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from remote_helpers import Recorder, hive, hosting, joined, run, until

from botanik_design.remote import protocol as p
from botanik_design.remote import server as server_module


def _silent_client(link: str) -> socket.socket:
    """A WebSocket handshake on a raw socket that is never read again."""
    url = urlsplit(link)
    assert url.hostname is not None and url.port is not None
    sock = socket.create_connection((url.hostname, url.port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {url.path}?{url.query} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return sock


def test_a_client_that_stops_reading_is_dropped_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "SEND_TIMEOUT", 0.5)

    async def main() -> None:
        async with hosting(hive(), tmp_path) as server:
            a, b = Recorder(server.link("0")), Recorder(server.link("1"))
            silent = _silent_client(server.link("watch"))
            try:
                await until(lambda: server.table.connected["watch"] == 1, "the silent spectator")
                async with joined(a, b):
                    # every note makes every later state message longer: megabytes soon
                    for i in range(80):
                        assert await a.note(f"{i:03d}" + "x" * (p.MAX_NOTE - 3))
                        await until(lambda n=i + 1: all(
                            c.view is not None and len(c.view["notes"]) == n for c in (a, b)),
                            f"note {i + 1} at both seats")
                    await until(lambda: server.table.connected["watch"] == 0,
                                "the silent spectator dropped")
                    assert a.view is not None
                    await a.move(a.view["legal"][0][0])
                    await until(lambda: all(c.view is not None and c.view["step"] == 1
                                            for c in (a, b)), "the move at both seats")
            finally:
                silent.close()

    run(main())

