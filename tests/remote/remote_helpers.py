"""Shared pieces of the remote-play tests: a host on 127.0.0.1 (ephemeral port) and clients.

Every wait is bounded (:data:`TIMEOUT`) and waits on a condition, never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from botanik_design.remote.client import Client
from botanik_design.remote.records import Hosted, new_hosted
from botanik_design.remote.server import GameServer
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens

#: Longest wait for any one condition (seconds); a loaded 2-core machine stays far below.
TIMEOUT = 60.0

#: examples/hive/short-win.yaml: White surrounds Black's Queen at move 15.
SHORT_WIN = ["wS1", "bG1 wS1\\", "wA1 -wS1", "bS1 bG1\\", "wQ /wA1", "bQ -bS1", "wS2 -wA1",
             "bA1 bS1\\", "wA2 -wS2", "bA1 /bQ", "wA2 /bA1", "bG2 bA1-", "wQ -bG1",
             "bB1 bS1/", "wA2 -bQ"]


async def until(predicate: Callable[[], bool], what: str = "condition") -> None:
    """Wait (bounded) until ``predicate()`` holds."""
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.005)

    try:
        await asyncio.wait_for(poll(), TIMEOUT)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


class Recorder(Client):
    """A client that keeps every raw message it receives (for the hidden-information check)."""

    def __init__(self, address: str, name: str = "") -> None:
        super().__init__(address, name=name)
        self.received: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.on_error = lambda code, message: self.errors.append(code)
        self.on_state = lambda view: self.received.append(view)


@asynccontextmanager
async def hosting(hosted: Hosted, folder: Path, bots: dict[int, str] | None = None
                  ) -> AsyncIterator[GameServer]:
    table = Table(hosted, folder / "game.yaml", new_tokens(), bots)
    table.save()
    server = GameServer(table, "127.0.0.1", 0)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@asynccontextmanager
async def joined(*clients: Client) -> AsyncIterator[list[asyncio.Task[None]]]:
    tasks = [asyncio.create_task(c.run()) for c in clients]
    try:
        await until(lambda: all(c.view is not None for c in clients), "the first state")
        yield tasks
    finally:
        for c in clients:
            await c.stop()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), TIMEOUT)


def botanik(seed: int = 3) -> Hosted:
    return new_hosted("standard", None, seed)


def hive() -> Hosted:
    return new_hosted("hive-tournament", None, 0)


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 10 * TIMEOUT))


def frames(raw: list[str]) -> list[dict[str, Any]]:
    return [json.loads(r) for r in raw]
