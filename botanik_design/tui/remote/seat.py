"""One seat of a hosted game as a play screen sees it: where its moves go, where its state
comes from, who is connected.  No textual here, and nothing of any one game.

A game's controller (Botanik's ``Controller``, Hive's ``HiveSession``) plays
locally by default; given a :class:`RemoteSeat` as its *move sink* it sends a
decision to the host instead (:meth:`RemoteSeat.send`) and changes nothing
until the host's next ``state`` arrives: the seat then rebuilds a local view
state from the observation in it, with the function the game's entry names
(``state_from_observation``, from the ``welcome``'s public rules), and hands it
to its :class:`SeatListener` (the play screen).  The host stays the judge: a
refused move comes back as an error (:meth:`SeatListener.seat_error`) and the
screen's state is unchanged.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from botanik_design.games.base import State
from botanik_design.games.entry import GameEntry
from botanik_design.games.registry import entry, resolve

if TYPE_CHECKING:  # the play screens import MoveSink without websockets installed
    from botanik_design.remote.client import Client


class MoveSink(Protocol):
    """Where a seat's decisions go when they are not applied locally."""

    def send(self, action: int) -> None:
        """Hand ``action`` on (the state changes only when the host answers)."""


class SeatListener(Protocol):
    """What a play screen does with the host's messages (on the app's event loop)."""

    def seat_state(self, state: State | None, view: dict[str, Any]) -> None:
        """A new ``state`` message from the host, with its view state (``None`` when the
        game cannot rebuild one: no ``state_from_observation``, or it failed)."""

    def seat_error(self, code: str, message: str) -> None:
        """The host refused something (``code`` from the protocol's error codes)."""

    def seat_status(self, text: str) -> None:
        """The connection changed (``connected``, ``connection lost: reconnecting``)."""


class RemoteSeat:
    """A :class:`~botanik_design.remote.client.Client` with its game's view state (see the
    module docstring).  ``listener`` is set by the screen that shows the seat."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.listener: SeatListener | None = None
        self.state: State | None = None
        self._tasks: set[asyncio.Task[bool]] = set()
        self._last_step = -1
        client.on_state = self._state
        client.on_error = self._error
        client.on_status = self._status

    # -- facts --------------------------------------------------------------------
    @property
    def player(self) -> int | None:
        """The seat's player, ``None`` for the spectator link (read-only)."""
        return self.client.player

    @property
    def read_only(self) -> bool:
        return self.client.player is None

    @property
    def entry(self) -> GameEntry | None:
        """The hosted game's entry (``None`` before the ``welcome`` or for an unknown game)."""
        w = self.client.welcome
        if w is None:
            return None
        try:
            return entry(str(w["game"]))
        except ValueError:
            return None

    def can_rebuild(self) -> bool:
        """Whether the game's entry and the host's rules let the seat build view states."""
        e = self.entry
        w = self.client.welcome
        return (e is not None and e.state_from_observation is not None and w is not None
                and w.get("rules") is not None)

    def view_state(self, view: dict[str, Any]) -> State:
        """The local view state of a ``state`` message (raises what the game's
        ``state_from_observation`` raises for an observation that does not rebuild)."""
        e, w = self.entry, self.client.welcome
        assert e is not None and e.state_from_observation is not None and w is not None
        state: State = resolve(e.state_from_observation)(w["rules"], view["observation"])
        return state

    def name(self, player: int) -> str:
        """``P0 Ann`` (``P0`` before a name is known; a bot's spec for a bot's seat)."""
        view = self.client.view
        names = view["players"] if view is not None else []
        given = names[player] if player < len(names) and names[player] else ""
        return f"P{player} {given}".strip()

    def who_text(self) -> str:
        """Who is connected: ``you: P0 Ann · P1 Bob connected · P1 away · 2 watching``."""
        c = self.client
        view = c.view
        me = "spectator (read-only)" if c.player is None else self.name(c.player)
        parts = [f"you: {me}" + ("" if c.connected else " (reconnecting)")]
        if view is not None:
            for p, up in enumerate(view["connected"]):
                if p != c.player:
                    parts.append(f"{self.name(p)} {'connected' if up else 'away'}")
            if view["spectators"]:
                parts.append(f"{view['spectators']} watching")
        return " · ".join(parts)

    # -- the move sink ------------------------------------------------------------
    def send(self, action: int) -> None:
        """Send ``action`` to the host (on the running event loop); a failure to send is
        reported to the listener as a ``not-sent`` error."""
        task = asyncio.get_running_loop().create_task(self.client.move(action))
        self._tasks.add(task)
        task.add_done_callback(self._sent)

    def note(self, text: str) -> None:
        """Send a play-test note on the current move."""
        task = asyncio.get_running_loop().create_task(self.client.note(text))
        self._tasks.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[bool]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and not task.result():
            self._error("not-sent", "not connected: nothing was sent")

    # -- from the host --------------------------------------------------------------
    def _state(self, view: dict[str, Any]) -> None:
        last, self._last_step = self._last_step, view["step"]
        if self.state is not None and last == view["step"]:
            pass  # no move since the last message (a name, a connection, a note): same state
        elif self.can_rebuild():
            try:
                self.state = self.view_state(view)
            except (ValueError, KeyError, TypeError) as exc:  # say so, keep going
                self._error("view", f"cannot show this position: {exc}")
        if self.listener is not None:
            self.listener.seat_state(self.state, view)

    def _error(self, code: str, message: str) -> None:
        if self.listener is not None:
            self.listener.seat_error(code, message)

    def _status(self, text: str) -> None:
        if self.listener is not None:
            self.listener.seat_status(text)

    def stop_listening(self) -> None:
        self.listener = None


#: What a hosted seat's screen says to undo (the host keeps the one history).
NO_UNDO = "a hosted game has no undo"


def hear(screen: Any, message: str, warn: bool) -> None:
    """Show a host's message on a seat's game screen (``screen.say``); a screen pushed but
    not mounted yet keeps it in ``message`` and ``warn`` for its own on_mount to draw.
    One place for every game's hosted screen."""
    if screen.is_mounted:
        screen.say(message, warn=warn)
    else:
        screen.message, screen.warn = message, warn


def ask_note(seat: RemoteSeat, app: Any, move: int, say: Any) -> None:
    """Ask for a note on move ``move`` and send it to the host (``say(text, warn=...)``:
    the screen's message line); the spectator link is refused.  One place for every
    game's hosted screen."""
    if seat.read_only:
        say("the spectator link cannot write notes", warn=True)
        return
    from botanik_design.tui.widgets.note import NoteScreen

    def keep(text: str | None) -> None:
        if text:
            seat.note(text)
            say(f"note sent on move {move}")

    app.push_screen(NoteScreen(move), keep)
