"""What the board screen needs of where it is played (no import of the host: no loop)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from botanik_design.tui.botanik.controller import Controller


class GameHost(Protocol):
    """The host of a board (:class:`~.playhost.BoardHost`), as the board screen sees it."""

    #: Why the last autosave failed ("" when it worked or none was made).
    autosave_error: str
    opponent: str

    @property
    def bot_delay(self) -> float:
        """Seconds between two bot moves."""
        ...

    @property
    def record_path(self) -> Path | None: ...

    @property
    def board(self) -> object: ...

    def autosave(self, controller: Controller, *, moved: bool = False) -> str: ...

    def switch_game(self, controller: Controller, message: str) -> None: ...

    def new_game(self) -> None: ...
