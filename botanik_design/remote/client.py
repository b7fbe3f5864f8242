"""A seat's connection to a game host, with its replica of what the host sent.

:class:`Client` keeps the last ``welcome`` and ``state`` messages (the seat's
observation, the public move list, its legal actions) and reconnects by itself
after a drop, with the same link, until :meth:`Client.stop`.  Callbacks are
called on the event loop: ``on_state(view)``, ``on_error(code, message)``,
``on_status(text)``.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from botanik_design.remote import protocol as p

#: Seconds between two attempts to reach the host after a drop.
RETRY_DELAYS = (0.1, 0.3, 1.0, 2.0)


class AddressError(ValueError):
    """A join address that is not ``ws://HOST:PORT/SEAT?token=TOKEN``."""


def check_address(address: str) -> str:
    """The seat an address opens; raises :class:`AddressError`."""
    url = urlsplit(address)
    if url.scheme not in ("ws", "wss") or not url.hostname:
        raise AddressError(f"{address!r}: a join address starts with ws://HOST:PORT/")
    seat = url.path.strip("/")
    if seat not in ("0", "1", p.SPECTATOR):
        raise AddressError(f"{address!r}: the seat is 0, 1 or {p.SPECTATOR}")
    if not (parse_qs(url.query).get("token") or [""])[0]:
        raise AddressError(f"{address!r}: no ?token=... (copy the whole line the host printed)")
    return seat


@dataclass
class Client:
    """One seat's view of a hosted game (see the module docstring)."""

    address: str
    name: str = ""
    on_state: Callable[[dict[str, Any]], None] | None = None
    on_error: Callable[[str, str], None] | None = None
    on_status: Callable[[str], None] | None = None
    welcome: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    connected: bool = False
    #: Set when the host refused the link itself (wrong token or seat): no retry.
    refused: str = ""
    _conn: ClientConnection | None = field(default=None, repr=False)
    _stop: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        self.seat = check_address(self.address)

    @property
    def player(self) -> int | None:
        return None if self.seat == p.SPECTATOR else int(self.seat)

    def my_turn(self) -> bool:
        v = self.view
        return v is not None and not v["terminal"] and v["to_move"] == self.player

    async def run(self) -> None:
        """Stay connected (reconnecting after drops) until :meth:`stop` or a refusal."""
        attempt = 0
        while not self._stop and not self.refused:
            try:
                async with connect(self.address, max_size=None, open_timeout=5,
                                   ping_interval=10, ping_timeout=20) as conn:
                    self._conn = conn
                    attempt = 0
                    await self._session(conn)
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as exc:
                failure = _reason(exc)
            else:
                failure = ""
            finally:
                self._conn = None
                if self.connected:
                    self.connected = False
                    self._status("connection lost: reconnecting")
            if self._stop or self.refused:
                break
            delay = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)]
            if failure and attempt >= 2:  # a drop's first quick retries stay quiet
                self._status(f"cannot reach the host ({failure}); trying again")
            await asyncio.sleep(delay)
            attempt += 1

    async def _session(self, conn: ClientConnection) -> None:
        if self.name and self.player is not None:
            await conn.send(p.client_hello(self.name))
        async for raw in conn:
            msg = p.parse_host(raw)
            kind = msg["type"]
            if kind == "welcome":
                self.welcome = msg
                self.connected = True
                self._status("connected")
            elif kind == "state":
                self.view = msg
                if self.on_state is not None:
                    self.on_state(msg)
            elif kind == "error":
                if msg["code"] in ("bad-token", "bad-seat"):
                    self.refused = msg["message"]
                if self.on_error is not None:
                    self.on_error(msg["code"], msg["message"])

    def _status(self, text: str) -> None:
        if self.on_status is not None:
            self.on_status(text)

    async def send(self, text: str) -> bool:
        """Send one raw frame; ``False`` when not connected."""
        conn = self._conn
        if conn is None:
            return False
        try:
            await conn.send(text)
        except ConnectionClosed:
            return False
        return True

    async def move(self, action: int) -> bool:
        """Ask the host to play ``action`` at the step this client has seen."""
        step = self.view["step"] if self.view is not None else 0
        return await self.send(p.client_move(action, step))

    async def note(self, text: str) -> bool:
        return await self.send(p.client_note(text))

    async def stop(self) -> None:
        self._stop = True
        if self._conn is not None:
            await self._conn.close()


def _reason(exc: BaseException) -> str:
    """Why a connection attempt failed, in a few words (``connection refused``)."""
    if isinstance(exc, TimeoutError):
        return "no answer"
    if isinstance(exc, ConnectionClosed):
        return "the connection closed"
    if isinstance(exc, OSError) and exc.errno:
        return os.strerror(exc.errno).lower()
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__
