"""The play-test app: the variant form, then the chosen game's play screen.

The app knows no game: the form (:class:`~.setup.SetupScreen`) asks the chosen
variant's game (its :class:`~botanik_design.tui.plugins.PlayLauncher`) for an
opening, and the opening shows the game's screen through :meth:`PlayApp.show_game`.
A game's own app (e.g. one that starts on a loaded game) subclasses it with an
``opening`` of its own.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import App
from textual.screen import Screen

from botanik_design.tui.play.setup import SetupScreen
from botanik_design.tui.play.setup_actions import StartGame
from botanik_design.tui.plugins import Opening

__all__ = ["BOT_DELAY", "PlayApp", "same_file"]

#: Seconds between two bot moves (so each one can be seen).
BOT_DELAY = 0.5


class PlayApp(App[None]):
    """``botanik-design play``: one game against a bot or a friend.

    ``opening``: start with this game (see :data:`~botanik_design.tui.plugins.Opening`);
    ``None`` (or ``setup=True``) opens the variant form first.  ``bot_delay``: seconds
    between bot moves (0 in tests).  ``record_path``: the game's record is written there
    after every move.  The other arguments fill the form.
    """

    TITLE = "botanik-design play"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, opening: Opening | None = None, *, setup: bool = False,
                 bot_delay: float = BOT_DELAY, record_path: Path | None = None,
                 opponent: str = "greedy", variant_ref: str = "standard",
                 tileset_ref: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.opening = opening
        self.setup = setup or opening is None
        self.bot_delay = bot_delay
        self.record_path = record_path
        self.opponent = opponent
        self.variant_ref = variant_ref
        self.tileset_ref = tileset_ref
        self.seed = seed
        #: The game's screen last shown (kept after the app exits), and its game's name.
        self.game_screen: Screen[None] | None = None
        self.game: str | None = None

    def on_mount(self) -> None:
        if self.setup:
            self.push_screen(SetupScreen(self.variant_ref, self.tileset_ref, self.opponent,
                                         self.seed, record_path=self.record_path))
        else:
            assert self.opening is not None
            self.opening(self)

    @property
    def board(self) -> Screen[None] | None:
        """The game's screen, while one is open."""
        screen = self.game_screen
        return screen if screen is not None and screen in self.screen_stack else None

    def show_game(self, screen: Screen[None], game: str) -> None:
        """Show ``screen``, the play screen of ``game`` (a game's name), in place of the
        form or of the game shown before."""
        self.game_screen, self.game = screen, game
        self.switch_screen(screen) if len(self.screen_stack) > 1 else self.push_screen(screen)

    @on(StartGame)
    def _form_played(self, event: StartGame) -> None:
        self.opponent = event.opponent
        event.opening(self)

    @on(SetupScreen.Leave)
    def _form_left(self, event: SetupScreen.Leave) -> None:
        if self.board is not None:
            event.form.dismiss(None)
        else:
            self.exit()


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (an existing one, or the same resolved path)."""
    try:
        return a.samefile(b)
    except OSError:
        return a.resolve() == b.resolve()
