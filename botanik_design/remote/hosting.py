"""Run a host until Ctrl+C or SIGTERM: the server, the tokens file, join lines, web pages.

The browser pages are served by the caller's ``web`` function (``host --web`` passes
:func:`botanik_design.tui.remote.web.start_web`: only the TUI layer serves screens).
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from botanik_design.remote.records import Hosted
from botanik_design.remote.server import GameServer
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import save_tokens

#: ``start(server, bind, port) -> (runner with cleanup(), {seat: page URL})``.
WebPages = Callable[[GameServer, str, int], Awaitable[tuple[Any, dict[str, str]]]]


def join_lines(server: GameServer, bots: dict[int, str], host: str | None = None) -> list[str]:
    """One ``botanik-design join ADDRESS`` line per free seat and one for spectators."""
    lines = []
    for seat in ("0", "1", "watch"):
        if seat != "watch" and int(seat) in bots:
            continue
        label = "spectators (read-only)" if seat == "watch" else f"seat {seat}"
        lines.append(f"{label}: botanik-design join {server.link(seat, host)}")
    return lines


async def host_game(hosted: Hosted, record: Path, tokens: dict[str, str], bots: dict[int, str],
                    bind: str, port: int, name: str, web_port: int | None = None,
                    stop: asyncio.Event | None = None, web: WebPages | None = None) -> int:
    """Serve until ``stop`` is set (or a signal); returns the exit code.  With ``web_port``
    and ``web``, also the browser pages (``web(server, bind, web_port)``)."""
    table = Table(hosted, record, tokens, bots, name)
    try:
        table.save()
    except OSError as exc:
        print(f"error: cannot write {record}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    server = GameServer(table, bind, port)
    try:
        await server.start()
    except OSError as exc:
        print(f"error: cannot listen on {bind}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        save_tokens(record, tokens, server.port)
    except OSError as exc:
        await server.close()
        print(f"error: cannot write the tokens beside {record}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    info = hosted.game.info
    from botanik_design.games.base import Determinizable

    seed = f", seed {hosted.refs.get('seed', 0)}" if isinstance(hosted.state,
                                                                 Determinizable) else ""
    print(f"hosting {info.title}{seed}, move {table.step + 1}; record: {record}", flush=True)
    shown = socket.gethostname() if bind in ("0.0.0.0", "::", "") else None
    for line in join_lines(server, bots, shown):
        print(line, flush=True)
    runner = None
    if web_port is not None and web is not None:
        runner, pages = await web(server, bind, web_port)
        for seat, url in pages.items():
            print(f"browser, {seat}: {url}", flush=True)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()
    if runner is not None:
        await runner.cleanup()
    await server.close()
    print(f"host stopped at move {table.step + 1}; record: {record}", flush=True)
    return 0


def serve_forever(hosted: Hosted, record: Path, tokens: dict[str, str], bots: dict[int, str],
                  bind: str, port: int, name: str, web_port: int | None = None,
                  web: WebPages | None = None) -> int:
    return asyncio.run(host_game(hosted, record, tokens, bots, bind, port, name, web_port,
                                 web=web))
