"""The play-test app: the variant form, then a board screen driven by a :class:`Controller`.

The app opens games (new, loaded, from the form) and writes the ``--record``
file after every move; the board itself is :class:`~.board.BoardScreen`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App

from botanik_design.tui.botanik.board import BoardScreen
from botanik_design.tui.botanik.controller import Controller, Rules
from botanik_design.tui.botanik.texts import MIN_SIZE
from botanik_design.tui.play.setup import SetupScreen
from botanik_design.tui.play.setup_actions import StartGame, StartHiveGame

__all__ = ["BOT_DELAY", "MIN_SIZE", "BoardScreen", "PlayApp", "same_file"]

#: Seconds between two bot moves (so each one can be seen).
BOT_DELAY = 0.5


class PlayApp(App[None]):
    """``botanik-design play``: one game against a bot or a friend.

    ``controller``: start on the board with this game; ``None`` (or
    ``setup=True``) opens the variant form first.  ``bot_delay``: seconds
    between bot moves (0 in tests).  ``record_path``: the record is written
    there after every move.
    """

    TITLE = "botanik-design play"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, controller: Controller | None = None, *, setup: bool = False,
                 bot_delay: float = BOT_DELAY, record_path: Path | None = None,
                 opponent: str = "greedy", variant_ref: str = "standard",
                 tileset_ref: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.setup = setup or controller is None
        self.bot_delay = bot_delay
        self.record_path = record_path
        self.opponent = controller.opponent if controller is not None else opponent
        self.variant_ref = variant_ref
        self.tileset_ref = tileset_ref
        self.seed = seed
        #: Why the last autosave failed ("" when it worked or none was made).
        self.autosave_error = ""
        #: False while ``record_path`` is the record the game was loaded from and no
        #: new move was made: that file is not rewritten before the user plays on.
        self.record_live = True
        #: The Hive game started from the variant form, if any (a ``HiveSession``).
        self.hive_session: Any = None

    def on_mount(self) -> None:
        if self.setup:
            self.push_screen(SetupScreen(self.variant_ref, self.tileset_ref, self.opponent,
                                         self.seed, record_path=self.record_path))
        else:
            assert self.controller is not None
            self.switch_game(self.controller, "")

    @property
    def board(self) -> BoardScreen | None:
        """The board screen, when a game is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, BoardScreen):
                return screen
        return None

    @on(SetupScreen.Start)
    def _form_played(self, event: StartGame) -> None:
        self.start_game(event.rules, event.seed, event.opponent)

    @on(SetupScreen.StartHive)
    def _form_played_hive(self, event: StartHiveGame) -> None:
        """Open the Hive play screen on the form's game (it autosaves to ``--record``)."""
        from botanik_design.tui.hive.screen import HiveScreen

        self.hive_session = event.session
        screen = HiveScreen(event.session, record_path=self.record_path,
                            bot_delay=self.bot_delay)
        self.switch_screen(screen) if len(self.screen_stack) > 1 else self.push_screen(screen)

    @on(SetupScreen.Leave)
    def _form_left(self, event: SetupScreen.Leave) -> None:
        if self.board is not None:
            event.form.dismiss(None)
        else:
            self.exit()

    def start_game(self, rules: Rules, seed: int, opponent: str) -> None:
        """Start a new game (from the variant form)."""
        self.opponent = opponent
        self.switch_game(Controller(rules, seed, opponent), "")

    def switch_game(self, controller: Controller, message: str) -> None:
        self.controller = controller
        self.opponent = controller.opponent
        src = controller.source
        self.record_live = not (self.record_path is not None and src is not None
                                and same_file(src.path, self.record_path))
        if not self.record_live:
            message = (f"{message} · --record is this file: it is rewritten after your "
                       "next move, not before").lstrip(" ·")
        board = BoardScreen(controller)
        board.message = message
        self.autosave(controller)
        if self.autosave_error:
            board.message = f"autosave failed: {self.autosave_error} (ctrl+s saves elsewhere)"
            board.warn = True
        self.switch_screen(board) if len(self.screen_stack) > 1 else self.push_screen(board)

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
        if self.record_path is None:
            return ""
        note = ""
        if not self.record_live:
            if not moved:
                return ""
            self.record_live = True
            note = (f"autosaving to {self.record_path} from now on (its description and the "
                    "comments of the moves kept are written back; YAML # comments are not)")
        try:
            controller.save(self.record_path)
            self.autosave_error = ""
        except OSError as exc:
            self.autosave_error = f"cannot write {self.record_path}: {exc.strerror or exc}"
            return ""
        return note


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (an existing one, or the same resolved path)."""
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()
