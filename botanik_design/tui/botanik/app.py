"""The play app on one Botanik game: the shared :class:`~botanik_design.tui.play.app.PlayApp`
opening a board of ``controller`` (``play`` without the form, and the tests)."""

from __future__ import annotations

from pathlib import Path

from botanik_design.tui.botanik.board import BoardScreen
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.playhost import BoardHost
from botanik_design.tui.botanik.texts import MIN_SIZE
from botanik_design.tui.play.app import BOT_DELAY, PlayApp

__all__ = ["MIN_SIZE", "BoardApp", "BoardScreen"]


class BoardApp(PlayApp):
    """Play the game of ``controller``; ``record_path``: autosave after every move."""

    def __init__(self, controller: Controller, *, bot_delay: float = BOT_DELAY,
                 record_path: Path | None = None) -> None:
        super().__init__(self._open, bot_delay=bot_delay, record_path=record_path,
                         opponent=controller.opponent)
        self.host = BoardHost(self, controller.opponent)
        self._first = controller

    def _open(self, app: PlayApp) -> None:
        self.host.switch_game(self._first, "")

    @property
    def controller(self) -> Controller | None:
        """The game shown last."""
        return self.host.controller

    @property
    def autosave_error(self) -> str:
        """Why the last autosave failed ("" when it worked or none was made)."""
        return self.host.autosave_error

    @property
    def board(self) -> BoardScreen | None:
        """The board, while one is open."""
        screen = super().board
        return screen if isinstance(screen, BoardScreen) else None
