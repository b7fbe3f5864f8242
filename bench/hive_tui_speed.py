"""Hive play app speed: start-up to a drawn board, and each key with 22 pieces on the board.

Usage: ``python bench/hive_tui_speed.py [--keys 40] [--starts 5]``

* Start-up (wall clock in a fresh process, best of ``--starts``), three ways in:
  ``play --variant hive-tournament`` (imports, the command's Hive check, loading the
  variant, the headless app run until the board is drawn), the same through the
  variant form (``play --setup``: the form drawn, Play, the Hive board drawn), and
  ``edit`` on a piece set (to the drawn table).  Baseline in the same run: a minimal
  Textual app with one ``Static`` started the same way.
* Keys: the mean time from a key to its frame (see :func:`key_time`) for each kind,
  in a random-game position with 22 pieces on the board (White to move): ``tab``
  (select the next piece: the engine's reason or destinations, redraw of board,
  hands and status), ``right`` (cycle a destination), ``escape`` + ``up`` (drop
  the selection, move the cursor), a bug letter (take from hand), and a typed
  MoveString played and undone (``:`` ... enter, ``u``: the engine's move, the
  redraw, the undo).  Baseline: a minimal app whose keys redraw one ``Static``
  (Textual's own cost per key).
* The limits of issue 11: start-up under 1 s, a key under 50 ms; the last lines say
  whether each figure is within them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path

from frames import record_frames  # bench/frames.py: the script's folder is on sys.path
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession

ROOT = Path(__file__).resolve().parents[1]
START_LIMIT, KEY_LIMIT = 1.0, 0.050

_TIMER = "import time; t = time.perf_counter()\nimport asyncio\n"
_DONE = "asyncio.run(go())\nprint(time.perf_counter() - t)\n"
START_HIVE = _TIMER + """
from pathlib import Path
from botanik_design.tui.hive.launch import wants_hive
from botanik_design.tui.hive.app import HiveApp
from botanik_design.tui.hive.session import HiveSession
async def go():
    assert wants_hive("hive-tournament", None)
    app = HiveApp(HiveSession.new("hive-tournament", "human"), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.board_widget.size.width > 0
""" + _DONE
START_FORM = _TIMER + """
from botanik_design.tui.play.app import PlayApp
from botanik_design.tui.hive.screen import HiveScreen
async def go():
    app = PlayApp(None, setup=True, bot_delay=0, opponent="human",
                  variant_ref="hive-tournament", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, HiveScreen)
        assert app.screen.board_widget.size.width > 0
""" + _DONE
START_EDIT = _TIMER + f"""
from pathlib import Path
from botanik_design.tui.hive.editor.app import PiecesetApp
from botanik_design.tui.hive.editor.document import PiecesetDocument
async def go():
    doc = PiecesetDocument.open(Path({str(ROOT / "piecesets" / "hive-full.yaml")!r}))
    app = PiecesetApp(doc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.table.row_count == 8
""" + _DONE
START_BASE = _TIMER + """
from textual.app import App
from textual.widgets import Static
class Tiny(App[None]):
    def compose(self):
        yield Static("x")
async def go():
    async with Tiny().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
""" + _DONE


class Tiny(App[None]):
    """The baseline: every key redraws one ``Static`` (Textual's own cost of a key)."""

    def compose(self) -> ComposeResult:
        yield Static("x", id="x")

    def on_key(self, event: events.Key) -> None:
        self.query_one("#x", Static).update(f"{event.key} {time.perf_counter()}")


def start_time(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, cwd=ROOT)
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


async def key_time(app: App[None], keys: list[str], rounds: int) -> float:
    """Mean seconds from a key to its frame, over ``keys`` pressed ``rounds`` times.

    The key is sent as the terminal driver sends it; its frame is the last screen
    update the app composed before it fell idle again (the app's ``_display`` is
    timed: in a terminal it writes that update out).  The pilot's own waiting for
    idleness is not counted.
    """
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        frames = record_frames(app)
        took = []
        for _ in range(rounds):
            for key in keys:
                start = time.perf_counter()
                await app._press_keys([key])
                await pilot.pause()
                after = [f for f in frames if f > start]
                if after:  # a key that changes nothing on screen has no frame
                    took.append(after[-1] - start)
        return sum(took) / max(1, len(took))


def hive_app(state: HiveState) -> HiveApp:
    return HiveApp(HiveSession(state.get_game(), "hive-tournament", "human", state.clone()),
                   bot_delay=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    base_start = start_time(START_BASE, args.starts)
    print(f"start-up of a minimal Textual app: {base_start * 1000:.0f} ms")
    starts = {}
    for what, code in (("play --variant hive-tournament", START_HIVE),
                       ("play --setup, then Play (Hive)", START_FORM),
                       ("edit hive-full.yaml (piece set)", START_EDIT)):
        starts[what] = start_time(code, args.starts)
        print(f"start-up to a drawn screen, {what}: {starts[what] * 1000:.0f} ms "
              f"(ratio to the minimal app {starts[what] / base_start:.2f})")

    state = position()
    on_board = sum(p is not None for p in state.board.pos)
    move = state.action_to_string(state.legal_actions()[0])
    kinds: dict[str, list[str]] = {
        "tab (select next piece)": ["tab"],
        "right (cycle destination)": ["right"],
        "escape + up (cursor)": ["escape", "up"],
        "bug letter (take from hand)": ["escape", "A"],
        f"MoveString {move!r} played and undone": ["colon", *move, "enter", "u"],
    }
    rounds = max(1, args.keys // 2)
    base = asyncio.run(key_time(Tiny(), ["x", "y"], rounds))
    print(f"\nkeys with {on_board} pieces on the board, 120x40 (minimal app: "
          f"{base * 1000:.1f} ms per key):")
    worst = 0.0
    for what, keys in kinds.items():
        per_key = asyncio.run(key_time(hive_app(state), keys, rounds))
        worst = max(worst, per_key)
        print(f"  {what}: {per_key * 1000:.1f} ms per key (ratio {per_key / base:.2f})")
    slowest = max(starts.values())
    print(f"\nlimits: start-up {slowest:.2f} s (< {START_LIMIT:g} s: "
          f"{'yes' if slowest < START_LIMIT else 'NO'}); slowest key {worst * 1000:.1f} ms "
          f"(< {KEY_LIMIT * 1000:.0f} ms: {'yes' if worst < KEY_LIMIT else 'NO'})")


if __name__ == "__main__":
    main()
