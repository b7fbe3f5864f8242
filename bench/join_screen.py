"""Remote play on loopback: from a move made on one seat's play screen to the other seat's
screen showing it (the ``join`` screens, headless), against the bare protocol in the same run.

Usage: ``python bench/join_screen.py [--moves 30] [--variant standard]``

For each move: the time from the mover's screen handing the action to its move sink to
the other seat's screen holding the new view state (the host's check and record write,
the ``state`` message, the view state rebuilt from the observation, the controller's
move log, the redraw), and, as the peer, the time to the other seat's raw ``state``
message.  Milliseconds of wall time: median, p95, max, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from botanik_design.remote.client import Client
from botanik_design.remote.records import new_hosted
from botanik_design.remote.server import GameServer
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens
from botanik_design.tui.remote.app import JoinApp


def _state(app: JoinApp) -> Any:
    screen = app.game_screen
    return screen.ctl.state if hasattr(screen, "ctl") else screen.session.state


async def measure(variant: str, moves: int, folder: Path) -> tuple[list[float], list[float]]:
    table = Table(new_hosted(variant, None, 1), folder / "bench.yaml", new_tokens())
    server = GameServer(table, "127.0.0.1", 0)
    await server.start()
    apps = [JoinApp(Client(server.link(s), name=f"p{s}")) for s in ("0", "1")]
    screen_ms: list[float] = []
    raw_ms: list[float] = []
    arrived: dict[int, float] = {}
    shown: dict[int, float] = {}
    for i, app in enumerate(apps):  # the message's arrival, and the screen's update after it
        def timed(view: dict[str, Any], seat: Any = app.seat, i: int = i) -> None:
            arrived.setdefault(view["step"] * 2 + i, time.perf_counter())
            seat._state(view)
            shown.setdefault(view["step"] * 2 + i, time.perf_counter())

        app.client.on_state = timed
    try:
        async with apps[0].run_test(size=(80, 24)) as pilot, apps[1].run_test(size=(80, 24)):
            while not all(a.game_screen is not None for a in apps):
                await pilot.pause(0.005)
            while len(screen_ms) < moves and not table.state.is_terminal():
                step = table.step
                while not all(len(_state(a).history()) == step for a in apps):
                    await asyncio.sleep(0.001)
                mover = table.state.current_player()
                other = apps[1 - mover]
                t0 = time.perf_counter()
                apps[mover].game_screen.ctl.play(_state(apps[mover]).legal_actions()[0]) \
                    if hasattr(apps[mover].game_screen, "ctl") else \
                    apps[mover].game_screen.session.play(_state(apps[mover]).legal_actions()[0])
                while len(_state(other).history()) <= step:
                    await asyncio.sleep(0.0005)
                key = (step + 1) * 2 + (1 - mover)
                screen_ms.append((shown[key] - t0) * 1000)
                raw_ms.append((arrived[key] - t0) * 1000)
    finally:
        await server.close()
    return screen_ms, raw_ms


def _line(name: str, ms: list[float]) -> str:
    p95 = statistics.quantiles(ms, n=20)[-1] if len(ms) >= 2 else ms[0]
    return (f"{name:28} median {statistics.median(ms):7.1f} ms  p95 {p95:7.1f} ms  "
            f"max {max(ms):7.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        screen, raw = asyncio.run(measure(args.variant, args.moves, Path(folder)))
    print(f"{len(screen)} moves of {args.variant} on 127.0.0.1")
    print(_line("to the other screen", screen))
    print(_line("to the other raw message", raw))
    rebuild = [a - b for a, b in zip(screen, raw, strict=True)]
    print(_line("rebuild + redraw (the rest)", rebuild))
    print(f"ratio of medians (screen / raw message): "
          f"{statistics.median(screen) / statistics.median(raw):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
