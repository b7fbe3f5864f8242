"""A client whose host cannot be reached says so (and why) while it keeps trying."""

from __future__ import annotations

import asyncio
import errno
import socket

import pytest
from websockets.exceptions import InvalidURI

from botanik_design.remote.client import Client, _reason


@pytest.mark.parametrize(("exc", "words"), [
    (ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed"), "connection refused"),
    (OSError(errno.EHOSTUNREACH, "x"), "no route to host"),
    (OSError("Multiple exceptions: ..."), "Multiple exceptions: ..."),
    (TimeoutError(), "no answer"),
    (InvalidURI("ws://", "bad"), "ws:// isn't a valid URI: bad"),
])
def test_reasons_in_words(exc: BaseException, words: str) -> None:
    assert _reason(exc) == words


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_host_is_reported_and_retried() -> None:
    async def run() -> list[str]:
        said: list[str] = []
        seen = asyncio.Event()
        client = Client(f"ws://127.0.0.1:{_closed_port()}/0?token=t")

        def status(text: str) -> None:
            said.append(text)
            if "cannot reach" in text:
                seen.set()

        client.on_status = status
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(seen.wait(), timeout=120)  # the retries, not a clock
        finally:
            await client.stop()
            task.cancel()
        return said

    said = asyncio.run(run())
    assert any(t == "cannot reach the host (connection refused); trying again" for t in said)
