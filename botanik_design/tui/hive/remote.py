"""The Hive screen for one seat of a hosted game (``botanik-design join``).

The same :class:`~.screen.HiveScreen` as ``play``, on a :class:`~.session.HiveSession`
whose state is rebuilt from every observation the host sends (Hive has perfect
information: :mod:`~botanik_design.games.hive.engine.viewstate` replays its
MoveStrings), so selection, destinations and "cannot move" reasons are the
ones of ``play``.  The seat's moves go to the host through the session's move
sink; its answer, or its refusal, comes back through
:class:`~botanik_design.tui.remote.seat.RemoteSeat`.  The host keeps the record:
undo is not offered and ``n`` sends a note to the host.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from botanik_design.games.base import State
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.tui.hive.screen import HiveScreen
from botanik_design.tui.hive.session import HiveSession
from botanik_design.tui.remote.seat import NO_UNDO, RemoteSeat, ask_note, hear


class RemoteHiveScreen(HiveScreen):
    """The Hive screen of ``seat`` (see the module docstring); the join app hands it the
    seat's messages (:class:`~botanik_design.tui.remote.seat.SeatListener`)."""

    def __init__(self, seat: RemoteSeat, state: HiveState) -> None:
        game = state.get_game()
        session = HiveSession(game, game.variant.name, "human", state)
        session.humans = frozenset() if seat.player is None else frozenset({seat.player})
        session.sink = seat
        super().__init__(session, bot_delay=0)
        self.seat = seat

    # -- from the host ------------------------------------------------------------
    def seat_state(self, state: State | None, view: dict[str, Any]) -> None:
        if not isinstance(state, HiveState):
            return
        s = self.session
        moved = state.history() != s.state.history()
        s.state = state
        s._changed()
        if moved:
            self.selected, self.targets, self.target_index = None, [], 0
            last = state.move_strings()[-1:] if state.move_strings() else []
            self.message, self.warn = (f"played {last[0]}" if last else ""), False
            self.saved_history = tuple(state.history())  # the host has written it
        if not self.is_mounted:  # pushed, not drawn yet: on_mount draws the session
            return
        if moved:
            self.after_change()
        else:
            self.redraw()

    def seat_error(self, code: str, message: str) -> None:
        hear(self, f"host: {message} ({code})", warn=True)

    def seat_status(self, text: str) -> None:
        hear(self, text, warn=text != "connected")

    # -- what differs from play ---------------------------------------------------------
    def status_text(self) -> Text:
        """The play screen's status with whose turn it is and who is connected."""
        text = super().status_text()
        s = self.session
        turn = "" if s.is_over() else (" · your move" if s.human_to_act()
                                       else f" · {self.seat.name(s.to_move)} to move")
        head, _, rest = text.plain.partition("\n")
        out = Text(head + turn, style="bold")
        out.append(" · " + self.seat.who_text(), style="#b0b0b0")
        out.append("\n" + rest, style="bold red" if self.warn else "")
        return out

    def can_act(self) -> bool:
        if self.seat.read_only:
            self.say("the spectator link is read-only", warn=True)
            return False
        if not self.session.is_over() and not self.session.human_to_act():
            self.say(f"wait: it is {self.seat.name(self.session.to_move)}'s turn", warn=True)
            return False
        return super().can_act()

    def play(self, move: str) -> None:
        """The move was sent to the host (the session's sink): wait for its answer."""
        self.selected, self.targets, self.target_index = None, [], 0
        self.say(f"sent {move} to the host…")
        self.redraw()

    def action_undo(self) -> None:
        self.say(NO_UNDO, warn=True)

    def action_note(self) -> None:
        ask_note(self.seat, self.app, len(self.session.state.history()), self.say)


def join_screen(seat: RemoteSeat) -> RemoteHiveScreen:
    """The entry's ``join_screen``: the Hive screen of ``seat`` on its current view state."""
    assert isinstance(seat.state, HiveState)
    return RemoteHiveScreen(seat, seat.state)
