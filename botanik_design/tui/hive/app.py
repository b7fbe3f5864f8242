"""The Hive play app (``botanik-design play --variant hive-...``): one :class:`HiveScreen`.

The game itself is :class:`~botanik_design.tui.hive.screen.HiveScreen`, which the
play app also opens after its variant form; this app only shows it and reads back
what tests and the command line need (the session, the selection, the message).
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from botanik_design.tui.hive.help import KEYS, LEGEND
from botanik_design.tui.hive.screen import BUG_KEYS, HiveScreen
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.hive.widgets import EndScreen, HandPanel, HexBoard

__all__ = ["BUG_KEYS", "KEYS", "LEGEND", "EndScreen", "HandPanel", "HexBoard", "HiveApp",
           "HiveScreen"]


class HiveApp(App[None]):
    """Play one Hive game (``session``); ``record_path``: autosave after every move."""

    TITLE = "botanik-design play: Hive"
    #: as in the other apps: every command is a key in the footer (and the palette's
    #: footer entry cut the Hive keys at 80 columns)
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: HiveSession, *, record_path: Path | None = None,
                 bot_delay: float = 0.5) -> None:
        super().__init__()
        self.game_screen = HiveScreen(session, record_path=record_path, bot_delay=bot_delay)

    def on_mount(self) -> None:
        self.push_screen(self.game_screen)

    # what the game screen holds, read through the app
    @property
    def session(self) -> HiveSession:
        return self.game_screen.session

    @property
    def selected(self) -> int | None:
        return self.game_screen.selected

    @property
    def targets(self) -> list[int]:
        return self.game_screen.targets

    @property
    def target_index(self) -> int:
        return self.game_screen.target_index

    @property
    def message(self) -> str:
        return self.game_screen.message

    @property
    def warn(self) -> bool:
        return self.game_screen.warn

    @property
    def bot_busy(self) -> bool:
        return self.game_screen.bot_busy

    @property
    def board_widget(self) -> HexBoard:
        return self.game_screen.board_widget
