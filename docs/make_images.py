"""Make the pictures of the README and the documentation (run from the checkout's root).

``python docs/make_images.py`` writes ``docs/images/play.svg`` (the play screen
at 120x40, Textual's own screenshot export, a seeded game of ``standard`` with
the ``botanik`` set against the greedy bot) and ``docs/images/sheet.png`` (the
first page of ``botanik-design sheet botanik``).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

IMAGES = Path(__file__).resolve().parent / "images"


def play_screen(seed: int = 4, moves: int = 30) -> str:
    """The play screen as SVG after ``moves`` decisions of player 0 (a greedy bot's)."""
    from botanik_design.bots import make_bot
    from botanik_design.tui.botanik.controller import Controller, load_rules
    from botanik_design.tui.play.app import PlayApp

    ctl = Controller(load_rules("botanik", "standard"), seed, "greedy")
    you = make_bot("greedy", seed)
    while not ctl.is_over() and moves > 0:
        if ctl.bot_to_act():
            ctl.bot_move()
        else:
            ctl.play(you.step(ctl.state))
            moves -= 1
    app = PlayApp(Controller(ctl.rules, seed, "greedy", state=ctl.state), bot_delay=0)

    async def shoot() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(500):  # until the bot has answered
                await pilot.pause()
                board = app.board
                if board is None or (not board._bot_busy and not board.ctl.bot_to_act()):
                    break
                await app.workers.wait_for_complete()
            await pilot.press("2", "right")
            await pilot.pause()
            return app.export_screenshot(title="botanik-design play")

    return asyncio.run(shoot())


def sheet_page(dpi: int = 100) -> bytes:
    """The first page of the ``botanik`` print-and-play sheet as PNG."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "sheet.png"
        subprocess.run([sys.executable, "-m", "botanik_design", "sheet", "botanik",
                        "-o", str(out), "--dpi", str(dpi)], check=True)
        first = out if out.exists() else Path(tmp) / "sheet-1.png"
        return first.read_bytes()


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    (IMAGES / "play.svg").write_text(play_screen(), encoding="utf-8")
    (IMAGES / "sheet.png").write_bytes(sheet_page())
    for name in ("play.svg", "sheet.png"):
        print(IMAGES / name, (IMAGES / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
