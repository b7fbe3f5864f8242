"""The Hive app's help: its keys, how to read a piece, and the rules tab (issue 14 item 1)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text

from botanik_design.games.hive.rulespage import hive_rules_markdown
from botanik_design.tui.widgets.help import KeysHelpScreen
from botanik_design.tui.widgets.note import NoteScreen

#: (keys, what they do) for the help screen.
KEYS: tuple[tuple[str, str], ...] = (
    ("tab / shift+tab", "select your next / previous piece (board and hand)"),
    ("Q S B G A M L P", "take that bug from your hand (upper case)"),
    ("arrows", "move the cursor; with a piece selected: cycle its destinations"),
    ("enter / space", "select the piece under the cursor, or play the selected destination"),
    ("mouse click", "select a piece (board or hand), click a destination to play"),
    (":", "type a UHP MoveString (wA1 -bQ, wB1 wS1, pass)"),
    ("p", "pass (allowed only when no other move is legal)"),
    ("u", "undo (back to your last turn)"),
    ("n", "a play-test note on the current move (kept in the record)"),
    ("escape", "drop the selection"),
    ("shift+arrows / c", "scroll the board / centre it on the hive"),
    ("? · tab", "this help · its rules tab: the rules of the variant being played"),
    ("r", "the rules of this variant (the help's rules tab)"),
    ("q", "quit (asks again when a move is in no file: no --record, or autosave failed)"),
)

LEGEND = Text.assemble(
    ("Pieces: ", "bold"), "colour marker w (White, light) or b (Black, dark), bug letter "
    "(Q Queen, S Spider, B Beetle, G Grasshopper, A Ant, M Mosquito, L Ladybug, P Pillbug), "
    "number; ^n = stack of n pieces; * = the last move's piece, ∙ = the cell it came "
    "from (when empty); blue = destinations of the "
    "selected piece; [ ] = the cursor.",
)


class _Screen(Protocol):
    """What :class:`HiveHelp` needs of the Hive screen."""

    session: Any

    @property
    def app(self) -> Any: ...

    def after_change(self) -> None: ...


class HiveHelp:
    """The help screen of ``screen`` (a :class:`~botanik_design.tui.hive.screen.HiveScreen`:
    ``?``, and ``r`` for its rules tab) and its notes; the board's tab and arrow keys leave
    the help screen alone."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen

    def help(self, start: str = "keys") -> None:
        """The help screen: keys, and a tab with the rules of this game's variant."""
        page = hive_rules_markdown(self.screen.session.game.variant)
        self.screen.app.push_screen(KeysHelpScreen("Hive: keys", KEYS, LEGEND, page, start))

    def note(self) -> None:
        """A play-test note on the current move (the record's ``notes``; autosaved)."""
        screen = self.screen

        def keep(text: str | None) -> None:
            if text:
                screen.session.add_note(text)
                screen.after_change()

        screen.app.push_screen(NoteScreen(len(screen.session.state.history())), keep)

    def allows(self, action: str) -> bool:
        """Over the help screen, tab and the arrows belong to it (keys/rules, scrolling)."""
        return not (action in ("cycle", "arrow")
                    and isinstance(self.screen.app.screen, KeysHelpScreen))
