"""Hive play app speed: start-up to a drawn board, and one key with 22 pieces on the board.

Usage: ``python bench/hive_tui_speed.py [--keys 40] [--starts 5]``

* Start-up: import of the app and session, loading ``hive-tournament``, and the
  headless app run until the board has been drawn once (wall clock, best of
  ``--starts``).  Baseline in the same run: a minimal Textual app with one
  ``Static`` started the same way.
* Key: the mean wall time of ``tab`` (select the next piece: engine reason or
  destinations, redraw of board, hands and status) and of ``right`` (cycle a
  destination) in a random-game position with 22 pieces on the board.
  Baseline: the same key presses in the minimal app (Textual's own cost).
* The brief's limits: start-up under 1 s, a key under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import time

from textual.app import App, ComposeResult
from textual.widgets import Static

from botanik_design.games.hive.game import load_hive
from botanik_design.games.hive.state import HiveState
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession

START_HIVE = """
import time; t = time.perf_counter()
import asyncio
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession
async def go():
    app = HiveApp(HiveSession.new("hive-tournament", "human"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board_widget.size.width > 0
asyncio.run(go())
print(time.perf_counter() - t)
"""
START_BASE = """
import time; t = time.perf_counter()
import asyncio
from textual.app import App
from textual.widgets import Static
class Tiny(App[None]):
    def compose(self):
        yield Static("x")
async def go():
    async with Tiny().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
asyncio.run(go())
print(time.perf_counter() - t)
"""


class Tiny(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("x")


def start_time(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return min(times)


def position(pieces: int = 22) -> HiveState:
    game = load_hive("hive-tournament")
    for seed in range(1000):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal() and len(s.board.stacks) < pieces:
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal() and sum(p is not None for p in s.board.pos) >= pieces \
                and s.board.to_move == 0:
            return s
    raise SystemExit("no position with 22 pieces found")


async def key_time(app: App[None], keys: list[str]) -> float:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        for k in keys:
            await pilot.press(k)
        await pilot.pause()
        return (time.perf_counter() - start) / len(keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    base_start = start_time(START_BASE, args.starts)
    hive_start = start_time(START_HIVE, args.starts)
    print(f"start-up: {hive_start * 1000:.0f} ms (minimal Textual app {base_start * 1000:.0f} "
          f"ms; ratio {hive_start / base_start:.2f})")
    state = position()
    game = state.get_game()
    on_board = sum(p is not None for p in state.board.pos)
    keys = ["tab", "right"] * (args.keys // 2)
    base = asyncio.run(key_time(Tiny(), keys))
    hive = asyncio.run(key_time(
        HiveApp(HiveSession(game, "hive-tournament", "human", state), bot_delay=0), keys))
    print(f"key with {on_board} pieces on the board: {hive * 1000:.1f} ms (minimal app "
          f"{base * 1000:.1f} ms; ratio {hive / base:.2f})")


if __name__ == "__main__":
    main()
