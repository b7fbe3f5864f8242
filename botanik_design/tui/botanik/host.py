"""What the board screen needs of the app that hosts it (no import of the app: no loop)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from botanik_design.tui.botanik.controller import Controller


class GameHost(Protocol):
    """The play app, as the board screen sees it."""

    #: Why the last autosave failed ("" when it worked or none was made).
    autosave_error: str
    #: Seconds between two bot moves.
    bot_delay: float
    record_path: Path | None
    opponent: str

    @property
    def board(self) -> object: ...

    def autosave(self, controller: Controller, *, moved: bool = False) -> str: ...

    def switch_game(self, controller: Controller, message: str) -> None: ...

    def new_game(self) -> None: ...
