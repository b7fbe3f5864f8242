"""The Botanik board for one seat of a hosted game (``botanik-design join``).

The same :class:`~.board.BoardScreen` as ``play``, driven by a
:class:`RemoteController`: its state is the seat's view state, rebuilt after
every host message from the observation (:mod:`~botanik_design.games.botanik.engine.viewstate`:
the pile's order is never known here), so the move log, the previews and the
"why not" explanations are the ones of ``play``.  The seat's decisions go to
the host (the controller's move sink); the host's answer, or its refusal, comes
back through :class:`~botanik_design.tui.remote.seat.RemoteSeat`.  The host keeps
the record: undo, save and load are not offered; ``n`` sends a note to the host.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from botanik_design.games.base import State
from botanik_design.games.botanik.engine import GameState
from botanik_design.tui.botanik.board import BoardScreen
from botanik_design.tui.botanik.controller import Controller, Rules
from botanik_design.tui.remote.seat import NO_UNDO, RemoteSeat, ask_note, hear


class RemoteController(Controller):
    """A :class:`Controller` whose state follows the host: ``seat``'s player is the only
    human here (none for the spectator link) and there is no bot and no undo."""

    def __init__(self, seat: RemoteSeat, state: GameState) -> None:
        game = state.get_game()
        rules = Rules(game.tileset, game.variant, game.tileset.name, game.variant.name)
        super().__init__(rules, 0, "human", state=state)
        self.seat = seat
        self.sink = seat
        self.humans = frozenset() if seat.player is None else frozenset({seat.player})
        self._undo.clear()

    def player_name(self, p: int) -> str:
        return "you" if p == self.seat.player else self.seat.name(p)

    def label(self, p: int) -> str:
        return self.seat.name(p) + (" (you)" if p == self.seat.player else "")

    def undo(self) -> bool:
        return False

    def bot_to_act(self) -> bool:
        return False  # a bot in the other seat plays on the host

    def unsaved(self) -> bool:
        return False  # the host writes the record after every move

    def adopt(self, state: GameState) -> list[str] | None:
        """Follow the host's new view state; the new move-log lines, or ``None`` when the
        history is not an extension of the one shown (the whole log is new)."""
        old = list(self.state.history())
        lines = len(self.lines)
        humans, self.humans = self.humans, frozenset()  # no undo here: no undo entries
        self._rebuild(state)
        self.humans = humans
        if list(state.history())[:len(old)] != old:
            return None
        return self.lines[lines:]


class SeatHost:
    """What a seat's board asks of its host (:class:`~.host.GameHost`): the game host
    writes the record, no bot plays on this screen, no other game is opened here."""

    autosave_error = ""
    bot_delay = 0.0
    record_path = None
    opponent = "human"

    def __init__(self) -> None:
        self.screen: object = None

    @property
    def board(self) -> object:
        return self.screen

    def autosave(self, controller: Controller, *, moved: bool = False) -> str:
        return ""

    def switch_game(self, controller: Controller, message: str) -> None:
        """Not offered in a hosted game (the board's load is refused first)."""

    def new_game(self) -> None:
        """Not offered in a hosted game (the summary's new game is refused first)."""


class RemoteBoard(BoardScreen):
    """The board of one seat (see the module docstring); the join app hands it the
    seat's messages (:class:`~botanik_design.tui.remote.seat.SeatListener`)."""

    def __init__(self, seat: RemoteSeat, state: GameState) -> None:
        host = SeatHost()
        super().__init__(RemoteController(seat, state), host)
        host.screen = self
        self.seat = seat
        self.rctl = self.ctl if isinstance(self.ctl, RemoteController) else None

    # -- from the host ------------------------------------------------------------
    def seat_state(self, state: State | None, view: dict[str, Any]) -> None:
        if not isinstance(state, GameState) or self.rctl is None:
            return
        if not self.is_mounted:  # pushed, not drawn yet: on_mount draws from the controller
            self.rctl.adopt(state)
            return
        if state.history() == self.ctl.state.history():
            self.redraw()  # a name, a connection or a note changed: the status line
            return
        lines = self.rctl.adopt(state)
        if lines is None:
            self.rewrite_log()
            lines = []
        self.after_move(lines)

    def seat_error(self, code: str, message: str) -> None:
        hear(self, f"host: {message} ({code})", warn=True)

    def seat_status(self, text: str) -> None:
        hear(self, text, warn=text != "connected")

    # -- what differs from play ---------------------------------------------------------
    def _status(self) -> Text:
        """Round, pile and Meca pawn, whose turn it is, and who is connected."""
        s = self.ctl.state
        if self.ctl.is_over():
            head = f"round {s.round} · game over"
        else:
            turn = "your move" if self.ctl.human_to_act() else \
                f"{self.ctl.label(self.ctl.to_act())} to move"
            head = f"round {s.round} · pile {s.pile_size()} · Meca P{s.meca_holder()} · {turn}"
        return Text(head, style="bold") + Text(" · " + self.seat.who_text(), style="#b0b0b0")

    def play(self, action: int) -> None:
        """Send the decision to the host; the board changes when its answer arrives."""
        if self.seat.read_only:
            self.say("the spectator link is read-only", warn=True)
            return
        self.ctl.play(action)
        self.say("sent to the host…")

    def action_undo(self) -> None:
        self.say(NO_UNDO, warn=True)

    def action_save(self) -> None:
        self.say("the host writes the record after every move", warn=True)

    def action_load(self) -> None:
        self.say("a hosted game cannot load another record", warn=True)

    def action_note(self) -> None:
        ask_note(self.seat, self.app, len(self.ctl.state.history()), self.say)

    def _summary_closed(self, what: str | None) -> None:
        self._summary_shown = False
        if what == "quit":
            self.action_quit()


def join_screen(seat: RemoteSeat) -> RemoteBoard:
    """The entry's ``join_screen``: the board of ``seat`` on its current view state."""
    assert isinstance(seat.state, GameState)
    return RemoteBoard(seat, seat.state)
