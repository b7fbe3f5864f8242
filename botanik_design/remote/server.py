"""The game host's WebSocket server: links ``ws://HOST:PORT/SEAT?token=T`` to a :class:`Table`.

One asyncio task per connection; the table is touched only from the event loop
(bots think on a clone in a worker thread, and their answer is applied on the
loop when the position is still the one they saw).  Nothing a client sends can
stop the host: every frame is checked by :func:`~.protocol.parse_client`, a
refused one gets an ``error``, frames over :data:`~.protocol.MAX_MESSAGE`
bytes close that connection (code 1009), and a failure while handling one
message is logged and answered, never raised.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from botanik_design.bots import make_bot
from botanik_design.remote import protocol as p
from botanik_design.remote.table import Table

log = logging.getLogger("botanik_design.remote")


class GameServer:
    """Serve ``table`` on ``bind:port`` (port 0: any free port; see :attr:`port`)."""

    def __init__(self, table: Table, bind: str = "127.0.0.1", port: int = 0,
                 bot_seed: int = 0, on_move: Callable[[Table], None] | None = None) -> None:
        self.table = table
        self.bind = bind
        self.requested_port = port
        self.connections: dict[ServerConnection, str] = {}
        self.bots = {seat: make_bot(spec, bot_seed + seat) for seat, spec in table.bots.items()}
        self.server: Server | None = None
        self.on_move = on_move
        self._bot_task: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        assert self.server is not None
        port: int = next(iter(self.server.sockets)).getsockname()[1]
        return port

    async def start(self) -> None:
        self.server = await serve(self._connection, self.bind, self.requested_port,
                                  max_size=p.MAX_MESSAGE, max_queue=8,
                                  ping_interval=10, ping_timeout=20)
        self._wake_bot()

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def link(self, seat: str, host: str | None = None) -> str:
        """The join address of ``seat``."""
        return f"ws://{host or self.bind}:{self.port}/{seat}?token={self.table.tokens[seat]}"

    # -- connections ------------------------------------------------------------
    async def _connection(self, conn: ServerConnection) -> None:
        try:
            seat = self._seat_of(conn)
        except p.ProtocolError as exc:
            await _send(conn, p.error(exc.code, str(exc)))
            await conn.close(1008, exc.code)
            return
        self.connections[conn] = seat
        self.table.connected[seat] += 1
        try:
            await _send(conn, self.table.welcome(seat))
            await self.broadcast()
            async for raw in conn:
                await self._message(conn, seat, raw)
        except ConnectionClosed:
            pass
        finally:
            del self.connections[conn]
            self.table.connected[seat] -= 1
            await self.broadcast()

    def _seat_of(self, conn: ServerConnection) -> str:
        request = conn.request
        url = urlsplit(request.path if request is not None else "/")
        seat = url.path.strip("/")
        token = (parse_qs(url.query).get("token") or [""])[0]
        self.table.check_link(seat, token)
        return seat

    async def _message(self, conn: ServerConnection, seat: str, raw: str | bytes) -> None:
        try:
            reply = self.table.handle(seat, p.parse_client(raw))
        except p.ProtocolError as exc:
            await _send(conn, p.error(exc.code, str(exc)))
            return
        except Exception:  # a host bug: logged, the sender told, the host goes on
            log.exception("failed to handle a message from seat %s", seat)
            await _send(conn, p.error("malformed", "the host could not handle that message"))
            return
        if reply.to_sender is not None:
            await _send(conn, reply.to_sender)
        if reply.changed:
            self._moved()
            await self.broadcast()

    async def broadcast(self) -> None:
        """Send every connection its seat's ``state``, all at once: a connection that has not
        taken a message within :data:`SEND_TIMEOUT` seconds (a client that stopped reading,
        a network gone silent) is dropped, so it cannot hold up the game for the others
        (a real client reconnects by itself and gets the state then)."""
        views: dict[str, str] = {}
        sends = []
        for conn, seat in list(self.connections.items()):
            if seat not in views:
                views[seat] = self.table.view(seat)
            sends.append(_send_or_drop(conn, views[seat]))
        await asyncio.gather(*sends)

    # -- bots -------------------------------------------------------------------
    def _moved(self) -> None:
        if self.on_move is not None:
            self.on_move(self.table)
        self._wake_bot()

    def _wake_bot(self) -> None:
        if self.table.bot_to_move() is not None and (
                self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turns())

    async def _bot_turns(self) -> None:
        while (seat := self.table.bot_to_move()) is not None:
            step = self.table.step
            snapshot = self.table.state.clone()
            action = await asyncio.to_thread(self.bots[seat].step, snapshot)
            if self.table.step != step or self.table.bot_to_move() != seat:
                continue
            self.table.play(action)
            if self.on_move is not None:
                self.on_move(self.table)
            await self.broadcast()


#: Seconds a connection may take to accept a ``state`` before it is dropped.
SEND_TIMEOUT = 10.0


async def _send_or_drop(conn: ServerConnection, text: str) -> None:
    try:
        await asyncio.wait_for(_send(conn, text), SEND_TIMEOUT)
    except TimeoutError:
        log.warning("dropping a connection that stopped reading (%s)", conn.remote_address)
        conn.transport.abort()


async def _send(conn: ServerConnection, text: str) -> None:
    try:
        await conn.send(text)
    except ConnectionClosed:
        pass
