"""``host --web``: each seat's join screen in a browser, through textual-serve.

One page per link, ``http://HOST:PORT/SEAT/TOKEN/``: the page's terminal runs
``botanik-design join`` with that seat's address on the host machine.  A wrong
seat or token gets 404 (no screen is started), else the page shows that seat's
game screen, the one ``join`` opens.  textual-serve is imported only here (in the
TUI layer, the only one that serves screens) and only for ``--web``.
"""

from __future__ import annotations

import secrets
import shlex
import sys
from typing import Any

from botanik_design.remote.server import GameServer


def _web_server(server: GameServer, bind: str, port: int) -> Any:
    from aiohttp import web
    from textual_serve.server import Server

    class SeatPages(Server):
        """textual-serve with one command per seat, chosen by the page's path."""

        def _command(self, request: web.Request) -> str:
            seat = request.match_info["seat"]
            token = server.table.tokens.get(seat)
            if token is None or not secrets.compare_digest(
                    token.encode(), request.match_info["token"].encode()):
                raise web.HTTPNotFound(text="no such seat or token")
            link = server.link(seat, "127.0.0.1" if bind in ("0.0.0.0", "::") else bind)
            return shlex.join([sys.executable, "-m", "botanik_design", "join", link])

        async def _make_app(self) -> web.Application:
            app = web.Application()
            import aiohttp_jinja2
            import jinja2

            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            app.add_routes([
                web.get("/{seat}/{token}/", self.handle_index, name="index"),
                web.get("/{seat}/{token}/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ])
            return app

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            import aiohttp_jinja2

            self._command(request)
            seat, token = request.match_info["seat"], request.match_info["token"]
            base = f"http://{request.host}"
            context = {
                "font_size": 16,
                "app_websocket_url": f"ws://{request.host}/{seat}/{token}/ws",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": f"botanik-design join: {seat}"},
            }
            response: web.StreamResponse = aiohttp_jinja2.render_template(
                "app_index.html", request, context)
            return response

        async def handle_websocket(self, request: web.Request) -> Any:
            from textual_serve.app_service import AppService

            command = self._command(request)
            websocket = web.WebSocketResponse(heartbeat=15)
            width = _size(request.query.get("width"), 80)
            height = _size(request.query.get("height"), 24)
            await websocket.prepare(request)
            service = AppService(command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=_closer(websocket),
                                 download_manager=self.download_manager, debug=False)
            try:
                await service.start(width, height)
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
            return websocket

    return SeatPages("botanik-design join", host=bind, port=port, title="botanik-design join")


def _closer(websocket: Any) -> Any:
    async def close() -> None:
        await websocket.close()

    return close


def _size(text: str | None, default: int) -> int:
    try:
        return max(10, min(500, int(text or default)))
    except ValueError:
        return default


async def start_web(server: GameServer, bind: str, port: int) -> tuple[Any, dict[str, str]]:
    """Serve the pages; returns the aiohttp runner (``cleanup()`` stops it) and the URLs."""
    from aiohttp import web

    pages = _web_server(server, bind, port)
    runner = web.AppRunner(await pages._make_app())
    await runner.setup()
    site = web.TCPSite(runner, bind, port)
    await site.start()
    real = runner.addresses[0][1]
    urls = {seat: f"http://{bind}:{real}/{seat}/{token}/"
            for seat, token in server.table.tokens.items()
            if seat == "watch" or int(seat) not in server.table.bots}
    return runner, urls
