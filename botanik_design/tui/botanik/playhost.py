"""Where a Botanik board is played: the ``--record`` autosave, another game, a new game.

:class:`BoardHost` is the :class:`~.host.GameHost` a :class:`~.board.BoardScreen`
talks to; it shows its boards through the shared play app
(:meth:`~botanik_design.tui.play.app.PlayApp.show_game`).
"""

from __future__ import annotations

import random
from pathlib import Path

from botanik_design.tui.botanik.board import BoardScreen
from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.play.app import PlayApp, same_file

#: The name the play app knows this game's screens by.
GAME = "botanik"


class BoardHost:
    """Hosts the boards of one play app (``app``): autosaves to its ``record_path``,
    opens loaded and new games; ``opponent``: who plays the other seat."""

    def __init__(self, app: PlayApp, opponent: str) -> None:
        self.app = app
        self.opponent = opponent
        #: The game shown last.
        self.controller: Controller | None = None
        #: Why the last autosave failed ("" when it worked or none was made).
        self.autosave_error = ""
        #: False while ``record_path`` is the record the game was loaded from and no
        #: new move was made: that file is not rewritten before the user plays on.
        self.record_live = True

    @property
    def bot_delay(self) -> float:
        return self.app.bot_delay

    @property
    def record_path(self) -> Path | None:
        return self.app.record_path

    @property
    def board(self) -> object:
        """The board shown, while one is open."""
        return self.app.board

    def switch_game(self, controller: Controller, message: str) -> None:
        """Show a board of ``controller`` (a new, loaded or restarted game)."""
        self.controller = controller
        self.opponent = controller.opponent
        src = controller.source
        record = self.record_path
        self.record_live = not (record is not None and src is not None
                                and same_file(src.path, record))
        if not self.record_live:
            message = (f"{message} · --record is this file: it is rewritten after your "
                       "next move, not before").lstrip(" ·")
        board = BoardScreen(controller, self)
        board.message = message
        self.autosave(controller)
        if self.autosave_error:
            board.message = f"autosave failed: {self.autosave_error} (ctrl+s saves elsewhere)"
            board.warn = True
        self.app.show_game(board, GAME)

    def new_game(self) -> None:
        """Same rules, opponent and record file, a new random seed."""
        assert self.controller is not None
        seed = random.SystemRandom().randrange(1_000_000)
        self.switch_game(Controller(self.controller.rules, seed, self.opponent),
                         f"new game, seed {seed}")

    def autosave(self, controller: Controller, *, moved: bool = False) -> str:
        """Write the record file given with ``--record`` (errors kept in
        :attr:`autosave_error`, never raised).

        ``moved``: a new move was just made.  While the file is the record the
        game was loaded from, nothing is written until then; the first write
        returns a note saying so (else "").
        """
        record = self.record_path
        if record is None:
            return ""
        note = ""
        if not self.record_live:
            if not moved:
                return ""
            self.record_live = True
            note = (f"autosaving to {record} from now on (its description and the "
                    "comments of the moves kept are written back; YAML # comments are not)")
        try:
            controller.save(record)
            self.autosave_error = ""
        except OSError as exc:
            self.autosave_error = f"cannot write {record}: {exc.strerror or exc}"
            return ""
        return note
